package interp

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/bijsearch"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// idKey is a canonical map key for a primitive JSON value under JSON equality
// (docs/SCORING.md §1.2, §7.3): 1 and 1.0 give the same key. Strings and numbers that
// are integers within the int64 range — nearly every identifier — are keyed
// without allocating; anything else falls back to align.IDKey's text.
type idKey struct {
	kind byte // 's' string, 'n' integer in int64, 'x' align.IDKey text
	s    string
	i    int64
}

func keyOf(v jsonval.Value) idKey {
	switch v.Kind {
	case jsonval.String:
		return idKey{kind: 's', s: v.S}
	case jsonval.Int:
		if v.Big == nil {
			return idKey{kind: 'n', i: v.I}
		}
	case jsonval.Float:
		// Integral floats in the int64 range key like the integer they
		// equal; the bounds are exact binary64 values (±2^63).
		if f := v.F; f == math.Trunc(f) && f >= -9223372036854775808.0 && f < 9223372036854775808.0 {
			return idKey{kind: 'n', i: int64(f)}
		}
	}
	return idKey{kind: 'x', s: align.IDKey(v)}
}

// bijection is π of one scope: gold id → candidate id or ⊥.
type bijection struct {
	m     idMap[mapped]
	order []jsonval.Value // gold ids in record order
	exc   []jsonval.Value // excess candidate ids
	// used and seen are readOffInto's scratch sets.
	used, seen idSet
	// distinct tells that the last read-off (readOffInto) had a non-null
	// identifier on every record of both sides, no two equal on a side
	// (keyOf); last is its assignment, and colUsed readOffNext's scratch.
	distinct bool
	last     []int
	colUsed  []bool
}

type mapped struct {
	v  jsonval.Value
	ok bool
}

// located is a value found by a data walk, with its data path (gold side):
// toks is a slice of the walk's token arena.
type located struct {
	v    jsonval.Value
	toks []pathTok
}

// ptr renders the value's JSON Pointer.
func (l located) ptr() string { return pointerOf(l.toks) }

// walkPath follows a schema path through a value (docs/SCORING.md §7.3): a properties
// edge descends into the member when present, an items edge yields every
// element (prefix positions included), a prefixItems edge yields the element
// at that index. Results come in document order, each with its data path
// below prefix (tokens of a fresh arena: walking allocates the arena and
// out, not a string per value).
func walkPath(v jsonval.Value, prefix []pathTok, p ir.Path, out []located) []located {
	w := pathWalk{out: out}
	w.step(v, append(make([]pathTok, 0, len(prefix)+len(p)), prefix...), p)
	for i := range w.out[len(out):] {
		l := &w.out[len(out)+i]
		l.toks = w.arena[w.offs[i] : w.offs[i]+len(l.toks) : w.offs[i]+len(l.toks)]
	}
	return w.out
}

// walk is walkPath on the storage of w, reused from the previous walk: the
// result is valid until the next walk or clear.
func (w *pathWalk) walk(v jsonval.Value, p ir.Path) []located {
	w.out, w.arena, w.offs = w.out[:0], w.arena[:0], w.offs[:0]
	if cap(w.cur) < len(p) {
		// A walk adds one token per edge: the path never outgrows len(p).
		w.cur = make([]pathTok, 0, len(p))
	}
	w.step(v, w.cur[:0], p)
	for i := range w.out {
		l := &w.out[i]
		l.toks = w.arena[w.offs[i] : w.offs[i]+len(l.toks) : w.offs[i]+len(l.toks)]
	}
	return w.out
}

// clear drops the values of the last walk (for the collector).
func (w *pathWalk) clear() { clear(w.out) }

// pathWalk is the state of walkPath: the tokens of every value found are
// appended to one arena; offs holds their offsets until the arena stops
// growing.
type pathWalk struct {
	out   []located
	arena []pathTok
	offs  []int
	cur   []pathTok // the path being walked (reused storage)
}

