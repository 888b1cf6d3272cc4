package genrt

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/seqdp"
	"github.com/objectaligner/oagen/jsonval"
)

// ArraySpec is the static description of an array schema node (docs/SCORING.md §5).
// Generated code declares one per array node.
type ArraySpec struct {
	// Prefix is the number of tuple positions (prefixItems); PrefixWeights
	// their weights (docs/SCORING.md §5.5), resolved per position.
	Prefix        int
	PrefixWeights []float64
	// Tail is set when the node has items; Align selects the order-agnostic
	// regime (order "align", docs/SCORING.md §5.2) over the order-preserving one
	// (docs/SCORING.md §5.3).
	Tail, Align                      bool
	IgnoreExcess, IgnoreMissing      bool
	PrefixImportance, RestImportance float64 // with both prefixItems and items (docs/SCORING.md §5.6)
}

// ignored reports whether an entry of role r is left out of the
// denominator (docs/SCORING.md §5.7).
func (s *ArraySpec) ignored(r align.Role) bool {
	return r == align.RoleExcess && s.IgnoreExcess || r == align.RoleMissing && s.IgnoreMissing
}

// Elems is how the array skeleton reaches the elements of the two arrays;
// generated code implements it with closures over the two values. Indices
// are absolute (tuple positions first).
type Elems struct {
	// Pos aligns tuple position i, present on both sides.
	Pos func(i int, build bool) (float64, *Res)
	// Cell aligns gold element i with candidate element j (absolute
	// indices, both in the tail).
	Cell func(i, j int, build bool) (float64, *Res)
	// Fill, when set, writes the scores of every cell of the tails into the
	// n×m matrix M (row-major, tail indices: gold element k+i against
	// candidate element k+j, k the number of tuple positions), as Cell would
	// in score mode; generated code writes the loop so that the cell's
	// scorer is a direct call.
	Fill func(M []float64, n, m int)
	// Kept, when it has n·m cells, is the matrix Fill would write, computed
	// before (a scope's record matrix, Kept): the tail's cells are copied
	// from it.
	Kept []float64
	// Rec, when set, names the node of the elements (RecordOf): the cells
	// of a large matrix of flat records are filled by the record kernel
	// (kernel.go), as Cell would fill them in score mode.
	Rec Record
	// Value returns, in build mode, the JSON value of element i of the gold
	// (gold true) or the candidate.
	Value func(gold bool, i int) jsonval.Value
	// Null reports whether element i of the gold (gold true) or the
	// candidate is JSON null; nil when no element can be.
	Null func(gold bool, i int) bool
}

func (e *Elems) null(gold bool, i int) bool { return e.Null != nil && e.Null(gold, i) }

// Array aligns a gold array of nG elements with a candidate array of nP
// elements under spec (docs/SCORING.md §5.1): the tuple head, the tail, or both.
func (w *Workspace) Array(spec *ArraySpec, nG, nP int, build bool, el *Elems) (float64, *Res) {
	k := spec.Prefix
	var head float64
	var hents []Entry
	var halphas []float64
	if k > 0 {
		head, hents, halphas = w.head(spec, nG, nP, build, el)
		if !spec.Tail {
			if !build {
				return head, nil
			}
			return head, FinishList(align.ListPrefix, head, hents, halphas, false, jsonval.Value{}, jsonval.Value{})
		}
	}
	n, m := max(nG-k, 0), max(nP-k, 0)
	var tail float64
	var tents []Entry
	raw := false
	switch {
	case n == 0 && m == 0:
		tail, raw = 1, true
	case spec.Align:
		tail, tents = w.reorder(spec, n, m, build, el)
	default:
		tail, tents = w.fixed(spec, n, m, build, el)
	}
	if k == 0 {
		if !build {
			return tail, nil
		}
		kind := align.ListFixed
		if spec.Align {
			kind = align.ListReorder
		}
		empty := jsonval.Value{Kind: jsonval.Array}
		return tail, FinishList(kind, tail, tents, UniformAlphas(tents, spec.IgnoreExcess, spec.IgnoreMissing), raw, empty, empty)
	}
	// docs/SCORING.md §5.6: the head and the tail combined, not clamped again.
	tot := spec.PrefixImportance + spec.RestImportance
	wp, wr := spec.PrefixImportance/tot, spec.RestImportance/tot
	score := float64(wp*head) + float64(wr*tail)
	if head == 1 && tail == 1 {
		score = 1 // docs/SCORING.md §5.6: a perfect head and tail score exactly 1
	}
	if !build {
		return score, nil
	}
	return score, FinishCombined(score, wp, wr, hents, halphas, tents, UniformAlphas(tents, spec.IgnoreExcess, spec.IgnoreMissing))
}

