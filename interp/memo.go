package interp

import (
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// searchMemo keeps, during the evaluations of the bijection search
// (docs/SCORING.md §7.12), the scores of the array pairs whose schema
// node reaches no reference (plan.refFree): every evaluation is a
// score-only main pass of the same pair under other bijections, and such
// an array scores the same under all of them. The memo is read only in
// those evaluations, whose work is not charged (replay): the main pass
// after the search computes every score again and charges its work, so
// that limits and errors are those of a call without the memo.
type searchMemo map[memoKey]float64

// memoKey identifies an array pair of the call by the storage of its
// elements (the values of a call do not change), its schema node and the
// depth it is aligned at (the depth limit).
type memoKey struct {
	S      *ir.Node
	g, p   *jsonval.Value
	gn, pn int
	depth  int
}

// memoable reports whether the array pair g, p under S may be read from or
// written to the memo, and its key.
func (c *call) memoable(g, p jsonval.Value, S *ir.Node, build bool) (memoKey, bool) {
	if !c.memoOn || c.s.genericCells || build || c.deriving || c.replay == 0 || len(g.Arr) == 0 || len(p.Arr) == 0 || !c.s.plan.refFree[S] {
		return memoKey{}, false
	}
	return memoKey{S: S, g: &g.Arr[0], p: &p.Arr[0], gn: len(g.Arr), pn: len(p.Arr), depth: c.depth}, true
}
