package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// parentPair is the innermost gold and candidate containers of the value
// being aligned, for context-aware comparators (docs/SCORING.md §3.6).
type parentPair struct{ gold, pred jsonval.Value }

// ctxOn reports whether comparator contexts must be tracked.
func (c *call) ctxOn() bool { return c.s.contextual }

func (c *call) pushParents(g, p jsonval.Value) {
	c.parents = append(c.parents, parentPair{g, p})
}

func (c *call) popParents() { c.parents = c.parents[:len(c.parents)-1] }

func (c *call) buildContext() *align.Context {
	ctx := &align.Context{GoldRoot: c.goldRoot, PredRoot: c.candRoot}
	if len(c.parents) > 0 {
		top := c.parents[len(c.parents)-1]
		ctx.GoldParent, ctx.PredParent = top.gold, top.pred
	}
	ctx.Path = make([]align.PathStep, len(c.path))
	for i, t := range c.path {
		if t.idx {
			ctx.Path[i] = align.PathStep{Index: t.i, IsIndex: true}
		} else {
			ctx.Path[i] = align.PathStep{Key: t.s}
		}
	}
	return ctx
}
