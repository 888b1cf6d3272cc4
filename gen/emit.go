package gen

import (
	"bytes"
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
)

// emitter writes the Go source of one root type's scorer by the templates
// of gen/templates (see file.go); gen.go assembles the file.
type emitter struct {
	m *model
	w bytes.Buffer
	// checking memoizes needsCheck.
	checking map[*tnode]bool
	// aux holds package-level declarations made while a body is written
	// (walkers, relation tables, patterns); it is appended at the end.
	aux        bytes.Buffer
	walkers    map[string]string
	walkerUsed map[string]bool
	// json is set when the file has JSON entry points (decoders).
	json bool
	// patterns are the regexp variables of "pattern" checks, by pattern.
	patterns map[string]string
}

func newEmitter(m *model, json bool) *emitter {
	return &emitter{m: m, walkers: map[string]string{}, walkerUsed: map[string]bool{}, json: json, patterns: map[string]string{}, checking: map[*tnode]bool{}}
}

// n is a support name of the root: "oa" + root type name + s.
func (e *emitter) n(s string) string { return e.m.prefix + s }

// decl is the name of the root's package-level declaration that key stands
// for: e.n(want), made unique among the package's names on first use.
// Names derive from schema locations (node paths), never from a traversal
// counter, so that a change to the schema renames only what it touches.
func (e *emitter) decl(key, want string) string {
	return e.m.ns.shared(e.m.prefix+" "+key, e.n(want))
}

// ctx is the receiver type of the scoring methods.
func (e *emitter) ctx() string { return e.n("Ctx") }

// num renders a float64 constant as the shortest Go literal denoting it.
func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// pointer is the schema node's JSON Pointer as a URI fragment (#/…): the
// location of its $defs entry for a node reached through $ref to one (the
// node then stands for every use of the entry).
func pointer(t *tnode) string {
	if strings.HasPrefix(t.n.Def, "/$defs/") || strings.HasPrefix(t.n.Def, "/definitions/") {
		return "#" + t.n.Def
	}
	return "#" + t.n.Pos.Pointer
}

// describe is the type (and for leaves the comparator) of a schema node,
// for doc comments: "string, jaro", "object", "integer or null, exact", …
func describe(t *tnode) string {
	s := map[vkind]string{kBool: "boolean", kInt: "integer", kFloat: "number", kString: "string", kArray: "array", kObject: "object", kMap: "map", kAny: "any JSON value", kKinds: "union of primitive types", kUnion: "union"}[t.kind]
	switch {
	case t.enum != nil:
		s = "string enum"
	case t.tuple:
		s = "tuple"
	}
	if t.nullable {
		s += " or null"
	}
	switch {
	case t.n.IDScope != "":
		return s + ", identifier of scope " + strconv.Quote(t.n.IDScope)
	case t.n.Ref != "":
		return s + ", reference to scope " + strconv.Quote(t.n.Ref)
	case t.kind == kString:
		s += ", " + t.n.Comparator("jaro")
	case t.kind == kInt || t.kind == kFloat:
		s += ", " + t.n.Comparator("invdiff")
	case t.kind == kArray && t.items != nil:
		s += ", order " + map[ir.Order]string{ir.OrderFixed: "fixed", ir.OrderAlign: "align"}[t.n.TailOrder()]
	}
	if t.n.Threshold != 0 && t.kind <= kString && t.kind != kBool {
		s += ", threshold " + num(t.n.Threshold)
	}
	return s
}

// stringComparator is the align function of a built-in string comparator
// (align.BuiltinComparators; "" is the default), "" for another name.
func stringComparator(name string) string {
	c, _ := align.Builtin(align.RegistryString, cmp.Or(name, align.DefaultStringComparator))
	return c.Symbol
}

// numberComparator is the align and genrt function stem of a built-in
// number comparator ("" is the default), "" for another name.
func numberComparator(name string) string {
	c, _ := align.Builtin(align.RegistryNumber, cmp.Or(name, align.DefaultNumberComparator))
	return c.Symbol
}

// encoder is the jsonval constructor of a primitive kind.
var encoder = map[vkind]string{kBool: "jsonval.NewBool", kInt: "jsonval.NewInt", kFloat: "genrt.JSONFloat", kString: "jsonval.NewString", kAny: "genrt.Canon", kKinds: "genrt.Canon"}

// ptrEncoder is the genrt encoder of a primitive kind, for any type of that
// kind (see genrt.JSONPtr).
var ptrEncoder = map[vkind]string{kBool: "genrt.JSONBool", kInt: "genrt.JSONInt", kFloat: "genrt.JSONFloat", kString: "genrt.JSONString", kAny: "genrt.Canon", kKinds: "genrt.Canon"}

// conv converts a primitive value v of node t to its canonical type.
func conv(t *tnode, v string) string {
	if t.base == canonical[t.kind] {
		return v
	}
	return canonical[t.kind] + "(" + v + ")"
}

// A location is where a value of a node lives: a Go expression and whether
// it holds a pointer to the value (nil: null) rather than the value itself.
type location struct {
	expr string
	ptr  bool
}

