package gen

import (
	"flag"
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

var (
	fidelitySeed    = flag.Int64("fidelity.seed", 0, "seed of TestFidelity (0: the project's property seed, see internal/proptest)")
	fidelitySchemas = flag.Int("fidelity.schemas", 60, "random schemas of TestFidelity (OAGEN_LONG=1: five times as many)")
	fidelityPairs   = flag.Int("fidelity.pairs", 30, "random pairs per schema of TestFidelity")
)

// snode is a random schema node; it renders as annotated JSON Schema and
// generates values for itself.
type snode struct {
	// typ is object, array, string, integer, number, boolean, or: map (an
	// object without properties; items is its additionalProperties schema,
	// nil for none), pmap (a map with patternProperties "^x" and, when
	// items is set, additionalProperties), any ({}), kinds (a "type" list of
	// the primitive types in kinds), union (an anyOf, or with disc a oneOf
	// with a discriminator, of branches)
	typ      string
	branches []*snode
	disc     string // union: the discriminator's propertyName
	nullBr   bool   // union: a {"type": "null"} branch
	konst    string // a string node's "const" (its only value)
	kinds    []string
	nullable int // 0: no, 1: "type": [t, "null"], 2: anyOf with {"type": "null"}
	kw       []string
	props    []sprop
	items    *snode
	prefix   []*snode
	enum     []string
	idScope  string
	ref      string
	closed   bool   // additionalProperties: false
	vw       string // valueWeight ("" : default)
	def      string // "default" (JSON text, "" : none)
	pattern  *snode // pmap: the schema of the members whose key starts with "x"
}

type sprop struct {
	name string
	node *snode
}

func (n *snode) render(b *strings.Builder) {
	if n.nullable == 2 {
		b.WriteString(`{"anyOf": [`)
		c := *n
		c.nullable = 0
		c.render(b)
		b.WriteString(`, {"type": "null"}]}`)
		return
	}
	if n.typ == "union" {
		kw := "anyOf"
		if n.disc != "" {
			kw = "oneOf"
		}
		fmt.Fprintf(b, `{%q: [`, kw)
		for i, br := range n.branches {
			if i > 0 {
				b.WriteString(", ")
			}
			br.render(b)
		}
		if n.nullBr {
			b.WriteString(`, {"type": "null"}`)
		}
		b.WriteString("]")
		if n.disc != "" {
			fmt.Fprintf(b, `, "discriminator": {"propertyName": %q}`, n.disc)
		}
		for _, k := range n.kw {
			b.WriteString(", " + k)
		}
		if n.vw != "" {
			b.WriteString(`, "valueWeight": ` + n.vw)
		}
		b.WriteString("}")
		return
	}
	b.WriteString("{")
	typ := n.typ
	switch typ {
	case "map", "pmap":
		typ = "object"
	case "any":
		b.WriteString(`"description": "any"`)
	case "kinds":
		b.WriteString(`"type": [`)
		for i, k := range n.kinds {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(k))
		}
		b.WriteString("]")
	}
	switch {
	case n.typ == "any" || n.typ == "kinds":
	case n.nullable == 1:
		fmt.Fprintf(b, `"type": [%q, "null"]`, typ)
	default:
		fmt.Fprintf(b, `"type": %q`, typ)
	}
	if n.def != "" {
		b.WriteString(`, "default": ` + n.def)
	}
	if n.konst != "" {
		fmt.Fprintf(b, `, "const": %q`, n.konst)
	}
	if n.pattern != nil {
		b.WriteString(`, "patternProperties": {"^x": `)
		n.pattern.render(b)
		b.WriteString("}")
	}
	if n.typ == "map" || n.typ == "pmap" {
		if n.items != nil {
			b.WriteString(`, "additionalProperties": `)
			n.items.render(b)
		}
		for _, k := range n.kw {
			b.WriteString(", " + k)
		}
		b.WriteString("}")
		return
	}
	for _, k := range n.kw {
		b.WriteString(", " + k)
	}
	if n.vw != "" {
		b.WriteString(`, "valueWeight": ` + n.vw)
	}
	if n.idScope != "" {
		fmt.Fprintf(b, `, "idScope": %q`, n.idScope)
	}
	if n.ref != "" {
		fmt.Fprintf(b, `, "ref": %q`, n.ref)
	}
	if n.enum != nil {
		b.WriteString(`, "enum": [`)
		for i, e := range n.enum {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(e))
		}
		if n.nullable != 0 {
			b.WriteString(", null")
		}
		b.WriteString("]")
	}
	if n.props != nil {
		b.WriteString(`, "properties": {`)
		for i, p := range n.props {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%q: ", p.name)
			p.node.render(b)
		}
		b.WriteString("}")
	}
	if n.closed {
		b.WriteString(`, "additionalProperties": false`)
	}
	if n.prefix != nil {
		b.WriteString(`, "prefixItems": [`)
		for i, p := range n.prefix {
			if i > 0 {
				b.WriteString(", ")
			}
			p.render(b)
		}
		b.WriteString("]")
	}
	if n.items != nil {
		b.WriteString(`, "items": `)
		n.items.render(b)
	}
	b.WriteString("}")
}

