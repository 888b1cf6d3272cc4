package interp_test

// Generators and transformations for the referential property tests of
// property_test.go and the benchmarks of bench_test.go.
//
// A referential document is first built as an abstract gdoc (tables of rows
// whose identifiers are small integers and whose references name those
// integers), damaged at that level, and only then rendered to JSON by a
// family, one per schema. Relabelling and permuting work on the rendered
// JSON, guided by the compiled schema, so they know nothing about the
// families.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// ---------------------------------------------------------------------------
// JSON construction helpers.

func jstr(s string) jsonval.Value { return jsonval.NewString(s) }
func jint(i int) jsonval.Value    { return jsonval.NewInt(int64(i)) }

// jobj builds an object from alternating keys and values.
func jobj(kv ...any) jsonval.Value {
	ms := make([]jsonval.Member, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		ms = append(ms, jsonval.Member{Key: kv[i].(string), Value: kv[i+1].(jsonval.Value)})
	}
	return jsonval.NewObject(ms)
}

func jsonText(v jsonval.Value) string { return string(jsonval.AppendJSON(nil, v)) }

// ---------------------------------------------------------------------------
// Schema-guided walks over JSON values (docs/SCORING.md §7.3 semantics).

// valuesAt returns the values found along a schema path: a properties edge
// descends into a present member, an items edge into every element (prefix
// positions included), a prefixItems edge into the element at that index.
func valuesAt(v jsonval.Value, p ir.Path, out []jsonval.Value) []jsonval.Value {
	if len(p) == 0 {
		return append(out, v)
	}
	switch e := p[0]; e.Kind {
	case ir.EdgeProperty:
		if c, ok := v.Get(e.Key); ok && v.Kind == jsonval.Object {
			return valuesAt(c, p[1:], out)
		}
	case ir.EdgeItems:
		if v.Kind == jsonval.Array {
			for _, el := range v.Arr {
				out = valuesAt(el, p[1:], out)
			}
		}
	case ir.EdgePrefix:
		if v.Kind == jsonval.Array && e.Index < len(v.Arr) {
			return valuesAt(v.Arr[e.Index], p[1:], out)
		}
	}
	return out
}

// rewriteAt returns a copy of v in which every value found along p is
// replaced by f of it; v itself is not modified.
func rewriteAt(v jsonval.Value, p ir.Path, f func(jsonval.Value) jsonval.Value) jsonval.Value {
	if len(p) == 0 {
		return f(v)
	}
	switch e := p[0]; e.Kind {
	case ir.EdgeProperty:
		if v.Kind != jsonval.Object {
			return v
		}
		obj := slices.Clone(v.Obj)
		for i := range obj {
			if obj[i].Key == e.Key {
				obj[i].Value = rewriteAt(obj[i].Value, p[1:], f)
				break // Get and the data walk use the first member
			}
		}
		return jsonval.NewObject(obj)
	case ir.EdgeItems:
		if v.Kind != jsonval.Array {
			return v
		}
		arr := slices.Clone(v.Arr)
		for i := range arr {
			arr[i] = rewriteAt(arr[i], p[1:], f)
		}
		return jsonval.NewArray(arr)
	case ir.EdgePrefix:
		if v.Kind != jsonval.Array || e.Index >= len(v.Arr) {
			return v
		}
		arr := slices.Clone(v.Arr)
		arr[e.Index] = rewriteAt(arr[e.Index], p[1:], f)
		return jsonval.NewArray(arr)
	}
	return v
}

func concat(a, b ir.Path) ir.Path { return append(append(ir.Path{}, a...), b...) }

// idClass is the identity of a primitive value under JSON equality (docs/SCORING.md
// §1.2): 1 and 1.0 are one identifier.
func idClass(v jsonval.Value) string {
	switch v.Kind {
	case jsonval.Int:
		return "n" + v.BigInt().String()
	case jsonval.Float:
		if v.F == math.Trunc(v.F) && math.Abs(v.F) < 1<<62 {
			return "n" + strconv.FormatInt(int64(v.F), 10)
		}
		return "f" + strconv.FormatFloat(v.F, 'g', -1, 64)
	case jsonval.String:
		return "s" + v.S
	}
	return "j" + jsonText(v)
}

// relabelling is a bijective renaming of the identifiers of one document,
// per scope (scopes are separate name spaces).
type relabelling struct {
	sch  *ir.Schema
	maps []map[string]jsonval.Value // per scope: class → fresh value
}

// newRelabelling draws a fresh identifier of the same JSON type for every
// identifier class found at the id and reference paths of doc. The pool the
// fresh values come from contains the old identifiers as well as new ones,
// so a relabelling is often a permutation of existing ids (the hardest case
// for code that would compare ids across sides or depend on their order).
// A class that occurs as an integer-form number gets an integral fresh value,
// so that every occurrence keeps its lexical class.
func newRelabelling(sch *ir.Schema, doc jsonval.Value, r *rand.Rand) *relabelling {
	rl := &relabelling{sch: sch, maps: make([]map[string]jsonval.Value, len(sch.Scopes))}
	for si, sc := range sch.Scopes {
		var occ []jsonval.Value
		occ = valuesAt(doc, concat(sc.RecordPath, sc.IDSuffix), occ)
		for _, rp := range sc.RefPaths {
			occ = valuesAt(doc, rp, occ)
		}
		var classes []string
		needInt := map[string]bool{}
		seen := map[string]bool{}
		for _, v := range occ {
			if v.Kind == jsonval.Null || v.Kind == jsonval.Array || v.Kind == jsonval.Object || v.Kind == jsonval.Bool {
				continue
			}
			c := idClass(v)
			if v.Kind == jsonval.Int {
				needInt[c] = true
			}
			if !seen[c] {
				seen[c] = true
				classes = append(classes, c)
			}
		}
		m := map[string]jsonval.Value{}
		switch sc.IDNode.TypeName {
		case "string":
			pool := map[string]bool{}
			var list []string
			add := func(s string) {
				if !pool[s] {
					pool[s] = true
					list = append(list, s)
				}
			}
			for _, c := range classes {
				if c[0] == 's' {
					add(c[1:])
				}
			}
			for len(list) < 2*len(classes)+2 {
				add(randomIDString(r))
			}
			r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
			for i, c := range classes {
				m[c] = jstr(list[i])
			}
		default: // integer, number
			used := map[int64]bool{}
			var ints []int64
			for _, c := range classes {
				if c[0] == 'n' {
					if x, err := strconv.ParseInt(c[1:], 10, 64); err == nil && !used[x] {
						used[x] = true
						ints = append(ints, x)
					}
				}
			}
			for len(ints) < 2*len(classes)+2 {
				x := r.Int64N(2000) - 1000
				if r.IntN(4) == 0 {
					x = r.Int64N(1 << 40)
				}
				if !used[x] {
					used[x] = true
					ints = append(ints, x)
				}
			}
			r.Shuffle(len(ints), func(i, j int) { ints[i], ints[j] = ints[j], ints[i] })
			for i, c := range classes {
				if sc.IDNode.TypeName == "number" && !needInt[c] && r.IntN(2) == 0 {
					m[c] = jsonval.NewFloat(float64(ints[i]) + 0.25)
				} else {
					m[c] = jsonval.NewInt(ints[i])
				}
			}
		}
		rl.maps[si] = m
	}
	return rl
}

