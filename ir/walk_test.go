package ir

import (
	"slices"
	"testing"
)

// TestWalk visits every node once, in document order, through properties,
// patternProperties, additionalProperties, items, prefixItems, union
// branches and a recursive reference.
func TestWalk(t *testing.T) {
	s, err := Compile([]byte(`{"type": "object", "properties": {
	  "a": {"type": "array", "items": {"type": "string"}},
	  "t": {"type": "array", "prefixItems": [{"type": "integer"}], "items": false},
	  "m": {"type": "object", "patternProperties": {"^x": {"type": "boolean"}}, "additionalProperties": {"type": "number"}},
	  "u": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
	  "self": {"$ref": "#"}}}`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Walk(s.Root, func(n *Node) { got = append(got, n.Pos.Pointer) })
	want := []string{"", "/properties/a", "/properties/a/items", "/properties/t", "/properties/t/prefixItems/0",
		"/properties/m", "/properties/m/patternProperties/^x", "/properties/m/additionalProperties",
		"/properties/u", "/properties/u/anyOf/0", "/properties/u/anyOf/1"}
	if !slices.Equal(got, want) {
		t.Errorf("Walk visited\n%q\nwant\n%q", got, want)
	}
}
