package gen

import (
	"fmt"
	"strconv"
	"strings"
)

// encoderName is the function encoding non-null values of node t as JSON:
// one per struct or tuple type, one per array node.
func (e *emitter) encoderName(t *tnode) string {
	if t.isStruct() {
		return e.m.ns.shared("Encode "+t.base, e.n("Encode"+t.base))
	}
	return e.m.ns.shared("Encode "+e.m.prefix+" "+t.path, e.n("Encode"+t.path))
}

// decoderName is the function decoding non-null values of a struct or tuple
// type.
func (e *emitter) decoderName(t *tnode) string {
	return e.m.ns.shared("Decode "+t.base, e.n("Decode"+t.base))
}

// once reports whether the package-level function name is still to be
// written, and marks it written (struct types may be shared by the roots of
// a package).
func (e *emitter) once(name string) bool {
	if e.m.ns.written == nil {
		e.m.ns.written = map[string]bool{}
	}
	if e.m.ns.written[name] {
		return false
	}
	e.m.ns.written[name] = true
	return true
}

// emitEncoder emits the encoder of node t (see encoderName).
func (e *emitter) emitEncoder(t *tnode) {
	if !t.isStruct() && t.kind != kArray && t.kind != kMap {
		return
	}
	name := e.encoderName(t)
	if !e.once(name) {
		return
	}
	switch {
	case t.kind == kUnion:
		type branch struct{ Field, Value string }
		var cases []branch
		for _, b := range t.branches {
			cases = append(cases, branch{b.field, e.encode(b.node, location{"x." + b.field, true})})
		}
		execute(&e.w, "encodeUnion", struct {
			Name, Type string
			Cases      []branch
		}{name, t.base, cases})
	case t.kind == kObject:
		type member struct{ Key, Value, Present string }
		var ms []member
		for _, pp := range t.props {
			ms = append(ms, member{strconv.Quote(pp.name), e.encodeField(pp, "x"), present(pp, "x")})
		}
		execute(&e.w, "encodeObject", struct {
			Name, Type string
			Members    []member
		}{name, t.base, ms})
	case t.kind == kMap:
		d := struct{ Name, Type, Where, Elem, Value, Nodes, Node string }{Name: name, Type: t.base, Where: pointer(t)}
		if t.value != nil {
			d.Elem, d.Value = t.value.elemType(), e.encode(t.value, e.elem(t.value, "x"))
		} else if holdsObjects(t, map[*tnode]bool{}) {
			// Objects under object nodes in their node's order (genrt.CanonAt).
			d.Nodes, d.Node = e.n("Nodes"), e.nodeID(t)
		}
		execute(&e.w, "encodeMap", d)
	case t.tuple:
		var pos []string
		for i, pn := range t.prefix {
			pos = append(pos, e.encode(pn, e.elem(pn, fmt.Sprintf("x.P%d", i))))
		}
		rest := ""
		if t.items != nil {
			rest = e.encode(t.items, e.elem(t.items, "x.Rest[i]"))
		}
		execute(&e.w, "encodeTuple", struct {
			Name, Type string
			Positions  []string
			Rest       string
		}{name, t.base, pos, rest})
	default:
		execute(&e.w, "encodeArray", struct{ Name, Type, Where, Elem string }{name, t.base, pointer(t), e.encode(t.items, e.elem(t.items, "v[i]"))})
	}
}

// encodeField is the JSON value of a present property pp of struct x.
func (e *emitter) encodeField(pp *tprop, x string) string {
	t, l := pp.node, field(pp, x)
	switch {
	case pp.rep == repShape && t.kind == kArray && t.ptr:
		return fmt.Sprintf("genrt.JSONPtr(genrt.NilSlice(%s), %s)", l.expr, e.encoderName(t))
	case fieldNull(pp, x) == "false" && l.ptr && !t.isStruct():
		// Present and not null: the pointer is not nil.
		if t.kind == kArray || t.kind == kMap {
			return fmt.Sprintf("%s(*%s)", e.encoderName(t), l.expr)
		}
		if t.jsonValued() && holdsObjects(t, map[*tnode]bool{}) {
			return fmt.Sprintf("genrt.CanonAt(%s[:], %s, %s)", e.n("Nodes"), e.nodeID(t), val(t, l))
		}
		return fmt.Sprintf("%s(%s)", encoder[t.kind], val(t, l))
	}
	return e.encode(t, l)
}

// decoder is a Go expression of a function func(*jsonval.Reader, *X) bool
// reading a value of node t into *X, X the node's element type (a pointer,
// nil for null, when nullable is set).
func (e *emitter) decoder(t *tnode, nullable bool) string {
	switch {
	case nullable:
		return fmt.Sprintf("func(r *jsonval.Reader, v **%s) bool { return %s }", t.base, e.decodeInto(t, true, "v"))
	case t.isStruct():
		return e.decoderName(t)
	case t.kind == kArray || t.kind == kMap:
		return fmt.Sprintf("func(r *jsonval.Reader, v *%s) bool { return %s }", t.base, e.decodeInto(t, false, "v"))
	case t.kind == kKinds && holdsObjects(t, map[*tnode]bool{}):
		return fmt.Sprintf("func(r *jsonval.Reader, v *jsonval.Value) bool { return genrt.DecodeKinds(r, v, %s) && genrt.Fit(%s[:], %s, v) }", t.kinds, e.n("Nodes"), e.nodeID(t))
	case t.kind == kKinds:
		return fmt.Sprintf("func(r *jsonval.Reader, v *jsonval.Value) bool { return genrt.DecodeKinds(r, v, %s) }", t.kinds)
	}
	return "genrt.Decode" + map[vkind]string{kBool: "Bool", kInt: "Int", kFloat: "Float", kString: "String", kAny: "Value"}[t.kind]
}

