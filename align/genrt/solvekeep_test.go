package genrt

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSolveKept checks the kept solves against the solver: a matrix equal
// to a kept one bit for bit gets the kept assignment, which is the
// solver's; a matrix that differs in one entry (by one ulp, or +0 against
// -0) or in shape is solved afresh; Reset forgets the kept solves; more
// solves than maxKeptSolves replace the oldest.
func TestSolveKept(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 23))
	var w Workspace
	var fresh Workspace
	for trial := range 20 {
		n, m := 64+r.IntN(40), 64+r.IntN(40)
		M := make([]float64, n*m)
		for k := range M {
			M[k] = float64(r.IntN(4)) / 4 // many ties
		}
		if trial%5 == 0 {
			w.Reset()
		}
		a := w.solveKept(M, n, m)
		want := fresh.Solve(M, n, m)
		if fmt.Sprint(a) != fmt.Sprint(want) {
			t.Fatalf("trial %d: solveKept %v, Solve %v", trial, a, want)
		}
		if got := w.keptSolveOf(M, n, m); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d: kept %v, want %v", trial, got, want)
		}
		if got := w.Solve(M, n, m); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d: Solve from the kept %v, want %v", trial, got, want)
		}
		k := r.IntN(n * m)
		D := append([]float64(nil), M...)
		if D[k] == 0 && trial%2 == 0 {
			D[k] = negZero() // equal to +0 under ==, not bit for bit
		} else {
			D[k] += 1e-16 + D[k]*1e-16
		}
		if w.keptSolveOf(D, n, m) != nil {
			t.Fatalf("trial %d: a matrix differing at entry %d was answered from the kept solve", trial, k)
		}
		if w.keptSolveOf(M[:n*(m-1)], n, m-1) != nil {
			t.Fatalf("trial %d: another shape was answered from the kept solve", trial)
		}
		if got, want := w.Solve(D, n, m), fresh.Solve(D, n, m); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d: Solve of the changed matrix %v, want %v", trial, got, want)
		}
	}
	if len(w.kept) != maxKeptSolves {
		t.Errorf("%d solves kept, want the bound %d", len(w.kept), maxKeptSolves)
	}
	w.Reset()
	if w.keptSolveOf(w.kept[0].M, w.kept[0].n, w.kept[0].m) != nil {
		t.Error("Reset kept the solves")
	}
	small := []float64{1, 0, 0, 1}
	w.solveKept(small, 2, 2)
	if w.nkept != 0 {
		t.Error("a 2 × 2 solve was kept")
	}
}

// negZero returns -0.
func negZero() float64 {
	z := 0.0
	return -z
}