// val is the canonical value (see tnode.arg) at a non-null location.
func val(t *tnode, l location) string {
	switch {
	case t.isStruct() && l.ptr:
		return l.expr
	case t.isStruct():
		return "&" + l.expr
	case l.ptr:
		if t.kind == kArray || t.kind == kMap {
			return "*" + l.expr
		}
		return conv(t, "*"+l.expr)
	case t.kind == kArray || t.kind == kMap:
		return l.expr
	}
	return conv(t, l.expr)
}

// ref is the pointer form of a location, as nullable nodes' methods take it.
func ref(l location) string {
	if l.ptr {
		return l.expr
	}
	return "&" + l.expr
}

// isNull is the null test of a location of node t.
func isNull(t *tnode, l location) string {
	if !l.ptr {
		return "false"
	}
	return l.expr + " == nil"
}

// elemNull is the null test of an array element at location l of node t.
func elemNull(t *tnode, l location) string {
	if t.jsonValued() {
		return l.expr + ".IsNull()"
	}
	return isNull(t, l)
}

// elem is the location of element expression x of node t (array elements,
// tuple positions).
func (e *emitter) elem(t *tnode, x string) location {
	if e.m.shapes != nil {
		return location{x, t.ptr}
	}
	return location{x, t.nullable}
}

// field is the location of property pp of the struct pointer x.
func field(pp *tprop, x string) location {
	f := x + "." + pp.field
	switch pp.rep {
	case repValue:
		return location{f, false}
	case repPtr:
		return location{f, !pp.node.slice()}
	case repShape:
		return location{f, pp.node.ptr}
	}
	return location{f, true}
}

// present is the presence test of property pp of the struct pointer x.
func present(pp *tprop, x string) string {
	f := x + "." + pp.field
	switch pp.rep {
	case repValue, repNullPtr:
		return "true"
	case repPtr:
		return f + " != nil"
	case repOptNull:
		return f + " != nil || " + x + "." + pp.nullField
	}
	t := pp.node
	switch {
	case pp.omit == omitNone:
		return "true"
	case t.ptr, (t.kind == kArray || t.kind == kMap) && pp.omit == omitZero:
		return f + " != nil"
	case t.kind == kArray || t.kind == kMap:
		return "len(" + f + ") > 0"
	case t.kind == kString:
		return f + ` != ""`
	case t.kind == kInt || t.kind == kFloat:
		return f + " != 0"
	case t.kind == kBool:
		return f
	}
	return "true" // a struct value: omitempty never omits it (omitzero is refused)
}

// fieldNull is the null test of a present property pp of x.
func fieldNull(pp *tprop, x string) string {
	switch pp.rep {
	case repValue, repPtr:
		return "false"
	case repOptNull:
		return x + "." + pp.nullField
	case repShape:
		if pp.node.kind == kArray && pp.node.ptr {
			return x + "." + pp.field + " == nil || *" + x + "." + pp.field + " == nil"
		}
	}
	return isNull(pp.node, field(pp, x))
}

// score is the expression scoring gold location g against candidate
// location p under node t (docs/SCORING.md §1.4), with the build flag build.
func (e *emitter) score(t *tnode, g, p location, build string) string {
	if t.nullable {
		return fmt.Sprintf("c.%s(%s, %s, %s)", e.method(t), ref(g), ref(p), build)
	}
	return e.scoreVal(t, val(t, g), val(t, p), build)
}

// scoreMember is score for the values of a key pair of an object
// (docs/SCORING.md §6.4): two non-null values of different kinds score 0
// there before the node's own rules, which only JSON-valued nodes can
// hold.
func (e *emitter) scoreMember(t *tnode, g, p location, build string) string {
	if t.jsonValued() {
		return e.generic(t, "Member", val(t, g), val(t, p), build)
	}
	return e.score(t, g, p, build)
}

// generic is the call of genrt.Workspace.Generic (or Member) scoring the
// JSON values g and p under node t, in canonical form.
func (e *emitter) generic(t *tnode, fn, g, p, build string) string {
	if holdsObjects(t, map[*tnode]bool{}) {
		// Objects under object nodes in their node's order (genrt.CanonAt).
		nodes, k := e.n("Nodes"), e.nodeID(t)
		return fmt.Sprintf("c.%s(%s[:], %s, %s, genrt.CanonAt(%s[:], %s, %s), genrt.CanonAt(%s[:], %s, %s), %s)", fn, nodes, e.refs(), k, nodes, k, g, nodes, k, p, build)
	}
	return fmt.Sprintf("c.%s(%s[:], %s, %s, genrt.Canon(%s), genrt.Canon(%s), %s)", fn, e.n("Nodes"), e.refs(), e.nodeID(t), g, p, build)
}

// refs is the genrt.Refs argument of Generic: the context when the schema
// has scopes.
func (e *emitter) refs() string {
	if len(e.m.scopes) > 0 {
		return "c"
	}
	return "nil"
}

