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

// TestValidationFlag checks -validation (docs/SCORING.md §1.3): gate (the
// default) scores a candidate with an enum slip 0; report scores it as if
// valid, with the violation first in the feedback and on stderr as a
// warning (in "warnings" with -json); a bad value is a usage error.
func TestValidationFlag(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("s.json", `{"type":"object","properties":{"s":{"type":"string","enum":["open","closed"],"score":"exact"},"n":{"type":"integer","score":"exact"}}}`)
	gold := write("g.json", `{"s":"open","n":1}`)
	cand := write("c.json", `{"s":"opened","n":1}`)
	const violation = `Prediction failed schema validation at /s: "opened" is not one of ["open", "closed"]`
	code, stdout, _ := runBounded(t, "", "score", "-feedback", "-schema", schema, gold, cand)
	if code != exitOK || stdout != "0.0\n"+violation+"\n" {
		t.Errorf("gate: exit %d, stdout %q", code, stdout)
	}
	code, stdout, stderr := runBounded(t, "", "score", "-feedback", "-validation", "report", "-schema", schema, gold, cand)
	if code != exitOK || !strings.HasPrefix(stdout, "0.5\n"+violation+"\nThe prediction scored 0.50") ||
		!strings.Contains(stderr, `warning: candidate fails schema validation at /s:`) {
		t.Errorf("report: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = runBounded(t, "", "score", "-json", "-validation", "report", "-schema", schema, gold, cand)
	if code != exitOK || !strings.Contains(stdout, `"warnings":["candidate fails schema validation at /s:`) {
		t.Errorf("report -json: exit %d, stdout %q", code, stdout)
	}
	code, stdout, _ = runBounded(t, "", "repair", "-validation", "report", "-schema", schema, gold, cand)
	if code != exitOK || stdout != "{\"s\":\"open\",\"n\":1}\n" {
		t.Errorf("repair report: exit %d, stdout %q", code, stdout)
	}
	// serve -validation report makes report the default of its requests;
	// a request's option overrides it.
	line := `{"id":1,"gold":{"s":"open","n":1},"candidate":{"s":"opened","n":1}}` + "\n" +
		`{"id":2,"gold":{"s":"open","n":1},"candidate":{"s":"opened","n":1},"options":{"validation":"gate"}}` + "\n"
	code, stdout, _ = runBounded(t, line, "serve", "-stdio", "-validation", "report", "-schema", schema)
	if code != exitOK || !strings.Contains(stdout, `{"id":1,"score":0.5,`) || !strings.Contains(stdout, `{"id":2,"score":0.0,`) {
		t.Errorf("serve -validation report: exit %d, stdout %q", code, stdout)
	}
	if code, _, stderr := runBounded(t, "", "score", "-validation", "warn", "-schema", schema, gold, cand); code != exitUsage || !strings.Contains(stderr, "want gate or report") {
		t.Errorf("-validation warn: exit %d, stderr %q", code, stderr)
	}
}
