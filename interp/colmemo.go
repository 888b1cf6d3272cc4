package interp

import (
	"math"
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
)

// This file holds two refinements of the column kernel (kernel.go,
// kernelColumns), both exact (docs/PERFORMANCE.md, "Large documents",
// fourth round):
//
//   - the string memo: a string leaf under a built-in comparator other
//     than "exact" is compared once per distinct pair of gold and
//     candidate strings of its column in a matrix, not once per cell (a
//     person matrix of Org2Graph-500 holds 245,000 name cells for about
//     100,000 distinct pairs of names). The cell's work is the same as
//     that of the comparison it replaces, charged per cell as before.
//   - the link row: a row whose members are all identifiers, references
//     and exact leaves whose scores are 0 or 1 (the link records of a
//     knowledge graph) computes, per cell, the bit pattern of the members
//     that score 1 by integer comparisons alone, and its score from the
//     row's table of patterns (kernelRow.table), without writing the
//     member scores out.
//
// Custom comparators are never memoised: the memo would call them fewer
// times than the generic path does.

// memoMax bounds the entries of a matrix's string memo (16 bytes each);
// a gold string met when the memo is full is compared per cell.
const memoMax = 1 << 20

// memoEntry is one memoised comparison: the thresholded score and one
// more than the work of the cell's member (0: not computed yet, so that
// new entries are zeroed memory).
type memoEntry struct {
	s  float64
	w1 int64
}

// stringKey is a gold string of a column (stringMemo).
type stringKey struct {
	col int
	s   string
}

// stringMemo is the string memo of one matrix (per kernelScratch, so that
// the goroutines of the parallel fill have their own).
type stringMemo struct {
	// local[k][j]: the index of candidate j's string among the distinct
	// strings of column k (nil until column k is first memoised; -1: j
	// has no string there); nloc[k] their number.
	local [][]int32
	nloc  []int
	tmp   []int32 // interned code → local index, while a column is built
	rows  map[stringKey]int
	ents  []memoEntry
}

// reset empties the memo for a matrix of np columns.
func (sm *stringMemo) reset(np int) {
	for len(sm.local) < np {
		sm.local = append(sm.local, nil)
		sm.nloc = append(sm.nloc, 0)
	}
	for k := range sm.local {
		sm.local[k] = sm.local[k][:0]
	}
	clear(sm.rows)
	sm.ents = sm.ents[:0]
}

// column returns the local indices of column k, building them once per
// matrix.
func (sm *stringMemo) column(kc *kernelColumns, k int) []int32 {
	m := len(kc.ok)
	if len(sm.local[k]) == m && m > 0 {
		return sm.local[k]
	}
	tmp := sm.tmp[:0]
	for range len(kc.codes) {
		tmp = append(tmp, -1)
	}
	sm.tmp = tmp
	loc := sm.local[k][:0]
	n := int32(0)
	for j := range m {
		x := int32(-1)
		if kc.ok[j] && kc.keys[j]&(1<<k) != 0 {
			g := kc.code[j*kc.np+k]
			if tmp[g] < 0 {
				tmp[g] = n
				n++
			}
			x = tmp[g]
		}
		loc = append(loc, x)
	}
	sm.local[k], sm.nloc[k] = loc, int(n)
	return loc
}

// entries returns the offset of the entries of gold string s in column k
// (one per distinct candidate string of the column), or -1 when the memo
// is full.
func (sm *stringMemo) entries(kc *kernelColumns, k int, s string) int {
	sm.column(kc, k)
	key := stringKey{k, s}
	if off, ok := sm.rows[key]; ok {
		return off
	}
	if len(sm.ents)+sm.nloc[k] > memoMax {
		return -1
	}
	if sm.rows == nil {
		sm.rows = map[stringKey]int{}
	}
	off := len(sm.ents)
	sm.ents = slices.Grow(sm.ents, sm.nloc[k])[:off+sm.nloc[k]]
	clear(sm.ents[off:])
	sm.rows[key] = off
	return off
}

// memoCompare is columnCell's comparison of a string member through the
// memo: the thresholded score and the member's work, or false when the
// comparator fails (the cell then takes the generic path, which reports
// the error).
func (ks *kernelScratch) memoCompare(km *kernelMember, j int, gv, pv string) (float64, int64, bool) {
	e := &ks.memo.ents[km.memo+int(ks.memo.local[km.col][j])]
	if e.w1 == 0 {
		x, err := km.str.Compare(nil, gv, pv)
		if err != nil {
			return 0, 0, false
		}
		e.s = align.ApplyThreshold(x, km.sub.Threshold)
		e.w1 = 1 + int64(len(gv)+len(pv))/16 + costOf(km.cost, gv, pv)
	}
	return e.s, e.w1 - 1, true
}

