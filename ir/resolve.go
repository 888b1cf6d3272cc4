package ir

import (
	"net/url"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// This file computes the effective keywords of a schema node: local $ref
// targets are substituted with the referring node's own keywords laid over
// them (docs/SCORING.md §1.7), and the nullable anyOf/oneOf pattern becomes its
// inner schema with "null" added to the type (docs/SCORING.md §1.7).

// kwEntry is one effective keyword with the schema object that holds it.
type kwEntry struct {
	key    string
	keyOff int
	val    *srcValue
	owner  *srcValue
}

// effSchema is the effective keyword set of one schema node.
type effSchema struct {
	kws     []kwEntry
	idx     map[string]int
	target  *srcValue  // the innermost schema object after substitutions
	addNull bool       // the nullable pattern was applied
	union   *unionSpec // the node is a union (union.go); nil otherwise
}

func newEff(obj *srcValue) *effSchema {
	e := &effSchema{target: obj, idx: make(map[string]int, len(obj.obj))}
	for _, m := range obj.obj {
		e.set(kwEntry{key: m.key, keyOff: m.keyOff, val: m.val, owner: obj})
	}
	return e
}

// set adds k, replacing an existing keyword of the same name in place.
func (e *effSchema) set(k kwEntry) {
	if i, ok := e.idx[k.key]; ok {
		e.kws[i] = k
		return
	}
	e.idx[k.key] = len(e.kws)
	e.kws = append(e.kws, k)
}

// get returns the effective keyword named key.
func (e *effSchema) get(key string) (kwEntry, bool) {
	i, ok := e.idx[key]
	if !ok {
		return kwEntry{}, false
	}
	return e.kws[i], true
}

// overridden reports whether the node differs from its target object alone:
// some OA keyword comes from a referring or wrapping object, or null was added.
// Such a node belongs to the referring location; otherwise every reference to
// the target shares one node.
func (e *effSchema) overridden() bool {
	if e.addNull {
		return true
	}
	for _, k := range e.kws {
		if k.owner != e.target && shapesNode(k.key) {
			return true
		}
	}
	return false
}

// shapesNode reports whether keyword k, given by a referring or wrapping
// object, changes how the node scores: an OA keyword, or a standard one
// that scoring reads (docs/SCORING.md §2.4, §6.8).
func shapesNode(k string) bool {
	switch k {
	case "default", "nullable", "const", "required", "additionalProperties", "patternProperties", "uniqueItems", "additionalItems":
		return true
	}
	return isOAKeyword(k)
}

// checkKeywords reports keywords of a schema object that look like misspelt
// OA keywords. Each object is checked once.
func (c *compiler) checkKeywords(obj *srcValue) {
	if c.checked[obj] {
		return
	}
	c.checked[obj] = true
	for _, m := range obj.obj {
		if w := misspelledKeyword(m.key); w != "" {
			c.diags.errorf(obj.ptr, m.keyOff, "unknown keyword %q (did you mean %q?)", m.key, w)
		} else if unknownKeyword(m.key) {
			c.diags.warnf(obj.ptr, m.keyOff, "unknown keyword %q is ignored (the closest Object Aligner keyword is %q; names starting with \"x-\" are never flagged)", m.key, nearestKeyword(m.key))
		}
	}
}

// flatten returns the effective keywords of the schema object obj. chain holds
// the objects whose $ref (or wrapper) led here, for loop detection.
func (c *compiler) flatten(obj *srcValue, chain []*srcValue) (*effSchema, bool) {
	c.checkKeywords(obj)
	var e *effSchema
	if m, ok := refMember(obj); ok {
		target, ok := c.resolveRef(obj, m, chain)
		if !ok {
			return nil, false
		}
		e, ok = c.flatten(target, append(chain[:len(chain):len(chain)], obj))
		if !ok {
			return nil, false
		}
		// The referring node's own keywords win.
		for _, om := range obj.obj {
			if om.key != m.key {
				e.set(kwEntry{key: om.key, keyOff: om.keyOff, val: om.val, owner: obj})
			}
		}
	} else {
		e = newEff(obj)
	}
	if k, ok := e.get("allOf"); ok && k.owner == obj {
		var ok bool
		if e, ok = c.mergeAllOf(obj, e, k, chain); !ok {
			return nil, false
		}
	}

	var combs []kwEntry
	for _, k := range e.kws {
		if k.key == "anyOf" || k.key == "oneOf" {
			combs = append(combs, k)
		}
	}
	if len(combs) == 0 {
		return e, true
	}
	if !c.reference {
		if u := c.unionOf(e, combs); u != nil {
			e.union = u
			return e, true
		}
	}
	if _, hasType := e.get("type"); hasType {
		// The reference scores by "type" and leaves combinators to validation.
		for _, k := range combs {
			c.diags.warnf(k.owner.ptr, k.keyOff, "%q beside \"type\" only constrains validation; scoring ignores it", k.key)
		}
		return e, true
	}
	if len(combs) == 1 {
		if inner, ok := nullableInner(combs[0].val); ok {
			ie, ok := c.flatten(inner, append(chain[:len(chain):len(chain)], obj))
			if !ok {
				return nil, false
			}
			for _, k := range e.kws {
				if k.key != combs[0].key {
					ie.set(k)
				}
			}
			ie.addNull = true
			return ie, true
		}
	}
	for _, k := range combs {
		c.diags.errorf(k.owner.ptr, k.keyOff, "%q is not supported on a scoring path: only the nullable pattern (anyOf/oneOf of one schema and {\"type\": \"null\"}) is, or a \"type\" beside it", k.key)
	}
	return nil, false
}

// refMember returns the reference keyword of a schema object: "$ref",
// else "$dynamicRef", else "$recursiveRef".
func refMember(obj *srcValue) (srcMember, bool) {
	for _, key := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if m, ok := obj.get(key); ok {
			return m, true
		}
	}
	return srcMember{}, false
}

