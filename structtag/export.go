package structtag

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/invopop/jsonschema"
)

// ExportOptions configure Export.
type ExportOptions struct {
	// NoOA leaves the Object Aligner keywords out: the plain JSON Schema of
	// the type, to hand to a language model as its output format.
	NoOA bool
	// Closed sets "additionalProperties": false on every struct (the
	// github.com/invopop/jsonschema default, and what strict structured-output
	// modes ask for). By default objects stay open, as encoding/json decodes
	// them: unknown keys are accepted.
	Closed bool
}

// Export returns the annotated JSON Schema of the Go type of v (a struct or
// a pointer to one), built with github.com/invopop/jsonschema's Reflector:
// its layout ("$defs" per struct type, "$ref" to them, "required" for every
// field without omitempty) and its json tag rules. Export adds what the
// Reflector does not know: the oa tag keywords (as schema extras), nullability
// of pointers (the oneOf-null pattern the Reflector uses for "nullable"),
// strings for encoding.TextMarshaler types and ",string" fields, and tuple
// positions ("prefixItems") for Go arrays. Compiled with package ir, the
// result equals the schema Package.Compile builds from the source (tested).
// A malformed oa tag, a keyword that does not apply to its field, or a type
// with a MarshalJSON method is an error; `oagen check` locates such errors
// in the source.
func Export(v any, opts ExportOptions) (*jsonschema.Schema, error) {
	t := reflect.TypeOf(v)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct || t.Name() == "" {
		return nil, fmt.Errorf("structtag: Export needs a value of a named struct type, got %T", v)
	}
	var mapErr error
	r := &jsonschema.Reflector{
		Anonymous:                 true,
		AllowAdditionalProperties: !opts.Closed,
		Mapper: func(t reflect.Type) *jsonschema.Schema {
			if t == timeType {
				return nil
			}
			if implements2(t, jsonMarshalerType) {
				if mapErr == nil {
					mapErr = fmt.Errorf("structtag: type %s implements json.Marshaler, so its JSON form cannot be derived from its fields", t)
				}
				return &jsonschema.Schema{Type: "null"}
			}
			if implements2(t, textMarshalerType) {
				return &jsonschema.Schema{Type: "string"}
			}
			return nil
		},
	}
	s := r.ReflectFromType(t)
	if mapErr != nil {
		return nil, mapErr
	}
	x := &exporter{opts: opts, defs: s.Definitions, done: map[reflect.Type]bool{}, inlining: map[string]bool{}, inlined: map[string]bool{}}
	if err := x.structDef(t); err != nil {
		return nil, err
	}
	for name := range x.inlined {
		delete(s.Definitions, name)
	}
	return s, nil
}

// ExportJSON is Export followed by indented JSON encoding (with a final
// newline), the form `oagen schema` prints.
func ExportJSON(v any, opts ExportOptions) ([]byte, error) {
	s, err := Export(v, opts)
	if err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("structtag: encoding the schema: %w", err)
	}
	return append(data, '\n'), nil
}

