package interp_test

// A random generator of annotated schemas, of gold values valid under them
// and of damaged candidates, for the sum identity of docs/SCORING.md §8.5
// (TestPropertySumIdentity in property_test.go).
//
// Schemas cover every scoring keyword: objects with properties, valueWeight
// (0 included, so that objects of zero total weight occur), keyScore,
// keyThreshold, keyImportance and valueImportance; arrays with items and
// order align/fixed, prefixItems with prefixWeights (full or length 1),
// both parts with prefixImportance/restImportance, ignoreExcess or
// ignoreMissing (never both); nullable unions with nullScore and unions of
// two primitive kinds; string/number/integer/boolean leaves with every
// built-in comparator and thresholds; string enums; and referential
// structures (idScope of each primitive type, self-references, reference
// arrays, a nested second scope, link tables referencing both).

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/objectaligner/oagen/jsonval"
)

// snode is a generated schema node.
type snode struct {
	types []string // "type": one name, or a union when len > 1

	// Primitive keywords.
	score        string
	threshold    float64
	hasThreshold bool
	enum         []string

	nullScore    float64
	hasNullScore bool

	// Object keywords.
	props           []sprop
	keyScore        string
	keyThreshold    float64
	hasKeyThreshold bool
	keyImportance   float64
	hasKeyImp       bool
	valueImportance float64
	hasValueImp     bool

	// Array keywords.
	items         *snode
	prefix        []*snode
	prefixWeights []float64
	prefixImp     float64
	restImp       float64
	order         string
	ignoreExcess  bool
	ignoreMissing bool

	// Referential keywords: the node is an identifier or a reference of
	// the scope named here.
	idScope, ref string
}

type sprop struct {
	name      string
	node      *snode
	weight    float64
	hasWeight bool
}

func (n *snode) has(t string) bool { return slices.Contains(n.types, t) }

// kinds returns the non-null kinds of the node.
func (n *snode) kinds() []string {
	return slices.DeleteFunc(slices.Clone(n.types), func(t string) bool { return t == "null" })
}

// json renders the node as a schema object.
func (n *snode) json() jsonval.Value {
	var m members
	if len(n.types) == 1 {
		m.add("type", jstr(n.types[0]), true)
	} else {
		ts := make([]jsonval.Value, len(n.types))
		for i, t := range n.types {
			ts[i] = jstr(t)
		}
		m.add("type", jsonval.NewArray(ts), true)
	}
	num := jsonval.NewFloat
	m.add("idScope", jstr(n.idScope), n.idScope != "")
	m.add("ref", jstr(n.ref), n.ref != "")
	m.add("score", jstr(n.score), n.score != "")
	m.add("threshold", num(n.threshold), n.hasThreshold)
	m.add("nullScore", num(n.nullScore), n.hasNullScore)
	if len(n.enum) > 0 {
		vs := make([]jsonval.Value, len(n.enum))
		for i, e := range n.enum {
			vs[i] = jstr(e)
		}
		m.add("enum", jsonval.NewArray(vs), true)
	}
	if n.has("object") {
		var ps members
		for _, p := range n.props {
			pj := p.node.json()
			if p.hasWeight {
				pj.Obj = append(pj.Obj, jsonval.Member{Key: "valueWeight", Value: num(p.weight)})
			}
			ps.add(p.name, pj, true)
		}
		m.add("properties", jsonval.NewObject(ps), true)
		m.add("keyScore", jstr(n.keyScore), n.keyScore != "")
		m.add("keyThreshold", num(n.keyThreshold), n.hasKeyThreshold)
		m.add("keyImportance", num(n.keyImportance), n.hasKeyImp)
		m.add("valueImportance", num(n.valueImportance), n.hasValueImp)
	}
	if n.has("array") {
		if len(n.prefix) > 0 {
			ps := make([]jsonval.Value, len(n.prefix))
			for i, p := range n.prefix {
				ps[i] = p.json()
			}
			m.add("prefixItems", jsonval.NewArray(ps), true)
			if len(n.prefixWeights) > 0 {
				ws := make([]jsonval.Value, len(n.prefixWeights))
				for i, w := range n.prefixWeights {
					ws[i] = num(w)
				}
				m.add("prefixWeights", jsonval.NewArray(ws), true)
			}
		}
		if n.items != nil {
			m.add("items", n.items.json(), true)
		}
		if len(n.prefix) > 0 && n.items != nil {
			m.add("prefixImportance", num(n.prefixImp), true)
			m.add("restImportance", num(n.restImp), true)
		}
		m.add("order", jstr(n.order), n.order != "")
		m.add("ignoreExcess", jsonval.NewBool(true), n.ignoreExcess)
		m.add("ignoreMissing", jsonval.NewBool(true), n.ignoreMissing)
	}
	return jsonval.NewObject(m)
}

