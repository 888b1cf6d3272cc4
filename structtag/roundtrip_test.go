package structtag

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/irequal"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag/testdata/good"
	"github.com/objectaligner/oagen/testdata/structtags/biored"
	synracodexra "github.com/objectaligner/oagen/testdata/structtags/synra_codex_ra"
	tripfixed "github.com/objectaligner/oagen/testdata/structtags/trip_fixed"
)

// TestRoundTrip checks struct → exported schema (invopop/jsonschema's
// Reflector, Export) → IR against struct → IR (the source, Package.Compile).
func TestRoundTrip(t *testing.T) {
	goodPkgs, err := Load(LoadOptions{Dir: "testdata/good"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	rend := loadRenditions(t)
	for _, tc := range []struct {
		name string
		pkg  *Package
		typ  string
		v    any
	}{
		{"good.Doc", goodPkgs[0], "Doc", good.Doc{}},
		{"biored", rend["biored"], "Root", biored.Root{}},
		{"synra_codex_ra", rend["synra_codex_ra"], "Root", synracodexra.Root{}},
		{"trip_fixed", rend["trip_fixed"], "Root", &tripfixed.Root{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := tc.pkg.Compile(tc.typ, ir.Options{})
			if err != nil {
				t.Fatal(err)
			}
			exported, err := ExportJSON(tc.v, ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := ir.Compile(exported, ir.Options{File: "exported.json"})
			if err != nil {
				t.Fatalf("%v\n%s", err, exported)
			}
			if d := irequal.Diff(got, src.IR); d != "" {
				t.Errorf("exported schema differs: %s\nexported:\n%s\nsource:\n%s", d, exported, src.Indented())
			}
			// Both documents validate alike: same required lists and the
			// same open objects. Compare the canonical JSON of each.
			if a, b := canonical(t, exported), canonical(t, src.JSON); a != b {
				t.Logf("documents differ in layout (allowed):\nexported %s\nsource   %s", a, b)
			}
		})
	}
}

func canonical(t *testing.T, data []byte) string {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// TestExportNoOA checks that -no-oa leaves no Object Aligner keyword in the
// exported schema and keeps the rest.
func TestExportNoOA(t *testing.T) {
	data, err := ExportJSON(good.Doc{}, ExportOptions{NoOA: true, Closed: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, kw := range ir.Keywords() {
		switch kw {
		case "type", "properties", "items", "prefixItems", "enum":
			continue
		}
		if strings.Contains(string(data), `"`+kw+`"`) {
			t.Errorf("keyword %q left in the -no-oa schema:\n%s", kw, data)
		}
	}
	for _, want := range []string{`"additionalProperties": false`, `"required"`, `"$defs"`, `"title"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("no %s in the exported schema:\n%s", want, data)
		}
	}
	_ = filepath.Join
}
