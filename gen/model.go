package gen

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/objectaligner/oagen/goshape"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// vkind is the JSON kind that the Go representation of a schema node holds
// when it is not null.
type vkind uint8

const (
	kBool vkind = iota
	kInt
	kFloat
	kString
	kArray
	kObject
	kMap   // an object without properties (docs/SCORING.md §6.8): map[string]V
	kAny   // a node that constrains no type (docs/SCORING.md §6.9): jsonval.Value
	kKinds // "type" lists several primitive types: jsonval.Value of one of them
	kUnion // anyOf/oneOf of several schemas (docs/SCORING.md §1.8): a struct with one pointer per branch
)

// canonical is the Go type in which scoring code passes a primitive value of
// kind k (and a JSON value, for the kinds held as jsonval.Value).
var canonical = map[vkind]string{kBool: "bool", kInt: "int64", kFloat: "float64", kString: "string", kAny: "jsonval.Value", kKinds: "jsonval.Value"}

// jsonValued reports whether the node's values are held as jsonval.Value,
// null included (any nodes and unions of primitive types).
func (t *tnode) jsonValued() bool { return t.kind == kAny || t.kind == kKinds }

// slice reports whether the node's Go type is a slice or a map, nil when
// absent in an optional field (arrays without prefixItems, maps).
func (t *tnode) slice() bool { return t.kind == kArray && !t.tuple || t.kind == kMap }

// tnode is one schema node with its Go representation.
type tnode struct {
	n  *ir.Node
	id int // index in the node table of the generated file
	// path names the node in generated method names and comments: the type
	// name of an object or tuple node, else the path of the node it is
	// reached from followed by the property's Go name, "Item" or "P<i>".
	path string
	// valuePath names the method scoring two non-null values of a
	// container node that admits null.
	valuePath string
	kind      vkind
	nullable  bool
	// base is the Go type of a non-null value: bool, int64, float64,
	// string, an enum type, a struct type (objects and tuples) or a slice
	// type; for existing Go types, the type as declared (without the
	// pointer of a nullable node).
	base string
	// named is the named type declared for the node (objects, tuples, enums).
	named *gotype
	// Objects.
	props []*tprop
	// Arrays.
	items  *tnode
	prefix []*tnode
	tuple  bool // the array has prefixItems: base is a tuple struct
	// Maps: the value schema (nil: the members have none, docs/SCORING.md
	// §6.9, or several: patterns and additional, whose values are held as
	// jsonval.Value).
	value      *tnode
	patterns   []tpattern
	additional *tnode
	// Unions of primitive types (kKinds): the genrt.Kinds expression.
	kinds string
	// Unions (kUnion): the branches, in schema order.
	branches []*tbranch
	// Enums (string enums only).
	enum []string
	// ptr is set for existing Go types that are pointers (nil: null).
	ptr bool
	// tableOnly marks a node below a JSON-valued node (a "type" list with
	// containers, a member schema of a map with several): its values are
	// held as jsonval.Value and scored from the node table alone
	// (genrt.Generic), so it has no Go type, methods or codecs of its own.
	tableOnly bool
}

// tbranch is one branch of a union node.
type tbranch struct {
	node  *tnode
	field string // the Go field of the union struct holding it
	label string // ir.Branch.Label
}

// tpattern is one patternProperties entry of a map whose members have
// several schemas.
type tpattern struct {
	re   string
	node *tnode
}

// mixed reports whether t is a map whose members have several schemas.
func (t *tnode) mixed() bool { return t.kind == kMap && (len(t.patterns) > 0 || t.additional != nil) }

// objectPart, mapPart and arrayPart report whether the node's values
// include objects with properties, maps, or arrays (its own kind, or a
// kind its "type" list names beside others).
func (t *tnode) objectPart() bool {
	return t.kind == kObject || t.kind == kKinds && t.n.Types&ir.TObject != 0 && !t.n.IsMap()
}

