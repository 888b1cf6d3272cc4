package structtag

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// LoadOptions configure Load.
type LoadOptions struct {
	// Dir is the directory patterns are resolved in ("" for the current one).
	Dir string
	// Env is the environment of the go command (nil for the process's).
	Env []string
}

// Package is one loaded Go package: its types, syntax and the positions of
// its struct tags.
type Package struct {
	// Path is the import path, Name the package name, Dir its directory.
	Path, Name, Dir string

	fset    *token.FileSet
	types   *types.Package
	tagLits map[token.Pos]*ast.BasicLit // field position → tag literal
	// directives are the type names of the package's //go:generate oagen
	// directives (-type), in order.
	directives []string
}

// Load loads the packages matching patterns (as the go command reads them:
// "./pkg", "./...", an import path) with golang.org/x/tools/go/packages. A
// package with errors (syntax, types) fails the load with every error.
func Load(opts LoadOptions, patterns ...string) ([]*Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo,
		Dir: opts.Dir,
		Env: opts.Env,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("structtag: loading %s: %w", strings.Join(patterns, " "), err)
	}
	var errs []error
	out := make([]*Package, 0, len(pkgs))
	for _, p := range pkgs {
		for _, e := range p.Errors {
			errs = append(errs, errors.New(e.Error()))
		}
		if len(p.Errors) > 0 {
			continue
		}
		out = append(out, newPackage(p))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("structtag: %w", errors.Join(errs...))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("structtag: no Go package matches %s", strings.Join(patterns, " "))
	}
	return out, nil
}

func newPackage(p *packages.Package) *Package {
	pkg := &Package{
		Path:    p.PkgPath,
		Name:    p.Name,
		fset:    p.Fset,
		types:   p.Types,
		tagLits: map[token.Pos]*ast.BasicLit{},
	}
	if len(p.GoFiles) > 0 {
		pkg.Dir = dirOf(p.GoFiles[0])
	}
	for _, f := range p.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fld := range st.Fields.List {
				if fld.Tag == nil {
					continue
				}
				if len(fld.Names) == 0 {
					pkg.tagLits[embeddedIdent(fld.Type)] = fld.Tag
				}
				for _, name := range fld.Names {
					pkg.tagLits[name.Pos()] = fld.Tag
				}
			}
			return true
		})
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				pkg.directives = append(pkg.directives, generateTypes(c.Text)...)
			}
		}
	}
	return pkg
}

func dirOf(file string) string {
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		return file[:i]
	}
	return "."
}

// embeddedIdent returns the position go/types gives an embedded field: its
// type name's identifier.
func embeddedIdent(e ast.Expr) token.Pos {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel.Pos()
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return e.Pos()
		}
	}
}

// generateTypes returns the -type names of a "//go:generate … oagen gen|schema
// … -type A,B" directive, or nil.
func generateTypes(comment string) []string {
	if !strings.HasPrefix(comment, "//go:generate ") {
		return nil
	}
	fields := strings.Fields(comment[len("//go:generate "):])
	isOagen := false
	for i, f := range fields {
		if (f == "oagen" || strings.HasSuffix(f, "/oagen")) && i+1 < len(fields) && (fields[i+1] == "gen" || fields[i+1] == "schema") {
			isOagen = true
		}
		if f == "-schema" || strings.HasPrefix(f, "-schema=") {
			return nil // a JSON Schema source, not a struct source
		}
	}
	if !isOagen {
		return nil
	}
	var out []string
	for i, f := range fields {
		var v string
		switch {
		case (f == "-type" || f == "--type") && i+1 < len(fields):
			v = fields[i+1]
		case strings.HasPrefix(f, "-type="):
			v = f[len("-type="):]
		default:
			continue
		}
		for _, name := range strings.Split(v, ",") {
			if name = strings.TrimSpace(name); name != "" {
				out = append(out, name)
			}
		}
	}
	return out
}

// structType returns the named struct type called name, or an error naming
// the package's struct types.
func (p *Package) structType(name string) (*types.Named, error) {
	obj := p.types.Scope().Lookup(name)
	if obj == nil {
		return nil, fmt.Errorf("structtag: package %s has no type %s%s", p.Path, name, didYouMeanType(name, p.structNames()))
	}
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("structtag: %s.%s is not a type", p.Path, name)
	}
	named, ok := tn.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return nil, fmt.Errorf("structtag: %s.%s is not a defined, non-generic type", p.Path, name)
	}
	return named, nil
}

func (p *Package) structNames() []string {
	var out []string
	for _, name := range p.types.Scope().Names() {
		if tn, ok := p.types.Scope().Lookup(name).(*types.TypeName); ok {
			if _, ok := tn.Type().Underlying().(*types.Struct); ok {
				out = append(out, name)
			}
		}
	}
	return out
}

