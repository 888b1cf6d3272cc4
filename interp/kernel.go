package interp

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

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
	kernelNested                       // any other gold array: aligned by align (kernelCell)
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
	// mpKey: mp is a string or an int64 integer, which a candidate
	// value equals exactly when it has mp's kind and text or value (or,
	// for an integer, is a float of the same value: the generic test
	// then); mpIn: mp is a candidate id of the scope.
	mpKey, mpIn bool
	// Leaves under a comparator, and a string comparator's cost class
	// (stringCost). exact: a string leaf under "exact" (a built-in
	// name), whose cells score t1 when the strings are equal and t0
	// otherwise, without a call of the comparator.
	exact bool
	name  string
	str   align.StringFunc
	num   align.NumberFunc
	cost  align.CostClass
	// The column kernel (kernelColumns): the member's column, the interned
	// code of the gold string (exact leaves) or of the reference's image
	// (-1: no candidate holds it), and the scores of an exact leaf that
	// differs and one that matches, thresholded.
	col    int
	code   int32
	t0, t1 float64
	// memo is the offset of the gold string's entries in the string memo
	// (colmemo.go), -1 when the member is not memoised.
	memo int
}

// kernelRow is the gold side of one matrix row.
type kernelRow struct {
	ok bool
	// nested: a member is a kernelNested array, whose alignment may reach
	// references the row does not list; aligns: a member is aligned by
	// align in some cells (kernelNested, kernelEmptyArray).
	nested, aligns bool
	g              jsonval.Value
	members        []kernelMember
	sKey           float64 // the key term: every key pairs with its namesake
	// The link table: when every value score of a cell is 0 or 1 (ids,
	// references, exact leaves), the cell's score depends only on which
	// members score 1. table[mask] memoises combineRecord for that pattern
	// (bit r set: member r scores 1) once known[mask] is set.
	table []float64
	known []bool
	// fast: the row's cells may take the column kernel (every member a
	// string leaf, an identifier or a reference, with a string value);
	// keys is its key set as columns (kernelColumns.keys), base the work
	// of its cells before their strings' bytes.
	fast bool
	keys uint64
	base int64
	// link: a fast row whose cells take linkCell (colmemo.go).
	link bool
	// The weights of every cell of the row are its members' (ks.w), so
	// their sum W and the shares q[r] = w[r]/W are computed once per row
	// (combineRecord), once qSet.
	qSet bool
	W    float64
	q    []float64
}

// maxTableMembers bounds the records whose cells use the link table (2^8
// patterns at most).
const maxTableMembers = 8

// one is the bit pattern of 1.0 (math.Float64bits(1)).
const one = 0x3ff0000000000000

// kernelScratch is the per-depth storage of the kernel.
type kernelScratch struct {
	row kernelRow
	// linkBuf is a row of floats for codedRows; linkMask a row of
	// patterns and linkCols the columns of one matrix for codedLinkRow.
	linkBuf  []float64
	linkMask []uint8
	linkCols codedColumns
	assign   []int
	w, v     []float64 // weights and value scores of one cell
	t        []float64 // terms of one cell
	ones     []float64
	cols     kernelColumns
	memo     stringMemo
	link     []linkMember
	// The parallel fill's result (parallelRows): the work of each row, -1
	// for a row left to the serial loop, and whether a filled row has a
	// reference member.
	rowWork []int64
	rowRef  []bool
}