// sgen draws random schemas and values.
type sgen struct{ r *rand.Rand }

func (g *sgen) pick(xs ...string) string { return xs[g.r.Intn(len(xs))] }
func (g *sgen) chance(p float64) bool    { return g.r.Float64() < p }
func (g *sgen) weight() string           { return g.pick("0", "0.5", "1", "1", "2", "3.5") }

var (
	stringScores = []string{"jaro", "exact", "jaro_winkler", "levenshtein", "damerau_levenshtein", "osa", "indel", "lcsseq"}
	words        = []string{"alpha", "alpah", "beta", "gamma", "Paris", "Pari", "Rome", "", "x", "delta-9", "Zürich"}
	keyNames     = []string{"name", "nmae", "title", "value", "vals", "id2", "kind", "count", "cnt", "tags", "a", "b"}
)

// primitive returns a random primitive node.
func (g *sgen) primitive() *snode {
	n := &snode{typ: g.pick("string", "string", "integer", "number", "boolean")}
	switch n.typ {
	case "string":
		if g.chance(0.7) {
			n.kw = append(n.kw, fmt.Sprintf(`"score": %q`, g.pick(stringScores...)))
		}
		switch g.r.Intn(12) {
		case 0, 1:
			n.enum = []string{"red", "green", "blue"}
		case 2:
			n.kw = append(n.kw, `"minLength": 2`)
		case 3:
			n.kw = append(n.kw, `"maxLength": 4`)
		case 4:
			n.kw = append(n.kw, `"pattern": "^[a-z]"`)
		}
	case "integer", "number":
		if g.chance(0.6) {
			n.kw = append(n.kw, fmt.Sprintf(`"score": %q`, g.pick("invdiff", "exact", "relative")))
		}
		switch g.r.Intn(10) {
		case 0:
			n.kw = append(n.kw, `"minimum": -1`)
		case 1:
			n.kw = append(n.kw, `"exclusiveMaximum": 2.5`)
		case 2:
			n.kw = append(n.kw, `"maximum": 3`, `"exclusiveMinimum": -2`)
		}
	}
	if n.typ != "boolean" && g.chance(0.3) {
		n.kw = append(n.kw, `"threshold": `+g.pick("0.2", "0.5", "0.8"))
	}
	return n
}

// node returns a random schema node of the given depth budget.
func (g *sgen) node(depth int) *snode {
	var n *snode
	switch k := g.r.Intn(10); {
	case depth <= 0 || k < 4:
		n = g.primitive()
	case k < 7:
		n = g.object(depth)
	default:
		n = g.array(depth)
	}
	if g.chance(0.25) {
		n = g.jsonNode(depth)
	}
	if g.chance(0.2) && n.typ != "any" && n.typ != "kinds" {
		n.nullable = 1 + g.r.Intn(2)
		if g.chance(0.5) {
			n.kw = append(n.kw, `"nullScore": `+g.pick("0.25", "0.5", "1"))
		}
	}
	if g.chance(0.25) {
		n.vw = g.weight()
	}
	return n
}

