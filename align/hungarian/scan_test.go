package hungarian

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
)

// TestScanPaths compares the vectorised scan (where the platform has one)
// with the portable one and with the literal transcription of
// docs/SCORING.md §5.8 on random matrices of up to 90×90, most of them
// lopsided (padding columns or rows) and tie-heavy: the assignments, the
// relaxation counts and the duals must agree bit for bit.
func TestScanPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	negZero := math.Copysign(0, -1)
	levelSets := [][]float64{
		tieLevels,
		{0, 1},
		{0, negZero, 0.5, 1},
		{negZero, 0.25, 0.75},
		{-1, 0, 0.5, 2},
		{0, 1e-300, 5e-324, 1},
		nil, // uniform in [0, 1)
	}
	var fast, slow Solver
	slow.scalar = true
	check := func(n, m int, levels []float64) {
		t.Helper()
		flat := randomMatrix(rng, n, m, levels)
		got, gotWork, err := fast.SolveMaxBudget(context.Background(), flat, n, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		got = slices.Clone(got)
		want, wantWork, err := slow.SolveMaxBudget(context.Background(), flat, n, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) || gotWork != wantWork {
			t.Fatalf("%d×%d %v: vectorised %v (%d relaxed), portable %v (%d relaxed)", n, m, levels, got, gotWork, want, wantWork)
		}
		d := max(n, m)
		if !SameBits(fast.u[:d], slow.u[:d]) || !SameBits(fast.v[:d], slow.v[:d]) {
			t.Fatalf("%d×%d %v: duals differ: u %v/%v, v %v/%v", n, m, levels, fast.u[:d], slow.u[:d], fast.v[:d], slow.v[:d])
		}
		if lit := literalLSAPMax(toRows(flat, n, m), n, m); !slices.Equal(got, lit) {
			t.Fatalf("%d×%d %v: got %v, literal transcription %v", n, m, levels, got, lit)
		}
	}
	for range longtest.Count(300, 1500, 6000) {
		levels := levelSets[rng.IntN(len(levelSets))]
		switch rng.IntN(4) {
		case 0:
			check(1+rng.IntN(12), 1+rng.IntN(12), levels)
		case 1:
			n := 4 + rng.IntN(60)
			check(n, n, levels)
		default:
			check(1+rng.IntN(90), 1+rng.IntN(90), levels)
		}
	}
}

// TestScanNonFinite: entries near ±MaxFloat64 make the searches overflow;
// both scans must then fail alike (errNonFinite) or agree.
func TestScanNonFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var fast, slow Solver
	slow.scalar = true
	levels := []float64{0, math.MaxFloat64, -math.MaxFloat64, 1}
	failed := 0
	for range 500 {
		n, m := 1+rng.IntN(20), 1+rng.IntN(20)
		flat := randomMatrix(rng, n, m, levels)
		got, err1 := fast.SolveMax(flat, n, m)
		got = slices.Clone(got)
		want, err2 := slow.SolveMax(flat, n, m)
		if (err1 == nil) != (err2 == nil) || !slices.Equal(got, want) {
			t.Fatalf("%d×%d %v: vectorised %v, %v; portable %v, %v", n, m, flat, got, err1, want, err2)
		}
		if err1 != nil {
			failed++
		}
	}
	if failed == 0 || failed == 500 {
		t.Errorf("%d of 500 solves failed; want some of each", failed)
	}
}

// TestNextUp compares nextUp with math.Nextafter towards +inf.
func TestNextUp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	xs := []float64{0, math.Copysign(0, -1), 5e-324, -5e-324, 1, -1, math.MaxFloat64, -math.MaxFloat64, math.Inf(-1), 0.1, -0.1}
	for range 1000 {
		xs = append(xs, math.Float64frombits(rng.Uint64()))
	}
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 1) {
			continue
		}
		if got, want := nextUp(x), math.Nextafter(x, math.Inf(1)); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("nextUp(%v) = %v, want %v", x, got, want)
		}
	}
}
