package gen

import (
	"fmt"
	"strings"

	"github.com/objectaligner/oagen/goshape"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// TypeRoot is one root type of GenerateTypes.
type TypeRoot struct {
	// Name is the Go name of the existing struct type T.
	Name string
	// Schema is the compiled schema of T (package structtag builds it from
	// the oa struct tags).
	Schema *ir.Schema
	// Shapes gives the Go type of every schema node reachable from the root.
	Shapes map[*ir.Node]goshape.Shape
}

// TypesOptions configure GenerateTypes.
type TypesOptions struct {
	// Package is the Go package name of the generated file: the package
	// declaring the types.
	Package string
	// Roots are the root types, in the order their functions are written.
	Roots []TypeRoot
	// TypedOnly leaves out the JSON entry points (see Options).
	TypedOnly bool
	// Version is the oagen version named in the header (see Options).
	Version string
	// Declared are the names the package's other files declare (see
	// Options).
	Declared map[string]string
}

// GenerateTypes returns the gofmt-formatted Go source of scorers for
// existing Go types (the struct source of oagen gen): per root type T the
// functions of Generate, scoring the values in place. A value stands for its
// JSON encoding by encoding/json, with two refinements: a float field is a
// float-form number (3.0, where encoding/json writes 3), and a nil slice or
// map that is not behind a pointer is [] or {} (encoding/json writes null,
// which the array or map schema would refuse). A map field must be
// map[string]V (docs/SCORING.md §6.8); unions and JSON values (interfaces)
// are not supported for existing types. A field is absent exactly when encoding/json
// leaves it out (omitempty, omitzero); a nil pointer is null. No types are
// declared.
func GenerateTypes(opts TypesOptions) (_ []byte, err error) {
	defer catchTemplate(&err)
	if !isIdent(opts.Package) {
		return nil, fmt.Errorf("gen: package name %q is not a Go identifier", opts.Package)
	}
	if len(opts.Roots) == 0 {
		return nil, fmt.Errorf("gen: no root types")
	}
	var names []string
	var models []*model
	seen := map[string]bool{}
	ns := newNamespace()
	// The roots keep their names as node paths; the other nodes of every
	// root are named around them.
	for _, r := range opts.Roots {
		ns.paths[r.Name] = true
	}
	for _, r := range opts.Roots {
		if !isExportedIdent(r.Name) {
			return nil, fmt.Errorf("gen: type name %q is not an exported Go identifier", r.Name)
		}
		if seen[r.Name] {
			return nil, fmt.Errorf("gen: type %s named twice", r.Name)
		}
		seen[r.Name] = true
		if r.Schema == nil {
			return nil, fmt.Errorf("gen: type %s: no schema", r.Name)
		}
		shapes := r.Shapes
		if shapes == nil {
			shapes = map[*ir.Node]goshape.Shape{}
		}
		delete(ns.paths, r.Name)
		m, err := buildModel(r.Schema, r.Name, ns, shapes, opts.TypedOnly)
		if err != nil {
			return nil, fmt.Errorf("gen: type %s: %w", r.Name, err)
		}
		if root := m.root; root.kind != kObject || root.ptr || root.base != r.Name {
			return nil, fmt.Errorf("gen: type %s: the root schema node is not the struct type %s", r.Name, r.Name)
		}
		if m.root.nullable {
			return nil, fmt.Errorf("gen: type %s: %s: a nullable root is not supported for existing types", r.Name, m.root.n.Pos)
		}
		if err := checkComparators(m); err != nil {
			return nil, fmt.Errorf("gen: type %s: %w", r.Name, err)
		}
		names = append(names, r.Name)
		models = append(models, m)
	}
	f := newFile(opts.Package, opts.Version, "from the Go types "+strings.Join(names, ", "))
	f.declared = opts.Declared
	for _, m := range models {
		renderScorer(f, m, "the oa tags of "+m.typ, !opts.TypedOnly, jsonval.AppendJSON(nil, m.schema.Raw))
	}
	return f.render()
}
