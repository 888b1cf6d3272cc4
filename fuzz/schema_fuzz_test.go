package fuzz

import (
	"errors"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// FuzzCompile compiles arbitrary schema texts. Compilation must never panic
// and must fail with an ir.ErrorList (or a wrapped validator error) rather
// than anything else; a schema that compiles must then score a handful of
// small values against each other without breaking the invariants of
// checkPair.
func FuzzCompile(f *testing.F) {
	for _, s := range append(fixedSchemas[1:],
		`{"type": "object", "properties": {"a": {"$ref": "#/properties/b"}, "b": {"$ref": "#/properties/a"}}}`,
		`{"$ref": "#"}`,
		`{"type": "array", "items": {"$ref": "#"}}`,
		`{"type": "object", "idScope": "x"}`,
		`{"type": "integer", "ref": "nowhere"}`,
		`{"type": "string", "nullScore": 2}`,
		`{"type": "array", "order": "sideways", "items": {"type": "string"}}`,
		`{"type": "array", "items": {"type": "string"}, "ignoreExcess": true, "ignoreMissing": true}`,
		`{"type": "object", "properties": {"x": {"$ref": "http://example.com/s.json"}}}`,
		`{"anyOf": [{"type": "string", "score": "levenshtein"}, {"type": "null"}]}`,
		`{"type": "string", "score": "no_such"}`,
		`{"type": "number", "threshold": 1e400}`,
		`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}`,
		`[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]`,
		"\xEF\xBB\xBF{\"type\": \"null\"}",
	) {
		f.Add([]byte(s))
	}
	values := []jsonval.Value{}
	for _, s := range []string{`null`, `0`, `1.5`, `"ab"`, `true`, `[]`, `[1, "a", null]`, `{}`, `{"a": "x", "b": [1, 2], "c": {"d": null}}`} {
		v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
		if err != nil {
			f.Fatal(err)
		}
		values = append(values, v)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := interp.Compile(data, "fuzz.json", interp.Options{Limits: fuzzLimits})
		if err != nil {
			var el ir.ErrorList
			if !errors.As(err, &el) && err.Error() == "" {
				t.Fatalf("empty error %T", err)
			}
			return
		}
		// The schema itself is a value of every shape the schema may want.
		self, err := jsonval.Decode(data, jsonval.DecodeOptions{MaxDepth: 64})
		vals := values
		if err == nil {
			vals = append(vals[:len(vals):len(vals)], self)
		}
		for _, g := range vals {
			for _, p := range vals {
				_, _ = checkPair(t, sc, g, p)
			}
		}
	})
}
