package gen

import (
	"fmt"
	"strconv"
	"strings"
)

// emitValueFuncs emits, for every node, the conversions between the Go
// representation and jsonval.Value (names: see fn): toJSON (encode a
// non-null value), toJSONOrNull (encode with a null flag), elemToJSON
// (encode an element), fromJSON (decode a non-null value, reporting whether
// the JSON is faithfully representable), elemFromJSON (decode an element),
// and for arrays elemAt/elemNullAt (element at an absolute index), for
// objects member (property by index) and the keys table.
func (e *emitter) emitValueFuncs(t *tnode) {
	J, JN, JE := fn("toJSON", t), fn("toJSONOrNull", t), fn("elemToJSON", t)
	ref := t.refType()

	ptr := pointer(t)
	e.p("// %s encodes a value of %s as JSON (null when null is set).", JN, ptr)
	e.p("func %s(null bool, v %s) jsonval.Value {", JN, ref)
	e.p("if null { return jsonval.Value{} }")
	e.p("return %s(v)", J)
	e.p("}")
	e.p("// %s encodes an element value of %s as JSON.", JE, ptr)
	e.p("func %s(v %s) jsonval.Value {", JE, t.elemType())
	e.p("return %s(%s, %s)", JN, elemNull("v", t), e.elemRef("v", t))
	e.p("}")
	e.p("// %s encodes a non-null value of %s as JSON.", J, ptr)
	e.p("func %s(v %s) jsonval.Value {", J, ref)
	switch t.kind {
	case kBool:
		e.p("return jsonval.NewBool(v)")
	case kInt:
		e.p("return jsonval.NewInt(v)")
	case kFloat:
		e.p("return jsonval.NewFloat(v)")
	case kString:
		e.p("return jsonval.NewString(string(v))")
	case kObject:
		e.p("var ms []jsonval.Member")
		for i, pp := range t.props {
			e.p("%s", when(e.fieldPresent("v", pp), fmt.Sprintf("ms = append(ms, jsonval.Member{Key: %q, Value: %s(v, %d)})", pp.name, fn("member", t), i)))
		}
		e.p("return jsonval.NewObject(ms)")
	case kArray:
		e.p("n := %s", arrLen("v", t))
		e.p("arr := make([]jsonval.Value, n)")
		e.p("for i := range arr { arr[i] = %s(v, i) }", fn("elemAt", t))
		e.p("return jsonval.NewArray(arr)")
	}
	e.p("}")

	if !t.existing() {
		e.emitDecode(t)
	}

	switch t.kind {
	case kObject:
		e.p("// %s are the property names of %s in schema order.", fn("keys", t), ptr)
		e.p("var %s = [...]string{", fn("keys", t))
		for _, pp := range t.props {
			e.p("%q,", pp.name)
		}
		e.p("}")
		e.p("// %s returns property idx (schema order) of a value of %s as JSON.", fn("member", t), ptr)
		e.p("func %s(v %s, idx int) jsonval.Value {", fn("member", t), ref)
		e.p("switch idx {")
		for i, pp := range t.props {
			e.p("case %d: return %s(%s, %s)", i, fn("toJSONOrNull", pp.node), fieldNull("v", pp), e.fieldRef("v", pp))
		}
		e.p("}")
		e.p("return jsonval.Value{}")
		e.p("}")
	case kArray:
		// At and NullAt: the element at an absolute index.
		for _, which := range []string{"At", "NullAt"} {
			rt := "jsonval.Value"
			if which == "NullAt" {
				rt = "bool"
			}
			if which == "At" {
				e.p("// %s returns the element at index idx of a value of %s as JSON.", fn("elemAt", t), ptr)
			} else {
				e.p("// %s reports whether the element at index idx of a value of %s is null.", fn("elemNullAt", t), ptr)
			}
			e.p("func %s(v %s, idx int) %s {", fn(map[string]string{"At": "elemAt", "NullAt": "elemNullAt"}[which], t), ref, rt)
			elem := func(ex string, n *tnode) string {
				if which == "At" {
					return fmt.Sprintf("%s(%s)", fn("elemToJSON", n), ex)
				}
				return elemNull(ex, n)
			}
			if t.tuple {
				e.p("switch idx {")
				for i, pn := range t.prefix {
					e.p("case %d: return %s", i, elem(fmt.Sprintf("v.P%d", i), pn))
				}
				e.p("}")
				if t.items != nil {
					e.p("return %s", elem(tailElem("v", t, "idx"), t.items))
				} else if which == "At" {
					e.p("return jsonval.Value{}")
				} else {
					e.p("return true")
				}
			} else {
				e.p("return %s", elem("v[idx]", t.items))
			}
			e.p("}")
		}
	}
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

// emitDecode emits elemFromJSON and fromJSON of a generated type (see
// emitValueFuncs).
func (e *emitter) emitDecode(t *tnode) {
	D, DE := fn("fromJSON", t), fn("elemFromJSON", t)
	ref := t.refType()
	e.p("// %s decodes an element value of %s; false when the JSON is not faithfully representable.", DE, pointer(t))
	e.p("func %s(v jsonval.Value) (%s, bool) {", DE, t.elemType())
	e.p("var zero %s", t.elemType())
	e.p("if v.Kind == jsonval.Null {")
	if t.nullable {
		e.p("return zero, true")
	} else {
		e.p("return zero, false")
	}
	e.p("}")
	e.p("x, ok := %s(v)", D)
	e.p("if !ok { return zero, false }")
	switch {
	case !t.nullable && t.isStructRef():
		e.p("return *x, true")
	case t.nullable && !t.isStructRef():
		e.p("return &x, true")
	default:
		e.p("return x, true")
	}
	e.p("}")

	e.p("// %s decodes a non-null value of %s; false when the JSON is not faithfully representable.", D, pointer(t))
	e.p("func %s(v jsonval.Value) (%s, bool) {", D, ref)
	switch t.kind {
	case kBool:
		e.p("return v.B, v.Kind == jsonval.Bool")
	case kInt:
		e.p("return v.I, v.Kind == jsonval.Int && v.Big == nil")
	case kFloat:
		e.p("return v.F, v.Kind == jsonval.Float")
	case kString:
		if t.enum != nil {
			// A value outside the enumeration is not valid (docs/SCORING.md §9.5).
			e.p("if v.Kind != jsonval.String { return \"\", false }")
			e.p("switch v.S {")
			e.p("case %s: return %s(v.S), true", quoteList(t.enum), t.base)
			e.p("}")
			e.p("return \"\", false")
			break
		}
		e.p("return %s(v.S), v.Kind == jsonval.String", t.base)
	case kObject:
		e.p("if v.Kind != jsonval.Object { return nil, false }")
		e.p("x := new(%s)", t.base)
		e.p("last := -1")
		e.p("for _, mb := range v.Obj {")
		e.p("idx := -1")
		e.p("switch mb.Key {")
		for i, pp := range t.props {
			e.p("case %q: idx = %d", pp.name, i)
		}
		e.p("}")
		e.p("if idx <= last { return nil, false }")
		e.p("last = idx")
		e.p("switch idx {")
		for i, pp := range t.props {
			sub := pp.node
			e.p("case %d:", i)
			e.p("if mb.Value.Kind == jsonval.Null {")
			if pp.nullField != "" {
				e.p("x.%s = true", pp.nullField)
				e.p("continue")
			} else {
				e.p("return nil, false")
			}
			e.p("}")
			e.p("y, ok := %s(mb.Value)", fn("fromJSON", sub))
			e.p("if !ok { return nil, false }")
			switch {
			case sub.isStructRef():
				e.p("x.%s = y", pp.field)
			case sub.kind == kArray:
				e.p("if y == nil { y = %s{} }", sub.base)
				e.p("x.%s = y", pp.field)
			default:
				e.p("x.%s = &y", pp.field)
			}
		}
		e.p("}")
		e.p("}")
		e.p("return x, true")
	case kArray:
		e.p("if v.Kind != jsonval.Array { return nil, false }")
		if !t.tuple {
			e.p("x := make(%s, len(v.Arr))", t.base)
			e.p("for i, el := range v.Arr {")
			e.p("y, ok := %s(el)", fn("elemFromJSON", t.items))
			e.p("if !ok { return nil, false }")
			e.p("x[i] = y")
			e.p("}")
			e.p("return x, true")
		} else {
			k := len(t.prefix)
			if t.items == nil {
				e.p("if len(v.Arr) > %d { return nil, false }", k)
			}
			e.p("x := &%s{Len: min(len(v.Arr), %d)}", t.base, k)
			for i, pn := range t.prefix {
				e.p("if len(v.Arr) > %d {", i)
				e.p("y, ok := %s(v.Arr[%d])", fn("elemFromJSON", pn), i)
				e.p("if !ok { return nil, false }")
				e.p("x.P%d = y", i)
				e.p("}")
			}
			if t.items != nil {
				e.p("for _, el := range v.Arr[min(len(v.Arr), %d):] {", k)
				e.p("y, ok := %s(el)", fn("elemFromJSON", t.items))
				e.p("if !ok { return nil, false }")
				e.p("x.Rest = append(x.Rest, y)")
				e.p("}")
			}
			e.p("return x, true")
		}
	}
	e.p("}")

}
