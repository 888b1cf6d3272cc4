package interp

import (
	"cmp"
	"math"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/seqdp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// entry is one aligned list entry (docs/SCORING.md §5) before it becomes a ListChild.
type entry struct {
	role   align.Role
	score  float64
	ag, ap jsonval.Value // aligned values of the entry (null on an absent side)
	m      *align.Match
	// gi and pi are the indices of the entry's elements in the full gold and
	// candidate arrays, -1 for none (align.ListChild.GoldIndex, PredIndex).
	gi, pi int
}

// entryStorage returns an empty slice of at least n entries' capacity: the
// storage of *keep when it has room, else new storage.
func entryStorage(keep *[]entry, n int) []entry {
	if cap(*keep) >= n {
		return (*keep)[:0]
	}
	return make([]entry, 0, n)
}

// keepEntries returns the storage of entries, cleared (for the collector),
// to be kept for the next list built at the same depth.
func keepEntries(entries []entry) []entry {
	clear(entries)
	return entries[:0]
}

// partner returns the index k+i of the other side of a dissolved zero-score
// pairing when that element is JSON null (it produces no entry of its own),
// else -1 (align.ListChild).
func partner(v jsonval.Value, k, i int) int {
	if v.IsNull() {
		return k + i
	}
	return -1
}

// alignArray implements docs/SCORING.md §5.1 dispatch: tuple head, tail, or both.
func (c *call) alignArray(g, p jsonval.Value, S *ir.Node, build bool) (result, error) {
	G, P := g.Arr, p.Arr
	k := len(S.PrefixItems)
	if err := c.checkCollection(len(G), len(P)); err != nil {
		return result{}, err
	}
	if c.ctxOn() {
		c.pushParents(g, p)
		defer c.popParents()
	}
	hasHead := k > 0
	hasTail := S.Items != nil
	if !hasHead && !hasTail {
		return result{}, c.errorf("array schema %s has neither items nor prefixItems", S.Pos.Pointer)
	}
	var head, tail listResult
	var err error
	if build {
		// The entries of the head and the tail are built in the frame's
		// storage (entryStorage); the match node copies them.
		fr := c.frame()
		defer func() {
			if head.entries != nil {
				fr.head = keepEntries(head.entries)
			}
			if tail.entries != nil {
				fr.tail = keepEntries(tail.entries)
			}
		}()
	}
	if hasHead {
		head, err = c.alignHead(G, P, S, build)
		if err != nil {
			return result{}, err
		}
		if !hasTail {
			return c.finishList(head, align.ListPrefix, g, p, build), nil
		}
	}
	gt, pt := tailOf(G, k), tailOf(P, k)
	order := c.s.order(S)
	if order == ir.OrderAlign {
		tail, err = c.alignReorder(gt, pt, k, S, build)
	} else {
		tail, err = c.alignFixed(gt, pt, k, S, build)
	}
	if err != nil {
		return result{}, err
	}
	if !hasHead {
		kind := align.ListFixed
		if order == ir.OrderAlign {
			kind = align.ListReorder
		}
		return c.finishList(tail, kind, g, p, build), nil
	}
	// docs/SCORING.md §5.6: combined head and tail, not clamped again.
	tot := S.PrefixImportance + S.RestImportance
	wp := S.PrefixImportance / tot
	wr := S.RestImportance / tot
	score := float64(wp*head.score) + float64(wr*tail.score)
	if head.score == 1 && tail.score == 1 && !c.s.referenceProfile() {
		score = 1 // docs/SCORING.md §5.6: a perfect head and tail score exactly 1
	}
	r := result{score: score}
	if !build {
		return r, nil
	}
	m := c.node(align.Match{Type: align.ListNode, List: align.ListCombined, Score: score, Confidence: 1})
	total := len(head.entries) + len(tail.entries)
	ag := c.alignedValues(total)[:0]
	ap := c.alignedValues(total)[:0]
	if total > 0 {
		m.Children = c.listChildren(total)[:0]
	}
	for i, e := range head.entries {
		m.Children = append(m.Children, align.ListChild{Role: e.role, Alpha: float64(wp * head.alphas[i]), Match: e.m, GoldIndex: e.gi, PredIndex: e.pi})
		ag, ap = append(ag, e.ag), append(ap, e.ap)
	}
	for i, e := range tail.entries {
		m.Children = append(m.Children, align.ListChild{Role: e.role, Alpha: float64(wr * tail.alphas[i]), Match: e.m, GoldIndex: e.gi, PredIndex: e.pi})
		ag, ap = append(ag, e.ag), append(ap, e.ap)
	}
	if c.s.opts.ComputeConfidence {
		m.Confidence = combinedConfidence(wp, wr, head.confidence(), tail.confidence())
	}
	r.ag, r.ap, r.m = jsonval.NewArray(ag), jsonval.NewArray(ap), m
	return r, nil
}

// alignOneSided is the score-only alignment of a non-empty array against
// an empty one, under a tail in "align" order without a tuple head
// (docs/SCORING.md §5.2): an AMR node's "attributes" against a node
// without any, the most common nested alignment of a record matrix. It
// gives alignArray's result, errors and side effects — the limits checked,
// the work charged, the depth reached (call.reach), the context polled —
// without walking the rows of the empty cell matrix or ordering its
// columns. ok is false when the pair takes alignArray: a build, a tuple
// head, another order, both sides empty or neither, the lookups being
// logged (rowmemo.go: the rows of the generic path log their references),
// contextual scoring, a record matrix of the derivation kept for these
// items (reusedMatrix), and GenericCells.
//
// What alignReorder does with an n×0 or 0×m matrix: cellScores charges no
// cells and fills nothing (no cells to fill; the rows it prepares only
// write the kernel's scratch, their lookups unlogged), the canonical column
// order permutes no entries, and the solver sees the same empty matrix
// whatever the order. Every gold element is then missing (n×0) or every
// candidate element excess (0×m), so that the score is 0 unless those
// roles are ignored (1: no entry counts), whatever the assignment. The
// solver is run for its relaxations (charged beyond the matrix) and its
// errors, except on a 1×0 or 0×1 problem: there it polls the context once
// and relaxes one entry, which is below any budget it can be given
// (AssignmentStride − 1 or more) and charges 1/AssignmentStride − 0 = 0
// more units (TestAlignOneSidedSolver).
func (c *call) alignOneSided(g, p jsonval.Value, S *ir.Node) (r result, ok bool, err error) {
	n, m := len(g.Arr), len(p.Arr)
	if (n == 0) == (m == 0) || c.s.genericCells || c.logging || c.ctxOn() ||
		len(S.PrefixItems) > 0 || S.Items == nil || c.s.order(S) != ir.OrderAlign {
		return result{}, false, nil
	}
	items := S.Items
	for k := range c.derived {
		if c.derived[k].node == items {
			return result{}, false, nil
		}
	}
	// alignArray's limit, then cellScores: its charge of the n·m = 0 cells
	// and the depths its kernels would reach.
	if err := c.checkCollection(n, m); err != nil {
		return result{}, true, err
	}
	if err := c.spend(0); err != nil {
		return result{}, true, err
	}
	if c.kernelFits(items) {
		c.reach = max(c.reach, c.depth+2)
	}
	if _, leaf := c.leafFits(items); leaf {
		c.reach = max(c.reach, c.depth+1)
	}
	// The solver.
	if max(n, m) == 1 {
		if c.done != nil {
			if err := c.ctx.Err(); err != nil {
				return result{}, true, c.kernelError(err)
			}
		}
	} else {
		fr := c.frame()
		fr.m = fr.m[:0]
		a, err := c.solve(fr.assign, fr.m, n, m)
		if err != nil {
			return result{}, true, err
		}
		fr.assign = a
	}
	// alignReorder's entries: n missing or m excess, each scoring 0.
	D := 0
	if n > 0 && !ignored(align.RoleMissing, S) {
		D = n
	}
	if m > 0 && !ignored(align.RoleExcess, S) {
		D = m
	}
	if D == 0 {
		return result{score: 1}, true, nil
	}
	return result{score: align.Clamp01(0 / float64(D))}, true, nil
}

func tailOf(xs []jsonval.Value, k int) []jsonval.Value {
	if k >= len(xs) {
		return nil
	}
	return xs[k:]
}

// listResult is a head or tail alignment before it becomes a match node.
type listResult struct {
	score   float64
	entries []entry   // build mode
	alphas  []float64 // build mode: docs/SCORING.md §8.2 per entry
	conf    float64   // node confidence (docs/SCORING.md §9.3), when hasConf
	hasConf bool
	// raw is set when the aligned values are the inputs themselves (docs/SCORING.md §5.2
	// empty case).
	raw bool
}

// confidence is the node confidence of the head or tail: 1 when confidences
// are not computed (docs/SCORING.md §9.3). A computed confidence may be exactly 0.
func (lr listResult) confidence() float64 {
	if lr.hasConf {
		return lr.conf
	}
	return 1
}

func (lr *listResult) setConf(x float64) { lr.conf, lr.hasConf = x, true }

func (c *call) finishList(lr listResult, kind align.ListKind, g, p jsonval.Value, build bool) result {
	r := result{score: lr.score}
	if !build {
		return r
	}
	m := c.node(align.Match{Type: align.ListNode, List: kind, Score: lr.score, Confidence: lr.confidence()})
	if lr.raw {
		r.ag, r.ap = g, p
	} else {
		ag := c.alignedValues(len(lr.entries))
		ap := c.alignedValues(len(lr.entries))
		for i, e := range lr.entries {
			ag[i], ap[i] = e.ag, e.ap
		}
		r.ag, r.ap = jsonval.NewArray(ag), jsonval.NewArray(ap)
	}
	m.Children = c.listChildren(len(lr.entries))
	for i, e := range lr.entries {
		m.Children[i] = align.ListChild{Role: e.role, Alpha: lr.alphas[i], Match: e.m, GoldIndex: e.gi, PredIndex: e.pi}
	}
	r.m = m
	return r
}

// alignHead implements the tuple head of docs/SCORING.md §5.5.
func (c *call) alignHead(G, P []jsonval.Value, S *ir.Node, build bool) (listResult, error) {
	k := len(S.PrefixItems)
	fr := c.frame()
	w := zeroed(fr.hw, k)
	scores := zeroed(fr.hs, k)
	fr.hw, fr.hs = w, scores
	var lr listResult
	if build {
		lr.entries = entryStorage(&fr.head, k)[:k]
	}
	for i := 0; i < k; i++ {
		hasG, hasP := i < len(G), i < len(P)
		w[i] = S.PrefixWeight(i)
		switch {
		case hasG && hasP:
			c.pushIndex(i)
			r, err := c.align(G[i], P[i], S.PrefixItems[i], build)
			c.pop()
			if err != nil {
				return lr, err
			}
			scores[i] = r.score
			if build {
				lr.entries[i] = entry{role: align.RoleMatched, score: r.score, ag: r.ag, ap: r.ap, m: r.m, gi: i, pi: i}
			}
		case hasG:
			if build {
				lr.entries[i] = entry{role: align.RoleMissing, ag: G[i], gi: i, pi: -1,
					m: c.leaf(align.LeafPlain, 0, G[i], jsonval.Value{}, true, false)}
			}
		case hasP:
			if build {
				lr.entries[i] = entry{role: align.RoleExcess, ap: P[i], gi: -1, pi: i,
					m: c.leaf(align.LeafPlain, 0, jsonval.Value{}, P[i], false, true)}
			}
		default:
			w[i] = 0 // absent on both sides: dropped from the normalisation
			if build {
				lr.entries[i] = entry{role: align.RoleAbsent, gi: -1, pi: -1,
					m: c.leaf(align.LeafAbsent, 0, jsonval.Value{}, jsonval.Value{}, false, false)}
			}
		}
	}
	T := align.PairwiseSum(w)
	if T <= 0 {
		lr.score = 1
	} else {
		terms := zeroed(fr.ht, k)
		fr.ht = terms
		for i := range terms {
			terms[i] = scores[i] * (w[i] / T)
		}
		lr.score = align.Clamp01(align.PairwiseSum(terms))
		if lr.score != 1 && !c.s.referenceProfile() && align.Perfect(w, scores) {
			lr.score = 1 // docs/SCORING.md §5.5: a perfect head scores exactly 1
		}
	}
	if build {
		// docs/SCORING.md §8.2: alphas w_i / T with the compensated total.
		Tc := align.NeumaierSum(w)
		lr.alphas = zeroed(fr.ha, k)
		fr.ha = lr.alphas
		if Tc > 0 {
			for i := range w {
				lr.alphas[i] = w[i] / Tc
			}
		}
		if c.s.opts.ComputeConfidence {
			lr.setConf(weightedConfidence(lr.entries, lr.alphas))
		}
	}
	return lr, nil
}

// tailAlphas is uniformAlphas in the frame's storage for a tail's alphas,
// which the list's match node copies before the frame's depth aligns
// another list.
func (c *call) tailAlphas(entries []entry, S *ir.Node) []float64 {
	fr := c.frame()
	fr.ta = uniformAlphas(fr.ta, entries, S)
	return fr.ta
}

// ignored reports whether an entry is left out of the denominator (docs/SCORING.md §5.7).
func ignored(role align.Role, S *ir.Node) bool {
	return (role == align.RoleExcess && S.IgnoreExcess) || (role == align.RoleMissing && S.IgnoreMissing)
}

// uniformAlphas gives every non-ignored entry 1/D (docs/SCORING.md §8.2),
// in dst's storage.
func uniformAlphas(dst []float64, entries []entry, S *ir.Node) []float64 {
	a := zeroed(dst, len(entries))
	D := 0
	for _, e := range entries {
		if !ignored(e.role, S) {
			D++
		}
	}
	if D == 0 {
		return a
	}
	for i, e := range entries {
		if !ignored(e.role, S) {
			a[i] = 1.0 / float64(D)
		}
	}
	return a
}

// alignReorder implements the order-agnostic regime of docs/SCORING.md §5.2. G and P are
// the tails; k is the index offset of the tail in the full arrays.
func (c *call) alignReorder(G, P []jsonval.Value, k int, S *ir.Node, build bool) (listResult, error) {
	n, m := len(G), len(P)
	var lr listResult
	if n == 0 && m == 0 {
		lr.score, lr.raw = 1, true
		return lr, nil
	}
	fr := c.frame()
	// A derivation's record matrix is read where it is, unless the
	// confidences need it in the candidates' order.
	conf := build && c.s.opts.ComputeConfidence
	M, rm, cm, err := c.cellScores(G, P, k, S.Items, fr, !conf && !c.s.copiedRecords, !conf)
	if err != nil {
		return lr, err
	}
	d := max(n, m)
	// assign is the assignment of the candidates' order; inM, when not
	// nil, the same assignment in M's columns (M is rm.C).
	var assign, inM []int
	if rm != nil {
		var ok bool
		assign, inM, ok, err = c.solveRecords(fr, rm, P, build)
		if err != nil {
			return lr, err
		}
		if !ok {
			M = zeroed(fr.m, n*m)
			fr.m = M
			rm.copyInto(M)
		}
	}
	switch {
	case inM != nil:
	case cm != nil:
		var cols []int
		if c.canonical() {
			order, identity := fr.canon.CanonicalColumnsCoded(cm.codes, &cm.vals, n, m, c.elementTie(P, build))
			if !identity {
				cols = order
			}
		}
		assign, err = c.solveCoded(fr.assign, cm, n, m, cols)
	case c.canonical():
		cols, identity := fr.canon.CanonicalColumns(M, n, m, c.elementTie(P, build))
		if identity {
			cols = nil
		}
		assign, err = c.solveCanon(fr.assign, M, n, m, nil, cols)
	default:
		assign, err = c.solve(fr.assign, M, n, m)
	}
	if err != nil {
		return lr, err
	}
	fr.assign = assign
	var confs []float64
	if conf {
		confs = c.pairConfidences(M, n, m, assign)
	}
	if build {
		lr.entries = entryStorage(&fr.tail, n+m) // at most n + m entries
	}
	// Entries in row order (docs/SCORING.md §5.2): gold order with dissolved pairs
	// expanded in place, then candidate-only entries of padding rows.
	scores := fr.rs[:0]
	defer func() { fr.rs = scores[:0] }()
	D := 0
	count := func(role align.Role) {
		if !ignored(role, S) {
			D++
		}
	}
	var confSum float64
	confN := 0
	for r := 0; r < d; r++ {
		col := assign[r]
		switch {
		case r < n && col < m:
			var s float64
			switch {
			case cm != nil:
				s = cm.vals[cm.codes[r*m+col]]
			case inM != nil:
				s = M[r*m+inM[r]]
			default:
				s = M[r*m+col]
			}
			if s > 0 {
				count(align.RoleMatched)
				scores = append(scores, s)
				if build {
					c.pushIndex(k + r)
					cr, err := c.realign(G[r], P[col], S.Items)
					c.pop()
					if err != nil {
						return lr, err
					}
					if confs != nil {
						confSum += confs[r]
						confN++
					}
					lr.entries = append(lr.entries, entry{role: align.RoleMatched, score: s, ag: cr.ag, ap: cr.ap, m: cr.m, gi: k + r, pi: k + col})
				}
				continue
			}
			// A zero-score pairing is dissolved: excess first, then missing;
			// a side whose element is JSON null produces no entry.
			if confs != nil {
				confSum += confs[r]
				confN++
			}
			var ag, ap jsonval.Value
			if build {
				c.pushIndex(k + r)
				cr, err := c.realign(G[r], P[col], S.Items)
				c.pop()
				if err != nil {
					return lr, err
				}
				ag, ap = cr.ag, cr.ap
			}
			if !P[col].IsNull() {
				count(align.RoleExcess)
				scores = append(scores, 0)
				if build {
					lr.entries = append(lr.entries, entry{role: align.RoleExcess, ap: ap, gi: partner(G[r], k, r), pi: k + col,
						m: c.leaf(align.LeafPlain, 0, jsonval.Value{}, ap, false, true)})
				}
			}
			if !G[r].IsNull() {
				count(align.RoleMissing)
				scores = append(scores, 0)
				if build {
					lr.entries = append(lr.entries, entry{role: align.RoleMissing, ag: ag, gi: k + r, pi: partner(P[col], k, col),
						m: c.leaf(align.LeafPlain, 0, ag, jsonval.Value{}, true, false)})
				}
			}
		case r < n:
			count(align.RoleMissing)
			scores = append(scores, 0)
			if build {
				lr.entries = append(lr.entries, entry{role: align.RoleMissing, ag: G[r], gi: k + r, pi: -1,
					m: c.leaf(align.LeafPlain, 0, G[r], jsonval.Value{}, true, false)})
			}
		case col < m:
			count(align.RoleExcess)
			scores = append(scores, 0)
			if build {
				lr.entries = append(lr.entries, entry{role: align.RoleExcess, ap: P[col], gi: -1, pi: k + col,
					m: c.leaf(align.LeafPlain, 0, jsonval.Value{}, P[col], false, true)})
			}
		}
	}
	if D == 0 {
		lr.score = 1
	} else {
		lr.score = align.Clamp01(align.PairwiseSum(scores) / float64(D))
	}
	if build {
		lr.alphas = c.tailAlphas(lr.entries, S)
		if confs != nil {
			lr.setConf(1)
			if confN > 0 {
				lr.setConf(confSum / float64(confN))
			}
		}
	}
	return lr, nil
}

// alignFixed implements the order-sensitive regime of docs/SCORING.md §5.3.
func (c *call) alignFixed(G, P []jsonval.Value, k int, S *ir.Node, build bool) (listResult, error) {
	n, m := len(G), len(P)
	var lr listResult
	switch {
	case n == 0 && m == 0:
		lr.score, lr.raw = 1, true
		return lr, nil
	case n == 0:
		lr.score = 0
		if S.IgnoreExcess {
			lr.score = 1
		}
		if build {
			for j, v := range P {
				lr.entries = append(lr.entries, entry{role: align.RoleExcess, ap: v, gi: -1, pi: k + j,
					m: c.leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true)})
			}
			lr.alphas = c.tailAlphas(lr.entries, S)
		}
		return lr, nil
	case m == 0:
		lr.score = 0
		if S.IgnoreMissing {
			lr.score = 1
		}
		if build {
			for i, v := range G {
				lr.entries = append(lr.entries, entry{role: align.RoleMissing, ag: v, gi: k + i, pi: -1,
					m: c.leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false)})
			}
			lr.alphas = c.tailAlphas(lr.entries, S)
		}
		return lr, nil
	}
	fr := c.frame()
	M, _, _, err := c.cellScores(G, P, k, S.Items, fr, false, false)
	if err != nil {
		return lr, err
	}
	total, steps0, err := c.dp.AlignContext(c.ctx, M, n, m)
	if err != nil {
		return lr, c.kernelError(err)
	}
	// A copy in the frame: nested alignments reuse the DP workspace.
	steps := append(fr.steps[:0], steps0...)
	fr.steps = steps
	if build {
		lr.entries = entryStorage(&fr.tail, n+m) // at most n + m entries
	}
	D := 0
	count := func(role align.Role) {
		if !ignored(role, S) {
			D++
		}
	}
	// child re-aligns cell (i, j) in build mode for its aligned values.
	child := func(i, j int) (result, error) {
		c.pushIndex(k + i)
		defer c.pop()
		return c.realign(G[i], P[j], S.Items)
	}
	for _, st := range steps {
		switch st.Move {
		case seqdp.Diag:
			s := M[st.I*m+st.J]
			if s > 0 {
				count(align.RoleMatched)
				if build {
					cr, err := child(st.I, st.J)
					if err != nil {
						return lr, err
					}
					lr.entries = append(lr.entries, entry{role: align.RoleMatched, score: s, ag: cr.ag, ap: cr.ap, m: cr.m, gi: k + st.I, pi: k + st.J})
				}
				continue
			}
			var ag, ap jsonval.Value
			if build {
				cr, err := child(st.I, st.J)
				if err != nil {
					return lr, err
				}
				ag, ap = cr.ag, cr.ap
			}
			if !G[st.I].IsNull() {
				count(align.RoleMissing)
				if build {
					lr.entries = append(lr.entries, entry{role: align.RoleMissing, ag: ag, gi: k + st.I, pi: partner(P[st.J], k, st.J),
						m: c.leaf(align.LeafPlain, 0, ag, jsonval.Value{}, true, false)})
				}
			}
			if !P[st.J].IsNull() {
				count(align.RoleExcess)
				if build {
					lr.entries = append(lr.entries, entry{role: align.RoleExcess, ap: ap, gi: partner(G[st.I], k, st.I), pi: k + st.J,
						m: c.leaf(align.LeafPlain, 0, jsonval.Value{}, ap, false, true)})
				}
			}
		case seqdp.Up:
			count(align.RoleMissing)
			if build {
				v := G[st.I]
				if st.CellDiag {
					cr, err := child(st.I, st.J)
					if err != nil {
						return lr, err
					}
					v = cr.ag
				}
				lr.entries = append(lr.entries, entry{role: align.RoleMissing, ag: v, gi: k + st.I, pi: -1,
					m: c.leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false)})
			}
		case seqdp.Left:
			count(align.RoleExcess)
			if build {
				v := P[st.J]
				if st.CellDiag {
					cr, err := child(st.I, st.J)
					if err != nil {
						return lr, err
					}
					v = cr.ap
				}
				lr.entries = append(lr.entries, entry{role: align.RoleExcess, ap: v, gi: -1, pi: k + st.J,
					m: c.leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true)})
			}
		}
	}
	if D == 0 {
		lr.score = 1
	} else {
		lr.score = align.Clamp01(total / float64(D))
	}
	if build {
		lr.alphas = c.tailAlphas(lr.entries, S)
		if c.s.opts.ComputeConfidence {
			lr.setConf(meanChildConfidence(lr.entries))
		}
	}
	return lr, nil
}

