package structtag

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/ir"
)

// Diagnostic is one annotation error or warning located in Go source: an
// oa tag keyword, a struct tag, a field or a type declaration.
type Diagnostic struct {
	Pos     token.Position
	Message string
	Warning bool
}

// String renders the diagnostic as "file:line:col: message".
func (d Diagnostic) String() string {
	p := d.Pos
	switch {
	case p.Filename != "" && p.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", p.Filename, p.Line, p.Column, d.Message)
	case p.Filename != "":
		return p.Filename + ": " + d.Message
	}
	return d.Message
}

// ErrorList is every annotation error found, in source order.
type ErrorList []Diagnostic

// Error renders one diagnostic per line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, d := range l {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// builder turns Go types into an annotated JSON Schema document.
type builder struct {
	pkg      *Package
	defs     []*jobj
	defNames []string
	defOf    map[*types.Named]string
	building map[*types.Named]bool
	diags    []Diagnostic
}

func (b *builder) errorf(pos token.Position, format string, args ...any) {
	b.diags = append(b.diags, Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// invalid reports an unsupported Go type and returns a placeholder schema
// ({"type": "null"}) that keeps ir from reporting the same node again as
// type-less.
func (b *builder) invalid(pos token.Position, format string, args ...any) *jobj {
	b.errorf(pos, format, args...)
	o := &jobj{pos: pos, kind: kAny, invalid: true}
	o.set("type", "null", token.Position{})
	return o
}

// document builds the schema document of the named type: a $ref to its
// definition with every struct type it uses under "$defs", as
// github.com/invopop/jsonschema lays documents out.
func (b *builder) document(named *types.Named) *jobj {
	declPos := b.pkg.position(named.Obj().Pos())
	root := b.schema(named, declPos)
	root.set("$schema", "https://json-schema.org/draft/2020-12/schema", token.Position{})
	// Put $schema first.
	root.members = append(root.members[len(root.members)-1:], root.members[:len(root.members)-1]...)
	if len(b.defs) > 0 {
		defs := &jobj{pos: declPos}
		for i, d := range b.defs {
			defs.members = append(defs.members, jmember{key: b.defNames[i], val: d, pos: d.pos})
		}
		root.set("$defs", defs, declPos)
	}
	return root
}

var (
	jsonMarshaler = types.NewInterfaceType([]*types.Func{
		types.NewFunc(token.NoPos, nil, "MarshalJSON", types.NewSignatureType(nil, nil, nil, nil,
			types.NewTuple(
				types.NewVar(token.NoPos, nil, "", types.NewSlice(types.Typ[types.Byte])),
				types.NewVar(token.NoPos, nil, "", types.Universe.Lookup("error").Type())), false)),
	}, nil).Complete()
	textMarshaler = types.NewInterfaceType([]*types.Func{
		types.NewFunc(token.NoPos, nil, "MarshalText", types.NewSignatureType(nil, nil, nil, nil,
			types.NewTuple(
				types.NewVar(token.NoPos, nil, "", types.NewSlice(types.Typ[types.Byte])),
				types.NewVar(token.NoPos, nil, "", types.Universe.Lookup("error").Type())), false)),
	}, nil).Complete()
)

func implements(t types.Type, iface *types.Interface) bool {
	return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
}

// schema returns the schema of a value of Go type t; pos locates the field
// (or type) for diagnostics.
func (b *builder) schema(t types.Type, pos token.Position) *jobj {
	switch t := t.(type) {
	case *types.Pointer:
		return nullable(b.schema(t.Elem(), pos))
	case *types.Alias:
		return b.schema(types.Unalias(t), pos)
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time" {
			o := &jobj{pos: pos, kind: kString}
			o.set("type", "string", token.Position{})
			o.set("format", "date-time", token.Position{})
			return o
		}
		if implements(t, jsonMarshaler) {
			return b.invalid(pos, "type %s implements json.Marshaler, so its JSON form cannot be derived from its fields; give the field a type without a MarshalJSON method", types.TypeString(t, b.qualifier))
		}
		if implements(t, textMarshaler) {
			o := &jobj{pos: pos, kind: kString}
			o.set("type", "string", token.Position{})
			return o
		}
		if _, ok := t.Underlying().(*types.Struct); ok {
			return b.ref(t, pos)
		}
		return b.schema(t.Underlying(), pos)
	case *types.Basic:
		o := &jobj{pos: pos}
		switch {
		case t.Info()&types.IsBoolean != 0:
			o.kind = kBool
		case t.Info()&types.IsInteger != 0:
			o.kind = kInteger
		case t.Info()&types.IsFloat != 0:
			o.kind = kNumber
		case t.Info()&types.IsString != 0:
			o.kind = kString
		default:
			return b.invalid(pos, "type %s has no JSON encoding", t)
		}
		o.set("type", jsonTypeName(o.kind), token.Position{})
		return o
	case *types.Slice:
		if isByte(t.Elem()) {
			o := &jobj{pos: pos, kind: kString}
			o.set("type", "string", token.Position{})
			o.set("contentEncoding", "base64", token.Position{})
			return o
		}
		o := &jobj{pos: pos, kind: kArray, slice: true}
		elem := t.Elem()
		o.elemBuild = func() *jobj { return b.schema(elem, pos) }
		items := o.elemBuild()
		o.elems = []*jobj{items}
		o.set("type", "array", token.Position{})
		o.set("items", items, token.Position{})
		return o
	case *types.Array:
		o := &jobj{pos: pos, kind: kArray}
		o.set("type", "array", token.Position{})
		if t.Len() == 0 {
			b.errorf(pos, "a zero-length array has no element to score")
			return o
		}
		var prefix []any
		for range t.Len() {
			e := b.schema(t.Elem(), pos)
			o.elems = append(o.elems, e)
			prefix = append(prefix, e)
		}
		o.set("prefixItems", prefix, token.Position{})
		o.set("items", false, token.Position{})
		// encoding/json always writes every element of a Go array.
		n := json.Number(strconv.FormatInt(t.Len(), 10))
		o.set("minItems", n, token.Position{})
		o.set("maxItems", n, token.Position{})
		return o
	case *types.Map:
		k := t.Key().Underlying()
		if kb, ok := k.(*types.Basic); !ok || kb.Info()&(types.IsString|types.IsInteger) == 0 {
			if !implements(t.Key(), textMarshaler) {
				b.errorf(pos, "map key type %s cannot be a JSON object key", types.TypeString(t.Key(), b.qualifier))
			}
		}
		o := &jobj{pos: pos, kind: kObject}
		o.set("type", "object", token.Position{})
		o.set("additionalProperties", b.schema(t.Elem(), pos), token.Position{})
		return o
	case *types.Struct:
		return b.object(t, pos, nil)
	case *types.Interface:
		return &jobj{pos: pos, kind: kAny}
	}
	return b.invalid(pos, "type %s has no JSON encoding", types.TypeString(t, b.qualifier))
}

func (b *builder) qualifier(p *types.Package) string {
	if p == b.pkg.types {
		return ""
	}
	return p.Name()
}

func isByte(t types.Type) bool {
	bt, ok := t.Underlying().(*types.Basic)
	return ok && bt.Kind() == types.Byte && !implements(t, jsonMarshaler) && !implements(t, textMarshaler)
}

func jsonTypeName(k nodeKind) string {
	switch k {
	case kBool:
		return "boolean"
	case kInteger:
		return "integer"
	case kNumber:
		return "number"
	case kString:
		return "string"
	case kArray:
		return "array"
	}
	return "object"
}

// nullable makes schema o admit null: a "type" list for plain types, the
// oneOf pattern (as github.com/invopop/jsonschema writes it) around a $ref.
func nullable(o *jobj) *jobj {
	if v, ok := o.get("type"); ok {
		if s, ok := v.(string); ok {
			o.set("type", []any{s, "null"}, token.Position{})
		}
		return o
	}
	if o.kind == kAny {
		return o
	}
	w := &jobj{pos: o.pos, kind: o.kind, elems: o.elems}
	null := &jobj{}
	null.set("type", "null", token.Position{})
	w.set("oneOf", []any{o, null}, token.Position{})
	return w
}

// ref returns a $ref to the definition of struct type t, building it once.
func (b *builder) ref(t *types.Named, pos token.Position) *jobj {
	name, ok := b.defOf[t]
	if !ok {
		name = t.Obj().Name()
		if t.TypeArgs().Len() > 0 {
			var args []string
			for i := range t.TypeArgs().Len() {
				args = append(args, types.TypeString(t.TypeArgs().At(i), b.qualifier))
			}
			name += "[" + strings.Join(args, ",") + "]"
		}
		if t.Obj().Pkg() != b.pkg.types && t.Obj().Pkg() != nil {
			name = t.Obj().Pkg().Name() + "." + name
		}
		for base, i := name, 2; slices.Contains(b.defNames, name); i++ {
			name = base + strconv.Itoa(i)
		}
		b.defOf[t] = name
		idx := len(b.defs)
		b.defs = append(b.defs, nil)
		b.defNames = append(b.defNames, name)
		declPos := b.pkg.position(t.Obj().Pos())
		b.defs[idx] = b.object(t.Underlying().(*types.Struct), declPos, t)
	}
	o := &jobj{pos: pos, kind: kRef}
	o.set("$ref", "#/$defs/"+jsonPointerToken(name), token.Position{})
	return o
}

func jsonPointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// field is one JSON member of a struct, after encoding/json's rules.
type field struct {
	name      string
	index     []int
	tagged    bool
	omitEmpty bool
	quoted    bool // the ",string" option
	v         *types.Var
	tag       string
	owner     *types.Struct
}

// jsonFields lists the JSON members of struct st the way encoding/json
// does: json tag names, "-", omitempty, promotion of the fields of embedded
// structs with the dominance rules (shallower wins, then tagged, else the
// name is dropped), fields in index order.
func (b *builder) jsonFields(st *types.Struct) []field {
	type queued struct {
		st    *types.Struct
		index []int
	}
	var (
		current []queued
		next    = []queued{{st: st}}
		visited = map[*types.Struct]bool{}
		fields  []field
	)
	for len(next) > 0 {
		current, next = next, nil
		for _, q := range current {
			if visited[q.st] {
				continue
			}
			visited[q.st] = true
			for i := range q.st.NumFields() {
				f := q.st.Field(i)
				tag := q.st.Tag(i)
				jtag, _ := lookupStructTag(tag, "json")
				if jtag == "-" {
					continue
				}
				ft := types.Unalias(f.Type())
				if f.Embedded() {
					t := ft
					if p, ok := t.(*types.Pointer); ok {
						t = types.Unalias(p.Elem())
					}
					if !f.Exported() {
						if _, isStruct := t.Underlying().(*types.Struct); !isStruct {
							continue
						}
					}
				} else if !f.Exported() {
					continue
				}
				name, opts, _ := strings.Cut(jtag, ",")
				if !validJSONName(name) {
					name = ""
				}
				index := append(slices.Clone(q.index), i)
				t := ft
				if p, ok := t.(*types.Pointer); ok && f.Embedded() {
					t = types.Unalias(p.Elem())
				}
				if name != "" || !f.Embedded() || !isStructType(t) {
					tagged := name != ""
					if name == "" {
						name = f.Name()
					}
					quoted := false
					if slices.Contains(strings.Split(opts, ","), "string") {
						switch u := ft.Underlying().(type) {
						case *types.Basic:
							quoted = u.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) != 0
						}
					}
					fields = append(fields, field{
						name: name, index: index, tagged: tagged,
						omitEmpty: slices.Contains(strings.Split(opts, ","), "omitempty") || slices.Contains(strings.Split(opts, ","), "omitzero"),
						quoted:    quoted, v: f, tag: tag, owner: q.st,
					})
					continue
				}
				next = append(next, queued{st: t.Underlying().(*types.Struct), index: index})
			}
		}
	}
	// Sort by name, then depth, then tagged; keep the dominant field of each name.
	slices.SortStableFunc(fields, func(x, y field) int {
		if c := strings.Compare(x.name, y.name); c != 0 {
			return c
		}
		if len(x.index) != len(y.index) {
			return len(x.index) - len(y.index)
		}
		if x.tagged != y.tagged {
			if x.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(x.index, y.index)
	})
	var out []field
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		group := fields[i:j]
		i = j
		if len(group) > 1 && len(group[0].index) == len(group[1].index) && group[0].tagged == group[1].tagged {
			continue // ambiguous: encoding/json drops the name
		}
		out = append(out, group[0])
	}
	slices.SortFunc(out, func(x, y field) int { return slices.Compare(x.index, y.index) })
	return out
}