// jsonNode returns a random map (docs/SCORING.md §6.8), any node (docs/SCORING.md §6.9) or
// union of primitive types (docs/SCORING.md §1.4).
func (g *sgen) jsonNode(depth int) *snode {
	k := g.r.Intn(10)
	if depth <= 0 {
		k = 6 + g.r.Intn(4)
	}
	switch {
	case k < 3:
		n := &snode{typ: "map", items: g.node(depth - 1)}
		n.items.vw = ""
		if g.chance(0.2) {
			n.items.vw = g.weight() // a key pair weighs it (docs/SCORING.md §6.8)
		}
		g.mapKeywords(n)
		return n
	case k < 4:
		n := &snode{typ: "map"} // schema-less members
		if g.chance(0.5) {
			n.kw = append(n.kw, `"additionalProperties": true`)
		}
		g.mapKeywords(n)
		return n
	case k < 6:
		n := &snode{typ: "pmap", pattern: g.primitive()}
		n.pattern.enum = nil
		if g.chance(0.6) {
			n.items = g.primitive()
			n.items.enum = nil
		}
		if depth > 0 && g.chance(0.4) {
			// Member schemas that are containers, unions, maps.
			n.pattern = g.node(depth - 1)
			if g.chance(0.5) {
				n.items = g.node(depth - 1)
			}
		}
		for _, sub := range []*snode{n.pattern, n.items} {
			if sub != nil {
				sub.vw = ""
			}
		}
		g.mapKeywords(n)
		return n
	case k < 7 && depth > 0:
		return g.union(depth)
	case k < 8:
		n := &snode{typ: "any"}
		if g.chance(0.2) {
			n.kw = append(n.kw, `"nullScore": 0.5`)
		}
		return n
	}
	if depth > 0 && g.chance(0.35) {
		return g.containerKinds(depth)
	}
	n := &snode{typ: "kinds", kinds: []string{"string", "integer"}}
	switch g.r.Intn(4) {
	case 0:
		n.kinds = []string{"number", "string", "null"}
	case 1:
		n.kinds = []string{"boolean", "integer", "null"}
	}
	if g.chance(0.5) {
		n.kw = append(n.kw, fmt.Sprintf(`"score": %q`, g.pick("exact", "levenshtein", "jaro")))
		if n.kinds[0] != "string" && n.kinds[1] != "string" {
			n.kw[len(n.kw)-1] = `"score": "exact"`
		}
		if slices.Contains(n.kinds, "integer") || slices.Contains(n.kinds, "number") {
			n.kw[len(n.kw)-1] = `"score": "exact"`
		}
	}
	if g.chance(0.3) {
		n.kw = append(n.kw, `"threshold": 0.5`)
	}
	return n
}

// containerKinds returns a random "type" list with array or object beside
// other types (docs/SCORING.md §1.4): its values are scored by the rules of
// their kind, the containers under the node's items, prefixItems and
// properties.
func (g *sgen) containerKinds(depth int) *snode {
	a, o := g.array(depth), g.object(depth)
	switch g.r.Intn(3) {
	case 0:
		a.typ, a.kinds = "kinds", []string{"string", "array"}
		return a
	case 1:
		o.typ, o.kinds = "kinds", []string{"object", "boolean", "null"}
		return o
	}
	return &snode{typ: "kinds", kinds: []string{"array", "object", "integer"}, items: a.items, prefix: a.prefix, props: o.props, closed: o.closed, kw: append(a.kw, o.kw...)}
}

// union returns a random union (docs/SCORING.md §1.8): primitives of
// different kinds (or integer and number), objects, or objects with a
// discriminator (tags as const).
func (g *sgen) union(depth int) *snode {
	n := &snode{typ: "union", nullBr: g.chance(0.3)}
	switch g.r.Intn(4) {
	case 0:
		n.branches = []*snode{{typ: "string"}, {typ: "integer"}}
		if g.chance(0.5) {
			n.branches = append(n.branches, g.object(depth-1))
		}
	case 1:
		n.branches = []*snode{{typ: "integer", kw: []string{`"score": "exact"`}}, {typ: "number"}}
	case 2:
		n.branches = []*snode{g.object(depth - 1), g.object(depth - 1)}
	default:
		n.disc = "kind"
		for _, tag := range []string{"a", "b", "c"}[:2+g.r.Intn(2)] {
			o := g.object(depth - 1)
			o.props = append([]sprop{{"kind", &snode{typ: "string", konst: tag}}}, o.props...)
			dedup(o)
			o.kw = append(o.kw, `"required": ["kind"]`)
			n.branches = append(n.branches, o)
		}
	}
	for _, b := range n.branches {
		b.vw, b.nullable, b.def = "", 0, ""
		for _, p := range b.props {
			if p.name == "kind" && n.disc == "" {
				p.node.konst = ""
			}
		}
	}
	if n.nullBr && g.chance(0.5) {
		n.kw = append(n.kw, `"nullScore": 0.5`)
	}
	return n
}

// mapKeywords adds random key and size keywords to a map node.
func (g *sgen) mapKeywords(n *snode) {
	if g.chance(0.3) {
		n.kw = append(n.kw, `"keyScore": `+strconv.Quote(g.pick("jaro", "exact")))
	}
	if g.chance(0.2) {
		n.kw = append(n.kw, `"keyImportance": 0.5`)
	}
	if g.chance(0.15) {
		n.kw = append(n.kw, `"minProperties": 1`)
	}
}

