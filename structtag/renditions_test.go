package structtag

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/internal/irequal"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
)

var (
	renditionsOnce sync.Once
	renditions     map[string]*Package // by directory base name
	renditionsErr  error
)

// loadRenditions loads every package of testdata/structtags once.
func loadRenditions(t *testing.T) map[string]*Package {
	t.Helper()
	renditionsOnce.Do(func() {
		pkgs, err := Load(LoadOptions{Dir: ".."}, "./testdata/structtags/...")
		if err != nil {
			renditionsErr = err
			return
		}
		renditions = map[string]*Package{}
		for _, p := range pkgs {
			renditions[filepath.Base(p.Dir)] = p
		}
	})
	if renditionsErr != nil {
		t.Fatal(renditionsErr)
	}
	return renditions
}

// TestRenditionsMatchSchemas checks that the struct-tag rendition of every
// schema of testdata/schemas compiles to the same IR as the schema file.
func TestRenditionsMatchSchemas(t *testing.T) {
	pkgs := loadRenditions(t)
	files, err := filepath.Glob("../testdata/schemas/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no schemas: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			pkg := pkgs[name]
			if pkg == nil {
				t.Fatalf("no rendition testdata/structtags/%s", name)
			}
			want, err := ir.CompileFile(f, ir.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := pkg.Compile("Root", ir.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if d := irequal.Diff(got.IR, want); d != "" {
				t.Errorf("IR differs: %s\nstruct schema: %s", d, got.JSON)
			}
			if len(got.Warnings) != len(want.Warnings) {
				t.Errorf("warnings: struct source %v, schema %v", got.Warnings, want.Warnings)
			}
		})
	}
}

// TestRenditionsScoreVectors scores the paper_schemas conformance vectors
// with the IR of each schema file and of its struct-tag rendition: the
// scores must be identical (and equal to the reference's).
func TestRenditionsScoreVectors(t *testing.T) {
	pkgs := loadRenditions(t)
	vectors, err := conformance.LoadFile("../testdata/conformance/paper_schemas.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	scorers := map[string][3]*interp.Scorer{}
	n := 0
	for _, v := range vectors {
		tag, _ := v.Tags.Get("schema_name")
		name := tag.S
		pair, ok := scorers[name]
		if !ok {
			pkg := pkgs[name]
			if pkg == nil {
				t.Fatalf("%s: no rendition for schema %q", v.ID, name)
			}
			data, err := os.ReadFile(filepath.Join("../testdata/schemas", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			fromFile, err := interp.Compile(data, name+".json", interp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := pkg.Compile("Root", ir.Options{})
			if err != nil {
				t.Fatal(err)
			}
			fromTags, err := interp.New(s.IR, interp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			// The vectors' scores are the reference's: compare them with
			// the reference profile (docs/PROFILES.md), and the two
			// sources with each other in the default profile.
			reference, err := interp.Compile(data, name+".json", interp.Options{Compat: interp.CompatReference})
			if err != nil {
				t.Fatal(err)
			}
			pair = [3]*interp.Scorer{fromFile, fromTags, reference}
			scorers[name] = pair
		}
		a, errA := pair[0].Score(v.Gold, v.Cand)
		b, errB := pair[1].Score(v.Gold, v.Cand)
		if (errA == nil) != (errB == nil) {
			t.Errorf("%s: schema file error %v, struct tags error %v", v.ID, errA, errB)
			continue
		}
		if math.Float64bits(a) != math.Float64bits(b) {
			t.Errorf("%s: schema file scores %v, struct tags %v", v.ID, a, b)
		}
		if r, err := pair[2].Score(v.Gold, v.Cand); v.HasScore && (err != nil || r != v.Score) {
			t.Errorf("%s: reference profile scores %v (%v), reference %v", v.ID, r, err, v.Score)
		}
		n++
	}
	if n != len(vectors) || n == 0 {
		t.Fatalf("scored %d of %d vectors", n, len(vectors))
	}
	t.Logf("%d vectors over %d schemas score identically", n, len(scorers))
}
