// Package seqdp is the monotone (order-preserving, gap-aware) alignment of
// docs/SCORING.md §5.3: the dynamic programme that pairs the elements of two sequences
// in order, skipping elements on either side at no cost, so as to maximise
// the sum of the paired elements' scores, followed by a traceback that moves
// by the recorded step of each cell, never by the values, so that JSON-null
// elements cannot derail it.
//
// It is hand-written because docs/SCORING.md §5.3 fixes which of several equally good
// alignments is reported (the preference DIAG > UP > LEFT at every cell,
// decided by exact floating-point equality on cells computed with plain
// left-to-right additions) and how the traceback walks the table; a generic
// sequence aligner would report different optima. Keeping one reusable
// workspace also makes a call allocation-free once the workspace has grown.
//
// Complexity: O(n·m) time; O(n·m) memory for the cell types (one byte per
// cell) plus O(m + n) for two rows of DP values and the steps.
package seqdp

import (
	"context"
	"fmt"
	"math"
	"math/bits"
)

// Move is the kind of one traceback step.
type Move uint8

// The traceback moves. The zero Move is invalid.
const (
	// Diag pairs gold element I with candidate element J.
	Diag Move = iota + 1
	// Up leaves gold element I unpaired (a missing entry).
	Up
	// Left leaves candidate element J unpaired (an excess entry).
	Left
)

// String returns the move's name.
func (mv Move) String() string {
	switch mv {
	case Diag:
		return "Diag"
	case Up:
		return "Up"
	case Left:
		return "Left"
	}
	return fmt.Sprintf("Move(%d)", uint8(mv))
}

// Step is one step of the traceback, in forward (gold/candidate) order.
//
// Except in the degenerate case n == 0 or m == 0, (I, J) always name the DP
// cell the step comes from: cell[I+1][J+1] of docs/SCORING.md §5.3, i.e. the child pair
// (gold I, candidate J), and CellDiag reports whether that cell is of type
// DIAG. Per kind of step:
//
//   - Diag: gold I is paired with candidate J; CellDiag is true. The caller
//     decides matched (scores[I*m+J] > 0) versus dissolved (score 0: one
//     missing entry, then one excess entry, docs/SCORING.md §5.3).
//   - Up from the main loop (at cell (i, j), both > 0): gold I = i-1 is left
//     unpaired; J = j-1 is the candidate index of that cell; CellDiag is
//     false. The displayed gold value is the raw element G[I].
//   - Left from the main loop: candidate J = j-1 is left unpaired; I = i-1;
//     CellDiag is false. The displayed value is P[J].
//   - Up from the leftover loop "while i > 0" (the candidate side is
//     exhausted): gold I is left unpaired; J = 0, because the reference displays the
//     gold value of cell[I+1][1], which is the child (I, 0)'s aligned gold
//     value when CellDiag is true and G[I] otherwise.
//   - Left from the leftover loop "while j > 0": candidate J is left
//     unpaired; I = 0, and the displayed value is that of cell[1][J+1]: the
//     child (0, J)'s aligned candidate value when CellDiag is true, P[J]
//     otherwise.
//
// A leftover step can be told from a main-loop one only by CellDiag (a
// main-loop Up or Left step always has CellDiag false). With non-negative
// scores the leftover cells are never of the "wrong" kind: cell[i][1] is
// DIAG or UP and cell[1][j] is DIAG or LEFT.
//
// When n == 0 or m == 0 there is no cell: the steps are all Up (I = 0..n-1)
// or all Left (J = 0..m-1), the other index is -1 and CellDiag is false.
type Step struct {
	Move     Move
	I, J     int
	CellDiag bool
}

// Cell types of the DP table.
const (
	cellDiag uint8 = iota + 1
	cellUp
	cellLeft
)

// Workspace holds the buffers of Align. The zero value is ready to use. A
// Workspace is not safe for concurrent use; use one per goroutine.
type Workspace struct {
	cells []uint8  // cell[i][j] for i, j ≥ 1, stored at (i-1)*m + (j-1)
	prev  []uint64 // dp[i-1][0..m], as math.Float64bits
	cur   []uint64 // dp[i][0..m], as math.Float64bits
	steps []Step
}

