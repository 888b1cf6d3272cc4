package genrt

import (
	"math"
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Shape describes what the schema of a generated scorer can make the
// interpreter spend on a pair, beyond what the values show (see WorkBound).
type Shape struct {
	// Scopes is the number of referential scopes (docs/SCORING.md §7).
	Scopes int
	// Damerau is set when a string is scored with Damerau–Levenshtein.
	Damerau bool
	// Branches is the largest number of branches of a union node, 0 when
	// the schema has none.
	Branches int
	// Fills are the values the default profile may give a member that one
	// side of a pair lacks (its schema defaults, docs/SCORING.md §6.10);
	// null, the other fill, is always counted.
	Fills []jsonval.Value
}

// WorkBound returns an upper bound on the work, in the units of
// align.Limits.MaxWork, that the interpreter spends scoring gold against
// cand under a schema of shape sh (one pass; multiply by the nesting depth
// plus 2 for the match tree of a repair, as WithinLimits does). It is
// computed per aligned collection rather than over the whole documents, so
// that it stays within a small factor of the real work for documents of
// many arrays:
//
//   - a pair of values of another kind, or of scalars, is bounded by the
//     product F(a)·F(b) of a size F that counts every value √(2 + 2·branches)
//     (an align call, a union's branch tests, the JSON-value rule's
//     min(size)), every object key and array element once more, and a
//     string's bytes as its comparator's cost grows with them;
//   - a pair of objects spends its key matrix n·m (and its assignment) and, for its members, at
//     most the sum over the best pairing of the members' bounds: the
//     namesakes' when both have the same keys, else at most Σ_k max_l (and
//     Σ_l max_k) of the member pairs' bounds, as each gold member meets at
//     most one candidate member;
//   - a pair of arrays spends its matrix n·m, its assignment's relaxations
//     beyond it (align.AssignmentWork) and every cell (a_i, b_j); a
//     cell of two objects is at most 1 + n_i·m_j + Σ_s F_s(a_i)·F_s(b_j)
//     with the members' sizes sorted in decreasing order (the
//     rearrangement inequality bounds every pairing of members), so the
//     cells of the whole matrix sum to products of per-array sums;
//   - each scope's pre-pass aligns every gold record with every candidate
//     record of one record path: at most the largest such record matrix of
//     the two documents, with its assignment (records are the elements of the arrays at one path,
//     keys taken as they are).
//
// A member that one side of an object pair lacks may be filled on that side
// (docs/SCORING.md §6.10) with null or one of sh.Fills: the key matrix
// counts the filled keys, and the member pairs a filled value of the
// largest fill's size. The bound is +Inf when computing it would itself
// cost more than a few passes over the values.
func WorkBound(gold, cand jsonval.Value, sh Shape) float64 {
	w, _ := workBound(gold, cand, sh)
	return w
}

// workBound is WorkBound and the largest number of elements of the arrays
// at one path of either document (the record set of a scope is at most
// that).
func workBound(gold, cand jsonval.Value, sh Shape) (float64, int) {
	b := &bounder{sh: sh, unit: 1 + 2*float64(sh.Branches), c: math.Sqrt(2 + 2*float64(sh.Branches)), budget: 64 + 16*(align64(gold)+align64(cand)),
		memo: map[*jsonval.Value]*agg{}}
	b.longKeys = maxKey(gold) > 64 || maxKey(cand) > 64
	b.fill = b.c // null
	for _, v := range sh.Fills {
		b.fill = max(b.fill, b.size(v))
	}
	w := b.pair(gold, cand)
	groupsG := map[string]*agg{}
	groupsP := map[string]*agg{}
	b.records(gold, "", groupsG)
	b.records(cand, "", groupsP)
	records := 0
	for _, g := range groupsG {
		records = max(records, int(g.n))
	}
	for _, g := range groupsP {
		records = max(records, int(g.n))
	}
	if sh.Scopes > 0 {
		worst := w // a scope whose records are the roots
		for path, ag := range groupsG {
			ap, ok := groupsP[path]
			if !ok {
				continue
			}
			worst = max(worst, ag.n*ap.n+align.AssignmentWork(int(ag.n), int(ap.n))+ag.dot(ap, b.unit, b.fill))
		}
		w += float64(sh.Scopes) * worst
	}
	if b.budget < 0 || math.IsNaN(w) {
		return math.Inf(1), records
	}
	return w, records
}

// align64 counts the values of v, for the bounder's budget.
func align64(v jsonval.Value) float64 {
	n := 1.0
	for _, e := range v.Arr {
		n += align64(e)
	}
	for _, m := range v.Obj {
		n += align64(m.Value)
	}
	return n
}

// maxKey is the length in bytes of the longest object key in v.
func maxKey(v jsonval.Value) int {
	n := 0
	for _, e := range v.Arr {
		n = max(n, maxKey(e))
	}
	for _, m := range v.Obj {
		n = max(n, len(m.Key), maxKey(m.Value))
	}
	return n
}

type bounder struct {
	sh       Shape
	unit     float64 // the work of one align call: 1, +2 per union branch
	c        float64 // F of a value before its children and strings: √(2 + 2·branches)
	longKeys bool    // a key over 64 bytes: Jaro on keys is charged
	budget   float64 // steps left before the bound gives up
	fill     float64 // F of the largest value a lacking member is filled with
	// memo holds the cell sums of the arrays already met, by their first
	// element (an object pair meets each member array once per member of
	// the other side).
	memo map[*jsonval.Value]*agg
}

// size is F(v): work(a, b) ≤ F(a)·F(b) for every pair.
func (b *bounder) size(v jsonval.Value) float64 {
	b.budget--
	f := b.c
	switch v.Kind {
	case jsonval.String:
		f += b.str(len(v.S))
	case jsonval.Array:
		f += float64(len(v.Arr))
		for _, e := range v.Arr {
			f += b.size(e)
		}
	case jsonval.Object:
		f += float64(len(v.Obj))
		for _, m := range v.Obj {
			f += b.key(len(m.Key)) + b.size(m.Value)
		}
	}
	return f
}

// str is a string's share of F: (|a|+|b|)/16 bytes plus the comparator's
// quadratic work (⌈min/64⌉·max for the bit-parallel ones beyond 64 bytes,
// |a|·|b| for Damerau–Levenshtein), each a cross term of the product.
func (b *bounder) str(n int) float64 {
	x := float64(n) / 16
	if n > 64 {
		x += math.Ceil(float64(n)/64) + float64(n)
	}
	if b.sh.Damerau {
		x += float64(n)
	}
	return x
}

// key is a key's share of F: keys are compared by Jaro (charged) only when
// one is longer than 64 bytes.
func (b *bounder) key(n int) float64 {
	if !b.longKeys {
		return 0
	}
	return math.Ceil(float64(n)/64) + float64(n)
}

// pair bounds the work of aligning a against b.
func (b *bounder) pair(a, p jsonval.Value) float64 {
	b.budget--
	if b.budget < 0 {
		return math.Inf(1)
	}
	switch {
	case a.Kind == jsonval.Object && p.Kind == jsonval.Object:
		if sameKeys(a.Obj, p.Obj) {
			n := len(a.Obj)
			w := b.unit + float64(n)*float64(n)
			if b.longKeys {
				var ka float64
				for _, x := range a.Obj {
					ka += b.key(len(x.Key))
				}
				w += ka * ka
			}
			// Two objects with the same key set pair every key with its
			// namesake: any other pairing has a smaller key similarity
			// (docs/SCORING.md §6.1), and nothing is filled.
			for _, x := range a.Obj {
				y, _ := p.Get(x.Key)
				w += b.pair(x.Value, y)
			}
			return w
		}
		return b.objects(a.Obj, p.Obj)
	case a.Kind == jsonval.Array && p.Kind == jsonval.Array:
		n, m := float64(len(a.Arr)), float64(len(p.Arr))
		if n == 0 || m == 0 {
			return b.unit
		}
		ga, gp := b.elements(a.Arr), b.elements(p.Arr)
		return b.unit + n*m + align.AssignmentWork(len(a.Arr), len(p.Arr)) + ga.dot(gp, b.unit, b.fill)
	}
	return b.size(a) * b.size(p)
}

// objects bounds the work of aligning two objects whose key sets differ.
// Each side may gain, filled (docs/SCORING.md §6.10), the keys only the
// other side has: the rows and columns of the member pairs are the
// members and those fills, each gold member meets at most one candidate
// member and conversely.
func (b *bounder) objects(a, p []jsonval.Member) float64 {
	onlyA, onlyP := lacking(a, p), lacking(p, a)
	n, m := len(a)+len(onlyP), len(p)+len(onlyA)
	w := b.unit + float64(n)*float64(m) + align.AssignmentWork(n, m)
	if b.longKeys {
		var ka, kp, extra float64
		for _, x := range a {
			ka += b.key(len(x.Key))
		}
		for _, y := range p {
			kp += b.key(len(y.Key))
		}
		for _, k := range onlyA {
			extra += b.key(len(a[k].Key))
		}
		for _, k := range onlyP {
			extra += b.key(len(p[k].Key))
		}
		w += (ka + extra) * (kp + extra)
	}
	if n == 0 || m == 0 {
		return w
	}
	sizeA := make([]float64, len(a))
	for i, x := range a {
		sizeA[i] = b.size(x.Value)
	}
	sizeP := make([]float64, len(p))
	for j, y := range p {
		sizeP[j] = b.size(y.Value)
	}
	// Rows: a's members, then a's fills; columns: p's members, then p's
	// fills. A fill against a value is bounded by the product of sizes.
	rowMax := make([]float64, n)
	colMax := make([]float64, m)
	for i, x := range a {
		for j, y := range p {
			c := b.pair(x.Value, y.Value)
			rowMax[i] = max(rowMax[i], c)
			colMax[j] = max(colMax[j], c)
		}
	}
	ff := b.fill * b.fill
	for i := range a {
		if len(onlyA) > 0 {
			rowMax[i] = max(rowMax[i], sizeA[i]*b.fill)
		}
	}
	for j := range p {
		if len(onlyP) > 0 {
			colMax[j] = max(colMax[j], sizeP[j]*b.fill)
		}
	}
	for r := len(a); r < n; r++ {
		for j := range p {
			rowMax[r] = max(rowMax[r], sizeP[j]*b.fill)
		}
		if len(onlyA) > 0 {
			rowMax[r] = max(rowMax[r], ff)
		}
	}
	for c := len(p); c < m; c++ {
		for i := range a {
			colMax[c] = max(colMax[c], sizeA[i]*b.fill)
		}
		if len(onlyP) > 0 {
			colMax[c] = max(colMax[c], ff)
		}
	}
	var rs, cs float64
	for _, x := range rowMax {
		rs += x
	}
	for _, x := range colMax {
		cs += x
	}
	return w + min(rs, cs)
}

// lacking returns the indices of the members of a whose key b lacks.
func lacking(a, b []jsonval.Member) []int {
	var out []int
	for i, x := range a {
		found := false
		for _, y := range b {
			if y.Key == x.Key {
				found = true
				break
			}
		}
		if !found {
			out = append(out, i)
		}
	}
	return out
}

// sameKeys reports whether two member lists have the same keys (the
// decoder keeps one member per key).
func sameKeys(a, b []jsonval.Member) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 16 {
		keys := make(map[string]bool, len(b))
		for _, y := range b {
			keys[y.Key] = true
		}
		for _, x := range a {
			if !keys[x.Key] {
				return false
			}
		}
		return true
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if y.Key == x.Key {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// agg sums the cell bounds of the elements of an array (or of the records
// of one path) so that a whole matrix of cells is bounded by products of
// sums: a cell (x, y) is at most unit + n_x·n_y + F(x)·F(y) for scalars and
// arrays (the F term), and unit + n_x·n_y + Σ_s F_s(x)·F_s(y) for two
// objects (members' sizes sorted, the slots).
type agg struct {
	n     float64   // elements
	keys  float64   // Σ n_x over containers
	keys2 float64   // Σ n_x² over objects
	memF  float64   // Σ over objects of their members' sizes
	whole float64   // Σ F(x) over non-objects
	objF  float64   // Σ F(x) over objects (against a non-object)
	slots []float64 // Σ over objects of the s-th largest member size
	kt    float64   // Σ over objects of their keys' Jaro share
}

func (b *bounder) elements(xs []jsonval.Value) *agg {
	if g, ok := b.memo[&xs[0]]; ok {
		return g
	}
	g := &agg{}
	for _, x := range xs {
		b.add(g, x)
	}
	b.memo[&xs[0]] = g
	return g
}

func (b *bounder) add(g *agg, x jsonval.Value) {
	g.n++
	switch x.Kind {
	case jsonval.Object:
		g.keys += float64(len(x.Obj))
		g.keys2 += float64(len(x.Obj)) * float64(len(x.Obj))
		var small [8]float64 // the members' sizes, on the stack for small objects
		fs := small[:0]
		if len(x.Obj) > len(small) {
			fs = make([]float64, 0, len(x.Obj))
		}
		fs = fs[:len(x.Obj)]
		f := b.c + float64(len(x.Obj))
		for k, m := range x.Obj {
			fs[k] = b.size(m.Value)
			kt := b.key(len(m.Key))
			g.kt += kt
			f += fs[k] + kt
			g.memF += fs[k]
		}
		g.objF += f
		slices.Sort(fs)
		slices.Reverse(fs)
		for len(g.slots) < len(fs) {
			g.slots = append(g.slots, 0)
		}
		for s, v := range fs {
			g.slots[s] += v
		}
	case jsonval.Array:
		g.keys += float64(len(x.Arr))
		g.whole += b.size(x)
	default:
		g.whole += b.size(x)
	}
}

// dot bounds the sum of the cells of the matrix g × h: per cell the
// record's unit, the product of the children counts (key or cell matrix),
// and the children's bounds; an object against a non-object is bounded by
// the product of sizes. Two objects x, y may gain filled members (at most
// the other's keys, each of size at most fill, docs/SCORING.md §6.10): their
// key matrix is at most (n_x + n_y)², and a member pair with a fill on one
// or both sides at most its size times fill, or fill².
func (g *agg) dot(h *agg, unit, fill float64) float64 {
	w := g.n*h.n*unit + g.keys*h.keys + g.kt*h.kt
	w += h.n*g.keys2 + g.n*h.keys2 + g.keys*h.keys // (n_x + n_y)² = n_x² + n_y² + 2·n_x·n_y
	w += fill*(h.n*g.memF+g.n*h.memF) + fill*fill*(h.n*g.keys+g.n*h.keys)
	w += g.whole*(h.whole+h.objF) + g.objF*h.whole
	for s := range min(len(g.slots), len(h.slots)) {
		w += g.slots[s] * h.slots[s]
	}
	return w
}

// records groups the elements of every array of v by their path (array
// indices left out, keys kept), the places a scope's records can be.
func (b *bounder) records(v jsonval.Value, path string, groups map[string]*agg) {
	switch v.Kind {
	case jsonval.Array:
		p := path + "/*"
		g := groups[p]
		if g == nil {
			g = &agg{}
			groups[p] = g
		}
		// The elements' member paths, built once for the keys the
		// previous element had at the same position (the records of an
		// array mostly share their keys and their order).
		var keys, paths []string
		for _, e := range v.Arr {
			b.add(g, e)
			if e.Kind != jsonval.Object {
				b.records(e, p, groups)
				continue
			}
			for k, m := range e.Obj {
				if k == len(keys) {
					keys, paths = append(keys, ""), append(paths, "")
				}
				if keys[k] != m.Key || paths[k] == "" {
					keys[k], paths[k] = m.Key, p+"/"+escapeKey(m.Key)
				}
				b.records(m.Value, paths[k], groups)
			}
		}
	case jsonval.Object:
		for _, m := range v.Obj {
			b.records(m.Value, path+"/"+escapeKey(m.Key), groups)
		}
	}
}

// escapeKey escapes a key as a JSON Pointer token, so that "*" and "/" in
// keys cannot merge two paths.
func escapeKey(k string) string {
	out := make([]byte, 0, len(k)+1)
	out = append(out, 'k')
	for i := 0; i < len(k); i++ {
		switch k[i] {
		case '~':
			out = append(out, '~', '0')
		case '/':
			out = append(out, '~', '1')
		default:
			out = append(out, k[i])
		}
	}
	return string(out)
}
