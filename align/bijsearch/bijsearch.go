// Package bijsearch improves the bijections of referential scopes against
// the score itself (docs/SCORING.md §7.12): after the assignment solver has
// paired a scope's records on the matrix of docs/SCORING.md §7.8, several
// pairings are often rated equal by that matrix (property twins, records
// whose structural colours stopped coinciding after a small edit, gold
// records with no counterpart). The solver then picks one by position, and
// the pick decides every reference scored through the bijection. A Search
// tries the pairings the matrix rates equal and keeps one only when the
// document's score, computed by the caller, strictly increases.
//
// The search is deterministic and depends only on the matrix, the starting
// assignment and the scores: the interpreter and generated code run the
// same search and reach the same bijection bit for bit.
//
// Moves. For an assignment σ of the zero-padded d×d problem (d = max(n, m),
// cell value 0 outside the real n×m block), swapping the columns of rows a
// and b is a tied move when
//
//	|S[a][σa] + S[b][σb] − S[a][σb] − S[b][σa]| ≤ 1e-12
//
// and the swap changes a real pairing (not both rows padding, not both
// columns padding). A tied move keeps the matrix total up to rounding, so
// the search never leaves the set of assignments the matrix rates optimal.
//
// Strategy. With d ≤ ExhaustiveSize, and with d ≤ CountedSize when a tied
// move exists and the budget covers every tied permutation, every permutation of the columns
// whose matrix total equals the current one (within 1e-9) is scored, one
// per set of real pairs, and the best kept (the earliest in lexicographic
// order among equal scores, the current one if it is among them): the
// result is optimal among the assignments the matrix rates equal. The tied
// permutations are enumerated by a depth-first search that drops a branch
// whose partial total plus the row maxima of the remaining rows cannot
// reach the total (tiedIter), not by a scan of all d! permutations. Other
// scopes are improved by first-improvement local search over tied moves,
// in row order (a, then b), sweep after sweep, until a sweep improves
// nothing: the result is then 2-opt (no single tied swap improves it).
// Both stop when the evaluation budget is spent.
package bijsearch

import (
	"context"
	"math"
)

// ExhaustiveSize is the largest padded scope size d searched exhaustively
// whatever the budget.
const ExhaustiveSize = 4

// CountedSize is the largest padded scope size d searched exhaustively
// when the budget covers every tied permutation: up to it the tied
// permutations are counted (at most d! of them) before the search starts.
const CountedSize = 8

// MaxEvaluations caps the score evaluations of one call.
const MaxEvaluations = 32

// evaluationWork is the budget of one call in squared records: the call may
// evaluate its score evalWork / L² times, L the records of all its scopes
// (the larger side of each), since a score evaluation costs about L².
const evaluationWork = 1 << 15

// Budget is the number of score evaluations a call whose scopes hold
// records records (the larger side of each scope, summed) may spend:
// min(MaxEvaluations, 2^15 / records²). A call of more than 181 records
// spends none, so that large documents pay nothing for the search.
func Budget(records int) int {
	if records <= 0 {
		return 0
	}
	l := float64(records)
	return int(min(float64(MaxEvaluations), math.Floor(evaluationWork/(l*l))))
}

// Search improves the assignments of a call's scopes, one after the other,
// against the call's score. The zero value has no budget; set Budget.
type Search struct {
	// Budget is the number of score evaluations left.
	Budget int
	// Evaluations counts the evaluations spent.
	Evaluations int
	// Improvements counts the moves kept.
	Improvements int
	// Replayed counts the evaluations of the local search charged but
	// not scored: a swap tried again from the assignment it was tried
	// from in the sweep before, whose score is known not to improve.
	Replayed int

	best  float64
	known bool
	// Storage of the exhaustive search (d ≤ CountedSize), kept in the
	// value so that a search allocates nothing.
	perm, cur, keep [CountedSize]int
	tied            tiedIter
}