func (t *tnode) mapPart() bool {
	return t.kind == kMap || t.kind == kKinds && t.n.Types&ir.TObject != 0 && t.n.IsMap()
}

func (t *tnode) arrayPart() bool {
	return t.kind == kArray || t.kind == kKinds && t.n.Types&ir.TArray != 0
}

// hasUnion reports whether the model holds a union node (the interpreter
// chooses the branches of its values).
func (m *model) hasUnion() bool {
	return slices.ContainsFunc(m.nodes, func(t *tnode) bool { return t.kind == kUnion })
}

// isStruct reports whether non-null values are passed as struct pointers.
func (t *tnode) isStruct() bool { return t.kind == kObject || t.tuple || t.kind == kUnion }

// arg is the Go type in which the scoring methods of the node take a
// non-null value: the canonical type of a primitive, a pointer to a struct
// or tuple, the slice itself.
func (t *tnode) arg() string {
	switch {
	case t.isStruct():
		return "*" + t.base
	case t.kind == kArray || t.kind == kMap:
		return t.base
	}
	return canonical[t.kind]
}

// elemType is the Go type of the node's values as array elements or tuple
// positions: a pointer (nil: null) when the node admits null.
func (t *tnode) elemType() string {
	if t.nullable {
		return "*" + t.base
	}
	return t.base
}

// gotype is a named type declared by the generated file.
type gotype struct {
	name string
	node *tnode // the node it was declared for (its doc)
}

// rep is how a struct field holds a property (generated types).
type rep uint8

const (
	repValue   rep = iota // the value itself: a required property that does not admit null (a nil slice is [])
	repPtr                // a pointer, nil when absent (a slice, nil when absent): an optional property
	repNullPtr            // a pointer, nil when null: a required property that admits null
	repOptNull            // a pointer and a null flag: an optional property that admits null
	repShape              // an existing Go type (see goshape.Field)
)

// tprop is one property of an object node.
type tprop struct {
	name      string // JSON name
	field     string // Go field name, or the access path of an existing field
	nullField string // repOptNull: the Go name of the null flag
	node      *tnode
	rep       rep
	omit      omitRule // repShape: when encoding/json leaves the field out
	// weight and doc are the property's valueWeight and description: its
	// own, where node may be shared by several uses of a $defs entry.
	weight float64
	doc    string
}

// omitRule is encoding/json's rule for leaving a field out.
type omitRule uint8

const (
	omitNone  omitRule = iota // always written
	omitEmpty                 // omitempty: left out when empty
	omitZero                  // omitzero: left out when zero
)

// model is the Go representation of a whole schema.
type model struct {
	schema *ir.Schema
	root   *tnode
	nodes  []*tnode
	byNode map[*ir.Node]*tnode
	ns     *namespace
	typ    string // root type name
	prefix string // "oa" + typ: prefix of the file's support declarations
	scopes []*tscope
	// types are the named types to declare, in order; byDef shares the
	// type of a $defs entry among its uses.
	types []*gotype
	byDef map[string]*tnode
	// uses are the nodes built for each Def (see sameDefinition).
	uses map[string][]*tnode
	// shapes describes existing Go types (GenerateTypes); nil when the
	// generator declares the types.
	shapes map[*ir.Node]goshape.Shape
	// typedOnly is set when the file has no JSON entry points (and so no
	// interpreter to choose union branches).
	typedOnly bool
	// unions chooses the branches of union defaults at generation time.
	unions *interp.Scorer
	// table counts the JSON-valued nodes being built around the current
	// one: nodes built inside are tableOnly.
	table int
}

// namespace holds the package-level names of one generated package.
type namespace struct {
	names   map[string]bool // types, constants and support declarations
	paths   map[string]bool // node paths (method names)
	written map[string]bool // functions shared by the roots of the package, once written
	// funcs are the names of the functions shared by the roots of one
	// generated file (the codecs of a struct type), by what they do.
	funcs map[string]string
	// typePrefix is put before the names that types take from a $defs key
	// or a title (Options.TypePrefix); names from paths start with the
	// root's name already.
	typePrefix string
}

