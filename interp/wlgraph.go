package interp

import (
	"slices"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/wl"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// carrierGroup is a set of reference paths of one scope sharing a carrier
// path (docs/SCORING.md §7.6).
type carrierGroup struct {
	carrier ir.Path
	roles   []ir.Path // sorted
}

func (c *call) carrierGroups(sc *ir.Scope) []carrierGroup {
	var groups []carrierGroup
	for _, rp := range sc.RefPaths {
		carrier, role := ir.Carrier(c.s.schema.Root, rp)
		found := false
		for gi := range groups {
			if slices.Equal(groups[gi].carrier, carrier) {
				groups[gi].roles = append(groups[gi].roles, role)
				found = true
				break
			}
		}
		if !found {
			groups = append(groups, carrierGroup{carrier: carrier, roles: []ir.Path{role}})
		}
	}
	for gi := range groups {
		slices.SortStableFunc(groups[gi].roles, func(a, b ir.Path) int {
			return strings.Compare(a.RoleText(), b.RoleText())
		})
	}
	return groups
}

// exactScalars collects the exact scalars of an object under a schema node
// (docs/SCORING.md §7.6) into lb, as (valueClass, key, value) tuples.
func exactScalars(lb *wl.LabelBuilder, obj jsonval.Value, node *ir.Node) {
	if node == nil || obj.Kind != jsonval.Object {
		return
	}
	for _, prop := range node.Properties {
		if !exactScalarMember(prop.Node) {
			continue
		}
		v, ok := obj.Get(prop.Name)
		if !ok || v.Kind == jsonval.Array || v.Kind == jsonval.Object {
			continue
		}
		lb.AddTuple(v.Kind.String(), prop.Name, align.IDKey(v))
	}
}

// exactScalarMember reports whether a member schema yields an exact scalar
// (docs/SCORING.md §7.6): neither idScope nor ref, and enum or a type that is exactly
// "string", "integer" or "boolean".
func exactScalarMember(ms *ir.Node) bool {
	if ms == nil || ms.IDScope != "" || ms.Ref != "" {
		return false
	}
	return ms.HasEnum || ms.TypeName == "string" || ms.TypeName == "integer" || ms.TypeName == "boolean"
}

// sideGraph builds the WL graph of one side (docs/SCORING.md §7.6) and returns it with
// the vertex index of every identifier.
func (c *call) sideGraph(idx int, sc *ir.Scope, doc jsonval.Value, gold bool, groups []carrierGroup) (*wl.Graph, map[idKey]int) {
	g := &wl.Graph{}
	verts := map[idKey]int{}
	recNode := c.s.schema.Root.At(sc.RecordPath)
	blend := c.s.opts.WLIntegration == "blend"
	var lb wl.LabelBuilder
	for _, rec := range walkValues(doc, sc.RecordPath) {
		id := firstID(rec, sc.IDSuffix)
		if id.IsNull() {
			continue
		}
		k := keyOf(id)
		if _, seen := verts[k]; seen {
			continue
		}
		lb.Reset()
		if blend {
			exactScalars(&lb, rec, recNode)
		}
		verts[k] = g.AddVertex(lb.Label())
	}
	type endpoint struct {
		role   int
		vertex int
	}
	for _, grp := range groups {
		carrierNode := c.s.schema.Root.At(grp.carrier)
		// Cross-scope references below the carrier (other scopes that
		// already have a bijection).
		type xref struct {
			scope int
			role  ir.Path
		}
		var xrefs []xref
		for oi, other := range c.s.schema.Scopes {
			if oi == idx || c.bij[oi] == nil {
				continue
			}
			for _, orp := range other.RefPaths {
				if orp.StrictlyBelow(grp.carrier) {
					xrefs = append(xrefs, xref{scope: oi, role: orp[len(grp.carrier):]})
				}
			}
		}
		for _, carrier := range walkValues(doc, grp.carrier) {
			var eps []endpoint
			for ri, role := range grp.roles {
				for _, v := range walkValues(carrier, role) {
					if v.Kind == jsonval.Array || v.Kind == jsonval.Object {
						continue
					}
					if vx, ok := verts[keyOf(v)]; ok {
						eps = append(eps, endpoint{role: ri, vertex: vx})
					}
				}
			}
			if len(eps) == 0 {
				continue
			}
			lb.Reset()
			exactScalars(&lb, carrier, carrierNode)
			for _, x := range xrefs {
				otherName := c.s.schema.Scopes[x.scope].Name
				for _, v := range walkValues(carrier, x.role) {
					img := align.IDKey(v)
					if gold {
						mv, ok := c.bij[x.scope].m[keyOf(v)]
						if ok && mv.ok {
							img = align.IDKey(mv.v)
						} else {
							img = "⊥"
						}
					}
					lb.AddTuple("xref", otherName, x.role.RoleText(), img)
				}
			}
			label := lb.Label()
			switch {
			case len(eps) == 1:
				g.AddIncidence(eps[0].vertex, eps[0].vertex, wl.Tuple("unary", grp.roles[eps[0].role].RoleText()), label)
			case len(eps) == 2 && eps[0].role != eps[1].role:
				g.AddIncidence(eps[0].vertex, eps[1].vertex,
					wl.Tuple("edge", grp.roles[eps[0].role].RoleText(), grp.roles[eps[1].role].RoleText()), label)
			default:
				hub := g.AddVertex(wl.Label{})
				for _, ep := range eps {
					g.AddIncidence(ep.vertex, hub, wl.Tuple("member", grp.roles[ep.role].RoleText()), label)
				}
			}
		}
	}
	return g, verts
}

// structuralMatches runs the joint WL refinement for one scope and returns
// Wm (n×m, row-major): 1 where gold record i and candidate record j carry the
// same colour (docs/SCORING.md §7.5). It fails only when the call's context is done.
func (c *call) structuralMatches(idx int, sc *ir.Scope, idsG, idsP []jsonval.Value) ([]float64, error) {
	groups := c.carrierGroups(sc)
	gg, vg := c.sideGraph(idx, sc, c.goldRoot, true, groups)
	gp, vp := c.sideGraph(idx, sc, c.candRoot, false, groups)
	rounds := -1 // wl.Refine: unlimited
	if r := c.s.opts.WLRounds; r != nil {
		rounds = *r
	}
	colG, colP, err := wl.RefineContext(c.ctx, gg, gp, rounds, nil)
	if err != nil {
		return nil, c.kernelError(err)
	}
	n, m := len(idsG), len(idsP)
	Wm := make([]float64, n*m)
	for i, gid := range idsG {
		if gid.IsNull() {
			continue
		}
		vi, ok := vg[keyOf(gid)]
		if !ok {
			continue
		}
		for j, pid := range idsP {
			if pid.IsNull() {
				continue
			}
			if vj, ok := vp[keyOf(pid)]; ok && colG[vi] == colP[vj] {
				Wm[i*m+j] = 1
			}
		}
	}
	return Wm, nil
}
