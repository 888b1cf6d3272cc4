package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// The leaf kernel scores a matrix cell whose elements sit under a leaf
// schema node — an array of strings, numbers or booleans — as
// align(g, p, S, false) would, without its dispatch: the comparator is the
// node plan's (nodeplan.go), resolved when the scorer was built, and the
// work of the cell is charged once. Like the record kernel (kernel.go), it
// leaves to the generic path, before charging anything, every cell whose
// outcome is not a plain score: an error (a kind the node does not permit,
// a string over MaxStringRunes, a comparator error, a kind mismatch inside
// bijection derivation), a context poll or the work limit.

// leafFits reports whether cells of items may use the leaf kernel, and
// returns the node's plan.
func (c *call) leafFits(items *ir.Node) (*nodePlan, bool) {
	if c.s.genericCells || c.s.contextual || items == nil || items.Union != nil || items.Any ||
		items.IDScope != "" || items.Ref != "" || c.depth+1 > c.s.opts.Limits.MaxDepth {
		return nil, false
	}
	np := c.s.nodePlan(items)
	return np, np != nil
}

// leafCell scores the cell (g, p) under the leaf node S of plan np; ok is
// false when the cell must take the generic path.
func (c *call) leafCell(g, p *jsonval.Value, S *ir.Node, np *nodePlan) (score float64, ok bool) {
	work := int64(1) // align's unit
	var s float64
	switch {
	case g.IsNull() || p.IsNull():
		s = S.NullScore
		if g.IsNull() && p.IsNull() {
			s = 1
		}
	case !S.Permits(g.Kind):
		return 0, false
	case !kindsCompatible(g.Kind, p.Kind):
		if c.deriving {
			return 0, false // errKindMismatch
		}
	default:
		switch g.Kind {
		case jsonval.Bool:
			if g.B == p.B {
				s = 1
			}
		case jsonval.Int, jsonval.Float:
			if !np.numOK {
				return 0, false
			}
			x, err := np.num.Compare(nil, *g, *p)
			if err != nil {
				return 0, false
			}
			s = align.ApplyThreshold(x, S.Threshold)
		case jsonval.String:
			if !np.strOK {
				return 0, false
			}
			if lim := c.s.opts.Limits.MaxStringRunes; np.strName != "exact" && (len(g.S) > lim || len(p.S) > lim) {
				return 0, false
			}
			work += int64(len(g.S)+len(p.S))/16 + costOf(np.strCost, g.S, p.S)
			x, err := np.str.Compare(nil, g.S, p.S)
			if err != nil {
				return 0, false
			}
			s = align.ApplyThreshold(x, S.Threshold)
		default:
			return 0, false // containers nest alignments
		}
	}
	// Charged as spend charges it (kernelFinish).
	if c.done != nil && c.sinceCheck+work >= pollStride {
		return 0, false
	}
	if c.replay == 0 && c.work+work > c.s.opts.Limits.MaxWork {
		return 0, false
	}
	if c.done != nil {
		c.sinceCheck += work
	}
	if c.replay == 0 {
		c.work += work
	}
	return s, true
}
