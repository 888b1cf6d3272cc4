package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align/genrt"
)

// TestRegenerateStaleOutput reproduces an oagen upgrade: the committed
// invoice_oa.go was generated for a support-package contract older than
// the package's window (genrt.MinVersion), so the package does not compile. "oagen check"
// and "oagen schema" must still work on it, and "oagen gen -type Invoice"
// must rewrite the file to exactly the committed one.
func TestRegenerateStaleOutput(t *testing.T) {
	// The copy lives inside the module (under testdata, which ./... skips)
	// so that it imports this module's runtime.
	dir, err := os.MkdirTemp("testdata", "stale-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	const src = "../../examples/service"
	for _, name := range []string{"invoice.go", "invoice_oa.go", "scorer.go", "invoice.schema.json"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(filepath.Join(src, "invoice_oa.go"))
	if err != nil {
		t.Fatal(err)
	}
	check := fmt.Sprintf("genrt.EnforceVersion(%d - genrt.MinVersion)", genrt.GenVersion)
	stale := bytes.Replace(want, []byte(check), []byte(fmt.Sprintf("genrt.EnforceVersion(%d - genrt.MinVersion)", genrt.MinVersion-1)), 1)
	if bytes.Equal(stale, want) {
		t.Fatalf("invoice_oa.go has no %s check to corrupt", check)
	}
	out := filepath.Join(dir, "invoice_oa.go")
	if err := os.WriteFile(out, stale, 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := "./" + filepath.ToSlash(dir)

	var stdout, stderr bytes.Buffer
	if err := cmdCheck([]string{pkg}, nil, &stdout, &stderr); err != nil || stdout.Len() > 0 {
		t.Errorf("check of the stale package: %v\n%s%s", err, stdout.String(), stderr.String())
	}

	if !testing.Short() {
		stdout.Reset()
		if err := cmdSchema([]string{"-type", "Invoice", pkg}, &stdout, &stderr); err != nil {
			t.Errorf("schema of the stale package: %v\n%s", err, stderr.String())
		} else if schema, err := os.ReadFile(filepath.Join(src, "invoice.schema.json")); err != nil {
			t.Fatal(err)
		} else if !bytes.Equal(stdout.Bytes(), schema) {
			t.Errorf("oagen schema of the stale package differs from invoice.schema.json:\n%s", stdout.String())
		}
	}

	stdout.Reset()
	if err := cmdGenAny([]string{"-type", "Invoice", pkg}, &stdout, &stderr); err != nil {
		t.Fatalf("gen on the stale package: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("regenerated invoice_oa.go differs from the committed one (stale check left: %t)",
			!strings.Contains(string(got), check))
	}

	// Regenerated, the package compiles again and nothing is hidden.
	pkgs, err := loadOne(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if h := pkgs.HiddenFiles(); len(h) > 0 {
		t.Errorf("hidden files after regeneration: %q", h)
	}
}
