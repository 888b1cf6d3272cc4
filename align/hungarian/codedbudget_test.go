package hungarian

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSolveMaxCodedBudget checks SolveMaxCodedBudget against
// SolveMaxBudgetInPlace of the decoded matrix with its columns in the
// order given (formed): the same assignment, count of relaxations and
// budget error, at no bound, at the count and just below it, and a done
// context stops it before its first augmentation.
func TestSolveMaxCodedBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 37))
	var s, ref Solver
	negZero := math.Copysign(0, -1)
	ctx := context.Background()
	for i := range 600 {
		n, m := 1+r.IntN(13), 1+r.IntN(13)
		var values [256]float64
		levels := []float64{0, negZero, 0.5, 1, 0.25, 0.75}[:1+r.IntN(6)]
		base := r.IntN(256 - len(levels) + 1)
		copy(values[base:], levels)
		codes := make([]uint8, n*m)
		for k := range codes {
			codes[k] = uint8(base + r.IntN(len(levels)))
		}
		var order []int
		if i%2 == 1 {
			order = r.Perm(m)
		}
		// P is the decoded matrix with its columns in the order order.
		P := make([]float64, n*m)
		for row := range n {
			for c := range m {
				j := c
				if order != nil {
					j = order[c]
				}
				P[row*m+c] = values[codes[row*m+j]]
			}
		}
		want, relaxed, err := ref.SolveMaxBudgetInPlace(ctx, P, n, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		want = slices.Clone(want)
		for r, c := range want {
			if order != nil && c < m {
				want[r] = order[c]
			}
		}
		for _, budget := range []int64{0, relaxed, relaxed - 1} {
			got, count, err := s.SolveMaxCodedBudget(ctx, codes, &values, n, m, order, budget)
			if budget > 0 && budget < relaxed {
				if !errors.Is(err, ErrBudget) {
					t.Fatalf("%d×%d budget %d below the count %d: %v, want ErrBudget", n, m, budget, relaxed, err)
				}
				continue
			}
			if err != nil || count != relaxed || !slices.Equal(got, want) {
				t.Fatalf("%d×%d order %v budget %d: %v (%d relaxations), %v; want %v (%d)", n, m, order, budget, got, count, err, want, relaxed)
			}
		}
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	var values [256]float64
	values[1] = 1
	if _, _, err := s.SolveMaxCodedBudget(done, []uint8{1, 0, 0, 1}, &values, 2, 2, nil, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("done context: %v, want context.Canceled", err)
	}
}
