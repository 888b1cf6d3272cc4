package interp

import (
	"github.com/objectaligner/oagen/align/hungarian"
)

// This file lets the main pass reuse the assignment of a scope's
// derivation (docs/PERFORMANCE.md, "Large documents", fourth round). When
// the main pass aligns the scope's records again (the record matrix reused,
// kernel.go's recordMatrix) and solves the same matrix in the same order,
// the solver — a deterministic function of its input — would return the
// same assignment after the same number of relaxations. The derivation
// keeps each large matrix it solved with that assignment and count; a
// later solve of a matrix equal to one of them bit for bit takes the kept
// result, and reports the budget error, the cancellation and the
// extra work exactly where the solver would: a budget is exceeded iff the
// kept count exceeds it (the count only grows while the solver runs), and
// the solver polls the context before its first augmentation.

// keptSolveMin is the smallest matrix (cells) whose solve a derivation
// keeps: below it the copy and the comparison cost about what they save.
const keptSolveMin = 1 << 12

// keptMin is keptSolveMin, or the scorer's keptMin when positive.
func (c *call) keptMin() int {
	if c.s.keptMin > 0 {
		return c.s.keptMin
	}
	return keptSolveMin
}

// keptSolve is one solve of a derivation.
type keptSolve struct {
	n, m int
	// M is the matrix solved, not a copy: the derivation's own storage
	// (its record matrix or the integrated one), which nothing writes again
	// until the call ends.
	M       []float64
	assign  []int
	relaxed int64
	// copy holds M's values when the scorer checks that they stay
	// unwritten (keptStale).
	copy []float64
}

// keepSolve records the solve of M (n × m) by a derivation. M is kept, not
// copied: the caller must not write it again during the call.
func (c *call) keepSolve(M []float64, n, m int, assign []int, relaxed int64) {
	if n*m < c.keptMin() || c.s.genericCells {
		return
	}
	if c.nkept == len(c.kept) {
		c.kept = append(c.kept, keptSolve{})
	}
	k := &c.kept[c.nkept]
	c.nkept++
	k.n, k.m, k.relaxed = n, m, relaxed
	k.M = M
	k.assign = append(k.assign[:0], assign...)
	k.copy = k.copy[:0]
	if c.s.keptStale != nil {
		k.copy = append(k.copy, M...)
	}
}

// keptSolveOf returns the kept solve of a matrix equal to M bit for bit,
// or nil.
func (c *call) keptSolveOf(M []float64, n, m int) *keptSolve {
	if c.nkept == 0 || n*m < c.keptMin() {
		return nil
	}
	for i := range c.nkept {
		k := &c.kept[i]
		if k.n != n || k.m != m {
			continue
		}
		if c.s.keptStale != nil && !hungarian.SameBits(k.M, k.copy) {
			c.s.keptStale.Add(1) // written since its solve: compare the values solved
			if hungarian.SameBits(k.copy, M) {
				return k
			}
			continue
		}
		if sameStorage(k.M, M) || hungarian.SameBits(k.M, M) {
			if c.s.keptHits != nil {
				c.s.keptHits.Add(1)
			}
			return k
		}
	}
	return nil
}

// reuseSolve is the solver's outcome for the kept solve k under budget:
// the assignment (the solver's own storage is not involved), its count of
// relaxations, or the error the solver would return.
func (c *call) reuseSolve(k *keptSolve, budget int64) ([]int, int64, error) {
	if c.done != nil {
		if err := c.ctx.Err(); err != nil && max(k.n, k.m) > 0 {
			return nil, 0, err
		}
	}
	if budget > 0 && k.relaxed > budget {
		return nil, 0, hungarian.ErrBudget
	}
	return k.assign, k.relaxed, nil
}

// sameStorage reports whether a and b are the same storage: a kept matrix
// solved again where it is (solveRecords), which nothing has written since
// its solve (keepSolve).
func sameStorage(a, b []float64) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}