// linkFits reports whether a fast row may take linkCell: a table of
// patterns, and every member an identifier, a reference or an exact leaf
// whose two scores are +0 and 1.
func linkFits(row *kernelRow) bool {
	if len(row.table) == 0 {
		return false
	}
	for r := range row.members {
		km := &row.members[r]
		switch km.kind {
		case kernelID, kernelRef:
		case kernelString:
			if km.name != "exact" || math.Float64bits(km.t0) != 0 || math.Float64bits(km.t1) != one {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// linkCell is columnCell for a link row (row.link): the cell's work and
// the pattern of its members that score 1 (bit r: member r), or false
// when the cell must take kernelCell or the generic path.
func linkCell(ks *kernelScratch, row *kernelRow, j int) (work int64, mask int, ok bool) {
	kc := &ks.cols
	if !kc.ok[j] || kc.keys[j] != row.keys {
		return 0, 0, false
	}
	np := kc.np
	code, str := kc.code[j*np:j*np+np], kc.str[j*np:j*np+np]
	work = row.base
	for r := range row.members {
		km := &row.members[r]
		switch km.kind {
		case kernelID:
			mask |= 1 << r
		case kernelRef:
			if km.masked || (km.code >= 0 && code[km.col] == km.code) {
				mask |= 1 << r
			}
		default: // an exact leaf
			work += int64(len(km.gv.S)+len(str[km.col])) / 16
			if km.code >= 0 && code[km.col] == km.code {
				mask |= 1 << r
			}
		}
	}
	return work, mask, true
}

// linkScore is the score of a link row's cell whose pattern is mask, as
// kernelCombine computes it from the member scores.
func linkScore(ks *kernelScratch, row *kernelRow, mask int, items *ir.Node, ref bool) float64 {
	if row.known[mask] {
		return row.table[mask]
	}
	w, v := ks.w[:0], ks.v[:0]
	for r := range row.members {
		w = append(w, row.members[r].weight)
		v = append(v, float64(mask>>r&1))
	}
	ks.w, ks.v = w, v
	row.table[mask], row.known[mask] = combineRecord(ks, row, items, ref), true
	return row.table[mask]
}

// linkMember is the part of a link row's member that linkRow reads: its
// column, the code a candidate must hold there to score 1 (-1: none does),
// and for an exact leaf the length of the gold string (-1: an identifier
// or a reference, which charge no bytes).
type linkMember struct {
	col, code int32
	always    bool // an identifier or a masked reference: 1 whatever the candidate holds
	lg        int
}

// linkRow fills the cells of a link row (row.link) into M, one per
// candidate, as linkCell and linkScore would, and returns their work,
// charging nothing; false when a cell must take kernelCell or the generic
// path (the caller then fills the row cell by cell, overwriting M). The
// caller charges the row as the parallel fill does (chargeRow).
func linkRow(ks *kernelScratch, row *kernelRow, M []float64, items *ir.Node, ref bool) (int64, bool) {
	lm := ks.link[:0]
	for r := range row.members {
		km := &row.members[r]
		x := linkMember{col: int32(km.col), code: km.code, lg: -1}
		switch km.kind {
		case kernelID:
			x.always = true
		case kernelRef:
			x.always = km.masked
		default:
			x.lg = len(km.gv.S)
		}
		lm = append(lm, x)
	}
	ks.link = lm
	kc := &ks.cols
	np := kc.np
	sum := int64(0)
	for j := range M {
		if !kc.ok[j] || kc.keys[j] != row.keys {
			return 0, false
		}
		code, str := kc.code[j*np:j*np+np], kc.str[j*np:j*np+np]
		work, mask := row.base, 0
		for r := range lm {
			x := &lm[r]
			if x.lg >= 0 {
				work += int64(x.lg+len(str[x.col])) / 16
			}
			if x.always || (x.code >= 0 && code[x.col] == x.code) {
				mask |= 1 << r
			}
		}
		sum += work
		if row.known[mask] {
			M[j] = row.table[mask]
		} else {
			M[j] = linkScore(ks, row, mask, items, ref)
		}
	}
	return sum, true
}
