package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// arraysSchema is a schema of n arrays (order "align") of objects with k
// string properties each (default keyScore jaro): the shape whose generated
// code used to grow with the square of k, through one scorer per pair of
// properties that fuzzy key alignment could pair.
func arraysSchema(n, k int) []byte {
	props := map[string]any{}
	for a := range n {
		fields := map[string]any{}
		for b := range k {
			fields[fmt.Sprintf("field%d", b)] = map[string]any{"type": "string"}
		}
		props[fmt.Sprintf("list%d", a)] = map[string]any{"type": "array", "order": "align",
			"items": map[string]any{"type": "object", "properties": fields}}
	}
	data, err := json.Marshal(map[string]any{"type": "object", "properties": props})
	if err != nil {
		panic(err)
	}
	return data
}

// lines counts the lines of src.
func lines(src []byte) int { return bytes.Count(src, []byte("\n")) }

// TestSizeIsLinear fails when the size of generated code stops being linear
// in the schema: 10 arrays × 6 string fields stay within 2,500 lines (the
// figure of docs/GENERATED.md, which must not grow), and twice the arrays
// take at most 2.2 times the lines. The examples keep their budgets too
// (orgchart ≤ 1,080 lines, synra_codex_ra ≤ 2,000).
func TestSizeIsLinear(t *testing.T) {
	size := func(schema []byte) int {
		src, err := Generate(Options{TypeName: "Doc", Package: "p", SchemaFile: "s.json", SchemaJSON: schema})
		if err != nil {
			t.Fatal(err)
		}
		return lines(src)
	}
	n10, n20 := size(arraysSchema(10, 6)), size(arraysSchema(20, 6))
	t.Logf("10 arrays × 6 fields: %d lines; 20 × 6: %d lines (%.2f×)", n10, n20, float64(n20)/float64(n10))
	if n10 > 2500 {
		t.Errorf("10 arrays × 6 fields: %d lines, want at most 2,500", n10)
	}
	if float64(n20) > 2.2*float64(n10) {
		t.Errorf("20 arrays × 6 fields: %d lines, more than 2.2 × %d", n20, n10)
	}
	// Wider objects: the lines grow with the fields, not with their pairs.
	w6, w12 := size(arraysSchema(4, 6)), size(arraysSchema(4, 12))
	if float64(w12-w6) > 1.2*float64(w6) {
		t.Errorf("4 arrays × 12 fields: %d lines against %d for 6 fields: more than linear", w12, w6)
	}
	for _, ex := range []struct {
		schema, typ string
		budget      int
	}{
		{"examples/orgchart/schema.json", "OrgChart", 1080},
		{"testdata/schemas/synra_codex_ra.json", "Graph", 2000},
	} {
		sch, err := os.ReadFile(filepath.Join(repoRoot(t), ex.schema))
		if err != nil {
			t.Fatal(err)
		}
		if n := size(sch); n > ex.budget {
			t.Errorf("%s: %d lines, want at most %d", ex.schema, n, ex.budget)
		}
	}
}
