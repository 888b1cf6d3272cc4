package ir_test

import (
	"testing"

	"github.com/objectaligner/oagen/ir"
)

// TestMemberAt checks MemberAt, MemberSchemaAt and PropertyAt against
// Member, MemberSchema and Property for every key (declared, duplicated in
// the schema text, matched by a pattern, additional) at every position
// hint, in range or not.
func TestMemberAt(t *testing.T) {
	sch, err := ir.Compile([]byte(`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"},"a":{"type":"boolean"},"c":{}},
		"patternProperties":{"^x":{"type":"string"}},"additionalProperties":{"type":"integer"}}`), ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := sch.Root
	if len(n.Properties) != 3 {
		t.Fatalf("%d properties, want 3 (a duplicated key keeps one position)", len(n.Properties))
	}
	for _, key := range []string{"a", "b", "c", "x1", "y", ""} {
		wantIdx, wantSchema := n.Member(key)
		for i := -1; i <= len(n.Properties)+1; i++ {
			if idx, schema := n.MemberAt(key, i); idx != wantIdx || schema != wantSchema {
				t.Errorf("MemberAt(%q, %d) = %d, %p; Member: %d, %p", key, i, idx, schema, wantIdx, wantSchema)
			}
			if got, want := n.MemberSchemaAt(key, i), n.MemberSchema(key); got != want {
				t.Errorf("MemberSchemaAt(%q, %d) = %p; MemberSchema: %p", key, i, got, want)
			}
			if got, want := n.PropertyAt(key, i), n.Property(key); got != want {
				t.Errorf("PropertyAt(%q, %d) = %p; Property: %p", key, i, got, want)
			}
		}
	}
}
