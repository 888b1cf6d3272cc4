package hungarian

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSolveMaxInPlace checks SolveMaxInPlace and SolveMaxBudgetInPlace
// against the copying solver on tie-heavy and continuous matrices (with
// zeros of both signs): the same assignment, the same count of
// relaxations, the same budget error, and the matrix holds its bits after
// every call, a stopped one included.
func TestSolveMaxInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 29))
	var s, ref Solver
	negZero := math.Copysign(0, -1)
	for i := range 600 {
		n, m := r.IntN(14), r.IntN(14)
		var levels []float64
		if i%2 == 0 {
			levels = []float64{0, negZero, 0.5, 1, 1.5}[:1+r.IntN(5)]
		}
		M := randomMatrix(r, n, m, levels)
		before := slices.Clone(M)
		want, wantRelaxed, err := ref.SolveMaxBudget(context.Background(), M, n, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		want = slices.Clone(want)
		got, relaxed, err := s.SolveMaxBudgetInPlace(context.Background(), M, n, m, 0)
		if err != nil || relaxed != wantRelaxed || !slices.Equal(got, want) {
			t.Fatalf("%d×%d: in place %v, %d relaxations, %v; want %v, %d", n, m, got, relaxed, err, want, wantRelaxed)
		}
		if !SameBits(M, before) {
			t.Fatalf("%d×%d: the matrix changed: %v, was %v", n, m, M, before)
		}
		if wantRelaxed > 1 {
			if _, _, err := s.SolveMaxBudgetInPlace(context.Background(), M, n, m, wantRelaxed-1); !errors.Is(err, ErrBudget) {
				t.Fatalf("%d×%d: budget %d: err %v, want ErrBudget", n, m, wantRelaxed-1, err)
			}
			if !SameBits(M, before) {
				t.Fatalf("%d×%d: the matrix changed after a stopped solve", n, m)
			}
		}
		if got, err := s.SolveMaxInPlace(M, n, m); err != nil || !slices.Equal(got, want) {
			t.Fatalf("%d×%d: SolveMaxInPlace %v, %v; want %v", n, m, got, err, want)
		}
		if s.Cells() != 0 {
			t.Fatalf("the in-place solver kept a matrix of %d cells", s.Cells())
		}
	}
}

// TestSolveMaxInPlaceStopped checks that a cancelled context and a bad
// entry leave the matrix as it was.
func TestSolveMaxInPlaceStopped(t *testing.T) {
	var s Solver
	M := []float64{1, 0.5, 0, 0.25, 1, 0.75}
	before := slices.Clone(M)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := s.SolveMaxBudgetInPlace(ctx, M, 2, 3, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: err %v, want context.Canceled", err)
	}
	if !SameBits(M, before) {
		t.Fatalf("cancelled: the matrix is %v, was %v", M, before)
	}
	M[4] = math.NaN()
	before = slices.Clone(M)
	if _, err := s.SolveMaxInPlace(M, 2, 3); err == nil {
		t.Fatal("NaN entry: no error")
	}
	if !SameBits(M, before) {
		t.Fatalf("NaN entry: the matrix is %v, was %v", M, before)
	}
}

// TestSolveMaxColumnsInPlace checks SolveMaxColumnsInPlace against SolveMax
// of the matrix with its columns permuted, on tie-heavy and continuous
// matrices of every shape: the assignment is the permuted matrix's, ties
// included (so the column order decides among equal optima exactly as a
// permuted copy would), read back into the matrix's own columns, and the
// matrix is not written.
func TestSolveMaxColumnsInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 23))
	var s, ref Solver
	negZero := math.Copysign(0, -1)
	for i := range 800 {
		n, m := r.IntN(14), r.IntN(14)
		var levels []float64
		if i%4 != 3 {
			levels = []float64{0, negZero, 0.5, 1, 1.5}[:1+r.IntN(5)]
		}
		M := randomMatrix(r, n, m, levels)
		before := slices.Clone(M)
		order := r.Perm(m)
		P := make([]float64, n*m)
		for row := range n {
			for c, j := range order {
				P[row*m+c] = M[row*m+j]
			}
		}
		asg, err := ref.SolveMax(P, n, m)
		if err != nil {
			t.Fatal(err)
		}
		want := slices.Clone(asg)
		for row, c := range want {
			if c < m {
				want[row] = order[c]
			}
		}
		got, err := s.SolveMaxColumnsInPlace(M, n, m, order)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%d×%d, order %v: %v, %v; want %v", n, m, order, got, err, want)
		}
		if !SameBits(M, before) {
			t.Fatalf("%d×%d: the matrix changed: %v, was %v", n, m, M, before)
		}
	}
}

