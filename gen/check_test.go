package gen

import (
	"slices"
	"testing"

	"github.com/objectaligner/oagen/ir"
)

// TestUnchecked checks which validation keywords generated code leaves to
// the validator.
func TestUnchecked(t *testing.T) {
	for _, tc := range []struct {
		schema string
		want   []string
	}{
		{`{"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "minLength": 2, "pattern": "^x", "enum": ["xy", "xz"]}}, "additionalProperties": false}`, nil},
		{`{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "exclusiveMaximum": 9.5, "const": 3}}, "minProperties": 1}`, nil},
		{`{"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3, "uniqueItems": true}`, []string{"uniqueItems at #"}},
		{`{"type": "object", "properties": {"a": {"type": "integer", "multipleOf": 2}}}`, []string{"multipleOf at #/properties/a"}},
		{`{"type": "object", "properties": {"a": {"type": "string"}}, "allOf": [{"required": ["a"]}]}`, []string{"allOf at #"}},
		{`{"type": "object", "required": ["zz"], "properties": {"a": {"type": "string"}}}`, []string{`required "zz" (not a property) at #`}},
		{`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}], "enum": ["x", null]}}}`, []string{"enum at #/properties/a"}},
		{`{"type": "object", "properties": {"a": {"type": ["string", "null"], "enum": ["x", null]}}}`, nil},
		{`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {}}`, []string{`$schema "http://json-schema.org/draft-07/schema#" (only Draft 2020-12 is checked)`}},
		{`{"type": "object", "properties": {"a": {"type": "string", "format": "email", "title": "A", "examples": ["x"]}}}`, nil},
	} {
		sch, err := ir.Compile([]byte(tc.schema), ir.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		m, err := buildModel(sch, "T", newNamespace(), nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.unchecked(); !slices.Equal(got, tc.want) {
			t.Errorf("%s: unchecked %q, want %q", tc.schema, got, tc.want)
		}
	}
}
