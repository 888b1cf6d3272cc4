package interp_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestPropertyKeptSolves checks the derivations' kept solves (solvekeep.go)
// against fresh solves: on the referential families and on damaged
// Org2Graph pairs, in both profiles, at MaxWork values that stop the pair
// part-way (inside a solve among them) and with a cancelled context, a
// scorer that keeps every solve and one that keeps none give the same
// score bit for bit, the same error word for word, and the same feedback
// (Align). The kept solves must answer some solves, or the property
// checked nothing, and no kept matrix (the derivation's own storage, not
// a copy) may be written after its solve.
func TestPropertyKeptSolves(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	org := compileFamily(t, orgGraphFamily(t))
	var hits, stale atomic.Int64
	props := gopter.NewProperties(propParams(t, propCases()/4))
	props.Property("a kept solve answers as the solver", prop.ForAll(
		func(seed uint64, fi, size, mi int, tight, compat bool) string {
			r := rand.New(rand.NewPCG(seed, 2325))
			var s *interp.Scorer
			var gold, cand jsonval.Value
			if fi < len(fams) {
				fam := fams[fi]
				g := fam.gen(r, size, genMode(mi%4))
				c := g.clone()
				freeDamage(r, fam, c)
				gold = fam.render(g)
				cand = permuteAligned(fam.sch.Root, fam.render(c), r)
				cand = newRelabelling(fam.sch, cand, r).apply(cand)
				s = fam.scorer
			} else {
				c := benchOrgGraph(t, org, 3*size)
				s, gold, cand = c.scorer, c.gold, c.cand
			}
			opts := interp.Options{Validation: interp.ValidationReport}
			if compat {
				opts.Compat = interp.CompatReference
			}
			if tight {
				opts.Limits.MaxWork = 1 + int64(r.IntN(40_000))
			}
			base, err := interp.New(s.Schema(), opts)
			if err != nil {
				return err.Error()
			}
			keep, fresh := interp.KeptSolveMin(base, 1, &hits, &stale), interp.KeptSolveMin(base, math.MaxInt, nil, nil)
			if msg := sameOutcome(keep, fresh, gold, cand); msg != "" {
				return fmt.Sprintf("MaxWork %d: %s\n  gold %s\n  cand %s", opts.Limits.MaxWork, msg, jsonText(gold), jsonText(cand))
			}
			r1, err1 := keep.Align(gold, cand)
			r0, err0 := fresh.Align(gold, cand)
			if fmt.Sprint(err0) != fmt.Sprint(err1) {
				return fmt.Sprintf("Align: kept %v, fresh %v", err1, err0)
			}
			if err0 == nil {
				fo := feedback.DefaultFeedbackOptions()
				f1, _, e1 := feedback.ForResult(r1, interp.RepairOptions{}, fo)
				f0, _, e0 := feedback.ForResult(r0, interp.RepairOptions{}, fo)
				if math.Float64bits(r0.Score) != math.Float64bits(r1.Score) || fmt.Sprint(f0, e0, r0.Bijections) != fmt.Sprint(f1, e1, r1.Bijections) {
					return fmt.Sprintf("Align: kept %v, fresh %v", r1.Score, r0.Score)
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			s1, e1 := keep.ScoreContext(ctx, gold, cand)
			s0, e0 := fresh.ScoreContext(ctx, gold, cand)
			if math.Float64bits(s0) != math.Float64bits(s1) || fmt.Sprint(e0) != fmt.Sprint(e1) {
				return fmt.Sprintf("cancelled: kept %v %v, fresh %v %v", s1, e1, s0, e0)
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)+2), gen.IntRange(2, 9), gen.IntRange(0, 7), gen.Bool(), gen.Bool(),
	))
	runProps(t, props)
	if hits.Load() == 0 {
		t.Error("no solve was answered from a kept one")
	}
	if n := stale.Load(); n > 0 {
		t.Errorf("%d kept matrices were written after their solve (solvekeep.go keeps them, not copies)", n)
	}
	t.Logf("%d solves answered from kept ones", hits.Load())
}
