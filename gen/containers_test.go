package gen

import (
	"math"
	"strings"
	"testing"
)

// containersSchema has "type" lists with containers beside other types
// (SchemaStore's `runs-on: string | array`, `env: object | string`) and a
// map whose member schemas are objects and arrays (docs/SCORING.md §1.4,
// §6.8).
const containersSchema = `{"type": "object", "properties": {
  "runs_on": {"type": ["string", "array"], "items": {"type": "string"}},
  "env": {"type": ["object", "string"], "additionalProperties": {"type": ["string", "number", "boolean"]}},
  "cfg": {"type": ["object", "boolean", "null"], "properties": {"a": {"type": "integer", "default": 3}, "b": {"type": "string"}}},
  "pair": {"type": ["array", "integer"], "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": {"type": "boolean"}, "prefixImportance": 2, "restImportance": 1},
  "ext": {"type": "object", "patternProperties": {"^x-": {"type": "object", "properties": {"v": {"type": "number"}}}}, "additionalProperties": {"type": "array", "items": {"type": "string"}, "order": "align"}}
}}`

// TestContainerKinds: a "type" list with array or object beside other
// types, and a map with several member schemas that are objects or arrays,
// are generated as jsonval.Value scored from the node table
// (genrt.Generic); a value with a member its object node does not declare
// goes to the interpreter (genrt.Fit). Generated == interpreter on every
// pair.
func TestContainerKinds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	nan := math.NaN()
	agreeOnCases(t, []schemaCase{
		{containersSchema, []pairCase{
			{`{"runs_on": ["ubuntu", "gpu"]}`, `{"runs_on": ["ubuntu", "gpu"]}`, 1},
			{`{"runs_on": ["ubuntu", "gpu"]}`, `{"runs_on": "ubuntu"}`, 0},
			{`{"runs_on": "ubuntu"}`, `{"runs_on": "ubunt"}`, nan},
			{`{"runs_on": ["ubuntu", "gpu"]}`, `{"runs_on": ["ubuntu"]}`, nan},
			{`{"env": {"A": "1", "B": 2}}`, `{"env": {"A": "1", "B": 2}}`, 1},
			{`{"env": {"A": "1", "B": 2}}`, `{"env": {"A": 1, "B": 2.5, "C": true}}`, nan},
			{`{"env": "${{ matrix.env }}"}`, `{"env": {"A": "1"}}`, 0},
			{`{"cfg": {"a": 3, "b": "x"}}`, `{"cfg": {"b": "x"}}`, 1},
			{`{"cfg": {"a": 4, "b": "x"}}`, `{"cfg": {"b": "y"}}`, nan},
			{`{"cfg": true}`, `{"cfg": false}`, nan},
			{`{"cfg": null}`, `{"cfg": {"b": "x"}}`, nan},
			{`{"cfg": {"a": 1, "zz": 2}}`, `{"cfg": {"a": 1}}`, nan}, // undeclared member: the interpreter
			{`{"pair": ["a", 1, true, false]}`, `{"pair": ["a", 2, true]}`, nan},
			{`{"pair": 3}`, `{"pair": ["a", 3]}`, 0},
			{`{"ext": {"x-a": {"v": 1}, "tags": ["a", "b"]}}`, `{"ext": {"x-a": {"v": 1}, "tags": ["b", "a"]}}`, 1},
			{`{"ext": {"x-a": {"v": 1}, "tags": ["a", "b"]}}`, `{"ext": {"x-a": {"v": 2}, "x-b": {}, "tags": ["a"]}}`, nan},
			{`{"ext": {"x-a": {"v": 1, "w": 2}}}`, `{"ext": {"x-a": {"v": 1}}}`, nan}, // undeclared member: the interpreter
		}},
		// A "type" list at the root, with a nested union branch.
		{`{"type": ["array", "object", "string"], "items": {"anyOf": [{"type": "integer"}, {"type": "object", "title": "Box", "properties": {"w": {"type": "string"}}, "required": ["w"]}]}, "properties": {"k": {"type": "string", "score": "exact"}}}`, []pairCase{
			{`[1, {"w": "a"}]`, `[1, {"w": "a"}]`, 1},
			{`[1, {"w": "a"}]`, `[{"w": "a"}, 2]`, nan},
			{`{"k": "x"}`, `{"k": "y"}`, 0},
			{`"s"`, `["s"]`, 0},
		}},
		// A valueWeight on a map's member schema: a key pair and a missing
		// gold key weigh it, an extra candidate key 1 (docs/SCORING.md §6.4,
		// §6.8): m scores 3·1/(3+3+1) = 3/7, the root (3/7 + 1)/2 = 5/7.
		// The same map inside a JSON value.
		{`{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer", "valueWeight": 3}}, "x": {"type": "string"},
		   "k": {"type": ["object", "string"], "patternProperties": {"^a": {"type": "number", "valueWeight": 0.5}}, "additionalProperties": false}}}`, []pairCase{
			{`{"m": {"a": 1, "b": 2}, "x": "s"}`, `{"m": {"a": 1, "c": 5}, "x": "s"}`, (3.0/7 + 1) / 2},
			{`{"m": {"a": 1, "b": 2}, "k": {"a1": 1, "a2": 2}}`, `{"m": {"a": 2, "b": 2}, "k": {"a1": 2, "a3": 2}}`, nan},
			{`{"k": "s"}`, `{"k": {"a": 1}}`, 0},
		}},
		// A map of maps and a list of lists (the value schema is the node
		// itself): JSON values scored from the node table; they made
		// oagen gen recurse without end.
		{`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/Tree"}, "n": {"type": "integer"}}, "$defs": {"Tree": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Tree"}}}}`, []pairCase{
			{`{"tree": {"a": {"b": {}}, "c": {}}}`, `{"tree": {"a": {"b": {}}, "c": {}}}`, 1},
			{`{"tree": {"a": {"b": {}}, "c": {}}, "n": 1}`, `{"tree": {"a": {"x": {}}}, "n": 1}`, nan},
		}},
		{`{"type": "array", "items": {"$ref": "#"}, "order": "align"}`, []pairCase{
			{`[[], [[]], [[], []]]`, `[[], [[]], [[], []]]`, 1},
			{`[[], [[]], [[], []]]`, `[[[]], []]`, nan},
		}},
	})
}