var (
	stringComparators = []string{"", "exact", "jaro", "jaro_winkler", "levenshtein", "damerau_levenshtein", "osa", "indel", "lcsseq"}
	numberComparators = []string{"", "exact", "invdiff", "relative"}
	propNames         = []string{"name", "nme", "names", "age", "ages", "title", "titel", "tags", "x", "y", "a/b", "t~1", "größe", "note"}
	stringPool        = []string{"", "a", "ab", "abc", "alpha", "alpah", "beta", "β-ta", "x/y~z", "hello", "hallo", "MARTHA", "MARHTA", "DIXON", "DICKSONX"}
	weightPool        = []float64{0, 0.5, 1, 1, 2, 3}
)

// schemaGen generates one random schema.
type schemaGen struct {
	r *rand.Rand
}

func (g *schemaGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *schemaGen) nullable(n *snode) *snode {
	if g.chance(0.2) {
		n.types = append(n.types, "null")
		if g.chance(0.6) {
			n.nullScore, n.hasNullScore = pick(g.r, []float64{0, 0.25, 0.5, 1}), true
		}
	}
	return n
}

func (g *schemaGen) primitive() *snode {
	r := g.r
	n := &snode{}
	switch r.IntN(9) {
	case 0, 1, 2:
		n.types = []string{"string"}
		n.score = pick(r, stringComparators)
		if g.chance(0.15) {
			n.enum = []string{"alpha", "alpah", "beta", "hello"}
		}
	case 3, 4:
		n.types = []string{"integer"}
		n.score = pick(r, numberComparators)
	case 5, 6:
		n.types = []string{"number"}
		n.score = pick(r, numberComparators)
	case 7:
		n.types = []string{"boolean"}
	default:
		// A union of two primitive kinds: only comparator names that exist
		// in every registry the union can reach.
		n.types = pick(r, [][]string{{"string", "integer"}, {"integer", "string"}, {"number", "string"}, {"boolean", "integer"}})
		n.score = pick(r, []string{"", "exact"})
	}
	if n.types[0] != "boolean" && g.chance(0.4) {
		n.threshold, n.hasThreshold = pick(r, []float64{0, 0.3, 0.5, 0.8, 1}), true
	}
	if len(n.enum) > 0 {
		return n // null is not among the enum values
	}
	return g.nullable(n)
}

func (g *schemaGen) node(depth int) *snode {
	if depth <= 0 {
		return g.primitive()
	}
	switch g.r.IntN(5) {
	case 0, 1:
		return g.primitive()
	case 2, 3:
		return g.object(depth, nil)
	}
	return g.array(depth)
}

// object generates an object node; fixed members, if given, come first.
func (g *schemaGen) object(depth int, fixed []sprop) *snode {
	r := g.r
	n := &snode{types: []string{"object"}}
	n.props = fixed
	used := map[string]bool{}
	for _, p := range fixed {
		used[p.name] = true
	}
	for range 1 + r.IntN(4) {
		name := pick(r, propNames)
		if used[name] {
			continue
		}
		used[name] = true
		n.props = append(n.props, sprop{name: name, node: g.node(depth - 1)})
	}
	total := 0.0
	for i := range n.props {
		if g.chance(0.4) {
			n.props[i].weight, n.props[i].hasWeight = pick(r, weightPool), true
		}
		w := 1.0
		if n.props[i].hasWeight {
			w = n.props[i].weight
		}
		total += w
	}
	if total == 0 { // docs/SCORING.md §2.3: the sum of valueWeight must not be 0
		n.props[0].weight = 1
	}
	if g.chance(0.4) {
		n.keyScore = pick(r, []string{"jaro", "exact"})
	}
	if g.chance(0.3) {
		n.keyThreshold, n.hasKeyThreshold = pick(r, []float64{0, 0.5, 0.8}), true
	}
	if g.chance(0.4) {
		n.keyImportance, n.hasKeyImp = pick(r, []float64{0, 0.5, 1}), true
	}
	if g.chance(0.3) {
		n.valueImportance, n.hasValueImp = pick(r, []float64{0, 1, 2}), true
	}
	kI, vI := 0.0, 1.0
	if n.hasKeyImp {
		kI = n.keyImportance
	}
	if n.hasValueImp {
		vI = n.valueImportance
	}
	if kI+vI == 0 { // docs/SCORING.md §2.3
		n.valueImportance = 1
	}
	if fixed == nil {
		return g.nullable(n)
	}
	return n
}

