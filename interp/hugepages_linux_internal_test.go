//go:build linux

package interp

import (
	"math"
	"testing"
)

// TestHugeRange: the advised range is whole huge pages inside the storage,
// and covers all of it but the partial pages at its two ends.
func TestHugeRange(t *testing.T) {
	for _, p := range []uintptr{0, 8, hugePage - 8, hugePage, hugePage + 4096, 7*hugePage + 123*8} {
		for _, size := range []uintptr{0, 8, hugePage, 2*hugePage - 8, 2 * hugePage, 2*hugePage + 8, 5*hugePage + 4096, 64 * hugePage} {
			lo, hi := hugeRange(p, size)
			if hi <= lo {
				if size >= 3*hugePage {
					t.Errorf("p %#x size %#x: nothing advised", p, size)
				}
				continue
			}
			if lo%hugePage != 0 || hi%hugePage != 0 || lo < p || hi > p+size {
				t.Errorf("p %#x size %#x: [%#x, %#x) is not whole huge pages inside the storage", p, size, lo, hi)
			}
			if lo-p >= hugePage || p+size-hi >= hugePage {
				t.Errorf("p %#x size %#x: [%#x, %#x) leaves a whole huge page out", p, size, lo, hi)
			}
		}
	}
}

// TestAdviseHuge: the advice changes no value of a matrix, new or written,
// whatever its size and offset.
func TestAdviseHuge(t *testing.T) {
	for _, n := range []int{0, 1, 1 << 10, 1<<19 - 3, 1 << 19, 3<<19 + 5} {
		s := make([]float64, n)
		adviseHuge(s)
		for i := range s {
			s[i] = float64(i)
		}
		adviseHuge(s[min(len(s), 7):])
		for i, x := range s {
			if x != float64(i) {
				t.Fatalf("n %d: cell %d = %v after the advice", n, i, x)
			}
		}
		if n > 0 && math.Float64bits(s[0]) != 0 {
			t.Fatalf("n %d: cell 0 = %v", n, s[0])
		}
	}
}
