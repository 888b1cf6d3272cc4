package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// Validation (docs/SCORING.md §1.3, §9.5). A typed value has the types of its schema
// by construction, and the declared properties only; generated code checks
// enum, const, required, minLength, maxLength, pattern, minimum, maximum,
// exclusiveMinimum, exclusiveMaximum, minItems, maxItems, minProperties and
// maxProperties (ownChecks), and reports through model.unchecked the
// keywords it cannot check (the JSON entry points then let the validator
// decide, and ScoreT documents them).

// validationKeywords are the Draft 2020-12 (and earlier) keywords that
// constrain values; every other keyword is an annotation (or an Object
// Aligner keyword) that validation ignores.
var validationKeywords = map[string]bool{
	"allOf": true, "anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true,
	"dependentRequired": true, "dependentSchemas": true, "dependencies": true, "patternProperties": true,
	"propertyNames": true, "contains": true, "minContains": true, "maxContains": true,
	"unevaluatedItems": true, "unevaluatedProperties": true, "additionalItems": true,
	"$dynamicRef": true, "$recursiveRef": true, "$ref": true, "multipleOf": true, "uniqueItems": true,
}

// typeKeywords are the validation keywords that constrain the values of one
// JSON type, which generated code checks on nodes of that type only.
var typeKeywords = map[string]bool{
	"minLength": true, "maxLength": true, "pattern": true, "format": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minItems": true, "maxItems": true, "minProperties": true, "maxProperties": true, "required": true,
	"items": true, "prefixItems": true, "properties": true, "additionalProperties": true,
}

