package interp

import (
	"context"
	"errors"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/hungarian"
)

// TestAlignOneSidedSolver checks what alignOneSided assumes of the solver
// on a 1×0 and a 0×1 problem: one relaxation at any budget it can be
// given, so no error and no work charged beyond the matrix, and an error
// of a done context.
func TestAlignOneSidedSolver(t *testing.T) {
	var s hungarian.Solver
	for _, dims := range [][2]int{{1, 0}, {0, 1}} {
		for _, budget := range []int64{0, align.AssignmentStride - 1, align.AssignmentStride*1000 + align.AssignmentStride - 1} {
			a, relaxed, err := s.SolveMaxBudgetInPlace(context.Background(), nil, dims[0], dims[1], budget)
			if err != nil || relaxed != 1 || len(a) != 1 || a[0] != 0 {
				t.Fatalf("%d×%d at budget %d: %v, %d relaxations, %v", dims[0], dims[1], budget, a, relaxed, err)
			}
			if extra := relaxed/align.AssignmentStride - 0; extra != 0 {
				t.Fatalf("%d×%d: %d units charged beyond the matrix", dims[0], dims[1], extra)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, _, err := s.SolveMaxBudgetInPlace(ctx, nil, dims[0], dims[1], 0); !errors.Is(err, context.Canceled) {
			t.Fatalf("%d×%d under a cancelled context: %v", dims[0], dims[1], err)
		}
	}
}
