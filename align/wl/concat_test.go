package wl

import (
	"strings"
	"testing"
)

// TestAddTupleConcat checks that AddTupleConcat adds the item AddTuple adds
// for the same parts with the pieces joined as the last part.
func TestAddTupleConcat(t *testing.T) {
	cases := []struct {
		parts, pieces []string
	}{
		{[]string{"str", "concept"}, []string{"s", "want-01"}},
		{[]string{"str", ""}, []string{"s", ""}},
		{nil, []string{"s", "x"}},
		{[]string{"a"}, nil},
		{[]string{"int", "k"}, []string{"n", strings.Repeat("9", 300)}}, // a two-byte length
	}
	for _, tc := range cases {
		var a, b LabelBuilder
		a.AddTuple(append(append([]string(nil), tc.parts...), strings.Join(tc.pieces, ""))...)
		a.Add("other")
		b.AddTupleConcat(tc.parts, tc.pieces...)
		b.Add("other")
		if a.Label() != b.Label() {
			t.Errorf("parts %q pieces %q: AddTupleConcat's label %v, AddTuple's %v", tc.parts, tc.pieces, b.Label(), a.Label())
		}
	}
}