// head aligns the tuple positions (docs/SCORING.md §5.5).
func (w *Workspace) head(spec *ArraySpec, nG, nP int, build bool, el *Elems) (float64, []Entry, []float64) {
	k := spec.Prefix
	hw, hs := w.Floats(k), w.Floats(k)
	defer w.Release(hw)
	defer w.Release(hs)
	var ents []Entry
	if build {
		ents = make([]Entry, k)
	}
	for i := range k {
		hw[i], hs[i] = spec.PrefixWeights[i], 0
		switch hasG, hasP := i < nG, i < nP; {
		case hasG && hasP:
			s, r := el.Pos(i, build)
			hs[i] = s
			if build {
				ents[i] = Entry{Role: align.RoleMatched, Gold: r.Gold, Pred: r.Pred, Match: r.Match, GI: i, PI: i}
			}
		case hasG:
			if build {
				v := el.Value(true, i)
				ents[i] = missing(v, i, -1)
			}
		case hasP:
			if build {
				v := el.Value(false, i)
				ents[i] = excess(v, -1, i)
			}
		default:
			hw[i] = 0 // absent on both sides: out of the normalisation
			if build {
				ents[i] = Entry{Role: align.RoleAbsent, Match: Leaf(align.LeafAbsent, 0, jsonval.Value{}, jsonval.Value{}, false, false).Match, GI: -1, PI: -1}
			}
		}
	}
	var head float64
	if T := align.PairwiseSum(hw); T <= 0 {
		head = 1
	} else {
		terms := w.Floats(k)
		for i := range terms {
			terms[i] = hs[i] * (hw[i] / T)
		}
		head = align.Clamp01(align.PairwiseSum(terms))
		if head != 1 && align.Perfect(hw, hs) {
			head = 1 // docs/SCORING.md §5.5: a perfect head scores exactly 1
		}
		w.Release(terms)
	}
	if !build {
		return head, nil, nil
	}
	alphas := make([]float64, k)
	if Tc := align.NeumaierSum(hw); Tc > 0 {
		for i := range alphas {
			alphas[i] = hw[i] / Tc
		}
	}
	return head, ents, alphas
}

// codedMin is the smallest matrix (cells) cells codes for the solver
// (codedMatrix): below it the rows the solver scans stay in cache anyway.
const codedMin = 1 << 14

// cells fills the n×m matrix of the tail's cell scores (score only). With
// coded, it returns the matrix as byte codes instead when the record
// kernel fills it and it holds few distinct scores (codedMatrix, which
// the caller owns until releaseCoded; nil otherwise): the float matrix
// returned then holds nothing.
func (w *Workspace) cells(k, n, m int, el *Elems, coded bool) ([]float64, *codedMatrix) {
	M := w.Floats(n * m)
	if k == 0 && len(el.Kept) == n*m && n*m > 0 {
		copy(M, el.Kept)
		return M, nil
	}
	var cm *codedMatrix
	if coded && n*m >= codedMin && el.Rec.nodes != nil {
		cm = w.coded(n * m)
	}
	if k == 0 && w.kernelFill(M, n, m, &el.Rec, el.Cell, cm) {
		if cm != nil && !cm.ok {
			w.releaseCoded(cm)
			cm = nil
		}
		return M, cm
	}
	if cm != nil {
		w.releaseCoded(cm)
	}
	if el.Fill != nil {
		el.Fill(M, n, m)
		return M, nil
	}
	for i := range n {
		for j := range m {
			M[i*m+j], _ = el.Cell(k+i, k+j, false)
		}
	}
	return M, nil
}

// missing, excess and matched return the entries of those roles; gi and pi
// are the indices of their elements (Entry).
func missing(v jsonval.Value, gi, pi int) Entry {
	return Entry{Role: align.RoleMissing, Gold: v, Match: Leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false).Match, GI: gi, PI: pi}
}

func excess(v jsonval.Value, gi, pi int) Entry {
	return Entry{Role: align.RoleExcess, Pred: v, Match: Leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true).Match, GI: gi, PI: pi}
}

func matched(r *Res, gi, pi int) Entry {
	return Entry{Role: align.RoleMatched, Gold: r.Gold, Pred: r.Pred, Match: r.Match, GI: gi, PI: pi}
}

// partner is the index i of the other side's element of a dissolved
// zero-score pairing when that element is JSON null (it has no entry of
// its own), else -1.
func (e *Elems) partner(gold bool, i int) int {
	if e.null(gold, i) {
		return i
	}
	return -1
}