func newNamespace() *namespace {
	return &namespace{names: map[string]bool{}, paths: map[string]bool{}, funcs: map[string]string{}}
}

// shared returns the name of the package-level function that key stands
// for: want (made unique among the package's names) on the first call, the
// same name on every later one. A function shared by the roots of one file
// carries the prefix of the root that first needs it, so files generated
// by separate runs into one package declare disjoint names.
func (ns *namespace) shared(key, want string) string {
	if name, ok := ns.funcs[key]; ok {
		return name
	}
	name := unique(want, ns.names)
	ns.funcs[key] = name
	return name
}

func buildModel(s *ir.Schema, typeName string, ns *namespace, shapes map[*ir.Node]goshape.Shape, typedOnly bool) (*model, error) {
	m := &model{schema: s, byNode: map[*ir.Node]*tnode{}, ns: ns, typ: typeName, prefix: "oa" + typeName, byDef: map[string]*tnode{}, uses: map[string][]*tnode{}, shapes: shapes, typedOnly: typedOnly}
	if shapes == nil {
		ns.names[typeName] = true
	}
	root, err := m.node(s.Root, typeName, typeName)
	if err != nil {
		return nil, err
	}
	m.root = root
	if err := m.buildScopes(); err != nil {
		return nil, err
	}
	return m, nil
}

// required returns the "required" names of an object node.
func required(n *ir.Node) map[string]bool {
	out := map[string]bool{}
	for _, kw := range n.Keywords {
		if kw.Key == "required" && kw.Value.Kind == jsonval.Array {
			for _, v := range kw.Value.Arr {
				if v.Kind == jsonval.String {
					out[v.S] = true
				}
			}
		}
	}
	return out
}

// defName is the name a node's $defs (or definitions) entry gives its type,
// "" when the node is not a definition.
func defName(n *ir.Node) string {
	for _, p := range []string{"/$defs/", "/definitions/"} {
		if rest, ok := strings.CutPrefix(n.Def, p); ok && !strings.Contains(rest, "/") {
			return strings.ReplaceAll(strings.ReplaceAll(rest, "~1", "/"), "~0", "~")
		}
	}
	return ""
}

// typeName chooses the name of a node's named type: its $defs key, else its
// title, else suggested (the path it is reached by), made unique.
func (m *model) typeName(n *ir.Node, suggested string) string {
	name := suggested
	switch {
	case n == m.schema.Root:
		return suggested // the root type name, reserved
	case defName(n) != "":
		name = m.ns.typePrefix + goName(defName(n))
	case n.Title != "":
		name = m.ns.typePrefix + goName(n.Title)
	}
	return unique(name, m.ns.names)
}