func isStructType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// validJSONName is encoding/json's isValidTag.
func validJSONName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c > 127):
			return false
		}
	}
	return true
}

// object builds the schema of struct st; named is its defined type (nil for
// an anonymous struct).
func (b *builder) object(st *types.Struct, pos token.Position, named *types.Named) *jobj {
	o := &jobj{pos: pos, kind: kObject}
	o.set("type", "object", token.Position{})
	props := &jobj{pos: pos}
	var required []any
	for _, f := range b.jsonFields(st) {
		tagPos, valuePos, exact := b.pkg.tagPosition(f.v)
		var s *jobj
		if f.quoted {
			s = &jobj{pos: tagPos, kind: kString}
			s.set("type", "string", token.Position{})
		} else {
			s = b.schema(f.v.Type(), tagPos)
		}
		if s.pos.Line == 0 || s.kind == kRef || s.pos != tagPos {
			s.pos = tagPos
		}
		if oa, ok := lookupStructTag(f.tag, "oa"); ok {
			b.annotate(s, oa, tagPos, valuePos, exact, false)
		}
		props.members = append(props.members, jmember{key: f.name, val: s, pos: tagPos})
		if !f.omitEmpty {
			required = append(required, f.name)
		}
	}
	// Marker fields: `_ struct{} `oa:"…"`` at the top level of the struct.
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Name() != "_" {
			continue
		}
		oa, ok := lookupStructTag(st.Tag(i), "oa")
		if !ok {
			continue
		}
		tagPos, valuePos, exact := b.pkg.tagPosition(f)
		b.annotate(o, oa, tagPos, valuePos, exact, true)
	}
	o.set("properties", props, token.Position{})
	if len(required) > 0 {
		o.set("required", required, token.Position{})
	}
	return o
}

