package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchInputChecks: an input that is one pretty-printed JSON document
// is refused with a message saying so (nothing written); blank lines are
// skipped (no case, no output line, line numbers kept); a batch or eval in
// which no line could be scored exits 1 with one stderr line; a top-level
// member that looks like a typo of a request member is an error line with a
// did-you-mean, while other extra members stay ignored.
func TestBatchInputChecks(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "int.json")
	if err := os.WriteFile(schema, []byte(`{"type":"integer"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := "{\n  \"gold\": 1,\n  \"candidate\": 1\n}\n"
	docArray := "[\n  {\"gold\": 1, \"candidate\": 1}\n]\n"
	for _, in := range []string{doc, docArray} {
		for _, cmd := range [][]string{{"score", "-batch", "-"}, {"eval", "-o", filepath.Join(dir, "doc-out"), "-"}} {
			code, stdout, stderr := runBounded(t, in, append(cmd, "-schema", schema)...)
			if code != exitInput || stdout != "" || !strings.Contains(stderr, "this is a JSON document, not JSON Lines (one request per line)") || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s of a JSON document: exit %d, stdout %q, stderr %q", cmd[0], code, stdout, stderr)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "doc-out")); !os.IsNotExist(err) {
		t.Errorf("eval of a JSON document created its output directory (%v)", err)
	}

	// A broken first line of a real JSON Lines input is only that line's
	// error: the rest is scored, nothing read is lost.
	lines := "{\"gold\": 1, \"candidate\"\n{\"gold\":1,\"candidate\":1}\n{\"gold\":2,\"candidate\":2}\n"
	code, stdout, stderr := runBounded(t, lines, "score", "-batch", "-", "-schema", schema)
	if code != exitOK || strings.Count(stdout, "\n") != 3 || !strings.HasPrefix(stdout, `{"score":null,"error":"line 1: `) || strings.Count(stdout, `{"score":1.0}`) != 2 {
		t.Errorf("broken first line: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// Blank lines.
	blank := "\n{\"gold\":1,\"candidate\":1}\n  \n\r\n{\"gold\":1}\n\n"
	code, stdout, stderr = runBounded(t, blank, "score", "-batch", "-", "-schema", schema)
	want := `{"score":1.0}` + "\n" + `{"score":null,"error":"line 5: missing \"candidate\"","error_kind":"bad_request"}` + "\n"
	if code != exitOK || stdout != want || !strings.Contains(stderr, "2 lines, 1 error") {
		t.Errorf("blank lines: exit %d, stdout\n%s\nwant\n%s\nstderr %q", code, stdout, want, stderr)
	}
	code, _, stderr = runBounded(t, blank, "eval", "-o", filepath.Join(dir, "blank-out"), "-schema", schema, "-")
	if code != exitOK || !strings.Contains(stderr, "2 cases, 1 error") {
		t.Errorf("eval with blank lines: exit %d, stderr %q", code, stderr)
	}

	// Nothing scored: exit 1, one stderr line.
	none := "{\"gold\":1}\n{\"gold\":1,\"candidate\":\"x\",\"schema\":{\"type\":\"integer\",\"nullScore\":2}}\n"
	for _, cmd := range [][]string{{"score", "-batch", "-"}, {"repair", "-batch", "-"}, {"eval", "-o", filepath.Join(dir, "none-out"), "-"}} {
		code, stdout, stderr := runBounded(t, none, append(cmd, "-schema", schema)...)
		if code != exitInput || !strings.Contains(stderr, "no line could be scored") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s, no line scored: exit %d, stderr %q", cmd[0], code, stderr)
		}
		if cmd[0] != "eval" && strings.Count(stdout, "\n") != 2 {
			t.Errorf("%s, no line scored: stdout %q, want both error lines", cmd[0], stdout)
		}
	}

	// Typos of members.
	typos := strings.Join([]string{
		`{"id":1,"gold":1,"candidate":1,"feedbak":true}`,
		`{"id":2,"gold":1,"candidate":1,"top-k":3}`,
		`{"id":3,"gold":1,"cand":1}`,
		`{"id":4,"gold":1,"candidate":1,"note":"ignored","golden":{"x":1}}`,
		`{"id":5,"Gold":1,"gold":1,"candidate":1}`,
	}, "\n") + "\n"
	code, stdout, stderr = runBounded(t, typos, "score", "-batch", "-", "-schema", schema)
	wantLines := []string{
		`{"id":1,"score":null,"error":"line 1: /feedbak: unknown member (did you mean \"feedback\"?); other members are ignored only when they are not close to id, schema, gold, candidate, feedback, top_k, options, candidate_text, strict_json","error_kind":"bad_request"}`,
		`{"id":2,"score":null,"error":"line 2: /top-k: unknown member (did you mean \"top_k\"?); other members are ignored only when they are not close to id, schema, gold, candidate, feedback, top_k, options, candidate_text, strict_json","error_kind":"bad_request"}`,
		`{"id":3,"score":null,"error":"line 3: missing \"candidate\"; the request has \"cand\" (did you mean \"candidate\"?)","error_kind":"bad_request"}`,
		`{"id":4,"score":1.0}`,
		`{"id":5,"score":null,"error":"line 5: /Gold: unknown member (did you mean \"gold\"?); other members are ignored only when they are not close to id, schema, gold, candidate, feedback, top_k, options, candidate_text, strict_json","error_kind":"bad_request"}`,
	}
	if code != exitOK || stdout != strings.Join(wantLines, "\n")+"\n" {
		t.Errorf("typos: exit %d, stdout\n%s\nwant\n%s\nstderr %q", code, stdout, strings.Join(wantLines, "\n"), stderr)
	}
}
