package gen

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

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
)

// tnode is one schema node with its Go representation.
type tnode struct {
	n  *ir.Node
	id int
	// path names the node in generated function names: the root type name
	// followed by the Go field names (goName of the property), "Item" for
	// items and "P<i>" for prefixItems on the way from the root, made
	// unique with the suffixes _2, _3, … (see the package documentation).
	path     string
	parent   *tnode // the node through which the node was first reached (nil: root)
	kind     vkind
	nullable bool
	// base is the Go type of a non-null value: bool, int64, float64, string,
	// an enum type, a struct type (objects and tuples) or a slice type.
	base string
	// Objects.
	props []*tprop
	// Arrays.
	items  *tnode
	prefix []*tnode
	tuple  bool // the array has prefixItems: base is a tuple struct
	// Enums (string enums only).
	enum []string

	// Existing Go types (GenerateTypes): goType is the Go type of a value of
	// the node as declared (a pointer when ptr); base is then the struct or
	// slice type, or for primitives the canonical bool, int64, float64 or
	// string, and conv tells whether a value must be converted to it.
	goType string
	ptr    bool
	conv   bool
}

// existing reports whether the node is represented by an existing Go type
// (GenerateTypes) rather than a generated one.
func (t *tnode) existing() bool { return t.goType != "" }

// omitRule is encoding/json's rule for leaving a field out.
type omitRule uint8

const (
	omitNone  omitRule = iota // always written
	omitEmpty                 // omitempty: left out when empty
	omitZero                  // omitzero: left out when zero
)

type tprop struct {
	name      string // JSON name
	field     string // Go field name
	nullField string // Go name of the null flag ("" when not nullable)
	node      *tnode
	omit      omitRule // existing Go types: when encoding/json leaves the field out
}

// refType is the Go type in which a non-null value of the node is passed to
// the scoring functions.
func (t *tnode) refType() string {
	switch {
	case t.kind == kObject || t.tuple:
		return "*" + t.base
	}
	return t.base
}

// elemType is the Go type of the node's values as array elements or tuple
// positions (null is a nil pointer when the node is nullable).
func (t *tnode) elemType() string {
	if t.existing() {
		return t.goType
	}
	if !t.nullable {
		return t.base
	}
	return "*" + t.base
}

// fieldType is the Go type of an object property governed by the node: a
// pointer (nil: absent) for primitives, objects and tuples; a slice (nil:
// absent) for arrays.
func (t *tnode) fieldType() string {
	if t.kind == kArray && !t.tuple {
		return t.base
	}
	return "*" + t.base
}

// isPtrBase reports whether a ref value is a pointer to the base type.
func (t *tnode) isStructRef() bool { return t.kind == kObject || t.tuple }

// model is the Go representation of a whole schema.
type model struct {
	schema *ir.Schema
	root   *tnode
	nodes  []*tnode
	byNode map[*ir.Node]*tnode
	names  map[string]bool // package-level type names in use
	paths  map[string]bool // node paths in use (shared by the roots of one file)
	prefix string          // prefix of unexported package-level names
	typ    string
	scopes []*tscope // referential scopes in processing order (docs/SCORING.md §7.2)
	// shapes describes existing Go types (GenerateTypes); nil when the
	// generator declares the types itself.
	shapes map[*ir.Node]GoShape
}

// goName turns a property name into an exported Go identifier: the name is
// split at every character that is not a letter or digit, each part gets an
// upper-case first letter, and a name that would not start with a letter
// gets the prefix "X". An empty result becomes "X".
func goName(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r)) || r > unicode.MaxASCII {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
			up = false
		} else {
			b.WriteRune(r)
		}
	}
	out := b.String()
	if out == "" || !unicode.IsLetter(rune(out[0])) {
		out = "X" + out
	}
	return out
}

// unique returns name, or name followed by the smallest suffix 2, 3, … that is
// not in used, and marks the result used.
func unique(name string, used map[string]bool) string {
	out := name
	for i := 2; used[out]; i++ {
		out = fmt.Sprintf("%s%d", name, i)
	}
	used[out] = true
	return out
}