// solveRecords is alignReorder's solve when its cell matrix is the record
// matrix of a derivation (rm, from cellScores), read where it is: rm.C
// holds the candidate records' columns in the order rm.cols (nil: their
// own). The main pass's canonical order (docs/SCORING.md §5.8) is found on
// rm.C with the main pass's tie rule (elementTie, then the candidates'
// order, as CanonicalColumns leaves them); it differs from rm.C's only
// among columns equal cell for cell, and when those are equal bit for bit
// (not merely as numbers: ±0), the matrix the main pass solves is rm.C
// itself. Then solveRecords solves rm.C and returns the assignment in the
// candidates' order and in rm.C's columns. Otherwise ok is false and
// nothing is solved: the caller copies the matrix into the candidates'
// order (recordMatrix.copyInto) and solves it as any other.
func (c *call) solveRecords(fr *scratchFrame, rm *recordMatrix, P []jsonval.Value, build bool) (assign, inM []int, ok bool, err error) {
	n, m, rc := rm.n, rm.m, rm.cols
	var perm []int // the main pass's order of rm.C's columns; nil: as they are
	if c.canonical() {
		tie := c.elementTie(P, build)
		order, identity := fr.canon.CanonicalColumns(rm.C, n, m, func(a, b int) int {
			if rc != nil {
				a, b = rc[a], rc[b]
			}
			if t := tie(a, b); t != 0 {
				return t
			}
			return cmp.Compare(a, b)
		})
		if !identity {
			if !columnsSameBits(rm.C, n, m, order) {
				return nil, nil, false, nil
			}
			perm = order
		}
	} else if rc != nil {
		return nil, nil, false, nil
	}
	a, err := c.solve(fr.pa, rm.C, n, m)
	if err != nil {
		return nil, nil, true, err
	}
	fr.pa = a
	if c.s.inPlace != nil {
		c.s.inPlace.Add(1)
	}
	assign = append(fr.assign[:0], a...)
	for r, col := range a {
		if col < m {
			if perm != nil {
				col = perm[col]
			}
			if rc != nil {
				col = rc[col]
			}
		}
		assign[r] = col
	}
	return assign, a, true, nil
}