var (
	timeType          = reflect.TypeFor[time.Time]()
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

func implements2(t reflect.Type, iface reflect.Type) bool {
	return t.Implements(iface) || reflect.PointerTo(t).Implements(iface)
}

// exporter adds the oagen-specific parts to the Reflector's definitions.
type exporter struct {
	opts ExportOptions
	defs jsonschema.Definitions
	done map[reflect.Type]bool
	// The Reflector gives named slice and map types definitions of their
	// own; Package.Compile writes them in place, so that element keywords
	// belong to one field. inlining and inlined track those definitions.
	inlining, inlined map[string]bool
}

// special reports whether the Reflector or the Mapper gave type t a schema
// of its own (no fields to annotate).
func special(t reflect.Type) bool {
	return t == timeType || implements2(t, textMarshalerType) || implements2(t, jsonMarshalerType)
}

// structDef annotates the definition of named struct type t.
func (x *exporter) structDef(t reflect.Type) error {
	if x.done[t] {
		return nil
	}
	x.done[t] = true
	def := x.defs[t.Name()]
	if def == nil {
		return fmt.Errorf("structtag: no definition for %s in the reflected schema", t)
	}
	return x.object(def, t)
}

// object annotates the object schema s of struct type t: its members and
// its marker fields.
func (x *exporter) object(s *jsonschema.Schema, t reflect.Type) error {
	for _, f := range reflectFields(t) {
		prop, ok := s.Properties.Get(f.name)
		if !ok {
			continue
		}
		var err error
		if f.quoted {
			prop = &jsonschema.Schema{Type: "string"}
		} else if prop, err = x.fix(prop, f.sf.Type); err != nil {
			return err
		}
		if oa, ok := f.sf.Tag.Lookup("oa"); ok && !x.opts.NoOA {
			if err := x.annotate(prop, f.sf.Type, oa, false); err != nil {
				return fmt.Errorf("structtag: %s.%s: %w", t, f.sf.Name, err)
			}
		}
		s.Properties.Set(f.name, prop)
	}
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Name != "_" {
			continue
		}
		if oa, ok := sf.Tag.Lookup("oa"); ok && !x.opts.NoOA {
			if err := x.annotate(s, t, oa, true); err != nil {
				return fmt.Errorf("structtag: %s (marker field): %w", t, err)
			}
		}
	}
	return nil
}

// fix rewrites the Reflector's schema s of a value of type t the way
// Package.Compile writes it (nullable pointers, Go arrays as tuples) and
// annotates the struct definitions it reaches.
func (x *exporter) fix(s *jsonschema.Schema, t reflect.Type) (*jsonschema.Schema, error) {
	if t.Kind() == reflect.Pointer {
		inner, err := x.fix(s, t.Elem())
		if err != nil {
			return nil, err
		}
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{inner, {Type: "null"}}}, nil
	}
	if special(t) {
		return s, nil
	}
	if s != nil && s.Ref != "" && t.Kind() != reflect.Struct {
		name := strings.TrimPrefix(s.Ref, "#/$defs/")
		def := x.defs[name]
		if def == nil {
			return nil, fmt.Errorf("structtag: no definition %q in the reflected schema", name)
		}
		if x.inlining[name] {
			return nil, fmt.Errorf("structtag: type %s contains itself other than through a struct; oagen cannot write it in place", t)
		}
		data, err := json.Marshal(def)
		if err != nil {
			return nil, fmt.Errorf("structtag: copying the definition of %s: %w", t, err)
		}
		c := &jsonschema.Schema{}
		if err := json.Unmarshal(data, c); err != nil {
			return nil, fmt.Errorf("structtag: copying the definition of %s: %w", t, err)
		}
		x.inlining[name], x.inlined[name] = true, true
		defer delete(x.inlining, name)
		s = c
	}
	switch t.Kind() {
	case reflect.Struct:
		if t.Name() != "" {
			return s, x.structDef(t)
		}
		return s, x.object(s, t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !special(t.Elem()) {
			return s, nil
		}
		items, err := x.fix(s.Items, t.Elem())
		s.Items = items
		return s, err
	case reflect.Array:
		elem, err := x.fix(s.Items, t.Elem())
		if err != nil {
			return nil, err
		}
		s.PrefixItems = nil
		for range t.Len() {
			s.PrefixItems = append(s.PrefixItems, elem)
		}
		s.Items = jsonschema.FalseSchema
		return s, nil
	case reflect.Map:
		if s.AdditionalProperties != nil {
			ap, err := x.fix(s.AdditionalProperties, t.Elem())
			s.AdditionalProperties = ap
			return s, err
		}
		for k, v := range s.PatternProperties {
			pp, err := x.fix(v, t.Elem())
			if err != nil {
				return nil, err
			}
			s.PatternProperties[k] = pp
		}
	}
	return s, nil
}

// kindOf is the nodeKind of a schema of Go type t.
func kindOf(t reflect.Type) nodeKind {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == timeType || implements2(t, textMarshalerType) && !implements2(t, jsonMarshalerType) {
		return kString
	}
	switch t.Kind() {
	case reflect.Bool:
		return kBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return kInteger
	case reflect.Float32, reflect.Float64:
		return kNumber
	case reflect.String:
		return kString
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return kString
		}
		return kArray
	case reflect.Array:
		return kArray
	case reflect.Map, reflect.Struct:
		return kObject
	}
	return kAny
}

