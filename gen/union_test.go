package gen

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// petsSchema is the Pydantic discriminated union of docs/SCORING.md §1.8.
const petsSchema = `{"type": "object", "properties": {
  "pet": {"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}],
          "discriminator": {"propertyName": "pet_type", "mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog"}}},
  "n": {"type": "integer"}},
 "required": ["pet", "n"],
 "$defs": {
  "Cat": {"type": "object", "properties": {"pet_type": {"const": "cat", "type": "string"}, "meows": {"type": "integer"}}, "required": ["pet_type", "meows"]},
  "Dog": {"type": "object", "properties": {"pet_type": {"const": "dog", "type": "string"}, "barks": {"type": "number"}}, "required": ["pet_type", "barks"]}}}`

// TestUnionsGenerated: unions (docs/SCORING.md §1.8) become structs with
// one pointer per branch, and the generated code scores every pair exactly
// as the interpreter (score bits and ranked operations, branch_replace
// included); the examples of docs/SCORING.md §1.8 are checked by hand.
func TestUnionsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	type pairCase struct {
		gold, cand string
		want       float64 // NaN: only generated == interpreter
	}
	nan := math.NaN()
	cases := []struct {
		schema string
		pairs  []pairCase
	}{
		{petsSchema, []pairCase{
			{`{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, 1},
			{`{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 4}, "n": 1}`, 0.875},
			{`{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "dog", "barks": 3}, "n": 1}`, 0.5},
			{`{"pet": {"meows": 3, "pet_type": "cat"}, "n": 1}`, `{"pet": {"pet_type": "dog", "barks": 3.5}, "n": 2}`, nan},
		}},
		// The same union without a discriminator, a type beside it: the
		// values find their branches by validation.
		{strings.Replace(strings.Replace(petsSchema, `"discriminator": {"propertyName": "pet_type", "mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog"}}`, `"type": "object"`, 1), `"oneOf"`, `"anyOf"`, 1), []pairCase{
			{`{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 4}, "n": 1}`, 0.875},
			{`{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "dog", "barks": 3}, "n": 1}`, 0.5},
		}},
		// Tool arguments: anyOf [string, integer, $ref], in an array and a map.
		{`{"type": "object", "properties": {
		   "args": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"$ref": "#/$defs/Loc"}]}, "order": "align"},
		   "by": {"type": "object", "additionalProperties": {"anyOf": [{"type": "string", "score": "exact"}, {"type": "number"}, {"type": "null"}]}}},
		  "$defs": {"Loc": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": false}}}`, []pairCase{
			{`{"args": ["a", 1, {"city": "Paris"}], "by": {"x": "s", "y": 2, "z": null}}`, `{"args": ["a", 1, {"city": "Paris"}], "by": {"x": "s", "y": 2, "z": null}}`, 1},
			{`{"args": ["a", 1, {"city": "Paris"}], "by": {"x": "s", "y": 2, "z": null}}`, `{"args": [{"city": "Pari"}, 2, "b"], "by": {"x": 3, "y": 2.5, "z": "q"}}`, nan},
			{`{"args": [1]}`, `{"args": [1.5]}`, nan},
		}},
		// schema.org's anyOf [string, number, null] at the root, and a
		// nested union (a branch that is itself a union).
		{`{"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}]}`, []pairCase{
			{`"abc"`, `"abd"`, nan},
			{`3`, `3.5`, 2.0 / 3},
			{`3`, `"3"`, 0},
			{`null`, `null`, 1},
		}},
		{`{"type": "object", "properties": {"v": {"oneOf": [
		   {"anyOf": [{"type": "boolean"}, {"type": "integer"}]},
		   {"type": "object", "title": "Box", "properties": {"w": {"type": "string"}}, "required": ["w"]},
		   {"type": "array", "items": {"type": "string"}}]}}}`, []pairCase{
			{`{"v": true}`, `{"v": 2}`, nan},
			{`{"v": {"w": "a"}}`, `{"v": ["a"]}`, nan},
			{`{"v": ["a", "b"]}`, `{"v": ["b", "a"]}`, nan},
			{`{"v": {"w": "ab"}}`, `{"v": {"w": "ac"}}`, nan},
		}},
	}
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
		if got[k].Score != want[k].Score || got[k].Ops != want[k].Ops {
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

// TestUnionTypedOnly: with -typed there is no interpreter to choose the
// branch of a value; oagen gen says so at the union's position.
func TestUnionTypedOnly(t *testing.T) {
	_, err := Generate(Options{TypeName: "Pets", Package: "pets", SchemaFile: "pets.json", SchemaJSON: []byte(petsSchema), TypedOnly: true})
	want := `pets.json:2:10: #/properties/pet: a union (oneOf of 2 schemas) needs the JSON entry points`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Generate: %v\nwant an error with %s", err, want)
	}
}

// TestUnionsBoundBranches: the JSON skeleton of a schema with unions tells
// the typed path's work bound how many branches a union tests
// (genrt.Shape.Branches); without it the bound under-counts the branch
// tests of a union and keeps pairs on the typed path that the interpreter
// stops with MaxWork. A schema without unions writes no such field.
func TestUnionsBoundBranches(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   string // "" for no Branches field
	}{
		{petsSchema, "Branches: 2,"},
		{`{"type": "object", "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "object", "properties": {"a": {"type": "string"}}}]}}}`, "Branches: 3,"},
		{`{"type": "object", "properties": {"v": {"type": "string"}}}`, ""},
	} {
		src, err := Generate(Options{TypeName: "T", Package: "p", SchemaFile: "s.json", SchemaJSON: []byte(c.schema), Version: "(devel)"})
		if err != nil {
			t.Fatalf("gen: %v", err)
		}
		got := regexp.MustCompile(`Branches:\s+\d+,`).Find(src)
		if c.want == "" && got != nil || c.want != "" && regexp.MustCompile(`\s+`).ReplaceAllString(string(got), " ") != c.want {
			t.Errorf("%.60s…: Branches field %q, want %q", c.schema, got, c.want)
		}
	}
}

// TestUnionsOneInterpreter: the union chooser asks the interpreter behind
// the JSON entry points (genrt.UnionBranch); a generated file compiles the
// schema once, not a second interpreter beside the fallback.
func TestUnionsOneInterpreter(t *testing.T) {
	src, err := Generate(Options{TypeName: "Pets", Package: "pets", SchemaFile: "pets.json", SchemaJSON: []byte(petsSchema), Version: "(devel)"})
	if err != nil {
		t.Fatalf("gen: %v", err)
	}
	if n := strings.Count(string(src), "interp.JSONFallback("); n != 1 {
		t.Errorf("interp.JSONFallback called %d times, want 1", n)
	}
	if strings.Contains(string(src), "interp.Compile(") {
		t.Errorf("the generated file compiles a second interpreter:\n%s", src)
	}
	if !strings.Contains(string(src), "genrt.UnionBranch(oaPetsInterp, ptr, v)") {
		t.Errorf("the chooser does not ask the fallback's interpreter")
	}
}
