package genrt

import (
	"errors"
	"slices"
	"testing"
)

func TestSolveAndRelease(t *testing.T) {
	var w Workspace
	M := w.Floats(4)
	copy(M, []float64{0.1, 0.9, 0.8, 0.2}) // 2×2: the anti-diagonal wins
	asg := w.Solve(M, 2, 2)
	if !slices.Equal(asg, []int{1, 0}) {
		t.Fatalf("Solve = %v, want [1 0]", asg)
	}
	w.ReleaseInts(asg)
	w.Release(M)
	if w.Err != nil {
		t.Fatal(w.Err)
	}
	if n := testing.AllocsPerRun(100, func() {
		M := w.Floats(4)
		copy(M, []float64{0.1, 0.9, 0.8, 0.2})
		asg := w.Solve(M, 2, 2)
		w.ReleaseInts(asg)
		w.Release(M)
	}); n != 0 {
		t.Errorf("steady state allocates %v times", n)
	}
}

func TestSolveFailureIsRecorded(t *testing.T) {
	var w Workspace
	asg := w.Solve([]float64{1}, 2, 2) // inconsistent dimensions
	if !slices.Equal(asg, []int{0, 1}) || w.Err == nil {
		t.Fatalf("Solve = %v, Err = %v; want the identity and an error", asg, w.Err)
	}
	first := w.Err
	w.Fail(errors.New("second"))
	if w.Err != first {
		t.Error("Fail replaced the first error")
	}
}

func TestAlign(t *testing.T) {
	var w Workspace
	total, steps := w.Align([]float64{1, 0, 0, 1}, 2, 2)
	if total != 2 || len(steps) != 2 || w.Err != nil {
		t.Fatalf("Align = %v, %v, %v", total, steps, w.Err)
	}
	w.ReleaseSteps(steps)
}

func TestDeref(t *testing.T) {
	x := 3
	if Deref(&x) != 3 || Deref[int](nil) != 0 {
		t.Error("Deref")
	}
}