func (g *sgen) object(depth int) *snode {
	n := &snode{typ: "object", props: []sprop{}}
	used := map[string]bool{}
	for range g.r.Intn(4) + 1 {
		name := g.pick(keyNames...)
		if used[name] {
			continue
		}
		used[name] = true
		n.props = append(n.props, sprop{name, g.node(depth - 1)})
	}
	if zero := true; len(n.props) > 0 {
		for _, p := range n.props {
			zero = zero && p.node.vw == "0"
		}
		if zero {
			n.props[0].node.vw = "" // the weights of the members must not sum to 0
		}
	}
	if g.chance(0.3) {
		n.kw = append(n.kw, `"keyScore": `+strconv.Quote(g.pick("jaro", "exact")))
	}
	if g.chance(0.3) {
		n.kw = append(n.kw, `"keyThreshold": `+g.pick("0.5", "0.8", "0.95"))
	}
	if g.chance(0.3) {
		n.kw = append(n.kw, `"keyImportance": `+g.pick("0.3", "1"), `"valueImportance": `+g.pick("0.7", "1", "2"))
	}
	n.closed = g.chance(0.3)
	required := g.chance(0.15) && len(n.props) > 0
	if required {
		n.kw = append(n.kw, fmt.Sprintf(`"required": [%q]`, n.props[0].name))
	}
	for i, p := range n.props {
		// Defaults of optional members (docs/SCORING.md §6.10).
		if (i > 0 || !required) && g.chance(0.15) {
			switch p.node.typ {
			case "string", "integer", "number", "boolean", "any", "kinds":
				p.node.def = string(jsonval.AppendJSON(nil, g.value(p.node, nil)))
			}
		}
	}
	switch g.r.Intn(12) {
	case 0:
		n.kw = append(n.kw, `"minProperties": 1`)
	case 1:
		n.kw = append(n.kw, `"maxProperties": 2`)
	case 2:
		n.kw = append(n.kw, `"uniqueItems": false`, `"not": {"required": ["zz"]}`) // keeps the validator
	}
	return n
}

func (g *sgen) array(depth int) *snode {
	n := &snode{typ: "array"}
	if g.chance(0.35) {
		k := g.r.Intn(3) + 1
		for range k {
			n.prefix = append(n.prefix, g.node(depth-1))
		}
		if g.chance(0.5) {
			ws := make([]string, k)
			for i := range ws {
				ws[i] = g.pick("1", "2", "0.5")
			}
			n.kw = append(n.kw, `"prefixWeights": [`+strings.Join(ws, ", ")+`]`)
		}
		if g.chance(0.5) {
			n.items = g.node(depth - 1)
			n.kw = append(n.kw, `"prefixImportance": `+g.pick("1", "2"), `"restImportance": `+g.pick("1", "3"))
		}
	} else {
		n.items = g.node(depth - 1)
	}
	// Elements have no valueWeight: only a member of "properties" has one
	// (docs/SCORING.md §2.1); clearing it keeps the random stream as it was.
	for _, p := range n.prefix {
		p.vw = ""
	}
	if n.items != nil {
		n.items.vw = ""
	}
	switch g.r.Intn(10) {
	case 0:
		n.kw = append(n.kw, `"minItems": 1`)
	case 1:
		n.kw = append(n.kw, `"maxItems": 3`)
	}
	if n.items != nil {
		n.kw = append(n.kw, `"order": `+strconv.Quote(g.pick("fixed", "align")))
		switch g.r.Intn(8) {
		case 0:
			n.kw = append(n.kw, `"ignoreExcess": true`)
		case 1:
			n.kw = append(n.kw, `"ignoreMissing": true`)
		}
	}
	return n
}

// referential returns a root with one or two scopes: records with an
// identifier, attributes and an optional self-reference, a link table, an
// optional top-level reference and an optional second scope whose records
// hold lists of references into the first.
func (g *sgen) referential() *snode {
	idType := g.pick("integer", "string")
	rec := &snode{typ: "object", props: []sprop{{"id", &snode{typ: idType, idScope: "s"}}}}
	for range g.r.Intn(3) + 1 {
		rec.props = append(rec.props, sprop{g.pick("name", "label", "kind", "size"), g.primitive()})
	}
	if g.chance(0.4) {
		// Maps, JSON values, type lists and unions in records
		// (docs/SCORING.md §6.8, §6.9, §1.8).
		x := g.jsonNode(1)
		x.vw = ""
		rec.props = append(rec.props, sprop{g.pick("meta", "kind"), x})
	}
	dedup(rec)
	if g.chance(0.4) {
		rec.props = append(rec.props, sprop{"parent", &snode{typ: idType, ref: "s"}})
	}
	if g.chance(0.3) {
		rec.kw = append(rec.kw, `"keyImportance": 0.5`)
	}
	arr := func(items *snode) *snode {
		a := &snode{typ: "array", items: items}
		a.kw = append(a.kw, `"order": `+strconv.Quote(g.pick("align", "align", "fixed")))
		if g.chance(0.3) {
			a.kw = append(a.kw, `"ignoreExcess": true`)
		}
		return a
	}
	link := &snode{typ: "object", props: []sprop{
		{"a", &snode{typ: idType, ref: "s"}},
		{"b", &snode{typ: idType, ref: "s"}},
		{"rel", &snode{typ: "string", kw: []string{`"score": "exact"`}}},
	}}
	root := &snode{typ: "object", props: []sprop{{"recs", arr(rec)}, {"links", arr(link)}}}
	if g.chance(0.4) {
		root.props = append(root.props, sprop{"top", &snode{typ: idType, ref: "s"}})
	}
	if g.chance(0.4) {
		grp := &snode{typ: "object", props: []sprop{
			{"gid", &snode{typ: "string", idScope: "t"}},
			{"members", arr(&snode{typ: idType, ref: "s"})},
		}}
		root.props = append(root.props, sprop{"grps", arr(grp)})
		if g.chance(0.5) {
			link.props = append(link.props, sprop{"via", &snode{typ: "string", ref: "t"}})
		}
	}
	return root
}