// annotate applies the keywords of an oa tag to the field schema s (or, for
// a marker field, to the struct schema).
func (b *builder) annotate(s *jobj, tag string, tagPos, valuePos token.Position, exact, marker bool) {
	entries, errs := parseTag(tag)
	if len(errs) > 0 {
		// Reported by Package.TagErrors (also for fields no root reaches);
		// record them here too so that Compile alone reports everything.
		for _, e := range errs {
			b.errorf(at(tagPos, valuePos, exact, e.off), "%s", e.msg)
		}
	}
	// prefixItems=N first: it creates the tuple positions the other
	// keywords may be routed to.
	slices.SortStableFunc(entries, func(x, y tagEntry) int {
		px, py := x.key == "prefixItems", y.key == "prefixItems"
		switch {
		case px && !py:
			return -1
		case py && !px:
			return 1
		}
		return 0
	})
	for _, e := range entries {
		pos := at(tagPos, valuePos, exact, e.off)
		full := strings.Repeat("items.", e.depth) + e.key
		if marker {
			if e.depth > 0 || !slices.Contains(markerKeywords, e.key) {
				b.errorf(pos, "%q cannot be set on a type (marker field); a marker field takes %s; set %q on a field", full, strings.Join(quoteAll(markerKeywords), ", "), e.key)
				continue
			}
		}
		// Explicit element levels.
		nodes := []*jobj{s}
		ok := true
		for d := 0; d < e.depth; d++ {
			var next []*jobj
			for _, n := range nodes {
				if n.kind != kArray {
					b.errorf(pos, "%q: the field's type has no array elements at level %d (it is %s there)", full, d+1, n.kind)
					ok = false
					break
				}
				next = append(next, n.elems...)
			}
			if !ok {
				break
			}
			nodes = next
		}
		if !ok {
			continue
		}
		if slices.ContainsFunc(nodes, func(n *jobj) bool { return n.invalid }) {
			continue // the field's type is already reported
		}
		switch e.kw.target {
		case tScalar:
			// A comparator or a scope on a slice has no effect there
			// (docs/SCORING.md §2.1): the JSON route rejects it too, so the
			// tag says "items." explicitly. Only enum, a validation keyword,
			// goes down to the element.
			if e.key != "enum" && len(nodes) > 0 && nodes[0].kind == kArray {
				b.errorf(pos, "%s", onSliceMessage(e.key, full))
				continue
			}
			for len(nodes) > 0 && nodes[0].kind == kArray {
				var next []*jobj
				for _, n := range nodes {
					next = append(next, n.elems...)
				}
				nodes = next
			}
			if len(nodes) == 0 {
				b.errorf(pos, "%q: the array has no element schema", full)
				continue
			}
			want := nodes[0].kind.scalar() || (e.key == "enum" && nodes[0].kind == kBool)
			if !want {
				b.errorf(pos, "%q applies to strings, integers and floats, but this field is %s", full, nodes[0].kind)
				continue
			}
		case tArray:
			if nodes[0].kind != kArray {
				b.errorf(pos, "%q applies to arrays (slices and Go arrays), but this field is %s", full, nodes[0].kind)
				continue
			}
		case tObject:
			if !nodes[0].kind.object() {
				b.errorf(pos, "%q applies to objects (structs and maps), but this field is %s", full, nodes[0].kind)
				continue
			}
		case tMember:
			if e.depth > 0 {
				b.errorf(pos, "%q: valueWeight weighs a struct field in its struct; array elements have no weight", full)
				continue
			}
		}
		for _, n := range nodes {
			b.apply(n, e, pos)
		}
	}
}