// kernelColumns is the candidate side of a matrix for the column kernel:
// every candidate element read once per matrix instead of once per cell.
// An element qualifies (ok) when it is an object whose member values are
// all strings under at most 64 distinct keys; its members are then stored
// by column (the key's index in names), each string as an interned code
// (equal strings, equal codes), so that an identifier, a reference or an
// exact leaf costs one integer comparison and no hashing per cell.
type kernelColumns struct {
	on    bool
	names map[string]int // key → column
	order []string       // column → key (names inverted)
	codes map[string]int32
	np    int // columns (distinct keys met)
	ok    []bool
	keys  []uint64 // element j: bit k set when it has the key of column k
	code  []int32  // j*np + k
	str   []string // j*np + k
	// A call aligns the same candidate arrays many times (the search's
	// evaluations, docs/SCORING.md §7.12, and the main pass after them):
	// the columns of an array of the candidate tree are kept for its
	// elements p[:pm] until the call ends (gen, the workspace's callGen
	// then; nil p for a list that is not an array of the tree).
	gen uint64
	p   *jsonval.Value
	pm  int
}

// kernelColumnsMin is the smallest matrix the column kernel is prepared
// for: below it the per-matrix set-up costs more than it saves.
const kernelColumnsMin = 64

// intern returns the code of s, adding it when add is set (-1: absent).
func (kc *kernelColumns) intern(s string, add bool) int32 {
	if x, ok := kc.codes[s]; ok {
		return x
	}
	if !add {
		return -1
	}
	x := int32(len(kc.codes))
	kc.codes[s] = x
	return x
}

// column returns the column of key, a member found at position i of its
// object: column i when that is key's (the members of a list's objects
// mostly come in one order), else the one names holds.
func (kc *kernelColumns) column(i int, key string) (int, bool) {
	if i < len(kc.order) && kc.order[i] == key {
		return i, true
	}
	k, ok := kc.names[key]
	return k, ok
}

// kernelColumns prepares the column kernel for the candidates P of a
// matrix of n rows. inTree tells that P is an array of the call's
// candidate tree (or a part of one), not a list of the workspace.
func (c *call) kernelColumns(ks *kernelScratch, n int, P []jsonval.Value, inTree bool) {
	kc := &ks.cols
	kc.on = n*len(P) >= kernelColumnsMin
	if !kc.on {
		return
	}
	// The candidate tree does not change during a call, so that the
	// columns built from the same elements of it earlier in the call are
	// those this one would build (their maps only looked up since).
	if inTree && kc.p == &P[0] && kc.pm == len(P) && kc.gen == c.callGen {
		ks.memo.reset(kc.np)
		return
	}
	kc.p, kc.pm, kc.gen = nil, 0, 0
	if inTree {
		kc.p, kc.pm, kc.gen = &P[0], len(P), c.callGen
	}
	if kc.names == nil {
		kc.names, kc.codes = map[string]int{}, map[string]int32{}
	}
	clear(kc.names)
	clear(kc.codes)
	clear(kc.order)
	kc.np, kc.order = 0, kc.order[:0]
	for _, p := range P {
		for i, mb := range p.Obj {
			if _, seen := kc.column(i, mb.Key); !seen && kc.np < 64 {
				kc.names[mb.Key] = kc.np
				kc.order = append(kc.order, mb.Key)
				kc.np++
			}
		}
	}
	m, np := len(P), kc.np
	kc.ok = kc.ok[:0]
	kc.keys = kc.keys[:0]
	if cap(kc.code) < m*np {
		kc.code = make([]int32, m*np)
		kc.str = make([]string, m*np)
	}
	kc.code, kc.str = kc.code[:m*np], kc.str[:m*np]
	clear(kc.str)
	for j, p := range P {
		ok, keys := p.Kind == jsonval.Object && len(p.Obj) > 0, uint64(0)
		for i, mb := range p.Obj {
			k, seen := kc.column(i, mb.Key)
			if !seen || mb.Value.Kind != jsonval.String || keys&(1<<k) != 0 {
				ok = false
				break
			}
			keys |= 1 << k
			kc.code[j*np+k] = kc.intern(mb.Value.S, true)
			kc.str[j*np+k] = mb.Value.S
		}
		kc.ok = append(kc.ok, ok)
		kc.keys = append(kc.keys, keys)
	}
	ks.memo.reset(np)
}

