package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runBounded runs one command line in process with stdin, failing the test
// (instead of hanging) when it has not finished within a generous bound.
func runBounded(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	type outcome struct {
		code           int
		stdout, stderr string
	}
	done := make(chan outcome, 1)
	start := time.Now()
	go func() {
		var o, e bytes.Buffer
		c := run(args, strings.NewReader(stdin), &o, &e)
		done <- outcome{c, o.String(), e.String()}
	}()
	select {
	case r := <-done:
		t.Logf("oagen %s: exit %d in %v", strings.Join(args, " "), r.code, time.Since(start).Round(time.Millisecond))
		return r.code, r.stdout, r.stderr
	case <-time.After(2 * time.Minute):
		t.Fatalf("oagen %s: still running after 2 minutes (a hang)", strings.Join(args, " "))
	}
	return
}

// batchOutputs decodes the output lines of a batch.
func batchOutputs(t *testing.T, out string) []map[string]any {
	t.Helper()
	var res []map[string]any
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("output line %d %q: %v", i+1, l, err)
		}
		res = append(res, m)
	}
	return res
}

const intSchema = `{"type":"integer"}`

// hostileLine is a batch line whose "schema" names path.
func hostileLine(id int, path string) string {
	return fmt.Sprintf(`{"id":%d,"schema":%q,"gold":1,"candidate":1}`, id, path)
}

// TestBatchSchemaFilesStayInTheirRoot names, from batch lines, files that a
// dataset line must not reach: the process's standard input (which is the
// batch itself when it is piped), an endless device, a FIFO nobody writes
// to, a secret file outside the root (existing or not), a symbolic link out
// of the root, and a file inside the root whose content is secret. Every
// such line is an error line naming the path the line gave; no other line
// is lost, nothing hangs, and no error quotes the files' content.
func TestBatchSchemaFilesStayInTheirRoot(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.json")
	if err := os.WriteFile(secret, []byte(`{"type":"hunter2-secret"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("int.json", intSchema)
	write("inside-secret.json", `{"type":"hunter2-inside"}`)
	if err := os.Symlink(secret, filepath.Join(root, "escape.json")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	hostile := []struct{ path, want string }{
		{"/dev/stdin", "outside the schema root"},
		{"/dev/zero", "outside the schema root"},
		{"/proc/self/environ", "outside the schema root"},
		{secret, "outside the schema root"},
		{filepath.Join(outside, "missing.json"), "outside the schema root"},
		{"../" + filepath.Base(outside) + "/secret.json", "outside the schema root"},
		{"escape.json", "outside the schema root"},
		{"fifo.json", "not a regular file (a FIFO)"},
		{".", "not a regular file (a directory)"},
		{"inside-secret.json", `unknown type "…"`},
	}
	const good = 200
	var in strings.Builder
	id := 0
	wantErr := map[int]string{}
	for i := range good {
		if i%20 == 1 && len(wantErr) < len(hostile) {
			h := hostile[len(wantErr)]
			id++
			wantErr[id] = h.want
			in.WriteString(hostileLine(id, h.path) + "\n")
		}
		id++
		in.WriteString(hostileLine(id, "int.json") + "\n")
	}
	input := filepath.Join(root, "in.jsonl")
	write("in.jsonl", in.String())
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"file", "", []string{"score", "-batch", input, "-jobs", "2"}},
		{"stdin", in.String(), []string{"score", "-batch", "-", "-schema-root", root, "-jobs", "2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runBounded(t, tc.stdin, tc.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			outs := batchOutputs(t, stdout)
			if len(outs) != id {
				t.Fatalf("%d output lines, want %d (one per input line)", len(outs), id)
			}
			for i, o := range outs {
				n := i + 1
				if got := o["id"]; got != float64(n) {
					t.Fatalf("output line %d has id %v", n, got)
				}
				want, bad := wantErr[n]
				if !bad {
					if o["score"] != 1.0 {
						t.Errorf("line %d: %v, want score 1", n, o)
					}
					continue
				}
				msg, _ := o["error"].(string)
				if !strings.Contains(msg, want) || o["error_kind"] != "bad_schema" {
					t.Errorf("line %d: error %q (%v), want one containing %q", n, msg, o["error_kind"], want)
				}
				if strings.Contains(msg, "hunter2") {
					t.Errorf("line %d: error %q quotes the file's content", n, msg)
				}
				if p := hostile[slicesIndex(wantErr, n)].path; !strings.Contains(msg, p) {
					t.Errorf("line %d: error %q does not name the path %q the line gave", n, msg, p)
				}
			}
		})
	}
}

// slicesIndex is the index in hostile of the error line with id n.
func slicesIndex(wantErr map[int]string, n int) int {
	i := 0
	for k := range wantErr {
		if k < n {
			i++
		}
	}
	return i
}

// TestBatchSchemaErrorNamesTheLinesFile checks that the error of a schema
// file names the file the line gave, not another file with the same bytes
// met before it (nor a symbolic link's target), and that -schema-root sets
// where names resolve.
func TestBatchSchemaErrorNamesTheLinesFile(t *testing.T) {
	root := t.TempDir()
	bad := `{"type":"integer","nullScore":2}`
	for _, name := range []string{"a.json", "b.json"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a.json", filepath.Join(root, "link.json")); err != nil {
		t.Fatal(err)
	}
	in := hostileLine(1, "a.json") + "\n" + hostileLine(2, "b.json") + "\n" + hostileLine(3, "link.json") + "\n" + hostileLine(4, "a.json") + "\n"
	code, stdout, stderr := runBounded(t, in, "score", "-batch", "-", "-schema-root", root, "-jobs", "1")
	if code != exitInput { // no line could be scored
		t.Fatalf("exit %d, want %d: %s", code, exitInput, stderr)
	}
	for i, o := range batchOutputs(t, stdout) {
		want := []string{"a.json", "b.json", "link.json", "a.json"}[i]
		msg, _ := o["error"].(string)
		if !strings.HasPrefix(msg, fmt.Sprintf("line %d: %s:", i+1, want)) {
			t.Errorf("line %d: error %q, want it to name %s", i+1, msg, want)
		}
	}
}
