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
		if k.owner != e.target && isOAKeyword(k.key) {
			return true
		}
	}
	return false
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
// the objects whose $ref (or nullable wrapper) led here, for loop detection.
func (c *compiler) flatten(obj *srcValue, chain []*srcValue) (*effSchema, bool) {
	c.checkKeywords(obj)
	var e *effSchema
	if m, ok := obj.get("$ref"); ok {
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
			if om.key != "$ref" {
				e.set(kwEntry{key: om.key, keyOff: om.keyOff, val: om.val, owner: obj})
			}
		}
	} else {
		e = newEff(obj)
	}

	var combs []kwEntry
	for _, k := range e.kws {
		if k.key == "anyOf" || k.key == "oneOf" || k.key == "allOf" {
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
	if len(combs) == 1 && combs[0].key != "allOf" {
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

// resolveRef finds the schema object named by obj's "$ref" member m.
func (c *compiler) resolveRef(obj *srcValue, m srcMember, chain []*srcValue) (*srcValue, bool) {
	if m.val.kind != jsonval.String {
		c.diags.errorf(obj.ptr, m.keyOff, "\"$ref\" must be a string, got %s", describeValue(m.val))
		return nil, false
	}
	ref := m.val.str
	if !strings.HasPrefix(ref, "#") {
		c.diags.errorf(obj.ptr, m.keyOff, "remote $ref %q is not supported: only references inside this document (starting with \"#\") are", ref)
		return nil, false
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil {
		c.diags.errorf(obj.ptr, m.keyOff, "$ref %q: invalid percent-encoding", ref)
		return nil, false
	}
	var tokens []string
	switch {
	case frag == "":
	case strings.HasPrefix(frag, "/"):
		tokens = strings.Split(frag[1:], "/")
		for i, t := range tokens {
			tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		}
	default:
		c.diags.errorf(obj.ptr, m.keyOff, "$ref %q: plain-name fragments ($anchor) are not supported; use a JSON Pointer such as \"#/$defs/name\"", ref)
		return nil, false
	}
	target, ok := c.src.lookup(tokens)
	if !ok {
		c.diags.errorf(obj.ptr, m.keyOff, "$ref %q: no such location in this document", ref)
		return nil, false
	}
	switch target.kind {
	case jsonval.Object:
	case jsonval.Bool:
		c.diags.errorf(obj.ptr, m.keyOff, "$ref %q names the boolean schema %t, which has no \"type\"", ref, target.b)
		return nil, false
	default:
		c.diags.errorf(obj.ptr, m.keyOff, "$ref %q names %s, not a schema", ref, describeValue(target))
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
	if m, ok := loop[0].get("$ref"); ok {
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