// enode is a schema node with its Go type, for keyword routing.
type enode struct {
	s *jsonschema.Schema
	t reflect.Type
}

// elems returns the element nodes of an array node (items and tuple
// positions), looking through the nullable wrapper of pointers.
func (n enode) elems() []enode {
	s, t := unwrap(n.s), n.t
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []enode
	for _, p := range s.PrefixItems {
		out = append(out, enode{p, t.Elem()})
	}
	if s.Items != nil && s.Items != jsonschema.FalseSchema && t.Kind() != reflect.Array {
		out = append(out, enode{s.Items, t.Elem()})
	}
	return out
}

// unwrap returns the non-null branch of a nullable oneOf wrapper.
func unwrap(s *jsonschema.Schema) *jsonschema.Schema {
	if len(s.OneOf) == 2 && s.OneOf[1].Type == "null" && s.Type == "" {
		return s.OneOf[0]
	}
	return s
}

// annotate applies an oa tag to the field schema s of type t (or, for a
// marker field, to the struct schema), with the routing rules of
// Package.Compile.
func (x *exporter) annotate(s *jsonschema.Schema, t reflect.Type, tag string, marker bool) error {
	entries, errs := parseTag(tag)
	if len(errs) > 0 {
		return fmt.Errorf("oa tag %q: %s (run oagen check for every error)", tag, errs[0].msg)
	}
	slices.SortStableFunc(entries, func(a, b tagEntry) int {
		pa, pb := a.key == "prefixItems", b.key == "prefixItems"
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		}
		return 0
	})
	for _, e := range entries {
		full := strings.Repeat("items.", e.depth) + e.key
		if marker {
			if e.depth > 0 || !slices.Contains(markerKeywords, e.key) {
				return fmt.Errorf("%q cannot be set on a type (marker field)", full)
			}
			if err := setExtra(s, e, kObject); err != nil {
				return err
			}
			continue
		}
		nodes := []enode{{s, t}}
		for range e.depth {
			var next []enode
			for _, n := range nodes {
				if kindOf(n.t) != kArray {
					return fmt.Errorf("%q: the field's type has no array elements there", full)
				}
				next = append(next, n.elems()...)
			}
			nodes = next
		}
		if len(nodes) == 0 {
			return fmt.Errorf("%q: no element schema", full)
		}
		k := kindOf(nodes[0].t)
		switch e.kw.target {
		case tScalar:
			if e.key != "enum" && k == kArray {
				return fmt.Errorf("%s", onSliceMessage(e.key, full))
			}
			for k == kArray {
				var next []enode
				for _, n := range nodes {
					next = append(next, n.elems()...)
				}
				nodes = next
				if len(nodes) == 0 {
					return fmt.Errorf("%q: the array has no element schema", full)
				}
				k = kindOf(nodes[0].t)
			}
			if !k.scalar() && !(e.key == "enum" && k == kBool) {
				return fmt.Errorf("%q applies to strings, integers and floats, not %s", full, k)
			}
		case tArray:
			if k != kArray {
				return fmt.Errorf("%q applies to arrays, not %s", full, k)
			}
		case tObject:
			if k != kObject {
				return fmt.Errorf("%q applies to objects, not %s", full, k)
			}
		case tMember:
			if e.depth > 0 {
				return fmt.Errorf("%q: array elements have no weight", full)
			}
		}
		for _, n := range nodes {
			if e.kw.kind == vCount {
				if err := x.prefix(n, e); err != nil {
					return err
				}
				continue
			}
			if err := setExtra(n.s, e, kindOf(n.t)); err != nil {
				return err
			}
		}
	}
	return nil
}

