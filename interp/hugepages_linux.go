//go:build linux

package interp

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms Go
// runs Linux on with 4 KiB base pages (x86-64, arm64).
const hugePage = 2 << 20

// adviseHuge asks the kernel to back the whole 2 MiB pages inside the
// storage of s, a new large matrix not written yet, with transparent huge
// pages (madvise MADV_HUGEPAGE), so that its first writes fault once per
// 2 MiB instead of once per 4 KiB: on a virtual machine that first touch is
// most of what a process's first large call costs (docs/PERFORMANCE.md,
// "Large documents", fifth round). It is advice only: where the kernel
// has no such pages (or THP is off) nothing changes, and the values of s
// never do.
func adviseHuge(s []float64) {
	base := unsafe.Pointer(unsafe.SliceData(s))
	lo, hi := hugeRange(uintptr(base), uintptr(cap(s))*8)
	if hi <= lo {
		return
	}
	// An error (EINVAL without THP support) leaves the storage as it was.
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(base, lo-uintptr(base))), hi-lo), syscall.MADV_HUGEPAGE)
}

// hugeRange returns the whole huge pages [lo, hi) inside the size bytes
// at p; empty (hi <= lo) below two huge pages, which is too small to
// matter.
func hugeRange(p, size uintptr) (lo, hi uintptr) {
	if size < 2*hugePage {
		return 0, 0
	}
	return (p + hugePage - 1) &^ (hugePage - 1), (p + size) &^ (hugePage - 1)
}