// mergeAllOf applies the allOf keyword k of schema object obj, whose other
// effective keywords are e (docs/SCORING.md §2.4): the effective keywords of
// every member schema in order, then obj's own; a later keyword replaces an
// earlier one, except that "properties" are merged (a later member schema of
// the same name replaces the earlier) and "required" lists are joined. An
// allOf of one schema whose wrapper adds only annotations is that schema:
// every use shares its node.
func (c *compiler) mergeAllOf(obj *srcValue, e *effSchema, k kwEntry, chain []*srcValue) (*effSchema, bool) {
	if k.val.kind != jsonval.Array || len(k.val.arr) == 0 {
		c.kwError(k, "\"allOf\" must be a non-empty array of schemas, got %s", describeValue(k.val))
		return nil, false
	}
	var parts []*effSchema
	inner := append(chain[:len(chain):len(chain)], obj)
	for _, el := range k.val.arr {
		switch {
		case el.kind == jsonval.Bool && el.b:
			continue // true adds nothing
		case el.kind != jsonval.Object:
			c.kwError(k, "\"allOf\" member %s must be a schema object, got %s", el.ptr, describeValue(el))
			return nil, false
		}
		pe, ok := c.flatten(el, inner)
		if !ok {
			return nil, false
		}
		parts = append(parts, pe)
	}
	out := &effSchema{target: obj, idx: map[string]int{}}
	addNull := len(parts) > 0
	for _, pe := range parts {
		addNull = addNull && pe.addNull
		for _, pk := range pe.kws {
			out.merge(pk)
		}
	}
	for _, ek := range e.kws {
		out.merge(ek) // allOf itself stays: validation reads it
	}
	out.addNull = addNull
	if len(parts) == 1 && !wrapperShapes(obj) {
		out.target = parts[0].target
	}
	return out, true
}

// wrapperShapes reports whether a wrapper object adds keywords of its own
// that shape scoring beside its allOf (OA keywords other than annotations,
// or object members).
func wrapperShapes(obj *srcValue) bool {
	for _, m := range obj.obj {
		if m.key != "allOf" && shapesNode(m.key) {
			return true
		}
	}
	return false
}

// merge adds k to an allOf merge: "properties" and "required" join the
// earlier ones, other keywords replace them.
func (e *effSchema) merge(k kwEntry) {
	prev, ok := e.get(k.key)
	if !ok {
		e.set(k)
		return
	}
	switch {
	case k.key == "properties" && prev.val.kind == jsonval.Object && k.val.kind == jsonval.Object:
		merged := &srcValue{kind: jsonval.Object, off: prev.val.off, ptr: prev.val.ptr, idx: map[string]int{}}
		for _, side := range [][]srcMember{prev.val.obj, k.val.obj} {
			for _, m := range side {
				if i, dup := merged.idx[m.key]; dup {
					merged.obj[i] = m
					continue
				}
				merged.idx[m.key] = len(merged.obj)
				merged.obj = append(merged.obj, m)
			}
		}
		prev.val = merged
		e.set(prev)
	case k.key == "required" && prev.val.kind == jsonval.Array && k.val.kind == jsonval.Array:
		merged := &srcValue{kind: jsonval.Array, off: prev.val.off, ptr: prev.val.ptr}
		seen := map[string]bool{}
		for _, side := range [][]*srcValue{prev.val.arr, k.val.arr} {
			for _, el := range side {
				if el.kind == jsonval.String {
					if seen[el.str] {
						continue
					}
					seen[el.str] = true
				}
				merged.arr = append(merged.arr, el)
			}
		}
		prev.val = merged
		e.set(prev)
	default:
		e.set(k)
	}
}

// nullableInner recognises [S, {"type":"null"}] in either order and returns S.
func nullableInner(v *srcValue) (*srcValue, bool) {
	if v.kind != jsonval.Array || len(v.arr) != 2 {
		return nil, false
	}
	a, b := v.arr[0], v.arr[1]
	switch {
	case isNullSchema(b) && !isNullSchema(a) && a.kind == jsonval.Object:
		return a, true
	case isNullSchema(a) && !isNullSchema(b) && b.kind == jsonval.Object:
		return b, true
	}
	return nil, false
}

