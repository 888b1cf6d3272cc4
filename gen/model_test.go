package gen

import (
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func TestTypedImpliesValid(t *testing.T) {
	for _, tc := range []struct {
		schema string
		want   bool
	}{
		{`{"type": "object", "properties": {"a": {"type": "string", "score": "exact"}}}`, true},
		{`{"type": "object", "properties": {"a": {"type": "string", "enum": ["x", "y"]}}, "additionalProperties": false}`, true},
		{`{"type": "array", "prefixItems": [{"type": "integer"}], "items": false}`, true},
		{`{"$ref": "#/$defs/r", "$defs": {"r": {"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]}}}`, true},
		{`{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}`, false},
		{`{"type": "object", "properties": {"a": {"type": "string", "minLength": 2}}}`, false},
		{`{"type": "object", "properties": {"a": {"type": "integer", "enum": [1, 2]}}}`, false},
		{`{"type": "object", "properties": {"a": {"type": ["string", "null"], "enum": ["x"]}}}`, false},
		{`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string", "enum": ["x"]}, {"type": "null"}]}}}`, false},
		{`{"type": "object", "properties": {"a": {"oneOf": [{"type": "string"}, {"type": "null"}]}}}`, false},
		{`{"type": "array", "items": true}`, false},
		{`{"type": "object", "properties": {"required": {"type": "string"}}}`, true},
	} {
		raw, err := jsonval.Decode([]byte(tc.schema), jsonval.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := typedImpliesValid(raw); got != tc.want {
			t.Errorf("typedImpliesValid(%s) = %v, want %v", tc.schema, got, tc.want)
		}
	}
}
