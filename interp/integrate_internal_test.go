package interp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/objectaligner/oagen/align"
)

// TestIntegrateMatchesDense checks integrate, which reads the structural
// matches by colour and returns the record matrix itself when no cell
// moves, against the dense matrices it replaces (align.WLTieBreak on the
// n×m Wm, and the blend formula): bit for bit, on matrices with few and
// many distinct values, ±0, NaN, tiny gaps, colours that match nowhere,
// once or everywhere; and the record matrix is returned as S exactly when
// the dense S has C's bits.
func TestIntegrateMatchesDense(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	lam := 0.25
	aliased, moved := 0, 0
	for trial := range 2000 {
		n, m := 1+r.IntN(30), 1+r.IntN(30)
		if trial%200 == 0 {
			n, m = 200+r.IntN(100), 200+r.IntN(100)
		}
		levels := 1 + r.IntN(1+n*m/(1+r.IntN(8)))
		C := make([]float64, n*m)
		for k := range C {
			switch x := r.IntN(levels); {
			case trial%3 == 0 && r.IntN(40) == 0:
				C[k] = math.Copysign(0, -1)
			case trial%5 == 0 && r.IntN(500) == 0:
				C[k] = math.NaN()
			case trial%7 == 0:
				C[k] = 1 + float64(x)*0x1p-52 // consecutive floats: ε lost in the rounding
			default:
				C[k] = float64(x) / float64(levels)
			}
		}
		colours := 1 + r.IntN(4)
		if trial%4 == 0 {
			colours = n * m // nearly every colour unmatched
		}
		w := wlMatches{row: make([]int, n), col: make([]int, m)}
		for i := range w.row {
			w.row[i] = r.IntN(colours+1) - 1
		}
		for j := range w.col {
			w.col[j] = r.IntN(colours+1) - 1
		}
		Wm := make([]float64, n*m)
		for i := range n {
			for j := range m {
				Wm[i*m+j] = w.at(i, j)
				if c := w.col[j]; (c >= 0 && w.row[i] == c) != (Wm[i*m+j] == 1) {
					t.Fatalf("trial %d: at(%d, %d) = %v", trial, i, j, Wm[i*m+j])
				}
			}
		}
		want := make([]float64, n*m)
		align.WLTieBreak(want, C, Wm, n, m, make([]float64, n*m))
		var ss scopeScratch
		got := integrate(&ss, C, w, n, m, Options{})
		same := true
		for k := range want {
			if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
				t.Fatalf("trial %d (%d×%d): tie_break cell %d = %v, want %v (%x, %x, C %x)", trial, n, m, k, got[k], want[k], math.Float64bits(got[k]), math.Float64bits(want[k]), math.Float64bits(C[k]))
			}
			same = same && math.Float64bits(C[k]) == math.Float64bits(want[k])
		}
		if isC := &got[0] == &C[0]; isC != same {
			t.Fatalf("trial %d (%d×%d): S is C %v, but the dense S has C's bits: %v", trial, n, m, isC, same)
		} else if isC {
			aliased++
		} else {
			moved++
		}
		for k := range want {
			want[k] = float64((1-lam)*C[k]) + float64(lam*Wm[k])
		}
		got = integrate(&ss, C, w, n, m, Options{WLIntegration: "blend", WLBlendLambda: &lam})
		for k := range want {
			if math.Float64bits(got[k]) != math.Float64bits(want[k]) {
				t.Fatalf("trial %d (%d×%d): blend cell %d = %v, want %v", trial, n, m, k, got[k], want[k])
			}
		}
	}
	if aliased < 100 || moved < 100 {
		t.Errorf("S was C in %d trials and moved in %d: want both cases often", aliased, moved)
	}
}