// node returns the Go representation of schema node n, building it on first
// use: name is the type name it would get from its path, path its node path.
func (m *model) node(n *ir.Node, name, path string) (*tnode, error) {
	if t, ok := m.byNode[n]; ok {
		m.promote(t)
		return t, nil
	}
	if o := m.sameDefinition(n); o != nil {
		// Another use of a $defs entry that scores alike: one function
		// for every use.
		m.byNode[n] = o
		m.promote(o)
		return o, nil
	}
	t := &tnode{n: n, id: len(m.nodes), nullable: n.Types&ir.TNull != 0, tableOnly: m.table > 0}
	nonNull := n.Types &^ ir.TNull
	switch {
	case n.Union != nil:
		t.kind = kUnion
		if m.shapes != nil || m.typedOnly {
			return nil, fmt.Errorf("%s: a union (%s of %d schemas) needs the JSON entry points (the interpreter chooses the branch of a value, docs/SCORING.md §1.8); oagen gen -typed and existing Go types do not support it", n.Pos, n.Union.Keyword, len(n.Union.Branches))
		}
	case n.Any:
		t.kind = kAny
	case nonNull == ir.TObject && n.IsMap() && !closedObject(n):
		t.kind = kMap
	case nonNull == ir.TBoolean:
		t.kind = kBool
	case nonNull == ir.TInteger:
		t.kind = kInt
	case nonNull == ir.TNumber || nonNull == ir.TNumber|ir.TInteger:
		t.kind = kFloat
	case nonNull == ir.TString:
		t.kind = kString
	case nonNull == ir.TArray:
		t.kind = kArray
	case nonNull == ir.TObject:
		t.kind = kObject
	case nonNull == 0:
		return nil, fmt.Errorf("%s: a node without a non-null \"type\" is not supported by oagen gen", n.Pos)
	case nonNull&(ir.TArray|ir.TObject) == 0:
		t.kind = kKinds
	default:
		// Several types, containers among them: a JSON value whose
		// containers genrt.Generic scores from the node table.
		t.kind = kKinds
	}
	if (t.kind == kMap || t.kind == kArray) && len(n.PrefixItems) == 0 && unnamedCycle(n) {
		// A list of lists, a map of maps (a value schema that is the
		// node itself through arrays and maps): no Go type of its own can
		// hold it, so it is a JSON value whose containers genrt.Generic
		// scores from the node table.
		t.kind = kKinds
	}
	if t.kind == kKinds {
		var ks []string
		for _, k := range []struct {
			bit  ir.TypeSet
			name string
		}{{ir.TNull, "KindNull"}, {ir.TBoolean, "KindBoolean"}, {ir.TInteger, "KindInteger"}, {ir.TNumber, "KindNumber"}, {ir.TString, "KindString"}, {ir.TArray, "KindArray"}, {ir.TObject, "KindObject"}} {
			if n.Types&k.bit != 0 {
				ks = append(ks, "genrt."+k.name)
			}
		}
		t.kinds = strings.Join(ks, "|")
	}
	if t.jsonValued() {
		// Null is a jsonval.Value like any other: no pointer for it.
		t.nullable = false
	}
	if t.kind <= kString || t.jsonValued() {
		t.base = canonical[t.kind]
	}
	defer func() {
		if t.nullable && t.kind >= kArray {
			t.valuePath = unique(t.path+"Value", m.ns.paths)
		}
	}()
	m.nodes = append(m.nodes, t)
	m.byNode[n] = t
	m.uses[n.Def] = append(m.uses[n.Def], t)
	if m.shapes != nil {
		t.path = unique(path, m.ns.paths)
		return t, m.existingNode(t)
	}
	// A named type is shared by the uses of a $defs entry (same Def, same
	// properties and required members).
	var shared *tnode
	if o := m.byDef[n.Def]; o != nil && o.kind == t.kind && sameShape(o.n, n) {
		shared = o
	}
	declare := func() {
		if shared != nil {
			t.named, t.base = shared.named, shared.base
		} else {
			t.named = &gotype{name: m.typeName(n, name), node: t}
			t.base = t.named.name
			m.types = append(m.types, t.named)
			m.byDef[n.Def] = t
		}
		path = t.base
	}
	switch t.kind {
	case kString:
		if vals, ok := enumStrings(n); ok && len(vals) > 0 {
			t.enum = vals
			declare()
			t.path = unique(path, m.ns.paths)
		} else {
			t.path = unique(path, m.ns.paths)
		}
	case kBool, kInt, kFloat, kAny:
		t.path = unique(path, m.ns.paths)
	case kKinds:
		t.path = unique(path, m.ns.paths)
		if err := m.containerParts(t, name); err != nil {
			return nil, err
		}
	case kUnion:
		declare()
		t.path = unique(path, m.ns.paths)
		used := map[string]bool{}
		for i, b := range n.Union.Branches {
			field := unique(branchField(b.Label, n.Union.Keyword, i, b.Node), used)
			sub, err := m.node(b.Node, t.base+field, t.base+field)
			if err != nil {
				return nil, err
			}
			if sub.base == "" {
				return nil, fmt.Errorf("%s: a union branch that is the union's own container is not supported by oagen gen", b.Node.Pos)
			}
			t.branches = append(t.branches, &tbranch{node: sub, field: field, label: b.Label})
		}
	case kMap:
		t.path = unique(path, m.ns.paths)
		vn, mixed := mapValueSchema(n)
		t.base = "map[string]jsonval.Value"
		if mixed {
			if err := m.mixedMap(t, name); err != nil {
				return nil, err
			}
		} else if vn != nil {
			sub, err := m.node(vn, name+"Value", t.path+"Value")
			if err != nil {
				return nil, err
			}
			if sub.base == "" {
				return nil, fmt.Errorf("%s: a map whose value schema is the map itself is not supported by oagen gen", n.Pos)
			}
			t.value = sub
			t.base = "map[string]" + sub.elemType()
		}
	case kObject:
		declare()
		t.path = unique(path, m.ns.paths)
		req := required(n)
		used := map[string]bool{}
		fields := make([]string, len(n.Properties))
		for i, p := range n.Properties {
			fields[i] = unique(goName(p.Name), used)
		}
		for i, p := range n.Properties {
			sub, err := m.node(p.Node, t.base+fields[i], t.base+fields[i])
			if err != nil {
				return nil, err
			}
			tp := &tprop{name: p.Name, field: fields[i], node: sub, weight: p.Node.ValueWeight, doc: p.Node.Description}
			switch {
			case req[p.Name] && sub.nullable:
				tp.rep = repNullPtr
			case req[p.Name]:
				tp.rep = repValue
			case sub.nullable:
				tp.rep = repOptNull
				tp.nullField = unique(fields[i]+"Null", used)
			default:
				tp.rep = repPtr
			}
			t.props = append(t.props, tp)
		}
		if err := m.checkAbsent(t); err != nil {
			return nil, err
		}
	case kArray:
		if n.Items == nil && len(n.PrefixItems) == 0 {
			return nil, fmt.Errorf("%s: an array node without items or prefixItems is not supported by oagen gen", n.Pos)
		}
		if len(n.PrefixItems) > 0 {
			t.tuple = true
			declare()
			name = t.base
		}
		t.path = unique(path, m.ns.paths)
		for i, pn := range n.PrefixItems {
			sub, err := m.node(pn, fmt.Sprintf("%sP%d", name, i), fmt.Sprintf("%sP%d", t.path, i))
			if err != nil {
				return nil, err
			}
			t.prefix = append(t.prefix, sub)
		}
		if n.Items != nil {
			sub, err := m.node(n.Items, name+"Item", t.path+"Item")
			if err != nil {
				return nil, err
			}
			t.items = sub
		}
		if !t.tuple {
			t.base = "[]" + t.items.elemType()
		}
	}
	return t, nil
}

