package interp_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
)

// TestCandidatePaths checks that the default profile names every fix by
// the JSON Pointer where it applies in the candidate as it is
// (docs/SCORING.md §8.4), and that the reference profile keeps its entry
// positions. Each case is hand-computed; the first is the one of issue 18,
// where the entry position /lines/1/qty pointed at the candidate's other
// line (qty 5).
func TestCandidatePaths(t *testing.T) {
	lines := `{"type":"object","properties":{"lines":{"type":"array","order":"%s","items":{"type":"object",
		"properties":{"sku":{"type":"string","score":"exact"},"qty":{"type":"integer","score":"exact"}}}}}}`
	tags := `{"type":"object","properties":{"tags":{"type":"array","order":"align","items":{"type":"string","score":"exact"}}}}`
	for _, c := range []struct {
		name, schema, gold, cand string
		def, ref                 []string // "op kind path" of every operation, ranked
	}{{
		name:   "ordered: the changed line by its candidate index, the missing one where it goes",
		schema: strings.ReplaceAll(lines, "%s", "fixed"),
		gold:   `{"lines":[{"sku":"A","qty":1},{"sku":"B","qty":2},{"sku":"C","qty":5}]}`,
		cand:   `{"lines":[{"sku":"B","qty":3},{"sku":"C","qty":5}]}`,
		def:    []string{"add list_item_add /lines/0", "replace primitive_replace /lines/0/qty"},
		ref:    []string{"add list_item_add /lines/0", "replace primitive_replace /lines/1/qty"},
	}, {
		name:   "ordered: a missing line at the end is inserted at the candidate's length",
		schema: strings.ReplaceAll(lines, "%s", "fixed"),
		gold:   `{"lines":[{"sku":"A","qty":1},{"sku":"B","qty":2},{"sku":"C","qty":5}]}`,
		cand:   `{"lines":[{"sku":"A","qty":1},{"sku":"B","qty":4}]}`,
		def:    []string{"add list_item_add /lines/2", "replace primitive_replace /lines/1/qty"},
		ref:    []string{"add list_item_add /lines/2", "replace primitive_replace /lines/1/qty"},
	}, {
		name:   "unordered: a line inside by its candidate index",
		schema: strings.ReplaceAll(lines, "%s", "align"),
		gold:   `{"lines":[{"sku":"A","qty":1},{"sku":"B","qty":2},{"sku":"C","qty":5}]}`,
		cand:   `{"lines":[{"sku":"C","qty":5},{"sku":"B","qty":3}]}`,
		def:    []string{"add list_item_missing /lines", "replace primitive_replace /lines/1/qty"},
		ref:    []string{"add list_item_missing /lines", "replace primitive_replace /lines/1/qty"},
	}, {
		name:   "unordered: excess and changed elements by their candidate index, missing by the list",
		schema: tags,
		gold:   `{"tags":["a","b","c"]}`,
		cand:   `{"tags":["x","c","y","z"]}`,
		def: []string{"add list_item_missing /tags", "add list_item_missing /tags",
			"remove list_item_excess /tags/0", "remove list_item_excess /tags/2", "remove list_item_excess /tags/3"},
		ref: []string{"add list_item_missing /tags", "add list_item_missing /tags",
			"remove list_item_excess /tags", "remove list_item_excess /tags", "remove list_item_excess /tags"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range []struct {
				opts interp.Options
				want []string
			}{{defaultProfile, c.def}, {referenceProfile, c.ref}} {
				s, err := interp.Compile([]byte(c.schema), "", p.opts)
				if err != nil {
					t.Fatal(err)
				}
				res, err := s.Align(mustDecode(t, c.gold), mustDecode(t, c.cand))
				if err != nil {
					t.Fatal(err)
				}
				ops, err := res.Repair(interp.RepairOptions{})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, o := range ops {
					got = append(got, o.Op+" "+string(o.Kind)+" "+o.Path)
				}
				if strings.Join(got, "\n") != strings.Join(p.want, "\n") {
					t.Errorf("compat %v: operations\n%s\nwant\n%s", p.opts.Compat, strings.Join(got, "\n"), strings.Join(p.want, "\n"))
				}
			}
		})
	}
}

// TestCandidatePathFeedback checks the feedback line of issue 18's example:
// it names the candidate's /lines/0/qty, the line that holds 3.
func TestCandidatePathFeedback(t *testing.T) {
	s, err := interp.Compile([]byte(`{"type":"object","properties":{"lines":{"type":"array","order":"fixed","items":{"type":"object",
		"properties":{"sku":{"type":"string","score":"exact"},"qty":{"type":"integer","score":"exact"}}}}}}`), "", defaultProfile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Align(mustDecode(t, `{"lines":[{"sku":"A","qty":1},{"sku":"B","qty":2},{"sku":"C","qty":5}]}`),
		mustDecode(t, `{"lines":[{"sku":"B","qty":3},{"sku":"C","qty":5}]}`))
	if err != nil {
		t.Fatal(err)
	}
	text, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "/lines/0/qty: expected 2, got 3.") {
		t.Errorf("feedback does not name the candidate's /lines/0/qty:\n%s", text)
	}
}

// TestCandidatePathDiagnostics checks that pairing diagnostics name their
// node in the candidate too (default profile): the ambiguous codes of line
// B are the candidate's /lines/0/codes, the entry /lines/1/codes of the
// reference profile.
func TestCandidatePathDiagnostics(t *testing.T) {
	schema := `{"type":"object","properties":{"lines":{"type":"array","order":"fixed","items":{"type":"object",
		"properties":{"sku":{"type":"string","score":"exact"},"codes":{"type":"array","order":"align","items":{"type":"string","score":"exact"}}}}}}}`
	gold := `{"lines":[{"sku":"A","codes":["x"]},{"sku":"B","codes":["a","a"]}]}`
	cand := `{"lines":[{"sku":"B","codes":["a","b"]}]}`
	for _, p := range []struct {
		opts interp.Options
		want string
	}{{defaultProfile, "/lines/0/codes"}, {referenceProfile, "/lines/1/codes"}} {
		p.opts.ComputeConfidence, p.opts.ConfidenceMethod = true, "margin"
		s, err := interp.Compile([]byte(schema), "", p.opts)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Align(mustDecode(t, gold), mustDecode(t, cand))
		if err != nil {
			t.Fatal(err)
		}
		ops, err := res.Repair(interp.RepairOptions{IncludePairingAmbiguous: true})
		if err != nil {
			t.Fatal(err)
		}
		var diags []string
		for _, o := range ops {
			if o.Op == "describe" {
				diags = append(diags, o.Path)
			}
		}
		if !slices.Contains(diags, p.want) {
			t.Errorf("compat %q: diagnostics at %q, want one at %s", p.opts.Compat, diags, p.want)
		}
	}
}
