//go:build !purego

package hungarian

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useSIMD reports whether relaxBlocks runs the AVX2 kernel.
var useSIMD = cpu.X86.HasAVX2

// relaxBlocks relaxes the entries of cols (a multiple of 4 of them; vs, shs
// and paths as long) through row, four at a time, as remaining.scan relaxes
// one, and stops after the block holding the first entry whose shortest
// value is below thr[0], returning its position as stop (len(cols) if there
// is none). Before stop, the entries that pass the replacement test are
// free columns whose value equals lowest (below thr[1], not below thr[0]);
// tie is the last of them, or -1.
func relaxBlocks(cols []uint32, vs, shs []float64, paths []int32, row []float64, minVal, ui float64, i int32, thr [2]float64) (stop, tie int) {
	n := len(cols)
	if n == 0 || len(vs) < n || len(shs) < n || len(paths) < n || n%4 != 0 {
		panic("hungarian: relaxBlocks: bad lengths")
	}
	return relaxAVX2(&cols[0], &vs[0], &shs[0], &paths[0], n, unsafe.SliceData(row), len(row), minVal, ui, i, thr[0], thr[1])
}

// relaxAVX2 is relaxBlocks in AVX2 (scan_amd64.s); rowLen is below 2³¹.
//
//go:noescape
func relaxAVX2(cols *uint32, v, sh *float64, path *int32, n int, row *float64, rowLen int, minVal, ui float64, i int32, thr0, thr1 float64) (stop, tie int)

// prefetchRowOf asks the cache for row's lines, all of them at once, before
// a scan reads them in the order of "remaining".
func prefetchRowOf(row []float64) {
	if len(row) > 0 {
		prefetchRow(&row[0], len(row))
	}
}

// prefetchRow is prefetchRowOf in assembly (scan_amd64.s).
//
//go:noescape
func prefetchRow(row *float64, n int)
