package request

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestSchemaFiles checks the resolver of dataset lines' schema files: a
// name is read once per run (a file changed or removed afterwards does not
// change its outcome), the size cap holds before anything is parsed,
// absolute paths inside the root are accepted, and names that leave it are
// refused without touching the file system.
func TestSchemaFiles(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "s.json")
	if err := os.WriteFile(name, []byte(`{"type":"integer"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.json"), []byte(strings.Repeat(" ", 100)+"{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := OpenSchemaFiles(dir, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	data, file, err := files.Resolve("s.json")
	if err != nil || string(data) != `{"type":"integer"}` || file != "s.json" {
		t.Fatalf("Resolve(s.json) = %q, %q, %v", data, file, err)
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if again, _, err := files.Resolve("s.json"); err != nil || string(again) != string(data) {
		t.Errorf("second Resolve(s.json) read the file again: %q, %v", again, err)
	}
	if _, _, err := files.Resolve(name); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("Resolve(absolute path inside the root) = %v, want the file's own error", err)
	}
	if _, _, err := files.Resolve("big.json"); err == nil || !strings.Contains(err.Error(), "larger than the limit of 64 bytes") {
		t.Errorf("Resolve(big.json) = %v, want the size limit", err)
	}
	for _, bad := range []string{"../x.json", "/etc/passwd", "a/../../x.json", filepath.Dir(dir)} {
		if _, f, err := files.Resolve(bad); !errors.Is(err, ErrOutsideRoot) || f != bad || !strings.Contains(err.Error(), bad) {
			t.Errorf("Resolve(%q) = %q, %v; want ErrOutsideRoot naming the path", bad, f, err)
		}
	}
}

// TestRedactSchemaError: the compile error of a named schema file keeps
// the position, the pointer and the message's words, not the file's text.
func TestRedactSchemaError(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"type":"hunter2"}`, `f.json:1:2: #: unknown type "…"`},
		{`hunter2`, `f.json:1:1: #: invalid JSON: unexpected '…', expected a JSON value`},
	} {
		_, err := interp.Compile([]byte(c.schema), "f.json", interp.Options{})
		if err == nil {
			t.Fatalf("%s compiled", c.schema)
		}
		if got := RedactSchemaError(err).Error(); got != c.want {
			t.Errorf("%s: %q, want %q", c.schema, got, c.want)
		}
	}
}

// TestMemberTypos: members close to a request member are errors naming
// it; others are ignored.
func TestMemberTypos(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`{"gold":1,"candidate":1,"feedbak":true}`, `/feedbak: unknown member (did you mean "feedback"?)`},
		{`{"gold":1,"candidate":1,"top-k":1}`, `/top-k: unknown member (did you mean "top_k"?)`},
		{`{"gold":1,"candidate":1,"optons":{}}`, `/optons: unknown member (did you mean "options"?)`},
		{`{"gold":1,"candidate":1,"schemas":"x"}`, `/schemas: unknown member (did you mean "schema"?)`},
		{`{"gold":1,"cand":1}`, `missing "candidate"; the request has "cand" (did you mean "candidate"?)`},
		{`{"gld":1,"candidate":1}`, `missing "gold"; the request has "gld" (did you mean "gold"?)`},
		{`{"gold":1}`, `missing "candidate"`},
		{`{"gold":1,"candidate":1,"note":"x","label":3,"prediction":{}}`, ``},
	} {
		_, err := Parse([]byte(c.line), jsonval.DecodeOptions{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, c.want) || (c.want == "") != (got == "") {
			t.Errorf("%s: %q, want %q…", c.line, got, c.want)
		}
	}
}
