package repair_test

import (
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

// partySchema is the new-user case: line items reference parties by
// id, and the ids are whatever the model makes up.
const partySchema = `{"type":"object","properties":{
 "parties":{"type":"array","order":"align","items":{"type":"object","properties":{
   "id":{"type":"%s","idScope":"party"},"name":{"type":"string","score":"exact"}}}},
 "lines":{"type":"array","order":"align","items":{"type":"object","properties":{
   "sku":{"type":"string","score":"exact"},"party":{"type":"%s","ref":"party"}}}}}}`

func partyScorer(t *testing.T, idType string, compat interp.Compat) *interp.Scorer {
	t.Helper()
	s, err := interp.Compile([]byte(strings.ReplaceAll(partySchema, "%s", idType)), "party.json", interp.Options{Compat: compat})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func find(t *testing.T, ops []align.Op, kind align.OpKind, path string) align.Op {
	t.Helper()
	for _, o := range ops {
		if o.Kind == kind && o.Path == path {
			return o
		}
	}
	t.Fatalf("no %s at %s in %d operations", kind, path, len(ops))
	return align.Op{}
}

// TestNewUserCase is the regression test of the case: the candidate
// calls the gold's party "depot" by its own id "p2" and lacks the line item
// that references it. By hand: parties score 1 (π: depot → p2, hq → p1),
// lines 1/2 (B2 pairs, A1 is missing), so the score is (1 + 1/2)/2 = 0.75,
// and the missing line recovers 1/2 · 1/2 = 0.25. Written with "p2" it earns
// exactly that (score 1); written with the gold's "depot", as the reference
// profile writes it, its reference resolves to nothing and the line earns
// half of it (score 0.875).
func TestNewUserCase(t *testing.T) {
	gold := mustJSON(t, `{"parties":[{"id":"depot","name":"Central Depot"},{"id":"hq","name":"Head Office"}],
		"lines":[{"sku":"A1","party":"depot"},{"sku":"B2","party":"hq"}]}`)
	cand := mustJSON(t, `{"parties":[{"id":"p1","name":"Head Office"},{"id":"p2","name":"Central Depot"}],
		"lines":[{"sku":"B2","party":"p1"}]}`)

	s := partyScorer(t, "string", interp.CompatDefault)
	res, err := s.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 0.75 {
		t.Fatalf("score %v, want 0.75", res.Score)
	}
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		t.Fatal(err)
	}
	fix := find(t, ops, align.KindListItemMissing, "/lines")
	if want := mustJSON(t, `{"sku":"A1","party":"p2"}`); !jsonval.Equal(fix.Value, want) || !jsonval.Equal(fix.Gold, want) {
		t.Errorf("fix value %s, gold %s; want %s", fix.Value, fix.Gold, want)
	}
	if fix.Delta != 0.25 {
		t.Errorf("fix Δ %v, want 0.25", fix.Delta)
	}
	var line string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "/lines") {
			line = l
		}
	}
	if !strings.Contains(line, "p2") || strings.Contains(line, "depot") {
		t.Errorf("the feedback line of the fix must name p2, not depot: %q", line)
	}

	// The fix alone, applied as written, earns exactly its delta.
	fixed, err := repair.Apply(cand, []align.Op{fix})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Score(gold, fixed); err != nil || got != res.Score+fix.Delta {
		t.Errorf("after the fix: score %v (%v), want %v + %v", got, err, res.Score, fix.Delta)
	}

	// The reference profile keeps the reference's fix, in the gold's ids.
	rs := partyScorer(t, "string", interp.CompatReference)
	rres, err := rs.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	rops, err := rres.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rfix := find(t, rops, align.KindListItemMissing, "/lines")
	if want := mustJSON(t, `{"sku":"A1","party":"depot"}`); !jsonval.Equal(rfix.Value, want) || rfix.Delta != 0.25 || rfix.Site != nil {
		t.Errorf("reference profile: fix %s Δ %v site %v, want %s Δ 0.25 and no site", rfix.Value, rfix.Delta, rfix.Site, want)
	}
	asWritten := mustJSON(t, `{"parties":[{"id":"p1","name":"Head Office"},{"id":"p2","name":"Central Depot"}],
		"lines":[{"sku":"B2","party":"p1"},{"sku":"A1","party":"depot"}]}`)
	if got, _ := rs.Score(gold, asWritten); got != 0.875 {
		t.Errorf("the reference's fix as written scores %v, want 0.875", got)
	}
}