// Align runs the monotone alignment DP of docs/SCORING.md §5.3 on the row-major n×m
// child-score matrix scores (scores[i*m+j] is the thresholded score of gold
// element i against candidate element j) and returns total = dp[n][m], the
// best sum of paired scores, and the traceback steps in forward order (see
// Step). The steps slice is owned by the Workspace and valid until its next
// call.
//
// Cells are filled row-major with diag = dp[i-1][j-1] + score (a plain
// addition), up = dp[i-1][j], left = dp[i][j-1], dp[i][j] = max(diag, up,
// left), and the cell type is DIAG if dp[i][j] == diag, else UP if
// dp[i][j] == up, else LEFT (exact comparisons). The traceback moves by cell
// type only, so it always terminates after exactly n + m - (number of Diag
// steps) steps.
//
// An error is returned if n or m is negative, len(scores) != n*m, or a score
// is NaN or infinite. (Finite scores near math.MaxFloat64 can still make the
// sums overflow to +Inf; the DP and traceback then proceed with the same
// exact comparisons.)
func (w *Workspace) Align(scores []float64, n, m int) (total float64, steps []Step, err error) {
	return w.AlignContext(context.Background(), scores, n, m)
}

// AlignContext is Align that gives up when ctx is done, returning ctx.Err().
// It checks ctx before each row of the table (O(m) work each); with a
// context that is never done (context.Background) it costs nothing more
// than Align.
func (w *Workspace) AlignContext(ctx context.Context, scores []float64, n, m int) (total float64, steps []Step, err error) {
	if n < 0 || m < 0 {
		return 0, nil, fmt.Errorf("seqdp: negative dimensions %d×%d", n, m)
	}
	if m > 0 && n > math.MaxInt/m || n > math.MaxInt-m-1 {
		return 0, nil, fmt.Errorf("seqdp: dimensions %d×%d too large", n, m)
	}
	if len(scores) != n*m {
		return 0, nil, fmt.Errorf("seqdp: score matrix has %d entries, want %d×%d = %d", len(scores), n, m, n*m)
	}
	nonNegative := true
	for k, x := range scores {
		if x >= 0 && x <= math.MaxFloat64 {
			continue
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, nil, fmt.Errorf("seqdp: score (%d,%d) is %v; scores must be finite", k/m, k%m, x)
		}
		nonNegative = false
	}
	w.grow(n, m)
	steps = w.steps[:0]
	if n == 0 || m == 0 {
		for i := range n {
			steps = append(steps, Step{Move: Up, I: i, J: -1})
		}
		for j := range m {
			steps = append(steps, Step{Move: Left, I: -1, J: j})
		}
		w.steps = steps
		return 0, steps, nil
	}
	total, err = w.fill(ctx, scores, n, m, nonNegative)
	if err != nil {
		return 0, nil, err
	}
	steps = w.traceback(steps, n, m)
	w.steps = steps
	return total, steps, nil
}

func (w *Workspace) grow(n, m int) {
	if cap(w.cells) < n*m {
		w.cells = make([]uint8, n*m)
	}
	if cap(w.prev) < m+1 {
		w.prev = make([]uint64, m+1)
		w.cur = make([]uint64, m+1)
	}
	if cap(w.steps) < n+m {
		w.steps = make([]Step, 0, n+m)
	}
}

// fill computes the cell types and returns dp[n][m], keeping only two rows
// of dp values (stored as their bit patterns so that both row kernels can
// share the buffers). nonNegative selects the branch-free kernel, valid when
// no score is negative. It returns ctx.Err() if ctx is done before a row.
func (w *Workspace) fill(ctx context.Context, scores []float64, n, m int, nonNegative bool) (float64, error) {
	done := ctx.Done()
	prev := w.prev[:m+1]
	cur := w.cur[:m+1]
	clear(prev) // dp[0][*] = 0
	for i := 1; i <= n; i++ {
		if done != nil {
			select {
			case <-done:
				return 0, ctx.Err()
			default:
			}
		}
		row := scores[(i-1)*m : i*m]
		crow := w.cells[(i-1)*m : i*m]
		if nonNegative {
			fillRowNonNegative(prev, cur, row, crow)
		} else {
			fillRow(prev, cur, row, crow)
		}
		prev, cur = cur, prev
	}
	return math.Float64frombits(prev[m]), nil
}

