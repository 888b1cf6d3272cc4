package interp_test

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
)

// feedbackText aligns a pair and renders its feedback without the synthesis
// line, all operations shown.
func feedbackText(t *testing.T, s *interp.Scorer, gold, cand string) string {
	t.Helper()
	res, err := s.Align(mustDecode(t, gold), mustDecode(t, cand))
	if err != nil {
		t.Fatal(err)
	}
	fo := feedback.DefaultFeedbackOptions()
	fo.Unlimited = true
	fo.IncludeSynthesisLine = false
	text, _, err := feedback.ForResult(res, interp.RepairOptions{}, fo)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

const danglingGold = `{"people":[{"id":1,"name":"Alice"},{"id":2,"name":"Bob"}],"relations":[{"source":1,"target":2,"type":"knows"}]}`

// TestSemanticSpecExample renders the dangling-reference examples of docs/SCORING.md
// §7.11 with the semantic referential feedback of docs/SCORING.md §8.11.
func TestSemanticSpecExample(t *testing.T) {
	sem := mustScorer(t, danglingSchema, interp.Options{Compat: interp.CompatReference, ReferentialFeedback: interp.RefFeedbackSemantic})
	lit := mustScorer(t, danglingSchema, interp.Options{Compat: interp.CompatReference})
	cases := []struct {
		name, cand, semantic, literal string
	}{
		{"dangling", `{"people":[{"id":53,"name":"Alice"},{"id":124,"name":"Bob"}],"relations":[{"source":53,"target":9999,"type":"knows"}]}`,
			"The prediction scored 0.83 (deficit 0.17). Top 1 of 1 fix locations:\n" +
				"1. /relations/0/target: this 'knows' reference should point to the person with name 'Bob', but the reference you wrote resolves to nothing in your output. Fixing this recovers +0.167.",
			"The prediction scored 0.83 (deficit 0.17). Top 1 of 1 fix locations:\n" +
				"1. /relations/0/target: wrong reference (got 9999, change to 124). Fixing this recovers +0.167."},
		{"reversed", `{"people":[{"id":53,"name":"Alice"},{"id":124,"name":"Bob"}],"relations":[{"source":124,"target":53,"type":"knows"}]}`,
			"The prediction scored 0.67 (deficit 0.33). Top 2 of 2 fix locations:\n" +
				"1. /relations/0/source: this 'knows' reference should point to the person with name 'Alice', not the person you used (name 'Bob'). Fixing this recovers +0.167.\n" +
				"2. /relations/0/target: this 'knows' reference should point to the person with name 'Bob', not the person you used (name 'Alice'). Fixing this recovers +0.167.",
			""},
		{"missing record", `{"people":[{"id":53,"name":"Alice"}],"relations":[{"source":53,"target":53,"type":"knows"}]}`,
			"The prediction scored 0.58 (deficit 0.42). Top 2 of 2 fix locations:\n" +
				"1. /people: list is missing item {'id': 2, 'name': 'Bob'}. Adding it recovers +0.250.\n" +
				"2. /relations/0/target: this 'knows' reference should point to the person with name 'Bob', but your output has no such person. Recovers +0.167.",
			"The prediction scored 0.58 (deficit 0.42). Top 2 of 2 fix locations:\n" +
				"1. /people: list is missing item {'id': 2, 'name': 'Bob'}. Adding it recovers +0.250.\n" +
				"2. /relations/0/target: reference 53 cannot be resolved against any entity in the prediction. Recovers +0.167."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := feedbackText(t, sem, danglingGold, tc.cand); got != tc.semantic {
				t.Errorf("semantic:\n got %q\nwant %q", got, tc.semantic)
			}
			if tc.literal == "" {
				return
			}
			if got := feedbackText(t, lit, danglingGold, tc.cand); got != tc.literal {
				t.Errorf("literal:\n got %q\nwant %q", got, tc.literal)
			}
		})
	}
}