func (g *schemaGen) array(depth int) *snode {
	r := g.r
	n := &snode{types: []string{"array"}}
	shape := r.IntN(4) // 0, 1: items only; 2: prefix only; 3: both
	if shape != 2 {
		n.items = g.node(depth - 1)
		n.order = pick(r, []string{"", "align", "fixed"})
	}
	if shape >= 2 {
		for range 1 + r.IntN(3) {
			n.prefix = append(n.prefix, g.node(depth-1))
		}
		switch r.IntN(3) {
		case 1:
			n.prefixWeights = []float64{pick(r, weightPool[1:])}
		case 2:
			nonzero := false
			for range n.prefix {
				w := pick(r, weightPool)
				nonzero = nonzero || w != 0
				n.prefixWeights = append(n.prefixWeights, w)
			}
			if !nonzero {
				n.prefixWeights[0] = 1
			}
		}
	}
	if shape == 3 {
		n.prefixImp = pick(r, []float64{0, 1, 2})
		n.restImp = pick(r, []float64{0, 1, 3})
		if n.prefixImp+n.restImp == 0 {
			n.restImp = 1
		}
	}
	switch r.IntN(4) {
	case 0:
		n.ignoreExcess = true
	case 1:
		n.ignoreMissing = true
	}
	return g.nullable(n)
}

// refLayout describes the referential part of a generated root.
type refLayout struct {
	idType  string // type of the scope s0 ids
	partTyp string // type of the nested scope s1 ids; "" when absent
}

// root generates a root object, with a referential structure half of the
// time: records of scope s0 (ids, random attributes, optional self
// references, optional arrays of references, optionally nested records of a
// second scope s1 that reference s0) and a link table referencing both.
func (g *schemaGen) root(depth int) (*snode, refLayout) {
	r := g.r
	if !g.chance(0.5) {
		return g.object(depth, []sprop{}), refLayout{}
	}
	lay := refLayout{idType: pick(r, []string{"string", "integer", "number"})}
	idNode := func(t, scope string) *snode { return &snode{types: []string{t}, idScope: scope} }
	refNode := func(t, scope string) *snode { return &snode{types: []string{t}, ref: scope} }
	rec := []sprop{{name: "id", node: idNode(lay.idType, "s0")}}
	rec = append(rec, sprop{name: "label", node: g.primitive()})
	if g.chance(0.5) {
		rec = append(rec, sprop{name: "self", node: refNode(lay.idType, "s0")})
	}
	if g.chance(0.4) {
		rec = append(rec, sprop{name: "peers", node: &snode{types: []string{"array"}, order: pick(r, []string{"align", "fixed"}),
			items: refNode(lay.idType, "s0")}})
	}
	if g.chance(0.4) {
		lay.partTyp = pick(r, []string{"string", "integer", "number"})
		part := g.object(0, []sprop{{name: "pid", node: idNode(lay.partTyp, "s1")}, {name: "of", node: refNode(lay.idType, "s0")}})
		rec = append(rec, sprop{name: "parts", node: &snode{types: []string{"array"}, order: pick(r, []string{"align", "fixed"}), items: part}})
	}
	recs := &snode{types: []string{"array"}, order: pick(r, []string{"align", "align", "fixed"}), items: g.object(depth-1, rec)}
	if g.chance(0.2) {
		recs.ignoreExcess = true
	}
	link := []sprop{{name: "from", node: refNode(lay.idType, "s0")}, {name: "to", node: refNode(lay.idType, "s0")}}
	if lay.partTyp != "" {
		link = append(link, sprop{name: "part", node: refNode(lay.partTyp, "s1")})
	}
	links := &snode{types: []string{"array"}, order: pick(r, []string{"align", "fixed"}), items: g.object(0, link)}
	root := g.object(depth-1, []sprop{{name: "recs", node: recs}, {name: "links", node: links}})
	return root, lay
}