// scoreVal is the expression scoring the canonical non-null values g and p
// under node t.
func (e *emitter) scoreVal(t *tnode, g, p, build string) string {
	n := t.n
	switch {
	case n.IDScope != "":
		return fmt.Sprintf("genrt.ID(%s, %s, %s, %s)", encoder[t.kind], g, p, build)
	case n.Ref != "":
		ts := e.m.scopes[e.m.scopeIndex(n.Ref)]
		return fmt.Sprintf("genrt.Ref(&c.Workspace, &c.%s, %d, %s, %s, %s, %s)", ts.field, ts.idx, encoder[t.kind], g, p, build)
	}
	// thr applies the node's threshold to a comparator's result (none for
	// 0: comparators never return less).
	thr := func(x string) string {
		if n.Threshold == 0 {
			return x
		}
		return fmt.Sprintf("align.ApplyThreshold(%s, %s)", x, num(n.Threshold))
	}
	switch t.kind {
	case kAny, kKinds:
		return e.generic(t, "Generic", g, p, build)
	case kBool:
		return fmt.Sprintf("genrt.Bool(%s, %s, %s)", g, p, build)
	case kString:
		return fmt.Sprintf("genrt.StrLeaf(%s, %s, %s, %s)", thr(fmt.Sprintf("align.%s(%s, %s)", stringComparator(n.Comparator("jaro")), g, p)), g, p, build)
	case kInt:
		return fmt.Sprintf("genrt.IntLeaf(%s, %s, %s, %s)", thr(fmt.Sprintf("align.%sInt(%s, %s)", numberComparator(n.Comparator("invdiff")), g, p)), g, p, build)
	case kFloat:
		return fmt.Sprintf("genrt.FloatLeaf(%s, %s, %s, %s)", thr(fmt.Sprintf("genrt.Number(genrt.%s, %s, %s)", numberComparator(n.Comparator("invdiff")), g, p)), g, p, build)
	}
	return fmt.Sprintf("c.%s(%s, %s, %s)", e.method(t), g, p, build)
}

// method is the name of the scoring method of a node that has one (objects,
// arrays, and nodes that admit null).
func (e *emitter) method(t *tnode) string { return "score" + t.path }

// encode is the expression of the JSON value at location l of node t.
func (e *emitter) encode(t *tnode, l location) string {
	switch {
	case t.isStruct():
		return fmt.Sprintf("%s(%s)", e.encoderName(t), ref(l))
	case (t.kind == kArray || t.kind == kMap) && l.ptr:
		return fmt.Sprintf("genrt.JSONPtr(%s, %s)", l.expr, e.encoderName(t))
	case t.kind == kArray || t.kind == kMap:
		return fmt.Sprintf("%s(%s)", e.encoderName(t), l.expr)
	case t.jsonValued() && holdsObjects(t, map[*tnode]bool{}):
		// Objects under object nodes in their node's order (genrt.CanonAt).
		if l.ptr {
			return fmt.Sprintf("genrt.CanonAtPtr(%s[:], %s, %s)", e.n("Nodes"), e.nodeID(t), l.expr)
		}
		return fmt.Sprintf("genrt.CanonAt(%s[:], %s, %s)", e.n("Nodes"), e.nodeID(t), l.expr)
	case l.ptr:
		return fmt.Sprintf("genrt.JSONPtr(%s, %s)", l.expr, ptrEncoder[t.kind])
	}
	return fmt.Sprintf("%s(%s)", encoder[t.kind], conv(t, l.expr))
}

// emitNodeMethod emits the scoring methods of node t: for a node that
// admits null the method handling null, and for containers the method
// scoring two non-null values.
func (e *emitter) emitNodeMethod(t *tnode) {
	if t.nullable {
		e.emitNullable(t)
	}
	switch {
	case t.kind == kObject:
		if hasAbsentRules(t) {
			e.emitAbsent(t)
		}
		e.emitObject(t)
	case t.tuple:
		e.emitTuple(t)
	case t.kind == kArray:
		e.emitArray(t)
	case t.kind == kMap:
		e.emitMap(t)
	case t.kind == kUnion:
		e.emitUnion(t)
	}
}

// emitUnion emits the scoring of two non-null values of union node t
// (docs/SCORING.md §1.8): under their branch when they share it, numbers
// under the gold's branch, else 0 with a branch leaf.
func (e *emitter) emitUnion(t *tnode) {
	d := struct {
		method
		BranchOf, NumbersG, NumbersP, Nodes, Refs, Labels, Enc string
		Cases, IDs                                             []string
	}{method: e.head(t, e.body(t), describe(t), "*"+t.base), BranchOf: e.branchOf(t), Enc: e.encoderName(t)}
	for _, b := range t.branches {
		d.Cases = append(d.Cases, e.score(b.node, location{"g." + b.field, true}, location{"p." + b.field, true}, "build"))
	}
	if numbers := e.numberTest(t, "g"); numbers != "" {
		for _, b := range t.branches {
			d.IDs = append(d.IDs, e.nodeID(b.node))
		}
		d.NumbersG, d.NumbersP, d.Nodes, d.Refs = numbers, e.numberTest(t, "p"), e.n("Nodes"), e.refs()
	}
	d.Labels = e.labels(t)
	execute(&e.w, "union", d)
}

// numberTest is the test that union value x of node t holds a number, ""
// when no branch can hold one.
func (e *emitter) numberTest(t *tnode, x string) string {
	var terms []string
	for _, b := range t.branches {
		f := x + "." + b.field
		switch s := b.node; {
		case s.kind == kInt || s.kind == kFloat:
			terms = append(terms, f+" != nil")
		case s.kind == kAny || s.kind == kKinds && s.n.Types&(ir.TInteger|ir.TNumber) != 0:
			terms = append(terms, f+" != nil && "+f+".IsNumber()")
		case s.kind == kUnion && e.numberTest(s, "") != "":
			terms = append(terms, f+" != nil && "+e.isNumberName(s)+"("+f+")")
		}
	}
	return strings.Join(terms, " || ")
}

