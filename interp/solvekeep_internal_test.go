package interp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestKeptSolveLimits checks a kept solve against the solver on matrices
// whose solves relax many more entries than they have cells (near-ties,
// so that the extra work is charged) at every MaxWork around the point
// where the solve stops, with and without a cancelled context: the same
// assignment, the same work charged, the same error.
func TestKeptSolveLimits(t *testing.T) {
	s, err := Compile([]byte(`{"type":"array","items":{"type":"number"}}`), "t.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 23))
	for trial := range 12 {
		n, m := 20+r.IntN(40), 20+r.IntN(40)
		M := make([]float64, n*m)
		for k := range M {
			i, j := k/m, k%m
			M[k] = float64((i+1)*(j+1)) / float64(n*m) // every search goes the whole way
			if trial%3 == 0 {
				M[k] = float64(r.IntN(1000)) / 1000
			}
		}
		// The solve of a derivation, kept.
		c := newCall(context.Background(), s, jsonval.Value{}, jsonval.Value{})
		c.s = &Scorer{schema: s.schema, opts: s.opts, keptMin: 1}
		c.s.opts.Limits.MaxWork = 1 << 40
		c.keeping = true
		want, err := c.solve(nil, M, n, m)
		c.keeping = false
		if err != nil || c.nkept != 1 {
			t.Fatalf("trial %d: kept %d solves, error %v", trial, c.nkept, err)
		}
		relaxed := c.kept[0].relaxed
		if trial%3 != 0 && relaxed/8 <= int64(n*m) {
			t.Fatalf("trial %d: %d relaxations for %d cells: no extra work to check", trial, relaxed, n*m)
		}
		limits := []int64{int64(n * m), relaxed/8 - 1, relaxed / 8, relaxed/8 + 1, 1 << 40}
		for _, limit := range limits {
			for _, start := range []int64{0, int64(n*m) / 2} {
				for _, cancelled := range []bool{false, true} {
					ctx, cancel := context.WithCancel(context.Background())
					if cancelled {
						cancel()
					}
					run := func(keep bool) string {
						c.ctx, c.done = ctx, ctx.Done()
						c.s.opts.Limits.MaxWork = limit
						c.work, c.sinceCheck = start, 0
						saved := c.nkept
						if !keep {
							c.nkept = 0
						}
						a, err := c.solve(nil, M, n, m)
						c.nkept = saved
						return fmt.Sprint(a, err, c.work)
					}
					if got, fresh := run(true), run(false); got != fresh {
						t.Errorf("trial %d MaxWork %d start %d cancelled %v: kept %s, fresh %s", trial, limit, start, cancelled, got, fresh)
					}
					cancel()
				}
			}
		}
		c.ctx, c.done, c.work = context.Background(), nil, 0
		c.s.opts.Limits.MaxWork = 1 << 40
		if a, _ := c.solve(nil, M, n, m); fmt.Sprint(a) != fmt.Sprint(want) {
			t.Errorf("trial %d: kept assignment %v, want %v", trial, a, want)
		}
	}
}
