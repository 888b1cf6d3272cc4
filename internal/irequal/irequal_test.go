package irequal

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/ir"
)

func compile(t *testing.T, s string) *ir.Schema {
	t.Helper()
	sch, err := ir.Compile([]byte(s), ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func TestDiff(t *testing.T) {
	base := `{"type":"object","properties":{"a":{"type":"array","order":"align","items":{"type":"string","idScope":"s"}},"b":{"type":"string","ref":"s"}}}`
	for _, tc := range []struct{ other, want string }{
		{base, ""},
		{`{"$defs":{"A":{"type":"array","order":"align","items":{"type":"string","idScope":"s"}}},"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"b":{"type":"string","ref":"s"}}}`, ""},
		{strings.Replace(base, `"align"`, `"fixed"`, 1), "#/properties/a: order"},
		{strings.Replace(base, `"ref":"s"`, `"ref":"s","valueWeight":2`, 1), "#/properties/b: valueWeight"},
		{strings.Replace(base, `"idScope":"s"`, `"idScope":"s","nullScore":0.5`, 1), "#/properties/a/items: nullScore"},
		{strings.Replace(base, `"a":{"type":"array"`, `"a":{"type":["array","null"]`, 1), "#/properties/a: type"},
		{strings.Replace(base, `"b":`, `"c":`, 1), `property 1 is "b" vs "c"`},
	} {
		got := Diff(compile(t, base), compile(t, tc.other))
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("Diff(base, %s) = %q, want %q", tc.other, got, tc.want)
		}
	}
	// Recursive schemas compare as graphs.
	rec := `{"$defs":{"T":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/T"}}}}},"$ref":"#/$defs/T"}`
	if d := Diff(compile(t, rec), compile(t, rec)); d != "" {
		t.Errorf("recursive schema differs from itself: %s", d)
	}
}
