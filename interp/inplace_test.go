package interp_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// sameAlignment aligns the pair with both scorers and reports how the
// results differ: the error text, the score bit for bit, the match tree
// (pairs, scores, confidences), the bijections or the feedback.
func sameAlignment(fast, slow *interp.Scorer, gold, cand jsonval.Value) string {
	r1, err1 := fast.Align(gold, cand)
	r0, err0 := slow.Align(gold, cand)
	if (err0 == nil) != (err1 == nil) || (err0 != nil && err0.Error() != err1.Error()) {
		return fmt.Sprintf("Align: error %v, want %v", err1, err0)
	}
	if err0 != nil {
		return ""
	}
	if math.Float64bits(r0.Score) != math.Float64bits(r1.Score) {
		return fmt.Sprintf("Align: score %v, want %v", r1.Score, r0.Score)
	}
	var t0, t1 strings.Builder
	dumpMatch(&t0, r0.Match, 64)
	dumpMatch(&t1, r1.Match, 64)
	if t0.String() != t1.String() || fmt.Sprint(r0.Bijections) != fmt.Sprint(r1.Bijections) {
		return "Align: the match trees or the bijections differ"
	}
	fo := feedback.DefaultFeedbackOptions()
	f1, _, e1 := feedback.ForResult(r1, interp.RepairOptions{}, fo)
	f0, _, e0 := feedback.ForResult(r0, interp.RepairOptions{}, fo)
	if fmt.Sprint(f0, e0) != fmt.Sprint(f1, e1) {
		return "Align: the feedback differs"
	}
	return ""
}

// TestRecordsInPlace checks the main pass's reading of a derivation's
// record matrix where it is (solveRecords) against the copy of it in the
// candidates' order: on the benchmark graphs (whose person matrices hold
// equal columns the two canonical orders put in different places) and
// on the referential families, in both profiles, with and without
// confidences, at the default limits and at a MaxWork that stops the pair
// part-way: the same scores bit for bit, errors, pairs and feedback. It
// also checks that the benchmark graphs take the path at all.
func TestRecordsInPlace(t *testing.T) {
	t.Parallel()
	variants := func(s *interp.Scorer, work int64, hits *atomic.Int64) [][2]*interp.Scorer {
		var out [][2]*interp.Scorer
		for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
			for _, conf := range []bool{false, true} {
				f, err := interp.New(s.Schema(), interp.Options{Compat: compat, ComputeConfidence: conf, Limits: interp.Limits{MaxWork: work}})
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, [2]*interp.Scorer{interp.CopiedRecords(f, false, hits), interp.CopiedRecords(f, true, nil)})
			}
		}
		return out
	}
	check := func(s *interp.Scorer, gold, cand jsonval.Value, work int64, hits *atomic.Int64) string {
		for _, v := range variants(s, work, hits) {
			if msg := sameOutcome(v[0], v[1], gold, cand); msg != "" {
				return msg
			}
			if msg := sameAlignment(v[0], v[1], gold, cand); msg != "" {
				return msg
			}
		}
		return ""
	}
	fam := compileFamily(t, orgGraphFamily(t))
	for _, n := range []int{6, 50, 200} {
		c := benchOrgGraph(t, fam, n)
		var hits atomic.Int64
		for _, work := range []int64{0, 60_000} {
			if msg := check(c.scorer, c.gold, c.cand, work, &hits); msg != "" {
				t.Errorf("org2graph-%d MaxWork %d: %s", n, work, msg)
			}
		}
		if n >= 50 && hits.Load() == 0 {
			t.Errorf("org2graph-%d: no record matrix read in place", n)
		}
	}

	fams := allFamilies(t)
	props := gopter.NewProperties(propParams(t, propCases()/4))
	props.Property("a record matrix read in place scores as its copy", prop.ForAll(
		func(seed uint64, fi, size, mi int, tight bool) string {
			r := rand.New(rand.NewPCG(seed, 29))
			fam := fams[fi]
			g := fam.gen(r, size, genMode(mi%4))
			c := g.clone()
			freeDamage(r, fam, c)
			gold := fam.render(g)
			cand := permuteAligned(fam.sch.Root, fam.render(c), r)
			cand = newRelabelling(fam.sch, cand, r).apply(cand)
			work := int64(0)
			if tight {
				work = 1 + int64(r.IntN(400))
			}
			if msg := check(fam.scorer, gold, cand, work, nil); msg != "" {
				return fmt.Sprintf("MaxWork %d: %s\n%s", work, msg, caseText(fam, gold, cand))
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 9), gen.IntRange(0, 7), gen.Bool(),
	))
	runProps(t, props)
}

// TestCodedLinkTables checks the link tables held as codes (coded.go)
// against the float tables: every matrix that can be coded held as codes
// (CodedMin 1) against none, on the benchmark graphs and the referential
// families, in both profiles, with and without confidences, at the
// default limits and at a MaxWork that stops the pair part-way, in the
// link tables' rows or in their solves included: the same scores bit for
// bit, errors, pairs and feedback.
func TestCodedLinkTables(t *testing.T) {
	t.Parallel()
	check := func(s *interp.Scorer, gold, cand jsonval.Value, work int64) string {
		for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
			for _, conf := range []bool{false, true} {
				f, err := interp.New(s.Schema(), interp.Options{Compat: compat, ComputeConfidence: conf, Limits: interp.Limits{MaxWork: work}})
				if err != nil {
					t.Fatal(err)
				}
				coded, float := interp.CodedMin(f, 1), interp.CodedMin(f, math.MaxInt)
				if msg := sameOutcome(coded, float, gold, cand); msg != "" {
					return fmt.Sprintf("%v: %s", compat, msg)
				}
				if msg := sameAlignment(coded, float, gold, cand); msg != "" {
					return fmt.Sprintf("%v confidences %v: %s", compat, conf, msg)
				}
			}
		}
		return ""
	}
	fam := compileFamily(t, orgGraphFamily(t))
	for _, n := range []int{6, 50, 200} {
		c := benchOrgGraph(t, fam, n)
		for _, work := range []int64{0, 5_000, 60_000, 200_000} {
			if msg := check(c.scorer, c.gold, c.cand, work); msg != "" {
				t.Errorf("org2graph-%d MaxWork %d: %s", n, work, msg)
			}
		}
	}

	fams := allFamilies(t)
	props := gopter.NewProperties(propParams(t, propCases()/4))
	props.Property("a coded link table scores as the float one", prop.ForAll(
		func(seed uint64, fi, size, mi int, tight bool) string {
			r := rand.New(rand.NewPCG(seed, 31))
			fam := fams[fi]
			g := fam.gen(r, size, genMode(mi%4))
			c := g.clone()
			freeDamage(r, fam, c)
			gold := fam.render(g)
			cand := permuteAligned(fam.sch.Root, fam.render(c), r)
			cand = newRelabelling(fam.sch, cand, r).apply(cand)
			work := int64(0)
			if tight {
				work = 1 + int64(r.IntN(400))
			}
			if msg := check(fam.scorer, gold, cand, work); msg != "" {
				return fmt.Sprintf("MaxWork %d: %s\n%s", work, msg, caseText(fam, gold, cand))
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 9), gen.IntRange(0, 7), gen.Bool(),
	))
	runProps(t, props)
}
