package ir

import (
	"net/url"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// This file indexes what a schema document names beside JSON Pointers
// (docs/SCORING.md §2.4): plain-name anchors ("$anchor", "$dynamicAnchor",
// a draft-07 "$id" of the form "#name"), the "$id"s of subschemas that
// references may name, and the dialect its "$schema" declares.

// dialect is the JSON Schema draft a document declares with "$schema".
type dialect uint8

// The drafts whose differences the compiler follows.
const (
	draft2020 dialect = iota // 2020-12, also when "$schema" is absent or unknown
	draft2019                // 2019-09
	draftOld                 // draft-04, -06 and -07
)

// docIndex holds the names a document gives its subschemas.
type docIndex struct {
	dialect dialect
	// base is the root's "$id" without its fragment ("" when absent).
	base string
	// anchors maps a plain-name fragment to the schema object that declares
	// it with "$anchor" (or a draft-07 "$id": "#name"); dynamic the same for
	// "$dynamicAnchor".
	anchors, dynamic map[string]*srcValue
	// ids maps the resolved "$id" (without fragment) of a subschema to it.
	ids map[string]*srcValue
}

// dataKeywords hold JSON data rather than schemas: the index does not look
// inside them.
var dataKeywords = map[string]bool{"enum": true, "const": true, "default": true, "examples": true, "example": true}

// indexDocument builds the docIndex of the document rooted at root.
func indexDocument(root *srcValue) *docIndex {
	ix := &docIndex{anchors: map[string]*srcValue{}, dynamic: map[string]*srcValue{}, ids: map[string]*srcValue{}}
	if m, ok := root.get("$schema"); ok && m.val.kind == jsonval.String {
		s := m.val.str
		switch {
		case strings.Contains(s, "draft-04"), strings.Contains(s, "draft-06"), strings.Contains(s, "draft-07"):
			ix.dialect = draftOld
		case strings.Contains(s, "2019-09"):
			ix.dialect = draft2019
		}
	}
	if m, ok := root.get("$id"); ok && m.val.kind == jsonval.String {
		ix.base, _, _ = strings.Cut(m.val.str, "#")
	}
	var walk func(v *srcValue)
	walk = func(v *srcValue) {
		switch v.kind {
		case jsonval.Array:
			for _, e := range v.arr {
				walk(e)
			}
		case jsonval.Object:
			for _, m := range v.obj {
				switch {
				case dataKeywords[m.key]:
					continue
				case m.key == "$anchor" && m.val.kind == jsonval.String:
					ix.addAnchor(ix.anchors, m.val.str, v)
				case m.key == "$dynamicAnchor" && m.val.kind == jsonval.String:
					ix.addAnchor(ix.dynamic, m.val.str, v)
					ix.addAnchor(ix.anchors, m.val.str, v)
				case (m.key == "$id" || m.key == "id") && m.val.kind == jsonval.String && v != root:
					id, frag, _ := strings.Cut(m.val.str, "#")
					if id == "" && frag != "" {
						ix.addAnchor(ix.anchors, frag, v) // draft-06/07 "$id": "#name"
					} else if id != "" {
						if abs := ix.resolve(id); abs != "" {
							if _, dup := ix.ids[abs]; !dup {
								ix.ids[abs] = v
							}
						}
					}
				}
				walk(m.val)
			}
		}
	}
	walk(root)
	return ix
}

// addAnchor records the first declaration of an anchor name.
func (ix *docIndex) addAnchor(into map[string]*srcValue, name string, v *srcValue) {
	if _, dup := into[name]; !dup {
		into[name] = v
	}
}

// resolve resolves a URI reference without fragment against the document's
// base; it returns "" when either does not parse.
func (ix *docIndex) resolve(ref string) string {
	u, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	if ix.base == "" {
		return u.String()
	}
	b, err := url.Parse(ix.base)
	if err != nil {
		return ""
	}
	return b.ResolveReference(u).String()
}

// localDocument returns the schema object a reference's part before "#"
// names inside this document: the root for "" or the document's own "$id",
// a subschema for its "$id"; ok is false for a remote document.
func (ix *docIndex) localDocument(root *srcValue, uri string) (*srcValue, bool) {
	if uri == "" {
		return root, true
	}
	abs := ix.resolve(uri)
	if abs != "" && ix.base != "" && abs == ix.resolve(ix.base) {
		return root, true
	}
	if v, ok := ix.ids[abs]; ok {
		return v, true
	}
	return nil, false
}

// remoteRefs reports every "$ref", "$dynamicRef" and "$recursiveRef" of the
// document that names another document, all at once (a remote reference
// is never fetched: oagen works offline), in the words resolveRef uses for
// the one it reaches.
func (c *compiler) remoteRefs(root *srcValue) {
	var walk func(v *srcValue)
	walk = func(v *srcValue) {
		switch v.kind {
		case jsonval.Array:
			for _, e := range v.arr {
				walk(e)
			}
		case jsonval.Object:
			for _, m := range v.obj {
				if dataKeywords[m.key] {
					continue
				}
				if isRefKeyword(m.key) && m.val.kind == jsonval.String {
					uri, _, _ := strings.Cut(m.val.str, "#")
					if _, ok := c.index.localDocument(root, uri); !ok {
						c.remoteRefError(v, m)
					}
					continue
				}
				walk(m.val)
			}
		}
	}
	walk(root)
}

// isRefKeyword reports whether key is one of the reference keywords.
func isRefKeyword(key string) bool {
	return key == "$ref" || key == "$dynamicRef" || key == "$recursiveRef"
}

// remoteRefError reports the remote reference m of schema object obj.
func (c *compiler) remoteRefError(obj *srcValue, m srcMember) {
	c.diags.errorf(obj.ptr, m.keyOff, "remote %s %q is not supported: oagen works offline and resolves only references inside this document (starting with \"#\", or naming this document's \"$id\")", m.key, m.val.str)
}

// nullableDocument returns the schema document in which every OpenAPI
// "nullable": true also lets null validate (docs/SCORING.md §2.4): "null"
// joins the node's "type" (and its "enum"), and a node without "type"
// becomes {"anyOf": [node, {"type": "null"}]}. It returns doc itself when
// nothing says "nullable": true.
func nullableDocument(doc jsonval.Value) (jsonval.Value, bool) {
	switch doc.Kind {
	case jsonval.Array:
		var out []jsonval.Value
		for i, e := range doc.Arr {
			ne, changed := nullableDocument(e)
			if !changed {
				continue
			}
			if out == nil {
				out = append([]jsonval.Value(nil), doc.Arr...)
			}
			out[i] = ne
		}
		if out == nil {
			return doc, false
		}
		return jsonval.NewArray(out), true
	case jsonval.Object:
	default:
		return doc, false
	}
	members := append([]jsonval.Member(nil), doc.Obj...)
	changed := false
	for i, m := range members {
		if dataKeywords[m.Key] {
			continue
		}
		if nv, ch := nullableDocument(m.Value); ch {
			members[i].Value, changed = nv, true
		}
	}
	nb, _ := doc.Get("nullable")
	if nb.Kind != jsonval.Bool || !nb.B {
		if !changed {
			return doc, false
		}
		return jsonval.NewObject(members), true
	}
	hasType := false
	for i, m := range members {
		switch m.Key {
		case "type":
			hasType = true
			members[i].Value = withNull(m.Value, jsonval.NewString("null"))
		case "enum":
			members[i].Value = withNull(m.Value, jsonval.NullValue())
		}
	}
	if !hasType {
		obj := jsonval.NewObject(members)
		null := jsonval.NewObject([]jsonval.Member{{Key: "type", Value: jsonval.NewString("null")}})
		return jsonval.NewObject([]jsonval.Member{{Key: "anyOf", Value: jsonval.NewArray([]jsonval.Value{obj, null})}}), true
	}
	return jsonval.NewObject(members), true
}

// withNull adds x to a "type" name or list, or to an "enum" list, unless it
// is there.
func withNull(v, x jsonval.Value) jsonval.Value {
	switch v.Kind {
	case jsonval.String:
		if jsonval.Equal(v, x) {
			return v
		}
		return jsonval.NewArray([]jsonval.Value{v, x})
	case jsonval.Array:
		for _, e := range v.Arr {
			if jsonval.Equal(e, x) {
				return v
			}
		}
		return jsonval.NewArray(append(append([]jsonval.Value(nil), v.Arr...), x))
	}
	return v
}