func dedup(n *snode) {
	seen := map[string]bool{}
	out := n.props[:0]
	for _, p := range n.props {
		if !seen[p.name] {
			seen[p.name] = true
			out = append(out, p)
		}
	}
	n.props = out
}

// value returns a random value of the node (mostly valid); ids and refs get
// values from the pools.
func (g *sgen) value(n *snode, ids map[string][]jsonval.Value) jsonval.Value {
	if n.nullable != 0 && g.chance(0.15) {
		return jsonval.Value{}
	}
	if n.idScope != "" || n.ref != "" {
		pool := ids[n.idScope+n.ref]
		if len(pool) == 0 || n.idScope != "" {
			return g.idValue(n.typ)
		}
		return pool[g.r.Intn(len(pool))]
	}
	if n.enum != nil {
		return jsonval.NewString(n.enum[g.r.Intn(len(n.enum))])
	}
	if n.konst != "" {
		return jsonval.NewString(n.konst)
	}
	switch n.typ {
	case "union":
		if n.nullBr && g.chance(0.15) {
			return jsonval.Value{}
		}
		br := n.branches[g.r.Intn(len(n.branches))]
		v := g.value(br, ids)
		if n.disc != "" && v.Kind == jsonval.Object {
			v = withFirst(v, n.disc, g.value(br.props[0].node, ids))
		}
		return v
	case "any":
		return g.anyValue(2)
	case "kinds":
		switch k := n.kinds[g.r.Intn(len(n.kinds))]; k {
		case "array", "object":
			c := *n
			c.typ = k
			return g.value(&c, ids)
		case "null":
			return jsonval.Value{}
		case "boolean":
			return jsonval.NewBool(g.chance(0.5))
		case "integer":
			return jsonval.NewInt(int64(g.r.Intn(7) - 2))
		case "number":
			return jsonval.NewFloat(float64(g.r.Intn(40)-10) / 4)
		}
		return jsonval.NewString(g.pick(words...))
	case "map", "pmap":
		var ms []jsonval.Member
		seen := map[string]bool{}
		for range g.r.Intn(4) {
			k := g.pick(mapKeys...)
			if seen[k] {
				continue
			}
			seen[k] = true
			var v jsonval.Value
			switch {
			case n.pattern != nil && strings.HasPrefix(k, "x"):
				v = g.value(n.pattern, ids)
			case n.items != nil:
				v = g.value(n.items, ids)
			default:
				v = g.anyValue(1)
			}
			ms = append(ms, jsonval.Member{Key: k, Value: v})
		}
		return jsonval.NewObject(ms)
	case "string":
		return jsonval.NewString(g.pick(words...))
	case "integer":
		return jsonval.NewInt(int64(g.r.Intn(7) - 2))
	case "number":
		return jsonval.NewFloat(float64(g.r.Intn(40)-10) / 4)
	case "boolean":
		return jsonval.NewBool(g.chance(0.5))
	case "object":
		var ms []jsonval.Member
		for _, p := range n.props {
			if g.chance(0.85) {
				ms = append(ms, jsonval.Member{Key: p.name, Value: g.value(p.node, ids)})
			}
		}
		return jsonval.NewObject(ms)
	}
	var out []jsonval.Value
	k := len(n.prefix)
	for i := range k {
		if i > 0 && g.chance(0.15) {
			return jsonval.NewArray(out)
		}
		out = append(out, g.value(n.prefix[i], ids))
	}
	if n.items != nil {
		for range g.r.Intn(5) {
			out = append(out, g.value(n.items, ids))
		}
	}
	return jsonval.NewArray(out)
}

// mapKeys are the keys of random maps: data keys, some of them close to
// each other, some matching the pattern "^x" of pmap nodes.
var mapKeys = []string{"en", "de", "user_12", "user_21", "x1", "x2", "xy", "a", "b"}

