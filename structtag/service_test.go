package structtag

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/objectaligner/oagen/examples/service"
	"github.com/objectaligner/oagen/internal/irequal"
	"github.com/objectaligner/oagen/ir"
)

var update = flag.Bool("update", false, "rewrite examples/service/invoice.schema.json")

// TestServiceNoDrift fails when `go generate ./examples/service` would
// change the committed schema: "oagen schema -type Invoice" prints
// ExportJSON(service.Invoice{}, ExportOptions{}).
func TestServiceNoDrift(t *testing.T) {
	const file = "../examples/service/invoice.schema.json"
	want, err := ExportJSON(service.Invoice{}, ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run go generate ./examples/service", file)
	}
}

// TestServiceSource checks the service example's annotations from source:
// no error, no warning, and the same IR as its committed schema.
func TestServiceSource(t *testing.T) {
	pkgs, err := Load(LoadOptions{Dir: "../examples/service"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	errs, warns, err := pkgs[0].Check(ir.Options{})
	if err != nil || len(errs) > 0 || len(warns) > 0 {
		t.Fatalf("check: %v errors %v warnings %v", err, errs, warns)
	}
	if roots := pkgs[0].Roots(); len(roots) != 1 || roots[0] != "Invoice" {
		t.Errorf("roots = %v, want [Invoice] (from the go:generate directive)", roots)
	}
	src, err := pkgs[0].Compile("Invoice", ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	committed, err := ir.CompileFile("../examples/service/invoice.schema.json", ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := irequal.Diff(committed, src.IR); d != "" {
		t.Errorf("committed schema differs from the source: %s", d)
	}
	if len(src.IR.Scopes) != 1 || src.IR.Scopes[0].Name != "party" || len(src.IR.Scopes[0].RefPaths) != 2 {
		t.Errorf("scopes: %+v", src.IR.Scopes)
	}
}
