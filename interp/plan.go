package interp

import "github.com/objectaligner/oagen/ir"

// plan is what a scorer computes once from its schema so that a call does
// not recompute it per pair: per referential scope, the record node, the
// path of the identifiers and the carrier groups of the WL graphs.
type plan struct {
	scopes []scopePlan
}

// scopePlan is the plan of one scope (docs/SCORING.md §7.3, §7.6).
type scopePlan struct {
	recNode *ir.Node
	idPath  ir.Path // RecordPath then IDSuffix
	groups  []carrierGroup
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
	return p
}
