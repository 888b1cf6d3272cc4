package gen

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strings"
	"text/template"
)

// The generator writes Go source as text, in one way: the fixed shapes of
// the file (its header and imports, the type declarations, the entry
// points) are text/template templates with named fields (templates/*.tmpl),
// and the code that follows the schema node by node (the scoring methods,
// codecs, checks and the referential pass) is written by the emitter's
// printer (emitter.p), one line of Go with its values at a time. go/format
// lays out the result, and every generated file is compiled by the drift,
// fidelity and conformance tests.

//go:embed templates/*.tmpl
var templateFS embed.FS

// templates are the templates of the generated code, parsed once (they
// are constant, like a compiled regexp).
var templates = template.Must(template.New("gen").Funcs(template.FuncMap{
	"quote": func(s string) string { return fmt.Sprintf("%q", s) },
}).ParseFS(templateFS, "templates/*.tmpl"))

// execute renders the template name with data into w. The templates are
// the generator's own and their data is built by it, so a failure is a bug
// of the generator.
func execute(w *bytes.Buffer, name string, data any) {
	if err := templates.ExecuteTemplate(w, name, data); err != nil {
		panic(fmt.Sprintf("gen: template %s: %v", name, err))
	}
}

// file is a generated file being written: the header's fields and the
// declarations, as Go source.
type file struct {
	Source     string // what the file is generated from ("from schema.json")
	Version    string // the oagen version the header names
	Package    string
	GenVersion int // the contract version of the support package it is written for
	body       bytes.Buffer
}

// importNames are the packages generated code may use, by the name it
// refers to them with; generated code declares no identifier with one of
// these names, so a selector on such a name is a package reference.
var importNames = map[string]string{
	"errors":  "errors",
	"fmt":     "fmt",
	"regexp":  "regexp",
	"sync":    "sync",
	"align":   pathAlign,
	"jsonval": pathJSONVal,
	"interp":  pathInterp,
	"wl":      pathWL,
	"genrt":   pathGenRT,
}

// fileData is the data of the file template.
type fileData struct {
	*file
	Std, Module []string // the imports: standard library, then this module
	Body        string
}

// render returns the gofmt-formatted source of f: its header, the imports
// of the packages its declarations refer to, and the declarations.
func (f *file) render() ([]byte, error) {
	body := f.body.String()
	d := fileData{file: f, Body: body}
	// The declarations are parsed on their own to find the packages they
	// use: every reference to one is a selector on its name.
	fset := token.NewFileSet()
	ast1, err := parser.ParseFile(fset, "", "package p\n"+body, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("gen: formatting the generated code: %w", err)
	}
	used := map[string]bool{pathGenRT: true} // the version check
	ast.Inspect(ast1, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && importNames[id.Name] != "" {
				used[importNames[id.Name]] = true
			}
		}
		return true
	})
	for _, p := range slices.Sorted(maps.Keys(used)) {
		if strings.Contains(p, ".") {
			d.Module = append(d.Module, p)
		} else {
			d.Std = append(d.Std, p)
		}
	}
	var buf bytes.Buffer
	execute(&buf, "file", d)
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: formatting the generated code: %w", err)
	}
	return out, nil
}