// Improve improves assign (length d = max(n, m), rows to columns, columns
// ≥ m padding) of the scope whose docs/SCORING.md §7.8 matrix S (n×m, row-major) it solves.
// apply installs an assignment as the scope's bijection; score evaluates
// the document under the installed bijections. On return apply has been
// called with the final assign (unless no move was tried: then it is not
// called). Errors of score (a done context) end the search and are
// returned.
func (s *Search) Improve(ctx context.Context, S []float64, n, m int, assign []int, apply func([]int), score func() (float64, error)) error {
	d := max(n, m)
	if d < 2 || s.Budget <= 0 {
		return nil
	}
	exhaustive := false
	switch {
	case d <= ExhaustiveSize:
		if s.tiedPermutations(S, n, m, assign, 1) == 0 {
			return nil
		}
		exhaustive = true
	case d <= CountedSize:
		// Exhaustive when the budget covers every tied permutation (the
		// first evaluation scores the current one); counted only when a
		// tied move exists, so that a scope without one costs O(d²).
		if !hasTiedMove(S, n, m, assign) {
			return nil
		}
		k := s.tiedPermutations(S, n, m, assign, s.Budget)
		if k == 0 {
			return nil
		}
		exhaustive = k+1 <= s.Budget || s.known && k <= s.Budget
	case !hasTiedMove(S, n, m, assign):
		return nil
	}
	if !s.known {
		v, err := s.eval(score)
		if err != nil {
			return err
		}
		s.best, s.known = v, true
	}
	if exhaustive {
		return s.exhaustive(ctx, S, n, m, assign, apply, score)
	}
	return s.local(ctx, S, n, m, assign, apply, score)
}

func (s *Search) eval(score func() (float64, error)) (float64, error) {
	s.Budget--
	s.Evaluations++
	return score()
}

// cell is the padded matrix value of row r, column c.
func cell(S []float64, n, m, r, c int) float64 {
	if r >= n || c >= m {
		return 0
	}
	return S[r*m+c]
}

// tied reports whether swapping the columns of rows a and b is a tied move.
func tied(S []float64, n, m int, assign []int, a, b int) bool {
	if a >= n && b >= n {
		return false
	}
	ja, jb := assign[a], assign[b]
	if ja >= m && jb >= m {
		return false
	}
	before := cell(S, n, m, a, ja) + cell(S, n, m, b, jb)
	after := cell(S, n, m, a, jb) + cell(S, n, m, b, ja)
	return math.Abs(before-after) <= 1e-12
}

func hasTiedMove(S []float64, n, m int, assign []int) bool {
	d := len(assign)
	for a := range d {
		for b := a + 1; b < d; b++ {
			if tied(S, n, m, assign, a, b) {
				return true
			}
		}
	}
	return false
}

// tiedPermutations counts, up to limit+1, the permutations of the columns
// other than assign (in its real pairs) that keep the matrix total (d ≤
// CountedSize).
func (s *Search) tiedPermutations(S []float64, n, m int, assign []int, limit int) int {
	it := &s.tied
	it.start(S, n, m, assign, s.perm[:len(assign)])
	count := 0
	for it.next() {
		if samePairs(it.perm, assign, n, m) {
			continue
		}
		if count++; count > limit {
			return count
		}
	}
	return count
}

// tiedIter enumerates, in lexicographic order, the permutations p of the
// columns of a padded d×d problem (d ≤ CountedSize) that are canonical in
// their padding (canonicalPadding) and whose matrix total, summed in row
// order, is within 1e-9 of the total of a given assignment: exactly the
// permutations a scan of all d! of them in lexicographic order would
// find, in the same order. It is a depth-first search over the rows that
// skips a branch when its partial total plus the largest cell of every
// remaining row falls short of the total by more than the tolerance (with
// a margin for rounding), so that a matrix with few ties costs far less
// than d! permutations.
type tiedIter struct {
	S       []float64
	n, m, d int
	total   float64
	perm    []int
	r       int    // the row being placed; d after a permutation was found
	used    uint32 // the columns taken by rows < r
	// Per row r: the next column to try, the partial total of rows < r,
	// the last column taken by a padding row and by a real row taking a
	// padding column among rows < r (-1: none), and the sum of the row
	// maxima of rows ≥ r.
	col            [CountedSize + 1]int
	partial        [CountedSize + 1]float64
	lastRow, lastP [CountedSize + 1]int
	suffix         [CountedSize + 1]float64
}

// tiedMargin is the slack of the bound of tiedIter over the tolerance of
// the totals: the bound and a completed total are sums of at most
// CountedSize cells taken in different orders, whose roundings differ by
// far less.
const tiedMargin = 1e-9

// start prepares the enumeration for the problem of assign (length d),
// writing the permutations into perm (length d).
func (it *tiedIter) start(S []float64, n, m int, assign, perm []int) {
	d := len(assign)
	it.S, it.n, it.m, it.d, it.perm = S, n, m, d, perm
	it.total = 0
	for r := range d {
		it.total += cell(S, n, m, r, assign[r])
	}
	it.suffix[d] = 0
	for r := d - 1; r >= 0; r-- {
		best := 0.0
		if r < n {
			best = math.Inf(-1)
			for c := range d {
				best = max(best, cell(S, n, m, r, c))
			}
		}
		it.suffix[r] = it.suffix[r+1] + best
	}
	it.r, it.used = 0, 0
	it.col[0], it.partial[0], it.lastRow[0], it.lastP[0] = 0, 0, -1, -1
}

