package annotate

import (
	"testing"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// FuzzAnnotate annotates arbitrary gold texts (one gold, or the elements
// of a top-level array as several golds) with an inferred schema, and the
// same golds under that schema once more. It must never panic, and the
// schema it writes must pass the checks.
func FuzzAnnotate(f *testing.F) {
	for _, s := range []string{
		`{"people": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bob"}], "links": [{"a": 1, "b": 2}, {"a": 2, "b": 1}]}`,
		`[{"x": [1, "a", null, {"y": []}]}, {"x": 2.5}]`,
		`"just a string"`,
		`[]`,
		`[[], [[]], [[1]]]`,
		`{"a": {"a": {"a": {"a": null}}}}`,
		`{"k": [{"id": "x"}, {"id": "x"}], "r": ["x", "x"]}`,
		`{"": 1, "~/": [true, false]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonval.Decode(data, jsonval.DecodeOptions{MaxDepth: 64})
		if err != nil {
			return
		}
		golds := []jsonval.Value{v}
		if v.Kind == jsonval.Array && len(v.Arr) > 0 {
			golds = v.Arr
		}
		res, err := Annotate(nil, golds)
		if err != nil {
			t.Fatal(err)
		}
		out := res.JSON()
		if _, err := ir.Compile(out, ir.Options{MaxDepth: 256}); err != nil {
			t.Fatalf("annotated schema does not pass the checks: %v\n%s", err, out)
		}
		schema := res.Schema
		again, err := Annotate(&schema, golds)
		if err != nil {
			t.Fatal(err)
		}
		if string(again.JSON()) != string(out) {
			t.Fatalf("annotating an annotated schema changed it:\n%s\n%s", out, again.JSON())
		}
	})
}
