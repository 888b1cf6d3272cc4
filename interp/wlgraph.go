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
// path (docs/SCORING.md §7.6), with what its WL incidences need, computed
// once per scorer (plan.go): the roles sorted by their role text, the
// relation strings of its unary, edge and member incidences, the carrier's
// schema node and the cross-scope references below the carrier.
type carrierGroup struct {
	carrier     ir.Path
	carrierNode *ir.Node
	roles       []ir.Path // sorted by RoleText
	unary       []string  // wl.Tuple("unary", role text), per role
	member      []string  // wl.Tuple("member", role text), per role
	edge        []string  // wl.Tuple("edge", text a, text b) at a*len(roles)+b
	xrefs       []xref
}

// xref is a reference path of another scope strictly below a carrier.
type xref struct {
	scope     int
	scopeName string
	role      ir.Path
	roleText  string
}

// carrierGroups groups the reference paths of scope idx by carrier.
func carrierGroups(sch *ir.Schema, idx int) []carrierGroup {
	sc := sch.Scopes[idx]
	var groups []carrierGroup
	for _, rp := range sc.RefPaths {
		carrier, role := ir.Carrier(sch.Root, rp)
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
		g := &groups[gi]
		slices.SortStableFunc(g.roles, func(a, b ir.Path) int {
			return strings.Compare(a.RoleText(), b.RoleText())
		})
		g.carrierNode = sch.Root.At(g.carrier)
		texts := make([]string, len(g.roles))
		for i, r := range g.roles {
			texts[i] = r.RoleText()
			g.unary = append(g.unary, wl.Tuple("unary", texts[i]))
			g.member = append(g.member, wl.Tuple("member", texts[i]))
		}
		for _, a := range texts {
			for _, b := range texts {
				g.edge = append(g.edge, wl.Tuple("edge", a, b))
			}
		}
		for oi, other := range sch.Scopes {
			if oi == idx {
				continue
			}
			for _, orp := range other.RefPaths {
				if orp.StrictlyBelow(g.carrier) {
					role := orp[len(g.carrier):]
					g.xrefs = append(g.xrefs, xref{scope: oi, scopeName: other.Name, role: role, roleText: role.RoleText()})
				}
			}
		}
	}
	return groups
}

// wlScratch is the reusable storage of the WL graphs of a call.
type wlScratch struct {
	graphs   [2]wl.Graph
	verts    [2]idMap[int]
	ws       wl.Workspace
	lb       wl.LabelBuilder // sideGraph's labels (reused storage)
	carriers []jsonval.Value
	vals     []jsonval.Value
	eps      []endpoint
	colI     []int // structuralMatches: the colour of each gold record, -1 for none
	colJ     []int // structuralMatches: the colour of each candidate record
	vertJ    []int // structuralMatches: the WL vertex of each candidate record, -1 for none (wlKey)
}