func (w *pathWalk) step(v jsonval.Value, cur []pathTok, p ir.Path) {
	for len(p) > 0 {
		e := p[0]
		p = p[1:]
		switch e.Kind {
		case ir.EdgeProperty:
			if v.Kind != jsonval.Object {
				return
			}
			child, ok := v.Get(e.Key)
			if !ok {
				return
			}
			v, cur = child, append(cur, pathTok{s: e.Key})
		case ir.EdgeItems:
			if v.Kind != jsonval.Array {
				return
			}
			for i, el := range v.Arr {
				w.step(el, append(cur, pathTok{i: i, idx: true}), p)
			}
			return
		case ir.EdgePrefix:
			if v.Kind != jsonval.Array || e.Index >= len(v.Arr) {
				return
			}
			v, cur = v.Arr[e.Index], append(cur, pathTok{i: e.Index, idx: true})
		}
	}
	w.offs = append(w.offs, len(w.arena))
	w.arena = append(w.arena, cur...)
	w.out = append(w.out, located{v: v, toks: cur[:len(cur):len(cur)]})
}

// pointerOf renders data path tokens as a JSON Pointer.
func pointerOf(toks []pathTok) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(escapeToken(t.text()))
	}
	return b.String()
}

// walkValues is walkPath without the pointers, for the hot paths (record
// lists, carriers, roles) where no location is reported.
func walkValues(v jsonval.Value, p ir.Path) []jsonval.Value {
	return appendWalk(nil, v, p)
}

func appendWalk(out []jsonval.Value, v jsonval.Value, p ir.Path) []jsonval.Value {
	for len(p) > 0 {
		e := p[0]
		p = p[1:]
		switch e.Kind {
		case ir.EdgeProperty:
			if v.Kind != jsonval.Object {
				return out
			}
			child, ok := v.Get(e.Key)
			if !ok {
				return out
			}
			v = child
		case ir.EdgeItems:
			if v.Kind != jsonval.Array {
				return out
			}
			for _, el := range v.Arr {
				out = appendWalk(out, el, p)
			}
			return out
		case ir.EdgePrefix:
			if v.Kind != jsonval.Array || e.Index >= len(v.Arr) {
				return out
			}
			v = v.Arr[e.Index]
		}
	}
	return append(out, v)
}

// firstID returns the first value found at the id suffix inside a record, or
// null.
func firstID(rec jsonval.Value, suffix ir.Path) jsonval.Value {
	var buf [1]jsonval.Value
	if vs := appendWalk(buf[:0], rec, suffix); len(vs) > 0 {
		return vs[0]
	}
	return jsonval.Value{}
}

// checkGold verifies the gold's referential integrity (docs/SCORING.md §7.3).
// The check walks without locations, on id sets of the workspace; only a
// gold that fails it is walked again for the pointer of its error.
func (c *call) checkGold() error {
	sch := c.s.schema
	for si, sc := range sch.Scopes {
		ids := c.idSet(&c.goldIDs)
		bad := false
		c.walkBuf = appendWalk(c.walkBuf[:0], c.goldRoot, c.s.plan.scopes[si].idPath)
		for _, id := range c.walkBuf {
			k := keyOf(id)
			if ids.has(k) {
				bad = true
				break
			}
			ids.add(k)
		}
		for _, rp := range sc.RefPaths {
			if bad {
				break
			}
			c.walkBuf = appendWalk(c.walkBuf[:0], c.goldRoot, rp)
			for _, ref := range c.walkBuf {
				if !ids.has(keyOf(ref)) {
					bad = true
					break
				}
			}
		}
		clear(c.walkBuf)
		if bad {
			return c.goldError(sc)
		}
	}
	return nil
}

// goldError locates the first referential error of the gold in scope sc
// (docs/SCORING.md §7.3): a duplicate identifier or a dangling reference.
func (c *call) goldError(sc *ir.Scope) error {
	var ids idSet
	for _, rec := range walkPath(c.goldRoot, nil, sc.RecordPath, nil) {
		for _, id := range walkPath(rec.v, rec.toks, sc.IDSuffix, nil) {
			k := keyOf(id.v)
			if ids.has(k) {
				return &GoldError{Pointer: id.ptr(), Message: "duplicate identifier " + c.s.show(id.v) + " in scope " + strconv.Quote(sc.Name)}
			}
			ids.add(k)
		}
	}
	for _, rp := range sc.RefPaths {
		for _, ref := range walkPath(c.goldRoot, nil, rp, nil) {
			if !ids.has(keyOf(ref.v)) {
				return &GoldError{Pointer: ref.ptr(), Message: "reference " + c.s.show(ref.v) + " names no identifier of scope " + strconv.Quote(sc.Name)}
			}
		}
	}
	return errors.New("interp: the gold's referential check failed without a location (a bug)")
}