// AnnotatedTypes returns the names of the package's struct types that carry
// an oa tag on a field (a marker field included), in name order.
func (p *Package) AnnotatedTypes() []string {
	var out []string
	for _, name := range p.structNames() {
		st := p.types.Scope().Lookup(name).Type().Underlying().(*types.Struct)
		for i := range st.NumFields() {
			if _, ok := lookupStructTag(st.Tag(i), "oa"); ok {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

// Roots returns the root types of the package: the -type names of its
// //go:generate oagen directives when it has any; otherwise the annotated
// types (AnnotatedTypes) that no other annotated type contains. Only roots
// are compiled as whole schemas by Check, because a nested type alone can be
// incomplete (an idScope record outside its array, a ref without its scope).
func (p *Package) Roots() []string {
	if len(p.directives) > 0 {
		var out []string
		for _, d := range p.directives {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
		return out
	}
	annotated := p.AnnotatedTypes()
	contained := map[string]bool{}
	for _, name := range annotated {
		st := p.types.Scope().Lookup(name).Type().Underlying().(*types.Struct)
		seen := map[types.Type]bool{}
		var walk func(t types.Type)
		walk = func(t types.Type) {
			if seen[t] {
				return
			}
			seen[t] = true
			switch t := t.(type) {
			case *types.Named:
				if t.Obj().Pkg() == p.types && t.Obj().Name() != name {
					contained[t.Obj().Name()] = true
				}
				walk(t.Underlying())
			case *types.Pointer:
				walk(t.Elem())
			case *types.Slice:
				walk(t.Elem())
			case *types.Array:
				walk(t.Elem())
			case *types.Map:
				walk(t.Elem())
			case *types.Struct:
				for i := range t.NumFields() {
					walk(t.Field(i).Type())
				}
			}
		}
		for i := range st.NumFields() {
			walk(st.Field(i).Type())
		}
	}
	var out []string
	for _, name := range annotated {
		if !contained[name] {
			out = append(out, name)
		}
	}
	return out
}

// lookupStructTag is reflect.StructTag.Lookup on a tag string.
func lookupStructTag(tag, key string) (string, bool) {
	v, _, _, ok := lookupTag("`"+tag+"`", key)
	if !ok && strings.Contains(tag, "`") {
		v, _, _, ok = lookupTag(fmt.Sprintf("%q", tag), key)
	}
	return v, ok
}

// position returns the Go position of p.
func (p *Package) position(pos token.Pos) token.Position { return p.fset.Position(pos) }

// tagPosition returns the position of the struct tag of field v (its name
// when it has no tag literal in this package's syntax) and, when the oa
// tag value's offsets map exactly onto the source, the position of the
// value's first byte.
func (p *Package) tagPosition(v *types.Var) (tagPos, valuePos token.Position, exact bool) {
	lit := p.tagLits[v.Pos()]
	if lit == nil {
		fp := p.position(v.Pos())
		return fp, fp, false
	}
	tagPos = p.position(lit.Pos())
	_, off, ok, found := lookupTag(lit.Value, "oa")
	if !found || strings.Contains(lit.Value, "\n") {
		return tagPos, tagPos, false
	}
	valuePos = tagPos
	valuePos.Column += off
	valuePos.Offset += off
	return tagPos, valuePos, ok
}

// at returns the position of byte off of an oa tag value starting at
// valuePos (the tag position when offsets are not exact).
func at(tagPos, valuePos token.Position, exact bool, off int) token.Position {
	if !exact {
		return tagPos
	}
	valuePos.Column += off
	valuePos.Offset += off
	return valuePos
}

// TagErrors parses the oa tag of every struct field declared in the package
// and returns the syntax errors (unknown keywords with a "did you mean",
// malformed values, duplicates), sorted by position.
func (p *Package) TagErrors() []Diagnostic {
	var out []Diagnostic
	for _, name := range p.types.Scope().Names() {
		tn, ok := p.types.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		seen := map[*types.Struct]bool{}
		var walk func(t types.Type)
		walk = func(t types.Type) {
			switch t := t.(type) {
			case *types.Struct:
				if seen[t] {
					return
				}
				seen[t] = true
				for i := range t.NumFields() {
					f := t.Field(i)
					tag, ok := lookupStructTag(t.Tag(i), "oa")
					if ok {
						_, errs := parseTag(tag)
						tagPos, valuePos, exact := p.tagPosition(f)
						for _, e := range errs {
							out = append(out, Diagnostic{Pos: at(tagPos, valuePos, exact, e.off), Message: e.msg})
						}
					}
					if _, named := f.Type().(*types.Named); !named {
						walk(f.Type())
					}
				}
			case *types.Pointer:
				walk(t.Elem())
			case *types.Slice:
				walk(t.Elem())
			case *types.Array:
				walk(t.Elem())
			case *types.Map:
				walk(t.Elem())
			}
		}
		walk(tn.Type().Underlying())
	}
	sortDiags(out)
	return out
}

func sortDiags(d []Diagnostic) {
	sort.SliceStable(d, func(i, j int) bool {
		a, b := d[i].Pos, d[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}