// TestContainerKindsCode: the generated code of a "type" list with
// containers holds a jsonval.Value and declares no Go type for its parts.
func TestContainerKindsCode(t *testing.T) {
	src, err := Generate(Options{TypeName: "W", Package: "w", SchemaFile: "w.json", SchemaJSON: []byte(containersSchema), Version: "(devel)"})
	if err != nil {
		t.Fatalf("gen: %v", err)
	}
	for _, want := range []string{"RunsOn *jsonval.Value", "Cfg    *jsonval.Value", "Ext    map[string]jsonval.Value", "genrt.KindString|genrt.KindArray", "genrt.Fit(oaWNodes[:], oaWNodeWCfg, v)"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the generated code lacks %q", want)
		}
	}
	for _, unwanted := range []string{"type WCfg struct", "type WExtPattern0 struct", "func (c *oaWCtx) scoreWCfg"} {
		if strings.Contains(string(src), unwanted) {
			t.Errorf("the generated code has %q (a part of a JSON value has no Go type)", unwanted)
		}
	}
}

// scopedSchema is a schema with an identifier scope (docs/SCORING.md §7)
// whose records hold a map, a JSON value with an enum (an exact scalar of
// the WL labels, docs/SCORING.md §7.6), a "type" list with a container and
// a union.
const scopedSchema = `{"type": "object", "properties": {
  "people": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
    "id": {"type": "string", "idScope": "person"},
    "name": {"type": "string"},
    "tags": {"type": "object", "additionalProperties": {"type": "integer"}},
    "level": {"enum": [1, "senior", null]},
    "alias": {"type": ["string", "array"], "items": {"type": "string"}},
    "contact": {"anyOf": [{"type": "object", "title": "Mail", "properties": {"mail": {"type": "string"}}, "required": ["mail"]}, {"type": "integer"}]},
    "boss": {"type": "string", "ref": "person"}},
   "required": ["id"]}},
  "meta": {}}}`

// TestScopedJSONValues: maps, JSON values, "type" lists and unions in a
// schema with identifier scopes are generated (they lie on no referential
// path), and the generated code scores as the interpreter, relabelled
// identifiers included.
func TestScopedJSONValues(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	nan := math.NaN()
	gold := `{"people": [{"id": "a", "name": "Ann", "tags": {"x": 1}, "level": "senior", "alias": ["an"], "contact": {"mail": "a@x"}}, {"id": "b", "name": "Bob", "level": 1, "alias": "bo", "contact": 3, "boss": "a"}], "meta": {"v": [1, 2]}}`
	agreeOnCases(t, []schemaCase{{scopedSchema, []pairCase{
		{gold, gold, 1},
		{gold, `{"people": [{"id": "q", "name": "Bob", "level": 1, "alias": "bo", "contact": 3, "boss": "p"}, {"id": "p", "name": "Ann", "tags": {"x": 1}, "level": "senior", "alias": ["an"], "contact": {"mail": "a@x"}}], "meta": {"v": [1, 2]}}`, 1},
		{gold, `{"people": [{"id": "a", "name": "Ann", "tags": {"x": 2, "y": 1}, "level": 1, "alias": "an", "contact": 4}, {"id": "b", "name": "Bob", "level": null, "alias": ["bo"], "boss": "b"}], "meta": {"v": [2]}}`, nan},
		{gold, `{"people": [{"id": "b", "name": "Ann", "level": "senior"}, {"id": "a", "name": "Bob", "level": 1, "boss": "b"}]}`, nan},
	}}})
}
