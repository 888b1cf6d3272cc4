package gen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// declared returns the package-level identifiers declared by the Go files
// (tests excluded) of a directory of the repository.
func declared(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot(t), dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					out[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok {
						for _, n := range vs.Names {
							out[n.Name] = true
						}
					}
				}
			}
		}
	}
	return out
}

func mustJSON(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// docNames returns the comparator names of the table that follows heading
// in docs/SCORING.md (rows starting with | `name`).
func docNames(t *testing.T, doc, heading string) []string {
	t.Helper()
	i := strings.Index(doc, heading)
	if i < 0 {
		t.Fatalf("docs/SCORING.md has no %q", heading)
	}
	rest := doc[i+len(heading):]
	if j := strings.Index(rest, "\n### "); j >= 0 {
		rest = rest[:j]
	}
	var out []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)`").FindAllStringSubmatch(rest, -1) {
		if m[1] != "score" { // the header row
			out = append(out, m[1])
		}
	}
	return out
}

// TestComparatorTable checks that every list of the built-in comparators
// agrees with align's table, so that a new comparator needs its kernel, its
// row (align/comparators.go) and its line in docs/SCORING.md, and no other
// edit: the schema compiler accepts its name, the interpreter scores with
// its kernel and charges its cost class, generated code calls its symbol
// (which the support packages declare) and bounds the typed path when it is
// quadratic, and the documentation lists it.
func TestComparatorTable(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "SCORING.md"))
	if err != nil {
		t.Fatal(err)
	}
	alignDecls, genrtDecls := declared(t, "align"), declared(t, filepath.Join("align", "genrt"))
	var strs, nums []string
	for _, c := range align.BuiltinComparators() {
		typ := "string"
		if c.Registry == align.RegistryNumber {
			typ = "number"
		}
		schema := []byte(fmt.Sprintf(`{"type": "object", "properties": {"v": {"type": %q, "score": %q}, "i": {"type": "integer", "score": %q}}}`, typ, c.Name, c.Name))
		if c.Registry == align.RegistryString {
			strs = append(strs, c.Name)
			schema = []byte(fmt.Sprintf(`{"type": "object", "properties": {"v": {"type": "string", "score": %q}}}`, c.Name))
		} else {
			nums = append(nums, c.Name)
		}
		// The schema compiler accepts the name.
		if _, err := ir.Compile(schema, ir.Options{}); err != nil {
			t.Errorf("%s: ir refuses it: %v", c.Name, err)
			continue
		}
		// The interpreter scores with the kernel.
		sc, err := interp.Compile(schema, "s.json", interp.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		var g, p jsonval.Value
		var want float64
		if c.Registry == align.RegistryString {
			g, p = mustJSON(t, `{"v": "kitten"}`), mustJSON(t, `{"v": "sitting"}`)
			want = c.String("kitten", "sitting")
		} else {
			g, p = mustJSON(t, `{"v": 40}`), mustJSON(t, `{"v": 50}`)
			want, err = align.CompareNumbers(c.Name, jsonval.NewInt(40), jsonval.NewInt(50))
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
		}
		if got, err := sc.Score(g, p); err != nil || got != want {
			t.Errorf("%s: the interpreter scores %v (%v), the kernel %v", c.Name, got, err, want)
		}
		// Generated code calls the row's symbol, which the support
		// packages declare, and bounds the typed path for a quadratic one.
		switch c.Registry {
		case align.RegistryString:
			if stringComparator(c.Name) != c.Symbol || !alignDecls[c.Symbol] {
				t.Errorf("%s: gen writes align.%s; the row's symbol %s is declared in align: %v", c.Name, stringComparator(c.Name), c.Symbol, alignDecls[c.Symbol])
			}
		default:
			if numberComparator(c.Name) != c.Symbol || !alignDecls[c.Symbol+"Int"] || !genrtDecls[c.Symbol] {
				t.Errorf("%s: gen writes %s; align declares %sInt: %v, genrt %s: %v", c.Name, numberComparator(c.Name), c.Symbol, alignDecls[c.Symbol+"Int"], c.Symbol, genrtDecls[c.Symbol])
			}
		}
		src, err := Generate(Options{TypeName: "T", Package: "p", SchemaFile: "s.json", SchemaJSON: schema, Version: "(devel)"})
		if err != nil {
			t.Fatalf("%s: gen: %v", c.Name, err)
		}
		if got := regexp.MustCompile(`Damerau:\s+true`).Match(src); got != c.Quadratic() {
			t.Errorf("%s: quadratic %v, the generated file bounds the typed path for a quadratic comparator: %v", c.Name, c.Quadratic(), got)
		}
	}
	// The documentation lists the same names.
	for _, d := range []struct {
		heading string
		names   []string
	}{{"### 3.2 String comparators", strs}, {"### 3.3 Number comparators", nums}} {
		got := docNames(t, string(doc), d.heading)
		slices.Sort(got)
		want := slices.Sorted(slices.Values(d.names))
		if !slices.Equal(got, want) {
			t.Errorf("docs/SCORING.md %s lists %v, align's table %v", d.heading, got, want)
		}
	}
}