// endpoint is one identifier a carrier references, by role.
type endpoint struct {
	role   int
	vertex int
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
		if v.Kind == jsonval.String {
			// align.IDKey's "s" and the string, not concatenated.
			lb.AddTupleConcat([]string{v.Kind.String(), prop.Name}, "s", v.S)
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
// the vertex index of every identifier. recs are the side's records of the
// scope in document order (the values at sc.RecordPath in doc) and ids
// their identifiers (firstID at sc.IDSuffix), as deriveScope found them.
// The graph and the map are the workspace's (side 0 gold, 1 candidate):
// valid until the next call.
func (c *call) sideGraph(idx int, doc jsonval.Value, recs, ids []jsonval.Value, gold bool, groups []carrierGroup) (*wl.Graph, *idMap[int]) {
	side := 1
	if gold {
		side = 0
	}
	ws := &c.wlg
	g := &ws.graphs[side]
	g.Reset()
	verts := &ws.verts[side]
	verts.reset()
	recNode := c.s.plan.scopes[idx].recNode
	blend := c.s.opts.WLIntegration == "blend"
	lb := &ws.lb
	for i, id := range ids {
		if id.IsNull() {
			continue
		}
		k := keyOf(id)
		if _, seen := verts.get(k); seen {
			continue
		}
		lb.Reset()
		if blend {
			exactScalars(lb, recs[i], recNode)
		}
		verts.set(k, g.AddVertex(lb.Label()))
	}
	for _, grp := range groups {
		ws.carriers = appendWalk(ws.carriers[:0], doc, grp.carrier)
		for _, carrier := range ws.carriers {
			eps := ws.eps[:0]
			for ri, role := range grp.roles {
				ws.vals = appendWalk(ws.vals[:0], carrier, role)
				for _, v := range ws.vals {
					if v.Kind == jsonval.Array || v.Kind == jsonval.Object {
						continue
					}
					if vx, ok := verts.get(keyOf(v)); ok {
						eps = append(eps, endpoint{role: ri, vertex: vx})
					}
				}
			}
			ws.eps = eps
			if len(eps) == 0 {
				continue
			}
			lb.Reset()
			exactScalars(lb, carrier, grp.carrierNode)
			for _, x := range grp.xrefs {
				if c.bij[x.scope] == nil {
					continue // a scope not derived yet
				}
				ws.vals = appendWalk(ws.vals[:0], carrier, x.role)
				for _, v := range ws.vals {
					img := align.IDKey(v)
					if gold {
						mv, ok := c.bij[x.scope].m.get(keyOf(v))
						if ok && mv.ok {
							img = align.IDKey(mv.v)
						} else {
							img = "⊥"
						}
					}
					lb.AddTuple("xref", x.scopeName, x.roleText, img)
				}
			}
			label := lb.Label()
			switch {
			case len(eps) == 1:
				g.AddIncidence(eps[0].vertex, eps[0].vertex, grp.unary[eps[0].role], label)
			case len(eps) == 2 && eps[0].role != eps[1].role:
				g.AddIncidence(eps[0].vertex, eps[1].vertex, grp.edge[eps[0].role*len(grp.roles)+eps[1].role], label)
			default:
				hub := g.AddVertex(wl.Label{})
				for _, ep := range eps {
					g.AddIncidence(ep.vertex, hub, grp.member[ep.role], label)
				}
			}
		}
		clear(ws.carriers)
	}
	clear(ws.vals)
	return g, verts
}

// structuralMatches runs the joint WL refinement for one scope and returns
// its structural matches Wm (docs/SCORING.md §7.5) by colour: 1 where gold
// record i and candidate record j carry the same colour. Most cells of a
// large scope are 0, so the matrix itself is not built (integrate reads
// it cell by cell). It fails only when the call's context is done. It
// records the vertex of every candidate record for wlKey. recG and recP
// are the scope's records, idsG and idsP their identifiers.
func (c *call) structuralMatches(idx int, recG, recP, idsG, idsP []jsonval.Value) (wlMatches, error) {
	groups := c.s.plan.scopes[idx].groups
	gg, vg := c.sideGraph(idx, c.goldRoot, recG, idsG, true, groups)
	gp, vp := c.sideGraph(idx, c.candRoot, recP, idsP, false, groups)
	rounds := -1 // wl.Refine: unlimited
	if r := c.s.opts.WLRounds; r != nil {
		rounds = *r
	}
	colG, colP, err := wl.RefineContext(c.ctx, gg, gp, rounds, &c.wlg.ws)
	if err != nil {
		return wlMatches{}, c.kernelError(err)
	}
	// The colour of every candidate record, -1 for none, looked up once.
	colJ, vertJ := c.wlg.colJ[:0], c.wlg.vertJ[:0]
	for _, pid := range idsP {
		col, vert := -1, -1
		if !pid.IsNull() {
			if vj, ok := vp.get(keyOf(pid)); ok {
				col, vert = colP[vj], vj
			}
		}
		colJ, vertJ = append(colJ, col), append(vertJ, vert)
	}
	c.wlg.colJ, c.wlg.vertJ = colJ, vertJ
	// And of every gold record.
	colI := c.wlg.colI[:0]
	for _, gid := range idsG {
		col := -1
		if !gid.IsNull() {
			if vi, ok := vg.get(keyOf(gid)); ok {
				col = colG[vi]
			}
		}
		colI = append(colI, col)
	}
	c.wlg.colI = colI
	return wlMatches{row: colI, col: colJ}, nil
}

// wlMatches is the structural-match matrix Wm of one scope by colour
// (structuralMatches): cell (i, j) is 1 where row[i] and col[j] are the
// same colour, 0 where they differ or either is -1 (no vertex).
type wlMatches struct {
	row, col []int
}

// at is cell (i, j).
func (w wlMatches) at(i, j int) float64 {
	if c := w.col[j]; c >= 0 && w.row[i] == c {
		return 1
	}
	return 0
}

// wlKey is the structural key of candidate record j of the scope last
// refined (wl.Workspace.CandidateKey; 0 for a record without a vertex), for
// the canonical order of docs/SCORING.md §7.13.
func (c *call) wlKey(j int) uint64 {
	if v := c.wlg.vertJ[j]; v >= 0 {
		return c.wlg.ws.CandidateKey(v)
	}
	return 0
}