// idSet returns the set *slot of the workspace emptied.
func (c *call) idSet(slot *idSet) *idSet {
	slot.reset()
	return slot
}

// deriveBijections runs the referential pre-pass (docs/SCORING.md §7.3–7.8).
func (c *call) deriveBijections() error {
	if err := c.checkGold(); err != nil {
		return err
	}
	sch := c.s.schema
	for len(c.candSets) < len(sch.Scopes) {
		c.candSets = append(c.candSets, idSet{})
	}
	for i := range sch.Scopes {
		set := c.idSet(&c.candSets[i])
		c.walkBuf = appendWalk(c.walkBuf[:0], c.candRoot, c.s.plan.scopes[i].idPath)
		for _, id := range c.walkBuf {
			set.add(keyOf(id))
		}
		clear(c.walkBuf)
		c.candIDs[i] = set
	}
	for i, sc := range sch.Scopes {
		b, err := c.deriveScope(i, sc)
		if err != nil {
			return err
		}
		c.bij[i] = b
	}
	return c.searchBijections()
}

// scopeSearch is what the bijection search (docs/SCORING.md §7.12) needs of
// a derived scope: the matrix of docs/SCORING.md §7.8, the solver's assignment and the ids.
type scopeSearch struct {
	idx        int
	S          []float64
	n, m       int
	assign     []int
	idsG, idsP []jsonval.Value
}

// searching reports whether the bijections are improved against the score
// (docs/SCORING.md §7.12): in the default profile, unless identifier
// disambiguation is "none".
func (c *call) searching() bool {
	return !c.s.referenceProfile() && c.s.opts.IDDisambiguation != "none" && !c.s.noSearch
}

// searchBijections improves the derived bijections against the score of the
// pair (docs/SCORING.md §7.12), scope after scope in processing order. The
// evaluations are score-only main passes; their work is bounded by the
// search's budget and not charged against Limits.MaxWork (so that a pair's
// limits are those of the passes of docs/SCORING.md §10), but a done
// context stops them.
func (c *call) searchBijections() error {
	if len(c.searches) == 0 {
		return nil
	}
	defer func() {
		// The storage stays with the workspace, without the call's values.
		clear(c.searches)
		c.workspace.searches, c.searches = c.searches[:0], nil
	}()
	records := 0
	for _, ss := range c.searches {
		records += max(ss.n, ss.m)
	}
	search := &c.workspace.search
	*search = bijsearch.Search{Budget: bijsearch.Budget(records)}
	if len(c.s.plan.refFree) > 0 && !c.s.contextual {
		if c.memo == nil {
			c.memo = searchMemo{}
		}
		clear(c.memo)
		c.memoOn = true
		defer func() { c.memoOn = false; clear(c.memo) }()
	}
	if !c.s.contextual {
		c.rowsOn = true
		defer func() { c.rowsOn = false; c.rows.reset() }()
	}
	score := func() (float64, error) {
		c.replay++
		warned := len(c.warnings)
		r, err := c.align(c.goldRoot, c.candRoot, c.s.schema.Root, false)
		c.replay--
		c.warnings = c.warnings[:warned]
		return r.score, err
	}
	for _, ss := range c.searches {
		// The search installs many bijections of the scope: they are read
		// off into one bijection's storage.
		b := c.bij[ss.idx]
		apply := func(assign []int) { c.bij[ss.idx] = readOffNext(b, assign, ss.n, ss.m, ss.idsG, ss.idsP) }
		if err := search.Improve(c.ctx, ss.S, ss.n, ss.m, ss.assign, apply, score); err != nil {
			if errors.Is(err, c.ctx.Err()) && c.ctx.Err() != nil {
				return c.stopped(c.ctx.Err())
			}
			if fatal(err) {
				return err
			}
			// Any other error is the main pass's to report, with its
			// location; the bijections found so far stay.
			break
		}
	}
	return nil
}

