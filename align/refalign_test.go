package align

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// literalTieBreak is docs/SCORING.md §7.8's tie_break as written: every
// value sorted, duplicates dropped, the smallest positive gap.
func literalTieBreak(C, Wm []float64, n, m int) []float64 {
	U := slices.Clone(C)
	slices.Sort(U)
	U = slices.Compact(U)
	gap := 1.0
	if len(U) >= 2 {
		gap = math.Inf(1)
		for i := 1; i < len(U); i++ {
			if d := U[i] - U[i-1]; d > 0 && d < gap {
				gap = d
			}
		}
	}
	eps := gap / float64(n*m+1)
	S := make([]float64, n*m)
	for i := range S {
		S[i] = C[i] + float64(eps*Wm[i])
	}
	return S
}

// TestWLTieBreakHand: values 0, 0.25, 0.5 (gap 0.25) on a 2×2 matrix.
func TestWLTieBreakHand(t *testing.T) {
	C := []float64{0.5, 0, 0.25, 0.5}
	Wm := []float64{1, 0, 0, 1}
	S := make([]float64, 4)
	WLTieBreak(S, C, Wm, 2, 2, make([]float64, 4))
	eps := 0.25 / 5
	if want := []float64{0.5 + eps, 0, 0.25, 0.5 + eps}; !slices.Equal(S, want) {
		t.Errorf("WLTieBreak = %v, want %v", S, want)
	}
}

// TestWLTieBreakMatchesLiteral: the hashed distinct values give the
// literal algorithm's matrix bit for bit, on matrices with few and many
// distinct values (the hash set's fallback), ±0, NaN and tiny gaps.
func TestWLTieBreakMatchesLiteral(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 7))
	for trial := range 3000 {
		n, m := 1+r.IntN(40), 1+r.IntN(40)
		if trial%100 == 0 {
			n, m = 300+r.IntN(200), 300+r.IntN(200)
		}
		levels := 1 + r.IntN(1+n*m/(1+r.IntN(8)))
		C := make([]float64, n*m)
		Wm := make([]float64, n*m)
		for i := range C {
			switch k := r.IntN(levels); {
			case k == 0 && r.IntN(50) == 0:
				C[i] = math.Copysign(0, -1)
			case k == 1 && r.IntN(2000) == 0:
				C[i] = math.NaN()
			default:
				C[i] = float64(k) / float64(levels) * (1 + 1e-15*float64(r.IntN(3)))
			}
			Wm[i] = float64(r.IntN(3))
		}
		want := literalTieBreak(C, Wm, n, m)
		got := make([]float64, n*m)
		WLTieBreak(got, C, Wm, n, m, make([]float64, n*m))
		// WLTieBreakEpsilon with a scratch that it must grow: no storage,
		// or a short one.
		var scratch []float64
		if trial%2 == 1 {
			scratch = make([]float64, r.IntN(100))
		}
		eps, _ := WLTieBreakEpsilon(C, n, m, scratch)
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
				t.Fatalf("trial %d (%d×%d, %d levels): cell %d = %v, want %v", trial, n, m, levels, i, got[i], want[i])
			}
			if x := C[i] + float64(eps*Wm[i]); math.Float64bits(x) != math.Float64bits(want[i]) && !(math.IsNaN(x) && math.IsNaN(want[i])) {
				t.Fatalf("trial %d (%d×%d, %d levels): ε %v gives cell %d = %v, want %v", trial, n, m, levels, eps, i, x, want[i])
			}
		}
	}
}

// TestWLTieBreakEpsilonScratch: WLTieBreakEpsilon grows its scratch only
// as far as the distinct values need, and reuses it.
func TestWLTieBreakEpsilonScratch(t *testing.T) {
	n, m := 1000, 900
	C := make([]float64, n*m)
	for i := range C {
		C[i] = float64(i%3001) / 3001
	}
	eps, scratch := WLTieBreakEpsilon(C, n, m, nil)
	if want := (1.0 / 3001) / float64(n*m+1); math.Abs(eps-want) > want*1e-9 {
		t.Errorf("ε = %v, want ≈ %v", eps, want)
	}
	if cap(scratch) >= n*m/4 {
		t.Errorf("3,001 distinct values grew the scratch to %d values (of %d cells)", cap(scratch), n*m)
	}
	if a := testing.AllocsPerRun(5, func() { WLTieBreakEpsilon(C, n, m, scratch) }); a != 0 {
		t.Errorf("WLTieBreakEpsilon with grown scratch allocates %v times", a)
	}
	C[7] = math.NaN() // all values sorted
	if _, scratch = WLTieBreakEpsilon(C, n, m, scratch); cap(scratch) < n*m {
		t.Errorf("with a NaN the scratch has %d values, want all %d", cap(scratch), n*m)
	}
}

// TestWLTieBreakAllocs: no allocation.
func TestWLTieBreakAllocs(t *testing.T) {
	n, m := 200, 200
	C, Wm, S, tmp := make([]float64, n*m), make([]float64, n*m), make([]float64, n*m), make([]float64, n*m)
	for i := range C {
		C[i] = float64(i%97) / 97
	}
	if a := testing.AllocsPerRun(10, func() { WLTieBreak(S, C, Wm, n, m, tmp) }); a != 0 {
		t.Errorf("WLTieBreak allocates %v times", a)
	}
}

func BenchmarkWLTieBreak(b *testing.B) {
	n, m := 500, 490
	r := rand.New(rand.NewPCG(1, 2))
	C, Wm, S, tmp := make([]float64, n*m), make([]float64, n*m), make([]float64, n*m), make([]float64, n*m)
	for i := range C {
		C[i] = float64(r.IntN(3000)) / 3000
	}
	for b.Loop() {
		WLTieBreak(S, C, Wm, n, m, tmp)
	}
}

func BenchmarkWLTieBreakLiteral(b *testing.B) {
	n, m := 500, 490
	r := rand.New(rand.NewPCG(1, 2))
	C, Wm := make([]float64, n*m), make([]float64, n*m)
	for i := range C {
		C[i] = float64(r.IntN(3000)) / 3000
	}
	for b.Loop() {
		literalTieBreak(C, Wm, n, m)
	}
}
