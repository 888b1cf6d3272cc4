// Package genrt is the schema-independent support of the scorers that
// oagen gen writes. A generated file holds what is specific to its schema —
// types, constants, field access and dispatch — and calls this package for
// everything else:
//
//   - the pooled per-call Workspace: buffers, the assignment solver of
//     docs/SCORING.md §5.8 and the order-preserving DP of docs/SCORING.md §5.3;
//   - the alignment skeletons, written once over callbacks that generated
//     code supplies: Object (key alignment, value weights and the object
//     score of docs/SCORING.md §6) and Array (tuple heads, the two tail regimes and
//     their combination, docs/SCORING.md §5);
//   - the primitive leaves (Str, Int, Float, Bool, Null, ID) and the match
//     tree of build mode (Res, Leaf);
//   - the referential pass of docs/SCORING.md §7: the per-scope state Scope, the
//     bijection derivation (Derive), reference leaves (Ref), WL label keys
//     and carrier endpoints;
//   - Generic, a scorer over JSON values driven by a table of schema nodes,
//     for the rare pairs whose Go types differ (fuzzy key alignment pairing
//     two properties of different struct or slice types);
//   - the validation checks of generated code (Check* and ValidationError);
//   - the resource-limit bound of the JSON entry points (WithinLimits) and
//     their skeleton (JSON).
//
// Nothing here depends on the interpreter, the validator or the schema model:
// a program that scores typed values links this package, package align, its
// kernels and package jsonval only.
//
// Generated code checks its contract with this package at compile time
// (GenVersion, MinVersion, MaxVersion, EnforceVersion).
//
// Score-only calls allocate nothing in steady state when the two values have
// the same present properties everywhere: buffers go back to the workspace
// and are reused by later calls. Build mode (repairs) and Generic allocate.
package genrt

import (
	"fmt"

	"github.com/objectaligner/oagen/align"
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
	objs []*Object // object alignments in progress, innermost last
	od   int

	// Err is the first internal error of the call (see Solve); the entry
	// points reset it before a call and report it after.
	Err error

	// Referential state of the call (docs/SCORING.md §7.4, §7.5): Cur is the index+1
	// of the scope whose bijection is being derived (0: none), MaskAll masks
	// every reference (a degraded scope is being derived), Deriving is set
	// during a derivation, and Kerr records a comparison of two values of
	// different kinds there, which makes the record cell 0 (docs/SCORING.md §1.4, §7.5).
	Cur                     int
	MaskAll, Deriving, Kerr bool
	// kerred records that a cell of the derivation in progress had Kerr
	// (its record matrix is not kept, Scope.Kept).
	kerred bool

	// BijSearch is the bijection search of the call (docs/SCORING.md
	// §7.12), kept here so that it does not allocate.
	BijSearch Search

	// The canonical tie rules (docs/SCORING.md §5.8): column order.
	canon align.Canon

	// The record kernel (kernel.go): the derived scopes by index, as
	// Derive registers them, and the kernel's per-matrix state.
	scopes []imager
	kernel recordKernel

	// The byte-coded link tables (coded.go) not in use.
	cm []*codedMatrix

	// The derivations' kept solves (solvekeep.go), nkept of them this call.
	kept  []keptSolve
	nkept int
}

// Reset prepares the workspace for a call.
func (w *Workspace) Reset() {
	w.Err = nil
	w.Cur, w.MaskAll, w.Deriving, w.Kerr, w.kerred = 0, false, false, false, false
	w.od = 0
	w.nkept = 0
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
	var out []int
	if k := len(w.il); k > 0 {
		out = w.il[k-1][:0]
		w.il = w.il[:k-1]
	}
	if asg := w.keptSolveOf(M, n, m); asg != nil {
		return append(out, asg...)
	}
	asg, err := w.hung.SolveMaxInPlace(M, n, m)
	if err != nil {
		w.Fail(err)
		for r := range max(n, m) {
			out = append(out, r)
		}
		return out
	}
	return append(out, asg...)
}

// SolveCanon is Solve with the rows of M in the order rows and its columns
// in the order cols (nil: as they are; align.Canon): the solver sees the
// permuted matrix, and the assignment returned is of M's own rows and
// columns (docs/SCORING.md §5.8).
func (w *Workspace) SolveCanon(M []float64, n, m int, rows, cols []int) []int {
	switch {
	case rows == nil && cols == nil:
		return w.Solve(M, n, m)
	case rows == nil:
		return w.solveColumns(M, n, m, cols)
	}
	P := w.Floats(n * m)
	align.PermuteMatrix(P, M, n, m, rows, cols)
	asg := w.Solve(P, n, m)
	w.Release(P)
	out := w.ints(len(asg))
	align.UnpermuteAssignment(out, asg, rows, cols)
	w.ReleaseInts(asg)
	return out
}

// solveColumns is SolveCanon with the columns of M in the order cols and
// its rows as they are (array tails): the solver reads the permuted matrix
// in M itself (hungarian.Solver.SolveMaxColumnsInPlace), and a kept solve
// of it (keptSolveOf) is found without forming it either.
func (w *Workspace) solveColumns(M []float64, n, m int, cols []int) []int {
	out := w.ints(0)[:0]
	if asg := w.keptSolveOfColumns(M, n, m, cols); asg != nil {
		out = append(out, asg...)
		align.UnpermuteAssignment(out, out, nil, cols)
		return out
	}
	asg, err := w.hung.SolveMaxColumnsInPlace(M, n, m, cols)
	if err != nil {
		w.Fail(err)
		for r := range max(n, m) {
			out = append(out, r)
		}
		align.UnpermuteAssignment(out, out, nil, cols)
		return out
	}
	return append(out, asg...)
}

// solveCoded is SolveCanon of the n×m matrix cm codes, with its columns
// in the order cols (nil: as they are) and its rows as they are: the
// solver reads the codes (hungarian.Solver.SolveMaxCodedColumns). The
// assignment is the one SolveCanon returns for the float matrix, which
// holds the same values: the solver computes the same, and a kept solve
// (keptSolveOf) is the solver's own assignment of its matrix, so it is
// not looked up.
func (w *Workspace) solveCoded(cm *codedMatrix, n, m int, cols []int) []int {
	out := w.ints(0)[:0]
	asg, err := w.hung.SolveMaxCodedColumns(cm.codes, &cm.vals, n, m, cols)
	if err != nil {
		w.Fail(err)
		for r := range max(n, m) {
			out = append(out, r)
		}
		align.UnpermuteAssignment(out, out, nil, cols)
		return out
	}
	return append(out, asg...)
}

// ints returns an assignment buffer of n ints (contents unspecified) that
// the caller owns until ReleaseInts.
func (w *Workspace) ints(n int) []int {
	if k := len(w.il); k > 0 {
		s := w.il[k-1]
		w.il = w.il[:k-1]
		if cap(s) >= n {
			return s[:n]
		}
	}
	return make([]int, n)
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
