package interp

import "github.com/objectaligner/oagen/ir"

// plan is what a scorer computes once from its schema so that a call does
// not recompute it per pair: per referential scope, the record node, the
// path of the identifiers and the carrier groups of the WL graphs; and the
// array nodes whose alignment does not depend on the bijections.
type plan struct {
	scopes []scopePlan
	// refFree holds the array nodes of the schema from which no reference
	// node is reachable: their score is the same under every bijection,
	// so that the evaluations of the bijection search (docs/SCORING.md
	// §7.12) compute it once per pair (searchMemo).
	refFree map[*ir.Node]bool
	// nodes holds the plan of every node reachable from the root
	// (nodeplan.go).
	nodes map[*ir.Node]*nodePlan
}

// scopePlan is the plan of one scope (docs/SCORING.md §7.3, §7.6).
type scopePlan struct {
	recNode *ir.Node
	idPath  ir.Path // RecordPath then IDSuffix
	groups  []carrierGroup
	// refFree: no reference node is reachable from recNode, so that a
	// record cell scores the same in the derivation as in the main pass
	// (recordMatrix).
	refFree bool
}

func newPlan(sch *ir.Schema) plan {
	p := plan{scopes: make([]scopePlan, len(sch.Scopes))}
	for i, sc := range sch.Scopes {
		p.scopes[i] = scopePlan{
			recNode: sch.Root.At(sc.RecordPath),
			idPath:  concatPath(sc.RecordPath, sc.IDSuffix),
			groups:  carrierGroups(sch, i),
		}
	}
	if len(sch.Scopes) > 0 {
		reaches := reachesRef(sch.Root)
		p.refFree = refFreeArrays(sch.Root, reaches)
		for i := range p.scopes {
			p.scopes[i].refFree = p.scopes[i].recNode != nil && !reaches[p.scopes[i].recNode]
		}
	}
	return p
}

// reachesRef returns the nodes reachable from root from which a node with
// a "ref" is reachable (the schema graph may have cycles).
func reachesRef(root *ir.Node) map[*ir.Node]bool {
	var nodes []*ir.Node
	parents := map[*ir.Node][]*ir.Node{}
	ir.Walk(root, func(n *ir.Node) {
		nodes = append(nodes, n)
		for _, ch := range children(n) {
			if ch != nil {
				parents[ch] = append(parents[ch], n)
			}
		}
	})
	// Every node that reaches a reference, by a walk up from the references.
	reaches := map[*ir.Node]bool{}
	var stack []*ir.Node
	for _, n := range nodes {
		if n.Ref != "" {
			reaches[n] = true
			stack = append(stack, n)
		}
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, up := range parents[n] {
			if !reaches[up] {
				reaches[up] = true
				stack = append(stack, up)
			}
		}
	}
	return reaches
}

// refFreeArrays returns the array nodes reachable from root that are not
// in reaches (reachesRef).
func refFreeArrays(root *ir.Node, reaches map[*ir.Node]bool) map[*ir.Node]bool {
	out := map[*ir.Node]bool{}
	ir.Walk(root, func(n *ir.Node) {
		if !reaches[n] && (n.Items != nil || len(n.PrefixItems) > 0) {
			out[n] = true
		}
	})
	return out
}

// children are the nodes an alignment under n may descend into (those
// ir.Walk visits from n).
func children(n *ir.Node) []*ir.Node {
	var out []*ir.Node
	for _, p := range n.Properties {
		out = append(out, p.Node)
	}
	for _, p := range n.Patterns {
		out = append(out, p.Node)
	}
	out = append(out, n.Additional, n.Items)
	out = append(out, n.PrefixItems...)
	if n.Union != nil {
		for _, b := range n.Union.Branches {
			out = append(out, b.Node)
		}
	}
	return out
}
