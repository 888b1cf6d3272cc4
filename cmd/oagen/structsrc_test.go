package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckPackage runs "oagen check" on a package pattern.
func TestCheckPackage(t *testing.T) {
	var out, errOut bytes.Buffer
	err := cmdCheck([]string{"../../structtag/testdata/bad"}, nil, &out, &errOut)
	if err == nil {
		t.Fatal("check of a package with bad annotations succeeded")
	}
	for _, want := range []string{
		`bad.go:8:31: unknown keyword "scroe" in oa tag (did you mean "score"?)`,
		`bad.go:25:18: ref to undefined scope "persn" (did you mean "person"?)`,
		`bad.go:39:12: scopes "a", "b" are in or behind a reference cycle between scopes; they are aligned on properties only (docs/SCORING.md §7.2) (warning)`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := cmdCheck([]string{"../../examples/service"}, nil, &out, &errOut); err != nil || out.Len() > 0 {
		t.Errorf("check examples/service: %v\n%s", err, out.String())
	}
}

// TestCheckUnresolvableRef runs "oagen check" on a schema file.
func TestCheckUnresolvableRef(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(file, []byte(`{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := cmdCheck([]string{file}, nil, &out, &errOut); err == nil {
		t.Fatal("no error")
	}
	want := file + `:1:37: #/properties/a: $ref "#/$defs/Nope": no such location in this document` + "\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestSchemaCommand runs "oagen schema" on the service example: it prints
// the committed schema (what go generate writes).
func TestSchemaCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	want, err := os.ReadFile("../../examples/service/invoice.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := cmdSchema([]string{"-type", "Invoice", "../../examples/service"}, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("oagen schema output differs from invoice.schema.json:\n%s", out.String())
	}
	out.Reset()
	if err := cmdSchema([]string{"-type", "Invoice", "-no-oa", "-closed", "../../examples/service"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "idScope") || !strings.Contains(out.String(), `"additionalProperties": false`) {
		t.Errorf("-no-oa -closed output:\n%s", out.String())
	}
}

// TestGenStructSource checks that "oagen gen -type X" without -schema
// writes the struct-source scorer (the committed invoice_oa.go of
// examples/service) and reports annotation errors and Go types it cannot
// score in place as file:line:col: message.
func TestGenStructSource(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := cmdGenAny([]string{"-type", "Invoice", "-o", "-", "../../examples/service"}, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	want, err := os.ReadFile("../../examples/service/invoice_oa.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Error("oagen gen -type Invoice differs from the committed invoice_oa.go")
	}
	out.Reset()
	err = cmdGenAny([]string{"-type", "UnknownComparator", "../../structtag/testdata/bad"}, &out, &errOut)
	if err == nil || !strings.Contains(out.String(), `bad.go:16:31: unknown comparator "jaro_winkle" for a string (did you mean "jaro_winkler"?)`) {
		t.Errorf("err = %v, out = %s", err, out.String())
	}
	out.Reset()
	err = cmdGenAny([]string{"-type", "T", "./testdata/unsupported"}, &out, &errOut)
	for _, w := range []string{"u.go:6:19: type map[int]string: a map whose key type is not string is not supported", "u.go:7:19: type float32 is not supported"} {
		if err == nil || !strings.Contains(out.String(), w) {
			t.Errorf("err = %v, out = %s, want %s", err, out.String(), w)
		}
	}
}