func buildModel(s *ir.Schema, typeName string) (*model, error) {
	m := &model{schema: s, byNode: map[*ir.Node]*tnode{}, names: map[string]bool{}, paths: map[string]bool{}, typ: typeName, prefix: "oa" + typeName}
	root, err := m.node(s.Root, typeName, "", typeName, nil)
	if err != nil {
		return nil, err
	}
	m.root = root
	if err := m.buildScopes(); err != nil {
		return nil, err
	}
	return m, nil
}

// node returns the Go representation of schema node n, building it on first
// use: name is the type name it would get, path its node path (see
// tnode.path) and parent the node it is reached from.
func (m *model) node(n *ir.Node, name, ptr, path string, parent *tnode) (*tnode, error) {
	if t, ok := m.byNode[n]; ok {
		return t, nil
	}
	t := &tnode{n: n, id: len(m.nodes), nullable: n.Types&ir.TNull != 0, path: path, parent: parent}
	if parent != nil {
		// Suffixes _2, _3, … so that they cannot be taken for a field name's
		// own suffix (goName never yields "_").
		t.path = path
		for i := 2; m.paths[t.path]; i++ {
			t.path = fmt.Sprintf("%s_%d", path, i)
		}
		m.paths[t.path] = true
	} else {
		m.paths[path] = true // the root type name (reserved in advance by GenerateTypes)
	}
	nonNull := n.Types &^ ir.TNull
	switch {
	case nonNull == ir.TBoolean:
		t.kind, t.base = kBool, "bool"
	case nonNull == ir.TInteger:
		t.kind, t.base = kInt, "int64"
	case nonNull == ir.TNumber || nonNull == ir.TNumber|ir.TInteger:
		t.kind, t.base = kFloat, "float64"
	case nonNull == ir.TString:
		t.kind, t.base = kString, "string"
	case nonNull == ir.TArray:
		t.kind = kArray
	case nonNull == ir.TObject:
		t.kind = kObject
	case nonNull == 0:
		return nil, fmt.Errorf("%s: a node without a non-null \"type\" is not supported by oagen gen", n.Pos)
	default:
		return nil, fmt.Errorf("%s: a union of several non-null types is not supported by oagen gen", n.Pos)
	}
	m.nodes = append(m.nodes, t)
	m.byNode[n] = t
	if m.shapes != nil {
		return t, m.existingNode(t)
	}
	switch t.kind {
	case kString:
		if n.HasEnum {
			if vals, ok := enumStrings(m.schema.Raw, n.Pos.Pointer); ok && len(vals) > 0 {
				t.enum = vals
				t.base = unique(name, m.names)
			}
		}
	case kObject:
		t.base = unique(name, m.names)
		used := map[string]bool{}
		// Reserve the names of all fields first so that null flags cannot
		// take a property's name.
		fields := make([]string, len(n.Properties))
		for i, p := range n.Properties {
			fields[i] = unique(goName(p.Name), used)
		}
		for i, p := range n.Properties {
			sub, err := m.node(p.Node, t.base+fields[i], ptr+"/properties/"+p.Name, t.path+fields[i], t)
			if err != nil {
				return nil, err
			}
			tp := &tprop{name: p.Name, field: fields[i], node: sub}
			if sub.nullable {
				tp.nullField = unique(fields[i]+"Null", used)
			}
			t.props = append(t.props, tp)
		}
	case kArray:
		if n.Items == nil && len(n.PrefixItems) == 0 {
			return nil, fmt.Errorf("%s: an array node without items or prefixItems is not supported by oagen gen", n.Pos)
		}
		if len(n.PrefixItems) > 0 {
			t.tuple = true
			t.base = unique(name, m.names)
			for i, pn := range n.PrefixItems {
				sub, err := m.node(pn, fmt.Sprintf("%sP%d", t.base, i), "", fmt.Sprintf("%sP%d", t.path, i), t)
				if err != nil {
					return nil, err
				}
				t.prefix = append(t.prefix, sub)
			}
		}
		if n.Items != nil {
			sub, err := m.node(n.Items, name+"Item", "", t.path+"Item", t)
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

// enumStrings returns the "enum" of the schema node at ptr when every value
// is a string.
func enumStrings(raw jsonval.Value, ptr string) ([]string, bool) {
	v := raw
	if ptr != "" {
		for _, tok := range strings.Split(ptr[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch v.Kind {
			case jsonval.Object:
				x, ok := v.Get(tok)
				if !ok {
					return nil, false
				}
				v = x
			case jsonval.Array:
				i := 0
				if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= len(v.Arr) {
					return nil, false
				}
				v = v.Arr[i]
			default:
				return nil, false
			}
		}
	}
	e, ok := v.Get("enum")
	if !ok || e.Kind != jsonval.Array {
		return nil, false
	}
	var out []string
	for _, x := range e.Arr {
		if x.Kind != jsonval.String {
			return nil, false
		}
		out = append(out, x.S)
	}
	return out, true
}

// enumConstNames gives deterministic constant names for the enum values of t.
func (m *model) enumConstNames(t *tnode) []string {
	out := make([]string, len(t.enum))
	for i, v := range t.enum {
		out[i] = unique(t.base+goName(v), m.names)
	}
	return out
}

// sortedKeys returns the keys of a string set in order.
func sortedKeys(s map[string]bool) []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// annotationKeywords are keywords that constrain no value (JSON Schema
// annotations and the OA scoring keywords, docs/SCORING.md §2.1).
var annotationKeywords = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "$ref": true, "$defs": true, "definitions": true,
	"title": true, "description": true, "default": true, "examples": true, "example": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"score": true, "threshold": true, "nullScore": true, "keyScore": true, "keyThreshold": true,
	"keyImportance": true, "valueImportance": true, "valueWeight": true, "prefixWeights": true,
	"prefixImportance": true, "restImportance": true, "order": true, "ignoreExcess": true,
	"ignoreMissing": true, "idScope": true, "ref": true,
}

// typedImpliesValid reports whether every value that the generated decoder
// accepts satisfies the schema's validation (docs/SCORING.md §9.5), so that the JSON
// entry points may skip the validator: the schema uses only "type",
// "properties", "items", "prefixItems", "additionalProperties" (the decoder
// accepts declared keys only), string enumerations on "type": "string"
// nodes (the decoder checks membership), the nullable anyOf pattern, $ref
// and annotations. Anything else (required, minLength, pattern, …) keeps
// the validator.
func typedImpliesValid(raw jsonval.Value) bool {
	var schema func(v jsonval.Value, inAnyOf bool) bool
	schemas := func(v jsonval.Value) bool { // a map of name → schema
		if v.Kind != jsonval.Object {
			return false
		}
		for _, m := range v.Obj {
			if !schema(m.Value, false) {
				return false
			}
		}
		return true
	}
	schema = func(v jsonval.Value, inAnyOf bool) bool {
		if v.Kind != jsonval.Object {
			return false
		}
		for _, m := range v.Obj {
			switch m.Key {
			case "type":
				if m.Value.Kind != jsonval.String && m.Value.Kind != jsonval.Array {
					return false
				}
			case "properties", "$defs", "definitions":
				if !schemas(m.Value) {
					return false
				}
			case "items", "additionalProperties":
				if m.Value.Kind == jsonval.Bool {
					if m.Value.B && m.Key == "items" {
						return false // items: true admits any element
					}
					continue
				}
				if m.Key == "additionalProperties" {
					continue // undeclared keys never decode
				}
				if !schema(m.Value, false) {
					return false
				}
			case "prefixItems":
				if m.Value.Kind != jsonval.Array {
					return false
				}
				for _, x := range m.Value.Arr {
					if !schema(x, false) {
						return false
					}
				}
			case "anyOf":
				if m.Value.Kind != jsonval.Array || len(m.Value.Arr) != 2 {
					return false
				}
				nulls := 0
				for _, x := range m.Value.Arr {
					if t, ok := x.Get("type"); ok && len(x.Obj) == 1 && t.Kind == jsonval.String && t.S == "null" {
						nulls++
						continue
					}
					if !schema(x, true) {
						return false
					}
				}
				if nulls != 1 {
					return false
				}
			case "enum":
				t, ok := v.Get("type")
				if inAnyOf || !ok || t.Kind != jsonval.String || t.S != "string" || m.Value.Kind != jsonval.Array || len(m.Value.Arr) == 0 {
					return false
				}
				seen := map[string]bool{}
				for _, x := range m.Value.Arr {
					if x.Kind != jsonval.String || seen[x.S] {
						return false
					}
					seen[x.S] = true
				}
			default:
				if !annotationKeywords[m.Key] {
					return false
				}
			}
		}
		return true
	}
	return schema(raw, false)
}