func concatPath(a, b ir.Path) ir.Path {
	out := make(ir.Path, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// deriveScope derives the bijection of one scope (docs/SCORING.md §7.5).
func (c *call) deriveScope(idx int, sc *ir.Scope) (*bijection, error) {
	recNode := c.s.schema.Root.At(sc.RecordPath)
	// The record lists live in the workspace: they do not outlive the
	// derivation.
	recG := c.records.walk(c.goldRoot, sc.RecordPath)
	c.recP = appendWalk(c.recP[:0], c.candRoot, sc.RecordPath)
	recP := c.recP
	defer c.records.clear()
	defer clear(recP)
	n, m := len(recG), len(recP)
	if n == 0 && m == 0 {
		return &bijection{}, nil
	}
	if n > 0 {
		// A limit on the record set is reported at the gold list holding
		// the first record (the only list, for records in one array).
		saved := c.path
		if c.path = recG[0].toks; len(c.path) > 0 {
			c.path = c.path[:len(c.path)-1]
		}
		err := c.checkCollection(n, m)
		if err == nil {
			err = c.spend(int64(n) * int64(m))
		}
		c.path = saved
		if err != nil {
			return nil, err
		}
	} else if err := c.checkCollection(n, m); err != nil {
		return nil, err
	}
	// The scope's ids, matrices and bijection live in the workspace: the
	// search reads them until the end of the pre-pass, the bijection until
	// the end of the call.
	ss := c.scopeScratch(idx)
	idsG := resized(ss.idsG, n)
	idsP := resized(ss.idsP, m)
	ss.idsG, ss.idsP = idsG, idsP
	// The gold records' values, for the kernel's rows and the WL graph.
	recV := resized(ss.recG, n)
	ss.recG = recV
	defer clear(recV)
	for i, r := range recG {
		recV[i] = r.v
		idsG[i] = firstID(r.v, sc.IDSuffix)
	}
	for j, r := range recP {
		idsP[j] = firstID(r, sc.IDSuffix)
	}
	C := zeroed(ss.C, n*m)
	ss.C = C
	c.curScope, c.maskAll, c.deriving = idx, sc.Degraded, true
	if c.ctxOn() {
		c.pushParents(recordList(recG), jsonval.NewArray(recP))
	}
	saved := c.path
	useKernel := c.kernelFits(recNode)
	// reusable: every gold record so far is flat (the kernel's rows), none
	// reaches a reference and no cell failed (recordMatrix).
	reusable, work0 := useKernel && c.replay == 0, c.work
	refFree := c.s.plan.scopes[idx].refFree
	reach0 := c.reach
	c.reach = c.depth + 2 // a kernel cell's members
	ks := &c.frame().kernel
	ks.cols.on = false
	var filled []int64
	if useKernel {
		c.kernelColumns(ks, n, recP, false) // a list of the workspace
		filled = c.parallelRows(ks, C, recV, m, recNode)
	}
	for i := 0; i < n; i++ {
		if filled != nil && filled[i] >= 0 {
			ok, err := c.chargeRow(filled[i])
			if err != nil {
				c.path = saved
				c.curScope, c.maskAll, c.deriving = -1, false, false
				return nil, err
			}
			if ok {
				reusable = reusable && (refFree || !ks.rowRef[i]) // a filled row is a kernel row
				continue
			}
		}
		// Spare capacity: the alignment pushes its tokens after the
		// record's, reusing this storage cell after cell.
		recPath := append(c.rowPath[:0], recG[i].toks...)
		c.rowPath = recPath
		var row *kernelRow
		if useKernel {
			row = c.kernelRow(ks, recG[i].v, recNode)
			c.kernelFast(ks, row)
			reusable = reusable && (refFree || row.ok && !row.nested && !row.hasRef())
			if row.link && filled == nil {
				if work, ok := linkRow(ks, row, C[i*m:i*m+m], recNode, c.s.referenceProfile()); ok {
					charged, err := c.chargeRow(work)
					if err != nil {
						c.path = saved
						c.curScope, c.maskAll, c.deriving = -1, false, false
						return nil, err
					}
					if charged {
						continue
					}
				}
			}
		}
		for j := 0; j < m; j++ {
			c.path = recPath
			if row != nil && row.fast {
				if s, ok := c.kernelCellColumn(ks, row, j, recNode); ok {
					C[i*m+j] = s
					continue
				}
			}
			if row != nil && row.ok {
				s, ok := c.kernelCell(ks, row, recP[j], recNode)
				if row.aligns {
					// As below: the storage a nested alignment grew.
					recPath = c.path[:len(recPath)]
					c.rowPath = recPath
				}
				if ok {
					C[i*m+j] = s
					continue
				}
			}
			r, err := c.align(recG[i].v, recP[j], recNode, false)
			// Keep the storage the cell's tokens grew, so that the next
			// cells of the row push without allocating.
			recPath = c.path[:len(recPath)]
			c.rowPath = recPath
			if err != nil {
				reusable = false
				if fatal(err) {
					c.path = saved
					c.curScope, c.maskAll, c.deriving = -1, false, false
					return nil, err
				}
				r.score = 0 // docs/SCORING.md §7.5: errors are swallowed here (docs/SCORING.md §7.5)
			}
			C[i*m+j] = r.score
		}
	}
	c.path = saved
	if c.ctxOn() {
		c.popParents()
	}
	c.curScope, c.maskAll, c.deriving = -1, false, false
	rel := c.reach - c.depth
	c.reach = max(reach0, c.reach)
	c.keepRecordMatrix(recNode, C, recG, recP, c.work-work0, rel, reusable)

	S := C
	structural := false
	if c.s.opts.IDDisambiguation == "wl" && !sc.Degraded && (n > 1 || m > 1) {
		w, err := c.structuralMatches(idx, recV, recP, idsG, idsP)
		if err != nil {
			return nil, err
		}
		structural = true
		S = integrate(ss, C, w, n, m, c.s.opts)
	}
	if c.s.opts.WarnOnAmbiguousMapping && n >= 2 {
		c.warnAmbiguous(sc, S, n, m, idsG)
	}
	if c.canonical() {
		// docs/SCORING.md §7.13: the candidate records in canonical order
		// (their columns of the matrix, then the tie rules of recordTie),
		// so that the order in which the candidate lists them breaks no
		// tie of the solver or of the search.
		dups := countDups(ss, idsP)
		tie := c.recordTie(dups, idsP, structural, true)
		perm, identity := ss.canon.CanonicalColumns(S, n, m, tie)
		if c.s.residualTie != nil && unseparated(S, n, m, perm, tie) {
			c.s.residualTie()
		}
		if c.s.identifierTie != nil && orderedByIDOnly(S, n, m, perm, tie, c.recordTie(dups, idsP, structural, false)) {
			c.s.identifierTie()
		}
		if !identity {
			// In place: the matrix and the ids are the scope's own
			// storage, read in this order from here on. When S is the
			// record matrix C itself, the main pass that reuses it
			// (keepRecordMatrix) reads it in this order.
			if n*m > 0 && &S[0] == &C[0] {
				c.permutedRecords(C, perm)
			}
			ss.row = align.PermuteColumnsInPlace(S, n, m, perm, ss.row, false)
			ss.idsC = append(ss.idsC[:0], idsP...)
			for c, j := range perm {
				idsP[c] = ss.idsC[j]
			}
			clear(ss.idsC)
		}
	}
	c.keeping = true
	assign, err := c.solve(ss.assign, S, n, m)
	c.keeping = false
	if err != nil {
		return nil, err
	}
	ss.assign = assign
	if c.searching() {
		if c.searches == nil {
			c.searches = c.workspace.searches[:0]
		}
		c.searches = append(c.searches, scopeSearch{idx: idx, S: S, n: n, m: m, assign: assign, idsG: idsG, idsP: idsP})
	}
	return readOffInto(&ss.bij, assign, n, m, idsG, idsP), nil
}

// countDups returns, for each of a scope's candidate records with idsP
// their identifiers, the number of records that carry its identifier (1
// for a record without one), in ss's storage.
func countDups(ss *scopeScratch, idsP []jsonval.Value) []int32 {
	ss.dupN.reset()
	for _, id := range idsP {
		if !id.IsNull() {
			k := keyOf(id)
			d, _ := ss.dupN.get(k)
			ss.dupN.set(k, d+1)
		}
	}
	ss.dups = ss.dups[:0]
	for _, id := range idsP {
		d := int32(1)
		if !id.IsNull() {
			d, _ = ss.dupN.get(keyOf(id))
		}
		ss.dups = append(ss.dups, d)
	}
	return ss.dups
}

// recordTie returns the tie rule of the canonical order of a scope's
// candidate records with idsP their identifiers (docs/SCORING.md §7.13), for
// records with equal columns of the matrix: their structural keys (wlKey,
// when structural), then dups, the number of records that carry their
// identifier (countDups; records with an identifier no other record shares
// come first), then records without an identifier before those with
// one, then the identifiers' canonical values (align.CompareValues). What
// it leaves equal — twins without identifiers, or with the same one — are
// left in document order by CanonicalColumns. Without byID the rule stops
// before the identifiers' values (for tests that measure what they decide).
func (c *call) recordTie(dups []int32, idsP []jsonval.Value, structural, byID bool) func(a, b int) int {
	return func(a, b int) int {
		if structural {
			if k := cmp.Compare(c.wlKey(a), c.wlKey(b)); k != 0 {
				return k
			}
		}
		if k := cmp.Compare(dups[a], dups[b]); k != 0 {
			return k
		}
		ha, hb := !idsP[a].IsNull(), !idsP[b].IsNull()
		if !ha || !hb || !byID {
			return cmp.Compare(b2i(ha), b2i(hb))
		}
		return align.CompareValues(idsP[a], idsP[b])
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unseparated reports whether two candidate records are next to each other
// in the canonical order perm with equal columns of S and tie 0.
func unseparated(S []float64, n, m int, perm []int, tie func(a, b int) int) bool {
	for c := 1; c < len(perm); c++ {
		a, b := perm[c-1], perm[c]
		same := tie == nil || tie(a, b) == 0
		for i := 0; i < n && same; i++ {
			same = S[i*m+a] == S[i*m+b]
		}
		if same {
			return true
		}
	}
	return false
}

// orderedByIDOnly reports whether two candidate records adjacent in the
// canonical order perm have equal columns of S and are ordered by their
// identifiers' values alone: tie (the full rule) separates them and noID
// (the rule without the identifiers' values) does not.
func orderedByIDOnly(S []float64, n, m int, perm []int, tie, noID func(a, b int) int) bool {
	for c := 1; c < len(perm); c++ {
		a, b := perm[c-1], perm[c]
		if tie(a, b) == 0 || noID(a, b) != 0 {
			continue
		}
		same := true
		for i := 0; i < n && same; i++ {
			same = S[i*m+a] == S[i*m+b]
		}
		if same {
			return true
		}
	}
	return false
}

// readOffInto reads the bijection off an assignment of a scope's records
// (docs/SCORING.md §7.5 step 4) into the storage of b, which it returns.
func readOffInto(b *bijection, assign []int, n, m int, idsG, idsP []jsonval.Value) *bijection {
	b.m.reset()
	b.order, b.exc = b.order[:0], b.exc[:0]
	used, seen := &b.used, &b.seen
	used.reset()
	seen.reset()
	pairs := 0
	for r := range max(n, m) {
		col := assign[r]
		if r >= n || idsG[r].IsNull() {
			continue
		}
		k := keyOf(idsG[r])
		if _, seen := b.m.get(k); !seen {
			b.order = append(b.order, idsG[r])
		}
		if col >= m || idsP[col].IsNull() || used.has(keyOf(idsP[col])) {
			b.m.set(k, mapped{})
			continue
		}
		b.m.set(k, mapped{v: idsP[col], ok: true})
		used.add(keyOf(idsP[col]))
		pairs++
	}
	for _, id := range idsP {
		k := keyOf(id)
		if id.IsNull() || used.has(k) || seen.has(k) {
			continue
		}
		seen.add(k)
		b.exc = append(b.exc, id)
	}
	// Every gold record gave order an identifier, and every candidate
	// record was paired or excess: no identifier is null or repeated.
	b.distinct = len(b.order) == n && pairs+len(b.exc) == m
	b.last = append(b.last[:0], assign[:max(n, m)]...)
	return b
}

// readOffNext is readOffInto for the next assignment of the same scope's
// records in the same call (the bijection search's, docs/SCORING.md
// §7.12), b holding the read-off of the one before. When no identifier is
// null or repeated (b.distinct), readOffInto maps each gold identifier to
// the identifier of its column (⊥ for a padding column), lists the gold
// identifiers in record order whatever the assignment, and the candidate
// identifiers of the columns no gold record takes in record order: only
// the gold identifiers whose column changed are set again, and the excess
// list is read off a column mark instead of the identifier sets.
func readOffNext(b *bijection, assign []int, n, m int, idsG, idsP []jsonval.Value) *bijection {
	d := max(n, m)
	if !b.distinct || len(b.last) != d || len(assign) < d {
		return readOffInto(b, assign, n, m, idsG, idsP)
	}
	for r := range n {
		col := assign[r]
		if col == b.last[r] {
			continue
		}
		b.last[r] = col
		if col >= m {
			b.m.set(keyOf(idsG[r]), mapped{})
		} else {
			b.m.set(keyOf(idsG[r]), mapped{v: idsP[col], ok: true})
		}
	}
	copy(b.last[n:], assign[n:d])
	if cap(b.colUsed) < m {
		b.colUsed = make([]bool, m)
	}
	used := b.colUsed[:m]
	clear(used)
	for r := range n {
		if col := assign[r]; col < m {
			used[col] = true
		}
	}
	b.exc = b.exc[:0]
	for j, id := range idsP {
		if !used[j] {
			b.exc = append(b.exc, id)
		}
	}
	return b
}

func recordList(locs []located) jsonval.Value {
	vs := make([]jsonval.Value, len(locs))
	for i, l := range locs {
		vs[i] = l.v
	}
	return jsonval.NewArray(vs)
}

// pointerTokens splits a JSON Pointer into unescaped tokens.
func pointerTokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	var toks []string
	start := 1
	for i := 1; i <= len(ptr); i++ {
		if i == len(ptr) || ptr[i] == '/' {
			toks = append(toks, unescapeToken(ptr[start:i]))
			start = i + 1
		}
	}
	return toks
}

func unescapeToken(t string) string {
	out := make([]byte, 0, len(t))
	for i := 0; i < len(t); i++ {
		if t[i] == '~' && i+1 < len(t) {
			switch t[i+1] {
			case '0':
				out = append(out, '~')
				i++
				continue
			case '1':
				out = append(out, '/')
				i++
				continue
			}
		}
		out = append(out, t[i])
	}
	return string(out)
}

// integrate combines the record costs C with the structural matches w
// (docs/SCORING.md §7.8) into S, n·m values in ss's storage. In the
// tie_break mode S[k] = C[k] + ε·Wm[k] differs from C[k] only where
// Wm[k] = 1 or C[k] is −0 or NaN (x + +0 is x for every other x): when no
// such cell moves, S is C itself and no matrix is written.
func integrate(ss *scopeScratch, C []float64, w wlMatches, n, m int, opts Options) []float64 {
	if opts.WLIntegration == "blend" {
		lam := *opts.WLBlendLambda
		S := resizedF(ss.S, n*m)
		ss.S = S
		for i := range n {
			for j := range m {
				k := i*m + j
				S[k] = float64((1-lam)*C[k]) + float64(lam*w.at(i, j))
			}
		}
		return S
	}
	eps, tmp := align.WLTieBreakEpsilon(C, n, m, ss.tmp)
	ss.tmp = tmp
	if math.IsInf(eps, 0) {
		// No finite gap (NaN cells): ε·0 is NaN, and which of two NaNs a
		// sum keeps is the compiled code's choice, so the dense matrices
		// of align.WLTieBreak, as before.
		Wm := make([]float64, n*m)
		for i := range n {
			for j := range m {
				Wm[i*m+j] = w.at(i, j)
			}
		}
		S := resizedF(ss.S, n*m)
		ss.S = S
		align.WLTieBreak(S, C, Wm, n, m, make([]float64, n*m))
		return S
	}
	if !tieBreakMoves(C, w, n, m, eps) {
		return C
	}
	S := resizedF(ss.S, n*m)
	ss.S = S
	for i := range n {
		for j := range m {
			k := i*m + j
			S[k] = C[k] + float64(eps*w.at(i, j))
		}
	}
	return S
}

// tieBreakMoves reports whether the tie_break integration with a finite ε
// eps changes the bits of some cell of C: a cell where w is 1, or a −0 or
// NaN cell (x + +0 has x's bits for every other x).
func tieBreakMoves(C []float64, w wlMatches, n, m int, eps float64) bool {
	for i, r := range w.row {
		if r < 0 {
			continue
		}
		for j := range m {
			if k := i*m + j; w.col[j] == r && math.Float64bits(C[k]+float64(eps*1)) != math.Float64bits(C[k]) {
				return true
			}
		}
	}
	z := float64(eps * 0)
	for _, x := range C[:n*m] {
		if (x == 0 || x != x) && math.Float64bits(x+z) != math.Float64bits(x) {
			return true
		}
	}
	return false
}

func (c *call) warnAmbiguous(sc *ir.Scope, S []float64, n, m int, idsG []jsonval.Value) {
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if slices.Equal(S[i*m:(i+1)*m], S[j*m:(j+1)*m]) {
				c.warnings = append(c.warnings, "scope "+strconv.Quote(sc.Name)+": gold ids "+
					c.s.show(idsG[i])+" and "+c.s.show(idsG[j])+" could be paired in several ways")
			}
		}
	}
}

// alignRef is the reference leaf of docs/SCORING.md §7.4.
func (c *call) alignRef(g, p jsonval.Value, S *ir.Node, build bool) result {
	idx, ok := c.s.scopeIndex[S.Ref]
	r := result{}
	var mp jsonval.Value
	hasMP, consulted := false, false
	switch {
	case !ok || c.maskAll || idx == c.curScope || c.bij[idx] == nil:
		r.score = 1
	default:
		consulted = true
		k := keyOf(g)
		mv, found := c.bij[idx].m.get(k)
		if c.logging {
			c.logDep(idx, k, mv, found)
		}
		if found && mv.ok && !g.IsNull() {
			mp, hasMP = mv.v, true
		}
		if hasMP && c.candIDs[idx].has(keyOf(p)) && jsonval.Equal(mp, p) {
			r.score = 1
		}
	}
	if build {
		r.ag, r.ap = g, p
		lf := c.leaf(align.LeafRef, r.score, g, p, true, true)
		lf.MappedPred, lf.HasMapped, lf.Consulted = mp, hasMP, consulted
		r.m = lf
	}
	return r
}

// exportBijections returns the bijections in scope order.
func (c *call) exportBijections() []Bijection {
	out := make([]Bijection, len(c.s.schema.Scopes))
	for i, sc := range c.s.schema.Scopes {
		out[i].Scope = sc.Name
		b := c.bij[i]
		if b == nil {
			continue
		}
		out[i].Pairs = make([]IDPair, 0, len(b.order))
		for _, g := range b.order {
			mv, _ := b.m.get(keyOf(g))
			out[i].Pairs = append(out[i].Pairs, IDPair{Gold: g, Candidate: mv.v, HasCandidate: mv.ok})
		}
		if len(b.exc) > 0 {
			out[i].Excess = slices.Clone(b.exc) // b is the workspace's
		}
	}
	return out
}
