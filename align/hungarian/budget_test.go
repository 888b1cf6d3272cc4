package hungarian

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSolveMaxBudgetHand pins the relaxation count on hand-checked cases:
// a 1×1 problem scans its one column once; a 2×2 identity scans 2 columns
// for the first row and 2 for the second (its first scan finds the free
// column at once).
func TestSolveMaxBudgetHand(t *testing.T) {
	var s Solver
	for _, tc := range []struct {
		m          []float64
		n, cols    int
		wantRelax  int64
		wantAssign []int
	}{
		{[]float64{0.5}, 1, 1, 1, []int{0}},
		{[]float64{1, 0, 0, 1}, 2, 2, 4, []int{0, 1}},
		// Row 1 wants row 0's column: its search scans 2 columns, then
		// 1 more through row 0, and keeps row 0 where it was (both
		// assignments sum to 1).
		{[]float64{1, 0, 1, 0}, 2, 2, 5, []int{0, 1}},
	} {
		a, relaxed, err := s.SolveMaxBudget(context.Background(), tc.m, tc.n, tc.cols, 0)
		if err != nil || relaxed != tc.wantRelax || !slices.Equal(a, tc.wantAssign) {
			t.Errorf("SolveMaxBudget(%v) = %v, %d, %v; want %v, %d", tc.m, a, relaxed, err, tc.wantAssign, tc.wantRelax)
		}
	}
}

// TestSolveMaxBudgetProperty: on random matrices (square, lopsided, with
// ties) the count is at most d(d+1)(2d+1)/6 (align.AssignmentWork), does not depend on the budget, a
// budget of exactly the count gives SolveMax's assignment, and one less
// gives ErrBudget with the workspace still usable.
func TestSolveMaxBudgetProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 23))
	var s, ref Solver
	for range 400 {
		n, m := 1+r.IntN(12), 1+r.IntN(12)
		levels := []float64{0, 0.5, 1}
		M := randomMatrix(r, n, m, levels[:1+r.IntN(3)])
		want := slices.Clone(solveMax(t, &ref, M, n, m))
		_, relaxed, err := s.SolveMaxBudget(context.Background(), M, n, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		d := int64(max(n, m))
		if relaxed < d || relaxed > d*(d+1)*(2*d+1)/6 {
			t.Fatalf("%d×%d: %d relaxations, outside [d, d(d+1)(2d+1)/6]", n, m, relaxed)
		}
		a, again, err := s.SolveMaxBudget(context.Background(), M, n, m, relaxed)
		if err != nil || again != relaxed || !slices.Equal(a, want) {
			t.Fatalf("%d×%d: budget %d: %v, %d, %v; want %v", n, m, relaxed, a, again, err, want)
		}
		if _, _, err := s.SolveMaxBudget(context.Background(), M, n, m, relaxed-1); relaxed > 1 && !errors.Is(err, ErrBudget) {
			t.Fatalf("%d×%d: budget %d below the count %d: err %v, want ErrBudget", n, m, relaxed-1, relaxed, err)
		}
		if a, err := s.SolveMax(M, n, m); err != nil || !slices.Equal(a, want) {
			t.Fatalf("%d×%d: SolveMax after a stopped solve: %v, %v; want %v", n, m, a, err, want)
		}
	}
}