// kernelFast completes a row prepared by kernelRow for the column kernel
// of the matrix whose columns ks.cols holds.
func (c *call) kernelFast(ks *kernelScratch, row *kernelRow) {
	row.fast, row.link = false, false
	kc := &ks.cols
	if !row.ok || !kc.on {
		return
	}
	n := len(row.members)
	row.keys, row.base = 0, 1+int64(n)*int64(n)+int64(n)
	for r := range row.members {
		km := &row.members[r]
		if km.gv.Kind != jsonval.String {
			return
		}
		k, ok := kc.column(r, row.g.Obj[r].Key)
		if !ok {
			return // no candidate has the key: every cell takes kernelCell
		}
		if row.keys&(1<<k) != 0 {
			return // a repeated gold key
		}
		km.col, km.memo = k, -1
		row.keys |= 1 << k
		switch km.kind {
		case kernelID:
		case kernelRef:
			km.code = -1
			if !km.masked && km.hasMP && km.mp.Kind == jsonval.String && c.candIDs[km.scope].has(keyOf(km.mp)) {
				km.code = kc.intern(km.mp.S, false)
			}
		case kernelString:
			if km.name == "exact" {
				km.code = kc.intern(km.gv.S, false)
				km.t0 = align.ApplyThreshold(0, km.sub.Threshold)
				km.t1 = align.ApplyThreshold(1, km.sub.Threshold)
			} else if km.str.Builtin() && !c.s.plainColumns {
				km.memo = ks.memo.entries(kc, k, km.gv.S)
			}
		default:
			return
		}
	}
	row.fast = true
	row.link = !c.s.plainColumns && linkFits(row)
}

// kernelCellColumn scores the cell (row, j) from the columns, as
// kernelCell would; ok is false when the cell must take kernelCell or the
// generic path.
func (c *call) kernelCellColumn(ks *kernelScratch, row *kernelRow, j int, items *ir.Node) (score float64, ok bool) {
	if row.link {
		work, mask, ok := linkCell(ks, row, j)
		if !ok || !c.kernelCharge(work) {
			return 0, false
		}
		return linkScore(ks, row, mask, items, c.s.referenceProfile()), true
	}
	work, ok := c.columnCell(ks, row, j)
	if !ok {
		return 0, false
	}
	return c.kernelFinish(ks, row, items, work)
}

