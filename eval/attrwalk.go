package eval

import (
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
)

// attrRow is what one row of a case's attribution (align.Attribute,
// granularity leaf) adds to its path entry: its contribution to the
// entry's deficit and, for the rows that count a value, the value's class.
type attrRow struct {
	contribution float64
	node         *pathNode
	scope        string
	// class is the value's class; "" for a row that carries deficit only
	// (a key row, an identifier, an absent position, the row standing for
	// the children of an empty or all-zero container). wrongRef marks a
	// reference to the wrong record (counted wrong, and WrongReference).
	class    string
	wrongRef bool
}

// attrWalk makes the rows of a match tree's attribution as align.Attribute
// walks it, with the default options, but reduced to what the observation
// needs: each row's path is the node of its normalized path in t, carried
// down the walk with the schema node (as walkPaired carries them), instead
// of a JSON Pointer string normalized afterwards; no values are copied.
type attrWalk struct {
	o    *Observer
	t    *pathTrie
	rows []attrRow
}

// attrDelta is the contribution c·(1 − s) of a location, rounded as
// align's attribution rounds it (no fused multiply-add).
func attrDelta(c, s float64) float64 { return float64(c * (1 - s)) }

// node adds the rows of the subtree m at the path p, of schema node node,
// of effective weight c: align's attributor.node, step for step.
func (w *attrWalk) node(m *align.Match, p *pathNode, node *ir.Node, c float64) {
	switch m.Type {
	case align.LeafNode:
		w.leaf(m, p, node, c)
	case align.ListNode:
		if allAlphasZero(m.Children) {
			w.rows = append(w.rows, attrRow{contribution: attrDelta(c, m.Score), node: p, scope: scopeOf(node)})
			return
		}
		for i, ch := range m.Children {
			cm := ch.Match
			if cm == nil || ch.Role == align.RoleAbsent || (cm.Type == align.LeafNode && cm.Leaf == align.LeafAbsent) {
				continue
			}
			q, child := stepIndex(w.t, p, node, i)
			w.node(cm, q, child, float64(c*ch.Alpha))
		}
	case align.ObjectNode:
		if len(m.Entries) == 0 {
			w.rows = append(w.rows, attrRow{contribution: attrDelta(c, m.Score), node: p, scope: scopeOf(node)})
			return
		}
		for i := range m.Entries {
			e := &m.Entries[i]
			if e.KeyAlpha == 0 && e.Value == nil {
				continue // no row
			}
			key := e.GoldKey
			if !e.HasGoldKey {
				key = e.PredKey
			}
			tok, child := step(node, align.EscapePointerToken(key))
			q := w.t.child(p, tok)
			if e.KeyAlpha != 0 {
				ck := float64(c * e.KeyAlpha)
				w.rows = append(w.rows, attrRow{contribution: attrDelta(ck, e.KeyScore), node: q, scope: scopeOf(child)})
			}
			if e.Value == nil {
				continue
			}
			w.node(e.Value, q, child, float64(c*e.ValueAlpha))
		}
	}
}

// leaf adds the row of a leaf, classed as observeRow classes a leaf row.
func (w *attrWalk) leaf(m *align.Match, p *pathNode, node *ir.Node, c float64) {
	r := attrRow{contribution: attrDelta(c, m.Score), node: p, scope: scopeOf(node)}
	switch {
	case m.Leaf == align.LeafID || m.Leaf == align.LeafAbsent:
		// Identifiers always score 1 (their scope entry says how records
		// were paired); absent tuple positions are neither side's.
	case m.Leaf == align.LeafRef && m.HasGold && m.HasPred && !m.Gold.IsNull() && !m.Pred.IsNull():
		if m.Score >= 1 {
			r.class = ClassExact
		} else {
			r.class, r.wrongRef = ClassWrong, true
		}
	default:
		r.class = w.o.Class(m.HasGold && !m.Gold.IsNull(), m.HasPred && !m.Pred.IsNull(), m.Score)
	}
	w.rows = append(w.rows, r)
}

// observe adds the rows to their path entries in the attribution's order:
// by decreasing contribution, ties in walk order (align.Attribute's stable
// sort: slices.SortStableFunc orders by the comparisons alone, so sorting
// these rows with the same comparison gives the same order). That order
// is the order of the sums of the deficits and of the entries first seen.
//
// Without NaN the comparison is a strict weak order, under which every
// stable sort gives the same order: a short list takes an insertion sort
// (sortRowsShort). A NaN, which compares equal to everything, leaves the
// order to the algorithm, so then the rows take align's.
func (w *attrWalk) observe(obs *pathSet) {
	if !sortRowsShort(w.rows) {
		slices.SortStableFunc(w.rows, func(x, y attrRow) int {
			switch {
			case x.contribution > y.contribution:
				return -1
			case x.contribution < y.contribution:
				return 1
			}
			return 0
		})
	}
	for i := range w.rows {
		r := &w.rows[i]
		e := obs.node(r.node, r.scope)
		e.Deficit += r.contribution
		if r.class != "" {
			e.count(r.class)
			if r.wrongRef {
				e.WrongReference++
			}
		}
	}
}

// maxInsertionRows bounds the rows sortRowsShort sorts.
const maxInsertionRows = 64

// sortRowsShort sorts up to maxInsertionRows rows by decreasing
// contribution, stably, by insertion, and reports whether it did: it
// leaves longer lists, and lists with a NaN contribution, untouched.
func sortRowsShort(rows []attrRow) bool {
	if len(rows) > maxInsertionRows {
		return false
	}
	for i := range rows {
		if c := rows[i].contribution; c != c {
			return false
		}
	}
	for i := 1; i < len(rows); i++ {
		c := rows[i].contribution
		if rows[i-1].contribution >= c {
			continue
		}
		r := rows[i]
		j := i
		for j > 0 && rows[j-1].contribution < c {
			rows[j] = rows[j-1]
			j--
		}
		rows[j] = r
	}
	return true
}

// allAlphasZero reports whether no child of a list carries weight: then
// align.Attribute charges the list as one row and walks none of its
// children, and the observation does the same.
func allAlphasZero(children []align.ListChild) bool {
	for _, ch := range children {
		if ch.Alpha != 0 {
			return false
		}
	}
	return true
}