// next advances to the next permutation, reporting false after the last.
func (it *tiedIter) next() bool {
	d := it.d
	for {
		if it.r == d {
			if !it.back() {
				return false
			}
		}
		r := it.r
		descended := false
		for c := it.col[r]; c < d; c++ {
			if it.used&(1<<c) != 0 {
				continue
			}
			lr, lp := it.lastRow[r], it.lastP[r]
			switch {
			case r >= it.n:
				if c < lr {
					continue
				}
				lr = c
			case c >= it.m:
				if c < lp {
					continue
				}
				lp = c
			}
			v := it.partial[r] + cell(it.S, it.n, it.m, r, c)
			if v+it.suffix[r+1] < it.total-1e-9-tiedMargin {
				continue
			}
			it.perm[r] = c
			it.used |= 1 << c
			it.partial[r+1], it.lastRow[r+1], it.lastP[r+1] = v, lr, lp
			it.r++
			it.col[it.r] = 0
			descended = true
			break
		}
		if !descended {
			if !it.back() {
				return false
			}
			continue
		}
		if it.r == d && math.Abs(it.partial[d]-it.total) <= 1e-9 {
			return true
		}
	}
}

// back returns to the previous row to try its next column, reporting
// false when there is none.
func (it *tiedIter) back() bool {
	if it.r == 0 {
		return false
	}
	it.r--
	c := it.perm[it.r]
	it.used &^= 1 << c
	it.col[it.r] = c + 1
	return true
}

// local is first-improvement search over tied moves.
func (s *Search) local(ctx context.Context, S []float64, n, m int, assign []int, apply func([]int), score func() (float64, error)) error {
	d := len(assign)
	defer apply(assign)
	// lastA, lastB: the swap of the last improvement of the sweep before
	// (-1: none). Until a sweep improves, its assignment is the one the
	// sweep before had from that swap on, so that every swap after it
	// gives an assignment already scored, and not above the incumbent:
	// it is charged as before but not scored again. The evaluations and
	// the result are those of the search that scores them.
	lastA, lastB := -1, -1
	for {
		improved := false
		replay := lastA >= 0
		curA, curB := -1, -1
		for a := range d {
			for b := a + 1; b < d; b++ {
				if !tied(S, n, m, assign, a, b) {
					continue
				}
				if s.Budget <= 0 {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				if replay && (a > lastA || a == lastA && b > lastB) {
					s.Budget--
					s.Evaluations++
					s.Replayed++
					continue
				}
				assign[a], assign[b] = assign[b], assign[a]
				apply(assign)
				v, err := s.eval(score)
				if err != nil {
					assign[a], assign[b] = assign[b], assign[a]
					return err
				}
				if v > s.best {
					s.best = v
					s.Improvements++
					improved, replay = true, false
					curA, curB = a, b
					continue
				}
				assign[a], assign[b] = assign[b], assign[a]
			}
		}
		if !improved {
			return nil
		}
		lastA, lastB = curA, curB
	}
}

// exhaustive scores every permutation of the columns with the current
// matrix total (d ≤ CountedSize) in lexicographic order.
func (s *Search) exhaustive(ctx context.Context, S []float64, n, m int, assign []int, apply func([]int), score func() (float64, error)) error {
	d := len(assign)
	cur, best, perm := s.cur[:d], s.keep[:d], s.perm[:d]
	copy(cur, assign)
	copy(best, assign)
	defer func() {
		copy(assign, best)
		apply(assign)
	}()
	it := &s.tied
	it.start(S, n, m, cur, perm)
	for it.next() {
		if samePairs(perm, cur, n, m) {
			continue
		}
		if s.Budget <= 0 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		apply(perm)
		v, err := s.eval(score)
		if err != nil {
			return err
		}
		if v > s.best {
			s.best = v
			s.Improvements++
			copy(best, perm)
		}
	}
	return nil
}

// samePairs reports whether two assignments pair the same real rows with
// the same real columns (they differ at most in how padding is matched).
func samePairs(a, b []int, n, m int) bool {
	for r := range a {
		if r >= n {
			continue
		}
		ra, rb := a[r], b[r]
		if ra >= m {
			ra = -1
		}
		if rb >= m {
			rb = -1
		}
		if ra != rb {
			return false
		}
	}
	return true
}