// branchField is the Go field name of branch i of a union: its label (a
// title, a $defs name, a tag), or for a branch labelled by position the
// name of its type.
func branchField(label, keyword string, i int, n *ir.Node) string {
	if label != fmt.Sprintf("%s/%d", keyword, i) {
		return goName(label)
	}
	switch nonNull := n.Types &^ ir.TNull; {
	case n.Any:
		return "Value"
	case n.Union != nil:
		return "Union"
	case nonNull == ir.TBoolean:
		return "Bool"
	case nonNull == ir.TInteger:
		return "Int"
	case nonNull == ir.TNumber || nonNull == ir.TNumber|ir.TInteger:
		return "Float"
	case nonNull == ir.TString:
		return "String"
	case nonNull == ir.TArray:
		return "Array"
	case nonNull == ir.TObject:
		return "Object"
	}
	return "Value"
}

// mapValueSchema returns the schema of every member of map node n (nil:
// none, docs/SCORING.md §6.9): its additionalProperties schema, or its one
// patternProperties schema when additionalProperties is false. mixed is set
// for a map whose members have several schemas.
func mapValueSchema(n *ir.Node) (value *ir.Node, mixed bool) {
	ap, hasAP := keyword(n, "additionalProperties")
	closed := hasAP && ap.Kind == jsonval.Bool && !ap.B
	switch {
	case len(n.Patterns) == 0:
		return n.Additional, false
	case len(n.Patterns) == 1 && closed && n.Patterns[0].Re != nil:
		return n.Patterns[0].Node, false
	}
	return nil, true
}