// decodeInto is the expression reading a value of node t into dst, a
// pointer to the node's element type (see decoder).
func (e *emitter) decodeInto(t *tnode, nullable bool, dst string) string {
	switch {
	case nullable:
		return fmt.Sprintf("genrt.DecodePtr(r, %s, %s)", dst, e.decoder(t, false))
	case t.kind == kArray && !t.tuple:
		return fmt.Sprintf("genrt.DecodeSlice(r, %s, %s)", dst, e.decoder(t.items, e.elem(t.items, "").ptr))
	case t.kind == kMap && t.value == nil && holdsObjects(t, map[*tnode]bool{}):
		val, ok := strings.CutPrefix(dst, "&")
		if !ok {
			val = "*" + dst
		}
		return fmt.Sprintf("genrt.DecodeMap(r, %s, genrt.DecodeValue) && genrt.FitMap(%s[:], %s, %s)", dst, e.n("Nodes"), e.nodeID(t), val)
	case t.kind == kMap && t.value == nil:
		return fmt.Sprintf("genrt.DecodeMap(r, %s, genrt.DecodeValue)", dst)
	case t.kind == kMap:
		return fmt.Sprintf("genrt.DecodeMap(r, %s, %s)", dst, e.decoder(t.value, e.elem(t.value, "").ptr))
	}
	return fmt.Sprintf("%s(r, %s)", e.decoder(t, false), dst)
}

// emitDecoder emits the decoder of a struct or tuple type (JSON entry
// points): it reads one value and reports false when the value does not fit
// the type faithfully (an unknown or a repeated member, a missing member
// the type cannot leave out, a value of another kind; members may come in
// any order).
func (e *emitter) emitDecoder(t *tnode) {
	if !t.isStruct() {
		return
	}
	name := e.decoderName(t)
	if !e.once(name) {
		return
	}
	switch {
	case t.kind == kUnion:
		// The branch is the interpreter's choice for the value as a whole.
		type branch struct{ Field, Decoder string }
		var cases []branch
		for _, b := range t.branches {
			cases = append(cases, branch{b.field, e.decoder(b.node, false)})
		}
		execute(&e.w, "decodeUnion", struct {
			Name, Type, Chooser, Pointer string
			Cases                        []branch
		}{name, t.base, e.chooser(), strconv.Quote(t.n.Pos.Pointer), cases})
	case t.tuple:
		var pos []string
		for i, pn := range t.prefix {
			pos = append(pos, e.decodeInto(pn, e.elem(pn, "").ptr, fmt.Sprintf("&x.P%d", i)))
		}
		rest := ""
		if it := t.items; it != nil {
			rest = fmt.Sprintf("genrt.DecodeRest(r, &x.Rest, %s)", e.decoder(it, e.elem(it, "").ptr))
		}
		execute(&e.w, "decodeTuple", struct {
			Name, Type string
			Positions  []string
			Rest       string
		}{name, t.base, pos, rest})
	default:
		type member struct {
			Key    string
			Index  int
			Decode string
		}
		var ms []member
		// Members the type always has must have been read, and a member
		// read must be one the type has (an existing type's omitempty
		// field).
		var checks []string
		for i, pp := range t.props {
			ms = append(ms, member{strconv.Quote(pp.name), i, e.decodeField(pp)})
			if present(pp, "x") == "true" {
				checks = append(checks, fmt.Sprintf("m.Has(%d)", i))
			} else if pp.rep == repShape {
				checks = append(checks, fmt.Sprintf("(!m.Has(%d) || %s)", i, present(pp, "x")))
			}
		}
		result := "true"
		if len(checks) > 0 {
			result = strings.Join(checks, " && ")
		}
		execute(&e.w, "decodeObject", struct {
			Name, Type, Result string
			Members            []member
		}{name, t.base, result, ms})
	}
}

// decodeField is the expression reading property pp into x.
func (e *emitter) decodeField(pp *tprop) string {
	t := pp.node
	f := "&x." + pp.field
	switch pp.rep {
	case repValue:
		return e.decodeInto(t, false, f)
	case repPtr:
		if t.slice() {
			return e.decodeInto(t, false, f)
		}
		return fmt.Sprintf("genrt.DecodeNew(r, %s, %s)", f, e.decoder(t, false))
	case repNullPtr:
		return e.decodeInto(t, true, f)
	case repOptNull:
		return fmt.Sprintf("genrt.DecodeOptNull(r, %s, &x.%s, %s)", f, pp.nullField, e.decoder(t, false))
	}
	return e.decodeInto(t, t.ptr, f)
}

// holdsObjects reports whether the JSON values of node t (a "type" list
// with containers, a map with several member schemas) may hold an object
// under an object node with properties, which genrt.Generic aligns only
// when it has no other members, in the node's order (genrt.Fit).
func holdsObjects(t *tnode, seen map[*tnode]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if t.objectPart() {
		return true
	}
	subs := append([]*tnode{t.items, t.value, t.additional}, t.prefix...)
	for _, pp := range t.props {
		subs = append(subs, pp.node)
	}
	for _, tp := range t.patterns {
		subs = append(subs, tp.node)
	}
	for _, b := range t.branches {
		subs = append(subs, b.node)
	}
	for _, sub := range subs {
		if holdsObjects(sub, seen) {
			return true
		}
	}
	return false
}
