package gen

import (
	"math"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestMapsAnyKinds: maps (docs/SCORING.md §6.8), any nodes and schema-less
// members (docs/SCORING.md §6.9) and unions of primitive types
// (docs/SCORING.md §1.4) are generated, and
// the generated code scores every pair exactly as the interpreter (score
// bits and ranked operations), on the typed path where the values fit.
// Some expectations are computed by hand (the examples of docs/SCORING.md).
func TestMapsAnyKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	nan := math.NaN()
	agreeOnCases(t, []schemaCase{
		{`{"type": "object", "additionalProperties": {"type": "integer"}}`, []pairCase{
			{`{"a": 1, "b": 2}`, `{"a": 1, "b": 2}`, 1},
			{`{"a": 1, "b": 2}`, `{"a": 1, "b": 3}`, 0.75},
			{`{"a": 1, "b": 2}`, `{"a": 1, "c": 2}`, 1.0 / 3},
			{`{}`, `{}`, 1},
			{`{"b": 2, "a": 1.0}`, `{"a": 1}`, nan},
		}},
		{`{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "object", "properties": {"n": {"type": "string"}, "k": {"type": ["integer", "null"]}}, "required": ["n"]}, "keyScore": "jaro"}, "x": {"type": "integer"}}}`, []pairCase{
			{`{"m": {"u1": {"n": "ab"}, "u2": {"n": "cd", "k": 3}}, "x": 1}`, `{"m": {"u1": {"n": "ab"}, "u2": {"n": "cd", "k": 3}}, "x": 1}`, 1},
			{`{"m": {"u1": {"n": "ab"}, "u2": {"n": "cd", "k": 3}}, "x": 1}`, `{"m": {"u1": {"n": "abc"}, "u3": {"n": "cd", "k": null}}}`, nan},
			{`{"m": {}}`, `{"m": {"zz": {"n": "q"}}, "x": 2}`, nan},
		}},
		{`{"type": "object", "properties": {"meta": {"type": "object"}, "tags": {"type": "object", "additionalProperties": {"type": ["string", "null"], "score": "exact"}}}, "required": ["meta"]}`, []pairCase{
			{`{"meta": {"a": [1, 2, {"b": "x"}]}}`, `{"meta": {"a": [1, 3, {"b": "x"}]}}`, 2.0 / 3},
			{`{"meta": {"a": 1, "b": 2}, "tags": {"x": null}}`, `{"meta": {"b": 2.0, "a": 1}, "tags": {"x": "y"}}`, nan},
			{`{"meta": {}}`, `{"meta": {"a": null}, "tags": {}}`, nan},
		}},
		{`{"type": "object", "properties": {"v": {}, "w": {"description": "anything"}, "e": {"enum": [1, "a", null, {"k": 1}]}}, "required": ["v"]}`, []pairCase{
			{`{"v": {"a": 1, "b": 2}}`, `{"v": {"a": 1, "c": 2}}`, nan},
			{`{"v": null, "w": [1, 2]}`, `{"v": 3, "w": [1, 2, 3]}`, nan},
			{`{"v": "s", "e": {"k": 1}}`, `{"v": "s", "e": {"k": 1.0}}`, 1},
			{`{"v": "s", "e": null}`, `{"v": "s"}`, 1},
			{`{"v": "s", "e": 1}`, `{"v": "s", "e": "a"}`, nan},
			{`{"v": 1}`, `{"v": "1"}`, nan},
		}},
		{`{"type": "object", "properties": {"id": {"type": ["string", "integer"], "score": "exact"}, "q": {"type": ["number", "string", "null"], "nullScore": 0.5}, "b": {"type": ["boolean", "integer"]}}}`, []pairCase{
			{`{"id": "a", "q": 2.5, "b": true}`, `{"id": "a", "q": 2.5, "b": true}`, 1},
			{`{"id": "a", "q": 2.5, "b": true}`, `{"id": 1, "q": null, "b": 3}`, nan},
			{`{"id": 7, "q": "x"}`, `{"id": 7, "q": 3}`, nan},
			{`{"q": 4}`, `{"q": 4.0, "b": false}`, nan},
		}},
		{`{"type": "array", "items": {"type": ["string", "integer", "null"]}, "order": "align"}`, []pairCase{
			{`["a", 1, null]`, `[null, 1, "a"]`, 1},
			{`["a", 1, null]`, `["b", 2]`, nan},
		}},
		{`{"type": "object", "patternProperties": {"^x-": {"type": "string", "score": "exact"}, "^n": {"type": "number"}}, "additionalProperties": {"type": "boolean"}}`, []pairCase{
			{`{"x-a": "p", "n1": 2, "flag": true}`, `{"x-a": "p", "n1": 2, "flag": true}`, 1},
			{`{"x-a": "p", "n1": 2, "flag": true}`, `{"x-a": "q", "n1": 3, "flag": false}`, nan},
		}},
		{`{"type": "object", "patternProperties": {"^x-": {"type": "string"}}}`, []pairCase{
			{`{"x-a": "pq", "other": [1]}`, `{"x-a": "pr", "other": [1, 2]}`, nan},
		}},
		{`{"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}}, "minProperties": 1}`, []pairCase{
			{`{"a": [1, 2]}`, `{"a": [2, 1], "b": []}`, nan},
			{`{"a": [1, 2]}`, `{}`, 0},
		}},
		{`{"type": "object", "properties": {"d": {"type": "object", "additionalProperties": {"type": "integer"}, "default": {"k": 1}}, "a": {"default": [1, "x"]}, "s": {"type": ["string", "integer"], "default": 3}, "n": {"type": "integer"}}}`, []pairCase{
			{`{"n": 1}`, `{"n": 1, "d": {"k": 1}, "a": [1, "x"], "s": 3}`, 1},
			{`{"n": 1, "d": {"k": 2}}`, `{"n": 1, "a": [1, "y"], "s": "3"}`, nan},
		}},
		{`{}`, []pairCase{
			{`{"a": [1, 2]}`, `{"a": [1, 2.0]}`, 1},
			{`[1, "a"]`, `[1, "b"]`, 0.5},
			{`null`, `3`, 0},
		}},
		{`{"type": "object", "additionalProperties": {"type": "string"}, "keyScore": "jaro", "keyImportance": 0.5}`, []pairCase{
			{`{"name": "x", "city": "Paris"}`, `{"nmae": "x", "city": "Pari"}`, nan},
		}},
	})
}

