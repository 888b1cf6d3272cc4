package ir

import (
	"slices"
	"strings"
	"testing"
)

// badSchemas are schemas that must not compile, with every diagnostic
// Compile reports for them (file "schema.json"), in order.
var badSchemas = []struct {
	name   string
	schema string
	want   []string
	// reference compiles with Options.Reference (the reference profile's
	// rules); the default profile accepts these schemas as unions.
	reference bool
}{
	{
		name: "comparator_string",
		schema: `{
  "type": "object",
  "properties": {
    "age": {"type": "string", "score": "jaor"}
  }
}`,
		want: []string{
			`schema.json:4:31: #/properties/age: unknown comparator "jaor" for a string (did you mean "jaro"?)`,
		},
	},
	{
		name:   "comparator_integer",
		schema: `{"type": "integer", "score": "jaro"}`,
		want: []string{
			`schema.json:1:21: #: unknown comparator "jaro" for an integer`,
		},
	},
	{
		name:   "comparator_union",
		schema: `{"type": ["string", "number", "null"], "score": "invdiff"}`,
		want: []string{
			`schema.json:1:40: #: unknown comparator "invdiff" for a string`,
		},
	},
	{
		name:   "comparator_empty",
		schema: `{"type": "string", "score": ""}`,
		want: []string{
			`schema.json:1:20: #: unknown comparator "" for a string`,
		},
	},
	{
		name:   "score_not_string",
		schema: `{"type": "string", "score": 3}`,
		want: []string{
			`schema.json:1:20: #: "score" must be a string, got number 3`,
		},
	},
	{
		name:   "keyscore",
		schema: `{"type": "object", "keyScore": "exakt"}`,
		want: []string{
			`schema.json:1:20: #: unknown keyScore "exakt" (did you mean "exact"?); keyScore is "jaro" or "exact"`,
		},
	},
	{
		name:   "order",
		schema: `{"type": "array", "items": {"type": "string"}, "order": "aling"}`,
		want: []string{
			`schema.json:1:48: #: unknown order "aling" (did you mean "align"?); order is "align" or "fixed"`,
		},
	},
	{
		name:   "order_wrong_json_type",
		schema: `{"type": "array", "items": {"type": "string"}, "order": 3}`,
		want: []string{
			`schema.json:1:48: #: "order" must be a string, got number 3`,
		},
	},
	{
		name:   "importances_zero",
		schema: `{"type": "object", "keyImportance": 0, "valueImportance": 0}`,
		want: []string{
			`schema.json:1:1: #: "keyImportance" + "valueImportance" is 0`,
		},
	},
	{
		name:   "importances_zero_union",
		schema: `{"type": ["object", "null"], "valueImportance": 0}`,
		want: []string{
			`schema.json:1:1: #: "keyImportance" + "valueImportance" is 0`,
		},
	},
	{
		name: "value_weights_zero",
		schema: `{"type": "object", "properties": {
  "a": {"type": "string", "valueWeight": 0},
  "b": {"type": "string", "valueWeight": 0.0}}}`,
		want: []string{
			`schema.json:1:20: #: the "valueWeight"s of the members of "properties" sum to 0`,
		},
	},
	{
		name: "prefix_rest_zero",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "string"},
 "prefixImportance": 0, "restImportance": 0}`,
		want: []string{
			`schema.json:1:1: #: "prefixImportance" + "restImportance" is 0`,
		},
	},
	{
		name:   "prefix_weights_zero",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}], "prefixWeights": [0, 0]}`,
		want: []string{
			`schema.json:1:76: #: "prefixWeights" sum to 0`,
		},
	},
	{
		name:   "prefix_weights_negative",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}], "prefixWeights": [1, -1]}`,
		want: []string{
			`schema.json:1:76: #: "prefixWeights"[1] must not be negative, got -1 (docs/SCORING.md §2.3)`,
		},
	},
	{
		name:   "prefix_weights_length",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}, {"type": "string"}], "prefixWeights": [1, 2, 3]}`,
		want: []string{
			`schema.json:1:76: #: "prefixWeights" has 3 entries but "prefixItems" has 2; give one weight per position or a single weight for all (docs/SCORING.md §2.3)`,
		},
	},
	{
		name:   "prefix_weights_bool",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}], "prefixWeights": [true]}`,
		want: []string{
			`schema.json:1:56: #: "prefixWeights"[0] must be a number, got boolean true`,
		},
	},
	{
		name:   "ignore_both",
		schema: `{"type": "array", "items": {"type": "string"}, "ignoreExcess": true, "ignoreMissing": true}`,
		want: []string{
			`schema.json:1:1: #: "ignoreExcess" and "ignoreMissing" cannot both be true`,
		},
	},
	{
		name:   "ignore_not_bool",
		schema: `{"type": "array", "items": {"type": "string"}, "ignoreExcess": 1}`,
		want: []string{
			`schema.json:1:48: #: "ignoreExcess" must be true or false, got number 1`,
		},
	},
	{
		name:   "null_score_range",
		schema: `{"type": "string", "nullScore": 1.5}`,
		want: []string{
			`schema.json:1:20: #: "nullScore" must be a number in [0, 1], got number 1.5`,
		},
	},
	{
		name:   "null_score_bool",
		schema: `{"type": "string", "nullScore": true}`,
		want: []string{
			`schema.json:1:20: #: "nullScore" must be a number, got boolean true`,
		},
	},
	{
		name:   "null_score_negative",
		schema: `{"type": "string", "nullScore": -0.5}`,
		want: []string{
			`schema.json:1:20: #: "nullScore" must be a number in [0, 1], got number -0.5`,
		},
	},
	{
		name:   "threshold_above_one",
		schema: `{"type": "string", "threshold": 1.5}`,
		want: []string{
			`schema.json:1:20: #: "threshold" must be a number in [0, 1], got number 1.5`,
		},
	},
	{
		name:   "threshold_negative",
		schema: `{"type": "integer", "threshold": -1}`,
		want: []string{
			`schema.json:1:21: #: "threshold" must be a number in [0, 1], got number -1`,
		},
	},
	{
		name:   "key_threshold_range",
		schema: `{"type": "object", "properties": {"a": {"type": "string"}}, "keyThreshold": 2}`,
		want: []string{
			`schema.json:1:61: #: "keyThreshold" must be a number in [0, 1], got number 2`,
		},
	},
	{
		name:   "importance_negative",
		schema: `{"type": "object", "properties": {"a": {"type": "string"}}, "keyImportance": -0.5}`,
		want: []string{
			`schema.json:1:61: #: "keyImportance" must not be negative, got -0.5 (docs/SCORING.md §2.3)`,
		},
	},
	{
		name:   "array_without_items",
		schema: `{"type": "object", "properties": {"tags": {"type": "array"}}}`,
		want: []string{
			`schema.json:1:43: #/properties/tags: an array node needs "items" or "prefixItems"`,
		},
	},
	{
		name:   "items_false_alone",
		schema: `{"type": "array", "items": false}`,
		want: []string{
			`schema.json:1:1: #: "items": false leaves the array node no element schema`,
		},
	},
	{
		name:   "prefix_empty_alone",
		schema: `{"type": "array", "prefixItems": []}`,
		want: []string{
			`schema.json:1:1: #: "prefixItems": [] leaves the array node no element schema`,
		},
	},
	{
		name:   "head_and_tail_without_importances",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}}`,
		want: []string{
			`schema.json:1:1: #: "prefixImportance" is required when both "prefixItems" and "items" are present`,
			`schema.json:1:1: #: "restImportance" is required when both "prefixItems" and "items" are present`,
		},
	},
	{
		name:   "negative_value_weight",
		schema: `{"type": "object", "properties": {"a": {"type": "string", "valueWeight": -1}}}`,
		want: []string{
			`schema.json:1:59: #/properties/a: "valueWeight" must not be negative, got -1 (docs/SCORING.md §2.3)`,
		},
	},
	{
		name:   "negative_key_importance",
		schema: `{"type": "object", "keyImportance": -0.5}`,
		want: []string{
			`schema.json:1:20: #: "keyImportance" must not be negative, got -0.5 (docs/SCORING.md §2.3)`,
		},
	},
	{
		name: "negative_rest_importance",
		schema: `{"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"},
 "prefixImportance": 1, "restImportance": -1}`,
		want: []string{
			`schema.json:2:25: #: "restImportance" must not be negative, got -1 (docs/SCORING.md §2.3)`,
		},
	},
	{
		name:   "items_array_form",
		schema: `{"type": "array", "items": [{"type": "string"}]}`,
		want: []string{
			`schema.json:1:19: #: array-form "items" belongs to draft 2019-09 and earlier: declare that "$schema" or use "prefixItems" for tuple positions (docs/SCORING.md §2.4)`,
		},
	},
	{
		name:   "property_false",
		schema: `{"type": "object", "properties": {"a": false}}`,
		want: []string{
			`schema.json:1:40: #/properties/a: the schema false permits no value; a node that data reaches needs a schema that permits some`,
		},
	},
	{
		name:   "threshold_string",
		schema: `{"type": "string", "threshold": "x"}`,
		want: []string{
			`schema.json:1:20: #: "threshold" must be a number, got string "x"`,
		},
	},
	{
		name:   "threshold_bool",
		schema: `{"type": "string", "threshold": false}`,
		want: []string{
			`schema.json:1:20: #: "threshold" must be a number, got boolean false`,
		},
	},
	{
		name:   "properties_not_object",
		schema: `{"type": "object", "properties": ["a"]}`,
		want: []string{
			`schema.json:1:20: #: "properties" must be an object, got an array`,
		},
	},
	{
		name:   "misspelt_value_weight",
		schema: `{"type": "object", "properties": {"a": {"type": "string", "valueWieght": 2}}}`,
		want: []string{
			`schema.json:1:59: #/properties/a: unknown keyword "valueWieght" (did you mean "valueWeight"?)`,
		},
	},
	{
		name:   "misspelt_id_scope",
		schema: `{"type": "array", "items": {"type": "string", "idscope": "x"}}`,
		want: []string{
			`schema.json:1:47: #/items: unknown keyword "idscope" (did you mean "idScope"?)`,
		},
	},
	{
		name:   "misspelt_threshold",
		schema: `{"type": "string", "treshold": 0.5}`,
		want: []string{
			`schema.json:1:20: #: unknown keyword "treshold" (did you mean "threshold"?)`,
		},
	},
	{
		name:   "misspelt_type",
		schema: `{"types": "string"}`,
		want: []string{
			`schema.json:1:2: #: unknown keyword "types" (did you mean "type"?)`,
		},
	},
	{
		name:   "unknown_type",
		schema: `{"type": "interger"}`,
		want: []string{
			`schema.json:1:2: #: unknown type "interger" (did you mean "integer"?)`,
		},
	},
	{
		name:   "type_empty_array",
		schema: `{"type": []}`,
		want: []string{
			`schema.json:1:2: #: "type" must not be an empty array`,
		},
	},
	{
		name:   "type_duplicate",
		schema: `{"type": ["string", "string"]}`,
		want: []string{
			`schema.json:1:2: #: "type" lists "string" twice`,
		},
	},
	{
		name:   "enum_not_array",
		schema: `{"type": "string", "enum": "a"}`,
		want: []string{
			`schema.json:1:20: #: "enum" must be an array, got string "a"`,
		},
	},
	{
		name:   "remote_ref",
		schema: `{"type": "object", "properties": {"a": {"$ref": "other.json#/$defs/a"}}}`,
		want: []string{
			`schema.json:1:41: #/properties/a: remote $ref "other.json#/$defs/a" is not supported: oagen works offline and resolves only references inside this document (starting with "#", or naming this document's "$id")`,
		},
	},
	{
		name:   "anchor_ref",
		schema: `{"type": "object", "properties": {"a": {"$ref": "#node"}}}`,
		want: []string{
			`schema.json:1:41: #/properties/a: $ref "#node": no "$anchor" or "$dynamicAnchor" named "node" in this document`,
		},
	},
	{
		name:   "ref_not_string",
		schema: `{"type": "object", "properties": {"a": {"$ref": 1}}}`,
		want: []string{
			`schema.json:1:41: #/properties/a: "$ref" must be a string, got number 1`,
		},
	},
	{
		name:   "ref_missing_target",
		schema: `{"type": "object", "properties": {"a": {"$ref": "#/$defs/nope"}}}`,
		want: []string{
			`schema.json:1:41: #/properties/a: $ref "#/$defs/nope": no such location in this document`,
		},
	},
	{
		name: "ref_loop",
		schema: `{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}},
 "type": "object", "properties": {"x": {"$ref": "#/$defs/a"}}}`,
		want: []string{
			`schema.json:1:18: #/$defs/a: $ref loop that never reaches a schema: #/$defs/a -> #/$defs/b -> #/$defs/a`,
		},
	},
	{
		name:   "ref_self_loop",
		schema: `{"$ref": "#"}`,
		want: []string{
			`schema.json:1:2: #: $ref loop that never reaches a schema: # -> #`,
		},
	},
	{
		name:      "any_of_not_nullable",
		schema:    `{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}`,
		reference: true,
		want: []string{
			`schema.json:1:41: #/properties/a: "anyOf" is not supported on a scoring path: only the nullable pattern (anyOf/oneOf of one schema and {"type": "null"}) is, or a "type" beside it`,
		},
	},
	{
		name:      "one_of_three",
		schema:    `{"type": "object", "properties": {"a": {"oneOf": [{"type": "string"}, {"type": "null"}, {"type": "integer"}]}}}`,
		reference: true,
		want: []string{
			`schema.json:1:41: #/properties/a: "oneOf" is not supported on a scoring path: only the nullable pattern (anyOf/oneOf of one schema and {"type": "null"}) is, or a "type" beside it`,
		},
	},
	{
		name:   "id_not_under_array",
		schema: `{"type": "object", "properties": {"id": {"type": "string", "idScope": "x"}}}`,
		want: []string{
			`schema.json:1:41: #/properties/id: idScope "x" is not under an array: its schema path #/properties/id has no "items" or "prefixItems" edge`,
		},
	},
	{
		name:   "id_and_ref",
		schema: `{"type": "array", "items": {"type": "string", "idScope": "x", "ref": "x"}}`,
		want: []string{
			`schema.json:1:28: #/items: a node cannot carry both "idScope" and "ref"`,
		},
	},
	{
		name:   "id_union_type",
		schema: `{"type": "array", "items": {"type": ["string", "null"], "idScope": "x"}}`,
		want: []string{
			`schema.json:1:28: #/items: a node with "idScope" needs "type" exactly "string", "integer" or "number", got ["string", "null"]`,
		},
	},
	{
		name:   "id_object_type",
		schema: `{"type": "array", "items": {"type": "object", "idScope": "x"}}`,
		want: []string{
			`schema.json:1:28: #/items: a node with "idScope" needs "type" exactly "string", "integer" or "number", got "object"`,
		},
	},
	{
		name:   "id_empty",
		schema: `{"type": "array", "items": {"type": "string", "idScope": ""}}`,
		want: []string{
			`schema.json:1:47: #/items: "idScope" must be a non-empty string, got string ""`,
		},
	},
	{
		name: "ref_undefined_scope",
		schema: `{"type": "object", "properties": {
  "people": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string", "idScope": "person"}}}},
  "boss": {"type": "string", "ref": "persn"}}}`,
		want: []string{
			`schema.json:3:11: #/properties/boss: ref to undefined scope "persn" (did you mean "person"?)`,
		},
	},
	{
		name: "ref_type_mismatch",
		schema: `{"type": "object", "properties": {
  "people": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string", "idScope": "person"}}}},
  "boss": {"type": "integer", "ref": "person"}}}`,
		want: []string{
			`schema.json:3:11: #/properties/boss: ref "person" has type "integer" but the idScope node of scope "person" has type "string"`,
		},
	},
	{
		name: "id_declared_twice",
		schema: `{"type": "object", "properties": {
  "a": {"type": "array", "items": {"type": "string", "idScope": "x"}},
  "b": {"type": "array", "items": {"type": "string", "idScope": "x"}}}}`,
		want: []string{
			`schema.json:3:35: #/properties/b/items: idScope "x" is declared more than once: at schema paths #/properties/a/items and #/properties/b/items`,
		},
	},
	{
		name: "invalid_json",
		schema: `{"type": "object",
 "properties": {"a": {"type": "string"},}}`,
		want: []string{
			`schema.json:2:41: #/properties: invalid JSON: unexpected '}', expected a string key`,
		},
	},
	{
		name:   "invalid_json_eof",
		schema: `{"type": "object"`,
		want: []string{
			`schema.json:1:18: #: invalid JSON: unexpected end of input, expected ',' or '}'`,
		},
	},
	{
		name: "several_errors_in_document_order",
		schema: `{
  "type": "object",
  "properties": {
    "b": {"type": "string", "score": "levenstein"},
    "a": {"type": "array"},
    "c": {"type": "number", "nullScore": -1}
  },
  "keyImportance": 0, "valueImportance": 0
}`,
		want: []string{
			`schema.json:1:1: #: "keyImportance" + "valueImportance" is 0`,
			`schema.json:4:29: #/properties/b: unknown comparator "levenstein" for a string (did you mean "levenshtein"?)`,
			`schema.json:5:10: #/properties/a: an array node needs "items" or "prefixItems"`,
			`schema.json:6:29: #/properties/c: "nullScore" must be a number in [0, 1], got number -1`,
		},
	},
}