// isNumberName is the function reporting whether a value of union node t
// holds a number (a union nested as a branch), written once.
func (e *emitter) isNumberName(t *tnode) string {
	name := lowerFirst(e.m.prefix) + "Number" + t.base
	if !e.walkerUsed[name] {
		e.walkerUsed[name] = true
		execute(&e.aux, "isNumber", struct{ Name, Type, Test string }{name, t.base, e.numberTest(t, "x")})
	}
	return name
}

// branchOf is the function returning the index of the branch a value of
// union node t holds (-1: none), written once per type.
func (e *emitter) branchOf(t *tnode) string {
	name := "oaBranch" + t.base
	if e.once(name) {
		var fields []string
		for _, b := range t.branches {
			fields = append(fields, b.field)
		}
		execute(&e.aux, "branchOf", struct {
			Name, Type string
			Fields     []string
		}{name, t.base, fields})
	}
	return name
}

// labels is the variable holding the branch labels of union node t.
func (e *emitter) labels(t *tnode) string {
	name := e.decl("Labels "+t.path, "Labels"+t.path)
	if !e.walkerUsed[name] {
		e.walkerUsed[name] = true
		var ls []string
		for _, b := range t.branches {
			ls = append(ls, strconv.Quote(b.label))
		}
		execute(&e.aux, "table", table{Name: name, Doc: "are the labels of the branches of " + pointer(t) + ".", Elem: "string", Items: ls})
	}
	return name
}

// chooser is the function returning the branch a JSON value belongs to
// under a union node by the interpreter's rule (interp.Scorer.UnionBranch),
// written once per root.
func (e *emitter) chooser() string {
	name := e.n("Union")
	if !e.walkerUsed[name] {
		e.walkerUsed[name] = true
		execute(&e.aux, "chooser", struct{ Name, Pfx string }{name, e.m.prefix})
	}
	return name
}

// emitMap emits the alignment of docs/SCORING.md §6.8 for two values of map
// node t: the members in code-point order of their keys, pairs scored under
// the value schema (by the JSON-value rule when there is none).
func (e *emitter) emitMap(t *tnode) {
	d := struct {
		method
		Spec, Enc, Mixed, Member, Weight string
	}{method: e.head(t, e.body(t), describe(t), t.base), Spec: e.objectSpec(t), Enc: e.encoderName(t)}
	if w := mapWeight(t); w != 1 {
		d.Weight = num(w)
	}
	if t.mixed() {
		d.Mixed = fmt.Sprintf("c.MapMember(%s[:], %s, %s, gk[i], g[gk[i]], p[pk[j]], build)", e.n("Nodes"), e.refs(), e.nodeID(t))
	} else if v := t.value; v != nil {
		d.Member = e.scoreMember(v, e.elem(v, "gv"), e.elem(v, "pv"), "build")
	}
	execute(&e.w, "map", d)
}

// emitNullable emits the method of a node that admits null: the null leaf
// of docs/SCORING.md §4, or the non-null value's scoring.
func (e *emitter) emitNullable(t *tnode) {
	l := func(x string) location { return location{x, true} }
	d := struct {
		method
		Null, NullScore, EncG, EncP, Score string
	}{method: e.head(t, e.method(t), describe(t), "*"+t.base), Null: "g == nil || p == nil", NullScore: num(t.n.NullScore),
		EncG: e.encode(t, l("g")), EncP: e.encode(t, l("p"))}
	if e.m.shapes != nil && t.kind == kArray {
		d.Null = "g == nil || p == nil || *g == nil || *p == nil"
	}
	if t.isStruct() || t.kind == kArray || t.kind == kMap {
		d.Score = fmt.Sprintf("c.%s(%s, %s, build)", e.body(t), val(t, l("g")), val(t, l("p")))
	} else {
		d.Score = e.scoreVal(t, val(t, l("g")), val(t, l("p")), "build")
	}
	execute(&e.w, "nullable", d)
}

// method is the head of a scoring method, the data the score templates
// share.
type method struct {
	Name, Where, Describe, Ctx string
	Arg                        string // the type of g and p
}

// head is the method named name of node t taking two values of type arg.
func (e *emitter) head(t *tnode, name, describe, arg string) method {
	return method{Name: name, Where: pointer(t), Describe: describe, Ctx: e.ctx(), Arg: arg}
}

// body is the name of the method scoring the non-null values of a
// container node that admits null.
func (e *emitter) body(t *tnode) string {
	if t.nullable {
		return "score" + t.valuePath
	}
	return e.method(t)
}

