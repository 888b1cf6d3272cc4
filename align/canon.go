package align

import (
	"cmp"
	"math"
	"math/bits"

	"github.com/objectaligner/oagen/jsonval"
)

// This file holds the canonical tie rules of the default profile
// (docs/SCORING.md §5.8, §7.13): before an assignment is solved, the
// candidate columns of its matrix are put into an order that depends only
// on values, so that the solver sees the same matrix however the candidate
// listed its elements, members or records, and breaks its ties the same
// way.

// Canon is reusable storage for CanonicalColumns. The zero value is ready
// to use.
type Canon struct {
	perm, rows, tmp []int
	h               []uint64
}

// CanonicalColumns returns the columns of the n×m row-major matrix M in
// canonical order (perm[c] is the column placed at c) and whether that
// order is the identity. Columns are ordered by their values, row by row
// (through a hash of the whole column first; equal hashes are compared in
// full); columns with equal values by tie (nil: none), then by position.
// The result is owned by cn until its next call.
//
// Permuting the columns of M (with tie following them) permutes perm the
// same way except among columns that compare equal on values and tie.
func (cn *Canon) CanonicalColumns(M []float64, n, m int, tie func(a, b int) int) ([]int, bool) {
	perm, h := cn.startColumns(m)
	if m < 2 {
		return perm, true
	}
	for i := range n {
		row := M[i*m : (i+1)*m]
		for j, x := range row {
			h[j] = mixHash(h[j], math.Float64bits(x+0)) // x+0: -0 hashes as 0
		}
	}
	return cn.sortColumns(perm, h, tie, func(a, b int) int {
		for i := range n {
			if c := cmp.Compare(M[i*m+a], M[i*m+b]); c != 0 {
				return c
			}
		}
		return 0
	})
}

// CanonicalColumnsCoded is CanonicalColumns of the n×m matrix whose entry
// (i, j) is values[codes[i*m+j]] (a matrix of few distinct scores held as
// one byte a cell): the same order, hash and comparisons included, read
// from the codes.
func (cn *Canon) CanonicalColumnsCoded(codes []uint8, values *[256]float64, n, m int, tie func(a, b int) int) ([]int, bool) {
	perm, h := cn.startColumns(m)
	if m < 2 {
		return perm, true
	}
	var hv [256]uint64
	for k, x := range values {
		hv[k] = math.Float64bits(x + 0) // x+0: -0 hashes as 0
	}
	for i := range n {
		row := codes[i*m : (i+1)*m]
		for j, x := range row {
			h[j] = mixHash(h[j], hv[x])
		}
	}
	return cn.sortColumns(perm, h, tie, func(a, b int) int {
		for i := range n {
			if c := cmp.Compare(values[codes[i*m+a]], values[codes[i*m+b]]); c != 0 {
				return c
			}
		}
		return 0
	})
}

// startColumns returns the identity order of m columns and, for m ≥ 2,
// their hashes set to 0, both in cn's storage.
func (cn *Canon) startColumns(m int) ([]int, []uint64) {
	perm := cn.perm[:0]
	for j := range m {
		perm = append(perm, j)
	}
	cn.perm = perm
	if m < 2 {
		return perm, nil
	}
	h := cn.h[:0]
	for range m {
		h = append(h, 0)
	}
	cn.h = h
	return perm, h
}

// sortColumns sorts perm (stably) by the columns' hashes h, then by values
// (the columns compared row by row), then by tie (nil: none), then by
// position, and reports whether the order is the identity.
func (cn *Canon) sortColumns(perm []int, h []uint64, tie, values func(a, b int) int) ([]int, bool) {
	cn.tmp = mergeSort(perm, cn.tmp, func(a, b int) int {
		if h[a] != h[b] {
			return cmp.Compare(h[a], h[b])
		}
		if c := values(a, b); c != 0 {
			return c
		}
		if tie != nil {
			if c := tie(a, b); c != 0 {
				return c
			}
		}
		return cmp.Compare(a, b)
	})
	for c, j := range perm {
		if c != j {
			return perm, false
		}
	}
	return perm, true
}

// PermuteMatrix writes into dst (n×m) the matrix M with its rows in the
// order rows and its columns in the order cols (nil: as they are):
// dst[r][c] = M[rows[r]][cols[c]].
func PermuteMatrix(dst, M []float64, n, m int, rows, cols []int) {
	for r := range n {
		i := r
		if rows != nil {
			i = rows[r]
		}
		src, out := M[i*m:(i+1)*m], dst[r*m:(r+1)*m]
		if cols == nil {
			copy(out, src)
			continue
		}
		for c, j := range cols {
			out[c] = src[j]
		}
	}
}

