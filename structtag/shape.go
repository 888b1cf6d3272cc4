package structtag

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/objectaligner/oagen/goshape"
	"github.com/objectaligner/oagen/ir"
)

// GoShapes describes, for gen.GenerateTypes, the Go type behind every node
// of s, the compiled schema of one of the package's types (Compile's
// result, without errors): the struct types with the access path, omitempty
// and omitzero of each JSON field, slices, pointers and the scalar types.
//
// The generator scores values of the types in place, so it accepts only the
// Go types whose JSON form it can read without encoding/json: structs of
// this package, slices, one level of pointer, bool, string, float64, and
// the signed integers and uint8–uint32 (and types defined on them in this
// package). Everything else the schema allows — maps, Go arrays, time.Time,
// encoding.TextMarshaler types, []byte, float32 (encoding/json writes its
// shortest float32 form), uint, uint64 and uintptr (beyond int64), the
// ",string" option, fields promoted through embedded pointers, types of other
// packages, prefixItems=N — is an error located at the field (an ErrorList).
func (p *Package) GoShapes(s *Schema) (map[*ir.Node]goshape.Shape, error) {
	if s == nil || s.IR == nil {
		return nil, errors.New("structtag: GoShapes needs a schema compiled without errors")
	}
	named, err := p.structType(s.Type)
	if err != nil {
		return nil, err
	}
	w := &shaper{p: p, b: &builder{pkg: p}, shapes: map[*ir.Node]goshape.Shape{}}
	w.walk(named, s.IR.Root, p.position(named.Obj().Pos()))
	if len(w.diags) > 0 {
		return nil, ErrorList(dedupe(w.diags))
	}
	return w.shapes, nil
}

// shaper walks a Go type and its schema node together.
type shaper struct {
	p      *Package
	b      *builder
	shapes map[*ir.Node]goshape.Shape
	diags  []Diagnostic
}

func (w *shaper) errorf(pos token.Position, format string, args ...any) {
	w.diags = append(w.diags, Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...) + " (oagen gen scores existing types in place; see structtag.GoShapes)"})
}

func (w *shaper) qual(p *types.Package) string {
	if p == w.p.types {
		return ""
	}
	return p.Name()
}