// emitObject emits the object alignment of docs/SCORING.md §6 for two values of
// object node t.
func (e *emitter) emitObject(t *tnode) {
	type has struct{ G, P string }
	d := struct {
		method
		N                               int
		Absent, Full, Spec, Enc, Single string
		Paired, Cases                   []string
		Has                             []has
		Cross                           crossData
	}{method: e.head(t, e.body(t), "object", "*"+t.base), N: len(t.props)}
	if hasAbsentRules(t) {
		d.Absent = e.absentName(t)
	}
	if len(t.props) > 0 && shares(t) != nil && t.n.KeyThreshold <= 1 {
		// Both values have every property: every key pairs with its namesake.
		var full []string
		for _, pp := range t.props {
			for _, x := range []string{"g", "p"} {
				if c := present(pp, x); c != "true" {
					if strings.Contains(c, "||") {
						c = "(" + c + ")"
					}
					full = append(full, c)
				}
			}
		}
		d.Full = "!build"
		if len(full) > 0 {
			d.Full += " && " + strings.Join(full, " && ")
		}
		for _, pp := range t.props {
			d.Paired = append(d.Paired, e.scoreMember(pp.node, field(pp, "g"), field(pp, "p"), "false"))
		}
	}
	d.Spec = e.objectSpec(t)
	for _, pp := range t.props {
		d.Has = append(d.Has, has{present(pp, "g"), present(pp, "p")})
	}
	if len(t.props) > 0 {
		d.Enc = e.encoderName(t)
		if len(t.props) == 1 {
			pp := t.props[0]
			d.Single = e.scoreMember(pp.node, field(pp, "g"), field(pp, "p"), "build")
		} else {
			d.Cross = e.cross(t)
			for _, pp := range t.props {
				d.Cases = append(d.Cases, e.scoreMember(pp.node, field(pp, "g"), field(pp, "p"), "build"))
			}
		}
	}
	execute(&e.w, "object", d)
}

// class is the canonical Go type by which a property takes part in the
// typed cross pairs of its object: properties of one class are scored
// against each other by the gold property's scorer; "" for a property
// that admits null (its cross pairs go to genrt.Generic).
func class(pp *tprop) string {
	if pp.node.nullable || pp.node.jsonValued() || pp.node.kind == kMap || pp.node.kind == kUnion {
		return ""
	}
	return pp.node.arg()
}

// crossData is the data of the cross template.
type crossData struct {
	Classes []crossClass
	Generic string // the call of o.Generic for the other pairs
}

// crossClass is a class of two properties or more, for the cross pairs.
type crossClass struct {
	Accessor string
	All      bool // every gold property is of the class
	Cases    []crossCase
}

// crossCase is the scoring of a candidate property of a class v by gold
// property Index of the class.
type crossCase struct {
	Index int
	Score string
	All   bool
}

// cross is the scoring of gold property i against candidate property
// j ≠ i of an object node t (fuzzy key alignment; docs/SCORING.md §6.4: the gold
// property's schema governs): by the gold property's typed scorer when the
// two have the same class, else by genrt.Generic.
func (e *emitter) cross(t *tnode) crossData {
	count := map[string]int{}
	for _, pp := range t.props {
		if c := class(pp); c != "" {
			count[c]++
		}
	}
	// Per class with two properties or more: when candidate property j
	// is of the class, gold property i of the class scores it.
	var classes []string
	for _, pp := range t.props {
		if c := class(pp); count[c] >= 2 && !contains(classes, c) {
			classes = append(classes, c)
		}
	}
	var d crossData
	for _, c := range classes {
		cl := crossClass{Accessor: e.accessor(t, c), All: count[c] == len(t.props)}
		for i, pp := range t.props {
			if class(pp) == c {
				cl.Cases = append(cl.Cases, crossCase{i, e.scoreVal(pp.node, val(pp.node, field(pp, "g")), "v", "build"), cl.All})
			}
		}
		d.Classes = append(d.Classes, cl)
	}
	d.Generic = fmt.Sprintf("o.Generic(%s[:], %s, %s, %s(g), %s(p))", e.n("Nodes"), e.refs(), e.nodeID(t), e.encoderName(t), e.encoderName(t))
	if len(classes) > 0 {
		e.needAccessors(t, count)
	}
	return d
}

// accessor is the name of the function returning a property of class c of
// an object of node t.
func (e *emitter) accessor(t *tnode, c string) string {
	return lowerFirst(e.m.prefix) + strings.NewReplacer("*", "", "[]", "List", ".", "").Replace(goName(c)) + "Of" + t.base
}