// valueGen generates gold values valid under a schema and damages them.
type valueGen struct {
	r *rand.Rand
	// ids holds the identifiers per scope that references may use; s0's
	// are fixed before the records are generated, s1's grow as its
	// records are.
	ids    map[string][]jsonval.Value
	nextID map[string]int
}

func (vg *valueGen) chance(p float64) bool { return vg.r.Float64() < p }

// idValue renders identifier k of a scope with the scope's type; number ids
// mix integer-form and float-form values.
func idValue(t string, k int) jsonval.Value {
	switch t {
	case "string":
		return jstr("i" + strconv.Itoa(k))
	case "integer":
		return jint(k * 7)
	}
	if k%3 == 0 {
		return jint(k)
	}
	return jsonval.NewFloat(float64(k) + 0.5)
}

func (vg *valueGen) primitive(kind string, n *snode) jsonval.Value {
	r := vg.r
	switch kind {
	case "string":
		if len(n.enum) > 0 {
			return jstr(pick(r, n.enum))
		}
		return jstr(pick(r, stringPool))
	case "integer":
		switch r.IntN(10) {
		case 0:
			return jsonval.NewBigInt(new(big.Int).Lsh(big.NewInt(3), 70))
		case 1:
			return jint(2020 + r.IntN(3))
		}
		return jint(r.IntN(7) - 3)
	case "number":
		if r.IntN(3) == 0 {
			return jint(r.IntN(7) - 3)
		}
		return jsonval.NewFloat(pick(r, []float64{0.5, -1.25, 3, 1e-3, 2.5e10, 0}))
	case "boolean":
		return jsonval.NewBool(r.IntN(2) == 0)
	}
	return jsonval.Value{}
}

// value generates a gold value for n.
func (vg *valueGen) value(n *snode, depth int) jsonval.Value {
	r := vg.r
	switch {
	case n.idScope != "":
		k := vg.nextID[n.idScope]
		vg.nextID[n.idScope]++
		v := idValue(n.types[0], k)
		if n.idScope != "s0" {
			vg.ids[n.idScope] = append(vg.ids[n.idScope], v)
		}
		return v
	case n.ref != "":
		return pick(r, vg.ids[n.ref]) // callers only reach refs with targets
	}
	if n.has("null") && vg.chance(0.15) {
		return jsonval.Value{}
	}
	kind := pick(r, n.kinds())
	switch kind {
	case "object":
		var m members
		for _, p := range n.props {
			if p.node.ref != "" && len(vg.ids[p.node.ref]) == 0 {
				continue
			}
			if p.node.idScope != "" || p.node.ref != "" || vg.chance(0.85) {
				m.add(p.name, vg.value(p.node, depth+1), true)
			}
		}
		if vg.chance(0.05) {
			m.add("undeclared", vg.primitive("integer", n), true)
		}
		return jsonval.NewObject(m)
	case "array":
		if n.items != nil && n.items.ref != "" && len(vg.ids[n.items.ref]) == 0 {
			return jarr(nil)
		}
		var out []jsonval.Value
		k := len(n.prefix)
		length := r.IntN(k + 1)
		if k == 0 || n.items != nil && vg.chance(0.6) {
			length = k + r.IntN(4)
		}
		if depth > 6 {
			length = min(length, k)
		}
		for i := range length {
			switch {
			case i < k:
				out = append(out, vg.value(n.prefix[i], depth+1))
			case n.items != nil:
				out = append(out, vg.value(n.items, depth+1))
			}
		}
		if n.items == nil && vg.chance(0.1) && length == k {
			out = append(out, jint(99)) // beyond the prefix: ignored by scoring
		}
		return jarr(out)
	}
	return vg.primitive(kind, n)
}

// gold generates a gold value for a root made by schemaGen.root.
func (vg *valueGen) gold(root *snode, lay refLayout) jsonval.Value {
	vg.ids = map[string][]jsonval.Value{}
	vg.nextID = map[string]int{}
	if lay.idType != "" {
		// Fix the ids of s0 first so that self references can use them;
		// the records array is generated with exactly that many records.
		n := 1 + vg.r.IntN(5)
		for k := range n {
			vg.ids["s0"] = append(vg.ids["s0"], idValue(lay.idType, k))
		}
		var m members
		for _, p := range root.props {
			switch p.name {
			case "recs":
				recs := make([]jsonval.Value, n)
				for i := range recs {
					recs[i] = vg.value(p.node.items, 2)
				}
				m.add("recs", jarr(recs), true)
			case "links":
				m.add("links", vg.value(p.node, 1), true)
			default:
				if vg.chance(0.85) {
					m.add(p.name, vg.value(p.node, 1), true)
				}
			}
		}
		return jsonval.NewObject(m)
	}
	return vg.value(root, 0)
}

