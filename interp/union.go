package interp

import (
	"fmt"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/validate"
)

// This file scores union nodes (docs/SCORING.md §1.8). Each value belongs
// to one branch of a union: the branch its discriminator value selects,
// else the first branch it validates against. Two values of the same branch
// are scored under that branch; two numbers are scored under the gold's
// branch (numbers of either form are one kind, docs/SCORING.md §1.4); any other pair scores
// 0 and is repaired by replacing the candidate's value by the gold's
// (branch_replace).

// unionValidators compiles, for every branch of every union node reachable
// from the root, a validator of the branch's schema alone, keyed by the
// branch's pointer.
func unionValidators(sch *ir.Schema, vopts []validate.Option) (map[string]*validate.Validator, error) {
	var ptrs []string
	seen := map[*ir.Node]bool{}
	var walk func(n *ir.Node)
	walk = func(n *ir.Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		for _, p := range n.Properties {
			walk(p.Node)
		}
		for _, pp := range n.Patterns {
			walk(pp.Node) // map members (docs/SCORING.md §6.8)
		}
		walk(n.Additional)
		walk(n.Items)
		for _, pn := range n.PrefixItems {
			walk(pn)
		}
		if n.Union != nil {
			for _, b := range n.Union.Branches {
				ptrs = append(ptrs, b.Pointer)
				walk(b.Node)
			}
		}
	}
	walk(sch.Root)
	if len(ptrs) == 0 {
		return nil, nil
	}
	vs, err := validate.CompileAt(sch.Raw, ptrs, vopts...)
	if err != nil {
		return nil, fmt.Errorf("interp: union branches: %w", err)
	}
	out := make(map[string]*validate.Validator, len(ptrs))
	for i, p := range ptrs {
		out[p] = vs[i]
	}
	return out, nil
}

// unionNodes returns the union nodes reachable from root by the JSON
// Pointer of their position; nil when there is none.
func unionNodes(root *ir.Node) map[string]*ir.Union {
	var out map[string]*ir.Union
	ir.Walk(root, func(n *ir.Node) {
		if n.Union == nil {
			return
		}
		if out == nil {
			out = map[string]*ir.Union{}
		}
		if _, dup := out[n.Pos.Pointer]; !dup {
			out[n.Pos.Pointer] = n.Union
		}
	})
	return out
}

// UnionBranch returns the index of the branch (ir.Union.Branches) that v
// belongs to under the union node at the schema position pointer
// (ir.Node.Pos.Pointer), by the rule of docs/SCORING.md §1.8: the branch
// its discriminator value selects, else the first branch it validates
// against. It returns -1 when v belongs to no branch or pointer names no
// union node reachable from the root. Generated scorers choose the branch
// of a union value with it, so that they choose as the interpreter does.
func (s *Scorer) UnionBranch(pointer string, v jsonval.Value) int {
	u := s.unions[pointer]
	if u == nil {
		return -1
	}
	return s.branchOf(v, u)
}

// firstUnion returns the position of a union node reachable from the root,
// or "" when the schema has none.
func firstUnion(root *ir.Node) (ir.Position, bool) {
	seen := map[*ir.Node]bool{}
	var find func(n *ir.Node) (ir.Position, bool)
	find = func(n *ir.Node) (ir.Position, bool) {
		if n == nil || seen[n] {
			return ir.Position{}, false
		}
		seen[n] = true
		if n.Union != nil {
			return n.Pos, true
		}
		for _, p := range n.Properties {
			if pos, ok := find(p.Node); ok {
				return pos, true
			}
		}
		for _, pp := range n.Patterns {
			if pos, ok := find(pp.Node); ok {
				return pos, true
			}
		}
		if pos, ok := find(n.Additional); ok {
			return pos, true
		}
		if pos, ok := find(n.Items); ok {
			return pos, true
		}
		for _, pn := range n.PrefixItems {
			if pos, ok := find(pn); ok {
				return pos, true
			}
		}
		return ir.Position{}, false
	}
	return find(root)
}

// branchOf returns the index of the branch of union u that v belongs to:
// the branch whose discriminator tags hold v's discriminator member, else
// the first branch v validates against; -1 when there is none.
func (s *Scorer) branchOf(v jsonval.Value, u *ir.Union) int {
	if u.Discriminator != "" && v.Kind == jsonval.Object {
		if tag, ok := v.Get(u.Discriminator); ok {
			for i := range u.Branches {
				for _, t := range u.Branches[i].Tags {
					if jsonval.Equal(t, tag) {
						return i
					}
				}
			}
		}
	}
	for i := range u.Branches {
		if s.branchValidators[u.Branches[i].Pointer].Validate(v) == nil {
			return i
		}
	}
	return -1
}

// alignUnion aligns two non-null values under a union node.
func (c *call) alignUnion(g, p jsonval.Value, S *ir.Node, build bool) (result, error) {
	u := S.Union
	if err := c.spend(int64(2 * len(u.Branches))); err != nil {
		return result{}, err
	}
	bg := c.s.branchOf(g, u)
	if bg < 0 {
		return result{}, c.errorf("gold value belongs to no branch of the union at schema node %s", S.Pos.Pointer)
	}
	bp := c.s.branchOf(p, u)
	if bp == bg || (isNumberKind(g.Kind) && isNumberKind(p.Kind)) {
		return c.align(g, p, u.Branches[bg].Node, build)
	}
	r := result{score: 0}
	if build {
		r.ag, r.ap = g, p
		r.m = c.leaf(align.LeafBranch, 0, g, p, true, true)
		r.m.GoldBranch = u.Branches[bg].Label
		r.m.PredBranch = noBranch
		if bp >= 0 {
			r.m.PredBranch = u.Branches[bp].Label
		}
	}
	return r, nil
}

// noBranch labels a candidate value that belongs to no branch of a union
// (possible only for a value that validation did not see as such).
const noBranch = "no branch"

// canonicalBranch is the schema node under which the canonical form of
// value v is taken at union node S (profile.go): the branch v belongs to
// (branchOf, a rule that depends on the data only), so that a value is
// scored in the member order of the branch that scores it; for a value of
// no branch, the first branch that permits its kind. Other nodes are
// returned as they are.
func (s *Scorer) canonicalBranch(S *ir.Node, v jsonval.Value) *ir.Node {
	for hops := 0; S != nil && S.Union != nil; hops++ {
		if hops > 64 {
			return nil // a cycle of unions that are their own branches
		}
		var next *ir.Node
		if v.Kind != jsonval.Null {
			if b := s.branchOf(v, S.Union); b >= 0 {
				next = S.Union.Branches[b].Node
			}
		}
		if next == nil {
			for _, b := range S.Union.Branches {
				if b.Node.Permits(v.Kind) {
					next = b.Node
					break
				}
			}
		}
		if next == nil || next == S {
			return nil
		}
		S = next
	}
	return S
}