// TestSolveMaxColumnsInPlaceBadOrder checks that an order that is not a
// permutation of the columns is an error.
func TestSolveMaxColumnsInPlaceBadOrder(t *testing.T) {
	var s Solver
	M := []float64{1, 0.5, 0, 0.25, 1, 0.75}
	for _, order := range [][]int{nil, {0, 1}, {0, 1, 1}, {0, 1, 3}, {2, -1, 0}, {0, 1, 2, 3}} {
		if _, err := s.SolveMaxColumnsInPlace(M, 2, 3, order); err == nil {
			t.Errorf("order %v: no error", order)
		}
	}
	if got, err := s.SolveMaxColumnsInPlace(M, 2, 3, []int{2, 0, 1}); err != nil || len(got) != 3 {
		t.Errorf("order [2 0 1]: %v, %v", got, err)
	}
}

// TestSolveMaxCodedColumns checks SolveMaxCodedColumns against
// SolveMaxColumnsInPlace of the decoded matrix, on tie-heavy matrices of
// few values (zeros of both signs included) and every shape, with and
// without a column order: the same assignment, and neither codes nor
// values written.
func TestSolveMaxCodedColumns(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 31))
	var s, ref Solver
	negZero := math.Copysign(0, -1)
	for i := range 800 {
		n, m := r.IntN(14), r.IntN(14)
		var values [256]float64
		levels := []float64{0, negZero, 0.5, 1, 1.5, 0.25, 0.75}[:1+r.IntN(7)]
		if i%5 == 4 {
			for k := range levels {
				levels[k] = r.Float64()
			}
		}
		// The codes are spread over the byte's range so that a code
		// read as its position in levels fails.
		base := r.IntN(256 - len(levels) + 1)
		copy(values[base:], levels)
		codes := make([]uint8, n*m)
		M := make([]float64, n*m)
		for k := range codes {
			x := r.IntN(len(levels))
			codes[k] = uint8(base + x)
			M[k] = levels[x]
		}
		var order []int
		if i%3 != 0 {
			order = r.Perm(m)
		}
		var want []int
		var err error
		if order == nil {
			want, err = ref.SolveMaxInPlace(M, n, m)
		} else {
			want, err = ref.SolveMaxColumnsInPlace(M, n, m, order)
		}
		if err != nil {
			t.Fatal(err)
		}
		want = slices.Clone(want)
		beforeCodes, beforeValues := slices.Clone(codes), values
		got, err := s.SolveMaxCodedColumns(codes, &values, n, m, order)
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%d×%d, levels %v, order %v: %v, %v; want %v", n, m, levels, order, got, err, want)
		}
		if !slices.Equal(codes, beforeCodes) || values != beforeValues {
			t.Fatalf("%d×%d: the codes or values changed", n, m)
		}
		// The same solver then solves a float matrix as before.
		if got, err := s.SolveMaxInPlace(M, n, m); err != nil || (order == nil && !slices.Equal(got, want)) {
			t.Fatalf("%d×%d: SolveMaxInPlace after a coded solve: %v, %v", n, m, got, err)
		}
	}
}

// TestSolveMaxCodedColumnsErrors checks the errors of SolveMaxCodedColumns:
// a value that is not finite (whether a code names it or not), dimensions
// that do not match the codes, and an order that is not a permutation.
func TestSolveMaxCodedColumnsErrors(t *testing.T) {
	var s Solver
	var values [256]float64
	values[1] = 1
	codes := []uint8{1, 0, 0, 0, 1, 1}
	if got, err := s.SolveMaxCodedColumns(codes, &values, 2, 3, nil); err != nil || !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("valid: %v, %v", got, err)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		v := values
		v[200] = bad
		if _, err := s.SolveMaxCodedColumns(codes, &v, 2, 3, nil); err == nil {
			t.Errorf("value %v: no error", bad)
		}
	}
	if _, err := s.SolveMaxCodedColumns(codes, &values, 3, 3, nil); err == nil {
		t.Error("3×3 of 6 codes: no error")
	}
	if _, err := s.SolveMaxCodedColumns(codes, &values, 2, 3, []int{0, 0, 1}); err == nil {
		t.Error("order [0 0 1]: no error")
	}
}

// TestAllFinite checks allFinite on every length up to 9 with one entry
// NaN or infinite at each position, and on finite entries of every
// magnitude.
func TestAllFinite(t *testing.T) {
	finite := []float64{0, math.Copysign(0, -1), 1, -1, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 0.5}
	for n := range 10 {
		m := make([]float64, n)
		for k := range m {
			m[k] = finite[k%len(finite)]
		}
		if !allFinite(m) {
			t.Fatalf("%v: not finite", m)
		}
		for k := range n {
			for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
				x := slices.Clone(m)
				x[k] = bad
				if allFinite(x) {
					t.Fatalf("%v: finite", x)
				}
			}
		}
	}
}
