// Package oatag defines an analyzer that checks the oa struct tags of a Go
// package, for go vet and golangci-lint.
//
// It reports exactly what "oagen check ./pkg" reports, from the same code
// (structtag.Package.Check): the oa tag syntax of every struct field
// (unknown keywords with a "did you mean", malformed values, duplicates),
// and every annotation error of the whole schema of each root type (the
// -type names of the package's //go:generate oagen directives, or else the
// annotated types no other annotated type contains), each positioned on the
// keyword inside the tag, the tag, the field or the type declaration it is
// about. Warnings end in "(warning)"; the -quiet flag leaves them out.
//
// The oagen-vet command runs it:
//
//	go install github.com/objectaligner/oagen/cmd/oagen-vet
//	go vet -vettool=$(which oagen-vet) ./...
package oatag

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

const doc = `check the oa struct tags of Object Aligner scoring

The oatag analyzer reports what "oagen check ./pkg" reports: oa tag syntax
errors in every struct, and the annotation errors of the whole schema of each
root type (the -type names of the package's //go:generate oagen directives, or
else the annotated types that no other annotated type contains), positioned on
the keyword inside the tag. Warnings end in "(warning)".`

// Analyzer reports the errors and warnings of the oa struct tags of a
// package. Its flag -quiet leaves the warnings out.
var Analyzer = NewAnalyzer(false)

// NewAnalyzer returns an analyzer like Analyzer, whose -quiet flag is
// initially quiet (for drivers that configure analyzers without flags, such
// as golangci-lint).
func NewAnalyzer(quiet bool) *analysis.Analyzer {
	c := &checker{quiet: quiet}
	a := &analysis.Analyzer{
		Name: "oatag",
		Doc:  doc,
		URL:  "https://pkg.go.dev/github.com/objectaligner/oagen/structtag/oatag",
		Run:  c.run,
	}
	a.Flags.BoolVar(&c.quiet, "quiet", quiet, "do not report warnings")
	return a
}

// checker is the state of one analyzer: its flags.
type checker struct {
	quiet bool
}

func (c *checker) run(pass *analysis.Pass) (any, error) {
	if len(pass.Files) == 0 {
		return nil, nil
	}
	p := structtag.NewPackage(pass.Fset, pass.Files, pass.Pkg)
	errs, warnings, err := p.Check(ir.Options{})
	if err != nil {
		return nil, err
	}
	for _, d := range errs {
		pass.Report(analysis.Diagnostic{Pos: pos(pass, d.Pos), Message: d.Message})
	}
	if c.quiet {
		return nil, nil
	}
	for _, d := range warnings {
		pass.Report(analysis.Diagnostic{Pos: pos(pass, d.Pos), Message: d.Message + " (warning)"})
	}
	return nil, nil
}

// pos returns the token.Pos of a structtag position (a file name and byte
// offset in pass.Fset), or the package clause of the package's first file
// for a diagnostic that has no position in this package.
func pos(pass *analysis.Pass, p token.Position) token.Pos {
	at := pass.Files[0].Package
	if p.Filename == "" {
		return at
	}
	pass.Fset.Iterate(func(f *token.File) bool {
		if f.Name() != p.Filename || p.Offset > f.Size() {
			return true
		}
		at = f.Pos(p.Offset)
		return false
	})
	return at
}
