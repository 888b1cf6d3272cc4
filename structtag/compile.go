package structtag

import (
	"errors"
	"fmt"
	"go/types"
	"slices"
	"strings"

	"github.com/objectaligner/oagen/ir"
)

// Schema is the annotated JSON Schema of one Go type and its IR.
type Schema struct {
	// Type is the Go type name.
	Type string
	// JSON is the annotated JSON Schema document (compact, one line): the
	// document ir.Compile read. Indented renders it for people.
	JSON []byte
	// IR is the compiled schema; nil when there are errors.
	IR *ir.Schema
	// Warnings are ir's warnings, located in Go source.
	Warnings []Diagnostic

	smap *sourceMap
}

// Indented returns the schema document indented with two spaces and
// ending in a newline.
func (s *Schema) Indented() []byte { return indent(s.JSON) }

// Compile builds the annotated JSON Schema of the named struct type from
// its fields, json tags and oa tags, and compiles it with ir.Compile, so
// that every check of package ir applies. On failure the error is an
// ErrorList holding every error found (oa tag syntax, keywords that do not
// apply to the field's type, Go types without a JSON form, and every ir
// check), each located at the oa keyword, struct tag, field or type
// declaration it is about; a type that does not exist gives a plain error.
// The returned Schema is non-nil whenever the document could be built.
func (p *Package) Compile(typeName string, opts ir.Options) (*Schema, error) {
	named, err := p.structType(typeName)
	if err != nil {
		return nil, err
	}
	b := &builder{pkg: p, defOf: map[*types.Named]string{}, building: map[*types.Named]bool{}}
	doc := b.document(named)
	data, smap := render(doc)
	s := &Schema{Type: typeName, JSON: data, smap: smap}
	diags := b.diags
	opts.File = ""
	sch, cerr := ir.Compile(data, opts)
	var list ir.ErrorList
	switch {
	case errors.As(cerr, &list):
		for _, d := range list {
			diags = append(diags, s.remap(d, false))
		}
	case cerr != nil:
		return nil, fmt.Errorf("structtag: %s.%s: %w", p.Path, typeName, cerr)
	default:
		for _, w := range sch.Warnings {
			s.Warnings = append(s.Warnings, s.remap(w, true))
		}
	}
	if len(diags) > 0 {
		return s, ErrorList(dedupe(diags))
	}
	s.IR = sch
	s.Warnings = dedupe(s.Warnings)
	return s, nil
}

// remap locates an ir diagnostic (a position in the rendered one-line
// document) in Go source.
func (s *Schema) remap(d ir.Diagnostic, warning bool) Diagnostic {
	out := Diagnostic{Message: d.Message, Warning: warning}
	if d.Pos.Line == 1 {
		if p, ok := s.smap.lookup(d.Pos.Col - 1); ok {
			out.Pos = p
			return out
		}
	}
	out.Message = "#" + d.Pos.Pointer + ": " + d.Message
	return out
}

// dedupe sorts diagnostics by position and drops repeats (a struct
// definition reached from two roots, a tag error seen twice).
func dedupe(d []Diagnostic) []Diagnostic {
	sortDiags(d)
	seen := map[string]bool{}
	out := d[:0]
	for _, x := range d {
		k := fmt.Sprint(x.Warning) + x.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, x)
	}
	return out
}

// Check checks the annotations of the package: the oa tag syntax of every
// struct field, the whole schema of every root type (see Roots), and, for
// the roots of the package's "oagen gen" directives, the Go types that the
// generated scorer cannot read in place (GoShapes), with the messages
// oagen gen reports. It
// returns every error and every warning, each sorted by position and
// deduplicated.
func (p *Package) Check(opts ir.Options) (errs, warnings []Diagnostic, err error) {
	errs = p.TagErrors()
	for _, root := range p.Roots() {
		if _, terr := p.structType(root); terr != nil {
			// Only a directive names a root that is not a struct type.
			errs = append(errs, Diagnostic{Pos: p.directivePos[root], Message: strings.TrimPrefix(terr.Error(), "structtag: ")})
			continue
		}
		s, cerr := p.Compile(root, opts)
		var list ErrorList
		switch {
		case errors.As(cerr, &list):
			errs = append(errs, list...)
		case cerr != nil:
			return nil, nil, cerr
		default:
			warnings = append(warnings, s.Warnings...)
			if !slices.Contains(p.genTypes, root) {
				break
			}
			// The Go types "oagen gen -type" cannot score in place.
			if _, serr := p.GoShapes(s); errors.As(serr, &list) {
				errs = append(errs, list...)
			} else if serr != nil {
				return nil, nil, serr
			}
		}
	}
	return dedupe(errs), dedupe(warnings), nil
}

// Relative rewrites the file names of diagnostics relative to dir when
// they are inside it.
func Relative(diags []Diagnostic, dir string) []Diagnostic {
	if dir == "" {
		return diags
	}
	prefix := strings.TrimSuffix(dir, "/") + "/"
	out := make([]Diagnostic, len(diags))
	for i, d := range diags {
		d.Pos.Filename = strings.TrimPrefix(d.Pos.Filename, prefix)
		out[i] = d
	}
	return out
}
