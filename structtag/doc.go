// Package structtag lets Go types be the schema: it builds the annotated
// JSON Schema of a struct type from its fields, their json tags and one more
// tag, oa, which carries the Object Aligner keywords of docs/SCORING.md §2.1:
//
//	type Invoice struct {
//		_      struct{} `oa:"keyScore=exact"` // keywords of Invoice itself
//		Number string   `json:"number" oa:"score=exact,valueWeight=2"`
//		Lines  []Line   `json:"lines" oa:"order=align"`
//	}
//
// The schema follows encoding/json: JSON names from the json tag, a field
// without omitempty is required, a pointer admits null, a Go array is a tuple
// of fixed length, a map[string]T is an object. The README's "Go struct tags
// as the schema" section lists every rule and which keyword goes where.
//
// Two ways in:
//
//   - from source: [Load] reads packages with golang.org/x/tools/go/packages;
//     [Package.Compile] builds and compiles one type's schema with package ir,
//     so every check of docs/SCORING.md §2.3 applies, and [Package.Check]
//     reports every problem of a package at once, each located at the oa
//     keyword, tag, field or type declaration it is about (oagen check ./pkg;
//     oagen gen -type T uses the same code with [Package.GoShapes]);
//   - from a value at run time: [Export] and [ExportJSON] build the same
//     schema through reflection, with github.com/invopop/jsonschema's layout
//     (oagen schema -type T), for handing the plain schema to a model as its
//     output format or scoring with package interp.
package structtag

import (
	"bytes"
	"encoding/json"
	"go/token"
	"sort"
	"strconv"
)

// jobj is a schema object under construction: ordered members, the Go
// position it stands for, and what the Go type says about it.
type jobj struct {
	members []jmember
	pos     token.Position // the field tag, or the type declaration

	kind  nodeKind
	elems []*jobj // element schemas (items and tuple positions), for keyword routing
	// build re-creates an element schema; set on slices (for prefixItems=N).
	elemBuild func() *jobj
	slice     bool // a Go slice (prefixItems=N allowed)
	invalid   bool // a Go type without a JSON form, already reported
}

// nodeKind is what the Go type makes of a schema node, for keyword checks.
type nodeKind uint8

const (
	kAny nodeKind = iota // no type (interface)
	kBool
	kInteger
	kNumber
	kString
	kArray
	kObject
	kRef // a $ref to a struct definition (an object)
)

func (k nodeKind) String() string {
	return [...]string{"an interface (no JSON type)", "a boolean", "an integer", "a float", "a string", "an array", "an object", "a struct"}[k]
}

func (k nodeKind) scalar() bool { return k == kInteger || k == kNumber || k == kString }
func (k nodeKind) object() bool { return k == kObject || k == kRef }

// jmember is one member of a jobj; pos is the oa tag keyword it came from
// (zero when the Go type produced it).
type jmember struct {
	key string
	val any // *jobj, string, bool, json.Number, []any, rawJSON
	pos token.Position
}

// rawJSON is a value written as is.
type rawJSON string

// set adds or replaces member key.
func (o *jobj) set(key string, val any, pos token.Position) {
	for i := range o.members {
		if o.members[i].key == key {
			o.members[i] = jmember{key, val, pos}
			return
		}
	}
	o.members = append(o.members, jmember{key, val, pos})
}

// get returns member key's value.
func (o *jobj) get(key string) (any, bool) {
	for _, m := range o.members {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

// sourceMap maps byte offsets of the rendered document to Go positions.
type sourceMap struct {
	offs []int
	pos  []token.Position
}

func (m *sourceMap) add(off int, p token.Position) {
	if p.Filename == "" && p.Line == 0 {
		return
	}
	m.offs = append(m.offs, off)
	m.pos = append(m.pos, p)
}

// lookup returns the Go position recorded at off, or at the closest offset
// before it (the enclosing object or keyword).
func (m *sourceMap) lookup(off int) (token.Position, bool) {
	i := sort.SearchInts(m.offs, off+1) - 1
	if i < 0 {
		return token.Position{}, false
	}
	return m.pos[i], true
}

// render writes o as compact JSON on one line and returns the source map of
// its objects and keywords.
func render(o *jobj) ([]byte, *sourceMap) {
	var b bytes.Buffer
	sm := &sourceMap{}
	var write func(v any, pos token.Position)
	write = func(v any, pos token.Position) {
		switch v := v.(type) {
		case *jobj:
			p := v.pos
			if p.Line == 0 {
				p = pos
			}
			sm.add(b.Len(), p)
			b.WriteByte('{')
			for i, m := range v.members {
				if i > 0 {
					b.WriteByte(',')
				}
				mp := m.pos
				if mp.Line == 0 {
					mp = p
				}
				sm.add(b.Len(), mp)
				b.WriteString(strconv.Quote(m.key))
				b.WriteByte(':')
				write(m.val, mp)
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range v {
				if i > 0 {
					b.WriteByte(',')
				}
				write(e, pos)
			}
			b.WriteByte(']')
		case string:
			enc, _ := json.Marshal(v)
			b.Write(enc)
		case bool:
			b.WriteString(strconv.FormatBool(v))
		case json.Number:
			b.WriteString(string(v))
		case rawJSON:
			b.WriteString(string(v))
		}
	}
	write(o, o.pos)
	return b.Bytes(), sm
}

// indent re-renders compact JSON with two-space indentation.
func indent(data []byte) []byte {
	var b bytes.Buffer
	if err := json.Indent(&b, data, "", "  "); err != nil {
		return data
	}
	b.WriteByte('\n')
	return b.Bytes()
}