// TestSemanticTargetAndRelation covers the ambiguous target fragment, the
// relation label order (text form of the exact-scalar triples, so bool <
// float < int < str; number-typed members without enum are not exact
// scalars) and records without definer
// properties (give up: literal line).
func TestSemanticTargetAndRelation(t *testing.T) {
	const schema = `{"type":"object","properties":{
 "people":{"type":"array","order":"align","items":{"type":"object","properties":{
   "id":{"type":"integer","idScope":"person"},"name":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}}}},
 "things":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"string","idScope":"thing"}}}},
 "relations":{"type":"array","order":"align","items":{"type":"object","properties":{
   "type":{"type":"string"},"weight":{"type":"integer"},"flag":{"type":"boolean"},"score":{"type":"number"},
   "rank":{"type":"number","enum":[1.5,2.5]},
   "source":{"type":"integer","ref":"person"},"target":{"type":"integer","ref":"person"},"thing":{"type":"string","ref":"thing"}}}}}}`
	s := mustScorer(t, schema, interp.Options{Compat: interp.CompatReference, ReferentialFeedback: interp.RefFeedbackSemantic})
	gold := `{"people":[{"id":1,"name":"Ann","tags":["x"]},{"id":2,"name":"Bob"},{"id":3,"name":"Bob"}],
 "things":[{"id":"t1"},{"id":"t2"}],
 "relations":[{"type":"knows","weight":3,"flag":true,"score":0.5,"rank":2.5,"source":1,"target":2,"thing":"t1"}]}`
	cand := `{"people":[{"id":11,"name":"Ann","tags":["x"]},{"id":12,"name":"Bob"},{"id":13,"name":"Bob"}],
 "things":[{"id":"u1"},{"id":"u2"}],
 "relations":[{"type":"knows","weight":3,"flag":true,"score":0.5,"rank":2.5,"source":11,"target":99,"thing":"zz"}]}`
	got := feedbackText(t, s, gold, cand)
	wantLines := []string{
		"this True / 2.5 / 3 / 'knows' reference should point to a person with name 'Bob' (but several match), but the reference you wrote resolves to nothing in your output.",
		"/relations/0/thing: wrong reference (got 'zz', change to ",
	}
	for _, w := range wantLines {
		if !strings.Contains(got, w) {
			t.Errorf("feedback lacks %q:\n%s", w, got)
		}
	}
}

// TestSemanticTopLevelAndTuple covers a top-level reference (its carrier is
// the whole document) and a reference inside a tuple position (the path's
// index maps to prefixItems).
func TestSemanticTopLevelAndTuple(t *testing.T) {
	const schema = `{"type":"object","properties":{
 "nodes":{"type":"array","order":"align","items":{"type":"object","properties":{
   "id":{"type":"string","idScope":"node"},"label":{"type":"string"}}}},
 "root":{"type":"string","ref":"node"},
 "kind":{"type":"string"},
 "edge":{"type":"array","prefixItems":[{"type":"object","properties":{"to":{"type":"string","ref":"node"},"via":{"type":"string"}}}]}}}`
	s := mustScorer(t, schema, interp.Options{Compat: interp.CompatReference, ReferentialFeedback: interp.RefFeedbackSemantic})
	gold := `{"nodes":[{"id":"a","label":"want"},{"id":"b","label":"cause"}],"root":"a","kind":"amr","edge":[{"to":"b","via":"ARG0"}]}`
	cand := `{"nodes":[{"id":"x","label":"want"},{"id":"y","label":"cause"}],"root":"y","kind":"amr","edge":[{"to":"x","via":"ARG0"}]}`
	got := feedbackText(t, s, gold, cand)
	for _, w := range []string{
		"/root: this 'amr' reference should point to the node with label 'want', not the node you used (label 'cause').",
		"/edge/0/to: this 'ARG0' reference should point to the node with label 'cause', not the node you used (label 'want').",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("feedback lacks %q:\n%s", w, got)
		}
	}
}