func randomIDString(r *rand.Rand) string {
	const alphabet = "abcxyz019-_~/é中"
	runes := []rune(alphabet)
	n := r.IntN(7)
	out := make([]rune, n)
	for i := range out {
		out[i] = runes[r.IntN(len(runes))]
	}
	return string(out)
}

// fresh returns the image of v in scope si with v's lexical class.
func (rl *relabelling) fresh(si int, v jsonval.Value) jsonval.Value {
	f, ok := rl.maps[si][idClass(v)]
	if !ok {
		return v
	}
	if v.Kind == jsonval.Float && f.Kind == jsonval.Int {
		return jsonval.NewFloat(float64(f.I))
	}
	return f
}

// apply rewrites every identifier and reference of doc.
func (rl *relabelling) apply(doc jsonval.Value) jsonval.Value {
	for si, sc := range rl.sch.Scopes {
		f := func(v jsonval.Value) jsonval.Value { return rl.fresh(si, v) }
		doc = rewriteAt(doc, concat(sc.RecordPath, sc.IDSuffix), f)
		for _, rp := range sc.RefPaths {
			doc = rewriteAt(doc, rp, f)
		}
	}
	return doc
}

// permuteAligned returns a copy of v in which the elements of every
// order: "align" list (the tail after prefixItems) are shuffled, at every
// depth.
func permuteAligned(n *ir.Node, v jsonval.Value, r *rand.Rand) jsonval.Value {
	if n == nil {
		return v
	}
	switch v.Kind {
	case jsonval.Object:
		obj := slices.Clone(v.Obj)
		for i := range obj {
			obj[i].Value = permuteAligned(n.Property(obj[i].Key), obj[i].Value, r)
		}
		return jsonval.NewObject(obj)
	case jsonval.Array:
		arr := slices.Clone(v.Arr)
		k := len(n.PrefixItems)
		for i := range arr {
			sub := n.Items
			if i < k {
				sub = n.PrefixItems[i]
			}
			arr[i] = permuteAligned(sub, arr[i], r)
		}
		if n.Items != nil && n.Order == ir.OrderAlign && len(arr) > k {
			tail := arr[k:]
			r.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
		}
		return jsonval.NewArray(arr)
	}
	return v
}

// ---------------------------------------------------------------------------
// Abstract referential documents.

// genMode selects how a gold document is generated.
type genMode int

const (
	// modeFree draws attributes from small pools: many property twins,
	// fuzzy near-matches, duplicate link rows.
	modeFree genMode = iota
	// modeDistinct gives every record of an id table a dominant attribute
	// that no other record shares any character with, and keeps link rows
	// unique: the pairing is pinned by properties (precondition of (b)).
	modeDistinct
	// modeTwins makes all records of a table property twins and builds
	// structure in which 1-WL gives every record its own colour.
	modeTwins
	// modeTwinsAuto is modeTwins plus sets of interchangeable leaf twins
	// (automorphic: same attributes, attached to the same anchor in the same
	// way, nothing else).
	modeTwinsAuto
)

func (m genMode) String() string {
	return [...]string{"free", "distinct", "twins", "twins-auto"}[m]
}

// grow is one row of a gtable.
type grow struct {
	id    int             // identifier; -1 in link tables
	owner int             // id of the owning row (nested tables); -1 otherwise
	attrs []jsonval.Value // family-defined attribute columns
	refs  [][]int         // per reference column: target ids (nil: key absent)
}

// gtable is a table of rows: records of a scope, or link rows.
type gtable struct {
	scope    int    // id space of the rows' ids; -1 for link tables
	owner    int    // index of the owning table for nested records; -1
	refScope []int  // per reference column: id space of the targets
	refList  []bool // per reference column: a list of references
	rows     []grow
}

// gdoc is an abstract referential document.
type gdoc struct {
	tables []gtable
	extra  []jsonval.Member // non-referential members, rendered as they are
	serial int              // next serial for distinct names
	next   []int            // per id space: next unused id
}

func (d *gdoc) clone() *gdoc {
	c := &gdoc{serial: d.serial, next: slices.Clone(d.next), extra: slices.Clone(d.extra)}
	c.tables = make([]gtable, len(d.tables))
	for ti, t := range d.tables {
		ct := t
		ct.rows = make([]grow, len(t.rows))
		for i, rw := range t.rows {
			cr := rw
			cr.attrs = slices.Clone(rw.attrs)
			cr.refs = make([][]int, len(rw.refs))
			for k, rr := range rw.refs {
				cr.refs[k] = slices.Clone(rr)
			}
			ct.rows[i] = cr
		}
		c.tables[ti] = ct
	}
	return c
}

// ids returns the ids of the rows of id space s.
func (d *gdoc) ids(s int) []int {
	var out []int
	for _, t := range d.tables {
		if t.scope == s {
			for _, rw := range t.rows {
				out = append(out, rw.id)
			}
		}
	}
	return out
}

func (d *gdoc) newID(s int) int {
	id := d.next[s]
	d.next[s]++
	return id
}

func (d *gdoc) nextSerial() int {
	s := d.serial
	d.serial++
	return s
}

// rowKey identifies a link row by content, to keep link rows unique.
func rowKey(rw grow) string {
	return fmt.Sprint(rw.refs, jsonText(jsonval.NewArray(rw.attrs)))
}

