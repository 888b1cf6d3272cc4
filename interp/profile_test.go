package interp_test

import (
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

var (
	defaultProfile   = interp.Options{}
	referenceProfile = interp.Options{Compat: interp.CompatReference}
)

const priceSchema = `{"type":"object","properties":{"price":{"type":"number","score":"relative"}}}`

const peopleSchema = `{"type":"object","properties":{
 "people":{"type":"array","order":"align","items":{"type":"object","properties":{
   "id":{"type":"integer","idScope":"person"},"name":{"type":"string"}}}},
 "links":{"type":"array","order":"align","items":{"type":"object","properties":{
   "from":{"type":"integer","ref":"person"},"to":{"type":"integer","ref":"person"}}}}}}`

// TestProfileNumbers pins the new-user cases of numbers written in another
// form: the default profile compares them by value, the reference profile
// keeps the reference's integer/float distinction (docs/SCORING.md §6.4).
func TestProfileNumbers(t *testing.T) {
	const people = `{"people":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],"links":[{"from":1,"to":2}]}`
	for _, tc := range []struct {
		name, schema, gold, cand string
		def, ref                 float64
	}{
		{"12 vs 12.0", priceSchema, `{"price":12}`, `{"price":12.0}`, 1, 0},
		{"12.0 vs 12", priceSchema, `{"price":12.0}`, `{"price":12}`, 1, 0},
		{"12 vs 1.2e1", priceSchema, `{"price":12}`, `{"price":1.2e1}`, 1, 0},
		{"12 vs 12.5", priceSchema, `{"price":12}`, `{"price":12.5}`, 0.96, 0},
		{"12.0 vs 12.5", priceSchema, `{"price":12.0}`, `{"price":12.5}`, 0.96, 0.96},
		{"exact 5 vs 5.0", `{"type":"object","properties":{"d":{"type":"integer","score":"exact"}}}`, `{"d":5}`, `{"d":5.0}`, 1, 0},
		{"id 1 vs 1.0", peopleSchema, people, strings.Replace(people, `{"id":1,`, `{"id":1.0,`, 1), 1, 0.875},
		{"ref 2 vs 2.0", peopleSchema, people, strings.Replace(people, `"to":2}`, `"to":2.0}`, 1), 1, 0.75},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range []struct {
				opts interp.Options
				want float64
			}{{defaultProfile, tc.def}, {referenceProfile, tc.ref}} {
				s := mustScorer(t, tc.schema, p.opts)
				got, err := s.Score(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(got-p.want) > 1e-12 {
					t.Errorf("compat %q: score %v, want %v", p.opts.Compat, got, p.want)
				}
			}
		})
	}
}