// unchecked returns the validation keywords of the schema that generated
// code does not check, as "keyword at #pointer", in node order.
func (m *model) unchecked() []string {
	var out []string
	if s, ok := m.schema.Raw.Get("$schema"); ok && s.Kind == jsonval.String && !strings.Contains(s.S, "2020-12") {
		out = append(out, "$schema "+strconv.Quote(s.S)+" (only Draft 2020-12 is checked)")
	}
	for _, t := range m.nodes {
		fromAnyOf := t.nullable && !typeListsNull(t.n)
		for _, kw := range t.n.Keywords {
			k := kw.Key
			switch {
			case validationKeywords[k]:
				out = append(out, k+" at "+pointer(t))
			case (k == "enum" || k == "const") && (t.kind == kArray || t.kind == kObject || t.kind == kMap || fromAnyOf):
				out = append(out, k+" at "+pointer(t))
			case t.jsonValued() && typeKeywords[k], t.tableOnly && (typeKeywords[k] || k == "enum" || k == "const"):
				// A JSON value of any type: ownChecks knows only enum,
				// const and type for it.
				out = append(out, k+" at "+pointer(t))
			case k == "required":
				for name := range required(t.n) {
					if t.n.Property(name) == nil {
						out = append(out, "required "+strconv.Quote(name)+" (not a property) at "+pointer(t))
					}
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// typeListsNull reports whether the node's "type" keyword lists "null" (as
// opposed to the nullable anyOf/oneOf pattern adding it).
func typeListsNull(n *ir.Node) bool {
	for _, kw := range n.Keywords {
		if kw.Key == "type" && kw.Value.Kind == jsonval.Array {
			for _, x := range kw.Value.Arr {
				if x.Kind == jsonval.String && x.S == "null" {
					return true
				}
			}
		}
	}
	return false
}

// keyword returns the node's keyword k.
func keyword(n *ir.Node, k string) (jsonval.Value, bool) {
	for _, kw := range n.Keywords {
		if kw.Key == k {
			return kw.Value, true
		}
	}
	return jsonval.Value{}, false
}

// count reads a non-negative integer keyword.
func count(n *ir.Node, k string) (int, bool) {
	v, ok := keyword(n, k)
	if !ok || !v.IsNumber() {
		return 0, false
	}
	f := v.Float64()
	if f < 0 || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

// ownChecks returns the statements checking the non-null value v of node t
// against its own keywords (not its members' or elements'), each returning
// the error.
func (e *emitter) ownChecks(t *tnode, v string) []string {
	n := t.n
	var out []string
	fail := func(call string) { out = append(out, "if err := "+call+"; err != nil { return err }") }
	enc := func() string { return encoder[t.kind] + "(" + v + ")" }
	if t.isStruct() || t.kind == kArray || t.kind == kMap {
		enc = func() string { return e.encoderName(t) + "(" + v + ")" }
	}
	switch t.kind {
	case kString:
		if k, ok := count(n, "minLength"); ok {
			fail(fmt.Sprintf("genrt.MinLength(%s, %d)", v, k))
		}
		if k, ok := count(n, "maxLength"); ok {
			fail(fmt.Sprintf("genrt.MaxLength(%s, %d)", v, k))
		}
		if p, ok := keyword(n, "pattern"); ok && p.Kind == jsonval.String {
			fail(fmt.Sprintf("genrt.Pattern(%s, %s, %q)", v, e.pattern(t, p.S), p.S))
		}
	case kInt, kFloat:
		for i, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
			if lim, ok := keyword(n, k); ok && lim.IsNumber() {
				fail(fmt.Sprintf("genrt.CheckBound(%s, %s, genrt.%s)", enc(), jsonLiteral(lim), []string{"Minimum", "Maximum", "ExclusiveMinimum", "ExclusiveMaximum"}[i]))
			}
		}
	case kArray:
		length := "len(" + v + ")"
		if t.tuple {
			length = v + ".Len"
			if t.items != nil {
				length += " + len(" + v + ".Rest)"
			}
		}
		for _, k := range []string{"minItems", "maxItems"} {
			if c, ok := count(n, k); ok {
				fail(fmt.Sprintf("genrt.%s(%s, %d, func() jsonval.Value { return %s })", strings.ToUpper(k[:1])+k[1:], length, c, enc()))
			}
		}
	case kMap:
		for _, k := range []string{"minProperties", "maxProperties"} {
			if c, ok := count(n, k); ok {
				fail(fmt.Sprintf("genrt.%s(len(%s), %d, func() jsonval.Value { return %s })", strings.ToUpper(k[:1])+k[1:], v, c, enc()))
			}
		}
	case kKinds:
		fail(fmt.Sprintf("genrt.CheckKinds(%s, %s)", v, t.kinds))
	case kUnion:
		var terms []string
		for _, b := range t.branches {
			terms = append(terms, "genrt.Count("+v+"."+b.field+" != nil)")
		}
		fail(fmt.Sprintf("genrt.OneBranch(%s)", strings.Join(terms, " + ")))
	case kObject:
		var terms []string
		for _, pp := range t.props {
			if c := present(pp, v); c != "true" {
				terms = append(terms, "genrt.Count("+c+")")
			} else {
				terms = append(terms, "1")
			}
		}
		size := "0"
		if len(terms) > 0 {
			size = strings.Join(terms, " + ")
		}
		for _, k := range []string{"minProperties", "maxProperties"} {
			if c, ok := count(n, k); ok {
				fail(fmt.Sprintf("genrt.%s(%s, %d, func() jsonval.Value { return %s })", strings.ToUpper(k[:1])+k[1:], size, c, enc()))
			}
		}
		req := required(n)
		for _, pp := range t.props {
			if req[pp.name] && present(pp, v) != "true" {
				out = append(out, fmt.Sprintf("if !(%s) { return genrt.Required(%q) }", present(pp, v), pp.name))
			}
		}
	}
	if t.kind <= kString || t.jsonValued() {
		if vals, ok := keyword(n, "enum"); ok && vals.Kind == jsonval.Array {
			if lits, ok := stringCases(t, vals); ok {
				// A switch on the string: no cost for a valid value.
				out = append(out, fmt.Sprintf("switch %s {\ncase %s:\ndefault:\nreturn genrt.Enum(%s, %s[:])\n}", v, lits, enc(), e.values(t, vals)))
			} else {
				fail(fmt.Sprintf("genrt.Enum(%s, %s[:])", enc(), e.values(t, vals)))
			}
		}
		if c, ok := keyword(n, "const"); ok {
			fail(fmt.Sprintf("genrt.Const(%s, %s)", enc(), jsonLiteral(c)))
		}
	}
	return out
}

// stringCases returns the case list of a string node's enum: the values
// that are strings (a non-null value equals no other).
func stringCases(t *tnode, vals jsonval.Value) (string, bool) {
	if t.kind != kString {
		return "", false
	}
	var lits []string
	for _, x := range vals.Arr {
		if x.Kind == jsonval.String && !slices.Contains(lits, strconv.Quote(x.S)) {
			lits = append(lits, strconv.Quote(x.S))
		}
	}
	return strings.Join(lits, ", "), len(lits) > 0
}

// nullCheck returns the statement checking a null value of node t: invalid
// when its "type" lists null but its enum or const excludes it.
func (e *emitter) nullCheck(t *tnode) string {
	if !t.nullable || !typeListsNull(t.n) {
		return ""
	}
	if vals, ok := keyword(t.n, "enum"); ok && vals.Kind == jsonval.Array {
		return fmt.Sprintf("return genrt.Enum(jsonval.Value{}, %s[:])", e.values(t, vals))
	}
	if c, ok := keyword(t.n, "const"); ok {
		return fmt.Sprintf("return genrt.Const(jsonval.Value{}, %s)", jsonLiteral(c))
	}
	return ""
}

// needsCheck reports whether values of node t have anything to check: own
// keywords, a null exclusion, or members and elements that do.
func (e *emitter) needsCheck(t *tnode) bool {
	if v, ok := e.checking[t]; ok {
		return v
	}
	e.checking[t] = false // a recursive schema: assume none while visiting
	need := len(e.ownChecks(t, "v")) > 0 || e.nullCheck(t) != ""
	if t.jsonValued() {
		// The parts of a JSON value are left to the validator (unchecked).
		e.checking[t] = need
		return need
	}
	for _, pp := range t.props {
		need = need || e.needsCheck(pp.node)
	}
	for _, pn := range t.prefix {
		need = need || e.needsCheck(pn)
	}
	if t.items != nil {
		need = need || e.needsCheck(t.items)
	}
	if t.value != nil {
		need = need || e.needsCheck(t.value)
	}
	for _, b := range t.branches {
		need = need || e.needsCheck(b.node)
	}
	e.checking[t] = need
	return need
}

// checkName is the function checking values of node t.
func (e *emitter) checkName(t *tnode) string { return e.n("Check" + t.path) }

// checkAt is the statement checking the value at location l of node t,
// prefixing an error's pointer with wrap (genrt.At / genrt.AtIndex).
func (e *emitter) checkAt(t *tnode, l location, wrap func(err string) string) string {
	if !e.needsCheck(t) {
		return ""
	}
	arg := val(t, l)
	if t.nullable {
		arg = ref(l)
	}
	return fmt.Sprintf("if err := %s(%s); err != nil { return %s }", e.checkName(t), arg, wrap("err"))
}

// emitCheck emits the check function of node t, when it needs one.
func (e *emitter) emitCheck(t *tnode) {
	if !e.needsCheck(t) {
		return
	}
	arg := t.arg()
	if t.nullable {
		arg = "*" + t.base
	}
	d := struct {
		Name, Where, Arg, Null, X, Last string
		Checks                          []string
	}{Name: e.checkName(t), Where: pointer(t), Arg: arg}
	v := "v"
	if t.nullable {
		d.Null = "return nil"
		if c := e.nullCheck(t); c != "" {
			d.Null = c
		}
		v = val(t, location{"v", true})
		if !t.isStruct() {
			d.X, v = v, "x"
		}
	}
	body := e.ownChecks(t, v)
	if !t.jsonValued() {
		// The parts of a JSON value are left to the validator (unchecked).
		body = append(body, e.partChecks(t, v)...)
	}
	last := "return nil"
	if k := len(body) - 1; k >= 0 {
		if call, ok := strings.CutPrefix(body[k], "if err := "); ok && strings.HasSuffix(call, "; err != nil { return err }") {
			body, last = body[:k], "return "+strings.TrimSuffix(call, "; err != nil { return err }")
		}
	}
	d.Checks, d.Last = body, last
	execute(&e.w, "check", d)
}

// partChecks are the statements checking the members and elements of the
// non-null value v of node t.
func (e *emitter) partChecks(t *tnode, v string) []string {
	var body []string
	for _, pp := range t.props {
		s := e.checkAt(pp.node, field(pp, v), func(err string) string { return fmt.Sprintf("genrt.At(%s, %q)", err, pp.name) })
		if s == "" {
			continue
		}
		cond := present(pp, v)
		if pp.node.nullable || fieldNull(pp, v) == "false" {
			// The check of a node that admits null takes the pointer.
		} else {
			cond = "(" + cond + ") && !(" + fieldNull(pp, v) + ")"
		}
		if cond != "true" {
			s = "if " + cond + " { " + s + " }"
		}
		body = append(body, s)
	}
	for i, pn := range t.prefix {
		s := e.checkAt(pn, e.elem(pn, fmt.Sprintf("%s.P%d", v, i)), func(err string) string { return fmt.Sprintf("genrt.AtIndex(%s, %d)", err, i) })
		if s != "" {
			body = append(body, fmt.Sprintf("if %s.Len > %d { %s }", v, i, s))
		}
	}
	for _, b := range t.branches {
		if s := e.checkAt(b.node, location{v + "." + b.field, true}, func(err string) string { return err }); s != "" {
			body = append(body, fmt.Sprintf("if %s.%s != nil { %s }", v, b.field, s))
		}
	}
	if mv := t.value; mv != nil {
		if s := e.checkAt(mv, e.elem(mv, "mx"), func(err string) string { return fmt.Sprintf("genrt.At(%s, k)", err) }); s != "" {
			// Keys in code-point order: the first error is that of the
			// first key, as the validator finds it.
			body = append(body, fmt.Sprintf("for _, k := range genrt.MapKeys(%s) { mx := %s[k]; %s }", v, v, s))
		}
	}
	if it := t.items; it != nil {
		if t.tuple {
			k := len(t.prefix)
			if s := e.checkAt(it, e.elem(it, v+".Rest[i]"), func(err string) string { return fmt.Sprintf("genrt.AtIndex(%s, %d+i)", err, k) }); s != "" {
				body = append(body, fmt.Sprintf("for i := range %s.Rest { %s }", v, s))
			}
		} else if s := e.checkAt(it, e.elem(it, v+"[i]"), func(err string) string { return fmt.Sprintf("genrt.AtIndex(%s, i)", err) }); s != "" {
			body = append(body, fmt.Sprintf("for i := range %s { %s }", v, s))
		}
	}
	return body
}

// pattern returns the package-level regexp variable of a pattern, named
// after the first node t that uses it.
func (e *emitter) pattern(t *tnode, src string) string {
	if name, ok := e.patterns[src]; ok {
		return name
	}
	name := e.decl("Pattern "+src, "Pattern"+t.path)
	e.patterns[src] = name
	execute(&e.aux, "pattern", struct{ Name, Src string }{name, src})
	return name
}

// values returns the package-level variable holding the enum values vals,
// named after the first node t that uses them.
func (e *emitter) values(t *tnode, vals jsonval.Value) string {
	key := string(jsonval.AppendJSON(nil, vals))
	if name, ok := e.patterns["enum "+key]; ok {
		return name
	}
	name := e.decl("Enum "+key, "Enum"+t.path)
	e.patterns["enum "+key] = name
	var lits []string
	for _, x := range vals.Arr {
		lits = append(lits, jsonLiteral(x))
	}
	execute(&e.aux, "table", table{Name: name, Doc: "holds the values of an enum.", Elem: "jsonval.Value", Items: lits})
	return name
}

// jsonLiteral is a Go expression of a primitive JSON value (arrays and
// objects are decoded from their text at initialisation).
func jsonLiteral(v jsonval.Value) string {
	switch v.Kind {
	case jsonval.Null:
		return "jsonval.Value{}"
	case jsonval.Bool:
		return fmt.Sprintf("jsonval.NewBool(%v)", v.B)
	case jsonval.Int:
		if v.Big == nil {
			return fmt.Sprintf("jsonval.NewInt(%d)", v.I)
		}
	case jsonval.Float:
		return "jsonval.NewFloat(" + num(v.F) + ")"
	case jsonval.String:
		return "jsonval.NewString(" + strconv.Quote(v.S) + ")"
	}
	return fmt.Sprintf("genrt.MustJSON(%q)", jsonval.AppendJSON(nil, v))
}