// PermuteColumnsInPlace puts the columns of the n×m matrix M in the order
// perm (M[i][c] becomes M[i][perm[c]]), or, with undo, back from that order,
// row by row through buf (m entries; grown as needed and returned), so
// that no second matrix is needed.
//
//go:noinline
func PermuteColumnsInPlace(M []float64, n, m int, perm []int, buf []float64, undo bool) []float64 {
	if cap(buf) < m {
		buf = make([]float64, m)
	}
	buf = buf[:m]
	for i := range n {
		row := M[i*m : (i+1)*m]
		copy(buf, row)
		if undo {
			for c, j := range perm {
				row[j] = buf[c]
			}
		} else {
			for c, j := range perm {
				row[c] = buf[j]
			}
		}
	}
	return buf
}

// UnpermuteAssignment writes into dst (len(assign) entries) the assignment
// of the original matrix that assign, an assignment of the matrix
// PermuteMatrix made with rows and cols (nil: as they are), stands for;
// padding rows (≥ len(rows)) and columns (≥ len(cols)) stay as they are.
func UnpermuteAssignment(dst, assign []int, rows, cols []int) {
	for r, c := range assign {
		if cols != nil && c < len(cols) {
			c = cols[c]
		}
		if rows != nil && r < len(rows) {
			r = rows[r]
		}
		dst[r] = c
	}
}

// mixHash folds x into the hash h.
func mixHash(h, x uint64) uint64 {
	h ^= x
	h *= 0x9e3779b97f4a7c15
	h = bits.RotateLeft64(h, 29)
	return h * 0xbf58476d1ce4e5b9
}

// finalize spreads the bits of a hash (splitmix64's finalizer).
func finalize(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// ValueHash is a hash of a JSON value that does not depend on the order of
// its arrays' elements nor of its objects' members (arrays hash as
// multisets, objects as sets of members), with numbers hashed by value (2
// and 2.0 alike). It is the last value rule of the canonical tie order
// (docs/SCORING.md §5.8): two values with the same hash are taken as equal.
func ValueHash(v jsonval.Value) uint64 {
	switch v.Kind {
	case jsonval.Null:
		return finalize(1)
	case jsonval.Bool:
		if v.B {
			return finalize(3)
		}
		return finalize(2)
	case jsonval.Int, jsonval.Float:
		f := v.Float64()
		if f == math.Trunc(f) && math.Abs(f) < 1<<63 && v.Kind == jsonval.Int && v.Big == nil {
			return finalize(mixHash(4, uint64(v.I)))
		}
		if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
			return finalize(mixHash(4, uint64(int64(f))))
		}
		return finalize(mixHash(5, math.Float64bits(f+0)))
	case jsonval.String:
		return finalize(mixHash(6, StringHash(v.S)))
	case jsonval.Array:
		var sum uint64
		for _, e := range v.Arr {
			sum += finalize(ValueHash(e))
		}
		return finalize(mixHash(mixHash(7, uint64(len(v.Arr))), sum))
	case jsonval.Object:
		var sum uint64
		for _, mb := range v.Obj {
			sum += finalize(mixHash(StringHash(mb.Key), ValueHash(mb.Value)))
		}
		return finalize(mixHash(mixHash(8, uint64(len(v.Obj))), sum))
	}
	return 0
}

// StringHash is FNV-1a of s.
func StringHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CanonicalKeys returns the gold and the candidate members of an object
// in canonical order for the pairing of their keys (docs/SCORING.md §5.8):
// by key, byte by byte, then by position; nil for a side already in that
// order. The results are owned by cn until its next call.
func (cn *Canon) CanonicalKeys(gold, cand []jsonval.Member) (rows, cols []int) {
	rows = cn.canonicalStrings(&cn.rows, len(gold), func(i int) string { return gold[i].Key })
	cols = cn.canonicalStrings(&cn.perm, len(cand), func(j int) string { return cand[j].Key })
	return rows, cols
}

// CanonicalStrings is CanonicalKeys for n gold and m candidate keys read
// through gold and cand.
func (cn *Canon) CanonicalStrings(n, m int, gold, cand func(i int) string) (rows, cols []int) {
	return cn.canonicalStrings(&cn.rows, n, gold), cn.canonicalStrings(&cn.perm, m, cand)
}

