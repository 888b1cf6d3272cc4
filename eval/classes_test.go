package eval

import (
	"encoding/json"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/jsonval"

	"github.com/objectaligner/oagen/interp"
)

// classSchema has one member per situation of TestErrorClasses; keys pair
// exactly, so that no member pairs with another.
const classSchema = `{"type":"object","keyScore":"exact","properties":{
	"a":{"type":"string"},
	"b":{"type":"string","score":"levenshtein"},
	"c":{"type":"string","score":"exact"},
	"d":{"type":["string","null"]},
	"f":{"type":["string","null"]},
	"g":{"type":"string"},
	"h":{"type":"string"},
	"i":{"type":["string","null"]},
	"j":{"type":["string","null"]},
	"k":{"type":"string"}}}`

func classScorer(t *testing.T) *interp.Scorer {
	t.Helper()
	sc, err := interp.Compile([]byte(classSchema), "classes.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestErrorClasses checks the classes of Outcomes on one hand-built case
// with a member of every class, null and absent counted by one rule.
func TestErrorClasses(t *testing.T) {
	sc := classScorer(t)
	o := NewObserver(DefaultConfig())
	gold := `{"a":"abc","b":"hello","c":"x","d":null,"f":"v","g":"w","i":null,"j":null}`
	cand := `{"a":"abc","b":"hallo","c":"y","d":"z","f":null,"h":"q","i":null}`
	s := NewState(DefaultConfig())
	s.Add(observe(t, o, sc, Line{Number: 1}, gold, cand))
	got := map[string]PathSummary{}
	for _, p := range s.Finish().Paths {
		got[p.Path] = p
	}
	for path, want := range map[string]Outcomes{
		"/a": {Occurrences: 1, Exact: 1, TP: 1},
		// levenshtein("hello", "hallo") = 0.8 ≥ 0.5.
		"/b": {Occurrences: 1, Partial: 1, TP: 1},
		"/c": {Occurrences: 1, Wrong: 1, FP: 1, FN: 1},
		// The gold's null is no value: the candidate's "z" is invented.
		"/d": {Occurrences: 1, Invented: 1, FP: 1},
		// A null candidate is missing, as an absent one is.
		"/f": {Occurrences: 1, Missing: 1, FN: 1},
		"/g": {Occurrences: 1, Missing: 1, FN: 1},
		"/h": {Invented: 1, FP: 1},
		// null against null, null against absent, absent on both sides.
		"/i": {Occurrences: 1, BothAbsent: 1, TN: 1},
		"/j": {Occurrences: 1, BothAbsent: 1, TN: 1},
		"/k": {BothAbsent: 1, TN: 1},
	} {
		if got[path].Outcomes != want {
			t.Errorf("%s: %+v\nwant %+v", path, got[path].Outcomes, want)
		}
	}
	if p := got["/k"]; p.Precision != nil || p.Recall != nil || p.F1 != nil {
		t.Errorf("/k: precision, recall and F1 of true negatives alone are undefined: %+v", p)
	}
}

// TestPrecisionRecall checks the two recall conventions on one path over
// four cases: exact, wrong, missing, invented.
func TestPrecisionRecall(t *testing.T) {
	sc := classScorer(t)
	o := NewObserver(DefaultConfig())
	s := NewState(DefaultConfig())
	for i, pair := range [][2]string{
		{`{"c":"x"}`, `{"c":"x"}`},
		{`{"c":"x"}`, `{"c":"y"}`},
		{`{"c":"x"}`, `{}`},
		{`{}`, `{"c":"x"}`},
	} {
		s.Add(observe(t, o, sc, Line{Number: i + 1, Key: uint64(i)}, pair[0], pair[1]))
	}
	var p PathSummary
	for _, e := range s.Finish().Paths {
		if e.Path == "/c" {
			p = e
		}
	}
	want := Outcomes{Occurrences: 3, Exact: 1, Wrong: 1, Missing: 1, Invented: 1, TP: 1, FP: 2, FN: 2}
	if p.Outcomes != want {
		t.Fatalf("/c: %+v\nwant %+v", p.Outcomes, want)
	}
	// precision 1/(1+2), recall 1/(1+2), F1 2/(2+2+2); without wrong
	// values in recall: 1/(1+1), F1 2/(2+2+1).
	for name, g := range map[string]struct {
		got  *float64
		want float64
	}{
		"precision":            {p.Precision, 1.0 / 3},
		"recall":               {p.Recall, 1.0 / 3},
		"f1":                   {p.F1, 1.0 / 3},
		"recall_without_wrong": {p.RecallWithoutWrong, 0.5},
		"f1_without_wrong":     {p.F1WithoutWrong, 0.4},
	} {
		if g.got == nil || *g.got != g.want {
			t.Errorf("%s = %v, want %v", name, g.got, g.want)
		}
	}
}

// TestNonMatches checks the value errors of hand-built cases: one of every
// error class (and the classes that are none), and array elements whose
// pointers differ between the gold and the candidate.
func TestNonMatches(t *testing.T) {
	str := func(s string) *string { return &s }
	sc := classScorer(t)
	o := NewObserver(DefaultConfig())
	c := observe(t, o, sc, Line{ID: json.RawMessage(`"all"`), Number: 3},
		`{"a":"abc","b":"hello","c":"x","d":null,"f":"v","g":"w","i":null,"j":null}`,
		`{"a":"abc","b":"hallo","c":"y","d":"z","f":null,"h":"q","i":null}`)
	// Nine entries of weight 1: each error recovers 1/9.
	ninth := 1.0 / 9
	want := map[string]NonMatch{
		"/c": {Path: "/c", GoldPointer: str("/c"), CandidatePointer: str("/c"), Class: ClassWrong, Gold: raw(`"x"`), Candidate: raw(`"y"`), Delta: ninth},
		"/d": {Path: "/d", GoldPointer: str("/d"), CandidatePointer: str("/d"), Class: ClassInvented, Gold: raw(`null`), Candidate: raw(`"z"`), Delta: ninth},
		"/f": {Path: "/f", GoldPointer: str("/f"), CandidatePointer: str("/f"), Class: ClassMissing, Gold: raw(`"v"`), Candidate: raw(`null`), Delta: ninth},
		"/g": {Path: "/g", GoldPointer: str("/g"), Class: ClassMissing, Gold: raw(`"w"`), Delta: ninth},
		"/h": {Path: "/h", CandidatePointer: str("/h"), Class: ClassInvented, Candidate: raw(`"q"`), Delta: ninth},
	}
	checkNonMatches(t, c.NonMatches, want, json.RawMessage(`"all"`), 0)

	arr, err := interp.Compile([]byte(`{"type":"object","properties":{"xs":{"type":"array","order":"align","items":{"type":"string","score":"exact"}}}}`), "arr.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c = observe(t, o, arr, Line{Number: 4}, `{"xs":["a","b","c"]}`, `{"xs":["c","q","a"]}`)
	// a and c pair; b pairs with q at similarity 0, so they are a missing
	// and an invented element: four entries, 1/4 each.
	want = map[string]NonMatch{
		"missing":  {Path: "/xs/*", GoldPointer: str("/xs/1"), Class: ClassMissing, Gold: raw(`"b"`), Delta: 0.25},
		"invented": {Path: "/xs/*", CandidatePointer: str("/xs/1"), Class: ClassInvented, Candidate: raw(`"q"`), Delta: 0.25},
	}
	checkNonMatches(t, c.NonMatches, want, nil, 4)

	// A root of another kind: one wrong line at the root.
	un, err := interp.Compile([]byte(`{"type":["object","array"],"properties":{"a":{"type":"integer"}},"items":{"type":"integer"}}`), "", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c = observe(t, o, un, Line{Number: 5}, `{"a":1}`, `[1]`)
	want = map[string]NonMatch{"wrong": {Path: "", GoldPointer: str(""), CandidatePointer: str(""), Class: ClassWrong, Gold: raw(`{"a":1}`), Candidate: raw(`[1]`), Delta: 1}}
	checkNonMatches(t, c.NonMatches, want, nil, 5)

	// The State keeps none of them.
	s := NewState(DefaultConfig())
	s.Add(c)
	if s.Worst[0].NonMatches != nil {
		t.Errorf("the state keeps non-matches: %+v", s.Worst[0].NonMatches)
	}
}

func raw(s string) json.RawMessage { return json.RawMessage(s) }

// checkNonMatches compares got with want, keyed by path or, for paths
// that repeat, by class; every line has the id (or, without one, the line).
func checkNonMatches(t *testing.T, got []NonMatch, want map[string]NonMatch, id json.RawMessage, line int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d non-matches, want %d: %s", len(got), len(want), jsonOf(got))
	}
	for _, g := range got {
		k := g.Path
		if _, ok := want[k]; !ok {
			k = g.Class
		}
		w := want[k]
		w.ID, w.Line = id, line
		if jsonOf(g) != jsonOf(w) {
			t.Errorf("%s:\ngot  %s\nwant %s", k, jsonOf(g), jsonOf(w))
		}
	}
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestNonMatchesAgreeWithCounts checks on the conformance vectors (every
// tenth, every fortieth with -short) that the lines of a case's
// non_matches.jsonl agree with its path counts: at every path, no more
// lines of a class than values of that class, each line's pointers name
// the values it shows, and the deltas add up to at most 1 − score.
func TestNonMatchesAgreeWithCounts(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	step := 10
	if testing.Short() {
		step = 40
	}
	o := NewObserver(DefaultConfig())
	lines := 0
	for i := 0; i < len(vs); i += step {
		v := vs[i]
		sc, err := interp.Compile(v.SchemaText, v.ID, interp.Options{})
		if err != nil {
			continue
		}
		res, err := sc.Align(v.Gold, v.Cand)
		if err != nil {
			continue
		}
		c, err := o.Scored(Line{Number: i + 1}, sc, res, nil)
		if err != nil {
			t.Fatal(err)
		}
		counts := map[string]Outcomes{}
		for _, p := range c.Paths {
			counts[p.Path] = p.Outcomes
		}
		got := map[string]Outcomes{}
		var sum float64
		for _, nm := range c.NonMatches {
			o := got[nm.Path]
			o.count(nm.Class)
			got[nm.Path] = o
			sum += nm.Delta
			for _, side := range []struct {
				doc  jsonval.Value
				ptr  *string
				text json.RawMessage
			}{{v.Gold, nm.GoldPointer, nm.Gold}, {v.Cand, nm.CandidatePointer, nm.Candidate}} {
				if side.ptr == nil {
					continue
				}
				x, ok := resolvePointer(side.doc, *side.ptr)
				if !ok {
					t.Errorf("%s: %s: pointer %q names no value", v.ID, nm.Path, *side.ptr)
				} else if got := string(jsonval.AppendJSON(nil, x)); got != string(side.text) {
					t.Errorf("%s: %s: the line's value %s, the value at %q %s", v.ID, nm.Path, side.text, *side.ptr, got)
				}
			}
			if nm.GoldPointer == nil && nm.CandidatePointer == nil {
				t.Errorf("%s: %s: a line with neither pointer", v.ID, nm.Path)
			}
			lines++
		}
		for path, g := range got {
			w := counts[path]
			if g.Wrong > w.Wrong || g.Invented > w.Invented || g.Missing > w.Missing {
				t.Errorf("%s: %s: lines %+v exceed the counts %+v", v.ID, path, g, w)
			}
		}
		if sum > 1-res.Score+1e-9 {
			t.Errorf("%s: the deltas add up to %v, more than 1 − score = %v", v.ID, sum, 1-res.Score)
		}
	}
	t.Logf("%d lines checked", lines)
	if lines < 100 {
		t.Fatalf("only %d lines", lines)
	}
}
