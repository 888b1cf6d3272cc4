package bijsearch

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
)

func TestBudget(t *testing.T) {
	for _, c := range []struct{ records, want int }{
		{0, 0}, {1, MaxEvaluations}, {6, MaxEvaluations}, {32, MaxEvaluations}, {33, 30}, {60, 9}, {181, 1}, {182, 0}, {500, 0},
	} {
		if got := Budget(c.records); got != c.want {
			t.Errorf("Budget(%d) = %d, want %d", c.records, got, c.want)
		}
	}
}

// pairScore is a toy objective: the sum of a weight per real (row, column)
// pair (padding pairs count nothing, as in a bijection) plus a bonus when
// rows 0 and 1 go to columns 1 and 0.
func pairScore(w []float64, n, m int, assign []int) float64 {
	d := max(n, m)
	s := 0.0
	for r, c := range assign {
		if r < n && c < m {
			s += w[r*d+c]
		}
	}
	if n > 1 && m > 1 && assign[0] == 1 && assign[1] == 0 {
		s += 0.5
	}
	return s
}

// TestTwinsSwapped is the case of docs/SCORING.md §7.12: two records the
// matrix cannot tell apart, paired the wrong way round by position.
func TestTwinsSwapped(t *testing.T) {
	S := []float64{1, 1, 0, 1, 1, 0, 0, 0, 1}
	assign := []int{0, 1, 2}
	installed := slices.Clone(assign)
	score := func() (float64, error) {
		if installed[0] == 1 && installed[1] == 0 {
			return 1, nil
		}
		return 0.5, nil
	}
	s := Search{Budget: 10}
	if err := s.Improve(context.Background(), S, 3, 3, assign, func(a []int) { copy(installed, a) }, score); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(assign, []int{1, 0, 2}) || !slices.Equal(installed, assign) {
		t.Errorf("assignment %v (installed %v), want [1 0 2]", assign, installed)
	}
	// Exhaustive (d = 3): the identity and the swap are the only tied
	// permutations: one evaluation of the start, one of the swap.
	if s.Evaluations != 2 || s.Improvements != 1 {
		t.Errorf("%d evaluations, %d improvements, want 2 and 1", s.Evaluations, s.Improvements)
	}
}

// TestNoTiesNoEvaluation checks that a matrix with a unique optimum costs
// nothing.
func TestNoTiesNoEvaluation(t *testing.T) {
	S := []float64{1, 0.5, 0.25, 1}
	assign := []int{0, 1}
	s := Search{Budget: 10}
	err := s.Improve(context.Background(), S, 2, 2, assign, func([]int) { t.Error("apply called") }, func() (float64, error) {
		t.Error("score called")
		return 0, nil
	})
	if err != nil || s.Evaluations != 0 {
		t.Errorf("err %v, %d evaluations", err, s.Evaluations)
	}
}

