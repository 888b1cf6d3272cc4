package wl

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestRefineContext checks that a done context stops the refinement before
// its first round with ctx.Err(), that a live context gives Refine's
// colours, and that the workspace is usable after an interrupted run.
func TestRefineContext(t *testing.T) {
	gold, cand, _, _ := orgChart()
	var ws Workspace
	wantG, wantC := Refine(gold, cand, -1, &ws)
	wantG, wantC = slices.Clone(wantG), slices.Clone(wantC)

	done, cancel := context.WithCancel(context.Background())
	cancel()
	if g, c, err := RefineContext(done, gold, cand, -1, &ws); !errors.Is(err, context.Canceled) || g != nil || c != nil {
		t.Fatalf("cancelled context: %v %v %v, want no colours and context.Canceled", g, c, err)
	}
	live, stop := context.WithCancel(context.Background())
	defer stop()
	g, c, err := RefineContext(live, gold, cand, -1, &ws)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g, wantG) || !slices.Equal(c, wantC) {
		t.Fatalf("live context: %v %v, want %v %v", g, c, wantG, wantC)
	}
	// Round limit 0 runs no round, so there is nothing to interrupt.
	if _, _, err := RefineContext(done, gold, cand, 0, &ws); err != nil {
		t.Fatalf("no rounds: %v", err)
	}
}