// pairCase is a pair of a hand-written test and its score by hand (NaN:
// only generated == interpreter).
type pairCase struct {
	gold, cand string
	want       float64
}

// schemaCase is a schema with its pairs.
type schemaCase struct {
	schema string
	pairs  []pairCase
}

// agreeOnCases generates the code of every schema, and checks that it
// scores every pair exactly as the interpreter (score bits and ranked
// operations), on the typed path for at least half of them, and that the
// interpreter's score is the one computed by hand where there is one.
func agreeOnCases(t *testing.T, cases []schemaCase) {
	h := newHarness(t)
	var pairs []pair
	var want []outcome
	var hand []float64
	for i, c := range cases {
		sc, err := interp.Compile([]byte(c.schema), "", interp.Options{})
		if err != nil {
			t.Fatalf("schema %d: %v", i, err)
		}
		h.schemas = append(h.schemas, []byte(c.schema))
		for _, p := range c.pairs {
			g, err1 := jsonval.DecodeString(p.gold)
			q, err2 := jsonval.DecodeString(p.cand)
			if err1 != nil || err2 != nil {
				t.Fatalf("schema %d: bad pair %s / %s", i, p.gold, p.cand)
			}
			pairs = append(pairs, pair{schema: i, gold: g, cand: q})
			want = append(want, interpOutcome(sc, g, q))
			hand = append(hand, p.want)
		}
	}
	bin := h.build(t)
	for i, err := range h.refused {
		t.Errorf("oagen gen refuses schema %d: %v\n%s", i, err, h.schemas[i])
	}
	got := h.run(t, bin, pairs)
	typed := 0
	for k, p := range pairs {
		if got[k].Typed {
			typed++
		}
		if got[k] != (outcome{Score: want[k].Score, Typed: got[k].Typed, Ops: want[k].Ops}) {
			t.Errorf("schema %s\ngold %s cand %s\ngenerated (typed=%v) %s\n%s\ninterpreter %s\n%s", h.schemas[p.schema], jsonval.AppendJSON(nil, p.gold), jsonval.AppendJSON(nil, p.cand), got[k].Typed, got[k].Score, got[k].Ops, want[k].Score, want[k].Ops)
		}
		if !math.IsNaN(hand[k]) {
			bits, _ := strconv.ParseUint(want[k].Score, 16, 64)
			if s := math.Float64frombits(bits); s != hand[k] {
				t.Errorf("schema %s, gold %s cand %s: interpreter %v, by hand %v", h.schemas[p.schema], jsonval.AppendJSON(nil, p.gold), jsonval.AppendJSON(nil, p.cand), s, hand[k])
			}
		}
	}
	if typed < len(pairs)/2 {
		t.Errorf("only %d of %d pairs on the typed path", typed, len(pairs))
	}
	t.Logf("%d pairs, %d on the typed path", len(pairs), typed)
}