// TestErrorEndsSearch checks that an error of the score (a done context)
// is returned and leaves a consistent assignment installed.
func TestErrorEndsSearch(t *testing.T) {
	d := 6
	S := make([]float64, d*d) // all tied
	assign := []int{0, 1, 2, 3, 4, 5}
	installed := slices.Clone(assign)
	calls := 0
	stop := errors.New("stop")
	s := Search{Budget: 100}
	err := s.Improve(context.Background(), S, d, d, assign, func(a []int) { copy(installed, a) }, func() (float64, error) {
		calls++
		if calls == 3 {
			return 0, stop
		}
		return float64(calls), nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("err %v, want stop", err)
	}
	if !slices.Equal(installed, assign) {
		t.Errorf("installed %v, assignment %v", installed, assign)
	}
}

// TestPropertySearch checks the guarantees of the package doc on random
// tie-heavy matrices and objectives: the final score is never below the
// start's; the final assignment keeps the matrix total; the search spends
// at most its budget; it is deterministic; with d ≤ ExhaustiveSize and
// enough budget it finds the best tied assignment (brute force).
func TestPropertySearch(t *testing.T) {
	p := proptest.Parameters(t)
	p.MinSuccessfulTests = longtest.Count(200, 2000, 20000)
	p.MaxShrinkCount = 0
	props := gopter.NewProperties(p)
	props.Property("search guarantees", prop.ForAll(
		func(seed uint64, n, m, budget int) string {
			r := rand.New(rand.NewPCG(seed, 7))
			d := max(n, m)
			S := make([]float64, n*m)
			levels := []float64{0, 0.5, 1}
			for i := range S {
				S[i] = levels[r.IntN(len(levels))]
			}
			w := make([]float64, d*d)
			for i := range w {
				w[i] = float64(r.IntN(4)) / 4
			}
			start := optimal(S, n, m, r)
			run := func() ([]int, float64, Search) {
				assign := slices.Clone(start)
				installed := slices.Clone(assign)
				s := Search{Budget: budget}
				_ = s.Improve(context.Background(), S, n, m, assign, func(a []int) { copy(installed, a) }, func() (float64, error) {
					return pairScore(w, n, m, installed), nil
				})
				if !slices.Equal(installed, assign) && s.Evaluations > 0 {
					return nil, 0, s
				}
				return assign, pairScore(w, n, m, assign), s
			}
			a1, v1, s1 := run()
			if a1 == nil {
				return "the installed assignment is not the result"
			}
			a2, _, _ := run()
			if !slices.Equal(a1, a2) {
				return fmt.Sprintf("not deterministic: %v then %v", a1, a2)
			}
			v0 := pairScore(w, n, m, start)
			if v1 < v0 {
				return fmt.Sprintf("score fell from %v to %v", v0, v1)
			}
			if math.Abs(total(S, n, m, a1)-total(S, n, m, start)) > 1e-9 {
				return fmt.Sprintf("matrix total moved from %v to %v", total(S, n, m, start), total(S, n, m, a1))
			}
			if s1.Evaluations > budget {
				return fmt.Sprintf("%d evaluations over a budget of %d", s1.Evaluations, budget)
			}
			if d <= ExhaustiveSize && budget >= 25 {
				best := v0
				perm := make([]int, d)
				for i := range perm {
					perm[i] = i
				}
				for {
					if math.Abs(total(S, n, m, perm)-total(S, n, m, start)) <= 1e-9 {
						best = max(best, pairScore(w, n, m, perm))
					}
					if !nextPermutation(perm) {
						break
					}
				}
				if v1 < best {
					return fmt.Sprintf("exhaustive search found %v, brute force %v (S %v, start %v)", v1, best, S, start)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 7), gen.IntRange(1, 7), gen.IntRange(0, 40),
	))
	props.TestingRun(t)
}

func total(S []float64, n, m int, assign []int) float64 {
	t := 0.0
	for r, c := range assign {
		t += cell(S, n, m, r, c)
	}
	return t
}

// optimal returns an optimal assignment of the padded matrix by brute
// force over random restarts of a greedy improvement (small d only).
func optimal(S []float64, n, m int, r *rand.Rand) []int {
	d := max(n, m)
	perm := make([]int, d)
	for i := range perm {
		perm[i] = i
	}
	var best []int
	bestT := math.Inf(-1)
	for {
		if t := total(S, n, m, perm); t > bestT+1e-12 {
			best, bestT = slices.Clone(perm), t
		}
		if !nextPermutation(perm) {
			break
		}
	}
	_ = r
	return best
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

// TestTiedIterMatchesScan checks the pruned enumeration of tied
// permutations against the scan of all d! permutations it replaces: the
// same permutations (canonical in their padding, total within 1e-9 of the
// assignment's, summed in row order) in the same, lexicographic order, on
// tie-heavy random matrices of every shape up to CountedSize, from optimal
// and from arbitrary assignments.
func TestTiedIterMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 8))
	levels := []float64{0, 0.25, 0.5, 0.5, 1, 1, 1.0 / 3, 0.1 + 0.2}
	cases := longtest.Count(300, 1500, 10000)
	for k := range cases {
		n, m := 1+r.IntN(CountedSize), 1+r.IntN(CountedSize)
		if k%7 == 0 {
			n, m = min(n, 4), min(m, 4)
		}
		d := max(n, m)
		S := make([]float64, n*m)
		for i := range S {
			S[i] = levels[r.IntN(len(levels))]
			if k%5 == 0 {
				S[i] += 1e-13 * float64(r.IntN(3)) // near ties within 1e-12
			}
		}
		assign := make([]int, d)
		for i := range assign {
			assign[i] = i
		}
		if k%3 != 0 {
			r.Shuffle(d, func(i, j int) { assign[i], assign[j] = assign[j], assign[i] })
		}
		tot := total(S, n, m, assign)
		var want [][]int
		perm := make([]int, d)
		for i := range perm {
			perm[i] = i
		}
		for {
			if canonicalPadding(perm, n, m) && math.Abs(total(S, n, m, perm)-tot) <= 1e-9 {
				want = append(want, slices.Clone(perm))
			}
			if !nextPermutation(perm) {
				break
			}
		}
		var it tiedIter
		got := [][]int{}
		out := make([]int, d)
		it.start(S, n, m, assign, out)
		for it.next() {
			got = append(got, slices.Clone(out))
		}
		if len(want) == 0 {
			want = [][]int{}
		}
		if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
			t.Fatalf("n=%d m=%d S=%v assign=%v:\n got %v\nwant %v", n, m, S, assign, got, want)
		}
	}
}

