package hungarian

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestSolveMaxContextDone checks that a done context stops the solver with
// ctx.Err() and leaves the workspace usable.
func TestSolveMaxContextDone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const n = 300
	m := make([]float64, n*n)
	for k := range m {
		m[k] = r.Float64()
	}
	var s Solver
	want := slices.Clone(solveMax(t, &s, m, n, n))

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.SolveMaxContext(ctx, m, n, n); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: err = %v, want context.Canceled", err)
	}
	live, stop := context.WithCancel(context.Background())
	defer stop()
	got, err := s.SolveMaxContext(live, m, n, n)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatal("assignment after an interrupted solve differs from SolveMax's")
	}
}

// TestSolveMaxContextDeadline interrupts a solve that takes far longer than
// its deadline (about 0.25 s on a 2-CPU EPYC, more under the race
// detector): the solve must end with the context's error instead of an
// assignment. How soon it stops is logged, not asserted (a loaded machine
// or the race detector stretches it); docs/PERFORMANCE.md records it.
func TestSolveMaxContextDeadline(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 2000
	m := make([]float64, n*n)
	for k := range m {
		m[k] = r.Float64()
	}
	var s Solver
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := s.SolveMaxContext(ctx, m, n, n)
	elapsed := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
	t.Logf("stopped after %v (deadline 10ms)", elapsed)
}