// mixedMap completes map node t whose members have several schemas
// (patternProperties beside additionalProperties, or several patterns):
// its members are held as jsonval.Value and scored under the schema of
// their key, chosen as the interpreter chooses it (ir.Node.MemberSchema),
// by genrt.Workspace.MapMember: the member schemas are tableOnly, scored
// from the node table, and a value is decoded only when it fits them
// (genrt.MapFits).
func (m *model) mixedMap(t *tnode, name string) error {
	n := t.n
	m.table++
	defer func() { m.table-- }()
	add := func(vn *ir.Node, what string) (*tnode, error) {
		if vn.ValueWeight != 1 {
			return nil, fmt.Errorf("%s: a valueWeight on a member schema of a map with several (patternProperties) is not supported by oagen gen", vn.Pos)
		}
		sub, err := m.node(vn, name+what, t.path+what)
		if err != nil {
			return nil, err
		}
		return sub, nil
	}
	for i, pp := range n.Patterns {
		if pp.Re == nil {
			continue // left to validation: its members fall to additionalProperties
		}
		sub, err := add(pp.Node, fmt.Sprintf("Pattern%d", i))
		if err != nil {
			return err
		}
		t.patterns = append(t.patterns, tpattern{pp.Pattern, sub})
	}
	if n.Additional != nil {
		sub, err := add(n.Additional, "Additional")
		if err != nil {
			return err
		}
		t.additional = sub
	}
	return nil
}

// unnamedCycle reports whether the elements or members of array or map
// node n (items, the one value schema) reach n itself through arrays
// without prefixItems and maps alone, whose Go types are unnamed slices and
// maps: {"type": "array", "items": {"$ref": "#"}}.
func unnamedCycle(n *ir.Node) bool {
	seen := map[*ir.Node]bool{}
	next := func(x *ir.Node) *ir.Node {
		nonNull := x.Types &^ ir.TNull
		switch {
		case x.Union != nil || x.Any || x.IDScope != "" || x.Ref != "":
			return nil
		case nonNull == ir.TArray && len(x.PrefixItems) == 0:
			return x.Items
		case nonNull == ir.TObject && x.IsMap() && !closedObject(x):
			if v, mixed := mapValueSchema(x); !mixed {
				return v
			}
		}
		return nil
	}
	for x := next(n); x != nil && !seen[x]; x = next(x) {
		if x == n {
			return true
		}
		seen[x] = true
	}
	return false
}

// containerParts builds the array and object parts of node t whose "type"
// lists containers beside other types (kKinds): the nodes of its items,
// prefixItems, properties and member schemas, tableOnly (a value is a
// jsonval.Value that genrt.Generic scores from the node table).
func (m *model) containerParts(t *tnode, name string) error {
	n := t.n
	m.table++
	defer func() { m.table-- }()
	if n.Types&ir.TArray != 0 {
		if n.Items == nil && len(n.PrefixItems) == 0 {
			return fmt.Errorf("%s: an array node without items or prefixItems is not supported by oagen gen", n.Pos)
		}
		for i, pn := range n.PrefixItems {
			sub, err := m.node(pn, fmt.Sprintf("%sP%d", name, i), fmt.Sprintf("%sP%d", t.path, i))
			if err != nil {
				return err
			}
			t.prefix = append(t.prefix, sub)
		}
		if n.Items != nil {
			sub, err := m.node(n.Items, name+"Item", t.path+"Item")
			if err != nil {
				return err
			}
			t.items = sub
		}
	}
	switch {
	case n.Types&ir.TObject == 0:
	case n.IsMap():
		vn, mixed := mapValueSchema(n)
		if mixed {
			return m.mixedMap(t, name)
		}
		if vn != nil {
			sub, err := m.node(vn, name+"Value", t.path+"Value")
			if err != nil {
				return err
			}
			t.additional = sub
		}
	default:
		used := map[string]bool{}
		for _, p := range n.Properties {
			field := unique(goName(p.Name), used)
			sub, err := m.node(p.Node, name+field, t.path+field)
			if err != nil {
				return err
			}
			t.props = append(t.props, &tprop{name: p.Name, field: field, node: sub, weight: p.Node.ValueWeight})
		}
	}
	return nil
}

