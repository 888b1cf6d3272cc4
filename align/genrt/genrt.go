// Package genrt is the schema-independent support of the scorers that
// oagen gen writes: the pooled per-call workspace (buffers, the assignment
// solver and the alignment DP), the construction of match trees in build
// mode (Res, Entry, Leaf, EmptyObject, UniformAlphas, FinishList,
// FinishCombined), the resource-limit pre-check of the JSON entry points
// (WithinLimits), and the WL label keys and carrier endpoints
// (AppendLabelItem, Endpoint). Generated code imports it so that every
// generated file holds only what is specific to its schema; other code has
// no reason to use it. Changing what generated code calls here changes the
// runtime contract (runtime.GenVersion).
//
// The score-only path allocates nothing in steady state: buffers are
// returned to the workspace by the Release methods and reused by later
// calls, and WithinLimits and the label-key appenders do not allocate. The
// match-tree builders allocate; they run only when repairs are requested.
package genrt

import (
	"fmt"

	"github.com/objectaligner/oagen/align/hungarian"
	"github.com/objectaligner/oagen/align/seqdp"
)

// Workspace is the schema-independent part of a generated scorer's pooled
// per-call context. The zero value is ready to use; a Workspace must not be
// used by two calls at once.
type Workspace struct {
	hung hungarian.Solver
	dp   seqdp.Workspace
	fl   [][]float64
	il   [][]int
	sl   [][]seqdp.Step
	// Err is the first internal error of the call (see Solve); the entry
	// points reset it before a call and report it after.
	Err error
}

// Floats returns a buffer of n float64s (contents unspecified) that the
// caller owns until Release.
func (w *Workspace) Floats(n int) []float64 {
	if k := len(w.fl); k > 0 {
		s := w.fl[k-1]
		w.fl = w.fl[:k-1]
		if cap(s) >= n {
			return s[:n]
		}
	}
	return make([]float64, n, max(n, 16))
}

// Release returns a buffer of Floats to the workspace.
func (w *Workspace) Release(s []float64) { w.fl = append(w.fl, s) }

// ReleaseInts returns an assignment of Solve to the workspace.
func (w *Workspace) ReleaseInts(s []int) { w.il = append(w.il, s) }

// ReleaseSteps returns the steps of Align to the workspace.
func (w *Workspace) ReleaseSteps(s []seqdp.Step) { w.sl = append(w.sl, s) }

// Solve runs the maximum-weight assignment of docs/SCORING.md §5.8 on the n×m matrix M
// and returns a copy of the assignment (row r → column, max(n, m) rows)
// that the caller owns until ReleaseInts.
//
// The solver fails only on inconsistent dimensions or non-finite entries,
// and every matrix generated code builds is n×m with entries in [0, 2]
// (similarities, clamped scores, plus the WL tie-break bonus below one
// gap), so it cannot fail. Should it ever, the error is recorded in Err
// (ScoreT then returns 0, the other entry points return the error) and the
// identity assignment lets the call finish instead of crashing the service.
func (w *Workspace) Solve(M []float64, n, m int) []int {
	asg, err := w.hung.SolveMax(M, n, m)
	var out []int
	if k := len(w.il); k > 0 {
		out = w.il[k-1][:0]
		w.il = w.il[:k-1]
	}
	if err != nil {
		w.Fail(err)
		for r := range max(n, m) {
			out = append(out, r)
		}
		return out
	}
	return append(out, asg...)
}

// Align runs the order-preserving DP of docs/SCORING.md §5.3 on the n×m matrix M and
// returns its total and a copy of the steps that the caller owns until
// ReleaseSteps. Like Solve, it cannot fail on the matrices generated code
// builds (entries in [0, 1]); an error is recorded in Err and the alignment
// continues with no steps.
func (w *Workspace) Align(M []float64, n, m int) (float64, []seqdp.Step) {
	total, steps, err := w.dp.Align(M, n, m)
	var out []seqdp.Step
	if k := len(w.sl); k > 0 {
		out = w.sl[k-1][:0]
		w.sl = w.sl[:k-1]
	}
	if err != nil {
		w.Fail(err)
		return 0, out
	}
	return total, append(out, steps...)
}

// Fail records the first internal error of the call in Err.
func (w *Workspace) Fail(err error) {
	if w.Err == nil {
		w.Err = fmt.Errorf("oagen: internal error (please report it): %w", err)
	}
}

// Deref returns *p, or the zero value when p is nil.
func Deref[V any](p *V) V {
	if p == nil {
		var z V
		return z
	}
	return *p
}