// damage returns a damaged copy of v (a value valid under n): dropped,
// inserted, duplicated and permuted elements, dropped, added and slightly
// renamed keys, changed values (of another kind where the schema permits
// one: null in nullable nodes, the other member of a union, integer-form
// versus float-form under "number"), identifiers and references changed to
// other or dangling values.
func (vg *valueGen) damage(n *snode, v jsonval.Value, p float64) jsonval.Value {
	r := vg.r
	if n == nil {
		return v
	}
	if n.idScope != "" || n.ref != "" {
		if vg.chance(p) {
			if ids := vg.ids[n.ref]; len(ids) > 0 && vg.chance(0.5) {
				return pick(r, ids)
			}
			return idValue(n.types[0], r.IntN(12))
		}
		return v
	}
	if vg.chance(p / 3) {
		return vg.value(n, 4) // a fresh value, possibly of another permitted kind
	}
	switch v.Kind {
	case jsonval.Object:
		obj := slices.Clone(v.Obj)
		for i := range obj {
			var sub *snode
			for _, pr := range n.props {
				if pr.name == obj[i].Key {
					sub = pr.node
				}
			}
			obj[i].Value = vg.damage(sub, obj[i].Value, p)
		}
		if len(obj) > 0 && vg.chance(p) {
			i := r.IntN(len(obj))
			switch r.IntN(3) {
			case 0:
				obj = slices.Delete(obj, i, i+1)
			case 1:
				obj[i].Key = renameKey(obj[i].Key, r)
			case 2:
				obj = append(obj, jsonval.Member{Key: pick(r, propNames) + "_x", Value: vg.primitive("string", n)})
			}
		}
		obj = dedupeKeys(obj)
		return jsonval.NewObject(obj)
	case jsonval.Array:
		arr := slices.Clone(v.Arr)
		k := len(n.prefix)
		for i := range arr {
			sub := n.items
			if i < k {
				sub = n.prefix[i]
			}
			arr[i] = vg.damage(sub, arr[i], p)
		}
		if vg.chance(p) {
			switch r.IntN(4) {
			case 0:
				if len(arr) > 0 {
					i := r.IntN(len(arr))
					arr = slices.Delete(arr, i, i+1)
				}
			case 1:
				i := len(arr)
				var sub *snode
				switch {
				case i < k:
					sub = n.prefix[i]
				case n.items != nil:
					sub = n.items
				}
				if sub != nil && (sub.ref == "" || len(vg.ids[sub.ref]) > 0) {
					arr = append(arr, vg.value(sub, 4))
				}
			case 2:
				if len(arr) > k && n.items != nil {
					arr = append(arr, arr[k+r.IntN(len(arr)-k)])
				}
			case 3:
				r.Shuffle(len(arr), func(i, j int) { arr[i], arr[j] = arr[j], arr[i] })
			}
		}
		return jarr(arr)
	case jsonval.Int:
		if vg.chance(p) && n.has("number") && v.Big == nil {
			return jsonval.NewFloat(float64(v.I))
		}
	case jsonval.Float:
		if vg.chance(p) {
			return jsonval.NewFloat(v.F + 1)
		}
	case jsonval.String:
		if vg.chance(p) && len(n.enum) == 0 {
			return jstr(renameKey(v.S, r))
		}
	}
	return v
}

// renameKey changes a key or string slightly: a character dropped,
// doubled or appended.
func renameKey(s string, r *rand.Rand) string {
	rs := []rune(s)
	switch {
	case len(rs) == 0:
		return "k"
	case r.IntN(3) == 0:
		i := r.IntN(len(rs))
		return string(slices.Delete(rs, i, i+1))
	case r.IntN(2) == 0:
		i := r.IntN(len(rs))
		return string(slices.Insert(rs, i, rs[i]))
	}
	return s + "s"
}

// dedupeKeys keeps the first member of each key (a renamed key may collide).
func dedupeKeys(obj []jsonval.Member) []jsonval.Member {
	seen := map[string]bool{}
	return slices.DeleteFunc(obj, func(m jsonval.Member) bool {
		if seen[m.Key] {
			return true
		}
		seen[m.Key] = true
		return false
	})
}