// TestSemanticGiveUp calls the provider directly on operations it must
// decline.
func TestSemanticGiveUp(t *testing.T) {
	s := mustScorer(t, danglingSchema, interp.Options{Compat: interp.CompatReference})
	res, err := s.Align(mustDecode(t, danglingGold), mustDecode(t,
		`{"people":[{"id":53,"name":"Alice"},{"id":124,"name":"Bob"}],"relations":[{"source":53,"target":9999,"type":"knows"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	sem := res.RefSemantics()
	ok := func(o align.Op) bool { _, ok := sem(&o); return ok }
	ref := align.Op{Op: "replace", Kind: align.KindRefFix, Path: "/relations/0/target",
		Gold: mustDecode(t, "2"), Pred: mustDecode(t, "9999"), Value: mustDecode(t, "124")}
	if !ok(ref) {
		t.Fatal("provider declines the docs/SCORING.md §7.11 operation")
	}
	// In the default profile an operation's gold value is in the
	// candidate's identifiers: the gold's 2 is the candidate's 124.
	ds := mustScorer(t, danglingSchema, interp.Options{})
	dres, err := ds.Align(mustDecode(t, danglingGold), mustDecode(t,
		`{"people":[{"id":53,"name":"Alice"},{"id":124,"name":"Bob"}],"relations":[{"source":53,"target":9999,"type":"knows"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	dref := ref
	dref.Gold = mustDecode(t, "124")
	if _, ok := dres.RefSemantics()(&dref); !ok {
		t.Error("default profile: provider declines the operation in the candidate's identifiers")
	}
	for name, mod := range map[string]func(o *align.Op){
		"not a reference kind": func(o *align.Op) { o.Kind = align.KindPrimitiveReplace },
		"path to a non-ref":    func(o *align.Op) { o.Path = "/relations/0/type" },
		"unmappable token":     func(o *align.Op) { o.Path = "/relations/x/target" },
		"path past a leaf":     func(o *align.Op) { o.Path = "/relations/0/target/0" },
		"unknown member":       func(o *align.Op) { o.Path = "/relations/0/nope" },
		"root":                 func(o *align.Op) { o.Path = "" },
		"no gold endpoint":     func(o *align.Op) { o.Gold = mustDecode(t, "7") },
	} {
		o := ref
		mod(&o)
		if ok(o) {
			t.Errorf("%s: provider did not give up", name)
		}
	}
	if _, ok := sem(nil); ok {
		t.Error("nil operation accepted")
	}

	// Records without definer properties: give up.
	bare := mustScorer(t, `{"type":"object","properties":{
 "people":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"integer","idScope":"person"}}}},
 "rel":{"type":"object","properties":{"to":{"type":"integer","ref":"person"}}}}}`, interp.Options{Compat: interp.CompatReference, ReferentialFeedback: interp.RefFeedbackSemantic})
	got := feedbackText(t, bare, `{"people":[{"id":1},{"id":2}],"rel":{"to":2}}`, `{"people":[{"id":1},{"id":2}],"rel":{"to":5}}`)
	if !strings.Contains(got, "wrong reference (got 5, change to ") {
		t.Errorf("bare records: want the literal line, got\n%s", got)
	}

	// A result without a match tree has no semantics.
	inv := mustScorer(t, `{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`, interp.Options{Compat: interp.CompatReference})
	r2, err := inv.Align(mustDecode(t, `{"a":1}`), mustDecode(t, `{}`))
	if err != nil {
		t.Fatal(err)
	}
	if ok2 := func() bool { _, ok := r2.RefSemantics()(&ref); return ok }(); ok2 {
		t.Error("invalid candidate: provider answered")
	}
}

func TestSemanticOption(t *testing.T) {
	if _, err := interp.Compile([]byte(danglingSchema), "", interp.Options{Compat: interp.CompatReference, ReferentialFeedback: "fancy"}); err == nil {
		t.Error("unknown referentialFeedback accepted")
	}
	s := mustScorer(t, danglingSchema, interp.Options{Compat: interp.CompatReference})
	if got := s.Options().ReferentialFeedback; got != interp.RefFeedbackLiteral {
		t.Errorf("default referentialFeedback %q", got)
	}
}

// TestSemanticConformance renders every conformance vector that has
// reference operations both literally and semantically (one alignment,
// two renderings): the semantic mode never fails and changes only reference
// lines.
func TestSemanticConformance(t *testing.T) {
	cache := scorerCache{}
	changed, pairs := 0, 0
	for _, v := range loadVectors(t) {
		hasRef := false
		for _, o := range v.Ops {
			hasRef = hasRef || o.Kind == align.KindRefFix || o.Kind == align.KindRefFixNoTarget
		}
		if v.Error != "" || !hasRef {
			continue
		}
		s, err := cache.get(v)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		res, err := s.Align(v.Gold, v.Cand)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		ops, err := res.Repair(interp.RepairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fo := feedback.DefaultFeedbackOptions()
		fo.Unlimited = true
		lit, err := feedback.RenderFeedback(res.Score, ops, fo)
		if err != nil {
			t.Fatal(err)
		}
		fo.RefSemantics = res.RefSemantics()
		sem, err := feedback.RenderFeedback(res.Score, ops, fo)
		if err != nil {
			t.Fatalf("%s: semantic feedback: %v", v.ID, err)
		}
		pairs++
		ll, sl := strings.Split(lit.Text, "\n"), strings.Split(sem.Text, "\n")
		if len(ll) != len(sl) {
			t.Fatalf("%s: line counts differ:\n%s\n---\n%s", v.ID, lit.Text, sem.Text)
		}
		for i := range ll {
			if ll[i] == sl[i] {
				continue
			}
			if !strings.Contains(ll[i], "reference") || !strings.Contains(sl[i], "reference should point to") {
				t.Errorf("%s: a non-reference line changed:\n%s\n%s", v.ID, ll[i], sl[i])
			}
			changed++
		}
	}
	if changed == 0 {
		t.Error("no conformance vector got a semantic line")
	}
	t.Logf("%d pairs with reference operations, %d semantic lines", pairs, changed)
}