// columnsSameBits reports whether the n×m matrix M with its columns in the
// order perm has M's bits: column perm[c] of M is column c, bit for bit,
// wherever perm moves a column.
func columnsSameBits(M []float64, n, m int, perm []int) bool {
	for i := range n {
		row := M[i*m : (i+1)*m]
		for c, j := range perm {
			if j != c && math.Float64bits(row[j]) != math.Float64bits(row[c]) {
				return false
			}
		}
	}
	return true
}

// cellScores fills the n×m matrix of child scores of two list tails (score
// only; docs/SCORING.md §5.2, §5.3) in the frame's storage. k is the tail's index offset
// in the full arrays, for error pointers. When the cells are a
// derivation's record matrix (recordMatrix), it is copied into the frame's
// storage in the candidates' order, or, with inPlace, returned as it is
// with its recordMatrix, for the caller to read where it is (solveRecords).
// With coded, a large link table is filled as codes (coded.go) and
// returned as the frame's codedCells instead of a float matrix.
func (c *call) cellScores(G, P []jsonval.Value, k int, items *ir.Node, fr *scratchFrame, inPlace, coded bool) ([]float64, *recordMatrix, *codedCells, error) {
	n, m := len(G), len(P)
	if err := c.spend(int64(n) * int64(m)); err != nil {
		return nil, nil, nil, err
	}
	dm, err := c.derivedMatrix(G, P, items)
	if err != nil {
		return nil, nil, nil, err
	}
	if dm != nil && inPlace {
		return dm.C, dm, nil, nil
	}
	if dm != nil {
		M := zeroed(fr.m, n*m)
		fr.m = M
		dm.copyInto(M)
		return M, nil, nil, nil
	}
	useKernel := c.kernelFits(items)
	if useKernel {
		c.reach = max(c.reach, c.depth+2) // a kernel cell's members
	}
	ks := &fr.kernel
	ks.cols.on = false
	// In the search's evaluations, the rows whose bijection lookups still
	// hold are copied from the row memo (rowmemo.go).
	rm := c.rowEntry(G, P, items)
	if useKernel {
		c.kernelColumns(ks, n, P, true)
	}
	// Leaf elements (strings, numbers, booleans): the leaf kernel.
	np, leaf := c.leafFits(items)
	if leaf {
		c.reach = max(c.reach, c.depth+1) // a leaf cell's elements
	}
	start := 0 // the first row left to the float fill
	if coded && useKernel && rm == nil && n*m >= c.codedMin() && !c.parallelFill(ks, n, m) {
		cm := &fr.coded
		rows, err := c.codedRows(G, P, k, items, ks, cm)
		if err != nil || rows == n {
			if err != nil {
				return nil, nil, nil, err
			}
			return nil, nil, cm, nil
		}
		start = rows
	}
	M := zeroed(fr.m, n*m)
	fr.m = M
	if start > 0 {
		fr.coded.decode(M[:start*m])
	}
	var filled []int64
	if useKernel && rm == nil && start == 0 {
		filled = c.parallelRows(ks, M, G, m, items)
	}
	for i := start; i < n; i++ {
		c.pushIndex(k + i)
		if rm == nil {
			err := c.cellRow(G, P, i, items, ks, filled, useKernel, np, leaf, M)
			c.pop()
			if err != nil {
				return nil, nil, nil, err
			}
			continue
		}
		if rm.reuse(c, i, m, M) {
			c.pop()
			continue
		}
		rm.kept[i] = false
		warned := len(c.warnings)
		c.logging, c.deps = true, rm.deps[i][:0]
		err := c.cellRow(G, P, i, items, ks, filled, useKernel, np, leaf, M)
		rm.deps[i], c.logging, c.deps = c.deps, false, nil
		c.pop()
		if err != nil {
			return nil, nil, nil, err
		}
		if len(c.warnings) == warned {
			copy(rm.M[i*m:i*m+m], M[i*m:i*m+m])
			rm.kept[i] = true
		}
	}
	return M, nil, nil, nil
}