// promote makes node t, built tableOnly, a node with a Go representation
// of its own once a typed node uses it, with the nodes its typed code
// scores (not the parts of a JSON-valued node, which stay tableOnly).
func (m *model) promote(t *tnode) {
	if m.table > 0 || !t.tableOnly {
		return
	}
	t.tableOnly = false
	if t.jsonValued() || t.mixed() {
		return
	}
	for _, pp := range t.props {
		m.promote(pp.node)
	}
	for _, sub := range append([]*tnode{t.items, t.value}, t.prefix...) {
		if sub != nil {
			m.promote(sub)
		}
	}
	for _, b := range t.branches {
		m.promote(b.node)
	}
}

// sameDefinition returns the node already built for another use of n's
// $defs entry that n can share: the same keywords but those its parent
// reads (valueWeight) and the annotations (title, description, $comment),
// and for existing Go types the same Go type. nil when there is none. A
// node carrying idScope or ref is never shared (its scope is its own).
func (m *model) sameDefinition(n *ir.Node) *tnode {
	if n.IDScope != "" || n.Ref != "" {
		return nil
	}
	for _, o := range m.uses[n.Def] {
		if o.n == n || !scoresAlike(o.n, n) {
			continue
		}
		if m.shapes != nil && !reflect.DeepEqual(m.shapes[o.n], m.shapes[n]) {
			continue
		}
		return o
	}
	return nil
}

// scoresAlike reports whether two nodes are equal but for what their
// parents read of them (valueWeight) and their annotations and positions.
func scoresAlike(a, b *ir.Node) bool {
	own := func(n *ir.Node) ir.Node {
		c := *n
		c.ValueWeight, c.Title, c.Description, c.Pos = 0, "", "", ir.Position{}
		c.Keywords = nil
		for _, kw := range n.Keywords {
			switch kw.Key {
			case "valueWeight", "title", "description", "$comment", "$ref", "examples":
			default:
				c.Keywords = append(c.Keywords, kw)
			}
		}
		return c
	}
	return reflect.DeepEqual(own(a), own(b))
}

// closedObject reports whether an object node without properties admits
// only the empty object ("additionalProperties": false and no
// patternProperties).
func closedObject(n *ir.Node) bool {
	v, ok := keyword(n, "additionalProperties")
	return ok && v.Kind == jsonval.Bool && !v.B && len(n.Patterns) == 0
}

// sameShape reports whether two object or tuple nodes of one definition have
// the same Go representation: the same properties (or positions) and
// required members.
func sameShape(a, b *ir.Node) bool {
	if len(a.Properties) != len(b.Properties) || len(a.PrefixItems) != len(b.PrefixItems) || a.Items != b.Items {
		return false
	}
	for i, p := range a.Properties {
		if q := b.Properties[i]; p.Name != q.Name || p.Node != q.Node {
			return false
		}
	}
	if !slices.Equal(a.PrefixItems, b.PrefixItems) {
		return false
	}
	ra, rb := required(a), required(b)
	if len(ra) != len(rb) {
		return false
	}
	for k := range ra {
		if !rb[k] {
			return false
		}
	}
	return true
}

