package ir

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// This file compiles unions (docs/SCORING.md §1.8): in the default profile,
// an anyOf or oneOf of two or more schemas other than {"type": "null"},
// with or without a "type" beside it, becomes a union node whose branches
// are compiled like any schema, each with the keywords written beside the
// anyOf/oneOf laid under its own. A value is scored under the branch it
// belongs to (package interp); validation stays whole-schema.

// Union is the branch list of a union node (docs/SCORING.md §1.8).
type Union struct {
	// Keyword is "anyOf" or "oneOf".
	Keyword string
	// Branches are the non-null branches in schema order; a
	// {"type": "null"} branch adds TNull to the union node's Types instead.
	Branches []Branch
	// Discriminator is the discriminator's propertyName (OpenAPI, Pydantic
	// v2 discriminated unions), "" when the union has none.
	Discriminator string
}

// Branch is one branch of a union.
type Branch struct {
	// Node is the branch's compiled schema.
	Node *Node
	// Pointer is the JSON Pointer of the branch's schema object inside
	// the document (the anyOf/oneOf element), for validating a value
	// against the branch alone.
	Pointer string
	// Label names the branch in messages and fixes: its "title", else its
	// $defs (or definitions) name, else its first discriminator tag, else
	// "anyOf/<i>" ("oneOf/<i>").
	Label string
	// Tags are the discriminator values that select the branch: the
	// discriminator mapping's entries naming it, else the "const" or
	// "enum" of its discriminator property. Empty without a discriminator.
	Tags []jsonval.Value
}

// unionSpec is what flatten found for a union node.
type unionSpec struct {
	kw       kwEntry     // the anyOf or oneOf keyword
	branches []*srcValue // its non-null branches, in order
	null     bool        // a {"type": "null"} branch was present
}

// unionOf returns the union that the combinators combs of e make in the
// default profile, or nil when they are not a union: exactly one anyOf or
// oneOf (no allOf beside it) with at least two branches other than
// {"type": "null"}, one of which at least describes a value for scoring (a
// "type", "properties", "items", "prefixItems", "$ref", "anyOf" or
// "oneOf"). Other combinators keep the rules of resolve.go (the nullable
// pattern, validation-only beside a "type", else an error).
func (c *compiler) unionOf(e *effSchema, combs []kwEntry) *unionSpec {
	if len(combs) != 1 || combs[0].key == "allOf" || combs[0].val.kind != jsonval.Array {
		return nil
	}
	u := &unionSpec{kw: combs[0]}
	shaped := false
	for _, b := range combs[0].val.arr {
		if isNullSchema(b) {
			u.null = true
			continue
		}
		u.branches = append(u.branches, b)
		if b.kind == jsonval.Object {
			for _, k := range []string{"type", "properties", "items", "prefixItems", "$ref", "anyOf", "oneOf"} {
				if _, ok := b.get(k); ok {
					shaped = true
				}
			}
		}
	}
	if len(u.branches) < 2 || !shaped {
		return nil
	}
	return u
}

// unionLevel are the keywords of a union node that stay with it rather
// than being laid under its branches: the combinator itself, the
// discriminator, the member weight and null score of the union's
// position, the referential keywords (an error on a union), annotations that name or describe the union, and the
// document-level keywords.
var unionLevel = map[string]bool{
	"anyOf": true, "oneOf": true, "discriminator": true,
	"valueWeight": true, "nullScore": true, "idScope": true, "ref": true,
	"title": true, "description": true, "default": true, "examples": true, "example": true,
	"$defs": true, "definitions": true, "$schema": true, "$id": true, "id": true,
	"$comment": true, "$anchor": true, "$dynamicAnchor": true,
}