// columnCell writes the weights and value scores of the cell (row, j)
// into ks and returns its work, charging nothing (kernelCellColumn).
func (c *call) columnCell(ks *kernelScratch, row *kernelRow, j int) (work int64, ok bool) {
	kc := &ks.cols
	if !kc.ok[j] || kc.keys[j] != row.keys {
		return 0, false
	}
	lim := c.s.opts.Limits.MaxStringRunes
	work = row.base
	w, v := ks.w[:0], ks.v[:0]
	np := kc.np
	code, str := kc.code[j*np:j*np+np], kc.str[j*np:j*np+np]
	for r := range row.members {
		km := &row.members[r]
		w = append(w, km.weight)
		var s float64
		switch km.kind {
		case kernelID:
			s = 1
		case kernelRef:
			if km.masked || (km.code >= 0 && code[km.col] == km.code) {
				s = 1
			}
		default: // kernelString
			pv := str[km.col]
			if km.name == "exact" {
				work += int64(len(km.gv.S)+len(pv)) / 16
				s = km.t0
				if km.code >= 0 && code[km.col] == km.code {
					s = km.t1
				}
				break
			}
			gv := km.gv.S
			if len(gv) > lim || len(pv) > lim {
				ks.w, ks.v = w, v
				return 0, false
			}
			if km.memo >= 0 {
				x, cw, ok := ks.memoCompare(km, j, gv, pv)
				if !ok {
					ks.w, ks.v = w, v
					return 0, false
				}
				work += cw
				s = x
				break
			}
			work += int64(len(gv)+len(pv))/16 + costOf(km.cost, gv, pv)
			x, err := km.str.Compare(nil, gv, pv)
			if err != nil {
				ks.w, ks.v = w, v
				return 0, false
			}
			s = align.ApplyThreshold(x, km.sub.Threshold)
		}
		v = append(v, s)
	}
	ks.w, ks.v = w, v
	return work, true
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
	row.ok, row.g, row.qSet, row.nested, row.aligns = false, g, false, false, false
	row.members = row.members[:0]
	if g.Kind != jsonval.Object || len(g.Obj) == 0 || len(g.Obj) > c.s.opts.Limits.MaxCollection {
		return row
	}
	exactKeys := c.s.keyScore(items) == "exact"
	ref := c.s.referenceProfile()
	for i := range g.Obj {
		mb := &g.Obj[i]
		if !exactKeys && len(mb.Key) > 64 {
			return row // long keys are charged by chargeKeys
		}
		var sub *ir.Node
		if ref {
			sub = items.PropertyAt(mb.Key, i)
		} else {
			sub = items.MemberSchemaAt(mb.Key, i)
		}
		if sub == nil && !ref {
			return row // the JSON-value rule of docs/SCORING.md §6.9
		}
		// Filled in place: a member is large, and most rows are kept.
		if len(row.members) < cap(row.members) {
			row.members = row.members[:len(row.members)+1]
		} else {
			row.members = append(row.members, kernelMember{})
		}
		km := &row.members[len(row.members)-1]
		*km = kernelMember{} // zeroed in place, without a temporary
		km.gv, km.sub, km.weight = mb.Value, sub, 1
		if sub == nil {
			km.kind = kernelZero
			continue
		}
		km.weight = sub.ValueWeight
		if sub.Union != nil || sub.Any {
			return row
		}
		gv := &mb.Value
		switch {
		case sub.IDScope != "":
			km.kind = kernelID
		case sub.Ref != "":
			km.kind = kernelRef
			c.kernelRef(km, sub)
		case gv.IsNull():
			km.kind = kernelNullGold // the null rule, whatever the candidate holds
		case !sub.Permits(gv.Kind):
			return row // an error, reported by the generic path
		case gv.Kind == jsonval.Bool:
			km.kind = kernelBool
		case gv.Kind == jsonval.Int || gv.Kind == jsonval.Float:
			km.kind = kernelNumber
			np := c.s.nodePlan(sub)
			if np == nil || !np.numOK {
				return row
			}
			km.name, km.num = np.numName, np.num
		case gv.Kind == jsonval.String:
			km.kind = kernelString
			np := c.s.nodePlan(sub)
			if np == nil || !np.strOK {
				return row
			}
			km.name, km.str, km.cost = np.strName, np.str, np.strCost
			if km.exact = km.name == "exact"; km.exact {
				km.t0 = align.ApplyThreshold(0, sub.Threshold)
				km.t1 = align.ApplyThreshold(1, sub.Threshold)
			}
		case gv.Kind == jsonval.Array && len(gv.Arr) == 0 && sub.Items != nil && len(sub.PrefixItems) == 0:
			// Two empty arrays score 1 (docs/SCORING.md §5.2) for the
			// member's unit of work; a non-empty candidate array is
			// aligned as a nested member (kernelCell).
			km.kind = kernelEmptyArray
			row.aligns = true
		case gv.Kind == jsonval.Array:
			km.kind = kernelNested
			row.nested, row.aligns = true, true
		default:
			return row // objects nest alignments
		}
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

// hasRef reports whether a member of the row is a reference.
func (row *kernelRow) hasRef() bool {
	for r := range row.members {
		if row.members[r].kind == kernelRef {
			return true
		}
	}
	return false
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
	k := keyOf(km.gv)
	mv, found := c.bij[idx].m.get(k)
	if c.logging {
		c.logDep(idx, k, mv, found)
	}
	if found && mv.ok && !km.gv.IsNull() {
		km.mp, km.hasMP = mv.v, true
		km.mpKey = mv.v.Kind == jsonval.String || mv.v.Kind == jsonval.Int && mv.v.Big == nil
		km.mpIn = km.mpKey && c.candIDs[idx].has(keyOf(mv.v))
	}
}

// kernelCell scores the cell (row, p) as align(row.g, p, items, false)
// would; ok is false when the cell must take the generic path.
//
// A nested member (kernelNested, or kernelEmptyArray against a non-empty
// array) is aligned by align, which charges its work as it goes, before
// the kernel charges the rest of the cell: another order than the generic
// path's, which charges the record's units first. The totals are the
// same, and the work only grows, so that the two orders differ only when
// the generic one would stop at a limit, a poll of the context or an error
// somewhere in the cell. The kernel then stops too — an error of the
// nested alignment, a poll during it (c.polls), or a final charge the
// kernel refuses — and the cell is undone (the work, the poll counter,
// the path and the lookups logged) and left to the generic path, which
// stops where it should.
func (c *call) kernelCell(ks *kernelScratch, row *kernelRow, p jsonval.Value, items *ir.Node) (score float64, ok bool) {
	if !row.aligns {
		return c.kernelCellFlat(ks, row, p, items)
	}
	work, since, polls, path, deps := c.work, c.sinceCheck, c.polls, len(c.path), len(c.deps)
	score, ok = c.kernelCellFlat(ks, row, p, items)
	if !ok {
		c.work, c.sinceCheck, c.polls, c.path = work, since, polls, c.path[:path]
		if c.logging {
			c.deps = c.deps[:deps]
		}
	}
	return score, ok
}

// kernelCellFlat is kernelCell without the undoing.
func (c *call) kernelCellFlat(ks *kernelScratch, row *kernelRow, p jsonval.Value, items *ir.Node) (score float64, ok bool) {
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
	lim := c.s.opts.Limits.MaxStringRunes
	ref := c.s.referenceProfile()
	// align's unit for the record, alignObject's n·m for its key matrix.
	work := 1 + int64(n)*int64(n)
	w, v := ks.w[:0], ks.v[:0]
	for r := range row.members {
		km := &row.members[r]
		// By pointer: a value is 104 bytes, and a cell reads two per member.
		pv := &PK[assign[r]].Value
		w = append(w, km.weight)
		if km.kind == kernelZero {
			v = append(v, 0)
			continue
		}
		gv := &km.gv
		// memberValue's kind test, before the id/ref rules: two non-null
		// values whose kinds sameMemberKind keeps apart (the same kind, or
		// in the default profile two numbers).
		if gk, pk := gv.Kind, pv.Kind; gk != pk && gk != jsonval.Null && pk != jsonval.Null &&
			(ref || !isNumberKind(gk) || !isNumberKind(pk)) {
			v = append(v, 0)
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
			case km.mpKey && pv.Kind == km.mp.Kind && (pv.Kind != jsonval.Int || pv.Big == nil):
				// jsonval.Equal of a string or an int64 integer, and the
				// candidate id set's answer for mp, which keyOf(*pv) equals.
				if km.mpIn && (pv.Kind == jsonval.String && pv.S == km.mp.S || pv.Kind == jsonval.Int && pv.I == km.mp.I) {
					s = 1
				}
			case km.hasMP && jsonval.Equal(km.mp, *pv) && c.candIDs[km.scope].has(keyOf(*pv)):
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
			case kernelEmptyArray, kernelNested:
				if km.kind == kernelEmptyArray && len(pv.Arr) == 0 {
					s = 1
					break
				}
				// memberValue's alignment, at the depth of the record's
				// members; align charges its own unit.
				work--
				polls := c.polls
				c.depth++
				r, err := c.align(*gv, *pv, km.sub, false)
				c.depth--
				if err != nil || c.polls != polls {
					return 0, false
				}
				s = r.score
			case kernelNumber:
				x, err := km.num.Compare(nil, *gv, *pv)
				if err != nil {
					return 0, false
				}
				s = align.ApplyThreshold(x, km.sub.Threshold)
			case kernelString:
				if km.exact {
					// align.ExactString's 1 or 0, thresholded.
					work += int64(len(gv.S)+len(pv.S)) / 16
					if km.cost == align.CostQuadratic || km.cost == align.CostBitParallel {
						work += costOf(km.cost, gv.S, pv.S) // 0 for any other class
					}
					s = km.t0
					if gv.S == pv.S {
						s = km.t1
					}
					break
				}
				if len(gv.S) > lim || len(pv.S) > lim {
					return 0, false
				}
				work += int64(len(gv.S)+len(pv.S))/16 + costOf(km.cost, gv.S, pv.S)
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
	return c.kernelFinish(ks, row, items, work)
}

// kernelFinish charges the work of a cell whose weights and value scores
// are in ks and combines them; ok is false when the cell must take the
// generic path (a poll or the work limit is due).
func (c *call) kernelFinish(ks *kernelScratch, row *kernelRow, items *ir.Node, work int64) (score float64, ok bool) {
	if !c.kernelCharge(work) {
		return 0, false
	}
	return kernelCombine(ks, row, items, c.s.referenceProfile()), true
}

// kernelCharge charges the work of a kernel cell; false, charging
// nothing, when the cell must take the generic path (a poll or the work
// limit is due).
func (c *call) kernelCharge(work int64) bool {
	if c.done != nil && c.sinceCheck+work >= pollStride {
		return false // the generic path polls the context where it should
	}
	if c.replay == 0 && c.work+work > c.s.opts.Limits.MaxWork {
		return false // the generic path reports the limit where it is hit
	}
	if c.done != nil {
		c.sinceCheck += work
	}
	if c.replay == 0 {
		c.work += work
	}
	return true
}

// kernelCombine combines the weights and value scores in ks into the
// cell's score, through the row's link table when they are all 0 or 1.
func kernelCombine(ks *kernelScratch, row *kernelRow, items *ir.Node, ref bool) float64 {
	v := ks.v
	if len(row.table) == 0 {
		return combineRecord(ks, row, items, ref)
	}
	mask := 0
	for r, x := range v {
		switch math.Float64bits(x) {
		case one:
			mask |= 1 << r
		case 0: // +0 only: a -0 could round differently
		default:
			return combineRecord(ks, row, items, ref)
		}
	}
	if !row.known[mask] {
		row.table[mask], row.known[mask] = combineRecord(ks, row, items, ref), true
	}
	return row.table[mask]
}

// combineRecord is alignObject's score of an object whose keys all pair
// with their namesakes (docs/SCORING.md §6.5), from the weights and value
// scores in ks: the same expressions in the same order. ks.w holds the
// row's member weights, as every cell of the row writes them.
func combineRecord(ks *kernelScratch, row *kernelRow, S *ir.Node, ref bool) float64 {
	if !row.qSet {
		row.W, row.q = align.PairwiseSum(ks.w), row.q[:0]
		for _, wi := range ks.w {
			row.q = append(row.q, wi/row.W)
		}
		row.qSet = true
	}
	W := row.W
	if W == 0 {
		return 1
	}
	terms := ks.t[:0]
	for i, q := range row.q {
		terms = append(terms, q*ks.v[i])
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

// recordMatrix is the record matrix of a scope's derivation, kept for the
// main pass (reusedMatrix). The main pass aligns the same records again
// when the scope's records are the elements of one array (a record path
// /people/*), and the cell of two records is the same there as in the
// derivation when the records reach no reference (masked in the
// derivation, docs/SCORING.md §7.4, but scored through the bijection in
// the main pass), every gold record is a kernel row without references or
// the scope's records reach no reference at all (scopePlan.refFree), and
// no cell failed (an error the derivation swallows, docs/SCORING.md §7.5,
// the main pass reports). The depth a cell is aligned at decides nothing
// else than the depth limit (the kernels' choice of cells is exact), which
// reusedMatrix checks against rel.
type recordMatrix struct {
	node *ir.Node
	n, m int
	C    []float64
	// cols, when not nil, is the order of C's columns: column c holds
	// candidate record cols[c] (the derivation put them in canonical
	// order in place, permutedRecords).
	cols []int
	// work is what the derivation charged for the cells: the main pass
	// charges it again.
	work int64
	// rel is the depth the cells' alignments reached (call.reach) below
	// the depth the derivation aligned them from: the main pass aligning
	// them from depth d reaches d+rel, and reuses the matrix only when
	// that is within MaxDepth.
	rel int
	// g and p identify the records by the storage of their members.
	g, p []*jsonval.Member
}

// keepRecordMatrix records the matrix C of a derivation for the main
// pass; reusable is false when it may not be reused (see recordMatrix).
func (c *call) keepRecordMatrix(node *ir.Node, C []float64, recG []located, recP []jsonval.Value, work int64, rel int, reusable bool) {
	if !reusable || len(recG) == 0 || len(recP) == 0 {
		return
	}
	rm := recordMatrix{node: node, n: len(recG), m: len(recP), C: C, work: work, rel: rel,
		g: make([]*jsonval.Member, len(recG)), p: make([]*jsonval.Member, len(recP))}
	for i, r := range recG {
		if r.v.Kind != jsonval.Object || len(r.v.Obj) == 0 {
			return // identified by its first member: none
		}
		rm.g[i] = &r.v.Obj[0]
	}
	for j, r := range recP {
		if r.Kind != jsonval.Object || len(r.Obj) == 0 {
			return // identified by its first member: none
		}
		rm.p[j] = &r.Obj[0]
	}
	c.derived = append(c.derived, rm)
}

// permutedRecords records that the derivation put the columns of its
// record matrix C in the order cols, in place (the matrix it solves is C
// itself, docs/SCORING.md §7.13): the kept record matrix, if C is one, is
// read in that order from now on.
func (c *call) permutedRecords(C []float64, cols []int) {
	for k := range c.derived {
		if rm := &c.derived[k]; len(rm.C) > 0 && &rm.C[0] == &C[0] {
			rm.cols = append(rm.cols[:0], cols...)
		}
	}
}

// derivedMatrix returns the record matrix of a derivation whose records
// are G and P under items (see recordMatrix), charging the work of its
// cells, or nil. A matrix whose work would exceed MaxWork is not reused,
// so that the main pass reports the limit at the cell where it is hit.
func (c *call) derivedMatrix(G, P []jsonval.Value, items *ir.Node) (*recordMatrix, error) {
	if len(c.derived) == 0 || !c.kernelFits(items) {
		return nil, nil
	}
	for k := range c.derived {
		rm := &c.derived[k]
		if rm.node != items || rm.n != len(G) || rm.m != len(P) || !sameRecords(rm.g, G) || !sameRecords(rm.p, P) {
			continue
		}
		if c.depth+rm.rel > c.s.opts.Limits.MaxDepth {
			return nil, nil // the main pass reports the limit
		}
		if c.replay == 0 && c.work+rm.work > c.s.opts.Limits.MaxWork {
			return nil, nil
		}
		if err := c.spend(rm.work); err != nil {
			return nil, err
		}
		c.reach = max(c.reach, c.depth+rm.rel)
		return rm, nil
	}
	return nil, nil
}

// copyInto writes the record matrix into M (n × m) with its columns in
// the candidate records' order.
func (rm *recordMatrix) copyInto(M []float64) {
	if rm.cols == nil {
		copy(M, rm.C)
		return
	}
	m := rm.m
	for i := range rm.n {
		row, dst := rm.C[i*m:(i+1)*m], M[i*m:(i+1)*m]
		for c, j := range rm.cols {
			dst[j] = row[c]
		}
	}
}

// sameRecords reports whether the values vs are the records ids identify.
func sameRecords(ids []*jsonval.Member, vs []jsonval.Value) bool {
	for i, v := range vs {
		if v.Kind != jsonval.Object || len(v.Obj) == 0 || &v.Obj[0] != ids[i] {
			return false
		}
	}
	return true
}

// parallelMin is the smallest matrix (cells) whose kernel rows are filled
// in parallel: below it, starting the goroutines costs more than it saves.
const parallelMin = 1 << 15

// parallelFill reports whether parallelRows fills the n×m matrix whose
// candidates ks.cols prepared.
func (c *call) parallelFill(ks *kernelScratch, n, m int) bool {
	least := parallelMin
	if c.s.fillMin > 0 {
		least = c.s.fillMin
	}
	return ks.cols.on && min(runtime.GOMAXPROCS(0), n) >= 2 && n*m >= least && !c.logging
}

// parallelRows fills, on GOMAXPROCS goroutines taking blocks of rows, the
// rows of the n×m matrix M (gold rows G, the candidates prepared in
// ks.cols) whose cells all take the column kernel, and returns the work of
// each (-1: the row was not filled and is the serial loop's; ks.rowRef
// tells which filled rows have a reference member). It charges
// nothing: the caller charges a filled row in row order (chargeRow) and
// fills a row serially when that fails, so that scores, limit errors and
// the first error in row-major order are those of the serial fill. It
// returns nil when the matrix is filled serially (small, one processor).
// A done context stops the goroutines after their current row.
func (c *call) parallelRows(ks *kernelScratch, M []float64, G []jsonval.Value, m int, items *ir.Node) []int64 {
	n := len(G)
	if !c.parallelFill(ks, n, m) {
		return nil
	}
	procs := min(runtime.GOMAXPROCS(0), n)
	if len(c.par) < procs {
		c.par = make([]kernelScratch, procs)
	}
	work, refs := ks.rowWork[:0], ks.rowRef[:0]
	for range n {
		work, refs = append(work, -1), append(refs, false)
	}
	ks.rowWork, ks.rowRef = work, refs
	ref := c.s.referenceProfile()
	block := max(1, n/(8*procs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range procs {
		wks := &c.par[w]
		wks.cols = ks.cols
		wks.memo.reset(ks.cols.np)
		wg.Go(func() {
			for {
				lo := int(next.Add(int64(block))) - block
				if lo >= n {
					return
				}
				for i := lo; i < min(lo+block, n); i++ {
					if c.done != nil && c.ctx.Err() != nil {
						return
					}
					row := c.kernelRow(wks, G[i], items)
					c.kernelFast(wks, row)
					if !row.fast {
						continue
					}
					if row.link {
						if sum, ok := linkRow(wks, row, M[i*m:i*m+m], items, ref); ok {
							work[i], refs[i] = sum, row.hasRef()
						}
						continue
					}
					sum := int64(0)
					j := 0
					for ; j < m; j++ {
						cw, ok := c.columnCell(wks, row, j)
						if !ok {
							break
						}
						sum += cw
						M[i*m+j] = kernelCombine(wks, row, items, ref)
					}
					if j == m {
						work[i], refs[i] = sum, row.hasRef()
					}
				}
			}
		})
	}
	wg.Wait()
	return work
}

// chargeRow charges the work of a row filled by parallelRows as its cells
// would have been charged one by one; false when the row must be filled
// serially instead (it would cross MaxWork there, which the serial fill
// reports at the cell). A done context is reported as the serial fill
// reports it, at a poll.
func (c *call) chargeRow(work int64) (bool, error) {
	if c.replay == 0 && c.work+work > c.s.opts.Limits.MaxWork {
		return false, nil
	}
	if c.replay == 0 {
		c.work += work
	}
	if c.done != nil {
		if c.sinceCheck += work; c.sinceCheck >= pollStride {
			c.sinceCheck = 0
			c.polls++
			if err := c.ctx.Err(); err != nil {
				return false, c.stopped(err)
			}
		}
	}
	return true, nil
}