// anyValue returns a random JSON value nested at most depth levels.
func (g *sgen) anyValue(depth int) jsonval.Value {
	k := g.r.Intn(8)
	if depth <= 0 {
		k = g.r.Intn(6)
	}
	switch k {
	case 0:
		return jsonval.Value{}
	case 1:
		return jsonval.NewBool(g.chance(0.5))
	case 2:
		return jsonval.NewInt(int64(g.r.Intn(5)))
	case 3:
		return jsonval.NewFloat(float64(g.r.Intn(8)) / 2)
	case 4, 5:
		return jsonval.NewString(g.pick(words...))
	case 6:
		var vs []jsonval.Value
		for range g.r.Intn(4) {
			vs = append(vs, g.anyValue(depth-1))
		}
		return jsonval.NewArray(vs)
	}
	var ms []jsonval.Member
	seen := map[string]bool{}
	for range g.r.Intn(4) {
		key := g.pick(keyNames...)
		if !seen[key] {
			seen[key] = true
			ms = append(ms, jsonval.Member{Key: key, Value: g.anyValue(depth - 1)})
		}
	}
	return jsonval.NewObject(ms)
}

func (g *sgen) idValue(typ string) jsonval.Value {
	if typ == "integer" {
		return jsonval.NewInt(int64(g.r.Intn(12)))
	}
	return jsonval.NewString(g.pick("p", "q", "r", "s", "t", "u", "v", "w"))
}

// refValue draws a referential document: ids unique per scope when unique
// is set, then references into them.
func (g *sgen) refValue(root *snode, unique bool) jsonval.Value {
	ids := map[string][]jsonval.Value{}
	recs := root.props[0].node
	var recVals []jsonval.Value
	seen := map[string]bool{}
	for range g.r.Intn(5) {
		id := g.idValue(recs.items.props[0].node.typ)
		if unique && seen[id.String()] {
			continue
		}
		seen[id.String()] = true
		ids["s"] = append(ids["s"], id)
		recVals = append(recVals, id)
	}
	var grpIDs []jsonval.Value
	if len(root.props) > 2 && root.props[len(root.props)-1].name == "grps" {
		for i := range g.r.Intn(3) {
			grpIDs = append(grpIDs, jsonval.NewString("g"+strconv.Itoa(i+g.r.Intn(2))))
		}
		if unique {
			grpIDs = dedupValues(grpIDs)
		}
		ids["t"] = grpIDs
	}
	var ms []jsonval.Member
	for _, p := range root.props {
		switch p.name {
		case "recs":
			var out []jsonval.Value
			clone := g.chance(0.4) // property-identical records: WL decides
			var first jsonval.Value
			for i, id := range recVals {
				v := g.value(p.node.items, ids)
				if clone && i > 0 {
					v = first
				}
				first = v
				out = append(out, withFirst(v, "id", id))
			}
			ms = append(ms, jsonval.Member{Key: p.name, Value: jsonval.NewArray(out)})
		case "grps":
			var out []jsonval.Value
			for _, id := range grpIDs {
				out = append(out, withFirst(g.value(p.node.items, ids), "gid", id))
			}
			ms = append(ms, jsonval.Member{Key: p.name, Value: jsonval.NewArray(out)})
		default:
			if len(ids["s"]) > 0 || g.chance(0.2) {
				ms = append(ms, jsonval.Member{Key: p.name, Value: g.value(p.node, ids)})
			}
		}
	}
	return jsonval.NewObject(ms)
}

// relabel renames every identifier and reference of a referential document
// (scope s: integers +100, strings prefixed with "n"; scope t: prefixed with
// "m") and shuffles its arrays: a candidate that only renumbers.
func (g *sgen) relabel(v jsonval.Value, key string) jsonval.Value {
	switch v.Kind {
	case jsonval.Object:
		ms := make([]jsonval.Member, len(v.Obj))
		for i, m := range v.Obj {
			ms[i] = jsonval.Member{Key: m.Key, Value: g.relabel(m.Value, m.Key)}
		}
		return jsonval.NewObject(ms)
	case jsonval.Array:
		arr := make([]jsonval.Value, len(v.Arr))
		for i, x := range v.Arr {
			arr[i] = g.relabel(x, key)
		}
		g.r.Shuffle(len(arr), func(a, b int) { arr[a], arr[b] = arr[b], arr[a] })
		return jsonval.NewArray(arr)
	}
	switch key {
	case "id", "parent", "a", "b", "top", "members":
		if v.Kind == jsonval.Int {
			return jsonval.NewInt(v.I + 100)
		}
		if v.Kind == jsonval.String {
			return jsonval.NewString("n" + v.S)
		}
	case "gid", "via":
		if v.Kind == jsonval.String {
			return jsonval.NewString("m" + v.S)
		}
	}
	return v
}

