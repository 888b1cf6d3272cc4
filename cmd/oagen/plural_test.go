package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPluralCounts runs the commands whose summaries count things with
// counts 0, 1 and 2 and checks each noun (and verb) agrees with its count.
func TestPluralCounts(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 cases"}, {1, "1 case"}, {2, "2 cases"}} {
		if got := plural(tc.n, "case", "cases"); got != tc.want {
			t.Errorf("plural(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("s.json", `{"type": "integer"}`)
	good := `{"gold": 1, "candidate": 2}` + "\n"
	bad := `{"gold": "x", "candidate": 2}` + "\n" // an invalid gold: an error line
	one, two := write("one.jsonl", good), write("two.jsonl", good+good)
	oneBad, twoBad := write("onebad.jsonl", good+bad), write("twobad.jsonl", bad+bad)
	badSchema := write("bad.json", `{"type": "objec"}`)
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"score", "-schema", schema, "-batch", one}, "oagen score: 1 line, 0 errors, "},
		{[]string{"score", "-schema", schema, "-batch", two}, "oagen score: 2 lines, 0 errors, "},
		{[]string{"score", "-schema", schema, "-batch", oneBad}, "oagen score: 2 lines, 1 error, "},
		{[]string{"score", "-schema", schema, "-batch", twoBad}, "oagen score: 2 lines, 2 errors"},
		{[]string{"eval", "-schema", schema, "-o", filepath.Join(dir, "e1"), one}, "oagen eval: 1 case, 0 errors, "},
		{[]string{"eval", "-schema", schema, "-o", filepath.Join(dir, "e2"), two}, "oagen eval: 2 cases, 0 errors, "},
		{[]string{"eval", "-schema", schema, "-o", filepath.Join(dir, "e3"), oneBad}, "oagen eval: 2 cases, 1 error, "},
		{[]string{"check", badSchema}, "oagen check: 1 of 1 argument has errors\n"},
		{[]string{"check", schema, badSchema}, "oagen check: 1 of 2 arguments has errors\n"},
		{[]string{"check", badSchema, badSchema}, "oagen check: 2 of 2 arguments have errors\n"},
		{[]string{"score", "-schema", schema, filepath.Join(dir, "nope")}, "oagen score: want GOLD.json and CAND.json, got 1 argument\n"},
		{[]string{"score", "-schema", schema}, "oagen score: want GOLD.json and CAND.json, got 0 arguments\n"},
		{[]string{"eval", "-schema", schema, one, two}, "oagen eval: want one input file (or - for stdin), got 2 arguments\n"},
	} {
		var stdout, stderr bytes.Buffer
		run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if !strings.Contains(stderr.String(), tc.stderr) {
			t.Errorf("oagen %s: stderr %q, want %q in it", strings.Join(tc.args, " "), stderr.String(), tc.stderr)
		}
	}
	// Attribution tables count their rows (a table always has one).
	gold, cand := write("g.json", `{"a": 1, "b": 2}`), write("c.json", `{"a": 1, "b": 3}`)
	obj := write("o.json", `{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}`)
	for _, tc := range []struct {
		schema, gold, cand, want string
	}{
		{schema, write("g1.json", "1"), write("c1.json", "2"), ", 1 row\n"},
		{obj, gold, cand, ", 2 rows\n"},
	} {
		var stdout, stderr bytes.Buffer
		args := []string{"score", "-attribution", "-schema", tc.schema, tc.gold, tc.cand}
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), tc.want) {
			t.Errorf("oagen %s: exit %d, stdout %q, want %q in it", strings.Join(args, " "), code, stdout.String(), tc.want)
		}
	}
}