// fillRow computes dp row i (cur) and its cell types (crow) from row i-1
// (prev) and the scores of gold element i-1 (row), for any finite scores.
//
// The preference test compares the three candidates instead of comparing
// their maximum with each: since no value is NaN (scores are finite and
// sums of finite values with non-negative dp values cannot give inf - inf),
// "max(diag, up, left) == diag" holds exactly when diag >= up and
// diag >= left, and, failing that, "max == up" exactly when up >= left. The
// value stored is the maximum, bit for bit what Python's max returns: the
// only equal-but-different floats are ±0, and dp values are never -0
// (dp >= +0 because dp[i][0] = +0 and dp[i][j] >= dp[i][j-1]; diag = dp + s
// is -0 only when both are -0).
func fillRow(prev, cur []uint64, row []float64, crow []uint8) {
	prev = prev[:len(row)+1]
	cur = cur[:len(row)+1]
	crow = crow[:len(row)]
	cur[0] = 0
	left := 0.0 // dp[i][j-1]
	for j, s := range row {
		diag := math.Float64frombits(prev[j]) + s
		up := math.Float64frombits(prev[j+1])
		switch {
		case diag >= up && diag >= left:
			left = diag
			crow[j] = cellDiag
		case up >= left:
			left = up
			crow[j] = cellUp
		default:
			crow[j] = cellLeft
		}
		cur[j+1] = math.Float64bits(left)
	}
}

// cellOf maps (diag < up or diag < left)<<1 | (up < left) to the cell type.
var cellOf = [4]uint8{cellDiag, cellDiag, cellUp, cellLeft}

// fillRowNonNegative is fillRow for rows of non-negative scores, written
// without data-dependent branches (about 3× faster on random scores, where
// the cell type is unpredictable). With non-negative scores diag, up and left
// are all non-negative floats (+0 included, -0 excluded as argued at fillRow;
// +Inf possible after overflow, NaN not), and for those the IEEE-754 bit
// patterns compare as unsigned integers exactly as the floats compare. So the
// three comparisons become borrows of integer subtractions, the cell type a
// table lookup, and max(diag, up, left) an integer max (conditional moves).
// diag itself is still the float addition dp[i-1][j-1] + s.
func fillRowNonNegative(prev, cur []uint64, row []float64, crow []uint8) {
	prev = prev[:len(row)+1]
	cur = cur[:len(row)+1]
	crow = crow[:len(row)]
	cur[0] = 0
	var left uint64 // dp[i][j-1]
	for j, s := range row {
		diag := math.Float64bits(math.Float64frombits(prev[j]) + s)
		up := prev[j+1]
		_, diagLtUp := bits.Sub64(diag, up, 0)
		_, diagLtLeft := bits.Sub64(diag, left, 0)
		_, upLtLeft := bits.Sub64(up, left, 0)
		crow[j] = cellOf[((diagLtUp|diagLtLeft)<<1|upLtLeft)&3]
		left = max(left, up, diag)
		cur[j+1] = left
	}
}

// traceback walks the cell types from (n, m) as docs/SCORING.md §5.3 does, collecting
// steps in reverse, then reverses them.
func (w *Workspace) traceback(steps []Step, n, m int) []Step {
	cells := w.cells[:n*m]
	i, j := n, m
	for i > 0 && j > 0 {
		switch cells[(i-1)*m+(j-1)] {
		case cellDiag:
			steps = append(steps, Step{Move: Diag, I: i - 1, J: j - 1, CellDiag: true})
			i--
			j--
		case cellUp:
			steps = append(steps, Step{Move: Up, I: i - 1, J: j - 1})
			i--
		default:
			steps = append(steps, Step{Move: Left, I: i - 1, J: j - 1})
			j--
		}
	}
	for ; i > 0; i-- {
		steps = append(steps, Step{Move: Up, I: i - 1, J: 0, CellDiag: cells[(i-1)*m] == cellDiag})
	}
	for ; j > 0; j-- {
		steps = append(steps, Step{Move: Left, I: 0, J: j - 1, CellDiag: cells[j-1] == cellDiag})
	}
	for a, b := 0, len(steps)-1; a < b; a, b = a+1, b-1 {
		steps[a], steps[b] = steps[b], steps[a]
	}
	return steps
}