// apply sets keyword e on node n.
func (b *builder) apply(n *jobj, e tagEntry, pos token.Position) {
	switch e.kw.kind {
	case vBool:
		n.set(e.key, !e.hasValue || e.value == "true", pos)
	case vNumber:
		f, _ := parseNumber(e.value)
		n.set(e.key, json.Number(strconv.FormatFloat(f, 'g', -1, 64)), pos)
	case vName:
		n.set(e.key, e.value, pos)
	case vNumbers:
		items, _ := splitList(e.value)
		list := make([]any, len(items))
		for i, it := range items {
			f, _ := parseNumber(it)
			list[i] = json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		n.set(e.key, list, pos)
	case vCount:
		k, _ := strconv.Atoi(e.value)
		if !n.slice || n.elemBuild == nil {
			b.errorf(pos, "\"prefixItems\" turns the first elements of a slice into tuple positions; a Go array already has one position per element")
			return
		}
		prefix := make([]any, k)
		elems := make([]*jobj, 0, k+1)
		for i := range k {
			p := n.elemBuild()
			prefix[i] = p
			elems = append(elems, p)
		}
		n.elems = append(elems, n.elems...)
		n.set("prefixItems", prefix, pos)
	case vValues:
		items, _ := splitList(e.value)
		list := make([]any, len(items))
		for i, it := range items {
			switch n.kind {
			case kInteger:
				if _, err := strconv.ParseInt(it, 10, 64); err != nil {
					b.errorf(pos, "\"enum\" value %q is not an integer", it)
					return
				}
				list[i] = json.Number(it)
			case kNumber:
				f, err := parseNumber(it)
				if err != nil {
					b.errorf(pos, "\"enum\" value %q is not a number", it)
					return
				}
				list[i] = json.Number(strconv.FormatFloat(f, 'g', -1, 64))
			case kBool:
				if it != "true" && it != "false" {
					b.errorf(pos, "\"enum\" value %q is not true or false", it)
					return
				}
				list[i] = it == "true"
			default:
				list[i] = it
			}
		}
		if ty, ok := n.get("type"); ok {
			if _, isList := ty.([]any); isList {
				list = append(list, rawJSON("null"))
			}
		}
		n.set("enum", list, pos)
	}
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strconv.Quote(x)
	}
	return out
}

// onSliceMessage is the error for a scalar keyword (score, threshold,
// idScope, ref) written on an array field, worded from ir's applicability
// table: `"score" applies to strings and numbers; on an array (a slice or Go
// array), write "items.score"`.
func onSliceMessage(key, full string) string {
	msg := strconv.Quote(key) + " has no effect on an array"
	if u, ok := ir.UseOf(key); ok {
		msg = u.Applies()
	}
	return msg + "; on an array (a slice or Go array), write " + strconv.Quote("items."+full)
}
