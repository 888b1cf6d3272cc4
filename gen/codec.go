package gen

import (
	"fmt"
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
		e.p("// %s returns the JSON value of x (null for nil): that of its branch.", name)
		e.p("func %s(x *%s) jsonval.Value {", name, t.base)
		e.p("if x == nil { return jsonval.Value{} }")
		e.p("switch {")
		for _, b := range t.branches {
			e.p("case x.%s != nil:", b.field)
			e.p("return %s", e.encode(b.node, location{"x." + b.field, true}))
		}
		e.p("}")
		e.p("return jsonval.Value{}")
		e.p("}")
		e.p("// MarshalJSON writes the JSON value of x's branch.")
		e.p("func (x %s) MarshalJSON() ([]byte, error) { return %s(&x).MarshalJSON() }", t.base, name)
	case t.kind == kObject:
		e.p("// %s returns the JSON value of x (null for nil).", name)
		e.p("func %s(x *%s) jsonval.Value {", name, t.base)
		e.p("if x == nil { return jsonval.Value{} }")
		e.p("ms := make([]jsonval.Member, 0, %d)", len(t.props))
		for _, pp := range t.props {
			add := fmt.Sprintf("ms = append(ms, jsonval.Member{Key: %q, Value: %s})", pp.name, e.encodeField(pp, "x"))
			if c := present(pp, "x"); c != "true" {
				add = "if " + c + " { " + add + " }"
			}
			e.p("%s", add)
		}
		e.p("return jsonval.NewObject(ms)")
		e.p("}")
	case t.kind == kMap:
		e.p("// %s returns the JSON value of v, a map of %s.", name, pointer(t))
		e.p("func %s(v %s) jsonval.Value {", name, t.base)
		if t.value == nil {
			e.p("return genrt.EncodeMap(v, genrt.Canon)")
		} else {
			e.p("return genrt.EncodeMap(v, func(x %s) jsonval.Value { return %s })", t.value.elemType(), e.encode(t.value, e.elem(t.value, "x")))
		}
		e.p("}")
	case t.tuple:
		e.p("// %s returns the JSON value of x (null for nil).", name)
		e.p("func %s(x *%s) jsonval.Value {", name, t.base)
		e.p("if x == nil { return jsonval.Value{} }")
		var pos []string
		for i, pn := range t.prefix {
			pos = append(pos, e.encode(pn, e.elem(pn, fmt.Sprintf("x.P%d", i))))
		}
		e.p("vs := []jsonval.Value{%s}[:x.Len]", strings.Join(pos, ", "))
		if t.items != nil {
			e.p("for i := range x.Rest { vs = append(vs, %s) }", e.encode(t.items, e.elem(t.items, "x.Rest[i]")))
		}
		e.p("return jsonval.NewArray(vs)")
		e.p("}")
	default:
		e.p("// %s returns the JSON value of v, an array of %s.", name, pointer(t))
		e.p("func %s(v %s) jsonval.Value {", name, t.base)
		e.p("vs := make([]jsonval.Value, len(v))")
		e.p("for i := range v { vs[i] = %s }", e.encode(t.items, e.elem(t.items, "v[i]")))
		e.p("return jsonval.NewArray(vs)")
		e.p("}")
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
	e.p("// %s reads a %s; false when the value does not fit it (see genrt.JSON).", name, t.base)
	e.p("func %s(r *jsonval.Reader, x *%s) bool {", name, t.base)
	if t.kind == kUnion {
		// The branch is the interpreter's choice for the value as a whole.
		e.p("var v jsonval.Value")
		e.p("if !genrt.DecodeValue(r, &v) { return false }")
		e.p("switch %s(%q, v) {", e.chooser(), t.n.Pos.Pointer)
		for i, b := range t.branches {
			e.p("case %d:", i)
			e.p("return genrt.Redecode(v, &x.%s, %s)", b.field, e.decoder(b.node, false))
		}
		e.p("}")
		e.p("return false")
		e.p("}")
		e.p("// UnmarshalJSON reads a %s, in the branch the interpreter's rule assigns the value (docs/SCORING.md §1.8).", t.base)
		e.p("func (x *%s) UnmarshalJSON(data []byte) error { return genrt.Unmarshal(data, x, %s) }", t.base, name)
		return
	}
	if t.tuple {
		e.emitTupleDecoder(t)
		e.p("}")
		return
	}
	e.p("if r.BeginObject() != nil { return false }")
	if len(t.props) == 0 {
		e.p("_, more, err := r.NextKey()")
		e.p("return err == nil && !more")
		e.p("}")
		return
	}
	e.p("var m genrt.Members")
	e.p("for {")
	e.p("k, more, err := r.NextKey()")
	e.p("if err != nil { return false }")
	e.p("if !more { break }")
	e.p("var ok bool")
	e.p("switch k {")
	for i, pp := range t.props {
		e.p("case %q:", pp.name)
		e.p("ok = m.Take(%d) && %s", i, e.decodeField(pp))
	}
	e.p("}")
	e.p("if !ok { return false }")
	e.p("}")
	// Members the type always has must have been read, and a member read
	// must be one the type has (an existing type's omitempty field).
	var checks []string
	for i, pp := range t.props {
		if present(pp, "x") == "true" {
			checks = append(checks, fmt.Sprintf("m.Has(%d)", i))
		} else if pp.rep == repShape {
			checks = append(checks, fmt.Sprintf("(!m.Has(%d) || %s)", i, present(pp, "x")))
		}
	}
	if len(checks) > 0 {
		e.p("return %s", strings.Join(checks, " && "))
	} else {
		e.p("return true")
	}
	e.p("}")
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

// emitTupleDecoder writes the body of a tuple type's decoder.
func (e *emitter) emitTupleDecoder(t *tnode) {
	e.p("if r.BeginArray() != nil { return false }")
	for i, pn := range t.prefix {
		e.p("if more, err := r.NextElem(); err != nil {")
		e.p("return false")
		e.p("} else if !more {")
		e.p("return true")
		e.p("}")
		e.p("if !%s { return false }", e.decodeInto(pn, e.elem(pn, "").ptr, fmt.Sprintf("&x.P%d", i)))
		e.p("x.Len = %d", i+1)
	}
	if t.items == nil {
		e.p("more, err := r.NextElem()")
		e.p("return err == nil && !more // no element beyond the positions")
		return
	}
	it := t.items
	e.p("return genrt.DecodeRest(r, &x.Rest, %s)", e.decoder(it, e.elem(it, "").ptr))
}
