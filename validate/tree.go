package validate

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// node is one schema of the document as the ordered evaluator sees it: its
// keywords in document order, subschemas and references resolved. Nodes are
// immutable once buildTree returns.
type node struct {
	ptr  string        // JSON Pointer of the schema in the document
	raw  jsonval.Value // the schema: a boolean or an object
	d    *dialect
	base *url.URL
	kws  []keyword
	// Read by other keywords of the same schema:
	then, els *node            // for "if"
	patterns  []*regexp.Regexp // "patternProperties" keys, for "additionalProperties"
}

// keyword is one evaluated keyword of a schema object.
type keyword struct {
	id    kwID
	val   jsonval.Value  // the keyword's value as written
	sub   *node          // single subschema, or the target of a reference
	subs  []*node        // array of subschemas
	named []namedSchema  // properties, patternProperties, dependentSchemas, dependencies
	re    *regexp.Regexp // pattern
	// Read from the schema when the keyword is built, so that evaluation
	// does not search the schema object again on every value:
	types  typeMask         // type: the JSON types it allows
	prefix int              // items (Draft 2020-12): the length of the sibling prefixItems
	props  []jsonval.Member // additionalProperties: the members of the sibling properties
}

// typeMask is a set of JSON Schema type names, one bit each.
type typeMask uint8

const (
	typeNull typeMask = 1 << iota
	typeBoolean
	typeObject
	typeArray
	typeString
	typeNumber
	typeInteger
)

// typeBits maps the type names of JSON Schema to their bits.
var typeBits = map[string]typeMask{
	"null": typeNull, "boolean": typeBoolean, "object": typeObject, "array": typeArray,
	"string": typeString, "number": typeNumber, "integer": typeInteger,
}

// typeMaskOf returns the set of type names a "type" value lists (a string or
// an array of strings); names JSON Schema does not define add nothing.
func typeMaskOf(types jsonval.Value) typeMask {
	if types.Kind == jsonval.String {
		return typeBits[types.S]
	}
	var m typeMask
	for i := range types.Arr {
		if types.Arr[i].Kind == jsonval.String {
			m |= typeBits[types.Arr[i].S]
		}
	}
	return m
}

// namedSchema is one member of a keyword whose value maps names to schemas
// or, for dependentRequired and some "dependencies" members, to lists of
// property names (then n is nil and val holds the list).
type namedSchema struct {
	name string
	n    *node
	re   *regexp.Regexp // patternProperties only
	val  jsonval.Value
}

// pendingRef is a reference keyword (from.kws[idx]) waiting for its target
// to be built.
type pendingRef struct {
	from *node
	idx  int
	ref  string
}

// treeBuilder builds the node tree of one schema document.
type treeBuilder struct {
	doc       jsonval.Value
	dialects  dialectSet
	bases     map[string]*url.URL // pointer → base URI, for every crawled schema
	dial      map[string]*dialect // pointer → dialect, for every crawled schema
	resources map[string]string   // absolute URI (no fragment) → pointer
	anchors   map[string]string   // absolute URI "#" anchor → pointer
	nodes     map[string]*node
	pending   []pendingRef
}