// reorder is the order-agnostic regime (docs/SCORING.md §5.2) of tails of n and m > 0
// elements in total.
func (w *Workspace) reorder(spec *ArraySpec, n, m int, build bool, el *Elems) (float64, []Entry) {
	k := spec.Prefix
	M, cm := w.cells(k, n, m, el, true)
	var cols []int
	var identity bool
	if cm != nil {
		cols, identity = w.canon.CanonicalColumnsCoded(cm.codes, &cm.vals, n, m, w.elementTie(k, build, el))
	} else {
		cols, identity = w.canon.CanonicalColumns(M, n, m, w.elementTie(k, build, el))
	}
	if identity {
		cols = nil
	}
	var asg []int
	if cm != nil {
		asg = w.solveCoded(cm, n, m, cols)
	} else {
		asg = w.SolveCanon(M, n, m, nil, cols)
	}
	sc := w.Floats(n + m)
	var ents []Entry
	E, D := 0, 0
	add := func(role align.Role, s float64) {
		if !spec.ignored(role) {
			D++
		}
		sc[E] = s
		E++
	}
	for r := range max(n, m) {
		col := asg[r]
		switch {
		case r < n && col < m:
			var s float64
			if cm != nil {
				s = cm.vals[cm.codes[r*m+col]]
			} else {
				s = M[r*m+col]
			}
			if s > 0 {
				add(align.RoleMatched, s)
				if build {
					_, cr := el.Cell(k+r, k+col, true)
					ents = append(ents, matched(cr, k+r, k+col))
				}
				continue
			}
			// A zero-score pairing is dissolved: excess first, then
			// missing; a side whose element is JSON null has no entry.
			var cr *Res
			if build {
				_, cr = el.Cell(k+r, k+col, true)
			}
			if !el.null(false, k+col) {
				add(align.RoleExcess, 0)
				if build {
					ents = append(ents, excess(cr.Pred, el.partner(true, k+r), k+col))
				}
			}
			if !el.null(true, k+r) {
				add(align.RoleMissing, 0)
				if build {
					ents = append(ents, missing(cr.Gold, k+r, el.partner(false, k+col)))
				}
			}
		case r < n:
			add(align.RoleMissing, 0)
			if build {
				ents = append(ents, missing(el.Value(true, k+r), k+r, -1))
			}
		case col < m:
			add(align.RoleExcess, 0)
			if build {
				ents = append(ents, excess(el.Value(false, k+col), -1, k+col))
			}
		}
	}
	w.ReleaseInts(asg)
	tail := 1.0
	if D != 0 {
		tail = align.Clamp01(align.PairwiseSum(sc[:E]) / float64(D))
	}
	w.Release(sc)
	w.Release(M)
	if cm != nil {
		w.releaseCoded(cm)
	}
	return tail, ents
}

// fixed is the order-preserving regime (docs/SCORING.md §5.3) of tails of n and m
// elements, n+m > 0.
func (w *Workspace) fixed(spec *ArraySpec, n, m int, build bool, el *Elems) (float64, []Entry) {
	k := spec.Prefix
	var ents []Entry
	switch {
	case n == 0:
		if build {
			for j := range m {
				ents = append(ents, excess(el.Value(false, k+j), -1, k+j))
			}
		}
		if spec.IgnoreExcess {
			return 1, ents
		}
		return 0, ents
	case m == 0:
		if build {
			for i := range n {
				ents = append(ents, missing(el.Value(true, k+i), k+i, -1))
			}
		}
		if spec.IgnoreMissing {
			return 1, ents
		}
		return 0, ents
	}
	M, _ := w.cells(k, n, m, el, false)
	total, steps := w.Align(M, n, m)
	D := 0
	count := func(role align.Role) {
		if !spec.ignored(role) {
			D++
		}
	}
	for _, st := range steps {
		switch st.Move {
		case seqdp.Diag:
			if M[st.I*m+st.J] > 0 {
				count(align.RoleMatched)
				if build {
					_, cr := el.Cell(k+st.I, k+st.J, true)
					ents = append(ents, matched(cr, k+st.I, k+st.J))
				}
				continue
			}
			var cr *Res
			if build {
				_, cr = el.Cell(k+st.I, k+st.J, true)
			}
			if !el.null(true, k+st.I) {
				count(align.RoleMissing)
				if build {
					ents = append(ents, missing(cr.Gold, k+st.I, el.partner(false, k+st.J)))
				}
			}
			if !el.null(false, k+st.J) {
				count(align.RoleExcess)
				if build {
					ents = append(ents, excess(cr.Pred, el.partner(true, k+st.I), k+st.J))
				}
			}
		case seqdp.Up:
			count(align.RoleMissing)
			if build {
				v := el.Value(true, k+st.I)
				if st.CellDiag {
					_, cr := el.Cell(k+st.I, k+st.J, true)
					v = cr.Gold
				}
				ents = append(ents, missing(v, k+st.I, -1))
			}
		case seqdp.Left:
			count(align.RoleExcess)
			if build {
				v := el.Value(false, k+st.J)
				if st.CellDiag {
					_, cr := el.Cell(k+st.I, k+st.J, true)
					v = cr.Pred
				}
				ents = append(ents, excess(v, -1, k+st.J))
			}
		}
	}
	w.ReleaseSteps(steps)
	w.Release(M)
	if D == 0 {
		return 1, ents
	}
	return align.Clamp01(total / float64(D)), ents
}

// elementTie is the tie rule among candidate elements of an order: "align"
// tail whose columns of the cell matrix are equal, as the interpreter's
// (docs/SCORING.md §5.8): JSON null first; in build mode the canonical
// order of JSON values (align.CompareValues).
func (w *Workspace) elementTie(k int, build bool, el *Elems) func(a, b int) int {
	if !build {
		if el.Null == nil {
			return nil
		}
		return func(a, b int) int { return align.NullFirst(el.Null(false, k+a), el.Null(false, k+b)) }
	}
	return func(a, b int) int {
		if c := align.NullFirst(el.null(false, k+a), el.null(false, k+b)); c != 0 {
			return c
		}
		return align.CompareValues(el.Value(false, k+a), el.Value(false, k+b))
	}
}
