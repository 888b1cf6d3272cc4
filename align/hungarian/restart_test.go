package hungarian

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRestartedSearchesMatchLiteral checks the searches that start from
// "remaining" as the search before them left it, its swap-removes undone
// (lsapMin's restart, rem.restore): the float solve with a column order
// and the coded solve, on one Solver through matrices of changing shapes
// (padding rows and padding columns, tie-heavy levels, zeros of both
// signs) and stopped solves in between, give the assignment of the
// literal transcription of docs/SCORING.md §5.8 run on the permuted
// matrix. The copying solve is TestMatchesLiteralTranscription's.
func TestRestartedSearchesMatchLiteral(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	var s Solver
	negZero := math.Copysign(0, -1)
	for i := range 1500 {
		n, m := 1+r.IntN(24), 1+r.IntN(24)
		if i%50 == 0 {
			n, m = 40+r.IntN(40), 40+r.IntN(40)
		}
		levels := []float64{0, negZero, 0.25, 0.5, 1, 1.0 / 3, 2.0 / 3}[:1+r.IntN(7)]
		codes := make([]uint8, n*m)
		M := make([]float64, n*m)
		for k := range codes {
			x := r.IntN(len(levels))
			codes[k] = uint8(x)
			M[k] = levels[x]
		}
		var values [256]float64
		copy(values[:], levels)
		order := r.Perm(m)
		P := make([][]float64, n)
		for row := range n {
			P[row] = make([]float64, m)
			for c := range m {
				P[row][c] = M[row*m+order[c]]
			}
		}
		lit := literalLSAPMax(P, n, m)
		want := make([]int, len(lit))
		for row, c := range lit {
			want[row] = c
			if c < m {
				want[row] = order[c]
			}
		}
		got, err := s.SolveMaxColumnsInPlace(M, n, m, order)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%d: %d×%d float, levels %v, order %v: %v, %v; want %v", i, n, m, levels, order, got, err, want)
		}
		got, err = s.SolveMaxCodedColumns(codes, &values, n, m, order)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%d: %d×%d coded, levels %v, order %v: %v, %v; want %v", i, n, m, levels, order, got, err, want)
		}
		if i%7 == 3 {
			// A solve stopped part-way leaves rem as it was then; the
			// next solve must not start from it.
			_, relaxed, err := s.SolveMaxCodedBudget(context.Background(), codes, &values, n, m, order, 0)
			if err != nil {
				t.Fatal(err)
			}
			if relaxed > 1 {
				_, _, err := s.SolveMaxCodedBudget(context.Background(), codes, &values, n, m, order, 1+r.Int64N(relaxed-1))
				if !errors.Is(err, ErrBudget) {
					t.Fatalf("%d: %d×%d: a budget below %d relaxations: %v, want ErrBudget", i, n, m, relaxed, err)
				}
			}
		}
	}
}