// withFirst returns the object v with its first member set to key: id
// (the identifier is the first property of the record schemas).
func withFirst(v jsonval.Value, key string, id jsonval.Value) jsonval.Value {
	ms := []jsonval.Member{{Key: key, Value: id}}
	for _, m := range v.Obj {
		if m.Key != key {
			ms = append(ms, m)
		}
	}
	return jsonval.NewObject(ms)
}

func dedupValues(vs []jsonval.Value) []jsonval.Value {
	seen := map[string]bool{}
	var out []jsonval.Value
	for _, v := range vs {
		if !seen[v.String()] {
			seen[v.String()] = true
			out = append(out, v)
		}
	}
	return out
}

// mutate returns a variant of v: a changed leaf, a dropped or duplicated
// element, a shuffled array, a misspelled key, a value of another kind.
func (g *sgen) mutate(v jsonval.Value) jsonval.Value {
	switch v.Kind {
	case jsonval.Object:
		ms := append([]jsonval.Member(nil), v.Obj...)
		if len(ms) == 0 {
			return v
		}
		i := g.r.Intn(len(ms))
		switch g.r.Intn(6) {
		case 0:
			ms = append(ms[:i], ms[i+1:]...)
		case 1:
			ms[i].Key += "x"
		default:
			ms[i].Value = g.mutate(ms[i].Value)
		}
		return jsonval.NewObject(ms)
	case jsonval.Array:
		arr := append([]jsonval.Value(nil), v.Arr...)
		if len(arr) == 0 {
			return jsonval.NewArray([]jsonval.Value{jsonval.NewString("extra")})
		}
		i := g.r.Intn(len(arr))
		switch g.r.Intn(5) {
		case 0:
			arr = append(arr[:i], arr[i+1:]...)
		case 1:
			g.r.Shuffle(len(arr), func(a, b int) { arr[a], arr[b] = arr[b], arr[a] })
		case 2:
			arr = append(arr, arr[i])
		default:
			arr[i] = g.mutate(arr[i])
		}
		return jsonval.NewArray(arr)
	case jsonval.String:
		if g.chance(0.1) {
			return jsonval.NewInt(3)
		}
		return jsonval.NewString(g.pick(words...))
	case jsonval.Int:
		if g.chance(0.1) {
			return jsonval.NewFloat(float64(v.I))
		}
		return jsonval.NewInt(v.I + int64(g.r.Intn(5)-2))
	case jsonval.Float:
		return jsonval.NewFloat(v.F + 0.5)
	case jsonval.Bool:
		return jsonval.NewBool(!v.B)
	}
	return jsonval.NewString("was null")
}

// respell returns v written differently as JSON text but equal as JSON
// data: the members of its objects shuffled, some integral numbers in the
// other lexical form (3 as 3.0, 2.0 as 2). In the default profile, which
// generated code follows, it scores like v.
func (g *sgen) respell(v jsonval.Value) jsonval.Value {
	switch v.Kind {
	case jsonval.Object:
		ms := make([]jsonval.Member, len(v.Obj))
		for i, m := range v.Obj {
			ms[i] = jsonval.Member{Key: m.Key, Value: g.respell(m.Value)}
		}
		g.r.Shuffle(len(ms), func(a, b int) { ms[a], ms[b] = ms[b], ms[a] })
		return jsonval.NewObject(ms)
	case jsonval.Array:
		arr := make([]jsonval.Value, len(v.Arr))
		for i, x := range v.Arr {
			arr[i] = g.respell(x)
		}
		return jsonval.NewArray(arr)
	case jsonval.Int:
		if v.Big == nil && g.chance(0.3) {
			return jsonval.NewFloat(float64(v.I))
		}
	case jsonval.Float:
		if v.F == float64(int64(v.F)) && g.chance(0.5) {
			return jsonval.NewInt(int64(v.F))
		}
	}
	return v
}

// shuffleArrays shuffles the elements of every array of v, at every depth.
func (g *sgen) shuffleArrays(v jsonval.Value) jsonval.Value {
	switch v.Kind {
	case jsonval.Object:
		ms := make([]jsonval.Member, len(v.Obj))
		for i, m := range v.Obj {
			ms[i] = jsonval.Member{Key: m.Key, Value: g.shuffleArrays(m.Value)}
		}
		return jsonval.NewObject(ms)
	case jsonval.Array:
		arr := make([]jsonval.Value, len(v.Arr))
		for i, x := range v.Arr {
			arr[i] = g.shuffleArrays(x)
		}
		g.r.Shuffle(len(arr), func(a, b int) { arr[a], arr[b] = arr[b], arr[a] })
		return jsonval.NewArray(arr)
	}
	return v
}

// fidelityCase is one random schema with its pairs.
type fidelityCase struct {
	schema []byte
	pairs  [][2]jsonval.Value
}

