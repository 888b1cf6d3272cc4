package report

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

func mustDecode(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// alignPair scores gold against cand under schema.
func alignPair(t *testing.T, schema, gold, cand string) *interp.Result {
	t.Helper()
	sc, err := interp.Compile([]byte(schema), "schema.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Align(mustDecode(t, gold), mustDecode(t, cand))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// view builds the view of a result with the default repair and feedback
// options.
func view(t *testing.T, res *interp.Result) *CaseView {
	t.Helper()
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewCaseView(res, ops, feedback.DefaultFeedbackOptions())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func orgchartResult(t *testing.T) *interp.Result {
	t.Helper()
	return alignPair(t, readFile(t, "../examples/orgchart/schema.json"),
		readFile(t, "../examples/orgchart/gold.json"), readFile(t, "../examples/orgchart/candidate.json"))
}

func rowAt(t *testing.T, c *CaseView, path string) Row {
	t.Helper()
	for _, r := range c.Rows {
		if r.Path == path {
			return r
		}
	}
	t.Fatalf("no row at %q", path)
	return Row{}
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// TestNewCaseOrgchart checks the view of the paper's org-chart example
// against what its alignment is (README: score 0.7678571428571429, the five
// fixes of Figure 3).
func TestNewCaseOrgchart(t *testing.T) {
	c := view(t, orgchartResult(t))
	if c.Invalid != "" || c.Truncated {
		t.Fatalf("invalid %q, truncated %v", c.Invalid, c.Truncated)
	}
	for _, tc := range []struct {
		path, status, gold, cand string
		node                     string
	}{
		{"/people", StatusPartial, "[6]", "[5]", "array"},
		{"/people/0", StatusExact, "{3}", "{3}", "object"},
		{"/people/0/id", StatusExact, "1", "91", ""},
		{"/people/0/name", StatusExact, `"Alice"`, `"Alice"`, ""},
		{"/people/5", StatusMissing, `{"id":6,"name":"Eve","role":"Intern"}`, "<nil>", ""},
		{"/mentorships/0/mentee", StatusExact, "4", "92", ""},
		{"/agenda/0", StatusExcess, "<nil>", `"reviews"`, ""},
		{"/agenda/1", StatusExact, `"intro"`, `"intro"`, ""},
		{"/agenda/2", StatusMissing, `"reviews"`, "<nil>", ""},
		{"/agenda/3", StatusPartial, `"closing"`, `"closin"`, ""},
		{"/period/1", StatusPartial, "2025", "2026", ""},
	} {
		r := rowAt(t, c, tc.path)
		if r.Status != tc.status || str(r.Gold) != tc.gold || str(r.Cand) != tc.cand || r.Node != tc.node {
			t.Errorf("%s: got %s %s | %s node %q, want %s %s | %s node %q", tc.path,
				r.Status, str(r.Gold), str(r.Cand), r.Node, tc.status, tc.gold, tc.cand, tc.node)
		}
	}
	if r := rowAt(t, c, "/people/0/id"); r.Kind != "id" || r.Depth != 2 || r.GoldKey != "id" || r.CandKey != "id" {
		t.Errorf("id row = %+v", r)
	}
	// /agenda/0 is one of four entries of a list weighing 1/4: 1/16 of
	// the score, all lost.
	if r := rowAt(t, c, "/agenda/0"); r.Weight != 0.0625 || r.Deficit != 0.0625 {
		t.Errorf("/agenda/0 weight %v deficit %v, want 0.0625 both", r.Weight, r.Deficit)
	}
	if len(c.Scopes) != 1 || c.Scopes[0].Name != "person" || len(c.Scopes[0].Pairs) != 6 || len(c.Scopes[0].Excess) != 0 {
		t.Fatalf("scopes = %+v", c.Scopes)
	}
	wantPairs := []string{"1>91", "2>94", "3>93", "4>92", "5>90", "6><nil>"}
	for i, p := range c.Scopes[0].Pairs {
		if got := p.Gold + ">" + str(p.Cand); got != wantPairs[i] {
			t.Errorf("pair %d = %s, want %s", i, got, wantPairs[i])
		}
	}
	wantFixes := []string{"/agenda/0", "/agenda/2", "/period/1", "/people", "/agenda/2"} // candidate coordinates (docs/SCORING.md §8.4)
	if len(c.Fixes) != len(wantFixes) {
		t.Fatalf("fixes = %+v", c.Fixes)
	}
	for i, f := range c.Fixes {
		if f.Rank != i+1 || f.Path != wantFixes[i] || !strings.HasPrefix(f.Text, f.Path+":") && !strings.Contains(f.Text, f.Path+":") {
			t.Errorf("fix %d = %+v, want rank %d at %s", i, f, i+1, wantFixes[i])
		}
	}
	if c.Fixes[3].Kind != string(align.KindListItemMissing) || c.Fixes[3].Delta != 0.041666666666666664 {
		t.Errorf("fix 4 = %+v", c.Fixes[3])
	}
}

// TestNewCaseStatuses covers the statuses the org chart does not have: a
// wrong reference (with the id it should be), a replaced value, a renamed
// key, an excess member and a member that does not count.
func TestNewCaseStatuses(t *testing.T) {
	schema := `{"type":"object","properties":{
	  "p":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"string","idScope":"p"},"n":{"type":"string","score":"exact"}}}},
	  "e":{"type":"array","order":"align","items":{"type":"object","properties":{"to":{"type":"string","ref":"p"},"w":{"type":"integer"}}}},
	  "k":{"type":"string","score":"exact"},
	  "z":{"type":"string","score":"exact","valueWeight":0}}}`
	gold := `{"p":[{"id":"a","n":"Ann"},{"id":"b","n":"Bo"}],"e":[{"to":"a","w":1}],"k":"x","z":"q"}`
	cand := `{"p":[{"id":"A","n":"Ann"},{"id":"B","n":"Bo"}],"e":[{"to":"B","w":1}],"k":"y","z":"r","extra":1}`
	c := view(t, alignPair(t, schema, gold, cand))
	r := rowAt(t, c, "/e/0/to")
	if r.Status != StatusWrongRef || r.Kind != "ref" || str(r.Expect) != `"A"` || str(r.Cand) != `"B"` {
		t.Errorf("ref row = %+v (expect %s)", r, str(r.Expect))
	}
	if r := rowAt(t, c, "/k"); r.Status != StatusReplaced || r.Score != 0 {
		t.Errorf("/k = %+v", r)
	}
	if r := rowAt(t, c, "/z"); r.Status != StatusReplaced || r.Weight != 0 || r.Deficit != 0 {
		t.Errorf("/z = %+v", r)
	}
	if r := rowAt(t, c, "/extra"); r.Status != StatusExcess || r.GoldKey != "" || r.CandKey != "extra" || r.Deficit <= 0 {
		t.Errorf("/extra = %+v", r)
	}
	if len(c.Scopes) != 1 || str(c.Scopes[0].Pairs[0].Cand) != `"A"` {
		t.Errorf("scopes = %+v", c.Scopes)
	}
}

func TestNewCaseInvalidCandidate(t *testing.T) {
	schema := `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`
	c := view(t, alignPair(t, schema, `{"a":"x"}`, `{"a":1}`))
	if !strings.HasPrefix(c.Invalid, "/a: ") || len(c.Rows) != 0 || c.Rows == nil || len(c.Fixes) != 0 {
		t.Fatalf("case = %+v", c)
	}
}

func TestRowWalkerBounds(t *testing.T) {
	res := orgchartResult(t)
	w := rowWalker{max: 3, chars: 5}
	w.node(res.Match, "", 0, 1)
	if len(w.rows) != 3 || !w.truncated {
		t.Fatalf("rows %d truncated %v", len(w.rows), w.truncated)
	}
	if g := str(w.rows[2].Gold); g != "1" {
		t.Errorf("row 2 gold %q", g)
	}
	full := rowWalker{max: 100, chars: 5}
	full.node(res.Match, "", 0, 1)
	c := &CaseView{Rows: full.rows}
	if g := str(rowAt(t, c, "/people/5").Gold); g != `{"id…` || full.truncated {
		t.Errorf("cut value = %q, truncated %v", g, full.truncated)
	}
}

func TestJSONText(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{`"abc"`, 5, `"abc"`},
		{`"abcd"`, 5, `"abc…`},
		{`"äöüß"`, 4, `"äö…`},
		{`[1,2]`, 10, `[1,2]`},
	} {
		v, err := jsonval.DecodeString(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonText(v, tc.max); got != tc.want {
			t.Errorf("jsonText(%s, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
	}
}

// TestCaseDeficitsAddUp checks on the conformance vectors that the rows at
// depth 0 account for 1 − score and that each header's rows account for
// its deficit (less its key term, which the rows cannot carry).
func TestCaseDeficitsAddUp(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	// Every tenth vector (every 40th with -short) keeps the test quick;
	// every family is covered either way.
	step := 10
	if testing.Short() {
		step = 40
	}
	checked := 0
	for i := 0; i < len(vs); i += step {
		v := vs[i]
		sc, err := interp.Compile(v.SchemaText, v.ID, interp.Options{})
		if err != nil {
			continue
		}
		res, err := sc.Align(v.Gold, v.Cand)
		if err != nil || res.Match == nil {
			continue
		}
		w := rowWalker{max: 1 << 20, chars: MaxValueChars}
		w.node(res.Match, "", 0, 1)
		c := &CaseView{Rows: w.rows}
		if res.Match.Type != align.LeafNode && len(c.Rows) == 0 {
			continue // an empty root container
		}
		top := 0.0
		for _, r := range c.Rows {
			if r.Depth == 0 {
				top += r.Deficit
			}
		}
		if d := math.Abs(top - (1 - res.Score)); d > 1e-9 {
			t.Errorf("%s: depth-0 deficits add up to %v, 1 − score is %v", v.ID, top, 1-res.Score)
		}
		for j, h := range c.Rows {
			if h.Node == "" {
				continue
			}
			sum := 0.0
			for _, r := range c.Rows[j+1:] {
				if r.Depth <= h.Depth {
					break
				}
				if r.Depth == h.Depth+1 {
					sum += r.Deficit
				}
			}
			if want := h.Weight * (1 - h.Score); math.Abs(sum-want) > 1e-9 {
				t.Errorf("%s %s: rows add up to %v, header deficit is %v", v.ID, h.Path, sum, want)
			}
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("only %d vectors checked", checked)
	}
}
