package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// buildRecord is realign's build of a matrix cell whose elements are two
// records with the same key set: objects whose keys are distinct, all
// declared by the items schema S (a property, a pattern or additional
// properties), short enough that chargeKeys charges and checks nothing.
// Such a cell is the common matched cell of an array of records (the
// people of an org chart, the links of a graph), and realign builds one
// for every matched cell of every matrix.
//
// It gives what align(g, p, S, true) gives for the pair — the match node,
// the aligned values, the same errors — and has the same side effects on
// the call (the depth reached, the work charged or, in a replay, the
// context polled at the same units), in the same order: align's unit,
// alignObject's n·m for the key matrix, then each member's value as
// memberValue aligns it, in gold order. What it leaves out is what
// alignObject computes for a general pair and finds to be nothing here:
// the members absentAsDefault adds (none: neither side lacks a member the
// other has), the keys' charge (chargeKeys: none for short keys), the
// member lookups by key (the candidate's members are paired by pairByName
// and the gold's are at their positions), and, for a member under a leaf
// schema, align's dispatch (memberLeaf). ok is false, before anything is
// changed, when the pair takes align: another kind of pair, a key that
// is not declared or repeated (the warnings and key matrix of
// alignObject), confidences (ComputeConfidence), contextual comparators,
// GenericCells, and a depth within two of MaxDepth.
func (c *call) buildRecord(g, p jsonval.Value, S *ir.Node) (r result, ok bool, err error) {
	lim := &c.s.opts.Limits
	if c.s.genericCells || c.s.contextual || c.s.opts.ComputeConfidence || c.depth+2 > lim.MaxDepth ||
		g.Kind != jsonval.Object || p.Kind != jsonval.Object ||
		S.IDScope != "" || S.Ref != "" || S.Union != nil || S.Any || !S.Permits(jsonval.Object) ||
		align.ApplyThreshold(1, S.KeyThreshold) != 1 {
		return result{}, false, nil
	}
	GK, PK := g.Obj, p.Obj
	n := len(GK)
	if n == 0 || n != len(PK) || n > lim.MaxCollection {
		return result{}, false, nil
	}
	exactKeys := c.s.keyScore(S) == "exact"
	for i := range GK {
		if k := len(GK[i].Key); !exactKeys && (k > 64 || k > lim.MaxStringRunes) {
			return result{}, false, nil
		}
	}
	// align's frame for the object: one level down.
	c.depth++
	fr := c.frame()
	if !pairByName(GK, PK, &fr.assign) {
		c.depth--
		return result{}, false, nil
	}
	ref := c.s.referenceProfile()
	subs := fr.subs[:0]
	for i := range GK {
		var sub *ir.Node
		if ref {
			sub = S.PropertyAt(GK[i].Key, i)
		} else {
			sub = S.MemberSchemaAt(GK[i].Key, i)
		}
		if sub == nil {
			fr.subs = subs
			c.depth--
			return result{}, false, nil
		}
		subs = append(subs, sub)
	}
	fr.subs = subs
	r, err = c.buildRecordAt(GK, PK, S, fr)
	clear(fr.subs)
	c.depth--
	return r, true, err
}

// buildRecordAt is buildRecord once the pair is known to qualify, at the
// object's depth: fr is its frame, with the candidate member of every gold
// member in fr.assign and the member schemas in fr.subs.
func (c *call) buildRecordAt(GK, PK []jsonval.Member, S *ir.Node, fr *scratchFrame) (result, error) {
	n := len(GK)
	// align's checks and unit, then alignObject's charge of the key matrix.
	c.reach = max(c.reach, c.depth)
	if err := c.spend(1); err != nil {
		return result{}, err
	}
	if err := c.spend(int64(n) * int64(n)); err != nil {
		return result{}, err
	}
	entries := fr.entries[:0]
	for r := range GK {
		entries = append(entries, objEntry{gk: GK[r].Key, pk: PK[fr.assign[r]].Key, hasGK: true, hasPK: true, keyScore: 1})
	}
	fr.entries = entries
	// The entries hold the values and nodes of this call: drop them from
	// the frame's storage when done (for the collector).
	defer clear(entries)
	for r := range entries {
		e := &entries[r]
		gv, pv := &GK[r].Value, &PK[fr.assign[r]].Value
		e.ag, e.ap, e.weight = *gv, *pv, 1
		if err := c.memberLeaf(e, gv, pv, fr.subs[r]); err != nil {
			return result{}, err
		}
	}
	return c.finishObject(entries, S, n, n, nil, nil, 1, true), nil
}

// memberLeaf is memberValue in build mode for buildRecord: a member whose
// schema sub is an identifier, a reference, or a leaf whose values are
// null, booleans, numbers or strings is built as align builds it, without
// its dispatch; any other member takes memberValue.
func (c *call) memberLeaf(e *objEntry, gv, pv *jsonval.Value, sub *ir.Node) error {
	if sub.Union != nil || sub.Any || gv.Kind == jsonval.Array || gv.Kind == jsonval.Object {
		return c.memberValue(e, *gv, *pv, sub, true)
	}
	e.weight = sub.ValueWeight
	if !gv.IsNull() && !pv.IsNull() && !c.sameMemberKind(gv.Kind, pv.Kind) {
		e.m = c.leaf(align.LeafPlain, 0, *gv, *pv, true, true)
		return nil
	}
	// align(gv, pv, sub, true) one level down, the member's token pushed.
	if c.depth+1 > c.s.opts.Limits.MaxDepth {
		return c.memberValue(e, *gv, *pv, sub, true)
	}
	c.push(e.gk)
	c.depth++
	r, err := c.leafAt(gv, pv, sub)
	c.depth--
	c.pop()
	if err != nil {
		return err
	}
	e.valScore, e.ag, e.ap, e.m = r.score, r.ag, r.ap, r.m
	return nil
}

// leafAt is align(g, p, S, true) at the current depth for memberLeaf's
// leaves: g is not an array or an object, and S is not a union or any.
func (c *call) leafAt(g, p *jsonval.Value, S *ir.Node) (result, error) {
	c.reach = max(c.reach, c.depth)
	if err := c.spend(1); err != nil {
		return result{}, err
	}
	switch {
	case S.IDScope != "":
		return result{score: 1, ag: *g, ap: *p, m: c.leaf(align.LeafID, 1, *g, *p, true, true)}, nil
	case S.Ref != "":
		return c.alignRef(*g, *p, S, true), nil
	case g.IsNull() || p.IsNull():
		s := S.NullScore
		if g.IsNull() && p.IsNull() {
			s = 1
		}
		return result{score: s, ag: *g, ap: *p, m: c.leaf(align.LeafNull, s, *g, *p, true, true)}, nil
	case !S.Permits(g.Kind):
		return result{}, c.errorf("gold value of kind %s is not permitted by the schema node %s", kindName(g.Kind), S.Pos.Pointer)
	case !kindsCompatible(g.Kind, p.Kind):
		return c.primitiveResult(0, *g, *p, true), nil
	}
	switch g.Kind {
	case jsonval.Bool:
		s := 0.0
		if g.B == p.B {
			s = 1
		}
		return c.primitiveResult(s, *g, *p, true), nil
	case jsonval.Int, jsonval.Float:
		return c.alignNumber(*g, *p, S, true)
	case jsonval.String:
		return c.alignString(*g, *p, S, true)
	}
	return result{}, c.errorf("unexpected value kind %d", g.Kind)
}