// genCase is the gopter generator of one case.
func genCase(pairs int) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		g := &sgen{r: p.Rng}
		var root *snode
		ref := g.chance(0.35)
		if ref {
			root = g.referential()
		} else {
			switch k := g.r.Intn(10); {
			case k < 6:
				root = g.object(3)
			case k < 8:
				root = g.array(3) // docs/SCORING.md §1.3: any root kind
			default:
				root = g.primitive()
			}
			if g.chance(0.15) {
				root.nullable = 1 + g.r.Intn(2)
			}
		}
		var b strings.Builder
		if g.chance(0.2) {
			// The root through $ref/$defs (docs/SCORING.md §1.7).
			b.WriteString(`{"$ref": "#/$defs/root", "$defs": {"root": `)
			root.render(&b)
			b.WriteString(`}}`)
		} else {
			root.render(&b)
		}
		c := fidelityCase{schema: []byte(b.String())}
		for range pairs {
			var gold, cand jsonval.Value
			if ref {
				gold = g.refValue(root, !g.chance(0.05))
				switch g.r.Intn(4) {
				case 0:
					cand = g.refValue(root, g.chance(0.8))
				case 1:
					cand = g.mutate(gold)
				case 2:
					cand = g.relabel(gold, "")
				default:
					cand = g.mutate(g.relabel(gold, ""))
				}
			} else {
				gold = g.value(root, nil)
				cand = g.value(root, nil)
				if g.chance(0.6) {
					cand = g.mutate(gold)
				}
			}
			if g.chance(0.3) {
				gold = g.respell(gold)
			}
			if g.chance(0.3) {
				cand = g.respell(cand)
			}
			if g.chance(0.3) {
				// Arrays in another order: the canonical tie rules and the
				// bijection search (docs/SCORING.md §5.8, §7.12) must
				// reach the interpreter's pairing from any order.
				cand = g.shuffleArrays(cand)
			}
			c.pairs = append(c.pairs, [2]jsonval.Value{gold, cand})
		}
		return gopter.NewGenResult(c, gopter.NoShrinker)
	}
}

// TestFidelity is the generated == interpreter property (DESIGN.md): random
// annotated schemas covering every scoring keyword (referential ones
// included) with random gold/candidate pairs; the code generated for each
// schema is compiled once into one harness, and every pair must get the
// interpreter's score (== on float64, errors alike) and identical ranked
// operations, whether the typed path or the fallback runs.
func TestFidelity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	seed := *fidelitySeed
	if seed == 0 {
		seed = proptest.Seed(t)
	} else {
		t.Logf("seed %d", seed)
	}
	params := gopter.DefaultGenParameters().CloneWithSeed(seed)
	gen := genCase(*fidelityPairs)
	h := newHarness(t)
	var cases []fidelityCase
	n := *fidelitySchemas
	schemas := longtest.Count(n, n, 5*n) // the long set: five times as many
	for range schemas {
		v, ok := gen(params).Retrieve()
		if !ok {
			t.Fatal("generator failed")
		}
		c := v.(fidelityCase)
		if _, err := interp.Compile(c.schema, "", interp.Options{}); err != nil {
			t.Fatalf("random schema does not compile: %v\n%s", err, c.schema)
		}
		cases = append(cases, c)
		h.schemas = append(h.schemas, c.schema)
	}
	bin := h.build(t)
	var pairs []pair
	for i, c := range cases {
		if err := h.refused[i]; err != nil {
			t.Errorf("oagen gen refused a random schema: %v\n%s", err, c.schema)
			continue
		}
		for _, p := range c.pairs {
			pairs = append(pairs, pair{schema: i, gold: p[0], cand: p[1]})
		}
	}
	got := h.run(t, bin, pairs)
	typed, errs, fails := 0, 0, 0
	scorers := map[int]*interp.Scorer{}
	for k, p := range pairs {
		sc := scorers[p.schema]
		if sc == nil {
			sc, _ = interp.Compile(h.schemas[p.schema], "", interp.Options{})
			scorers[p.schema] = sc
		}
		want := interpOutcome(sc, p.gold, p.cand)
		if got[k].Typed {
			typed++
		}
		if want.Score == "error" {
			errs++
		}
		if got[k].Score != want.Score || got[k].Ops != want.Ops {
			fails++
			if fails <= 5 {
				t.Errorf("schema %s\ngold %s\ncand %s\ngenerated (typed=%v) %s\n%s\ninterpreter %s\n%s", h.schemas[p.schema],
					jsonval.AppendJSON(nil, p.gold), jsonval.AppendJSON(nil, p.cand), got[k].Typed, got[k].Score, got[k].Ops, want.Score, want.Ops)
			}
		}
	}
	t.Logf("%d schemas, %d pairs: %d agree bit for bit, %d on the typed path, %d interpreter errors", len(cases), len(pairs), len(pairs)-fails, typed, errs)
}