// TestFreshIDs covers gold records without a counterpart: each is added under
// a fresh id the candidate does not use — the gold's id when free, else a
// suffixed string or the next integer — and every suggested reference to it
// uses the same id; the repaired candidate scores 1.
func TestFreshIDs(t *testing.T) {
	for _, tc := range []struct {
		name, idType, gold, cand string
		party, line              string // the values of the two list_item_missing fixes
	}{
		{"gold id free", "string",
			`{"parties":[{"id":"depot","name":"Central Depot"},{"id":"hq","name":"Head Office"}],"lines":[{"sku":"A1","party":"depot"},{"sku":"B2","party":"hq"}]}`,
			`{"parties":[{"id":"p1","name":"Head Office"}],"lines":[{"sku":"B2","party":"p1"}]}`,
			`{"id":"depot","name":"Central Depot"}`, `{"sku":"A1","party":"depot"}`},
		{"gold id taken: suffix", "string",
			`{"parties":[{"id":"depot","name":"Central Depot"},{"id":"hq","name":"Head Office"}],"lines":[{"sku":"A1","party":"depot"},{"sku":"B2","party":"hq"}]}`,
			`{"parties":[{"id":"depot","name":"Head Office"}],"lines":[{"sku":"B2","party":"depot"},{"sku":"C3","party":"depot_2"}]}`,
			`{"id":"depot_3","name":"Central Depot"}`, `{"sku":"A1","party":"depot_3"}`},
		{"integer id taken: next integer", "integer",
			`{"parties":[{"id":1,"name":"Central Depot"},{"id":2,"name":"Head Office"}],"lines":[{"sku":"A1","party":1},{"sku":"B2","party":2}]}`,
			`{"parties":[{"id":1,"name":"Head Office"}],"lines":[{"sku":"B2","party":1},{"sku":"C3","party":7}]}`,
			`{"id":8,"name":"Central Depot"}`, `{"sku":"A1","party":8}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gold, cand := mustJSON(t, tc.gold), mustJSON(t, tc.cand)
			s := partyScorer(t, tc.idType, interp.CompatDefault)
			res, err := s.Align(gold, cand)
			if err != nil {
				t.Fatal(err)
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for path, want := range map[string]string{"/parties": tc.party, "/lines": tc.line} {
				if fix := find(t, ops, align.KindListItemMissing, path); !jsonval.Equal(fix.Value, mustJSON(t, want)) {
					t.Errorf("%s: fix value %s, want %s", path, fix.Value, want)
				}
			}
			repaired, err := repair.Apply(cand, res.Edits())
			if err != nil {
				t.Fatal(err)
			}
			if got, err := s.Score(gold, repaired); err != nil || got != 1 {
				t.Errorf("the repaired candidate %s scores %v (%v), want 1", repaired, got, err)
			}
		})
	}
}

// TestIDRenames: the edits rename a candidate id where the fixes' references
// need it — the candidate gives one id to two records — and not where the
// rename would only trade ids between twin records of an unordered list
// (the paper's org chart has two Daves that the alignment and the
// bijection pair differently): there the edits are the feedback's fixes.
func TestIDRenames(t *testing.T) {
	s := partyScorer(t, "string", interp.CompatDefault)
	gold := mustJSON(t, `{"parties":[{"id":"a","name":"X"},{"id":"b","name":"Y"}],"lines":[{"sku":"s1","party":"a"},{"sku":"s2","party":"b"}]}`)
	cand := mustJSON(t, `{"parties":[{"id":"p","name":"X"},{"id":"p","name":"Y"}],"lines":[{"sku":"s1","party":"p"},{"sku":"s2","party":"p"}]}`)
	res, err := s.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	repaired, err := repair.Apply(cand, res.Edits())
	if err != nil {
		t.Fatal(err)
	}
	want := mustJSON(t, `{"parties":[{"id":"p","name":"X"},{"id":"b","name":"Y"}],"lines":[{"sku":"s1","party":"p"},{"sku":"s2","party":"b"}]}`)
	if !jsonval.Equal(repaired, want) {
		t.Errorf("repaired %s, want %s", repaired, want)
	}
	if got, _ := s.Score(gold, repaired); got != 1 {
		t.Errorf("the repaired candidate scores %v", got)
	}

	org, err := interp.Compile(readFile(t, "../examples/orgchart/schema.json"), "schema.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err = org.Align(mustJSON(t, string(readFile(t, "../examples/orgchart/gold.json"))), mustJSON(t, string(readFile(t, "../examples/orgchart/candidate.json"))))
	if err != nil {
		t.Fatal(err)
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if edits := res.Edits(); len(edits) != len(ops) {
		t.Errorf("org chart: %d edits for %d fixes", len(edits), len(ops))
		for _, o := range edits {
			t.Logf("  %s %s %s %s", o.Op, o.Kind, o.Path, o.Value)
		}
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestTrueValues: in the default profile a fix carries the value at its
// site, and applying it alone earns its delta. A missing element that a
// zero-score pairing left behind is the gold element itself, not its aligned
// form; a JSON null paired with a value is replaced, where the reference
// profile reports an add beside it or a remove that leaves the gold's null
// unmatched.
func TestTrueValues(t *testing.T) {
	for _, tc := range []struct {
		name, schema, gold, cand string
		kind                     align.OpKind
		value                    string
		refOp                    string // the reference profile's op of that kind at that site
	}{
		{"dissolved pair", `{"type":"array","order":"align","items":{"type":"array","items":{"type":"integer","score":"exact"}}}`,
			`[[1,2],[7]]`, `[[3],[7]]`, align.KindListItemMissing, `[1,2]`, "add"},
		{"null paired with a value", `{"type":"array","items":{"type":["integer","null"],"score":"exact","nullScore":0.5}}`,
			`[null,4]`, `[5,4]`, align.KindNullValueReplace, `null`, "remove"},
		{"value paired with null", `{"type":"array","items":{"type":["integer","null"],"score":"exact","nullScore":0.5}}`,
			`[5,4]`, `[null,4]`, align.KindNullValueReplace, `5`, "add"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gold, cand := mustJSON(t, tc.gold), mustJSON(t, tc.cand)
			s, err := interp.Compile([]byte(tc.schema), "s.json", interp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Align(gold, cand)
			if err != nil {
				t.Fatal(err)
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var fix *align.Op
			for i := range ops {
				if ops[i].Kind == tc.kind {
					fix = &ops[i]
				}
			}
			if fix == nil || !jsonval.Equal(fix.Value, mustJSON(t, tc.value)) {
				t.Fatalf("no %s with value %s in %+v", tc.kind, tc.value, ops)
			}
			fixed, err := repair.Apply(cand, []align.Op{*fix})
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := s.Score(gold, fixed); got != res.Score+fix.Delta {
				t.Errorf("after the fix %s: score %v, want %v + %v", fixed, got, res.Score, fix.Delta)
			}
			rs, _ := interp.Compile([]byte(tc.schema), "s.json", interp.Options{Compat: interp.CompatReference})
			rres, _ := rs.Align(gold, cand)
			rops, _ := rres.Repair(interp.RepairOptions{})
			found := false
			for _, o := range rops {
				found = found || (o.Op == tc.refOp && o.Delta == fix.Delta)
			}
			if !found {
				t.Errorf("reference profile: no %s of Δ %v in %+v", tc.refOp, fix.Delta, rops)
			}
		})
	}
}

// TestRegressions repairs the pairs of testdata/regressions.jsonl, each a
// bug found by the property tests: the repaired candidate must score 1.
func TestRegressions(t *testing.T) {
	for i, line := range strings.Split(strings.TrimSpace(string(readFile(t, "testdata/regressions.jsonl"))), "\n") {
		c := mustJSON(t, line)
		get := func(k string) jsonval.Value { v, _ := c.Get(k); return v }
		s, err := interp.Compile(jsonval.AppendJSON(nil, get("schema")), "regression.json", interp.Options{})
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		gold, cand := get("gold"), get("candidate")
		res, err := s.Align(gold, cand)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		repaired, err := repair.Apply(cand, res.Edits())
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		want, _ := s.Score(gold, res.CandidateSpaceGold())
		if got, _ := s.Score(gold, repaired); got != want {
			t.Errorf("line %d (%s): the repaired candidate scores %v, the gold in the candidate's identifiers %v", i+1, get("why").S, got, want)
		}
	}
}