// distinctName returns a name made of the 8 code points of block serial:
// names of different serials share no character, so every string
// comparator scores them 0.
func distinctName(serial int, r *rand.Rand) string {
	base := rune(0x4E00 + 8*serial)
	n := 4 + r.IntN(3)
	out := make([]rune, n)
	for i := range out {
		out[i] = base + rune(r.IntN(8))
	}
	return string(out)
}

// lightDamage replaces one character of a distinctName by another character
// of the same block: Jaro stays above 0.7, other names still score 0.
func lightDamage(s string, r *rand.Rand) string {
	rs := []rune(s)
	if len(rs) == 0 {
		return s
	}
	base := 0x4E00 + ((rs[0]-0x4E00)/8)*8
	rs[r.IntN(len(rs))] = base + rune(r.IntN(8))
	return string(rs)
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// ---------------------------------------------------------------------------
// Families: one schema each, with its generator and renderer.

type family struct {
	name   string
	schema []byte
	scorer *interp.Scorer
	sch    *ir.Schema
	// gen builds a gold document with about size records per id table.
	gen func(r *rand.Rand, size int, mode genMode) *gdoc
	// attrs returns attribute values for a new row of table t.
	attrs func(r *rand.Rand, d *gdoc, t int, mode genMode) []jsonval.Value
	// render turns a document into JSON valid under the schema.
	render func(d *gdoc) jsonval.Value
	// pinnedAttr changes an attribute in a way that keeps the pairing of
	// every id table pinned (see dominance in property_test.go).
	pinnedAttr func(r *rand.Rand, d *gdoc)
	// freeExtra damages the non-referential members freely.
	freeExtra func(r *rand.Rand, d *gdoc)
	// twinModes lists the twin modes the family supports.
	twinModes []genMode
}

// renderRefs renders reference column k of a row as a member value:
// a single value, a list, or absent.
func renderRef(rw grow, k int, list bool, id func(int) jsonval.Value) (jsonval.Value, bool) {
	ids := rw.refs[k]
	if list {
		vs := make([]jsonval.Value, len(ids))
		for i, x := range ids {
			vs[i] = id(x)
		}
		return jsonval.NewArray(vs), true
	}
	if len(ids) == 0 {
		return jsonval.Value{}, false
	}
	return id(ids[0]), true
}

// members assembles object members, skipping absent ones.
type members []jsonval.Member

func (m *members) add(k string, v jsonval.Value, ok bool) {
	if ok {
		*m = append(*m, jsonval.Member{Key: k, Value: v})
	}
}

// linkRows adds up to count random link rows to table t, unique by content
// when unique is set.
func linkRows(r *rand.Rand, d *gdoc, fam *family, t, count int, mode genMode, unique bool) {
	tb := &d.tables[t]
	seen := map[string]bool{}
	for _, rw := range tb.rows {
		seen[rowKey(rw)] = true
	}
	for tries := 0; tries < 4*count+4 && count > 0; tries++ {
		rw := grow{id: -1, owner: -1, attrs: fam.attrs(r, d, t, mode), refs: make([][]int, len(tb.refScope))}
		ok := true
		for k, s := range tb.refScope {
			ids := d.ids(s)
			if len(ids) == 0 {
				ok = false
				break
			}
			rw.refs[k] = []int{pick(r, ids)}
		}
		if !ok {
			return
		}
		if unique && seen[rowKey(rw)] {
			continue
		}
		seen[rowKey(rw)] = true
		tb.rows = append(tb.rows, rw)
		count--
	}
}

func newDoc(tables []gtable, spaces int) *gdoc {
	return &gdoc{tables: tables, next: make([]int, spaces)}
}

func (d *gdoc) addRecord(t int, r *rand.Rand, fam *family, mode genMode, owner int) *grow {
	tb := &d.tables[t]
	rw := grow{id: d.newID(tb.scope), owner: owner, attrs: fam.attrs(r, d, t, mode), refs: make([][]int, len(tb.refScope))}
	tb.rows = append(tb.rows, rw)
	return &tb.rows[len(tb.rows)-1]
}

// orgGraphFamily is Org2Graph under synra_codex_ra (docs/SCORING.md §11.7): scopes
// person (0) and company (1); tables people, companies, employment,
// acquaintance, partnership.
func orgGraphFamily(t testing.TB) *family {
	fam := &family{name: "synra_codex_ra", schema: readFile(t, "../testdata/schemas/synra_codex_ra.json"),
		twinModes: []genMode{modeTwins, modeTwinsAuto}}
	names := []string{"Pavel", "Paul", "Oskar", "Yosef", "Ana", "Anna"}
	titles := []string{"founder", "designer", "engineer", "cto"}
	cnames := []string{"Bellows", "Coho Vineyard", "Contoso", "Fabrikam"}
	industries := []string{"retail", "energy", "tech"}
	roles := []string{"advisor", "associate", "lead"}
	rels := []string{"knows", "mentors", "reports_to"}
	prels := []string{"partners_with", "supplies"}
	fam.attrs = func(r *rand.Rand, d *gdoc, t int, mode genMode) []jsonval.Value {
		twins := mode == modeTwins || mode == modeTwinsAuto
		switch t {
		case 0:
			switch {
			case twins:
				return []jsonval.Value{jstr("Pavel"), jstr("founder")}
			case mode == modeDistinct:
				return []jsonval.Value{jstr(distinctName(d.nextSerial(), r)), jstr(pick(r, titles))}
			}
			return []jsonval.Value{jstr(pick(r, names)), jstr(pick(r, titles))}
		case 1:
			switch {
			case twins:
				return []jsonval.Value{jstr("Contoso"), jstr("tech")}
			case mode == modeDistinct:
				return []jsonval.Value{jstr(distinctName(d.nextSerial(), r)), jstr(pick(r, industries))}
			}
			return []jsonval.Value{jstr(pick(r, cnames)), jstr(pick(r, industries))}
		case 2:
			return []jsonval.Value{jstr(pick(r, roles))}
		case 3:
			return []jsonval.Value{jstr(pick(r, rels))}
		}
		return []jsonval.Value{jstr(pick(r, prels))}
	}
	tables := func() []gtable {
		return []gtable{
			{scope: 0, owner: -1},
			{scope: 1, owner: -1},
			{scope: -1, owner: -1, refScope: []int{0, 1}, refList: []bool{false, false}},
			{scope: -1, owner: -1, refScope: []int{0, 0}, refList: []bool{false, false}},
			{scope: -1, owner: -1, refScope: []int{1, 1}, refList: []bool{false, false}},
		}
	}
	fam.gen = func(r *rand.Rand, size int, mode genMode) *gdoc {
		d := newDoc(tables(), 2)
		P := max(size, 2)
		switch mode {
		case modeFree, modeDistinct:
			C := 1 + r.IntN(max(1, P/2))
			for range P {
				d.addRecord(0, r, fam, mode, -1)
			}
			for range C {
				d.addRecord(1, r, fam, mode, -1)
			}
			unique := mode == modeDistinct
			for _, p := range d.ids(0) {
				if r.IntN(8) != 0 {
					d.tables[2].rows = append(d.tables[2].rows, grow{id: -1, owner: -1,
						attrs: fam.attrs(r, d, 2, mode), refs: [][]int{{p}, {pick(r, d.ids(1))}}})
				}
			}
			linkRows(r, d, fam, 3, r.IntN(2*P+1), mode, unique)
			linkRows(r, d, fam, 4, r.IntN(C+1), mode, unique)
		default:
			// 1-WL gives every record its own colour: person i has exactly
			// i outgoing acquaintance edges, company j a number of
			// employees no other company has (j for j < C-1, the rest for
			// the last one).
			P = max(P, 3)
			C := 2
			if P >= 6 && r.IntN(2) == 0 {
				C = 3
			}
			for range P {
				d.addRecord(0, r, fam, mode, -1)
			}
			for range C {
				d.addRecord(1, r, fam, mode, -1)
			}
			people := d.ids(0)
			r.Shuffle(len(people), func(i, j int) { people[i], people[j] = people[j], people[i] })
			next := 0
			for c := 0; c < C; c++ {
				n := c
				if c == C-1 {
					n = P - next
				}
				for range n {
					d.tables[2].rows = append(d.tables[2].rows, grow{id: -1, owner: -1,
						attrs: fam.attrs(r, d, 2, mode), refs: [][]int{{people[next]}, {c}}})
					next++
				}
			}
			for i, p := range people {
				others := slices.DeleteFunc(slices.Clone(people), func(x int) bool { return x == p })
				r.Shuffle(len(others), func(a, b int) { others[a], others[b] = others[b], others[a] })
				for _, q := range others[:i] {
					d.tables[3].rows = append(d.tables[3].rows, grow{id: -1, owner: -1,
						attrs: fam.attrs(r, d, 3, mode), refs: [][]int{{p}, {q}}})
				}
			}
			linkRows(r, d, fam, 4, r.IntN(C+1), mode, false)
			if mode == modeTwinsAuto {
				// Leaf twins: k identical persons, unemployed, each the
				// target of one "leaf_of" edge from the same anchor. The
				// relation label keeps them apart from the regular edges,
				// so anchors keep their own colours; leaves of one anchor
				// are interchangeable by an automorphism.
				for _, a := range people[:1+r.IntN(2)] {
					for range 2 + r.IntN(2) {
						leaf := d.addRecord(0, r, fam, mode, -1)
						d.tables[3].rows = append(d.tables[3].rows, grow{id: -1, owner: -1,
							attrs: []jsonval.Value{jstr("leaf_of")}, refs: [][]int{{a}, {leaf.id}}})
					}
				}
			}
		}
		return d
	}
	pid := func(i int) jsonval.Value { return jstr("p" + strconv.Itoa(i)) }
	cid := func(i int) jsonval.Value { return jstr("c" + strconv.Itoa(i)) }
	fam.render = func(d *gdoc) jsonval.Value {
		var people, companies, emp, acq, part []jsonval.Value
		for _, rw := range d.tables[0].rows {
			people = append(people, jobj("id", pid(rw.id), "name", rw.attrs[0], "title", rw.attrs[1]))
		}
		for _, rw := range d.tables[1].rows {
			companies = append(companies, jobj("id", cid(rw.id), "name", rw.attrs[0], "industry", rw.attrs[1]))
		}
		link := func(rw grow, k1, k2 string, id1, id2 func(int) jsonval.Value, attr string) jsonval.Value {
			var m members
			v, ok := renderRef(rw, 0, false, id1)
			m.add(k1, v, ok)
			v, ok = renderRef(rw, 1, false, id2)
			m.add(k2, v, ok)
			m.add(attr, rw.attrs[0], true)
			return jsonval.NewObject(m)
		}
		for _, rw := range d.tables[2].rows {
			emp = append(emp, link(rw, "person", "company", pid, cid, "role"))
		}
		for _, rw := range d.tables[3].rows {
			acq = append(acq, link(rw, "source", "target", pid, pid, "relation"))
		}
		for _, rw := range d.tables[4].rows {
			part = append(part, link(rw, "source", "target", cid, cid, "relation"))
		}
		return jobj("people", jarr(people), "companies", jarr(companies), "employment", jarr(emp),
			"acquaintance", jarr(acq), "partnership", jarr(part))
	}
	fam.pinnedAttr = func(r *rand.Rand, d *gdoc) {
		t := r.IntN(2)
		if len(d.tables[t].rows) == 0 {
			return
		}
		rw := &d.tables[t].rows[r.IntN(len(d.tables[t].rows))]
		rw.attrs[0] = jstr(lightDamage(rw.attrs[0].S, r))
	}
	fam.freeExtra = func(*rand.Rand, *gdoc) {}
	return fam
}

func jarr(vs []jsonval.Value) jsonval.Value {
	if vs == nil {
		vs = []jsonval.Value{}
	}
	return jsonval.NewArray(vs)
}

// orgChartFamily is the paper's Fig. 1 schema (examples/orgchart): integer
// ids, people with an enum role, mentorships with ignoreExcess, a fixed
// agenda and a tuple period.
func orgChartFamily(t testing.TB) *family {
	fam := &family{name: "orgchart", schema: readFile(t, "../examples/orgchart/schema.json"),
		twinModes: []genMode{modeTwins, modeTwinsAuto}}
	names := []string{"Alice", "Bob", "Carol", "Dave", "Eve"}
	roles := []string{"Manager", "Engineer", "Intern"}
	agenda := []string{"intro", "reviews", "closing", "budget", "demo"}
	fam.attrs = func(r *rand.Rand, d *gdoc, t int, mode genMode) []jsonval.Value {
		if t == 1 {
			return nil
		}
		switch mode {
		case modeTwins, modeTwinsAuto:
			return []jsonval.Value{jstr("Dave"), jstr("Engineer")}
		case modeDistinct:
			return []jsonval.Value{jstr(fmt.Sprintf("Name%d", d.nextSerial())), jstr(pick(r, roles))}
		}
		return []jsonval.Value{jstr(pick(r, names)), jstr(pick(r, roles))}
	}
	fam.gen = func(r *rand.Rand, size int, mode genMode) *gdoc {
		d := newDoc([]gtable{
			{scope: 0, owner: -1},
			{scope: -1, owner: -1, refScope: []int{0, 0}, refList: []bool{false, false}},
		}, 1)
		P := max(size, 2)
		switch mode {
		case modeFree, modeDistinct:
			for range P {
				d.addRecord(0, r, fam, mode, -1)
			}
			linkRows(r, d, fam, 1, r.IntN(2*P), mode, mode == modeDistinct)
		default:
			// Person i mentors exactly i others (mentee → mentor edges:
			// in-degree i), so 1-WL colours every person apart.
			P = max(P, 3)
			for range P {
				d.addRecord(0, r, fam, mode, -1)
			}
			people := d.ids(0)
			r.Shuffle(len(people), func(i, j int) { people[i], people[j] = people[j], people[i] })
			for i, p := range people {
				others := slices.DeleteFunc(slices.Clone(people), func(x int) bool { return x == p })
				r.Shuffle(len(others), func(a, b int) { others[a], others[b] = others[b], others[a] })
				for _, q := range others[:i] {
					d.tables[1].rows = append(d.tables[1].rows, grow{id: -1, owner: -1, refs: [][]int{{p}, {q}}})
				}
			}
			if mode == modeTwinsAuto {
				// Leaf twins mentored by the person with the most mentees:
				// its mentee count stays the unique maximum, and a leaf
				// (mentors nobody, one mentor: the anchor) can only share
				// its colour with another mentee of the anchor that
				// mentors nobody and has no other mentor, i.e. with a
				// vertex it is interchangeable with.
				a := people[len(people)-1]
				for range 2 + r.IntN(2) {
					leaf := d.addRecord(0, r, fam, mode, -1)
					d.tables[1].rows = append(d.tables[1].rows, grow{id: -1, owner: -1, refs: [][]int{{a}, {leaf.id}}})
				}
			}
		}
		var ag []jsonval.Value
		for range 2 + r.IntN(3) {
			ag = append(ag, jstr(pick(r, agenda)))
		}
		y := 2015 + r.IntN(10)
		d.extra = []jsonval.Member{
			{Key: "agenda", Value: jarr(ag)},
			{Key: "period", Value: jarr([]jsonval.Value{jint(y), jint(y + r.IntN(4))})},
		}
		return d
	}
	id := func(i int) jsonval.Value { return jint(i + 1) }
	fam.render = func(d *gdoc) jsonval.Value {
		var people, ment []jsonval.Value
		for _, rw := range d.tables[0].rows {
			people = append(people, jobj("id", id(rw.id), "name", rw.attrs[0], "role", rw.attrs[1]))
		}
		for _, rw := range d.tables[1].rows {
			var m members
			v, ok := renderRef(rw, 0, false, id)
			m.add("mentor", v, ok)
			v, ok = renderRef(rw, 1, false, id)
			m.add("mentee", v, ok)
			ment = append(ment, jsonval.NewObject(m))
		}
		m := members{{Key: "people", Value: jarr(people)}, {Key: "mentorships", Value: jarr(ment)}}
		return jsonval.NewObject(append(m, d.extra...))
	}
	fam.pinnedAttr = func(r *rand.Rand, d *gdoc) {
		if len(d.tables[0].rows) > 0 {
			d.tables[0].rows[r.IntN(len(d.tables[0].rows))].attrs[1] = jstr(pick(r, roles))
		}
	}
	fam.freeExtra = func(r *rand.Rand, d *gdoc) {
		ag := slices.Clone(d.extra[0].Value.Arr)
		switch r.IntN(3) {
		case 0:
			if len(ag) > 0 {
				i := r.IntN(len(ag))
				ag[i] = jstr(ag[i].S[:len(ag[i].S)-1])
			}
		case 1:
			r.Shuffle(len(ag), func(i, j int) { ag[i], ag[j] = ag[j], ag[i] })
		case 2:
			ag = append(ag, jstr(pick(r, agenda)))
		}
		per := slices.Clone(d.extra[1].Value.Arr)
		per[r.IntN(2)] = jint(2010 + r.IntN(20))
		d.extra = []jsonval.Member{{Key: "agenda", Value: jarr(ag)}, {Key: "period", Value: jarr(per)}}
	}
	return fam
}

// selfRefSchema has a self-referential scope with number-typed ids: a node's
// parent and its links point into the node scope itself, and the root is a
// reference at the top level (its carrier is the whole document). The label
// weighs more than everything else together (4 of 8), which is what pins
// the pairing of distinct-mode documents.
const selfRefSchema = `{"type": "object", "properties": {
  "nodes": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
    "id":     {"type": "number", "idScope": "node"},
    "label":  {"type": "string", "score": "levenshtein", "valueWeight": 4},
    "weight": {"type": "integer"},
    "parent": {"type": "number", "ref": "node"},
    "links":  {"type": "array", "order": "align", "items": {"type": "number", "ref": "node"}}}}},
  "root": {"type": "number", "ref": "node"}}}`

func treeFamily() *family {
	fam := &family{name: "tree(self-ref)", schema: []byte(selfRefSchema), twinModes: []genMode{modeTwins}}
	labels := []string{"root", "alpha", "alpah", "beta", "gamma"}
	fam.attrs = func(r *rand.Rand, d *gdoc, t int, mode genMode) []jsonval.Value {
		if t == 1 {
			return nil // the top-level root reference has no attributes
		}
		switch mode {
		case modeTwins, modeTwinsAuto:
			return []jsonval.Value{jstr("node"), jint(1)}
		case modeDistinct:
			return []jsonval.Value{jstr(distinctName(d.nextSerial(), r)), jint(r.IntN(6))}
		}
		return []jsonval.Value{jstr(pick(r, labels)), jint(r.IntN(6))}
	}
	fam.gen = func(r *rand.Rand, size int, mode genMode) *gdoc {
		d := newDoc([]gtable{
			{scope: 0, owner: -1, refScope: []int{0, 0}, refList: []bool{false, true}},
			{scope: -1, owner: -1, refScope: []int{0}, refList: []bool{false}},
		}, 1)
		n := max(size, 2)
		switch mode {
		case modeFree, modeDistinct:
			for i := range n {
				rw := d.addRecord(0, r, fam, mode, -1)
				switch {
				case i > 0 && (mode == modeDistinct || r.IntN(5) != 0):
					rw.refs[0] = []int{r.IntN(i)}
				case mode == modeDistinct:
					rw.refs[0] = []int{rw.id} // the root is its own parent
				}
				rw.refs[1] = []int{}
			}
			for i := range d.tables[0].rows {
				rw := &d.tables[0].rows[i]
				for range r.IntN(4) {
					x := r.IntN(n)
					if mode == modeDistinct && slices.Contains(rw.refs[1], x) {
						continue
					}
					rw.refs[1] = append(rw.refs[1], x)
				}
			}
		default:
			// Every record has the same attributes, itself as parent and k
			// links, so all records are property twins (their own-scope
			// references are masked while the bijection is derived). The
			// links are a multiset in which node i occurs i times; each
			// record is a hub of its k+1 endpoints, so node i is a member
			// of exactly i link hubs and 1-WL colours every node apart.
			n = max(n|1, 5) // odd
			k := (n - 1) / 2
			var slots []int
			for i := 1; i < n; i++ {
				for range i {
					slots = append(slots, i)
				}
			}
			r.Shuffle(len(slots), func(i, j int) { slots[i], slots[j] = slots[j], slots[i] })
			for i := range n {
				rw := d.addRecord(0, r, fam, mode, -1)
				rw.refs[0] = []int{rw.id}
				rw.refs[1] = slices.Clone(slots[i*k : (i+1)*k])
			}
		}
		d.tables[1].rows = []grow{{id: -1, owner: -1, refs: [][]int{{0}}}}
		return d
	}
	// Ids 3, 7, 11, … are integer-form, the others float-form with a
	// fraction, so that both lexical classes occur in one scope.
	id := func(i int) jsonval.Value {
		if i%4 == 3 {
			return jint(i)
		}
		return jsonval.NewFloat(float64(i) + 0.5)
	}
	fam.render = func(d *gdoc) jsonval.Value {
		var nodes []jsonval.Value
		for _, rw := range d.tables[0].rows {
			m := members{{Key: "id", Value: id(rw.id)}, {Key: "label", Value: rw.attrs[0]}, {Key: "weight", Value: rw.attrs[1]}}
			v, ok := renderRef(rw, 0, false, id)
			m.add("parent", v, ok)
			v, ok = renderRef(rw, 1, true, id)
			m.add("links", v, ok && rw.refs[1] != nil)
			nodes = append(nodes, jsonval.NewObject(m))
		}
		m := members{{Key: "nodes", Value: jarr(nodes)}}
		if len(d.tables[1].rows) > 0 {
			v, ok := renderRef(d.tables[1].rows[0], 0, false, id)
			m.add("root", v, ok)
		}
		return jsonval.NewObject(m)
	}
	fam.pinnedAttr = func(r *rand.Rand, d *gdoc) {
		if len(d.tables[0].rows) > 0 {
			d.tables[0].rows[r.IntN(len(d.tables[0].rows))].attrs[1] = jint(r.IntN(9))
		}
	}
	fam.freeExtra = func(*rand.Rand, *gdoc) {}
	return fam
}

// dependentSchema has two dependent scopes: employees (emp) are nested inside
// departments (dept) and pooled across them; dept depends on emp because the
// employees' buddy references (a self-reference of emp) lie inside the
// department records, so emp is derived first and the departments' record
// costs use its bijection. Projects reference both scopes.
const dependentSchema = `{"type": "object", "properties": {
  "departments": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
    "code":  {"type": "integer", "idScope": "dept"},
    "title": {"type": "string", "score": "jaro", "valueWeight": 2},
    "staff": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
      "badge": {"type": "string", "idScope": "emp"},
      "name":  {"type": "string", "score": "jaro_winkler", "valueWeight": 5},
      "level": {"type": "integer", "score": "exact"},
      "buddy": {"type": "string", "ref": "emp"}}}}}}},
  "projects": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
    "lead": {"type": "string", "ref": "emp"},
    "dept": {"type": "integer", "ref": "dept"},
    "name": {"type": "string", "score": "exact", "valueWeight": 2}}}}}}`

func nestedFamily() *family {
	fam := &family{name: "nested(dependent)", schema: []byte(dependentSchema), twinModes: []genMode{modeTwins}}
	titles := []string{"Sales", "Sale", "R&D", "Ops"}
	names := []string{"Ana", "Anna", "Ben", "Bea"}
	pnames := []string{"apollo", "zeus", "hera"}
	fam.attrs = func(r *rand.Rand, d *gdoc, t int, mode genMode) []jsonval.Value {
		twins := mode == modeTwins || mode == modeTwinsAuto
		switch t {
		case 0:
			switch {
			case twins:
				return []jsonval.Value{jstr("Ops")}
			case mode == modeDistinct:
				return []jsonval.Value{jstr(distinctName(d.nextSerial(), r))}
			}
			return []jsonval.Value{jstr(pick(r, titles))}
		case 1:
			switch {
			case twins:
				return []jsonval.Value{jstr("Ana"), jint(2)}
			case mode == modeDistinct:
				return []jsonval.Value{jstr(distinctName(d.nextSerial(), r)), jint(1 + r.IntN(3))}
			}
			return []jsonval.Value{jstr(pick(r, names)), jint(1 + r.IntN(3))}
		}
		switch {
		case twins:
			return []jsonval.Value{jstr("apollo")}
		case mode == modeDistinct:
			return []jsonval.Value{jstr(fmt.Sprintf("proj%d", d.nextSerial()))}
		}
		return []jsonval.Value{jstr(pick(r, pnames))}
	}
	fam.gen = func(r *rand.Rand, size int, mode genMode) *gdoc {
		d := newDoc([]gtable{
			{scope: 0, owner: -1},
			{scope: 1, owner: 0, refScope: []int{1}, refList: []bool{false}},
			{scope: -1, owner: -1, refScope: []int{1, 0}, refList: []bool{false, false}},
		}, 2)
		E := max(size, 2)
		switch mode {
		case modeFree, modeDistinct:
			D := 1 + r.IntN(min(4, E))
			for range D {
				d.addRecord(0, r, fam, mode, -1)
			}
			for range E {
				d.addRecord(1, r, fam, mode, r.IntN(D))
			}
			emps := d.ids(1)
			for i := range d.tables[1].rows {
				if r.IntN(2) == 0 {
					d.tables[1].rows[i].refs[0] = []int{pick(r, emps)}
				}
			}
			linkRows(r, d, fam, 2, r.IntN(E+2), mode, mode == modeDistinct)
		default:
			// All employees are twins (buddies are masked while emp is
			// derived); employee i leads exactly i projects and department
			// j is the dept of a number of projects no other department
			// has, so 1-WL colours every record of both scopes apart.
			E = min(max(E, 3), 6)
			D := 2
			if E >= 4 && r.IntN(2) == 0 {
				D = 3
			}
			for range D {
				d.addRecord(0, r, fam, mode, -1)
			}
			for range E {
				d.addRecord(1, r, fam, mode, r.IntN(D))
			}
			emps := d.ids(1)
			for i := range d.tables[1].rows {
				d.tables[1].rows[i].refs[0] = []int{pick(r, emps)}
			}
			r.Shuffle(len(emps), func(i, j int) { emps[i], emps[j] = emps[j], emps[i] })
			var leads []int
			for i, e := range emps {
				for range i {
					leads = append(leads, e)
				}
			}
			r.Shuffle(len(leads), func(i, j int) { leads[i], leads[j] = leads[j], leads[i] })
			next := 0
			for dep := 0; dep < D; dep++ {
				n := dep
				if dep == D-1 {
					n = len(leads) - next
				}
				for range n {
					d.tables[2].rows = append(d.tables[2].rows, grow{id: -1, owner: -1,
						attrs: fam.attrs(r, d, 2, mode), refs: [][]int{{leads[next]}, {dep}}})
					next++
				}
			}
		}
		return d
	}
	code := func(i int) jsonval.Value { return jint(100 + i) }
	badge := func(i int) jsonval.Value { return jstr("e" + strconv.Itoa(i)) }
	fam.render = func(d *gdoc) jsonval.Value {
		var deps, projects []jsonval.Value
		for _, dr := range d.tables[0].rows {
			var staff []jsonval.Value
			for _, rw := range d.tables[1].rows {
				if rw.owner != dr.id {
					continue
				}
				m := members{{Key: "badge", Value: badge(rw.id)}, {Key: "name", Value: rw.attrs[0]}, {Key: "level", Value: rw.attrs[1]}}
				v, ok := renderRef(rw, 0, false, badge)
				m.add("buddy", v, ok)
				staff = append(staff, jsonval.NewObject(m))
			}
			deps = append(deps, jobj("code", code(dr.id), "title", dr.attrs[0], "staff", jarr(staff)))
		}
		for _, rw := range d.tables[2].rows {
			var m members
			v, ok := renderRef(rw, 0, false, badge)
			m.add("lead", v, ok)
			v, ok = renderRef(rw, 1, false, code)
			m.add("dept", v, ok)
			m.add("name", rw.attrs[0], true)
			projects = append(projects, jsonval.NewObject(m))
		}
		return jobj("departments", jarr(deps), "projects", jarr(projects))
	}
	fam.pinnedAttr = func(r *rand.Rand, d *gdoc) {
		st := d.tables[1].rows
		if len(st) == 0 {
			return
		}
		rw := &st[r.IntN(len(st))]
		if r.IntN(2) == 0 {
			rw.attrs[1] = jint(1 + r.IntN(3))
		} else {
			rw.attrs[0] = jstr(lightDamage(rw.attrs[0].S, r))
		}
	}
	fam.freeExtra = func(*rand.Rand, *gdoc) {}
	return fam
}

// ---------------------------------------------------------------------------
// Damage at the gdoc level.

// freeDamage applies 1–5 arbitrary edits: attribute changes, deleted and
// inserted records (references to a deleted record are left dangling),
// duplicated candidate ids, retargeted, dropped and dangling references,
// link rows deleted, inserted or duplicated, nested records moved to
// another owner.
func freeDamage(r *rand.Rand, fam *family, d *gdoc) {
	for range 1 + r.IntN(5) {
		t := r.IntN(len(d.tables))
		tb := &d.tables[t]
		switch r.IntN(9) {
		case 0: // attribute change
			if len(tb.rows) > 0 {
				rw := &tb.rows[r.IntN(len(tb.rows))]
				if fresh := fam.attrs(r, d, t, modeFree); len(fresh) > 0 {
					c := r.IntN(len(fresh))
					rw.attrs[c] = fresh[c]
				}
			}
		case 1: // delete a row (owned rows go with it)
			if len(tb.rows) > 0 {
				i := r.IntN(len(tb.rows))
				gone := tb.rows[i].id
				tb.rows = slices.Delete(tb.rows, i, i+1)
				if tb.scope >= 0 {
					for ot := range d.tables {
						if d.tables[ot].owner == t {
							d.tables[ot].rows = slices.DeleteFunc(d.tables[ot].rows, func(rw grow) bool { return rw.owner == gone })
						}
					}
				}
			}
		case 2: // insert a row
			if tb.scope >= 0 {
				owner := -1
				if tb.owner >= 0 {
					ids := d.ids(d.tables[tb.owner].scope)
					if len(ids) == 0 {
						continue
					}
					owner = pick(r, ids)
				}
				rw := d.addRecord(t, r, fam, modeFree, owner)
				for k, s := range tb.refScope {
					if ids := d.ids(s); len(ids) > 0 && (tb.refList[k] || r.IntN(2) == 0) {
						rw.refs[k] = []int{pick(r, ids)}
					}
				}
			} else {
				linkRows(r, d, fam, t, 1, modeFree, false)
			}
		case 3: // duplicate a candidate id
			if tb.scope >= 0 && len(tb.rows) >= 2 {
				tb.rows[r.IntN(len(tb.rows))].id = tb.rows[r.IntN(len(tb.rows))].id
			}
		case 4: // retarget a reference, possibly to a dangling id
			if len(tb.rows) > 0 && len(tb.refScope) > 0 {
				rw := &tb.rows[r.IntN(len(tb.rows))]
				k := r.IntN(len(tb.refScope))
				target := d.next[tb.refScope[k]] + 50 + r.IntN(3)
				if ids := d.ids(tb.refScope[k]); len(ids) > 0 && r.IntN(3) != 0 {
					target = pick(r, ids)
				}
				if len(rw.refs[k]) == 0 {
					rw.refs[k] = []int{target}
				} else {
					rw.refs[k][r.IntN(len(rw.refs[k]))] = target
				}
			}
		case 5: // drop a reference
			if len(tb.rows) > 0 && len(tb.refScope) > 0 {
				rw := &tb.rows[r.IntN(len(tb.rows))]
				k := r.IntN(len(tb.refScope))
				if tb.refList[k] && len(rw.refs[k]) > 0 {
					j := r.IntN(len(rw.refs[k]))
					rw.refs[k] = slices.Delete(rw.refs[k], j, j+1)
				} else if !tb.refList[k] {
					rw.refs[k] = nil
				}
			}
		case 6: // duplicate a row
			if len(tb.rows) > 0 {
				rw := tb.rows[r.IntN(len(tb.rows))]
				cp := grow{id: rw.id, owner: rw.owner, attrs: slices.Clone(rw.attrs), refs: make([][]int, len(rw.refs))}
				for k, rr := range rw.refs {
					cp.refs[k] = slices.Clone(rr)
				}
				tb.rows = append(tb.rows, cp)
			}
		case 7: // move a nested record
			if tb.owner >= 0 && len(tb.rows) > 0 {
				if ids := d.ids(d.tables[tb.owner].scope); len(ids) > 0 {
					tb.rows[r.IntN(len(tb.rows))].owner = pick(r, ids)
				}
			}
		case 8:
			fam.freeExtra(r, d)
		}
	}
}

// pinnedDamage edits a distinct-mode document so that the pairing of every
// aligned list stays pinned (see the precondition of (b) in
// property_test.go). shrink deletes records (with their nested records and
// every link row that referenced them) and link rows; grow inserts records
// with a fresh dominant attribute and link rows unlike every existing one.
// Never both: a gold record without counterpart and a candidate record
// without counterpart could be paired in several ways. Attribute damage is
// limited to what keeps the dominance of family.pinnedAttr.
func pinnedDamage(r *rand.Rand, fam *family, d *gdoc, shrink, expand bool, attrEdits int) {
	for range attrEdits {
		fam.pinnedAttr(r, d)
	}
	switch {
	case shrink:
		gone := map[[2]int]bool{} // (scope, id)
		for range 1 + r.IntN(3) {
			t := r.IntN(len(d.tables))
			tb := &d.tables[t]
			if len(tb.rows) == 0 {
				continue
			}
			i := r.IntN(len(tb.rows))
			if tb.scope >= 0 {
				gone[[2]int{tb.scope, tb.rows[i].id}] = true
			}
			tb.rows = slices.Delete(tb.rows, i, i+1)
		}
		for changed := true; changed; {
			changed = false
			for t := range d.tables {
				tb := &d.tables[t]
				tb.rows = slices.DeleteFunc(tb.rows, func(rw grow) bool {
					if tb.owner >= 0 && gone[[2]int{d.tables[tb.owner].scope, rw.owner}] {
						gone[[2]int{tb.scope, rw.id}] = true
						changed = true
						return true
					}
					if tb.scope >= 0 {
						return false
					}
					for k, s := range tb.refScope {
						for _, x := range rw.refs[k] {
							if gone[[2]int{s, x}] {
								return true
							}
						}
					}
					return false
				})
				for i := range tb.rows {
					for k, s := range tb.refScope {
						if tb.refList[k] {
							tb.rows[i].refs[k] = slices.DeleteFunc(tb.rows[i].refs[k], func(x int) bool { return gone[[2]int{s, x}] })
						}
					}
				}
			}
		}
	case expand:
		for range 1 + r.IntN(3) {
			t := r.IntN(len(d.tables))
			tb := &d.tables[t]
			if tb.scope < 0 {
				linkRows(r, d, fam, t, 1, modeDistinct, true)
				continue
			}
			owner := -1
			if tb.owner >= 0 {
				ids := d.ids(d.tables[tb.owner].scope)
				if len(ids) == 0 {
					continue
				}
				owner = pick(r, ids)
			}
			rw := d.addRecord(t, r, fam, modeDistinct, owner)
			for k, s := range tb.refScope {
				if tb.refList[k] {
					rw.refs[k] = []int{}
				}
				if ids := d.ids(s); len(ids) > 0 && r.IntN(2) == 0 {
					rw.refs[k] = append(rw.refs[k], pick(r, ids))
				}
			}
		}
	}
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// compileFamily compiles the family's schema once.
func compileFamily(t testing.TB, fam *family) *family {
	t.Helper()
	s, err := interp.Compile(fam.schema, fam.name, interp.Options{})
	if err != nil {
		t.Fatalf("%s: %v", fam.name, err)
	}
	fam.scorer, fam.sch = s, s.Schema()
	return fam
}

// allFamilies returns the compiled families of the referential properties.
func allFamilies(t testing.TB) []*family {
	return []*family{
		compileFamily(t, orgGraphFamily(t)),
		compileFamily(t, orgChartFamily(t)),
		compileFamily(t, treeFamily()),
		compileFamily(t, nestedFamily()),
	}
}

// flipNumberKinds turns some integral identifier or reference values of
// number-typed scopes from integer-form into float-form or back (both are
// valid under "type": "number"; docs/SCORING.md §6.4 then scores a member whose two
// values differ in lexical class 0).
func flipNumberKinds(sch *ir.Schema, doc jsonval.Value, r *rand.Rand) jsonval.Value {
	for _, sc := range sch.Scopes {
		if sc.IDNode.TypeName != "number" {
			continue
		}
		paths := append([]ir.Path{concat(sc.RecordPath, sc.IDSuffix)}, sc.RefPaths...)
		for _, p := range paths {
			doc = rewriteAt(doc, p, func(v jsonval.Value) jsonval.Value {
				if r.IntN(4) != 0 {
					return v
				}
				switch {
				case v.Kind == jsonval.Int && v.Big == nil:
					return jsonval.NewFloat(float64(v.I))
				case v.Kind == jsonval.Float && v.F == math.Trunc(v.F) && math.Abs(v.F) < 1<<53:
					return jsonval.NewInt(int64(v.F))
				}
				return v
			})
		}
	}
	return doc
}