// buildTree builds the evaluator's tree for a whole schema document, resolving
// every reference reachable from the root, and returns the root together with
// every node built (keyed by JSON Pointer): the schemas the evaluator can
// ever apply. The document's nesting depth has been checked, so the recursion
// here is bounded.
func buildTree(doc jsonval.Value) (*node, map[string]*node, error) {
	b := &treeBuilder{
		doc:       doc,
		dialects:  dialectSet{},
		bases:     map[string]*url.URL{},
		dial:      map[string]*dialect{},
		resources: map[string]string{},
		anchors:   map[string]string{},
		nodes:     map[string]*node{},
	}
	base, err := url.Parse(schemaURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing base URI: %w", err)
	}
	d := b.dialects.lookup("https://json-schema.org/draft/2020-12/schema")
	if doc.Kind == jsonval.Object {
		if s, ok := doc.Get("$schema"); ok && s.Kind == jsonval.String {
			if d = b.dialects.lookup(s.S); d == nil {
				return nil, nil, fmt.Errorf("unsupported $schema %q", s.S)
			}
		}
	}
	b.resources[base.String()] = ""
	if err := b.crawl(doc, "", base, d); err != nil {
		return nil, nil, err
	}
	root, err := b.build("")
	if err != nil {
		return nil, nil, err
	}
	for len(b.pending) > 0 {
		p := b.pending[len(b.pending)-1]
		b.pending = b.pending[:len(b.pending)-1]
		target, err := b.resolve(p.from, p.ref)
		if err != nil {
			return nil, nil, fmt.Errorf("at %q: %w", p.from.ptr, err)
		}
		if p.from.kws[p.idx].sub, err = b.build(target); err != nil {
			return nil, nil, err
		}
	}
	if err := checkInPlaceCycles(b.nodes); err != nil {
		return nil, nil, err
	}
	return root, b.nodes, nil
}

// schemaMapKeywords, schemaArrayKeywords and schemaKeywords list where
// subschemas sit, in every supported draft; crawl follows them to find
// identifiers and anchors.
var (
	schemaMapKeywords   = []string{"$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies"}
	schemaArrayKeywords = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}
	schemaKeywords      = []string{"additionalItems", "additionalProperties", "contains", "not", "propertyNames",
		"if", "then", "else", "items", "unevaluatedItems", "unevaluatedProperties", "contentSchema"}
)

