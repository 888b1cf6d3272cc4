package interp

import (
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// rowMemo keeps, during the evaluations of the bijection search
// (docs/SCORING.md §7.12), the rows of the cell matrices the evaluations
// fill (cellScores), each with the bijection lookups it made (kernelRef,
// alignRef). Every evaluation is a score-only main pass of the same pair
// under other bijections, and a cell's score depends on the bijections
// only through those lookups: the candidate id sets, the masking and the
// scope being derived do not change during the search. A row whose every
// lookup gives the same answer under the bijections installed now scores
// the same, and is copied instead of computed; the others are computed
// again, and logged again. Like searchMemo, the memo is read only in the
// evaluations, whose work is not charged (replay): the main pass after the
// search computes every row again and charges its work. A row that failed
// or warned is not kept, and the rows of a matrix nested in a row being
// logged are not memoised on their own (their lookups are the enclosing
// row's).
type rowMemo struct {
	index   map[memoKey]int
	entries []rowEntry
}

// rowEntry is the memo of one matrix: its cells as last filled, and per
// row whether they are kept and the lookups they made.
type rowEntry struct {
	M    []float64
	kept []bool
	deps [][]bijDep
}

// bijDep is one lookup of a bijection: the gold identifier g of scope, and
// its answer — whether g is in the bijection, whether it has an image, and
// the image's key (JSON equality is all a reference leaf compares it by).
type bijDep struct {
	scope     int
	g         idKey
	found, ok bool
	img       idKey
}

// logDep appends a lookup of the bijection of scope to the row being
// logged.
func (c *call) logDep(scope int, g idKey, mv mapped, found bool) {
	d := bijDep{scope: scope, g: g, found: found, ok: mv.ok}
	if mv.ok {
		d.img = keyOf(mv.v)
	}
	c.deps = append(c.deps, d)
}

// depsHold reports whether every lookup of deps gives the same answer under
// the bijections installed now.
func (c *call) depsHold(deps []bijDep) bool {
	for i := range deps {
		d := &deps[i]
		mv, found := c.bij[d.scope].m.get(d.g)
		if found != d.found || mv.ok != d.ok || (mv.ok && keyOf(mv.v) != d.img) {
			return false
		}
	}
	return true
}

// rowEntry returns the memo of the matrix of G and P under items, nil
// outside the search's evaluations, inside a row being logged, and for
// empty matrices.
func (c *call) rowEntry(G, P []jsonval.Value, items *ir.Node) *rowEntry {
	if !c.rowsOn || c.logging || c.replay == 0 || c.deriving || c.s.genericCells || len(G) == 0 || len(P) == 0 {
		return nil
	}
	rm := &c.rows
	if rm.index == nil {
		rm.index = map[memoKey]int{}
	}
	key := memoKey{S: items, g: &G[0], p: &P[0], gn: len(G), pn: len(P), depth: c.depth}
	if x, ok := rm.index[key]; ok {
		return &rm.entries[x]
	}
	n, m := len(G), len(P)
	x := len(rm.entries)
	if x < cap(rm.entries) {
		rm.entries = rm.entries[:x+1]
	} else {
		rm.entries = append(rm.entries, rowEntry{})
	}
	rm.index[key] = x
	e := &rm.entries[x]
	e.M = resizedF(e.M, n*m)
	e.kept = e.kept[:0]
	for range n {
		e.kept = append(e.kept, false)
	}
	for len(e.deps) < n {
		e.deps = append(e.deps, nil)
	}
	return e
}

// reuse copies row i of the memo into M (m columns) when it is kept and its
// lookups hold, reporting whether it did.
func (e *rowEntry) reuse(c *call, i, m int, M []float64) bool {
	if !e.kept[i] || !c.depsHold(e.deps[i]) {
		return false
	}
	copy(M[i*m:i*m+m], e.M[i*m:i*m+m])
	return true
}

// reset drops the memo's entries, keeping their storage, and the values
// they hold (for the collector).
func (rm *rowMemo) reset() {
	clear(rm.index)
	for i := range rm.entries {
		e := &rm.entries[i]
		for r := range e.deps {
			clear(e.deps[r][:cap(e.deps[r])])
			e.deps[r] = e.deps[r][:0]
		}
	}
	rm.entries = rm.entries[:0]
}
