package hungarian

import (
	"compress/gzip"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
)

// tieLevels are the entries of tie-heavy matrices (docs/SCORING.md §5.8 suggests them).
var tieLevels = []float64{0, 0.25, 0.5, 1}

func toRows(flat []float64, n, m int) [][]float64 {
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = flat[i*m : i*m+m]
	}
	return rows
}

func solveMax(t testing.TB, s *Solver, flat []float64, n, m int) []int {
	t.Helper()
	got, err := s.SolveMax(flat, n, m)
	if err != nil {
		t.Fatalf("SolveMax(%d×%d): %v", n, m, err)
	}
	return slices.Clone(got)
}

// paddedSum is the objective of an assignment of the zero-padded matrix.
func paddedSum(flat []float64, n, m int, rowToCol []int) float64 {
	sum := 0.0
	for r, c := range rowToCol {
		if r < n && c < m {
			sum += flat[r*m+c]
		}
	}
	return sum
}

// bruteMax is the maximum objective over all permutations of the padded
// d×d problem, each summed in row order like paddedSum.
func bruteMax(flat []float64, n, m int) float64 {
	d := max(n, m)
	perm := make([]int, d)
	for k := range perm {
		perm[k] = k
	}
	best := math.Inf(-1)
	var rec func(k int)
	rec = func(k int) {
		if k == d {
			best = max(best, paddedSum(flat, n, m, perm))
			return
		}
		for x := k; x < d; x++ {
			perm[k], perm[x] = perm[x], perm[k]
			rec(k + 1)
			perm[k], perm[x] = perm[x], perm[k]
		}
	}
	rec(0)
	return best
}

