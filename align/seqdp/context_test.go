package seqdp

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAlignContext checks that a done context stops the DP before its first
// row with ctx.Err(), that a live context gives Align's result, and that the
// workspace is usable after an interrupted run.
func TestAlignContext(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const n, m = 40, 30
	scores := make([]float64, n*m)
	for k := range scores {
		scores[k] = r.Float64()
	}
	var w Workspace
	wantTotal, steps, err := w.Align(scores, n, m)
	if err != nil {
		t.Fatal(err)
	}
	wantSteps := slices.Clone(steps)

	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := w.AlignContext(done, scores, n, m); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: err = %v, want context.Canceled", err)
	}
	live, stop := context.WithCancel(context.Background())
	defer stop()
	total, steps, err := w.AlignContext(live, scores, n, m)
	if err != nil {
		t.Fatal(err)
	}
	if total != wantTotal || !slices.Equal(steps, wantSteps) {
		t.Fatalf("live context: %v %v, want %v %v", total, steps, wantTotal, wantSteps)
	}
}
