package gen

import (
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestAbsentMembersGenerated checks that generated code fills absent
// members as the interpreter does (docs/SCORING.md §6.10): scores and
// operations bit for bit, in score and build mode.
func TestAbsentMembersGenerated(t *testing.T) {
	schemas := []string{
		`{"type": "object", "properties": {
			"name": {"type": "string", "score": "exact"},
			"snap": {"type": "integer", "default": 42, "score": "exact"},
			"ratio": {"type": "number", "default": 0.5},
			"mode": {"type": "string", "enum": ["fast", "safe"], "default": "safe"},
			"tags": {"type": "array", "items": {"type": "string"}, "default": []},
			"size": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": null},
			"note": {"type": ["string", "null"]},
			"lim": {"type": ["integer", "null"], "default": 3}},
			"required": ["name"]}`,
		`{"type": "object", "absentAsDefault": false, "properties": {
			"name": {"type": "string"},
			"snap": {"type": "integer", "default": 42}}}`,
		`{"type": "array", "order": "align", "items": {"type": "object", "properties": {
			"id": {"type": "integer", "score": "exact"},
			"kind": {"type": "string", "default": "SINGLE", "score": "exact"},
			"deps": {"type": "array", "items": {"type": "integer"}, "default": [1, 2]}},
			"required": ["id"]}}`,
	}
	pairsBy := [][][2]string{
		{
			{`{"name": "a"}`, `{"name": "a", "snap": 42}`},
			{`{"name": "a", "snap": 42}`, `{"name": "a"}`},
			{`{"name": "a"}`, `{"name": "a", "snap": 41, "ratio": 0.5, "mode": "fast"}`},
			{`{"name": "a", "snap": 7, "tags": ["x"]}`, `{"name": "b"}`},
			{`{"name": "a"}`, `{"name": "a", "size": null, "note": null, "tags": []}`},
			{`{"name": "a", "note": null, "lim": null}`, `{"name": "a", "size": 4}`},
			{`{"name": "a", "note": "x", "lim": 3}`, `{"name": "a", "note": null}`},
		},
		{
			{`{"name": "a"}`, `{"name": "a", "snap": 42}`},
			{`{"name": "a", "snap": 42}`, `{"name": "a"}`},
		},
		{
			{`[{"id": 1}, {"id": 2, "kind": "MERGE"}]`, `[{"id": 2, "kind": "MERGE", "deps": [1, 2]}, {"id": 1, "kind": "SINGLE"}]`},
			{`[{"id": 1, "deps": [3]}]`, `[{"id": 1}]`},
		},
	}
	h := newHarness(t)
	var pairs []pair
	var want []outcome
	for i, s := range schemas {
		h.schemas = append(h.schemas, []byte(s))
		sc, err := interp.Compile([]byte(s), "", interp.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, gp := range pairsBy[i] {
			g, err := jsonval.DecodeString(gp[0])
			must(t, err)
			p, err := jsonval.DecodeString(gp[1])
			must(t, err)
			pairs = append(pairs, pair{schema: i, gold: g, cand: p})
			want = append(want, interpOutcome(sc, g, p))
		}
	}
	bin := h.build(t)
	for i, err := range h.refused {
		t.Fatalf("schema %d refused: %v", i, err)
	}
	got := h.run(t, bin, pairs)
	for i := range pairs {
		if !got[i].Typed {
			t.Errorf("pair %d: not scored by the typed code", i)
		}
		if got[i].Score != want[i].Score || got[i].Ops != want[i].Ops {
			t.Errorf("pair %d (%s vs %s): generated %+v\ninterpreter %+v", i, jsonval.AppendJSON(nil, pairs[i].gold), jsonval.AppendJSON(nil, pairs[i].cand), got[i], want[i])
		}
	}
}