func isPermutation(p []int) bool {
	seen := make([]bool, len(p))
	for _, c := range p {
		if c < 0 || c >= len(p) || seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

func TestOptimalityAgainstBruteForce(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(5)
	params.MinSuccessfulTests = longtest.Count(300, 3000, 12000)
	properties := gopter.NewProperties(params)
	var s Solver
	level := gen.IntRange(0, len(tieLevels)-1).Map(func(k int) float64 { return tieLevels[k] })

	properties.Property("tie-heavy: sum equals the brute-force maximum", prop.ForAll(
		func(n, m int, entries []float64) bool {
			flat := entries[:n*m]
			got, err := s.SolveMax(flat, n, m)
			if err != nil || len(got) != max(n, m) || !isPermutation(got) {
				return false
			}
			// Entries are dyadic, so every sum is exact and must match exactly.
			return paddedSum(flat, n, m, got) == bruteMax(flat, n, m)
		},
		gen.IntRange(0, 6), gen.IntRange(0, 6), gen.SliceOfN(36, level),
	))
	properties.Property("continuous: sum equals the brute-force maximum", prop.ForAll(
		func(n, m int, entries []float64) bool {
			flat := entries[:n*m]
			got, err := s.SolveMax(flat, n, m)
			if err != nil || len(got) != max(n, m) || !isPermutation(got) {
				return false
			}
			return math.Abs(paddedSum(flat, n, m, got)-bruteMax(flat, n, m)) <= 1e-12
		},
		gen.IntRange(1, 6), gen.IntRange(1, 6), gen.SliceOfN(36, gen.Float64Range(0, 1)),
	))
	properties.TestingRun(t)
}

func randomMatrix(rng *rand.Rand, n, m int, levels []float64) []float64 {
	flat := make([]float64, n*m)
	for k := range flat {
		if levels == nil {
			flat[k] = rng.Float64()
		} else {
			flat[k] = levels[rng.IntN(len(levels))]
		}
	}
	return flat
}

// TestMatchesLiteralTranscription checks the tie-breaking: the optimised
// solver must pick exactly the assignment of the plain transcription of
// docs/SCORING.md §5.8 on tie-heavy matrices, where many optima exist.
func TestMatchesLiteralTranscription(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s Solver
	check := func(n, m int, levels []float64) {
		t.Helper()
		flat := randomMatrix(rng, n, m, levels)
		got := solveMax(t, &s, flat, n, m)
		want := literalLSAPMax(toRows(flat, n, m), n, m)
		if !slices.Equal(got, want) {
			t.Fatalf("%d×%d %v: got %v, literal transcription %v", n, m, flat, got, want)
		}
	}
	for range 6000 {
		check(1+rng.IntN(12), 1+rng.IntN(12), tieLevels)
	}
	for range 1000 {
		check(1+rng.IntN(12), 1+rng.IntN(12), []float64{0, 1})
	}
	for range 300 {
		check(1+rng.IntN(12), 1+rng.IntN(12), nil)
	}
	for range 40 {
		check(50, 50, tieLevels)
	}
	for range 10 {
		check(35+rng.IntN(30), 35+rng.IntN(30), tieLevels)
		check(50, 50, nil)
	}
}

func TestSolveMinMatchesLiteral(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s Solver
	for range 2000 {
		n, m := 1+rng.IntN(10), 1+rng.IntN(10)
		flat := randomMatrix(rng, n, m, []float64{-1, 0, 0.5, 2})
		got, err := s.SolveMin(flat, n, m)
		if err != nil {
			t.Fatal(err)
		}
		d := max(n, m)
		C := make([][]float64, d)
		for i := range C {
			C[i] = make([]float64, d)
			if i < n {
				copy(C[i], flat[i*m:i*m+m])
			}
		}
		if want := literalLSAPMin(C, d); !slices.Equal(got, want) {
			t.Fatalf("%d×%d %v: got %v, literal %v", n, m, flat, got, want)
		}
	}
}

type goldenCase struct {
	N    int       `json:"n"`
	M    int       `json:"m"`
	Flat []float64 `json:"M"`
	Want []int     `json:"want"`
}

// TestSciPyGolden compares both the solver and the literal transcription
// with SciPy's linear_sum_assignment (the oracle docs/SCORING.md §5.8 names), recorded
// by testdata/gen_scipy_golden.py.
func TestSciPyGolden(t *testing.T) {
	f, err := os.Open("testdata/scipy_golden.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var cases []goldenCase
	if err := json.NewDecoder(zr).Decode(&cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 600 {
		t.Fatalf("only %d golden cases", len(cases))
	}
	var s Solver
	for k, c := range cases {
		got := solveMax(t, &s, c.Flat, c.N, c.M)
		if !slices.Equal(got, c.Want) {
			t.Errorf("case %d (%d×%d): got %v, SciPy %v", k, c.N, c.M, got, c.Want)
		}
		if lit := literalLSAPMax(toRows(c.Flat, c.N, c.M), c.N, c.M); !slices.Equal(lit, c.Want) {
			t.Errorf("case %d (%d×%d): literal transcription %v, SciPy %v", k, c.N, c.M, lit, c.Want)
		}
	}
}

func TestConstantMatrixGivesIdentity(t *testing.T) {
	var s Solver
	for _, d := range []int{1, 2, 3, 7, 20, 64} {
		for _, x := range []float64{0, 0.5, 1, -3} {
			flat := make([]float64, d*d)
			for k := range flat {
				flat[k] = x
			}
			got := solveMax(t, &s, flat, d, d)
			for r, c := range got {
				if r != c {
					t.Fatalf("d=%d, constant %v: got %v, want identity", d, x, got)
				}
			}
		}
	}
}

// TestOrgChart is the identifier-scope assignment of docs/SCORING.md §11.2.
func TestOrgChart(t *testing.T) {
	// Rows gold ids 1..6, columns candidate ids 90..94 (a 6×5 matrix; the
	// solver pads the sixth column).
	base := []float64{
		0.25, 1.0, 0.25, 0.25, 0.25,
		0.5, 0.25, 0.5, 0.5, 1.0,
		0.5, 0.25, 0.5, 1.0, 0.5,
		1.0, 0.25, 1.0, 0.5, 0.5,
		1.0, 0.25, 1.0, 0.5, 0.5,
		0.25, 0.25, 0.25, 0.25, 0.25,
	}
	var s Solver

	// With idDisambiguation "none" the solver alone breaks the Dave tie:
	// 4→90, 5→92.
	got := solveMax(t, &s, base, 6, 5)
	if want := []int{1, 4, 3, 0, 2, 5}; !slices.Equal(got, want) {
		t.Errorf("without ε: got %v, want %v", got, want)
	}

	// With the structural bonus ε = 0.25/(6·5+1) on the WL-consistent cells:
	// 1→91, 2→94, 3→93, 4→92, 5→90, 6→padding.
	eps := 0.25 / float64(6*5+1)
	if eps != 0.008064516129032258 {
		t.Fatalf("ε = %v", eps)
	}
	withEps := slices.Clone(base)
	for _, cell := range [][2]int{{0, 1}, {1, 4}, {2, 3}, {3, 2}, {4, 0}} {
		withEps[cell[0]*5+cell[1]] += eps
	}
	got = solveMax(t, &s, withEps, 6, 5)
	if want := []int{1, 4, 3, 2, 0, 5}; !slices.Equal(got, want) {
		t.Errorf("with ε: got %v, want %v", got, want)
	}
}

// jaro is docs/SCORING.md §3.2's Jaro similarity, for building the docs/SCORING.md §5.9 example.
func jaro(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	la, lb := len(ra), len(rb)
	if la == 0 && lb == 0 {
		return 1
	}
	if la == 0 || lb == 0 {
		return 0
	}
	if la == 1 && lb == 1 {
		if ra[0] == rb[0] {
			return 1
		}
		return 0
	}
	w := max(la, lb)/2 - 1
	matchedA := make([]bool, la)
	matchedB := make([]bool, lb)
	m := 0
	for i := range la {
		for j := max(0, i-w); j <= min(lb-1, i+w); j++ {
			if !matchedB[j] && rb[j] == ra[i] {
				matchedA[i], matchedB[j] = true, true
				m++
				break
			}
		}
	}
	if m == 0 {
		return 0
	}
	var ca, cb []rune
	for i, ok := range matchedA {
		if ok {
			ca = append(ca, ra[i])
		}
	}
	for j, ok := range matchedB {
		if ok {
			cb = append(cb, rb[j])
		}
	}
	t := 0
	for k := range ca {
		if ca[k] != cb[k] {
			t++
		}
	}
	t /= 2
	fm := float64(m)
	return ((fm/float64(la) + fm/float64(lb)) + (fm-float64(t))/fm) / 3
}

// TestAlignExample is docs/SCORING.md §5.9's order-agnostic example: gold
// ["weight","name","age"] vs candidate ["name","ages","title"] under Jaro with
// threshold 0.5. The entries are (–,title), (weight,–), (name,name),
// (age,ages): weight is paired with title at score 0 (a dissolved pair), name
// with name and age with ages.
func TestAlignExample(t *testing.T) {
	if got := jaro("age", "ages"); got != 0.9166666666666666 {
		t.Fatalf("jaro(age, ages) = %v", got)
	}
	gold := []string{"weight", "name", "age"}
	cand := []string{"name", "ages", "title"}
	flat := make([]float64, 0, 9)
	for _, g := range gold {
		for _, p := range cand {
			x := jaro(g, p)
			if x < 0.5 {
				x = 0
			}
			flat = append(flat, x)
		}
	}
	var s Solver
	got := solveMax(t, &s, flat, 3, 3)
	if want := []int{2, 0, 1}; !slices.Equal(got, want) {
		t.Fatalf("matrix %v: got %v, want %v", flat, got, want)
	}
	if flat[0*3+2] != 0 {
		t.Errorf("weight/title should score 0 (dissolved), got %v", flat[2])
	}
	// The array score: (1 + 0.9166…) / D with D = 2 matched + 1 missing + 1 excess.
	if score := (flat[1*3+0] + flat[2*3+1]) / 4; score != 0.47916666666666663 {
		t.Errorf("score %v, want 0.47916666666666663", score)
	}
}

func TestEmptyAndPadding(t *testing.T) {
	var s Solver
	if got := solveMax(t, &s, nil, 0, 0); len(got) != 0 {
		t.Errorf("0×0: got %v", got)
	}
	if got := solveMax(t, &s, nil, 0, 3); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("0×3: got %v", got)
	}
	if got := solveMax(t, &s, nil, 2, 0); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("2×0: got %v", got)
	}
	// 1×3: the real row takes the best column; padding rows take the rest.
	if got := solveMax(t, &s, []float64{0.1, 0.9, 0.5}, 1, 3); got[0] != 1 || !isPermutation(got) {
		t.Errorf("1×3: got %v", got)
	}
	// 3×1: the best row takes the column, the others get padding columns.
	if got := solveMax(t, &s, []float64{0.1, 0.9, 0.5}, 3, 1); got[1] != 0 || !isPermutation(got) {
		t.Errorf("3×1: got %v", got)
	}
}

func TestBadInput(t *testing.T) {
	var s Solver
	cases := []struct {
		name string
		m    []float64
		n, c int
	}{
		{"negative rows", nil, -1, 2},
		{"negative cols", nil, 2, -1},
		{"short matrix", []float64{1, 2, 3}, 2, 2},
		{"long matrix", []float64{1, 2, 3, 4, 5}, 2, 2},
		{"NaN", []float64{1, math.NaN(), 3, 4}, 2, 2},
		{"+Inf", []float64{1, 2, math.Inf(1), 4}, 2, 2},
		{"-Inf", []float64{math.Inf(-1)}, 1, 1},
		{"overflowing size", nil, math.MaxInt / 2, math.MaxInt / 2},
	}
	for _, c := range cases {
		if _, err := s.SolveMax(c.m, c.n, c.c); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	// Finite entries whose reduced costs overflow: an error or a valid
	// permutation, never a panic or a hang.
	huge := []float64{math.MaxFloat64, -math.MaxFloat64, -math.MaxFloat64, math.MaxFloat64, 0, math.MaxFloat64, -math.MaxFloat64, math.MaxFloat64, -math.MaxFloat64}
	if got, err := s.SolveMax(huge, 3, 3); err == nil && !isPermutation(got) {
		t.Errorf("huge entries: got %v", got)
	}
	// The solver stays usable after an error.
	if got := solveMax(t, &s, []float64{0, 1, 1, 0}, 2, 2); !slices.Equal(got, []int{1, 0}) {
		t.Errorf("after errors: got %v", got)
	}
}

// TestWorkspaceReuse checks that a solver reused across shapes gives the
// same answers as a fresh one.
func TestWorkspaceReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var reused Solver
	for range 300 {
		n, m := rng.IntN(15), rng.IntN(15)
		flat := randomMatrix(rng, n, m, tieLevels)
		var fresh Solver
		if got, want := solveMax(t, &reused, flat, n, m), solveMax(t, &fresh, flat, n, m); !slices.Equal(got, want) {
			t.Fatalf("%d×%d: reused %v, fresh %v", n, m, got, want)
		}
	}
}

func TestZeroAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	big := randomMatrix(rng, 60, 40, nil)
	small := randomMatrix(rng, 7, 9, tieLevels)
	var s Solver
	solveMax(t, &s, big, 60, 40) // grow the workspace
	allocs := testing.AllocsPerRun(50, func() {
		if _, err := s.SolveMax(big, 60, 40); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SolveMax(small, 7, 9); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SolveMin(small, 7, 9); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func TestSameBits(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		a, b []float64
		want bool
	}{
		{nil, nil, true},
		{[]float64{1, 0.5}, []float64{1, 0.5}, true},
		{[]float64{1, 0.5}, []float64{1, 0.5, 0}, false},
		{[]float64{0}, []float64{math.Copysign(0, -1)}, false},
		{[]float64{nan}, []float64{nan}, true},
		{[]float64{1}, []float64{math.Nextafter(1, 2)}, false},
	} {
		if got := SameBits(c.a, c.b); got != c.want {
			t.Errorf("SameBits(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
