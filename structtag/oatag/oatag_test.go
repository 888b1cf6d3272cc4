package oatag_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
	"github.com/objectaligner/oagen/structtag/oatag"
)

// TestAnalyzer checks the diagnostics of testdata/src/a (annotated roots),
// testdata/src/b (a root named by a go:generate directive) and
// testdata/src/c (a directive naming a type that does not exist, a generic
// annotated type) against their // want comments.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), oatag.Analyzer, "a", "b", "c")
}

// TestSameAsCheck runs the analyzer (go/analysis/checker) and structtag's
// Check (what "oagen check" prints) on the same packages, bad and good, and
// requires the same diagnostics: file, line, column and message.
func TestSameAsCheck(t *testing.T) {
	patterns := []string{
		"./structtag/testdata/bad", "./structtag/testdata/good", "./examples/service",
		"./testdata/structtags/...", "./structtag/oatag/testdata/src/a", "./structtag/oatag/testdata/src/b", "./structtag/oatag/testdata/src/c",
	}
	repo := filepath.Join("..", "..")

	pkgs, err := structtag.Load(structtag.LoadOptions{Dir: repo}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for _, p := range pkgs {
		errs, warnings, err := p.Check(ir.Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		for _, d := range errs {
			want[p.Path] = append(want[p.Path], d.String())
		}
		for _, d := range warnings {
			want[p.Path] = append(want[p.Path], d.String()+" (warning)")
		}
	}

	loaded, err := packages.Load(&packages.Config{
		Mode: packages.LoadSyntax,
		Dir:  repo,
	}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{oatag.Analyzer}, loaded, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	total := 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			got[act.Package.PkgPath] = append(got[act.Package.PkgPath], fmt.Sprintf("%s:%d:%d: %s", p.Filename, p.Line, p.Column, d.Message))
			total++
		}
	}
	if len(got) != len(want) {
		t.Errorf("diagnostics in %d packages, oagen check has %d", len(got), len(want))
	}
	for path, w := range want {
		g := got[path]
		sort.Strings(g)
		sort.Strings(w)
		if !slices.Equal(g, w) {
			t.Errorf("%s: analyzer\n\t%s\noagen check\n\t%s", path, strings.Join(g, "\n\t"), strings.Join(w, "\n\t"))
		}
	}
	if total < 40 {
		t.Errorf("only %d diagnostics: the bad package should give many more", total)
	}
}
