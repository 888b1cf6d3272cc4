package interp_test

// Property tests of the interpreter (gopter):
//
//   (a) relabelling invariance of referential alignment (docs/SCORING.md §7),
//   (b) permutation invariance of order: "align" lists under a precondition
//       that makes the optimal assignments unique (docs/SCORING.md §5.2, §5.8),
//   (c) a candidate equal to the gold up to relabelling (and permutation)
//       scores exactly 1.0, also when only structure pins the bijection
//       (docs/SCORING.md §7.6–7.8),
//   (d) the sum identity of docs/SCORING.md §8.5 on random schemas (schemagen_test.go)
//       and on the conformance vectors.
//
// The relabelling, permutation and copy properties run 1,000 cases, 100
// under -short and 10,000 in the long set (OAGEN_LONG=1, internal/longtest);
// the sum identity a quarter of that; all a tenth under the race detector.
// The seed is fixed (internal/proptest: OAGEN_PROP_SEED replays or explores).
// Every failure message carries the schema family, the gold and the
// candidate as JSON, which is a reproduction.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// propCases is the number of cases of the relabelling, permutation and copy
// properties: 100 under -short, 1,000 by default, 10,000 in the long set.
func propCases() int { return longtest.Count(100, 1000, 10_000) }

// propParams returns the gopter parameters of a property of cases cases (a
// tenth under the race detector), with the project's seed policy.
func propParams(t *testing.T, cases int) *gopter.TestParameters {
	if raceEnabled {
		cases = max(1, cases/10)
	}
	p := proptest.Parameters(t)
	p.MinSuccessfulTests = cases
	p.MaxShrinkCount = 0 // inputs are seeds: shrinking them means nothing
	return p
}

func runProps(t *testing.T, props *gopter.Properties) {
	t.Helper()
	reporter := gopter.NewFormatedReporter(true, 160, os.Stdout)
	if !props.Run(reporter) {
		t.Error("property failed (see the report above)")
	}
}

func caseText(fam *family, gold, cand jsonval.Value) string {
	return fmt.Sprintf("family %s\n  gold: %s\n  cand: %s", fam.name, jsonText(gold), jsonText(cand))
}

// bijectionImage reports whether res1's bijections are res0's with every
// candidate id renamed by rl (and gold ids unchanged).
func bijectionImage(res0, res1 *interp.Result, rl *relabelling) string {
	if len(res0.Bijections) != len(res1.Bijections) {
		return "different number of scopes"
	}
	for si := range res0.Bijections {
		b0, b1 := res0.Bijections[si], res1.Bijections[si]
		if len(b0.Pairs) != len(b1.Pairs) || len(b0.Excess) != len(b1.Excess) {
			return fmt.Sprintf("scope %s: bijection shapes differ", b0.Scope)
		}
		for k := range b0.Pairs {
			p0, p1 := b0.Pairs[k], b1.Pairs[k]
			if !jsonval.Equal(p0.Gold, p1.Gold) || p0.HasCandidate != p1.HasCandidate ||
				(p0.HasCandidate && !jsonval.Equal(rl.fresh(si, p0.Candidate), p1.Candidate)) {
				return fmt.Sprintf("scope %s: π(%s) = %s before, %s after relabelling", b0.Scope,
					jsonText(p0.Gold), jsonText(p0.Candidate), jsonText(p1.Candidate))
			}
		}
		for k := range b0.Excess {
			if !jsonval.Equal(rl.fresh(si, b0.Excess[k]), b1.Excess[k]) {
				return fmt.Sprintf("scope %s: excess ids differ", b0.Scope)
			}
		}
	}
	return ""
}

