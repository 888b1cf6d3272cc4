package interp

import (
	"math"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// This file holds the record kernel: a score-only evaluation of matrix
// cells whose elements are flat records — objects whose members are
// identifiers, references and primitive leaves — the records of a scope and
// the link records of a knowledge graph (docs/PERFORMANCE.md, "Large
// documents").
//
// The kernel computes exactly what align computes for such a cell: the same
// member scores in the same order, combined by the same expressions of
// alignObject, and the same work charged. What it saves is the per-cell
// overhead of the generic path: the gold side of a row (member schemas,
// comparators, the bijection image of every reference) is resolved once per
// row instead of once per cell, a reference leaf costs one comparison with
// that image instead of three map lookups, and no path token is pushed.
//
// A cell it cannot evaluate exactly takes the generic path, before any work
// is charged: a candidate that is not an object with the gold's key set, a
// member value of another shape, a comparator error, and a cell that would
// exceed MaxWork or reach a context poll (so that limit errors and
// cancellation are reported where the generic path reports them).

// kernelKind is the rule a record member is scored by.
type kernelKind uint8

const (
	kernelID         kernelKind = iota // identifier field: 1 (docs/SCORING.md §7.4)
	kernelRef                          // reference leaf, through the bijection
	kernelString                       // string leaf under a comparator
	kernelNumber                       // number leaf under a comparator
	kernelBool                         // boolean leaf
	kernelZero                         // undeclared gold key, reference profile: value 0
	kernelNullGold                     // null gold value: the null rule (docs/SCORING.md §1.4)
	kernelEmptyArray                   // empty gold array under items alone: 1 against an empty array
)

// kernelMember is the gold side of one member of a kernel row.
type kernelMember struct {
	gv     jsonval.Value
	sub    *ir.Node
	kind   kernelKind
	weight float64
	// Reference leaves: masked scores 1 whatever the candidate holds;
	// otherwise the cell scores 1 when the candidate holds mp, the image of
	// the gold id, and mp is a candidate id of the scope.
	masked bool
	hasMP  bool
	mp     jsonval.Value
	scope  int
	// Leaves under a comparator.
	name string
	str  align.StringFunc
	num  align.NumberFunc
}

// kernelRow is the gold side of one matrix row.
type kernelRow struct {
	ok      bool
	g       jsonval.Value
	members []kernelMember
	sKey    float64 // the key term: every key pairs with its namesake
	// The link table: when every value score of a cell is 0 or 1 (ids,
	// references, exact leaves), the cell's score depends only on which
	// members score 1. table[mask] memoises combineRecord for that pattern
	// (bit r set: member r scores 1) once known[mask] is set.
	table []float64
	known []bool
}

// maxTableMembers bounds the records whose cells use the link table (2^8
// patterns at most).
const maxTableMembers = 8

// one is the bit pattern of 1.0 (math.Float64bits(1)).
const one = 0x3ff0000000000000

// kernelScratch is the per-depth storage of the kernel.
type kernelScratch struct {
	row    kernelRow
	assign []int
	w, v   []float64 // weights and value scores of one cell
	t      []float64 // terms of one cell
	ones   []float64
}

// kernelFits reports whether cells of items may use the kernel at all.
func (c *call) kernelFits(items *ir.Node) bool {
	return !c.s.genericCells && !c.s.contextual && items != nil && items.Union == nil && !items.Any &&
		items.IDScope == "" && items.Ref == "" && items.Permits(jsonval.Object) && len(items.Properties) > 0 &&
		align.ApplyThreshold(1, items.KeyThreshold) == 1 &&
		c.depth+2 <= c.s.opts.Limits.MaxDepth
}

// kernelRow prepares the gold side of a row for the cells of items; row.ok
// is false when the row takes the generic path.
func (c *call) kernelRow(ks *kernelScratch, g jsonval.Value, items *ir.Node) *kernelRow {
	row := &ks.row
	row.ok, row.g = false, g
	row.members = row.members[:0]
	if g.Kind != jsonval.Object || len(g.Obj) == 0 || len(g.Obj) > c.s.opts.Limits.MaxCollection {
		return row
	}
	exactKeys := c.s.keyScore(items) == "exact"
	ref := c.s.referenceProfile()
	for _, mb := range g.Obj {
		if !exactKeys && len(mb.Key) > 64 {
			return row // long keys are charged by chargeKeys
		}
		var sub *ir.Node
		if ref {
			sub = items.Property(mb.Key)
		} else {
			sub = items.MemberSchema(mb.Key)
		}
		km := kernelMember{gv: mb.Value, sub: sub, weight: 1}
		if sub == nil {
			if !ref {
				return row // the JSON-value rule of docs/SCORING.md §6.9
			}
			km.kind = kernelZero
			row.members = append(row.members, km)
			continue
		}
		km.weight = sub.ValueWeight
		if sub.Union != nil || sub.Any {
			return row
		}
		gv := mb.Value
		switch {
		case sub.IDScope != "":
			km.kind = kernelID
		case sub.Ref != "":
			km.kind = kernelRef
			c.kernelRef(&km, sub)
		case gv.IsNull():
			km.kind = kernelNullGold // the null rule, whatever the candidate holds
		case !sub.Permits(gv.Kind):
			return row // an error, reported by the generic path
		case gv.Kind == jsonval.Bool:
			km.kind = kernelBool
		case gv.Kind == jsonval.Int || gv.Kind == jsonval.Float:
			km.kind = kernelNumber
			name := c.s.comparator(sub, "invdiff")
			f, ok := c.s.registry.Number(name, sub.Types&ir.TInteger != 0)
			if !ok {
				return row
			}
			km.name, km.num = name, f
		case gv.Kind == jsonval.String:
			km.kind = kernelString
			name := c.s.comparator(sub, "jaro")
			f, ok := c.s.registry.String(name)
			if !ok {
				return row
			}
			km.name, km.str = name, f
		case gv.Kind == jsonval.Array && len(gv.Arr) == 0 && sub.Items != nil && len(sub.PrefixItems) == 0:
			// Two empty arrays score 1 (docs/SCORING.md §5.2) for the
			// member's unit of work; a non-empty candidate array takes the
			// generic path (kernelCell).
			km.kind = kernelEmptyArray
		default:
			return row // arrays and objects nest alignments
		}
		row.members = append(row.members, km)
	}
	n := len(row.members)
	ks.ones = ks.ones[:0]
	for range n {
		ks.ones = append(ks.ones, 1)
	}
	row.sKey = align.PairwiseSum(ks.ones) / float64(n)
	row.table, row.known = row.table[:0], row.known[:0]
	if n <= maxTableMembers {
		for range 1 << n {
			row.table = append(row.table, 0)
			row.known = append(row.known, false)
		}
	}
	row.ok = true
	return row
}

// kernelRef resolves the gold side of a reference member once per row, as
// alignRef does per cell.
func (c *call) kernelRef(km *kernelMember, sub *ir.Node) {
	idx, ok := c.s.scopeIndex[sub.Ref]
	if !ok || c.maskAll || idx == c.curScope || c.bij[idx] == nil {
		km.masked = true
		return
	}
	km.scope = idx
	if mv, found := c.bij[idx].m[keyOf(km.gv)]; found && mv.ok && !km.gv.IsNull() {
		km.mp, km.hasMP = mv.v, true
	}
}

// kernelCell scores the cell (row, p) as align(row.g, p, items, false)
// would; ok is false when the cell must take the generic path.
func (c *call) kernelCell(ks *kernelScratch, row *kernelRow, p jsonval.Value, items *ir.Node) (score float64, ok bool) {
	GK := row.g.Obj
	n := len(GK)
	if p.Kind != jsonval.Object || len(p.Obj) != n {
		return 0, false
	}
	PK := p.Obj
	// The common case: the candidate's keys in the gold's order.
	assign := ks.assign[:0]
	same := true
	for r := range GK {
		if GK[r].Key != PK[r].Key {
			same = false
			break
		}
		assign = append(assign, r)
	}
	if !same && !pairByName(GK, PK, &assign) {
		ks.assign = assign
		return 0, false
	}
	ks.assign = assign
	ref := c.s.referenceProfile()
	lim := c.s.opts.Limits.MaxStringRunes
	// align's unit for the record, alignObject's n·m for its key matrix.
	work := 1 + int64(n)*int64(n)
	w, v := ks.w[:0], ks.v[:0]
	for r := range row.members {
		km := &row.members[r]
		pv := PK[assign[r]].Value
		w = append(w, km.weight)
		if km.kind == kernelZero {
			v = append(v, 0)
			continue
		}
		gv := km.gv
		if !gv.IsNull() && !pv.IsNull() && !c.sameMemberKind(gv.Kind, pv.Kind) {
			v = append(v, 0) // memberValue's kind test, before the id/ref rules
			continue
		}
		work++ // align's unit for the member
		var s float64
		switch km.kind {
		case kernelID:
			s = 1
		case kernelRef:
			switch {
			case km.masked:
				s = 1
			case km.hasMP && jsonval.Equal(km.mp, pv) && c.candIDs[km.scope][keyOf(pv)]:
				s = 1
			}
		case kernelNullGold:
			s = km.sub.NullScore
			if pv.IsNull() {
				s = 1
			}
		default:
			if pv.IsNull() {
				s = km.sub.NullScore
				break
			}
			switch km.kind {
			case kernelBool:
				if gv.B == pv.B {
					s = 1
				}
			case kernelEmptyArray:
				if len(pv.Arr) != 0 {
					return 0, false
				}
				s = 1
			case kernelNumber:
				x, err := km.num.Compare(nil, gv, pv)
				if err != nil {
					return 0, false
				}
				s = align.ApplyThreshold(x, km.sub.Threshold)
			case kernelString:
				if km.name != "exact" && (len(gv.S) > lim || len(pv.S) > lim) {
					return 0, false
				}
				work += int64(len(gv.S)+len(pv.S))/16 + stringCost(km.name, gv.S, pv.S)
				x, err := km.str.Compare(nil, gv.S, pv.S)
				if err != nil {
					return 0, false
				}
				s = align.ApplyThreshold(x, km.sub.Threshold)
			}
		}
		v = append(v, s)
	}
	ks.w, ks.v = w, v
	if c.done != nil && c.sinceCheck+work >= pollStride {
		return 0, false // the generic path polls the context where it should
	}
	if c.replay == 0 && c.work+work > c.s.opts.Limits.MaxWork {
		return 0, false // the generic path reports the limit where it is hit
	}
	if c.done != nil {
		c.sinceCheck += work
	}
	if c.replay == 0 {
		c.work += work
	}
	if len(row.table) == 0 {
		return combineRecord(ks, row, items, ref), true
	}
	mask := 0
	for r, x := range v {
		switch math.Float64bits(x) {
		case one:
			mask |= 1 << r
		case 0: // +0 only: a -0 could round differently
		default:
			return combineRecord(ks, row, items, ref), true
		}
	}
	if !row.known[mask] {
		row.table[mask], row.known[mask] = combineRecord(ks, row, items, ref), true
	}
	return row.table[mask], true
}

// combineRecord is alignObject's score of an object whose keys all pair
// with their namesakes (docs/SCORING.md §6.5), from the weights and value
// scores in ks: the same expressions in the same order.
func combineRecord(ks *kernelScratch, row *kernelRow, S *ir.Node, ref bool) float64 {
	W := align.PairwiseSum(ks.w)
	if W == 0 {
		return 1
	}
	terms := ks.t[:0]
	for i, wi := range ks.w {
		terms = append(terms, (wi/W)*ks.v[i])
	}
	ks.t = terms
	sKey := row.sKey
	sVal := align.PairwiseSum(terms)
	wK, wV := S.KeyImportance, S.ValueImportance
	score := align.Clamp01((float64(wK*sKey) + float64(wV*sVal)) / (wK + wV))
	if score != 1 && !ref {
		perfect := true
		for i, wi := range ks.w {
			if wi != 0 && ks.v[i] != 1 {
				perfect = false
				break
			}
		}
		if perfect {
			score = 1 // docs/SCORING.md §6.5: a perfect match scores exactly 1
		}
	}
	return score
}