// isNullSchema reports whether v is {"type": "null"} (or ["null"]), possibly
// with annotation keywords.
func isNullSchema(v *srcValue) bool {
	if v.kind != jsonval.Object {
		return false
	}
	if _, ok := v.get("$ref"); ok {
		return false
	}
	t, ok := v.get("type")
	if !ok {
		return false
	}
	switch t.val.kind {
	case jsonval.String:
		return t.val.str == "null"
	case jsonval.Array:
		return len(t.val.arr) == 1 && t.val.arr[0].kind == jsonval.String && t.val.arr[0].str == "null"
	}
	return false
}

// resolveRef finds the schema object named by obj's reference member m
// ("$ref", "$dynamicRef" or "$recursiveRef"; docs/SCORING.md §2.4): a JSON
// Pointer or a plain-name anchor, in this document or in a subschema this
// document names by "$id". A "$dynamicRef" resolves to the document's
// "$dynamicAnchor" of its name: one document has one dynamic scope.
func (c *compiler) resolveRef(obj *srcValue, m srcMember, chain []*srcValue) (*srcValue, bool) {
	if m.val.kind != jsonval.String {
		c.diags.errorf(obj.ptr, m.keyOff, "%q must be a string, got %s", m.key, describeValue(m.val))
		return nil, false
	}
	ref := m.val.str
	uri, rawFrag, _ := strings.Cut(ref, "#")
	doc, ok := c.index.localDocument(c.src.root, uri)
	if !ok {
		c.remoteRefError(obj, m)
		return nil, false
	}
	frag, err := url.PathUnescape(rawFrag)
	if err != nil {
		c.diags.errorf(obj.ptr, m.keyOff, "%s %q: invalid percent-encoding", m.key, ref)
		return nil, false
	}
	var target *srcValue
	switch {
	case frag == "":
		target = doc
	case strings.HasPrefix(frag, "/"):
		tokens := strings.Split(frag[1:], "/")
		for i, t := range tokens {
			tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		}
		target, ok = lookupIn(doc, tokens)
		if !ok {
			c.diags.errorf(obj.ptr, m.keyOff, "%s %q: no such location in this document", m.key, ref)
			return nil, false
		}
	default:
		names := c.index.anchors
		if m.key == "$dynamicRef" {
			if _, ok := c.index.dynamic[frag]; ok {
				names = c.index.dynamic
			}
		}
		if target, ok = names[frag]; !ok {
			c.diags.errorf(obj.ptr, m.keyOff, "%s %q: no \"$anchor\" or \"$dynamicAnchor\" named %q in this document", m.key, ref, frag)
			return nil, false
		}
	}
	switch target.kind {
	case jsonval.Object:
	case jsonval.Bool:
		if target.b {
			target = trueSchema
			break
		}
		c.diags.errorf(obj.ptr, m.keyOff, "%s %q names the schema false, which permits no value", m.key, ref)
		return nil, false
	default:
		c.diags.errorf(obj.ptr, m.keyOff, "%s %q names %s, not a schema", m.key, ref, describeValue(target))
		return nil, false
	}
	if target == obj {
		c.reportLoop([]*srcValue{obj})
		return nil, false
	}
	for i, o := range chain {
		if o == target {
			c.reportLoop(append(append([]*srcValue(nil), chain[i:]...), obj))
			return nil, false
		}
	}
	if len(chain) >= c.maxDepth {
		c.diags.errorf(obj.ptr, m.keyOff, "$ref chain longer than the limit of %d levels", c.maxDepth)
		return nil, false
	}
	return target, true
}

// trueSchema stands for the boolean schema true where a reference names
// it: an empty schema object, which compiles to an any node.
var trueSchema = &srcValue{kind: jsonval.Object, idx: map[string]int{}}

// lookupIn resolves unescaped JSON Pointer tokens below v.
func lookupIn(v *srcValue, tokens []string) (*srcValue, bool) {
	s := source{root: v}
	return s.lookup(tokens)
}

// reportLoop reports a cycle of schema objects each of which refers to the
// next (the last to the first). The cycle is rotated to start at its smallest
// pointer, so that the same loop entered from different places is reported once.
func (c *compiler) reportLoop(loop []*srcValue) {
	k := 0
	for i, o := range loop {
		if o.ptr < loop[k].ptr {
			k = i
		}
	}
	loop = append(loop[k:], loop[:k]...)
	parts := make([]string, 0, len(loop)+1)
	for _, o := range loop {
		parts = append(parts, "#"+o.ptr)
	}
	parts = append(parts, "#"+loop[0].ptr)
	off := loop[0].off
	if m, ok := refMember(loop[0]); ok {
		off = m.keyOff
	}
	c.diags.errorf(loop[0].ptr, off, "$ref loop that never reaches a schema: %s", strings.Join(parts, " -> "))
}

// describeValue names a value for a message: its JSON kind and, for
// scalars, its text.
func describeValue(v *srcValue) string {
	switch v.kind {
	case jsonval.Array, jsonval.Object:
		return "an " + kindName(v)
	case jsonval.Null:
		return "null"
	}
	return kindName(v) + " " + v.text()
}