// cellRow fills row i of the cell matrix M of cellScores (the record and
// leaf kernels where they apply, align elsewhere), the row's index pushed.
func (c *call) cellRow(G, P []jsonval.Value, i int, items *ir.Node, ks *kernelScratch, filled []int64, useKernel bool, np *nodePlan, leaf bool, M []float64) error {
	m := len(P)
	if filled != nil && filled[i] >= 0 {
		ok, err := c.chargeRow(filled[i])
		if err != nil || ok {
			return err
		}
	}
	var row *kernelRow
	if useKernel {
		row = c.kernelRow(ks, G[i], items)
		c.kernelFast(ks, row)
		if row.link && filled == nil {
			if work, ok := linkRow(ks, row, M[i*m:i*m+m], items, c.s.referenceProfile()); ok {
				charged, err := c.chargeRow(work)
				if err != nil || charged {
					return err
				}
			}
		}
	}
	for j := 0; j < m; j++ {
		if row != nil && row.fast {
			if s, ok := c.kernelCellColumn(ks, row, j, items); ok {
				M[i*m+j] = s
				continue
			}
		}
		if row != nil && row.ok {
			if s, ok := c.kernelCell(ks, row, P[j], items); ok {
				M[i*m+j] = s
				continue
			}
		}
		if leaf {
			if s, ok := c.leafCell(&G[i], &P[j], items, np); ok {
				M[i*m+j] = s
				continue
			}
		}
		r, err := c.align(G[i], P[j], items, false)
		if err != nil {
			return err
		}
		M[i*m+j] = r.score
	}
	return nil
}

// elementTie is the tie rule among candidate elements of an order: "align"
// tail whose columns of the cell matrix are equal (docs/SCORING.md §5.8): JSON
// null first (a null paired with a gold element has no entry of its own, so
// the choice can move the denominator); in build mode, where the choice
// decides the operations, the canonical order of JSON values
// (align.CompareValues).
func (c *call) elementTie(P []jsonval.Value, build bool) func(a, b int) int {
	if !build {
		return func(a, b int) int { return align.NullFirst(P[a].IsNull(), P[b].IsNull()) }
	}
	return func(a, b int) int {
		if c := align.NullFirst(P[a].IsNull(), P[b].IsNull()); c != 0 {
			return c
		}
		return align.CompareValues(P[a], P[b])
	}
}
