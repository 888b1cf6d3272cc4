package structtag

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/ir"
)

// writeTypes50 writes a module with one package of 50 annotated root types
// (100 struct types) and returns its directory.
func writeTypes50(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	var b strings.Builder
	b.WriteString("package perf\n")
	for i := range 50 {
		fmt.Fprintf(&b, `
type Rec%[1]d struct {
	ID    string   `+"`json:\"id\" oa:\"idScope=s%[1]d\"`"+`
	Name  string   `+"`json:\"name\" oa:\"score=jaro_winkler,threshold=0.8,valueWeight=2\"`"+`
	Count int      `+"`json:\"count,omitempty\" oa:\"score=invdiff\"`"+`
	Tags  []string `+"`json:\"tags\" oa:\"order=align,items.score=exact\"`"+`
	Link  string   `+"`json:\"link,omitempty\" oa:\"ref=s%[1]d\"`"+`
}

type Doc%[1]d struct {
	_     struct{}   `+"`oa:\"keyScore=exact\"`"+`
	Title string     `+"`json:\"title\" oa:\"score=levenshtein\"`"+`
	Recs  []Rec%[1]d `+"`json:\"recs\" oa:\"order=align,valueWeight=3\"`"+`
	Point [3]float64 `+"`json:\"point\" oa:\"prefixWeights=[2,1,1]\"`"+`
}
`, i)
	}
	for name, data := range map[string]string{"go.mod": "module perf\n\ngo 1.26\n", "types.go": b.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// TestCheck50Types checks a package of 50 annotated root types: every root
// is found and compiles cleanly.
func TestCheck50Types(t *testing.T) {
	dir := writeTypes50(t)
	pkgs, err := Load(LoadOptions{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if roots := pkgs[0].Roots(); len(roots) != 50 {
		t.Fatalf("%d roots: %v", len(roots), roots)
	}
	errs, warns, err := pkgs[0].Check(ir.Options{})
	if err != nil || len(errs) > 0 || len(warns) > 0 {
		t.Fatalf("%v %v %v", err, errs, warns)
	}
}

// BenchmarkCheck50Types measures what `oagen check ./pkg` does on a package
// of 50 annotated root types: load (go list, parse, type-check) and check.
func BenchmarkCheck50Types(b *testing.B) {
	dir := writeTypes50(b)
	for b.Loop() {
		pkgs, err := Load(LoadOptions{Dir: dir}, ".")
		if err != nil {
			b.Fatal(err)
		}
		if errs, _, err := pkgs[0].Check(ir.Options{}); err != nil || len(errs) > 0 {
			b.Fatal(err, errs)
		}
	}
}
