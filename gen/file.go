package gen

import (
	"bytes"
	"embed"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
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
	"join":  func(xs []string) string { return strings.Join(xs, ", ") },
	"inc":   func(i int) int { return i + 1 },
}).ParseFS(templateFS, "templates/*.tmpl"))

// execute renders the template name with data into w. The templates are
// the generator's own and their data is built by it, so a failure is a bug
// of the generator: it unwinds to Generate or GenerateTypes (see
// catchTemplate), which return it as an error.
func execute(w *bytes.Buffer, name string, data any) {
	if err := templates.ExecuteTemplate(w, name, data); err != nil {
		panic(templateFailure{fmt.Errorf("gen: internal error: template %s: %w", name, err)})
	}
}

// templateFailure is the panic value of a template that failed.
type templateFailure struct{ err error }

// catchTemplate, deferred, turns the failure of a template into *err.
func catchTemplate(err *error) {
	if r := recover(); r != nil {
		tf, ok := r.(templateFailure)
		if !ok {
			panic(r)
		}
		*err = tf.err
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
	// declared are the package-level names that the package's other files
	// declare, with where (Options.Declared); origins say what the file's
	// named types and constants stand for, for the error of a collision.
	declared, origins map[string]string
	root              string // the first root type, for the prefix an error suggests
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

// table is the data of the table template: an array of constants.
type table struct {
	Name, Doc string // Doc follows the name in the comment
	Elem      string
	Items     []string
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
	if err := f.checkDeclared(ast1); err != nil {
		return nil, err
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

// checkDeclared refuses a package-level name of the file (parsed) that
// another file of the package declares (f.declared).
func (f *file) checkDeclared(parsed *ast.File) error {
	if len(f.declared) == 0 {
		return nil
	}
	for _, name := range topLevelNames(parsed) {
		where, ok := f.declared[name]
		if !ok {
			continue
		}
		what := f.origins[name]
		if what == "" {
			what = "a declaration of the generated file"
		}
		return fmt.Errorf("gen: %s: %s (%s) is declared by %s too; the files of one package must declare each name once: give this run's types a prefix (oagen gen -prefix %s, Options.TypePrefix, names it %s%s) or rename the other", strings.TrimPrefix(f.Source, "from "), name, what, where, f.root, f.root, name)
	}
	return nil
}

// topLevelNames are the package-level names a Go file declares (types,
// functions, variables, constants; not methods, not _).
func topLevelNames(file *ast.File) []string {
	var out []string
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out = append(out, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					out = append(out, sp.Name.Name)
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.Name != "_" {
							out = append(out, n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// PackageDeclarations returns the package-level names declared by the Go
// files of package pkg in dir (test files of the package included, files
// that build constraints exclude left out) other than the file exclude
// (a base name: the file about to be generated), each with where: the
// file's name and, for a generated file, what it was generated from. It
// is Options.Declared for a run writing into dir.
func PackageDeclarations(dir, pkg, exclude string) (map[string]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, ent := range ents {
		name := ent.Name()
		if ent.IsDir() || !strings.HasSuffix(name, ".go") || name == exclude {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		parsed, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("gen: reading the package's other files: %w", err)
		}
		if parsed.Name.Name != pkg {
			continue // an external test package, or another package
		}
		where := name
		if len(parsed.Comments) > 0 {
			if src, ok := strings.CutPrefix(parsed.Comments[0].List[0].Text, "// Code generated by oagen "); ok {
				where += " (generated by oagen " + strings.TrimSuffix(src, ". DO NOT EDIT.") + ")"
			}
		}
		for _, n := range topLevelNames(parsed) {
			if _, dup := out[n]; !dup {
				out[n] = where
			}
		}
	}
	return out, nil
}
