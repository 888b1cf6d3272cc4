package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPairWarningsOnStderr checks that the warnings of scoring a pair (here:
// a gold member the schema does not declare, docs/SCORING.md §6.4) reach stderr in
// text output, not only the "warnings" of -json, and that -quiet hides them.
func TestPairWarningsOnStderr(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("s.json", `{"type":"object","properties":{"name":{"type":"string"}}}`)
	gold := write("g.json", `{"name":"a","type":"x"}`)
	const want = `warning: /type: gold key "type" is not declared`
	for _, cmd := range [][]string{
		{"score"}, {"score", "-feedback"}, {"describe"}, {"repair"},
	} {
		args := append(append([]string{}, cmd...), "-schema", schema, gold, gold)
		code, _, stderr := runBounded(t, "", args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", cmd, code, stderr)
		}
		if !strings.Contains(stderr, want) {
			t.Errorf("%v: stderr %q, want a line starting %q", cmd, stderr, want)
		}
		quiet := append(append(append([]string{}, cmd...), "-quiet"), args[len(cmd):]...)
		if _, _, stderr := runBounded(t, "", quiet...); stderr != "" {
			t.Errorf("%v -quiet: stderr %q, want nothing", cmd, stderr)
		}
	}
	// -json carries the warning in the output, not on stderr.
	code, stdout, stderr := runBounded(t, "", "score", "-json", "-schema", schema, gold, gold)
	if code != exitOK || !strings.Contains(stdout, `"warnings":[`) || strings.Contains(stderr, want) {
		t.Errorf("score -json: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