// TestProfileMemberOrder pins a fuzzy key tie: "aa" is as close to "ab" as
// to "ba". The reference breaks the tie by the gold's member order, so
// reordering the gold changes the score; the default profile breaks it by
// the schema's property order whatever the order of the members.
func TestProfileMemberOrder(t *testing.T) {
	const schema = `{"type":"object","properties":{"ab":{"type":"integer"},"ba":{"type":"integer"}}}`
	scores := func(opts interp.Options) (float64, float64) {
		s := mustScorer(t, schema, opts)
		a, err := s.Score(mustDecode(t, `{"ab":1,"ba":2}`), mustDecode(t, `{"aa":2}`))
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.Score(mustDecode(t, `{"ba":2,"ab":1}`), mustDecode(t, `{"aa":2}`))
		if err != nil {
			t.Fatal(err)
		}
		return a, b
	}
	if a, b := scores(defaultProfile); a != 0.25 || b != 0.25 {
		t.Errorf("default profile: %v and %v, want 0.25 for both member orders", a, b)
	}
	if a, b := scores(referenceProfile); a != 0.25 || b != 0.5 {
		t.Errorf("reference profile: %v and %v, want 0.25 and 0.5", a, b)
	}
	// Undeclared keys tie-break by key text.
	s := mustScorer(t, `{"type":"object","properties":{}}`, defaultProfile)
	ops := func(gold string) string {
		res, err := s.Align(mustDecode(t, gold), mustDecode(t, `{"aa":2}`))
		if err != nil {
			t.Fatal(err)
		}
		o, err := res.Repair(interp.RepairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return opsText(o)
	}
	if a, b := ops(`{"ab":1,"ba":2}`), ops(`{"ba":2,"ab":1}`); a != b {
		t.Errorf("undeclared keys: operations depend on member order:\n%s\n%s", a, b)
	}
}

// TestProfileText pins the surface of the default profile: values as JSON,
// arrays and objects, and validation messages with JSON values; the
// reference profile keeps Python's reprs.
func TestProfileText(t *testing.T) {
	const schema = `{"type":"object","properties":{"name":{"type":"string","score":"exact"},"tags":{"type":"array","order":"align","items":{"type":"string","score":"exact"}},"note":{"type":["string","null"]}},"required":["name"]}`
	for _, tc := range []struct {
		name, gold, cand string
		def, ref         []string
	}{
		{"values", `{"name":"Eve","tags":["a","b"],"note":"x"}`, `{"name":"Eva","tags":["a"],"note":null}`,
			[]string{`/name: expected "Eve", got "Eva".`, `/tags: array is missing item "b".`, `expected "x", got null)`, `(value, null/value, missing array item)`},
			[]string{`/name: expected 'Eve', got 'Eva'.`, `/tags: list is missing item 'b'.`, `expected 'x', got None)`, `(primitive-value, null-value, missing-list-item)`}},
		{"validation", `{"name":"Eve"}`, `{"name":5}`,
			[]string{`Prediction failed schema validation at /name: 5 is not of type "string"`},
			[]string{`Prediction failed schema validation at /name: 5 is not of type 'string'`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range []struct {
				opts interp.Options
				want []string
			}{{defaultProfile, tc.def}, {referenceProfile, tc.ref}} {
				res, err := mustScorer(t, schema, p.opts).Align(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
				if err != nil {
					t.Fatal(err)
				}
				text, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range p.want {
					if !strings.Contains(text, w) {
						t.Errorf("compat %q: feedback lacks %q:\n%s", p.opts.Compat, w, text)
					}
				}
			}
		})
	}
}

// TestProfileRootKindMismatch: a union-typed root whose kinds differ scores
// 0 in both profiles; the default profile's feedback names the fix (one
// replace of the whole value, Δ 1 = 1 − score, as a value of the wrong kind
// inside an object gets), its attribution has the one matching row at the
// root (residual 0) and its description says the kinds differ; the
// reference profile has no operation and its empty line, no attribution row
// (residual −1) and the description's intro line alone.
func TestProfileRootKindMismatch(t *testing.T) {
	const schema = `{"type":["string","array"],"items":{"type":"string"}}`
	const intro = "The predicted output scores overall 0%, let us align the predicted output to the gold and analyze the differences:\n"
	for _, p := range []struct {
		opts     interp.Options
		ops      int
		text     string
		rows     int
		residual float64
		describe string
	}{
		{defaultProfile, 1, "The prediction scored 0.00 (deficit 1.00). Top 1 of 1 fix locations:\n" +
			`1. /: expected "a", got ["a"]. Fixing this recovers +1.000.` + "\nFocus on value errors — they account for 100% of the deficit shown.",
			1, 0, intro + `The predicted output ["a"] is of another kind than the gold "a", so the two cannot be aligned: ` +
				"the whole predicted output is to be replaced by the gold (score=0%)."},
		{referenceProfile, 0, "The prediction scored 0.00; no individually significant fix locations under the current filter.",
			0, -1, intro},
	} {
		res, err := mustScorer(t, schema, p.opts).Align(mustDecode(t, `"a"`), mustDecode(t, `["a"]`))
		if err != nil {
			t.Fatal(err)
		}
		if res.Score != 0 || res.Match != nil {
			t.Fatalf("compat %q: score %v, match %v; want 0 and none", p.opts.Compat, res.Score, res.Match)
		}
		text, ops, err := feedback.ForResult(res, interp.RepairOptions{Granularity: align.GranularityAll}, feedback.DefaultFeedbackOptions())
		if err != nil {
			t.Fatal(err)
		}
		if text != p.text || len(ops) != p.ops {
			t.Errorf("compat %q: %d operations, feedback\n%s\nwant %d and\n%s", p.opts.Compat, len(ops), text, p.ops, p.text)
		}
		if len(ops) == 1 {
			o := ops[0]
			if o.Kind != align.KindPrimitiveReplace || o.Path != "" || o.Delta != 1-res.Score ||
				!jsonval.Equal(o.Value, mustDecode(t, `"a"`)) || !jsonval.Equal(o.Pred, mustDecode(t, `["a"]`)) || o.Site == nil {
				t.Errorf("root operation %+v", o)
			}
		}
		for _, g := range []align.Granularity{align.GranularityLeaf, align.GranularityAll} {
			at, err := res.Attribution(align.AttributionOptions{Granularity: g})
			if err != nil {
				t.Fatal(err)
			}
			if len(at.Rows) != p.rows || at.Residual != p.residual || at.Total != float64(p.rows) {
				t.Errorf("compat %q, granularity %s: %d rows, total %v, residual %v; want %d, %d and %v",
					p.opts.Compat, g, len(at.Rows), at.Total, at.Residual, p.rows, p.rows, p.residual)
			}
			if len(at.Rows) == 1 {
				r := at.Rows[0]
				if r.Path != "" || r.Weight != 1 || r.Score != 0 || r.Contribution != 1 || r.Part != align.PartValue || r.Node ||
					!r.HasGold || !r.HasPred || !jsonval.Equal(r.Gold, mustDecode(t, `"a"`)) || !jsonval.Equal(r.Pred, mustDecode(t, `["a"]`)) {
					t.Errorf("granularity %s: root row %+v", g, r)
				}
			}
		}
		if got := feedback.DescribeResult(res); got != p.describe {
			t.Errorf("compat %q: description\n%s\nwant\n%s", p.opts.Compat, got, p.describe)
		}
	}
}

// TestProfileGoldErrors pins the value display in gold errors.
func TestProfileGoldErrors(t *testing.T) {
	gold := mustDecode(t, `{"people":[{"id":1,"name":"Ann"},{"id":1,"name":"Bob"}],"links":[]}`)
	for _, p := range []struct {
		opts interp.Options
		want string
	}{
		{defaultProfile, `invalid gold at /people/1/id: duplicate identifier 1 in scope "person"`},
		{referenceProfile, `invalid gold at /people/1/id: duplicate identifier 1 in scope "person"`},
	} {
		_, err := mustScorer(t, peopleSchema, p.opts).Score(gold, gold)
		if err == nil || err.Error() != p.want {
			t.Errorf("compat %q: %v, want %q", p.opts.Compat, err, p.want)
		}
	}
	s := `{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string","idScope":"s"}}}}`
	dup := mustDecode(t, `{"ids":["p1","p1"]}`)
	for _, p := range []struct {
		opts interp.Options
		want string
	}{
		{defaultProfile, `invalid gold at /ids/1: duplicate identifier "p1" in scope "s"`},
		{referenceProfile, `invalid gold at /ids/1: duplicate identifier 'p1' in scope "s"`},
	} {
		_, err := mustScorer(t, s, p.opts).Score(dup, dup)
		if err == nil || err.Error() != p.want {
			t.Errorf("compat %q: %v, want %q", p.opts.Compat, err, p.want)
		}
	}
}

// TestProfileKeepsInputs checks that Result.Gold and Result.Candidate are
// the values as given, while the operations carry canonical values.
func TestProfileKeepsInputs(t *testing.T) {
	s := mustScorer(t, priceSchema, defaultProfile)
	gold, cand := mustDecode(t, `{"price":12.0}`), mustDecode(t, `{"price":13.5}`)
	res, err := s.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	if res.Gold.Obj[0].Value.Kind != jsonval.Float {
		t.Errorf("Result.Gold was rewritten: %s", res.Gold)
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 1 || ops[0].Value.Kind != jsonval.Int || ops[0].Value.I != 12 {
		t.Errorf("operations %s: want one replace with the value 12", opsText(ops))
	}
}

// TestConformanceDefaultProfile runs every conformance vector in the
// default profile and reports how many keep the reference's score, ops and
// feedback. It requires the reference's score and operations (but for their
// values, which the default profile writes in the candidate's identifiers,
// sameSkeleton) on every vector whose data the two profiles read alike: no
// float-form number on either side and the members of every object already
// in canonical order. The bijection search (docs/SCORING.md §7.12) is off
// here; TestSearchNeverWorse measures what it changes.
func TestConformanceDefaultProfile(t *testing.T) {
	vs := loadVectors(t)
	cache := map[string]*interp.Scorer{}
	var scores, opsSame, text, plain, plainValues, n int
	var moved []string // vectors whose score the default profile changes
	for _, v := range vs {
		if v.Error != "" {
			continue
		}
		s := cache[string(v.SchemaText)]
		if s == nil {
			var err error
			if s, err = interp.Compile(v.SchemaText, "", defaultProfile); err != nil {
				t.Fatalf("%s: %v", v.ID, err)
			}
			s = interp.WithoutCanon(s, false) // the departures of the search and of the canonical tie rules: TestSearchNeverWorse, TestInvarianceTable
			cache[string(v.SchemaText)] = s
		}
		res, err := s.Align(v.Gold, v.Cand)
		if err != nil {
			t.Errorf("%s: %v", v.ID, err)
			continue
		}
		n++
		ops, err := res.Repair(interp.RepairOptions{})
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		sameScore := v.HasScore && math.Abs(res.Score-v.Score) <= 1e-9
		same, _ := opsEqual(ops, v.Ops)
		sameFixes := sameSkeleton(ops, v.Ops, 1e-9)
		if sameScore {
			scores++
		} else {
			moved = append(moved, v.ID)
		}
		if same {
			opsSame++
		}
		fb, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		if fb == v.Feedback {
			text++
		}
		root := s.Schema().Root
		if !plainData(v.Gold, root) || !plainData(v.Cand, root) || fillsAbsent(v.Gold, v.Cand, root) {
			continue
		}
		plain++
		if _, dep := departures[v.ID]; dep {
			continue
		}
		if !sameScore || !sameFixes {
			t.Errorf("%s: plain data scores %v (reference %v) or its operations differ beyond their values", v.ID, res.Score, v.Score)
		}
		if !same {
			plainValues++
		}
	}
	t.Logf("default profile on %d vectors: %d keep the reference's score, %d its operations, %d its feedback text; %d have plain data (no float-form number, members in canonical order), of which %d have operations whose values differ (written in the candidate's identifiers, or the value at the site); scores changed: %v",
		n, scores, opsSame, text, plain, plainValues, moved)
}

// sameSkeleton reports whether the default profile's operations got are the
// reference's want but for their values (docs/SCORING.md §8.1): the same
// op, kind, path, pair and delta (within tol), in the same order. The
// changes the default profile makes to the list of operations are allowed:
// a JSON null paired with a value inside an array is a null_value_replace
// of the element where the reference adds or removes one, with the same
// path and delta, and none at all when the pair already scores 1 (the
// reference's add or remove of Δ 0); the tuple positions the default
// profile adds or removes at weight 0 to keep the others in place are
// extra operations of Δ 0.
func sameSkeleton(got, want []align.Op, tol float64) bool {
	got, want = withoutUnmatchedZeroListOps(got, want), withoutUnmatchedZeroListOps(want, got)
	if len(got) != len(want) {
		return false
	}
	// The default profile names places in the candidate's coordinates
	// (docs/SCORING.md §8.4), the reference by entry position, and ranks
	// ties by path: the operations are matched as a multiset, by their
	// places up to array indices (samePlace).
	used := make([]bool, len(want))
	for _, g := range got {
		found := false
		for j, w := range want {
			if used[j] || !samePlace(g, w) || g.PairID != w.PairID || math.Abs(g.Delta-w.Delta) > tol {
				continue
			}
			nullPair := g.Kind == align.KindNullValueReplace && g.Op == "replace" &&
				(w.Kind == align.KindListItemAdd || w.Kind == align.KindListItemRemove ||
					w.Kind == align.KindListItemMissing || w.Kind == align.KindListItemExcess)
			if !nullPair && (g.Op != w.Op || g.Kind != w.Kind) {
				continue
			}
			used[j], found = true, true
			break
		}
		if !found {
			return false
		}
	}
	return true
}

// skeletonPath is an operation's path up to array indices: every index is
// "*".
func skeletonPath(o align.Op) string {
	toks := strings.Split(o.Path, "/")
	for i, t := range toks {
		if t != "" && strings.Trim(t, "0123456789") == "" {
			toks[i] = "*"
		}
	}
	return strings.Join(toks, "/")
}

// samePlace reports whether the default profile's operation g and the
// reference's w name the same place up to array indices: the default
// profile names an unordered list's element by its candidate index where
// the reference names the list (docs/SCORING.md §8.4).
func samePlace(g, w align.Op) bool {
	gp, wp := skeletonPath(g), skeletonPath(w)
	if gp == wp {
		return true
	}
	switch g.Kind {
	case align.KindListItemExcess, align.KindPrimitiveReplaceReorder, align.KindBranchReplace, align.KindNullValueReplace:
		return gp == wp+"/*"
	}
	return false
}

// withoutUnmatchedZeroListOps returns a without its list element additions
// and removals of Δ 0 that b does not have too (same op, kind and path).
func withoutUnmatchedZeroListOps(a, b []align.Op) []align.Op {
	zeroListOp := func(o align.Op) bool {
		switch o.Kind {
		case align.KindListItemAdd, align.KindListItemRemove, align.KindListItemMissing, align.KindListItemExcess:
			return o.Delta == 0
		}
		return false
	}
	key := func(o align.Op) string { return o.Op + " " + string(o.Kind) + " " + skeletonPath(o) }
	inB := map[string]int{}
	for _, o := range b {
		if zeroListOp(o) {
			inB[key(o)]++
		}
	}
	var out []align.Op
	for _, o := range a {
		if zeroListOp(o) {
			if inB[key(o)] == 0 {
				continue
			}
			inB[key(o)]--
		}
		out = append(out, o)
	}
	return out
}

// plainData reports whether v has no float-form number and every object's
// members in the default profile's canonical order (the schema's property
// order, then undeclared keys by code point), under schema node S.
func plainData(v jsonval.Value, S *ir.Node) bool {
	switch v.Kind {
	case jsonval.Float:
		return false
	case jsonval.Array:
		for i, e := range v.Arr {
			var sub *ir.Node
			if S != nil {
				if i < len(S.PrefixItems) {
					sub = S.PrefixItems[i]
				} else {
					sub = S.Items
				}
			}
			if !plainData(e, sub) {
				return false
			}
		}
	case jsonval.Object:
		rank := func(k string) int {
			if S == nil || S.PropertyIndex(k) < 0 {
				return math.MaxInt
			}
			return S.PropertyIndex(k)
		}
		for i, m := range v.Obj {
			if i > 0 {
				p := v.Obj[i-1].Key
				if rank(p) > rank(m.Key) || (rank(p) == math.MaxInt && rank(m.Key) == math.MaxInt && p > m.Key) {
					return false
				}
			}
			var sub *ir.Node
			if S != nil {
				if sub = S.Property(m.Key); sub == nil {
					// A member no schema describes: the default profile
					// scores it by the JSON-value rule (docs/SCORING.md
					// §6.9), the reference 0.
					return false
				}
			}
			if !plainData(m.Value, sub) {
				return false
			}
		}
	}
	return true
}

// fillsAbsent reports whether the default profile fills a member one side
// lacks (docs/SCORING.md §6.10): a member that is not required, present on
// one side of a pair of objects and absent on the other, with a default or
// null where it permits null. Arrays are followed position by position, an
// approximation that only widens the filter.
func fillsAbsent(g, c jsonval.Value, S *ir.Node) bool {
	if S == nil || g.Kind != c.Kind {
		return false
	}
	switch g.Kind {
	case jsonval.Array:
		for i := 0; i < len(g.Arr) && i < len(c.Arr); i++ {
			sub := S.Items
			if i < len(S.PrefixItems) {
				sub = S.PrefixItems[i]
			}
			if fillsAbsent(g.Arr[i], c.Arr[i], sub) {
				return true
			}
		}
	case jsonval.Object:
		for _, prop := range S.Properties {
			gv, inG := g.Get(prop.Name)
			cv, inC := c.Get(prop.Name)
			if inG && inC {
				if fillsAbsent(gv, cv, prop.Node) {
					return true
				}
				continue
			}
			if inG == inC || prop.Node == nil || S.IsRequired(prop.Name) {
				continue
			}
			present := gv
			if inC {
				present = cv
			}
			if prop.Node.HasDefault || (present.IsNull() && prop.Node.Types&ir.TNull != 0) {
				return true
			}
		}
	}
	return false
}

// TestProfileAttributionResidual pins the residual of the movie example
// (docs/SCORING.md §11.6): rounding noise the default profile reports as 0.
func TestProfileAttributionResidual(t *testing.T) {
	const schema = `{"type":"object","keyScore":"exact","properties":{"title":{"type":"string","valueWeight":2},"year":{"type":"integer","score":"exact"},"genres":{"type":"array","items":{"type":"string"},"order":"align"}}}`
	gold := mustDecode(t, `{"title":"The Matrix","year":1999,"genres":["Sci-Fi","Action"]}`)
	cand := mustDecode(t, `{"title":"The Matrx","year":2000,"genres":["Sci-Fi","Adventure"]}`)
	for _, p := range []struct {
		opts interp.Options
		want float64
	}{{defaultProfile, 0}, {referenceProfile, 5.551115123125783e-17}} {
		res, err := mustScorer(t, schema, p.opts).Align(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		at, err := res.Attribution(align.AttributionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if at.Residual != p.want {
			t.Errorf("compat %q: residual %v, want %v", p.opts.Compat, at.Residual, p.want)
		}
	}
}