// crawl records the base URI and dialect of every schema reachable through
// subschema keywords, and indexes resource identifiers and anchors.
func (b *treeBuilder) crawl(v jsonval.Value, ptr string, base *url.URL, d *dialect) error {
	if v.Kind != jsonval.Object {
		b.bases[ptr], b.dial[ptr] = base, d
		return nil
	}
	if s, ok := v.Get("$schema"); ok && s.Kind == jsonval.String {
		if nd := b.dialects.lookup(s.S); nd != nil {
			d = nd
		}
	}
	_, hasRef := v.Get("$ref")
	if id, ok := v.Get(d.idKey); ok && id.Kind == jsonval.String && !(d.legacyRef && hasRef) {
		u, err := url.Parse(id.S)
		if err != nil {
			return fmt.Errorf("at %q: invalid %s %q: %w", ptr, d.idKey, id.S, err)
		}
		abs := base.ResolveReference(u)
		frag := abs.Fragment
		abs.Fragment, abs.RawFragment = "", ""
		if u.Scheme != "" || u.Host != "" || u.Path != "" || u.RawQuery != "" {
			base = abs
			b.resources[abs.String()] = ptr
		}
		if d.idAnchors && frag != "" && !strings.HasPrefix(frag, "/") {
			b.anchors[abs.String()+"#"+frag] = ptr
		}
	}
	if !d.idAnchors {
		for _, k := range []string{"$anchor", "$dynamicAnchor"} {
			if a, ok := v.Get(k); ok && a.Kind == jsonval.String {
				b.anchors[stripFragment(base)+"#"+a.S] = ptr
			}
		}
	}
	b.bases[ptr], b.dial[ptr] = base, d
	for _, m := range v.Obj {
		child := ptr + "/" + escapeToken(m.Key)
		var err error
		switch {
		case contains(schemaMapKeywords, m.Key) && m.Value.Kind == jsonval.Object:
			for _, e := range m.Value.Obj {
				if e.Value.Kind == jsonval.Object || e.Value.Kind == jsonval.Bool {
					if err = b.crawl(e.Value, child+"/"+escapeToken(e.Key), base, d); err != nil {
						return err
					}
				}
			}
		case contains(schemaArrayKeywords, m.Key) && m.Value.Kind == jsonval.Array:
			for i, e := range m.Value.Arr {
				if err = b.crawl(e, child+"/"+strconv.Itoa(i), base, d); err != nil {
					return err
				}
			}
		case contains(schemaKeywords, m.Key) && (m.Value.Kind == jsonval.Object || m.Value.Kind == jsonval.Bool):
			err = b.crawl(m.Value, child, base, d)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func stripFragment(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// build returns the node of the schema at ptr, building it (and the
// subschemas its keywords hold) on first use.
func (b *treeBuilder) build(ptr string) (*node, error) {
	if n, ok := b.nodes[ptr]; ok {
		return n, nil
	}
	raw, ok := lookupPointer(b.doc, ptr)
	if !ok {
		return nil, fmt.Errorf("no value at JSON Pointer %q", ptr)
	}
	if raw.Kind != jsonval.Object && raw.Kind != jsonval.Bool {
		return nil, fmt.Errorf("the value at %q is not a schema (an object or a boolean)", ptr)
	}
	n := &node{ptr: ptr, raw: raw}
	n.base, n.d = b.scopeOf(ptr)
	b.nodes[ptr] = n
	if raw.Kind != jsonval.Object {
		return n, nil
	}
	if _, hasRef := raw.Get("$ref"); hasRef && n.d.legacyRef {
		ref, _ := raw.Get("$ref")
		return n, b.addKeyword(n, "$ref", kwRef, ref)
	}
	for _, m := range raw.Obj {
		id, ok := n.d.kw[m.Key]
		if !ok {
			continue
		}
		if err := b.addKeyword(n, m.Key, id, m.Value); err != nil {
			return nil, err
		}
	}
	return n, nil
}

// scopeOf returns the base URI and dialect in force at ptr: those crawl
// recorded for it, or else those of its nearest crawled ancestor (a reference
// may point anywhere in the document).
func (b *treeBuilder) scopeOf(ptr string) (*url.URL, *dialect) {
	for p := ptr; ; {
		if base, ok := b.bases[p]; ok {
			return base, b.dial[p]
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return b.bases[""], b.dial[""]
		}
		p = p[:i]
	}
}

// addKeyword appends the keyword (name, id, val) to n, building the
// subschemas it holds.
func (b *treeBuilder) addKeyword(n *node, name string, id kwID, val jsonval.Value) error {
	kw := keyword{id: id, val: val}
	at := n.ptr + "/" + escapeToken(name)
	var err error
	switch id {
	case kwRef, kwDynamicRef:
		if val.Kind != jsonval.String {
			return fmt.Errorf("at %q: %s is not a string", at, name)
		}
	case kwRecursiveRef:
		// Python resolves "$recursiveRef" (always "#") against the dynamic
		// scope; the evaluator resolves it lexically.
		if val.Kind != jsonval.String {
			return fmt.Errorf("at %q: %s is not a string", at, name)
		}
	case kwType:
		kw.types = typeMaskOf(val)
	case kwAdditionalItems, kwAdditionalProperties, kwContains, kwContainsLegacy, kwNot, kwPropertyNames, kwIf,
		kwUnevaluatedItems, kwUnevaluatedItems2019, kwUnevaluatedProperties, kwUnevaluatedProperties2019:
		if kw.sub, err = b.subschema(at, val); err != nil {
			return err
		}
	case kwItems:
		kw.sub, err = b.subschema(at, val)
		if p, ok := n.raw.Get("prefixItems"); ok {
			kw.prefix = len(p.Arr)
		}
	case kwItemsLegacy, kwItemsDraft4:
		if val.Kind == jsonval.Array {
			kw.subs, err = b.subschemaList(at, val)
		} else {
			kw.sub, err = b.subschema(at, val)
		}
	case kwAllOf, kwAnyOf, kwOneOf, kwPrefixItems:
		kw.subs, err = b.subschemaList(at, val)
	case kwProperties, kwPatternProperties, kwDependentSchemas, kwDependencies, kwDependentRequired:
		kw.named, err = b.namedSchemas(at, id, val)
	case kwPattern:
		if val.Kind != jsonval.String {
			return fmt.Errorf("at %q: pattern is not a string", at)
		}
		kw.re, err = compileRegexp(at, val.S)
	}
	if err != nil {
		return err
	}
	if id == kwAdditionalProperties {
		if props, ok := n.raw.Get("properties"); ok && props.Kind == jsonval.Object {
			kw.props = props.Obj
		}
	}
	n.kws = append(n.kws, kw)
	switch id {
	case kwRef, kwDynamicRef, kwRecursiveRef:
		b.pending = append(b.pending, pendingRef{from: n, idx: len(n.kws) - 1, ref: val.S})
	case kwIf:
		if t, ok := n.raw.Get("then"); ok {
			if n.then, err = b.subschema(n.ptr+"/then", t); err != nil {
				return err
			}
		}
		if e, ok := n.raw.Get("else"); ok {
			if n.els, err = b.subschema(n.ptr+"/else", e); err != nil {
				return err
			}
		}
	case kwAdditionalProperties:
		if pp, ok := n.raw.Get("patternProperties"); ok && pp.Kind == jsonval.Object {
			for _, m := range pp.Obj {
				re, err := compileRegexp(n.ptr+"/patternProperties", m.Key)
				if err != nil {
					return err
				}
				n.patterns = append(n.patterns, re)
			}
		}
	}
	return nil
}

func (b *treeBuilder) subschema(at string, val jsonval.Value) (*node, error) {
	if val.Kind != jsonval.Object && val.Kind != jsonval.Bool {
		return nil, fmt.Errorf("at %q: not a schema (an object or a boolean)", at)
	}
	return b.build(at)
}

func (b *treeBuilder) subschemaList(at string, val jsonval.Value) ([]*node, error) {
	if val.Kind != jsonval.Array {
		return nil, fmt.Errorf("at %q: not an array of schemas", at)
	}
	subs := make([]*node, len(val.Arr))
	for i := range val.Arr {
		var err error
		if subs[i], err = b.subschema(at+"/"+strconv.Itoa(i), val.Arr[i]); err != nil {
			return nil, err
		}
	}
	return subs, nil
}

func (b *treeBuilder) namedSchemas(at string, id kwID, val jsonval.Value) ([]namedSchema, error) {
	if val.Kind != jsonval.Object {
		return nil, fmt.Errorf("at %q: not an object", at)
	}
	named := make([]namedSchema, len(val.Obj))
	for i, m := range val.Obj {
		named[i] = namedSchema{name: m.Key, val: m.Value}
		if id == kwDependentRequired || (id == kwDependencies && m.Value.Kind == jsonval.Array) {
			continue // a list of property names
		}
		var err error
		if named[i].n, err = b.subschema(at+"/"+escapeToken(m.Key), m.Value); err != nil {
			return nil, err
		}
		if id == kwPatternProperties {
			if named[i].re, err = compileRegexp(at, m.Key); err != nil {
				return nil, err
			}
		}
	}
	return named, nil
}

// compileRegexp compiles a schema regular expression. Like santhosh's default
// engine it uses Go's RE2 syntax; MatchString searches, as Python's re.search.
func compileRegexp(at, pattern string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("at %q: invalid regular expression %q: %w", at, pattern, err)
	}
	return re, nil
}

// resolve returns the JSON Pointer of the schema a reference names.
func (b *treeBuilder) resolve(from *node, ref string) (string, error) {
	u, err := url.Parse(ref)
	if err != nil {
		return "", fmt.Errorf("invalid reference %q: %w", ref, err)
	}
	abs := from.base.ResolveReference(u)
	frag := abs.Fragment
	doc := stripFragment(abs)
	res, ok := b.resources[doc]
	if !ok {
		return "", fmt.Errorf("unresolvable reference %q: %s is not a resource of the schema document", ref, doc)
	}
	switch {
	case frag == "":
		return res, nil
	case strings.HasPrefix(frag, "/"):
		tokens := strings.Split(frag[1:], "/")
		ptr := res
		for _, t := range tokens {
			ptr += "/" + escapeToken(unescapeToken(t))
		}
		if _, ok := lookupPointer(b.doc, ptr); !ok {
			return "", fmt.Errorf("unresolvable reference %q: no value at %q", ref, ptr)
		}
		return ptr, nil
	default:
		ptr, ok := b.anchors[doc+"#"+frag]
		if !ok {
			return "", fmt.Errorf("unresolvable reference %q: no anchor %q", ref, frag)
		}
		return ptr, nil
	}
}

func unescapeToken(tok string) string {
	tok = strings.ReplaceAll(tok, "~1", "/")
	return strings.ReplaceAll(tok, "~0", "~")
}

// lookupPointer returns the value at the JSON Pointer ptr of doc.
func lookupPointer(doc jsonval.Value, ptr string) (jsonval.Value, bool) {
	if ptr == "" {
		return doc, true
	}
	if ptr[0] != '/' {
		return jsonval.Value{}, false
	}
	v := doc
	for _, t := range strings.Split(ptr[1:], "/") {
		t = unescapeToken(t)
		switch v.Kind {
		case jsonval.Object:
			var ok bool
			if v, ok = v.Get(t); !ok {
				return jsonval.Value{}, false
			}
		case jsonval.Array:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(v.Arr) || strconv.Itoa(i) != t {
				return jsonval.Value{}, false
			}
			v = v.Arr[i]
		default:
			return jsonval.Value{}, false
		}
	}
	return v, true
}

// errInPlaceCycle is returned (wrapped) for a schema whose references loop
// without descending into the instance, such as {"$ref": "#"}: evaluating it
// would never end (Python's jsonschema overflows its stack on it).
var errInPlaceCycle = errors.New("reference cycle that never descends into the instance")

// checkInPlaceCycles rejects cycles among the edges along which a schema is
// applied to the same instance: references and the in-place applicators.
// With none, every evaluation step that revisits a schema has moved to a
// child value, so evaluation depth is bounded by the instance's.
func checkInPlaceCycles(nodes map[string]*node) error {
	const (
		white = iota
		grey
		black
	)
	color := map[*node]int{}
	var visit func(n *node) error
	visit = func(n *node) error {
		switch color[n] {
		case grey:
			return fmt.Errorf("%w: through %q", errInPlaceCycle, n.ptr)
		case black:
			return nil
		}
		color[n] = grey
		for _, next := range inPlaceEdges(n) {
			if err := visit(next); err != nil {
				return err
			}
		}
		color[n] = black
		return nil
	}
	ptrs := make([]string, 0, len(nodes))
	for p := range nodes {
		ptrs = append(ptrs, p)
	}
	sort.Strings(ptrs) // report the same cycle on every run
	for _, p := range ptrs {
		if err := visit(nodes[p]); err != nil {
			return err
		}
	}
	return nil
}

// inPlaceEdges lists the schemas n applies to its own instance.
func inPlaceEdges(n *node) []*node {
	var out []*node
	for i := range n.kws {
		kw := &n.kws[i]
		switch kw.id {
		case kwRef, kwDynamicRef, kwRecursiveRef, kwNot, kwIf:
			out = append(out, kw.sub)
		case kwAllOf, kwAnyOf, kwOneOf:
			out = append(out, kw.subs...)
		case kwDependentSchemas, kwDependencies:
			for _, ns := range kw.named {
				if ns.n != nil {
					out = append(out, ns.n)
				}
			}
		}
		if kw.id == kwIf {
			if n.then != nil {
				out = append(out, n.then)
			}
			if n.els != nil {
				out = append(out, n.els)
			}
		}
	}
	return out
}