// fillUnion fills a union node: its own keywords, then its branches.
func (c *compiler) fillUnion(n *Node, e *effSchema, depth int) {
	u := e.union
	n.Def = e.target.ptr
	n.Keywords = make([]jsonval.Member, len(e.kws))
	for i, k := range e.kws {
		n.Keywords[i] = jsonval.Member{Key: k.key, Value: k.val.value()}
		switch {
		case k.key == "title" && k.val.kind == jsonval.String:
			n.Title = k.val.str
		case k.key == "description" && k.val.kind == jsonval.String:
			n.Description = k.val.str
		}
	}
	n.KeyScore = "jaro"
	n.ValueImportance = 1
	n.ValueWeight, _ = c.weight(e, "valueWeight", 1)
	if f, _, ok := c.fraction(e, "nullScore"); ok {
		n.NullScore = f
	}
	for _, kw := range []string{"idScope", "ref"} {
		if k, ok := e.get(kw); ok {
			c.kwError(k, "%q cannot be on a union (%s of several schemas); identifiers and references must have a single type (docs/SCORING.md §1.8)", kw, u.kw.key)
		}
	}
	if u.null {
		n.Types |= TNull
	}
	if k, ok := e.get("type"); ok {
		// A "type" beside the union constrains every branch (it is laid
		// under them); null in it makes the union nullable.
		var t Node
		c.parseTypeOf(&t, k)
		n.Types |= t.Types & TNull
	}
	un := &Union{Keyword: u.kw.key}
	disc, mapping := c.discriminator(e)
	un.Discriminator = disc
	for i, b := range u.branches {
		bn, target := c.compileBranch(b, e, depth)
		if bn == nil {
			continue
		}
		if bn == n {
			c.diags.errorf(b.ptr, b.off, "this branch of %q is the union itself; a union must have branches that describe values (docs/SCORING.md §1.8)", u.kw.key)
			continue
		}
		br := Branch{Node: bn, Pointer: b.ptr}
		if disc != "" {
			br.Tags = branchTags(disc, mapping, target, bn)
			if len(br.Tags) == 0 {
				c.diags.warnf(b.ptr, b.off, "no discriminator value selects this branch; values of it are found by validation (docs/SCORING.md §1.8)")
			}
		}
		br.Label = branchLabel(bn, br.Tags, u.kw.key, i)
		n.Types |= bn.Types
		un.Branches = append(un.Branches, br)
	}
	n.Union = un
}

// parseTypeOf reads a "type" keyword into t.Types (errors are reported by
// the branches, which inherit it).
func (c *compiler) parseTypeOf(t *Node, k kwEntry) {
	switch k.val.kind {
	case jsonval.String:
		t.Types, _ = typeBit(k.val.str)
	case jsonval.Array:
		for _, el := range k.val.arr {
			if el.kind == jsonval.String {
				bit, _ := typeBit(el.str)
				t.Types |= bit
			}
		}
	}
}

// compileBranch compiles branch b of the union with effective keywords
// parent: the branch's own keywords win, the parent's non-union-level
// keywords are laid under them (an Object Aligner keyword only on a branch
// whose own "type" can use it, docs/SCORING.md §2.1), and "properties" written on both are
// merged (the branch's member wins). It returns the node and the schema
// object the branch's keywords come from (its $ref target).
func (c *compiler) compileBranch(b *srcValue, parent *effSchema, depth int) (*Node, *srcValue) {
	if b.kind != jsonval.Object {
		return c.compileSchema(b, depth), nil
	}
	be, ok := c.flatten(b, nil)
	if !ok {
		return nil, nil
	}
	target := be.target
	var own Node
	if k, ok := be.get("type"); ok {
		c.parseTypeOf(&own, k)
	}
	inherited := false
	for _, k := range parent.kws {
		if unionLevel[k.key] {
			continue
		}
		if u, ok := UseOf(k.key); ok && own.Types != 0 && !u.AppliesTo(own.Types) {
			// A keyword for other kinds than the branch's (an array's
			// "order" beside a union of an array and a string).
			continue
		}
		own, has := be.get(k.key)
		switch {
		case !has:
			be.set(k)
			inherited = true
		case k.key == "properties" && own.val.kind == jsonval.Object && k.val.kind == jsonval.Object:
			be.set(kwEntry{key: own.key, keyOff: own.keyOff, val: mergeMembers(k.val, own.val), owner: own.owner})
			inherited = true
		}
	}
	key := memoKey{target: be.target}
	if inherited || be.overridden() {
		key.outer = b
	}
	if n := c.memo[key]; n != nil {
		return n, target
	}
	pos := be.target
	if key.outer != nil {
		pos = b
	}
	n := &Node{Pos: c.diags.pos(pos.ptr, pos.off)}
	c.memo[key] = n
	c.fill(n, be, depth)
	return n, target
}

// mergeMembers returns an object value with the members of under followed
// by those of over, a member of over replacing one of under with its key.
func mergeMembers(under, over *srcValue) *srcValue {
	out := &srcValue{kind: jsonval.Object, off: over.off, ptr: over.ptr, idx: map[string]int{}}
	add := func(m srcMember) {
		if i, ok := out.idx[m.key]; ok {
			out.obj[i] = m
			return
		}
		out.idx[m.key] = len(out.obj)
		out.obj = append(out.obj, m)
	}
	for _, m := range under.obj {
		add(m)
	}
	for _, m := range over.obj {
		add(m)
	}
	return out
}