// prefix applies prefixItems=N to a slice node: N tuple positions with the
// element schema, the tail keeping it.
func (x *exporter) prefix(n enode, e tagEntry) error {
	t := n.t
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Slice {
		return fmt.Errorf("\"prefixItems\" applies to slices; a Go array already has one position per element")
	}
	count, _ := strconv.Atoi(e.value)
	s := unwrap(n.s)
	for range count {
		// Each position is its own schema, so that element keywords set
		// later apply to every position and to the tail alike.
		c := *s.Items
		s.PrefixItems = append(s.PrefixItems, &c)
	}
	return nil
}

// setExtra sets keyword e on schema s (a node of kind k) as an extra, or
// "enum" as the standard keyword.
func setExtra(s *jsonschema.Schema, e tagEntry, k nodeKind) error {
	if s.Extras == nil {
		s.Extras = map[string]any{}
	}
	switch e.kw.kind {
	case vBool:
		s.Extras[e.key] = !e.hasValue || e.value == "true"
	case vNumber:
		f, _ := parseNumber(e.value)
		s.Extras[e.key] = json.Number(strconv.FormatFloat(f, 'g', -1, 64))
	case vName:
		s.Extras[e.key] = e.value
	case vNumbers:
		items, _ := splitList(e.value)
		list := make([]any, len(items))
		for i, it := range items {
			f, _ := parseNumber(it)
			list[i] = json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		s.Extras[e.key] = list
	case vValues:
		items, _ := splitList(e.value)
		list := make([]any, 0, len(items)+1)
		for _, it := range items {
			switch k {
			case kInteger:
				if _, err := strconv.ParseInt(it, 10, 64); err != nil {
					return fmt.Errorf("\"enum\" value %q is not an integer", it)
				}
				list = append(list, json.Number(it))
			case kNumber:
				f, err := parseNumber(it)
				if err != nil {
					return fmt.Errorf("\"enum\" value %q is not a number", it)
				}
				list = append(list, json.Number(strconv.FormatFloat(f, 'g', -1, 64)))
			case kBool:
				list = append(list, it == "true")
			default:
				list = append(list, it)
			}
		}
		if s.Type == "" && len(s.OneOf) == 2 {
			// A nullable scalar: the enum lives beside the wrapper and admits null.
			list = append(list, nil)
		}
		s.Enum = list
	}
	return nil
}

// rfield is one JSON member of a struct type (encoding/json rules).
type rfield struct {
	name   string
	sf     reflect.StructField
	quoted bool
}

// reflectFields lists the JSON members of struct type t with their Go
// fields, by encoding/json's rules (reflect.VisibleFields gives promotion
// and Go's own shadowing; the JSON-name dominance is applied here).
func reflectFields(t reflect.Type) []rfield {
	type cand struct {
		rfield
		depth  int
		tagged bool
		index  []int
	}
	var all []cand
	for _, sf := range reflect.VisibleFields(t) {
		if sf.Anonymous {
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if ft.Kind() == reflect.Struct && (name == "" || !validJSONName(name)) {
				continue // promoted: its fields are listed by VisibleFields
			}
			if !sf.IsExported() && ft.Kind() != reflect.Struct {
				continue
			}
		} else if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		// A field inside an embedded struct that encoding/json does not
		// promote (an unexported non-struct embedding) is skipped by
		// VisibleFields' own index walk being through exported paths.
		name, opts, _ := strings.Cut(tag, ",")
		tagged := validJSONName(name)
		if !tagged {
			name = sf.Name
		}
		quoted := false
		if slices.Contains(strings.Split(opts, ","), "string") {
			switch sf.Type.Kind() {
			case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
				reflect.Float32, reflect.Float64, reflect.String:
				quoted = true
			}
		}
		all = append(all, cand{rfield{name, sf, quoted}, len(sf.Index), tagged, sf.Index})
	}
	var out []rfield
	for i, c := range all {
		dominated, tie := false, false
		for j, o := range all {
			if i == j || o.name != c.name {
				continue
			}
			switch {
			case o.depth < c.depth, o.depth == c.depth && o.tagged && !c.tagged:
				dominated = true
			case o.depth == c.depth && o.tagged == c.tagged:
				tie = true
			}
		}
		if !dominated && !tie {
			out = append(out, c.rfield)
		}
	}
	return out
}