// walk records the shape of n, whose values have Go type t.
func (w *shaper) walk(t types.Type, n *ir.Node, pos token.Position) {
	t = types.Unalias(t)
	sh := goshape.Shape{Type: types.TypeString(t, w.qual)}
	if old, ok := w.shapes[n]; ok {
		if old.Type != sh.Type {
			w.errorf(pos, "Go types %s and %s share one schema node", old.Type, sh.Type)
		}
		return
	}
	inner := t
	if pt, ok := t.(*types.Pointer); ok {
		sh.Pointer = true
		inner = types.Unalias(pt.Elem())
		if _, ok := inner.Underlying().(*types.Pointer); ok {
			w.errorf(pos, "type %s: a pointer to a pointer is not supported", sh.Type)
			return
		}
	}
	if nt, ok := inner.(*types.Named); ok {
		obj := nt.Obj()
		switch {
		case obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time":
			w.errorf(pos, "type time.Time is not supported")
			return
		case obj.Pkg() != w.p.types:
			w.errorf(pos, "type %s of another package is not supported", sh.Type)
			return
		case implements(nt, textMarshaler):
			w.errorf(pos, "type %s encodes through MarshalText, which is not supported", sh.Type)
			return
		}
	}
	switch u := inner.Underlying().(type) {
	case *types.Basic:
		switch k := u.Kind(); {
		case k == types.Bool:
			sh.Kind = goshape.Bool
		case k == types.String:
			sh.Kind = goshape.String
		case k == types.Float64:
			sh.Kind = goshape.Float
		case k == types.Int || k == types.Int8 || k == types.Int16 || k == types.Int32 || k == types.Int64 ||
			k == types.Uint8 || k == types.Uint16 || k == types.Uint32:
			sh.Kind = goshape.Int
		default:
			w.errorf(pos, "type %s is not supported (use float64, or a signed integer type)", sh.Type)
			return
		}
		w.shapes[n] = sh
	case *types.Map:
		// A map schema (docs/SCORING.md §6.8): scored in place as
		// map[string]V, its members in key order.
		switch {
		case sh.Pointer:
			w.errorf(pos, "type %s: a pointer to a map is not supported", sh.Type)
			return
		case inner != u:
			w.errorf(pos, "the named map type %s is not supported; use map[string]V", sh.Type)
			return
		case !types.Identical(u.Key(), types.Typ[types.String]):
			w.errorf(pos, "type %s: a map whose key type is not string is not supported", sh.Type)
			return
		case n.Additional == nil || len(n.Patterns) > 0 || len(n.Properties) > 0:
			w.errorf(pos, "type %s: the schema node is not a map with one value schema", sh.Type)
			return
		}
		sh.Kind = goshape.Map
		w.shapes[n] = sh
		w.walk(u.Elem(), n.Additional, pos)
	case *types.Slice:
		if isByte(u.Elem()) {
			w.errorf(pos, "type %s (base64 text) is not supported", sh.Type)
			return
		}
		if len(n.PrefixItems) > 0 || n.Items == nil {
			w.errorf(pos, "prefixItems on a slice is not supported")
			return
		}
		sh.Kind = goshape.Slice
		w.shapes[n] = sh
		w.walk(u.Elem(), n.Items, pos)
	case *types.Struct:
		nt, ok := inner.(*types.Named)
		if !ok {
			w.errorf(pos, "an anonymous struct type is not supported; declare a named type")
			return
		}
		sh.Kind = goshape.Struct
		w.shapes[n] = sh // before the fields: recursive types
		fields := w.b.jsonFields(u)
		if len(fields) != len(n.Properties) {
			w.errorf(pos, "type %s: %d JSON fields, but the schema has %d properties", sh.Type, len(fields), len(n.Properties))
			return
		}
		for i, f := range fields {
			tagPos, _, _ := w.p.tagPosition(f.v)
			if f.name != n.Properties[i].Name {
				w.errorf(tagPos, "field %s is JSON member %q, but the schema property is %q", f.v.Name(), f.name, n.Properties[i].Name)
				return
			}
			if f.quoted {
				w.errorf(tagPos, "the json option \",string\" is not supported")
				continue
			}
			access, ok := w.access(nt, u, f.index)
			if !ok {
				w.errorf(tagPos, "field %s is promoted through an embedded pointer, which is not supported", f.v.Name())
				continue
			}
			jtag, _ := lookupStructTag(f.tag, "json")
			_, opts, _ := strings.Cut(jtag, ",")
			o := strings.Split(opts, ",")
			sh.Fields = append(sh.Fields, goshape.Field{
				JSONName:  f.name,
				Access:    access,
				OmitEmpty: slices.Contains(o, "omitempty"),
				OmitZero:  slices.Contains(o, "omitzero"),
			})
			w.walk(f.v.Type(), n.Properties[i].Node, tagPos)
		}
		w.shapes[n] = sh
	default:
		w.errorf(pos, "type %s is not supported", sh.Type)
	}
}

// access is the selector path of the field at index in struct st (promoted
// fields through embedded struct values); false when an embedded field on
// the way is a pointer.
func (w *shaper) access(_ *types.Named, st *types.Struct, index []int) (string, bool) {
	var parts []string
	cur := st
	for k, i := range index {
		f := cur.Field(i)
		parts = append(parts, f.Name())
		if k == len(index)-1 {
			break
		}
		next, ok := types.Unalias(f.Type()).Underlying().(*types.Struct)
		if !ok {
			return "", false // a pointer (or not a struct)
		}
		cur = next
	}
	return strings.Join(parts, "."), true
}
