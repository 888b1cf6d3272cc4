package gen

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// lineDiff returns the lines of a that b lacks and the lines of b that a
// lacks, by a longest common subsequence of lines.
func lineDiff(a, b []string) (removed, added []string) {
	n, m := len(a), len(b)
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			removed = append(removed, a[i])
			i++
		default:
			added = append(added, b[j])
			j++
		}
	}
	return append(removed, a[i:]...), append(added, b[j:]...)
}

// TestStableDiff adds one leaf property to a committed example's schema
// and checks that the regenerated file changes only in lines about that
// property: generated names derive from schema locations, not from a
// traversal counter. The bound is 40 changed lines (removed plus added) for
// one string property of the org chart's people, whose records take part in
// the referential pass (their exact members label the WL graph); none of
// the changed lines may name another node of the schema.
func TestStableDiff(t *testing.T) {
	schema, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "orgchart", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The new property goes last among the people's properties (after
	// role, whose object ends the list).
	i := bytes.Index(schema, []byte(`"role": {`))
	j := bytes.Index(schema[max(i, 0):], []byte("\n          }"))
	if i < 0 || j < 0 {
		t.Fatal("the org chart's schema has no role property")
	}
	at := i + j + len("\n          }")
	grown := slices.Concat(schema[:at], []byte(`,
          "email": {"type": "string", "score": "exact"}`), schema[at:])
	gen := func(s []byte) []string {
		t.Helper()
		src, err := Generate(Options{TypeName: "OrgChart", Package: "orgchart", SchemaFile: "schema.json", SchemaJSON: s, Version: "(devel)"})
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(src), "\n")
	}
	before, after := gen(schema), gen(grown)
	removed, added := lineDiff(before, after)
	changed := len(removed) + len(added)
	t.Logf("%d lines before, %d after: %d removed, %d added", len(before), len(after), len(removed), len(added))
	for _, l := range removed {
		t.Logf("-%s", l)
	}
	for _, l := range added {
		t.Logf("+%s", l)
	}
	const bound = 40
	if changed > bound {
		t.Errorf("adding one property changed %d lines, more than %d", changed, bound)
	}
	// Names of the nodes the change does not touch.
	for _, other := range []string{"Mentorships", "Mentor", "Mentee", "Agenda", "Period"} {
		for _, l := range append(removed, added...) {
			if strings.Contains(l, other) {
				t.Errorf("a changed line names %s: %s", other, l)
			}
		}
	}
}