func TestBadSchemas(t *testing.T) {
	for _, tc := range badSchemas {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Compile([]byte(tc.schema), Options{File: "schema.json", Reference: tc.reference})
			if err == nil {
				t.Fatalf("compiled; want errors:\n%s", strings.Join(tc.want, "\n"))
			}
			if s != nil {
				t.Errorf("Compile returned a schema together with an error")
			}
			list, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error is %T, want ErrorList", err)
			}
			got := make([]string, len(list))
			for i, d := range list {
				got[i] = d.String()
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if err.Error() != strings.Join(tc.want, "\n") {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
}

// TestFractionBounds checks that 0 and 1 are inside the range of the
// [0, 1] keywords.
func TestFractionBounds(t *testing.T) {
	for _, schema := range []string{
		`{"type": "object", "properties": {"a": {"type": "string", "threshold": 0, "nullScore": 1}, "b": {"type": ["string", "null"], "threshold": 1, "nullScore": 0}}, "keyThreshold": 1}`,
		`{"type": "object", "properties": {"a": {"type": "number", "threshold": 0.5}}, "keyThreshold": 0, "keyImportance": 0, "valueImportance": 2}`,
	} {
		if _, err := Compile([]byte(schema), Options{File: "schema.json"}); err != nil {
			t.Errorf("%s: %v", schema, err)
		}
	}
}
