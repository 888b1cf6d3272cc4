package genrt

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Unions in generated code (docs/SCORING.md §1.8). A union value is a
// struct with one pointer per branch, exactly one of them set: the branch
// the value belongs to by the interpreter's rule (its discriminator value,
// else the first branch it validates against), which generated code asks
// the interpreter for (interp.Scorer.UnionBranch) when it decodes a value.

// UnionSpec describes a union node for Generic.
type UnionSpec struct {
	// Branches are the node indices of the branches, Labels their labels
	// (ir.Branch.Label).
	Branches []int
	Labels   []string
	// Of returns the branch a JSON value belongs to, -1 for none.
	Of func(v jsonval.Value) int
}

// UnionBranch returns the index of the branch of the union node at the
// schema position ptr that v belongs to (docs/SCORING.md §1.8), asking the
// interpreter behind the JSON entry points (fb, compiled once); -1 for
// none, or when the interpreter cannot be compiled or does not choose
// branches.
func UnionBranch(fb func() (Fallback, error), ptr string, v jsonval.Value) int {
	f, err := fb()
	if err != nil {
		return -1
	}
	// An optional method: Fallback keeps the methods files generated
	// before unions call.
	if u, ok := f.(interface {
		UnionBranch(ptr string, v jsonval.Value) int
	}); ok {
		return u.UnionBranch(ptr, v)
	}
	return -1
}

// noBranch labels a candidate value that belongs to no branch of a union.
const noBranch = "no branch"

// BranchLabel returns labels[i], or the label of no branch for i < 0.
func BranchLabel(labels []string, i int) string {
	if i < 0 || i >= len(labels) {
		return noBranch
	}
	return labels[i]
}

// BranchLeaf returns the match of two union values of different branches
// (docs/SCORING.md §1.8): score 0, a branch leaf naming both branches,
// which the repair walk turns into a branch_replace.
func BranchLeaf(gold, pred string, g, p jsonval.Value) *Res {
	r := Leaf(align.LeafBranch, 0, g, p, true, true)
	r.Match.GoldBranch, r.Match.PredBranch = gold, pred
	return r
}

// OneBranch checks that a union value holds exactly one branch (n: how
// many of its branch pointers are set).
func OneBranch(n int) error {
	if n == 1 {
		return nil
	}
	return &ValidationError{Message: "the union value holds " + strconv.Itoa(n) + " branches; exactly one must be set"}
}

// genericUnion aligns two non-null values under a union node, as the
// interpreter does: under their branch when they share it (numbers under
// the gold's branch), else 0 with a branch leaf.
func (w *Workspace) genericUnion(nodes []Node, refs Refs, S *Node, g, p jsonval.Value, build bool) (float64, *Res) {
	u := S.Union
	bg := u.Of(g)
	if bg < 0 {
		w.Fail(errors.New("a gold value belongs to no branch of its union"))
		return 0, nil
	}
	bp := u.Of(p)
	if bp == bg || g.IsNumber() && p.IsNumber() {
		return w.Generic(nodes, refs, u.Branches[bg], g, p, build)
	}
	if !build {
		return 0, nil
	}
	return 0, BranchLeaf(u.Labels[bg], BranchLabel(u.Labels, bp), g, p)
}

// Redecode decodes the JSON value v into a new *V stored in *dst with dec
// (a union value's branch, once the branch is known).
func Redecode[V any](v jsonval.Value, dst **V, dec func(*jsonval.Reader, *V) bool) bool {
	r := readers.Get().(*jsonval.Reader)
	defer readers.Put(r)
	x := new(V)
	*dst = x
	return r.Reset(jsonval.AppendJSON(nil, v), jsonval.DecodeOptions{}) == nil && dec(r, x) && r.End() == nil
}

// Unmarshal decodes the JSON text data into x with dec, for the
// UnmarshalJSON methods of generated union types.
func Unmarshal[V any](data []byte, x *V, dec func(*jsonval.Reader, *V) bool) error {
	r := readers.Get().(*jsonval.Reader)
	defer readers.Put(r)
	if r.Reset(data, jsonval.DecodeOptions{}) == nil && dec(r, x) && r.End() == nil {
		return nil
	}
	if _, err := jsonval.Decode(data, jsonval.DecodeOptions{}); err != nil {
		return err
	}
	return fmt.Errorf("the JSON value does not fit %T (it belongs to no branch, or its branch's type cannot hold it)", *x)
}