// discriminator reads the union's "discriminator" keyword: its
// propertyName and its mapping from values to schema objects.
func (c *compiler) discriminator(e *effSchema) (string, []mappingEntry) {
	k, ok := e.get("discriminator")
	if !ok {
		return "", nil
	}
	if k.val.kind != jsonval.Object {
		c.kwError(k, "\"discriminator\" must be an object with a \"propertyName\", got %s", describeValue(k.val))
		return "", nil
	}
	pn, ok := k.val.get("propertyName")
	if !ok || pn.val.kind != jsonval.String || pn.val.str == "" {
		c.kwError(k, "\"discriminator\" needs a non-empty string \"propertyName\"")
		return "", nil
	}
	var out []mappingEntry
	if m, ok := k.val.get("mapping"); ok {
		if m.val.kind != jsonval.Object {
			c.diags.errorf(k.val.ptr, m.keyOff, "\"mapping\" must be an object of schema references, got %s", describeValue(m.val))
			return pn.val.str, nil
		}
		for _, me := range m.val.obj {
			if me.val.kind != jsonval.String {
				c.diags.errorf(m.val.ptr, me.keyOff, "discriminator mapping %q must be a reference string, got %s", me.key, describeValue(me.val))
				continue
			}
			target, ok := c.mappingTarget(me.val.str)
			if !ok {
				c.diags.errorf(m.val.ptr, me.keyOff, "discriminator mapping %q: %q names no schema of this document", me.key, me.val.str)
				continue
			}
			out = append(out, mappingEntry{tag: me.key, target: target})
		}
	}
	return pn.val.str, out
}

// mappingEntry is one entry of a discriminator mapping.
type mappingEntry struct {
	tag    string
	target *srcValue
}

// mappingTarget resolves a mapping value: a local reference ("#/$defs/Cat")
// or, as OpenAPI allows, a bare schema name looked up in $defs, definitions
// and components/schemas.
func (c *compiler) mappingTarget(ref string) (*srcValue, bool) {
	if strings.HasPrefix(ref, "#") {
		frag, err := url.PathUnescape(ref[1:])
		if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
			return nil, false
		}
		var tokens []string
		if frag != "" {
			tokens = strings.Split(frag[1:], "/")
			for i, t := range tokens {
				tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
			}
		}
		v, ok := c.src.lookup(tokens)
		return v, ok && v.kind == jsonval.Object
	}
	for _, base := range [][]string{{"$defs"}, {"definitions"}, {"components", "schemas"}} {
		if v, ok := c.src.lookup(append(base, ref)); ok && v.kind == jsonval.Object {
			return v, true
		}
	}
	return nil, false
}

// branchTags returns the discriminator values that select a branch: the
// mapping entries whose target is the branch's schema object, else the
// const or enum values of the branch's discriminator property.
func branchTags(disc string, mapping []mappingEntry, target *srcValue, bn *Node) []jsonval.Value {
	var tags []jsonval.Value
	for _, m := range mapping {
		if target != nil && m.target == target {
			tags = append(tags, jsonval.NewString(m.tag))
		}
	}
	if len(tags) > 0 {
		return tags
	}
	p := bn.Property(disc)
	if p == nil {
		return nil
	}
	for _, kw := range p.Keywords {
		switch {
		case kw.Key == "const":
			return []jsonval.Value{kw.Value}
		case kw.Key == "enum" && kw.Value.Kind == jsonval.Array:
			tags = append(tags, kw.Value.Arr...)
		}
	}
	return tags
}

// branchLabel names a branch for messages (see Branch.Label).
func branchLabel(bn *Node, tags []jsonval.Value, kw string, i int) string {
	if bn.Title != "" {
		return bn.Title
	}
	for _, prefix := range []string{"/$defs/", "/definitions/", "/components/schemas/"} {
		if rest, ok := strings.CutPrefix(bn.Def, prefix); ok && !strings.Contains(rest, "/") {
			return strings.ReplaceAll(strings.ReplaceAll(rest, "~1", "/"), "~0", "~")
		}
	}
	for _, t := range tags {
		if t.Kind == jsonval.String {
			return t.S
		}
	}
	return kw + "/" + strconv.Itoa(i)
}

// checkUnionReferential reports the identifier and reference nodes below a
// union's branches: referential scopes are discovered along properties,
// items and prefixItems only (docs/SCORING.md §7.1), so an idScope or ref
// inside a branch would be ignored.
func (c *compiler) checkUnionReferential(root *Node) {
	seen := [2]map[*Node]bool{{}, {}} // outside, inside a branch
	var walk func(n *Node, in int)
	walk = func(n *Node, in int) {
		if n == nil || seen[in][n] {
			return
		}
		seen[in][n] = true
		if in == 1 && (n.IDScope != "" || n.Ref != "") {
			kw := "idScope"
			if n.IDScope == "" {
				kw = "ref"
			}
			c.diags.errorAt(n.Pos, "%q inside a branch of a union is not supported: identifier scopes are found along properties, items and prefixItems only (docs/SCORING.md §1.8)", kw)
		}
		for _, p := range n.Properties {
			walk(p.Node, in)
		}
		walk(n.Items, in)
		for _, pn := range n.PrefixItems {
			walk(pn, in)
		}
		if n.Union != nil {
			for _, b := range n.Union.Branches {
				walk(b.Node, 1)
			}
		}
	}
	walk(root, 0)
}