// canonicalStrings orders m keys read through key (stably), in *buf; nil
// when they already are in order.
func (cn *Canon) canonicalStrings(buf *[]int, m int, key func(j int) string) []int {
	sorted := true
	for j := 1; j < m && sorted; j++ {
		sorted = key(j-1) <= key(j)
	}
	if sorted {
		return nil
	}
	perm := (*buf)[:0]
	for j := range m {
		perm = append(perm, j)
	}
	*buf = perm
	cn.tmp = mergeSort(perm, cn.tmp, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
	return perm
}

// CompareValues is the canonical order of JSON values (docs/SCORING.md
// §5.8), the last value rule of the canonical tie order: null, then
// false and true, numbers by value (2 and 2.0 are equal), strings byte by
// byte, arrays, objects. Arrays compare as multisets: their elements, each
// side in canonical order, element by element, the shorter first when one
// is a prefix of the other. Objects compare by their members in key order:
// key by key, then value by value, the one with fewer members first on a
// common prefix. It is 0 exactly for values that are equal up to the order
// of their arrays' elements and objects' members.
func CompareValues(a, b jsonval.Value) int {
	ka, kb := valueRank(a), valueRank(b)
	if ka != kb {
		return cmp.Compare(ka, kb)
	}
	switch a.Kind {
	case jsonval.Bool:
		return cmp.Compare(b2i(a.B), b2i(b.B))
	case jsonval.Int, jsonval.Float:
		return compareNumbers(a, b)
	case jsonval.String:
		return cmp.Compare(a.S, b.S)
	case jsonval.Array:
		ea, eb := sortedElems(a.Arr), sortedElems(b.Arr)
		for i := range min(len(ea), len(eb)) {
			if c := CompareValues(a.Arr[ea[i]], b.Arr[eb[i]]); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(ea), len(eb))
	case jsonval.Object:
		ma, mb := sortedMembers(a.Obj), sortedMembers(b.Obj)
		for i := range min(len(ma), len(mb)) {
			x, y := a.Obj[ma[i]], b.Obj[mb[i]]
			if c := cmp.Compare(x.Key, y.Key); c != 0 {
				return c
			}
			if c := CompareValues(x.Value, y.Value); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(ma), len(mb))
	}
	return 0
}

func valueRank(v jsonval.Value) int {
	switch v.Kind {
	case jsonval.Null:
		return 0
	case jsonval.Bool:
		return 1
	case jsonval.Int, jsonval.Float:
		return 2
	case jsonval.String:
		return 3
	case jsonval.Array:
		return 4
	}
	return 5
}

// compareNumbers compares two numbers by value: integers of int64 range
// exactly, anything else as float64.
func compareNumbers(a, b jsonval.Value) int {
	if a.Kind == jsonval.Int && b.Kind == jsonval.Int && a.Big == nil && b.Big == nil {
		return cmp.Compare(a.I, b.I)
	}
	return cmp.Compare(a.Float64()+0, b.Float64()+0)
}

// sortedElems returns the positions of xs in canonical order.
//
//go:noinline
func sortedElems(xs []jsonval.Value) []int {
	return sortedPositions(len(xs), func(a, b int) int { return CompareValues(xs[a], xs[b]) })
}

// sortedMembers returns the positions of xs in key order (members with
// one key, which Decode never produces, by position).
//
//go:noinline
func sortedMembers(xs []jsonval.Member) []int {
	return sortedPositions(len(xs), func(a, b int) int { return cmp.Compare(xs[a].Key, xs[b].Key) })
}

// sortedPositions returns 0..n-1 sorted by less, then by position.
func sortedPositions(n int, compare func(a, b int) int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	if n > 1 {
		mergeSort(p, nil, compare)
	}
	return p
}

// mergeSort sorts p stably by compare, with tmp as scratch (grown as
// needed and returned). A small merge sort rather than package slices, so
// that generated scorers link no sorting code of their own for it.
//
//go:noinline
func mergeSort(p, tmp []int, compare func(a, b int) int) []int {
	if cap(tmp) < len(p) {
		tmp = make([]int, len(p))
	}
	tmp = tmp[:len(p)]
	for width := 1; width < len(p); width *= 2 {
		for lo := 0; lo < len(p); lo += 2 * width {
			mid, hi := min(lo+width, len(p)), min(lo+2*width, len(p))
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				if compare(p[j], p[i]) < 0 {
					tmp[k], j = p[j], j+1
				} else {
					tmp[k], i = p[i], i+1
				}
				k++
			}
			k += copy(tmp[k:], p[i:mid])
			copy(tmp[k:], p[j:hi])
		}
		copy(p, tmp)
	}
	return tmp
}

// NullFirst orders JSON null before any other value: a and b report
// whether each of two values is null (docs/SCORING.md §5.8).
func NullFirst(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// CompareMembers is the canonical order of two keys a and b of an object
// (docs/SCORING.md §5.8): ia and ib are their positions among the
// properties the schema declares, -1 for a key it does not declare. A
// declared key comes before an undeclared one, two declared keys follow
// the schema's property order, and two undeclared keys compare by code
// point (the byte order of their UTF-8). The order is total on distinct
// keys, so the canonical order of an object's members depends only on its
// key set. The interpreter and generated code both order members by it.
func CompareMembers(ia, ib int, a, b string) int {
	switch {
	case ia >= 0 && ib >= 0:
		return cmp.Compare(ia, ib)
	case ia >= 0:
		return -1
	case ib >= 0:
		return 1
	}
	return cmp.Compare(a, b)
}
