package interp_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

// TestPropertyRepaired checks the invariants of package repair on random
// schemas (schemagen_test.go, referential ones included), random gold values
// and damaged candidates, in both profiles:
//
//   - the repaired candidate (every operation of Result.Edits applied)
//     scores at least what the gold written in the candidate's identifiers
//     (Result.CandidateSpaceGold) scores: 1.0 but where the gold itself
//     cannot score 1 (rounding of the weighted sums, undeclared gold
//     members), and possibly more (an ignoreMissing list does not ask for
//     every gold element);
//   - except where the bijection derived for the repaired candidate is not
//     the one its fixes were written with (Result.CandidateIDs): records
//     the scorer cannot tell apart (equal in every weighted member and in
//     their reference structure as 1-WL sees it, or whose similarity cannot
//     be computed while the bijection is derived, docs/SCORING.md §7.5) are
//     paired by record order, and the repaired candidate keeps the
//     candidate's order (docs/SCORING.md §8.12);
//   - evanphx/json-patch applying the patch to the candidate gives the
//     repaired candidate.
//
// 400 random schemas (100 under -short), two candidates each, in both
// profiles; OAGEN_LONG=1 runs ten times as many.
func TestPropertyRepaired(t *testing.T) {
	t.Parallel()
	cases := 400
	if testing.Short() {
		cases = 100
	}
	props := gopter.NewProperties(propParams(t, profileCases(cases)))
	var pairs, belowOne, repairedOtherwise int
	props.Property("the repaired candidate scores what the gold scores", prop.ForAll(
		func(seed uint64, depth int) string {
			r := rand.New(rand.NewPCG(seed, 11))
			sg := &schemaGen{r: r}
			root, lay := sg.root(depth)
			schemaJSON := jsonval.AppendJSON(nil, root.json())
			vg := &valueGen{r: r}
			gold := vg.gold(root, lay)
			cands := []jsonval.Value{vg.damage(root, gold, 0.15), vg.damage(root, gold, 0.4)}
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				opts := interp.Options{Compat: compat}
				s, err := interp.Compile(schemaJSON, "random.json", opts)
				if err != nil {
					return "compile: " + err.Error() + "\n  schema: " + string(schemaJSON)
				}
				for _, cand := range cands {
					where := fmt.Sprintf("\n  profile %q\n  schema: %s\n  gold: %s\n  cand: %s", compat, schemaJSON, jsonText(gold), jsonText(cand))
					res, err := s.Align(gold, cand)
					if err != nil {
						return "align: " + err.Error() + where
					}
					edits := res.Edits()
					repaired, err := repair.Apply(cand, edits)
					if err != nil {
						return "apply: " + err.Error() + where
					}
					where += "\n  repaired: " + jsonText(repaired)
					if msg := patchAgrees(cand, edits, repaired); msg != "" {
						return msg + where
					}
					got, err := s.Score(gold, repaired)
					if err != nil {
						return "scoring the repaired candidate: " + err.Error() + where
					}
					want, err := s.Score(gold, res.CandidateSpaceGold())
					if err != nil {
						return "scoring the gold in the candidate's identifiers: " + err.Error() + where
					}
					pairs++
					if want < 1 {
						belowOne++
					}
					if got >= want {
						continue
					}
					if again, err := s.Align(gold, repaired); err == nil && !sameIDs(again.Bijections, res.CandidateIDs()) {
						repairedOtherwise++
						continue
					}
					return fmt.Sprintf("the repaired candidate scores %.17g, the gold in the candidate's identifiers %.17g%s", got, want, where)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 4),
	))
	runProps(t, props)
	t.Logf("%d repaired pairs: %d under a gold that cannot score 1; %d below it where the bijection derived for the repaired candidate is not the one its fixes were written with", pairs, belowOne, repairedOtherwise)
}

// sameIDs reports whether the bijections derived for the repaired candidate
// map every gold id to the identifier the repair wrote for it.
func sameIDs(derived, written []interp.Bijection) bool {
	if len(derived) != len(written) {
		return false
	}
	for i := range derived {
		d, w := derived[i].Pairs, written[i].Pairs
		if len(d) != len(w) {
			return false
		}
		for k := range d {
			if !jsonval.Equal(d[k].Gold, w[k].Gold) || d[k].HasCandidate != w[k].HasCandidate || !jsonval.Equal(d[k].Candidate, w[k].Candidate) {
				return false
			}
		}
	}
	return true
}

// patchAgrees applies the patch of edits to cand with evanphx/json-patch
// and reports how the result differs from repaired ("" when it does not).
// The library patches objects and arrays only, so the document is wrapped as
// {"doc": cand}, every path prefixed with /doc.
func patchAgrees(cand jsonval.Value, edits []align.Op, repaired jsonval.Value) string {
	p, err := repair.NewPatch(cand, edits)
	if err != nil {
		return "patch: " + err.Error()
	}
	wrapped := make(repair.Patch, len(p))
	for i, o := range p {
		o.Path = "/doc" + o.Path
		wrapped[i] = o
	}
	jp, err := jsonpatch.DecodePatch(wrapped.AppendJSON(nil))
	if err != nil {
		return "decoding the patch: " + err.Error()
	}
	doc := jsonval.NewObject([]jsonval.Member{{Key: "doc", Value: cand}})
	out, err := jp.Apply(jsonval.AppendJSON(nil, doc))
	if err != nil {
		return fmt.Sprintf("applying the patch: %v\n  patch: %s", err, p.AppendJSON(nil))
	}
	got, err := jsonval.Decode(out, jsonval.DecodeOptions{})
	if err != nil {
		return "the patched document: " + err.Error()
	}
	if d, _ := got.Get("doc"); !jsonval.Equal(d, repaired) {
		return fmt.Sprintf("the patch gives %s\n  patch: %s", jsonText(d), p.AppendJSON(nil))
	}
	return ""
}
