package interp_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/interp"
)

// TestScoreContextDeadline stops an Org2Graph pair of 500 people, which takes
// over a second to score (bijection derivation, WL refinement and a
// 500-row assignment), 10 ms into the work: the call must end with the
// context's error. How soon it stops is logged, not asserted (a loaded
// machine or the race detector stretches it). The scorer scores correctly afterwards, with a
// workspace that an interrupted call returned to its pool.
func TestScoreContextDeadline(t *testing.T) {
	fam := compileFamily(t, orgGraphFamily(t))
	big := benchOrgGraph(t, fam, 500)
	small := benchOrgGraph(t, fam, 6)
	want, err := small.scorer.Score(small.gold, small.cand)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"score", "align"} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		start := time.Now()
		if mode == "score" {
			_, err = big.scorer.ScoreContext(ctx, big.gold, big.cand)
		} else {
			_, err = big.scorer.AlignContext(ctx, big.gold, big.cand)
		}
		elapsed := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s: err = %v, want one wrapping context.DeadlineExceeded", mode, err)
		}
		var se *interp.ScoreError
		if !errors.As(err, &se) {
			t.Errorf("%s: err %T, want a *interp.ScoreError locating the stop", mode, err)
		}
		t.Logf("%s: stopped after %v (deadline 10ms): %v", mode, elapsed, err)
		got, err := small.scorer.Score(small.gold, small.cand)
		if err != nil || got != want {
			t.Fatalf("after an interrupted call: %v, %v; want %v", got, err, want)
		}
	}
}

// TestScoreContextCancelledBefore checks that a context done before the
// call returns its error at once.
func TestScoreContextCancelledBefore(t *testing.T) {
	c := benchFig1(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.scorer.ScoreContext(ctx, c.gold, c.cand); !errors.Is(err, context.Canceled) {
		t.Errorf("ScoreContext: err = %v, want context.Canceled", err)
	}
	if _, err := c.scorer.AlignContext(ctx, c.gold, c.cand); !errors.Is(err, context.Canceled) {
		t.Errorf("AlignContext: err = %v, want context.Canceled", err)
	}
}

// TestScoreContextLive checks that a cancellable context that is never
// cancelled changes nothing: the same score bits, the same feedback.
func TestScoreContextLive(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fo := feedback.DefaultFeedbackOptions()
	for _, c := range benchCases(t, 50) {
		want, err := c.scorer.Score(c.gold, c.cand)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.scorer.ScoreContext(ctx, c.gold, c.cand)
		if err != nil || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("%s: ScoreContext %v, %v; want %v", c.name, got, err, want)
		}
		res, err := c.scorer.Align(c.gold, c.cand)
		if err != nil {
			t.Fatal(err)
		}
		wantText, _, err := feedback.ForResult(res, interp.RepairOptions{}, fo)
		if err != nil {
			t.Fatal(err)
		}
		res, err = c.scorer.AlignContext(ctx, c.gold, c.cand)
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := feedback.ForResult(res, interp.RepairOptions{}, fo)
		if err != nil || text != wantText || res.Score != want {
			t.Errorf("%s: AlignContext %v %q, %v; want %v %q", c.name, res.Score, text, err, want, wantText)
		}
	}
}

// BenchmarkInterpScoreContext is BenchmarkInterpScore under a cancellable
// context that is never cancelled: the cost of polling it.
func BenchmarkInterpScoreContext(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, c := range benchCases(b, 50) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if _, err := c.scorer.ScoreContext(ctx, c.gold, c.cand); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}