// TestPropertyRelabelling is property (a): identifiers only matter through
// equality, so relabelling every identifier of the candidate (or of the
// gold, or of both) bijectively with fresh values of the same JSON type, and
// rewriting the references with it, never changes the score — exactly, not
// up to rounding, because no cost matrix or WL partition sees an
// identifier's value. The one tie rule that does (docs/SCORING.md §7.13,
// rule 3) orders candidate twins by their identifiers, and where the search
// of docs/SCORING.md §7.12 is not exhaustive its local optimum can follow that order: a
// renaming of a pair in which rule 3 decided an order may move the score
// (counted and logged, as docs/SCORING.md §7.13 documents); every other renaming must not,
// and renaming the gold as well must give the renamed candidate's score
// exactly. The candidates are arbitrary damages of the gold (dangling
// references, duplicate ids, deleted and inserted records,
// integer-form/float-form flips of number ids), and the fresh values are
// often a permutation of the old ones. With positional ties the score is
// unchanged and the candidate-side bijections must be the old ones renamed.
func TestPropertyRelabelling(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	var idTies atomic.Int64
	probes := make([]*interp.Scorer, len(fams))
	for i, fam := range fams {
		probes[i] = interp.WithIdentifierTieProbe(fam.scorer, &idTies)
	}
	var byID, byIDMoved atomic.Int64
	var firstMoved atomic.Value
	props := gopter.NewProperties(propParams(t, propCases()))
	props.Property("relabelling ids never changes the score", prop.ForAll(
		func(seed uint64, fi, size, mi int) string {
			r := rand.New(rand.NewPCG(seed, 1))
			fam := fams[fi]
			mode := genMode(mi)
			if (mode == modeTwins || mode == modeTwinsAuto) && len(fam.twinModes) < 2 {
				mode = modeTwins
			}
			g := fam.gen(r, size, mode)
			c := g.clone()
			freeDamage(r, fam, c)
			gold := fam.render(g)
			cand := flipNumberKinds(fam.sch, permuteAligned(fam.sch.Root, fam.render(c), r), r)
			rc := newRelabelling(fam.sch, cand, r)
			rg := newRelabelling(fam.sch, gold, r)
			candR, goldR := rc.apply(cand), rg.apply(gold)

			probe := probes[fi]
			// Only this test's probes count into idTies, and gopter runs
			// the cases one after another: its growth over these two
			// calls is theirs.
			t0 := idTies.Load()
			s0, err := probe.Score(gold, cand)
			if err != nil {
				return "score: " + err.Error() + "\n" + caseText(fam, gold, cand)
			}
			s1, err := probe.Score(gold, candR)
			if err != nil {
				return "score relabelled: " + err.Error() + "\n" + caseText(fam, gold, candR)
			}
			decided := idTies.Load() > t0
			if decided {
				byID.Add(1)
			}
			if s1 != s0 {
				if !decided {
					return fmt.Sprintf("candidate relabelling: score %v, was %v (no order decided by identifiers)\n%s\n  relabelled cand: %s",
						s1, s0, caseText(fam, gold, cand), jsonText(candR))
				}
				if byIDMoved.Add(1) == 1 {
					firstMoved.Store(fmt.Sprintf("score %v, was %v\n%s", s1, s0, caseText(fam, gold, cand)))
				}
			}
			// Without the canonical rules no tie looks at an identifier:
			// the score is the same and the bijections are the old ones
			// renamed.
			plain := interp.WithoutCanon(fam.scorer, true)
			p0, err0 := plain.Align(gold, cand)
			p1, err1 := plain.Align(gold, candR)
			if err0 == nil && err1 == nil {
				if p1.Score != p0.Score {
					return fmt.Sprintf("positional ties: candidate relabelling: score %v, was %v\n%s\n  relabelled cand: %s",
						p1.Score, p0.Score, caseText(fam, gold, cand), jsonText(candR))
				}
				if msg := bijectionImage(p0, p1, rc); msg != "" {
					return "positional ties: " + msg + "\n" + caseText(fam, gold, cand) + "\n  relabelled cand: " + jsonText(candR)
				}
			}
			// The gold's identifiers enter no tie rule: renaming them too
			// gives the renamed candidate's score exactly.
			s, err := fam.scorer.Score(goldR, candR)
			if err != nil {
				return "score: " + err.Error() + "\n" + caseText(fam, goldR, candR)
			}
			if s != s1 {
				return fmt.Sprintf("gold relabelling: score %v, was %v\n%s\n  original: %s",
					s, s1, caseText(fam, goldR, candR), caseText(fam, gold, candR))
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 7), gen.IntRange(0, 3),
	))
	runProps(t, props)
	t.Logf("%d pairs with an order decided by identifiers alone (docs/SCORING.md §7.13, rule 3); the renaming moved the score of %d", byID.Load(), byIDMoved.Load())
	if ex, ok := firstMoved.Load().(string); ok {
		t.Logf("the first: %s", ex)
	}
}

// TestPropertyPermutation is property (b): permuting the records of
// order: "align" lists, on either side and at every depth, leaves the score
// unchanged up to summation order (1e-12).
//
// This is not true unconditionally. Permuting candidate records permutes the
// columns of every assignment matrix (record costs of a scope, the lists of
// the main pass); when several assignments are optimal the solver of docs/SCORING.md
// §5.8 picks one by position, and the pick changes the reported pairs, the
// bijection (and so every reference score) and even the score, because the
// number of strictly positive pairs enters the denominator (0.5 + 0.5 over
// two pairs and 1.0 + 0 over one pair tie in the numerator but not in the
// score). Precondition used here (modeDistinct + pinnedDamage): in every
// assignment matrix each row (or each column) has its strict maximum at its
// true counterpart, all in distinct columns (rows). Then the true pairing is
// the unique optimum with a margin of at least one gap of the cost values,
// which also exceeds the total WL tie-break bonus of docs/SCORING.md §7.8 (< gap), so
// the bijections and all pairings are the same whatever the order:
//
//   - records of id tables carry a dominant attribute (a name made of code
//     points no other record uses: every string comparator scores 0 across
//     records) whose weight exceeds that of all other members together, so
//     a record scores strictly higher with its counterpart than with any
//     other record, whatever the references do; attributes are only damaged
//     in ways that keep this (family.pinnedAttr);
//   - link rows are unique by content, and the candidate either only loses
//     records (shrink: every candidate link row keeps its perfect, unique
//     gold counterpart, column-wise maximum) or only gains records (grow:
//     every gold link row keeps its perfect counterpart, row-wise maximum),
//     never both, since a gold record without counterpart and a candidate
//     record without counterpart could then be paired in several ways.
//
// The test also measures (without asserting) how often an unconstrained
// damage (modeFree) changes the score under permutation, which is allowed.
func TestPropertyPermutation(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	props := gopter.NewProperties(propParams(t, propCases()))
	var exact, within, freeCases, freeChanged int
	props.Property("permuting align lists never changes a pinned score", prop.ForAll(
		func(seed uint64, fi, size, kind int) string {
			r := rand.New(rand.NewPCG(seed, 2))
			fam := fams[fi]
			g := fam.gen(r, size, modeDistinct)
			c := g.clone()
			pinnedDamage(r, fam, c, kind == 1, kind == 2, r.IntN(3))
			gold, cand := fam.render(g), fam.render(c)
			if r.IntN(2) == 0 {
				cand = newRelabelling(fam.sch, cand, r).apply(cand)
			}
			s0, err := fam.scorer.Score(gold, cand)
			if err != nil {
				return "score: " + err.Error() + "\n" + caseText(fam, gold, cand)
			}
			candP := permuteAligned(fam.sch.Root, cand, r)
			goldP := permuteAligned(fam.sch.Root, gold, r)
			for _, pair := range [][2]jsonval.Value{{gold, candP}, {goldP, candP}} {
				s, err := fam.scorer.Score(pair[0], pair[1])
				if err != nil {
					return "score: " + err.Error() + "\n" + caseText(fam, pair[0], pair[1])
				}
				if math.Abs(s-s0) > 1e-12 {
					return fmt.Sprintf("permutation changed the score: %v, was %v\n  permuted: %s\n  original: %s",
						s, s0, caseText(fam, pair[0], pair[1]), caseText(fam, gold, cand))
				}
				if s == s0 {
					exact++
				} else {
					within++
				}
			}
			// Unconstrained damage: count, do not assert.
			if seed%4 == 0 {
				gf := fam.gen(r, size, modeFree)
				cf := gf.clone()
				freeDamage(r, fam, cf)
				gj, cj := fam.render(gf), fam.render(cf)
				a, errA := fam.scorer.Score(gj, cj)
				b, errB := fam.scorer.Score(gj, permuteAligned(fam.sch.Root, cj, r))
				if errA == nil && errB == nil {
					freeCases++
					if math.Abs(a-b) > 1e-12 {
						freeChanged++
					}
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 7), gen.IntRange(0, 2),
	))
	runProps(t, props)
	t.Logf("pinned permutations: %d bit-identical, %d within 1e-12; unconstrained damage: %d of %d permutations changed the score (allowed by docs/SCORING.md §5.8)",
		exact, within, freeChanged, freeCases)
}

// TestPropertyRelabelledCopy is property (c): a candidate that is the gold
// with its identifiers relabelled and its align lists permuted scores
// exactly 1.0 and has no repair operation, in three kinds of graphs:
//
//   - modeDistinct: every record is told apart by its properties, so the
//     record costs alone pin the bijection;
//   - modeTwins: every record of a scope is a property twin of every other,
//     and the structure is built so that 1-WL gives each record its own
//     colour (distinct numbers of outgoing acquaintance edges, employees,
//     mentees, link-hub memberships, led projects); the tie-break bonus of
//     docs/SCORING.md §7.8 then selects the one assignment that keeps all colours,
//     which is the relabelling itself;
//   - modeTwinsAuto: twins as above plus sets of genuinely interchangeable
//     leaf twins (same attributes, attached to the same anchor in the same
//     way and to nothing else); 1-WL cannot and need not separate them:
//     any choice among them composes to an automorphism, so the score is
//     still 1.0 although the bijection may differ from the relabelling.
//
// This is not a claim about arbitrary graphs: 1-WL does not separate every
// pair of non-automorphic twins (regular structures), and even automorphic
// twins picked independently per vertex can give a non-isomorphic
// bijection when their choices interact. The test measures (without
// asserting) how often modeFree graphs, full of property twins with random
// structure, fall short of 1.0.
//
// For the first two kinds the bijection must equal the relabelling.
//
// The exactness of 1.0 also depends on the member weights in the reference
// profile: docs/SCORING.md §6.5 sums (w_i/W)·1, and for weights such as {1, 4, 1, 1}
// that sum is 0.9999999999999998 although every member matches (the
// default profile scores such a match exactly 1: TestIdenticalIsOne).
// The schemas here use weights whose normalised sums are exact for every
// set of members a record can have. This matters beyond the last digit:
// when the record costs of a scope hold two distinct values one ulp apart
// (1 for records with one set of members, 0.9999999999999998 for records
// with another), the tie-break bonus ε = gap/(nm+1) of docs/SCORING.md §7.8 is below
// half an ulp of the costs, C + ε rounds back to C, and the structural
// tie-break is lost: the bijection among twins then follows record order.
func TestPropertyRelabelledCopy(t *testing.T) {
	t.Parallel()
	fams := allFamilies(t)
	props := gopter.NewProperties(propParams(t, propCases()))
	var freeCases, freeBelow int
	props.Property("a relabelled, permuted copy scores exactly 1", prop.ForAll(
		func(seed uint64, fi, size, mi int) string {
			r := rand.New(rand.NewPCG(seed, 3))
			fam := fams[fi]
			modes := append([]genMode{modeDistinct}, fam.twinModes...)
			mode := modes[mi%len(modes)]
			gold := fam.render(fam.gen(r, size, mode))
			perm := permuteAligned(fam.sch.Root, gold, r)
			rl := newRelabelling(fam.sch, perm, r)
			cand := rl.apply(perm)
			res, err := fam.scorer.Align(gold, cand)
			if err != nil {
				return "align: " + err.Error() + "\n" + caseText(fam, gold, cand)
			}
			if res.Score != 1 {
				return fmt.Sprintf("mode %s: score %v, want exactly 1\n%s", mode, res.Score, caseText(fam, gold, cand))
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				return "repair: " + err.Error()
			}
			if len(ops) != 0 {
				return fmt.Sprintf("mode %s: score 1 but %d repair operations (first %s %s)\n%s", mode, len(ops), ops[0].Kind, ops[0].Path, caseText(fam, gold, cand))
			}
			if mode != modeTwinsAuto {
				for si, b := range res.Bijections {
					for _, p := range b.Pairs {
						if !p.HasCandidate || !jsonval.Equal(p.Candidate, rl.fresh(si, p.Gold)) {
							return fmt.Sprintf("mode %s: scope %s maps %s to %s, want %s\n%s", mode, b.Scope,
								jsonText(p.Gold), jsonText(p.Candidate), jsonText(rl.fresh(si, p.Gold)), caseText(fam, gold, cand))
						}
					}
				}
			}
			// Random graphs with property twins: count, do not assert.
			if seed%4 == 0 {
				gf := fam.render(fam.gen(r, size, modeFree))
				pf := permuteAligned(fam.sch.Root, gf, r)
				cf := newRelabelling(fam.sch, pf, r).apply(pf)
				if s, err := fam.scorer.Score(gf, cf); err == nil {
					freeCases++
					if s != 1 {
						freeBelow++
					}
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, len(fams)-1), gen.IntRange(2, 7), gen.IntRange(0, 5),
	))
	runProps(t, props)
	t.Logf("random graphs with property twins (modeFree): %d of %d relabelled, permuted copies scored below 1 (1-WL limits, docs/SCORING.md §7.6)", freeBelow, freeCases)
}

// TestIdenticalIsOne pins docs/SCORING.md §6.5's arithmetic on a case where the
// normalised shares round: the reference profile sums the rounded shares, so
// identical values score just below 1 there (as the reference does); the
// default profile gives a perfect match exactly 1.
func TestIdenticalIsOne(t *testing.T) {
	schema := `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer","valueWeight":4},"c":{"type":"integer"},"d":{"type":"integer"}}}`
	v := mustDecode(t, `{"a":1,"b":2,"c":3,"d":4}`)
	for _, tc := range []struct {
		compat interp.Compat
		want   float64
	}{{interp.CompatDefault, 1}, {interp.CompatReference, 0.9999999999999998}} {
		s := mustScorer(t, schema, interp.Options{Compat: tc.compat})
		got, err := s.Score(v, v)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%q profile: score %v, want %v (docs/SCORING.md §6.5 arithmetic)", tc.compat, got, tc.want)
		}
	}
}

// opsSum adds the deltas of ops with the compensated sum docs/SCORING.md §10.2 uses for
// totalDelta.
func opsSum(ops []align.Op) float64 {
	ds := make([]float64, len(ops))
	for i, o := range ops {
		ds[i] = o.Delta
	}
	return align.NeumaierSum(ds)
}

func opsText(ops []align.Op) string {
	var b strings.Builder
	for _, o := range ops {
		fmt.Fprintf(&b, "\n    %s %s %q Δ=%.17g", o.Op, o.Kind, o.Path, o.Delta)
	}
	return b.String()
}

// TestPropertySumIdentity is property (d), docs/SCORING.md §8.5: at granularity leaf
// the deltas of all repair operations add up to 1 − score (to 1e-9), on
// random schemas covering every scoring keyword (schemagen_test.go), random
// gold values and damaged candidates, referential ones included. Every
// delta is finite and non-negative. A candidate that fails validation scores
// 0 with no operation; the identity does not apply to it. One whose root
// kind differs from the gold's has one operation, Δ 1 (the identity holds).
func TestPropertySumIdentity(t *testing.T) {
	t.Parallel()
	props := gopter.NewProperties(propParams(t, propCases()/4))
	var pairs, invalid, nops int
	props.Property("Σ Δ = 1 − score at granularity leaf", prop.ForAll(
		func(seed uint64, depth int) string {
			r := rand.New(rand.NewPCG(seed, 4))
			sg := &schemaGen{r: r}
			root, lay := sg.root(depth)
			schemaJSON := jsonval.AppendJSON(nil, root.json())
			s, err := interp.Compile(schemaJSON, "random.json", interp.Options{})
			if err != nil {
				return "compile: " + err.Error() + "\n  schema: " + string(schemaJSON)
			}
			vg := &valueGen{r: r}
			gold := vg.gold(root, lay)
			for k := range 4 {
				cand := gold
				if k > 0 {
					cand = vg.damage(root, gold, 0.12*float64(k))
				}
				where := fmt.Sprintf("\n  schema: %s\n  gold: %s\n  cand: %s", schemaJSON, jsonText(gold), jsonText(cand))
				res, err := s.Align(gold, cand)
				if err != nil {
					return "align: " + err.Error() + where
				}
				ops, err := res.Repair(interp.RepairOptions{})
				if err != nil {
					return "repair: " + err.Error() + where
				}
				if res.Invalid != nil {
					invalid++
					if res.Score != 0 || len(ops) != 0 {
						return fmt.Sprintf("invalid candidate: score %v with %d operations%s", res.Score, len(ops), where)
					}
					continue
				}
				if res.Match == nil && (res.Score != 0 || len(ops) != 1) {
					return fmt.Sprintf("root kind mismatch: score %v with %d operations%s", res.Score, len(ops), where)
				}
				pairs++
				nops += len(ops)
				for _, o := range ops {
					if !(o.Delta >= 0) || math.IsInf(o.Delta, 0) {
						return fmt.Sprintf("operation %s %s with Δ %v%s", o.Kind, o.Path, o.Delta, where)
					}
				}
				if sum := opsSum(ops); math.Abs(sum-(1-res.Score)) > 1e-9 {
					return fmt.Sprintf("Σ Δ = %.17g, 1 − score = %.17g (score %.17g)%s\n  ops:%s",
						sum, 1-res.Score, res.Score, where, opsText(ops))
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 4),
	))
	runProps(t, props)
	t.Logf("sum identity: %d aligned pairs, %d operations; %d candidates failed validation (no operations, identity not applicable)", pairs, nops, invalid)
}

// TestSumIdentityConformance checks docs/SCORING.md §8.5's identity on every
// conformance vector: on our operations for every vector, and on the
// reference's operations, which must break it exactly on the vectors listed
// as operation departures (the docs/SCORING.md §8.5 corrections), nowhere else.
func TestSumIdentityConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("aligns and repairs every conformance vector")
	}
	t.Parallel()
	cache := scorerCache{}
	refBreaks := map[string]float64{}
	var checked, unaligned int
	for _, v := range loadVectors(t) {
		if v.Error != "" {
			continue
		}
		s, err := cache.get(v)
		if err != nil {
			t.Errorf("%s: compile: %v", v.ID, err)
			continue
		}
		res, err := s.Align(v.Gold, v.Cand)
		if err != nil {
			t.Errorf("%s: align: %v", v.ID, err)
			continue
		}
		ops, err := res.Repair(interp.RepairOptions{})
		if err != nil {
			t.Errorf("%s: repair: %v", v.ID, err)
			continue
		}
		if res.Match == nil {
			unaligned++
			continue
		}
		checked++
		if d := opsSum(ops) - (1 - res.Score); math.Abs(d) > 1e-9 {
			t.Errorf("%s: Σ Δ misses 1 − score by %g:%s", v.ID, d, opsText(ops))
		}
		if d := opsSum(v.Ops) - (1 - v.Score); v.HasScore && math.Abs(d) > 1e-9 {
			refBreaks[v.ID] = d
		}
	}
	for id, d := range refBreaks {
		if dep, ok := departures[id]; !ok || dep.what != "ops" {
			t.Errorf("%s: the reference's deltas miss the identity by %g, but the vector is not a listed departure", id, d)
		}
	}
	// A departure need not break the reference's identity: under docs/SCORING.md §8.5 rule 1
	// the reference renormalises the value alphas with the members'
	// valueWeight, which still adds up to the value term when every entry
	// is unpaired (random/37: 0.4 + 0.2 + 0.2 + 0.2 where oagen gives
	// 4 × 0.25).
	var kept []string
	for id, dep := range departures {
		if _, ok := refBreaks[id]; dep.what == "ops" && !ok {
			kept = append(kept, id)
		}
	}
	slices.Sort(kept)
	t.Logf("sum identity holds on all %d aligned vectors (%d unaligned: invalid candidate or root kind mismatch); the reference breaks it on %d vectors, all listed departures; departures on which the reference's deltas still add up: %v",
		checked, unaligned, len(refBreaks), kept)
}

// TestRelabellingTwinPick is the case of TestPropertyRelabelling's long
// set that showed the bijection of a renamed candidate differing from the
// old one renamed: candidate nodes 2.5 and 3 tie under rules 1 and 2 of
// docs/SCORING.md §7.13, the renaming reverses their identifiers' order,
// and the tie-broken pick then pairs the link-less candidate node with
// another gold node. The score must not move.
func TestRelabellingTwinPick(t *testing.T) {
	s, err := interp.Compile([]byte(selfRefSchema), "tree.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gold := mustDecode(t, `{"nodes":[{"id":0.5,"label":"node","weight":1,"parent":0.5,"links":[1.5,4.5]},
		{"id":1.5,"label":"node","weight":1,"parent":1.5,"links":[4.5,3]},{"id":2.5,"label":"node","weight":1,"parent":2.5,"links":[4.5,3]},
		{"id":3,"label":"node","weight":1,"parent":3,"links":[3,2.5]},{"id":4.5,"label":"node","weight":1,"parent":4.5,"links":[2.5,4.5]}],"root":0.5}`)
	cand := mustDecode(t, `{"nodes":[{"id":2.5,"label":"node","weight":1,"parent":2.5,"links":[4.5,3]},
		{"id":0.5,"label":"node","weight":1,"parent":0.5,"links":[]},{"id":3,"label":"node","weight":1,"parent":3.0,"links":[2.5,3]},
		{"id":4.5,"label":"node","weight":1,"parent":4.5,"links":[4.5,2.5]}]}`)
	renamed := mustDecode(t, `{"nodes":[{"id":3.25,"label":"node","weight":1,"parent":3.25,"links":[544.0,-363]},
		{"id":375.0,"label":"node","weight":1,"parent":375.0,"links":[]},{"id":-363,"label":"node","weight":1,"parent":-363.0,"links":[3.25,-363]},
		{"id":544.0,"label":"node","weight":1,"parent":544.0,"links":[544.0,3.25]}]}`)
	for _, sc := range []*interp.Scorer{s, interp.WithoutCanon(s, true)} {
		s0, err := sc.Score(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		s1, err := sc.Score(gold, renamed)
		if err != nil {
			t.Fatal(err)
		}
		if s0 != s1 {
			t.Errorf("renaming the candidate's identifiers: score %v, was %v", s1, s0)
		}
	}
}