// referenceLocal is the local search scoring every tied swap it tries,
// as Search.local did before it stopped scoring the swaps of a sweep
// repeated from the sweep before; it returns the evaluations and
// improvements it spent.
func referenceLocal(S []float64, n, m int, assign []int, budget int, score func([]int) float64) (evals, improvements int) {
	d := len(assign)
	best := score(assign)
	budget--
	evals++
	for {
		improved := false
		for a := range d {
			for b := a + 1; b < d; b++ {
				if !tied(S, n, m, assign, a, b) {
					continue
				}
				if budget <= 0 {
					return evals, improvements
				}
				assign[a], assign[b] = assign[b], assign[a]
				budget--
				evals++
				if v := score(assign); v > best {
					best = v
					improvements++
					improved = true
					continue
				}
				assign[a], assign[b] = assign[b], assign[a]
			}
		}
		if !improved {
			return evals, improvements
		}
	}
}

// TestLocalReplay checks that the local search (d > CountedSize) reaches
// the assignment, the evaluations and the improvements of the search
// that scores every swap it tries, scoring only the evaluations it does
// not replay, and that it does replay some.
func TestLocalReplay(t *testing.T) {
	replayed := 0
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 11))
		n, m := 9+r.IntN(4), 9+r.IntN(4)
		d := max(n, m)
		S := make([]float64, n*m)
		for i := range S {
			S[i] = float64(r.IntN(2))
		}
		w := make([]float64, d*d)
		for i := range w {
			w[i] = float64(r.IntN(4)) / 4
		}
		start := r.Perm(d)
		budget := r.IntN(MaxEvaluations + 1)
		want := slices.Clone(start)
		evals, improvements := referenceLocal(S, n, m, want, budget, func(a []int) float64 { return pairScore(w, n, m, a) })
		if !hasTiedMove(S, n, m, start) || budget == 0 {
			continue
		}
		got := slices.Clone(start)
		installed := slices.Clone(got)
		calls := 0
		s := Search{Budget: budget}
		err := s.Improve(context.Background(), S, n, m, got, func(a []int) { copy(installed, a) }, func() (float64, error) {
			calls++
			return pairScore(w, n, m, installed), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) || s.Evaluations != evals || s.Improvements != improvements || s.Budget != budget-evals {
			t.Fatalf("seed %d: %v after %d evaluations, %d improvements; want %v, %d, %d", seed, got, s.Evaluations, s.Improvements, want, evals, improvements)
		}
		if calls != s.Evaluations-s.Replayed {
			t.Fatalf("seed %d: %d scores for %d evaluations, %d replayed", seed, calls, s.Evaluations, s.Replayed)
		}
		replayed += s.Replayed
	}
	if replayed == 0 {
		t.Error("no evaluation was replayed")
	}
}
