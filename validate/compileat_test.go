package validate

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestCompileAt validates against subschemas of one document, references
// resolved in the document, on both paths.
func TestCompileAt(t *testing.T) {
	doc, err := jsonval.DecodeString(`{"anyOf": [{"type": "string"}, {"$ref": "#/$defs/P"}],
	  "$defs": {"P": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}}}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]Option{nil, {WithoutFastPath()}} {
		vs, err := CompileAt(doc, []string{"/anyOf/0", "/anyOf/1", ""}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			inst  string
			valid [3]bool
		}{
			{`"a"`, [3]bool{true, false, true}},
			{`{"n": 1}`, [3]bool{false, true, true}},
			{`{"n": "x"}`, [3]bool{false, false, false}},
			{`3`, [3]bool{false, false, false}},
		} {
			v, err := jsonval.DecodeString(tc.inst)
			if err != nil {
				t.Fatal(err)
			}
			for i, val := range vs {
				if got := val.Validate(v) == nil; got != tc.valid[i] {
					t.Errorf("fast path %v: %s at validator %d: valid %v, want %v", val.FastPath(), tc.inst, i, got, tc.valid[i])
				}
			}
		}
	}
	if _, err := CompileAt(doc, []string{"/nope"}); err == nil || !strings.Contains(err.Error(), "#/nope") {
		t.Errorf("missing location: %v", err)
	}
}