// needAccessors emits, once per object type, the accessors of the classes
// with at least two properties.
func (e *emitter) needAccessors(t *tnode, count map[string]int) {
	var order []string
	for _, pp := range t.props {
		if c := class(pp); count[c] >= 2 && !contains(order, c) {
			order = append(order, c)
		}
	}
	for _, c := range order {
		name := e.accessor(t, c)
		if e.walkerUsed[name] {
			continue
		}
		e.walkerUsed[name] = true
		type accessorCase struct {
			Index int
			Value string
		}
		var cases []accessorCase
		for j, pp := range t.props {
			if class(pp) == c {
				cases = append(cases, accessorCase{j, val(pp.node, field(pp, "x"))})
			}
		}
		zero := map[string]string{"string": `""`, "int64": "0", "float64": "0", "bool": "false"}[c]
		if zero == "" {
			zero = "nil"
		}
		execute(&e.aux, "accessor", struct {
			Name, Type, Class, Zero string
			Cases                   []accessorCase
		}{name, t.base, c, zero, cases})
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// emitArray emits the element alignment of docs/SCORING.md §5 for two values of an
// array node t with items only.
func (e *emitter) emitArray(t *tnode) {
	it := t.items
	d := struct {
		method
		Spec, Cell, Fill, ValueG, ValueP, NullG, NullP, Kept, Rec string
	}{method: e.head(t, e.body(t), describe(t), t.base), Spec: e.arraySpec(t), Kept: e.kept(it), Rec: e.record(t),
		Cell:   e.score(it, e.elem(it, "g[i]"), e.elem(it, "p[j]"), "build"),
		Fill:   e.score(it, e.elem(it, "g[i]"), e.elem(it, "p[j]"), "false"),
		ValueG: e.encode(it, e.elem(it, "g[i]")), ValueP: e.encode(it, e.elem(it, "p[i]"))}
	if l := e.elem(it, "g[i]"); l.ptr || it.jsonValued() {
		d.NullG, d.NullP = elemNull(it, l), elemNull(it, e.elem(it, "p[i]"))
	}
	execute(&e.w, "array", d)
}

// kept is the genrt.Kept expression of an array whose items are the
// record node it of a scope, "" when the main pass may not reuse the
// scope's record matrix for it: the records must be plain structs (not
// null, not existing Go types) and reach no reference, which the
// derivation masks and the main pass scores (genrt.Kept checks at run time
// that the elements are the scope's records).
func (e *emitter) kept(it *tnode) string {
	if e.m.shapes != nil || it.nullable || it.kind != kObject || reachesRef(it.n, map[*ir.Node]bool{}) {
		return ""
	}
	for _, ts := range e.m.scopes {
		if ts.rec == it {
			return "genrt.Kept(&c." + ts.field + ", g, p)"
		}
	}
	return ""
}

// record is the genrt.RecordOf expression of an array whose items are flat
// records (flatRecord) that are never null, whose cells the record kernel
// of genrt fills; "" for any other array.
func (e *emitter) record(t *tnode) string {
	if it := t.items; !it.nullable && e.flatRecord(it) {
		return fmt.Sprintf("genrt.RecordOf(%s[:], %s, g, p)", e.n("Nodes"), e.nodeID(it))
	}
	return ""
}

// flatRecord reports whether the values of object node t are flat records
// for the record kernel of genrt: generated structs whose properties are
// all strings that admit no null (identifiers, references, string
// leaves), with the score-mode path of ObjectSpec.Paired. Its ObjectSpec
// then has the struct's genrt.Layout.
func (e *emitter) flatRecord(t *tnode) bool {
	if e.m.shapes != nil || t.tableOnly || t.named == nil || t.kind != kObject || len(t.props) == 0 || shares(t) == nil || t.n.KeyThreshold > 1 {
		return false
	}
	for _, pp := range t.props {
		if pp.node.kind != kString || pp.node.nullable || pp.node.n.Union != nil {
			return false
		}
	}
	return true
}

// reachesRef reports whether a reference node (docs/SCORING.md §7.4) is
// reachable from n.
func reachesRef(n *ir.Node, seen map[*ir.Node]bool) bool {
	if n == nil || seen[n] {
		return false
	}
	seen[n] = true
	if n.Ref != "" {
		return true
	}
	for _, pp := range n.Properties {
		if reachesRef(pp.Node, seen) {
			return true
		}
	}
	for _, pn := range n.PrefixItems {
		if reachesRef(pn, seen) {
			return true
		}
	}
	for _, pt := range n.Patterns {
		if reachesRef(pt.Node, seen) {
			return true
		}
	}
	if n.Union != nil {
		for _, b := range n.Union.Branches {
			if reachesRef(b.Node, seen) {
				return true
			}
		}
	}
	return reachesRef(n.Items, seen) || reachesRef(n.Additional, seen)
}

// emitTuple emits the alignment of docs/SCORING.md §5.1 (head, tail or both) for two
// values of an array node t with prefixItems.
func (e *emitter) emitTuple(t *tnode) {
	k := len(t.prefix)
	length := func(x string) string {
		if t.items != nil {
			return x + ".Len + len(" + x + ".Rest)"
		}
		return x + ".Len"
	}
	d := struct {
		method
		Spec, LenG, LenP, Last, Cell, RestNull, RestValue string
		K                                                 int
		Init, Values                                      []string
	}{method: e.head(t, e.body(t), describe(t), "*"+t.base), Spec: e.arraySpec(t), LenG: length("g"), LenP: length("p"), K: k, RestValue: "jsonval.Value{}"}
	for i, pn := range t.prefix {
		x := fmt.Sprintf("P%d", i)
		s := e.score(pn, e.elem(pn, "g."+x), e.elem(pn, "p."+x), "build")
		if i < k-1 {
			d.Init = append(d.Init, s)
		} else {
			d.Last = s
		}
	}
	if it := t.items; it != nil {
		rest := func(x, i string) location { return e.elem(it, fmt.Sprintf("%s.Rest[%s-%d]", x, i, k)) }
		d.Cell = e.score(it, rest("g", "i"), rest("p", "j"), "build")
		if rest("g", "i").ptr || it.jsonValued() {
			d.RestNull = elemNull(it, rest("x", "i"))
		}
	}
	// The encoders after the scorers, in the order the code names them.
	for i, pn := range t.prefix {
		d.Values = append(d.Values, e.encode(pn, e.elem(pn, fmt.Sprintf("x.P%d", i))))
	}
	if it := t.items; it != nil {
		d.RestValue = e.encode(it, e.elem(it, fmt.Sprintf("x.Rest[i-%d]", k)))
	}
	execute(&e.w, "tuple", d)
}

// shares are the weights of an object node's properties divided by their
// pairwise sum (genrt.ObjectSpec.Shares), computed as the interpreter
// computes them when every property is present; nil when they sum to 0.
func shares(t *tnode) []string {
	ws := make([]float64, len(t.props))
	for i, pp := range t.props {
		ws[i] = pp.weight
	}
	W := align.PairwiseSum(ws)
	if W == 0 || len(ws) == 0 {
		return nil
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = num(w / W)
	}
	return out
}

// objectSpec and arraySpec are the names of the spec variables of a node.
func (e *emitter) objectSpec(t *tnode) string { return e.decl("Object "+t.path, "Object"+t.path) }
func (e *emitter) arraySpec(t *tnode) string  { return e.decl("Array "+t.path, "Array"+t.path) }

// nodeID is the name of the constant holding node t's index in the node
// table (genrt.Generic).
func (e *emitter) nodeID(t *tnode) string { return e.decl("Node "+t.path, "Node"+t.path) }

// emitTable emits the specs of the object and array nodes and the node
// table of genrt.Generic.
func (e *emitter) emitTable() {
	m := e.m
	for _, t := range m.nodes {
		n := t.n
		if t.mapPart() {
			execute(&e.w, "spec", spec{e.objectSpec(t), "holds the key keywords of the map node " + pointer(t) + " (docs/SCORING.md §6.8).", "genrt.ObjectSpec", e.keyFields(n, []string{})})
		}
		if t.objectPart() {
			var keys, ws []string
			for _, pp := range t.props {
				keys = append(keys, strconv.Quote(pp.name))
				ws = append(ws, num(pp.weight))
			}
			fields := []string{"Keys: []string{" + strings.Join(keys, ", ") + "}", "Weights: []float64{" + strings.Join(ws, ", ") + "}"}
			if sh := shares(t); sh != nil {
				fields = append(fields, "Shares: []float64{"+strings.Join(sh, ", ")+"}")
			}
			fields = e.keyFields(n, fields)
			if e.flatRecord(t) {
				fields = append(fields, "Layout: genrt.LayoutOf["+t.base+"]()")
			}
			execute(&e.w, "spec", spec{e.objectSpec(t), "is the object node " + pointer(t) + " (docs/SCORING.md §6).", "genrt.ObjectSpec", fields})
		}
		if t.arrayPart() {
			var fields []string
			if k := len(t.prefix); k > 0 {
				ws := make([]string, k)
				for i := range k {
					ws[i] = num(n.PrefixWeight(i))
				}
				fields = append(fields, fmt.Sprintf("Prefix: %d", k), "PrefixWeights: []float64{"+strings.Join(ws, ", ")+"}")
			}
			if t.items != nil {
				fields = append(fields, "Tail: true")
				if n.TailOrder() == ir.OrderAlign {
					fields = append(fields, "Align: true")
				}
				if n.IgnoreExcess {
					fields = append(fields, "IgnoreExcess: true")
				}
				if n.IgnoreMissing {
					fields = append(fields, "IgnoreMissing: true")
				}
				if len(t.prefix) > 0 {
					fields = append(fields, "PrefixImportance: "+num(n.PrefixImportance), "RestImportance: "+num(n.RestImportance))
				}
			}
			execute(&e.w, "spec", spec{e.arraySpec(t), "is the array node " + pointer(t) + " (docs/SCORING.md §5).", "genrt.ArraySpec", fields})
		}
	}
	type entry struct {
		ID     string
		Fields []string
	}
	var entries []entry
	for _, t := range m.nodes {
		entries = append(entries, entry{ID: e.nodeID(t)})
	}
	for k, t := range m.nodes {
		n := t.n
		kind := map[vkind]string{kBool: "Bool", kInt: "Int", kFloat: "Float", kString: "String", kArray: "Array", kObject: "Object", kMap: "Object", kAny: "Null", kKinds: "Null", kUnion: "Null"}[t.kind]
		fields := []string{"Kind: jsonval." + kind}
		if n.NullScore != 0 {
			fields = append(fields, "NullScore: "+num(n.NullScore))
		}
		switch {
		case n.IDScope != "":
			fields = append(fields, "ID: true")
		case n.Ref != "":
			fields = append(fields, fmt.Sprintf("Ref: %d", m.scopeIndex(n.Ref)+1))
		case t.kind == kString:
			fields = append(fields, "Str: align."+stringComparator(n.Comparator("jaro")))
		case t.kind == kInt || t.kind == kFloat:
			fields = append(fields, strconv.Quote(n.Comparator("invdiff")))
			fields[len(fields)-1] = "Num: " + fields[len(fields)-1]
		case t.kind == kAny:
			fields = append(fields, "Any: true")
		case t.kind == kUnion:
			var ids []string
			for _, b := range t.branches {
				ids = append(ids, e.nodeID(b.node))
			}
			fields = append(fields, fmt.Sprintf("Union: &genrt.UnionSpec{Branches: []int{%s}, Labels: %s[:], Of: func(v jsonval.Value) int { return %s(%q, v) }}", strings.Join(ids, ", "), e.labels(t), e.chooser(), t.n.Pos.Pointer))
		default:
			if t.kind == kKinds && n.Types&ir.TString != 0 {
				fields = append(fields, "Str: align."+stringComparator(n.Comparator("jaro")))
			}
			if t.kind == kKinds && n.Types&(ir.TInteger|ir.TNumber) != 0 {
				fields = append(fields, "Num: "+strconv.Quote(n.Comparator("invdiff")))
			}
			fields = append(fields, e.partFields(t)...)
		}
		if n.Threshold != 0 && (t.kind == kString || t.kind == kInt || t.kind == kFloat || t.kind == kKinds) && n.IDScope == "" && n.Ref == "" {
			fields = append(fields, "Threshold: "+num(n.Threshold))
		}
		entries[k].Fields = fields
	}
	execute(&e.w, "nodes", struct {
		Name    string
		Entries []entry
	}{e.n("Nodes"), entries})
}

// spec is the data of the spec template.
type spec struct {
	Name, Doc, Type string
	Fields          []string
}

// keyFields appends to fields the key keywords of object or map node n
// (genrt.ObjectSpec).
func (e *emitter) keyFields(n *ir.Node, fields []string) []string {
	if n.KeyComparator() == "exact" {
		fields = append(fields, "KeyExact: true")
	}
	if n.KeyThreshold != 0 {
		fields = append(fields, "KeyThreshold: "+num(n.KeyThreshold))
	}
	if n.KeyImportance != 0 {
		fields = append(fields, "KeyImportance: "+num(n.KeyImportance))
	}
	return append(fields, "ValueImportance: "+num(n.ValueImportance))
}

// partFields are the genrt.Node fields of the map, object and array parts
// of node t.
func (e *emitter) partFields(t *tnode) []string {
	var fields []string
	if t.mapPart() {
		items := "-1"
		switch {
		case t.value != nil:
			items = e.nodeID(t.value)
		case t.additional != nil:
			items = e.nodeID(t.additional)
		}
		if t.arrayPart() {
			// Items holds the array's items.
			members := "-1"
			if items != "-1" {
				members = "1 + " + items
			}
			fields = append(fields, "Map: true", "Object: &"+e.objectSpec(t), "Members: "+members)
		} else {
			fields = append(fields, "Map: true", "Object: &"+e.objectSpec(t), "Items: "+items)
		}
		if len(t.patterns) > 0 {
			var ps []string
			for _, tp := range t.patterns {
				ps = append(ps, fmt.Sprintf("{Re: %s, Node: %s}", e.pattern(t, tp.re), e.nodeID(tp.node)))
			}
			fields = append(fields, "Patterns: []genrt.MapPattern{"+strings.Join(ps, ", ")+"}")
		}
	}
	if w := mapWeight(t); t.mapPart() && w != 1 {
		fields = append(fields, "Weighted: true", "Weight: "+num(w))
	}
	if t.objectPart() {
		var ps []string
		for _, pp := range t.props {
			ps = append(ps, e.nodeID(pp.node))
		}
		fields = append(fields, "Object: &"+e.objectSpec(t), "Props: []int{"+strings.Join(ps, ", ")+"}")
		if fills := e.fills(t); fills != "" {
			fields = append(fields, "Fills: []genrt.Fill{"+fills+"}")
		}
	}
	if t.arrayPart() {
		items := "-1"
		if t.items != nil {
			items = e.nodeID(t.items)
		}
		fields = append(fields, "Array: &"+e.arraySpec(t), "Items: "+items)
		if len(t.prefix) > 0 {
			var ps []string
			for _, pn := range t.prefix {
				ps = append(ps, e.nodeID(pn))
			}
			fields = append(fields, "Prefix: []int{"+strings.Join(ps, ", ")+"}")
		}
	}
	return fields
}

// fills are the genrt.Fill entries of the absent-member rules of object
// node t (docs/SCORING.md §6.10), "" for none.
func (e *emitter) fills(t *tnode) string {
	if !hasAbsentRules(t) {
		return ""
	}
	var fs []string
	for i, pp := range t.props {
		switch absentRuleOf(t, pp) {
		case ruleDefault:
			fs = append(fs, fmt.Sprintf("{Prop: %d, Value: genrt.Canon(%s)}", i, jsonLiteral(pp.node.n.Default)))
		case ruleNullDefault:
			fs = append(fs, fmt.Sprintf("{Prop: %d}", i))
		case ruleNull:
			fs = append(fs, fmt.Sprintf("{Prop: %d, NullOnly: true}", i))
		}
	}
	return strings.Join(fs, ", ")
}

// mapWeight is the valueWeight of the member schema of map node t (1 when
// it has none or several), read from the schema: a node shared by uses of
// a $defs entry may differ in it (scoresAlike).
func mapWeight(t *tnode) float64 {
	if !t.mapPart() {
		return 1
	}
	if vn, mixed := mapValueSchema(t.n); vn != nil && !mixed {
		return vn.ValueWeight
	}
	return 1
}