// enumStrings returns the "enum" of a string node when every value is a
// string (null excluded, for a nullable node).
func enumStrings(n *ir.Node) ([]string, bool) {
	for _, kw := range n.Keywords {
		if kw.Key != "enum" {
			continue
		}
		if kw.Value.Kind != jsonval.Array {
			return nil, false
		}
		var out []string
		for _, x := range kw.Value.Arr {
			switch {
			case x.Kind == jsonval.String:
				if !slices.Contains(out, x.S) {
					out = append(out, x.S)
				}
			case x.Kind == jsonval.Null && n.Types&ir.TNull != 0:
			default:
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// enumConstNames gives the constant names of the values of an enum type.
func (m *model) enumConstNames(t *tnode) []string {
	out := make([]string, len(t.enum))
	for i, v := range t.enum {
		out[i] = unique(t.base+goName(v), m.ns.names)
	}
	return out
}

// existingNode completes t, a node represented by an existing Go type, from
// its shape.
func (m *model) existingNode(t *tnode) error {
	n := t.n
	sh, ok := m.shapes[n]
	if !ok || sh.Type == "" {
		return fmt.Errorf("%s: no Go type for the schema node", n.Pos)
	}
	t.ptr = sh.Pointer
	t.base = sh.Type
	if sh.Pointer {
		if !strings.HasPrefix(sh.Type, "*") {
			return fmt.Errorf("%s: Go type %s is not a pointer", n.Pos, sh.Type)
		}
		t.base = sh.Type[1:]
		if !t.nullable {
			return fmt.Errorf("%s: Go type %s is a pointer, but the schema node does not admit null", n.Pos, sh.Type)
		}
	}
	want := map[vkind]goshape.Kind{kBool: goshape.Bool, kInt: goshape.Int, kFloat: goshape.Float, kString: goshape.String, kArray: goshape.Slice, kObject: goshape.Struct, kMap: goshape.Map}[t.kind]
	if sh.Kind != want {
		return fmt.Errorf("%s: Go type %s does not hold the schema node's JSON type", n.Pos, sh.Type)
	}
	switch t.kind {
	case kObject:
		if len(sh.Fields) != len(n.Properties) {
			return fmt.Errorf("%s: Go type %s has %d JSON fields, the schema node %d properties", n.Pos, t.base, len(sh.Fields), len(n.Properties))
		}
		for i, p := range n.Properties {
			f := sh.Fields[i]
			if f.JSONName != p.Name {
				return fmt.Errorf("%s: field %d of Go type %s is %q, the schema property %q", n.Pos, i, t.base, f.JSONName, p.Name)
			}
			sub, err := m.node(p.Node, "", t.path+goName(p.Name))
			if err != nil {
				return err
			}
			tp := &tprop{name: p.Name, field: f.Access, node: sub, rep: repShape, weight: p.Node.ValueWeight, doc: p.Node.Description}
			switch {
			case f.OmitZero && sub.kind == kObject && !sub.ptr:
				return fmt.Errorf("%s: omitzero on a struct field (%s.%s) is not supported by oagen gen", p.Node.Pos, t.base, f.Access)
			case f.OmitEmpty:
				tp.omit = omitEmpty
			case f.OmitZero:
				tp.omit = omitZero
			}
			t.props = append(t.props, tp)
		}
		if err := m.checkAbsent(t); err != nil {
			return err
		}
	case kMap:
		vn, mixed := mapValueSchema(n)
		if mixed || vn == nil {
			return fmt.Errorf("%s: a map without one value schema is not supported for existing Go types", n.Pos)
		}
		sub, err := m.node(vn, "", t.path+"Value")
		if err != nil {
			return err
		}
		t.value = sub
	case kArray:
		if len(n.PrefixItems) > 0 || n.Items == nil {
			return fmt.Errorf("%s: an array with prefixItems is not supported for existing Go types", n.Pos)
		}
		sub, err := m.node(n.Items, "", t.path+"Item")
		if err != nil {
			return err
		}
		t.items = sub
	}
	return nil
}
