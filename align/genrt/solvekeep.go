package genrt

import (
	"math"

	"github.com/objectaligner/oagen/align/hungarian"
)

// A scope's derivation keeps the large matrices it solved with their
// assignments, and a later solve of a bit-for-bit equal matrix in the same
// call — the main pass aligning the scope's records again from the kept
// record matrix (Kept) in the same canonical order — takes the kept
// assignment instead of solving again: the solver is a deterministic
// function of its input, and Solve has no budget or context to report
// (docs/PERFORMANCE.md, "Large documents", fourth round). The
// interpreter does the same (interp/solvekeep.go).

// keptSolveMin is the smallest matrix (cells) whose solve a derivation
// keeps; maxKeptSolves bounds the solves kept per call (the oldest is
// replaced).
const (
	keptSolveMin  = 1 << 12
	maxKeptSolves = 8
)

// keptSolve is one kept solve: the matrix and its assignment.
type keptSolve struct {
	n, m int
	M    []float64
	asg  []int
}

// solveKept is Solve for a scope's derivation: a solve of at least
// keptSolveMin cells is kept for the rest of the call.
func (w *Workspace) solveKept(M []float64, n, m int) []int {
	asg := w.Solve(M, n, m)
	if n*m < keptSolveMin || w.Err != nil {
		return asg
	}
	if len(w.kept) < maxKeptSolves {
		w.kept = append(w.kept, keptSolve{})
	}
	k := &w.kept[w.nkept%len(w.kept)]
	w.nkept++
	k.n, k.m = n, m
	k.M = append(k.M[:0], M...)
	k.asg = append(k.asg[:0], asg...)
	return asg
}

// keptSolveOf returns the assignment kept for a matrix equal to M bit for
// bit, or nil.
func (w *Workspace) keptSolveOf(M []float64, n, m int) []int {
	if w.nkept == 0 || n*m < keptSolveMin {
		return nil
	}
	for i := range min(w.nkept, len(w.kept)) {
		k := &w.kept[i]
		if k.n == n && k.m == m && hungarian.SameBits(k.M, M) {
			return k.asg
		}
	}
	return nil
}

// keptSolveOfColumns is keptSolveOf for the matrix whose column c is
// column cols[c] of M, compared without forming it.
func (w *Workspace) keptSolveOfColumns(M []float64, n, m int, cols []int) []int {
	if w.nkept == 0 || n*m < keptSolveMin {
		return nil
	}
	for i := range min(w.nkept, len(w.kept)) {
		if k := &w.kept[i]; k.n == n && k.m == m && sameColumns(k.M, M, n, m, cols) {
			return k.asg
		}
	}
	return nil
}

// sameColumns reports whether the n×m matrix P holds, bit for bit, the
// matrix M with its columns in the order cols (P[i][c] = M[i][cols[c]]).
func sameColumns(P, M []float64, n, m int, cols []int) bool {
	for i := range n {
		p, row := P[i*m:(i+1)*m], M[i*m:(i+1)*m]
		for c, j := range cols {
			if math.Float64bits(p[c]) != math.Float64bits(row[j]) {
				return false
			}
		}
	}
	return true
}
