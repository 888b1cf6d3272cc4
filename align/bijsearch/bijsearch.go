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
// result is optimal among the assignments the matrix rates equal. Other
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

	best  float64
	known bool
	// Storage of the exhaustive search (d ≤ ExhaustiveSize), kept in the
	// value so that a search allocates nothing.
	perm, cur, keep [CountedSize]int
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
	d := len(assign)
	total := 0.0
	for r := range d {
		total += cell(S, n, m, r, assign[r])
	}
	perm := s.perm[:d]
	for i := range perm {
		perm[i] = i
	}
	count := 0
	for {
		if canonicalPadding(perm, n, m) && !samePairs(perm, assign, n, m) {
			t := 0.0
			for r := range d {
				t += cell(S, n, m, r, perm[r])
			}
			if math.Abs(t-total) <= 1e-9 {
				if count++; count > limit {
					return count
				}
			}
		}
		if !nextPermutation(perm) {
			return count
		}
	}
}

// local is first-improvement search over tied moves.
func (s *Search) local(ctx context.Context, S []float64, n, m int, assign []int, apply func([]int), score func() (float64, error)) error {
	d := len(assign)
	defer apply(assign)
	for {
		improved := false
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
					improved = true
					continue
				}
				assign[a], assign[b] = assign[b], assign[a]
			}
		}
		if !improved {
			return nil
		}
	}
}

// exhaustive scores every permutation of the columns with the current
// matrix total (d ≤ ExhaustiveSize) in lexicographic order.
func (s *Search) exhaustive(ctx context.Context, S []float64, n, m int, assign []int, apply func([]int), score func() (float64, error)) error {
	d := len(assign)
	total := 0.0
	for r := range d {
		total += cell(S, n, m, r, assign[r])
	}
	cur, best, perm := s.cur[:d], s.keep[:d], s.perm[:d]
	copy(cur, assign)
	copy(best, assign)
	for i := range perm {
		perm[i] = i
	}
	defer func() {
		copy(assign, best)
		apply(assign)
	}()
	for {
		if canonicalPadding(perm, n, m) && !samePairs(perm, cur, n, m) {
			t := 0.0
			for r := range d {
				t += cell(S, n, m, r, perm[r])
			}
			if math.Abs(t-total) <= 1e-9 {
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
		}
		if !nextPermutation(perm) {
			return nil
		}
	}
}

// canonicalPadding reports whether p is the first, in lexicographic
// order, of the permutations with its real pairs: padding rows take their
// columns in increasing order, and so do the real rows that take padding
// columns. The search scores one permutation per set of real pairs.
func canonicalPadding(p []int, n, m int) bool {
	lastRow, lastPad := -1, -1
	for r, c := range p {
		switch {
		case r >= n:
			if c < lastRow {
				return false
			}
			lastRow = c
		case c >= m:
			if c < lastPad {
				return false
			}
			lastPad = c
		}
	}
	return true
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

// nextPermutation advances p to the next permutation in lexicographic
// order, reporting false after the last.
func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	for l, r := i+1, len(p)-1; l < r; l, r = l+1, r-1 {
		p[l], p[r] = p[r], p[l]
	}
	return true
}
