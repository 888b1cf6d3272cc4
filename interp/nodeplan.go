package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// nodePlan is what aligning values under one schema node reads that depends
// only on the node and the scorer's options: resolved once, when the scorer
// is built, instead of on every alignment of every pair.
type nodePlan struct {
	// The leaf comparators of a string and a number node (docs/SCORING.md
	// §3.8): their names, functions and, for strings, cost classes
	// (stringCost). strOK and numOK are false when the registry has no
	// comparator of that name: the alignment then reports the error.
	strName, numName string
	str              align.StringFunc
	num              align.NumberFunc
	strCost          align.CostClass
	strOK, numOK     bool
	// fills are the members that absentAsDefault may fill on an object
	// node (docs/SCORING.md §6.10), in the order of Properties: those not
	// required, under a member schema with absentAsDefault, that has a
	// default it fills with (defaultFill, canonical) or permits null.
	fills []fillRule
}

// fillRule is one member of nodePlan.fills.
type fillRule struct {
	name string
	sub  *ir.Node
	// hasDefault: the member fills with def, the canonical form of its
	// default; otherwise it fills with null when the present side holds
	// null.
	hasDefault bool
	def        jsonval.Value
}

// newNodePlans resolves the plan of every node reachable from the root.
func (s *Scorer) newNodePlans() map[*ir.Node]*nodePlan {
	out := map[*ir.Node]*nodePlan{}
	ir.Walk(s.schema.Root, func(n *ir.Node) {
		np := &nodePlan{}
		np.strName = s.comparator(n, "jaro")
		if f, ok := s.registry.String(np.strName); ok {
			np.str, np.strOK, np.strCost = f, true, stringCostClass(np.strName)
		}
		np.numName = s.comparator(n, "invdiff")
		if f, ok := s.registry.Number(np.numName, n.Types&ir.TInteger != 0); ok {
			np.num, np.numOK = f, true
		}
		if !s.referenceProfile() && n.AbsentAsDefault {
			np.fills = s.fillRules(n)
		}
		out[n] = np
	})
	return out
}

// fillRules lists the members of object node S that absentAsDefault may
// fill (docs/SCORING.md §6.10): not required, absentAsDefault left on, and
// with a default or a type that permits null.
func (s *Scorer) fillRules(S *ir.Node) []fillRule {
	var out []fillRule
	for _, prop := range S.Properties {
		sub := prop.Node
		if sub == nil || !sub.AbsentAsDefault || S.IsRequired(prop.Name) {
			continue
		}
		r := fillRule{name: prop.Name, sub: sub}
		switch {
		case sub.HasDefault && (!sub.Default.IsNull() || sub.Types&ir.TNull != 0):
			r.hasDefault, r.def = true, s.canonical(sub.Default, sub)
		case sub.Types&ir.TNull != 0:
		default:
			continue // neither rule can fill it
		}
		out = append(out, r)
	}
	return out
}

// nodePlan returns the plan of S, nil for a node the scorer did not resolve
// (the callers then resolve what they need themselves).
func (s *Scorer) nodePlan(S *ir.Node) *nodePlan { return s.plan.nodes[S] }
