package seqdp

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
)

var tieLevels = []float64{0, 0.25, 0.5, 1}

func toRows(flat []float64, n, m int) [][]float64 {
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = flat[i*m : i*m+m]
	}
	return rows
}

func align(t testing.TB, w *Workspace, flat []float64, n, m int) (float64, []Step) {
	t.Helper()
	total, steps, err := w.Align(flat, n, m)
	if err != nil {
		t.Fatalf("Align(%d×%d): %v", n, m, err)
	}
	return total, slices.Clone(steps)
}

// bruteMax is the best left-to-right sum of paired scores over every
// monotone matching of n gold and m candidate elements (every path through
// the alignment grid).
func bruteMax(flat []float64, n, m int) float64 {
	best := math.Inf(-1)
	var rec func(i, j int, acc float64)
	rec = func(i, j int, acc float64) {
		if i == n || j == m {
			best = max(best, acc)
			return
		}
		rec(i+1, j+1, acc+flat[i*m+j])
		rec(i+1, j, acc)
		rec(i, j+1, acc)
	}
	rec(0, 0, 0)
	return best
}

// validSteps checks that steps describe a monotone alignment: every gold and
// candidate index appears exactly once, in increasing order, and the Diag
// scores summed left to right give total.
func validSteps(flat []float64, n, m int, total float64, steps []Step) bool {
	nextI, nextJ := 0, 0
	sum := 0.0
	for _, st := range steps {
		switch st.Move {
		case Diag:
			if st.I != nextI || st.J != nextJ || !st.CellDiag {
				return false
			}
			sum += flat[st.I*m+st.J]
			nextI++
			nextJ++
		case Up:
			if st.I != nextI {
				return false
			}
			nextI++
		case Left:
			if st.J != nextJ {
				return false
			}
			nextJ++
		default:
			return false
		}
	}
	return nextI == n && nextJ == m && sum == total
}

func TestOptimalityAgainstBruteForce(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(11)
	params.MinSuccessfulTests = longtest.Count(200, 2000, 8000)
	properties := gopter.NewProperties(params)
	var w Workspace
	level := gen.IntRange(0, len(tieLevels)-1).Map(func(k int) float64 { return tieLevels[k] })
	property := func(n, m int, entries []float64) bool {
		flat := entries[:n*m]
		total, steps, err := w.Align(flat, n, m)
		if err != nil || !validSteps(flat, n, m, total, steps) {
			return false
		}
		// Float addition is monotone, so the DP's maximum of left-to-right
		// sums equals the brute-force maximum exactly, ties or not.
		return total == bruteMax(flat, n, m)
	}
	properties.Property("tie-heavy scores", prop.ForAll(property,
		gen.IntRange(0, 6), gen.IntRange(0, 6), gen.SliceOfN(36, level)))
	properties.Property("continuous scores", prop.ForAll(property,
		gen.IntRange(0, 6), gen.IntRange(0, 6), gen.SliceOfN(36, gen.Float64Range(0, 1))))
	properties.Property("steps follow the literal transcription", prop.ForAll(
		func(n, m int, entries []float64) bool {
			flat := entries[:n*m]
			total, steps, err := w.Align(flat, n, m)
			if err != nil {
				return false
			}
			wantTotal, wantSteps := literalAlign(toRows(flat, n, m), n, m)
			return total == wantTotal && slices.Equal(steps, wantSteps)
		},
		gen.IntRange(1, 6), gen.IntRange(1, 6), gen.SliceOfN(36, level)))
	properties.TestingRun(t)
}

// TestMatchesLiteralTranscription checks the tie rule on many tie-heavy
// matrices, including ones larger than brute force allows.
func TestMatchesLiteralTranscription(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var w Workspace
	check := func(n, m int, levels []float64) {
		t.Helper()
		flat := make([]float64, n*m)
		for k := range flat {
			if levels == nil {
				flat[k] = rng.Float64()
			} else {
				flat[k] = levels[rng.IntN(len(levels))]
			}
		}
		total, steps := align(t, &w, flat, n, m)
		wantTotal, wantSteps := literalAlign(toRows(flat, n, m), n, m)
		if total != wantTotal || !slices.Equal(steps, wantSteps) {
			t.Fatalf("%d×%d %v:\n got %v %v\nwant %v %v", n, m, flat, total, steps, wantTotal, wantSteps)
		}
		if !validSteps(flat, n, m, total, steps) {
			t.Fatalf("%d×%d %v: invalid steps %v", n, m, flat, steps)
		}
	}
	for range 5000 {
		check(1+rng.IntN(12), 1+rng.IntN(12), tieLevels)
	}
	for range 2000 {
		check(1+rng.IntN(12), 1+rng.IntN(12), []float64{0, 1})
	}
	for range 500 {
		check(1+rng.IntN(12), 1+rng.IntN(12), nil)
	}
	for range 50 {
		check(20+rng.IntN(40), 20+rng.IntN(40), tieLevels)
		check(20+rng.IntN(40), 20+rng.IntN(40), []float64{0, 1})
	}
	// Sums that overflow to +Inf.
	for range 500 {
		check(1+rng.IntN(8), 1+rng.IntN(8), []float64{0, 0.5, math.MaxFloat64})
	}
	// Negative scores are outside OA's use but the DP is defined for them;
	// the leftover loops must still follow the cell types.
	for range 1000 {
		check(1+rng.IntN(8), 1+rng.IntN(8), []float64{-1, -0.5, 0, 0.5})
	}
}

// TestFixedExample is docs/SCORING.md §5.9: [1,2,4] vs [2,3] with exact scores gives the
// entries (1,–), (2,2), (4,–), (–,3) and score 0.25.
func TestFixedExample(t *testing.T) {
	gold := []float64{1, 2, 4}
	cand := []float64{2, 3}
	var flat []float64
	for _, g := range gold {
		for _, p := range cand {
			x := 0.0
			if g == p {
				x = 1
			}
			flat = append(flat, x)
		}
	}
	var w Workspace
	total, steps := align(t, &w, flat, 3, 2)
	// Forward: a leftover Up for gold 1 (cell[1][1] is DIAG with score 0, so
	// its displayed gold value is the child's aligned gold, 1), the matched
	// pair 2/2, then a zero-score Diag of 4 and 3 that the caller dissolves
	// into missing 4, excess 3.
	want := []Step{
		{Move: Up, I: 0, J: 0, CellDiag: true},
		{Move: Diag, I: 1, J: 0, CellDiag: true},
		{Move: Diag, I: 2, J: 1, CellDiag: true},
	}
	if total != 1 || !slices.Equal(steps, want) {
		t.Fatalf("got %v %v, want 1 %v", total, steps, want)
	}
	entries := entriesOf(steps, flat, 2, []string{"1", "2", "4"}, []string{"2", "3"})
	if wantEntries := []string{"(1,–)", "(2,2)", "(4,–)", "(–,3)"}; !slices.Equal(entries, wantEntries) {
		t.Errorf("entries %v, want %v", entries, wantEntries)
	}
	if score := total / float64(len(entries)); score != 0.25 {
		t.Errorf("score %v, want 0.25", score)
	}
}

// entriesOf expands steps into docs/SCORING.md §5.3's entries the way a caller does,
// for string-valued elements (the child's aligned values equal the inputs).
func entriesOf(steps []Step, flat []float64, m int, gold, cand []string) []string {
	var out []string
	for _, st := range steps {
		switch {
		case st.Move == Diag && flat[st.I*m+st.J] > 0:
			out = append(out, "("+gold[st.I]+","+cand[st.J]+")")
		case st.Move == Diag:
			out = append(out, "("+gold[st.I]+",–)", "(–,"+cand[st.J]+")")
		case st.Move == Up:
			out = append(out, "("+gold[st.I]+",–)")
		default:
			out = append(out, "(–,"+cand[st.J]+")")
		}
	}
	return out
}

// jaro is docs/SCORING.md §3.2's Jaro similarity.
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

// TestAgendaExample is docs/SCORING.md §11.3's agenda: gold [intro, reviews, closing]
// vs candidate [reviews, intro, closin], Jaro with threshold 0.3. Keeping
// intro and keeping reviews tie (at 41/21 = 1.9523809523809523 in exact terms,
// i.e. 41/21; the binary64 sum 1 + 0.9523809523809524 is 1.9523809523809526,
// and the score 0.48809523809523814 is that sum divided by 4); the DP
// preference keeps intro, giving (–,reviews), (intro,intro), (reviews,–),
// (closing,closin).
func TestAgendaExample(t *testing.T) {
	gold := []string{"intro", "reviews", "closing"}
	cand := []string{"reviews", "intro", "closin"}
	if got := jaro("closing", "closin"); got != 0.9523809523809524 {
		t.Fatalf("jaro(closing, closin) = %v", got)
	}
	if got := jaro("intro", "reviews"); got != 0 {
		t.Fatalf("jaro(intro, reviews) = %v", got)
	}
	var flat []float64
	for _, g := range gold {
		for _, p := range cand {
			x := jaro(g, p)
			if x < 0.3 {
				x = 0
			}
			flat = append(flat, x)
		}
	}
	var w Workspace
	total, steps := align(t, &w, flat, 3, 3)
	want := []Step{
		{Move: Left, I: 0, J: 0, CellDiag: true}, // leftover: cell[1][1] is DIAG (intro/reviews, score 0)
		{Move: Diag, I: 0, J: 1, CellDiag: true},
		{Move: Up, I: 1, J: 1},
		{Move: Diag, I: 2, J: 2, CellDiag: true},
	}
	if total != 1.9523809523809526 || !slices.Equal(steps, want) {
		t.Fatalf("got %v %v, want 1.9523809523809526 %v", total, steps, want)
	}
	entries := entriesOf(steps, flat, 3, gold, cand)
	if wantEntries := []string{"(–,reviews)", "(intro,intro)", "(reviews,–)", "(closing,closin)"}; !slices.Equal(entries, wantEntries) {
		t.Errorf("entries %v, want %v", entries, wantEntries)
	}
	if score := total / 4; score != 0.48809523809523814 {
		t.Errorf("score %v, want 0.48809523809523814", score)
	}
}

func TestEmptySides(t *testing.T) {
	var w Workspace
	total, steps := align(t, &w, nil, 0, 0)
	if total != 0 || len(steps) != 0 {
		t.Errorf("0×0: %v %v", total, steps)
	}
	total, steps = align(t, &w, nil, 2, 0)
	if want := []Step{{Move: Up, I: 0, J: -1}, {Move: Up, I: 1, J: -1}}; total != 0 || !slices.Equal(steps, want) {
		t.Errorf("2×0: %v %v", total, steps)
	}
	total, steps = align(t, &w, nil, 0, 3)
	if want := []Step{{Move: Left, I: -1, J: 0}, {Move: Left, I: -1, J: 1}, {Move: Left, I: -1, J: 2}}; total != 0 || !slices.Equal(steps, want) {
		t.Errorf("0×3: %v %v", total, steps)
	}
}

func TestSimpleShapes(t *testing.T) {
	var w Workspace
	// Identity alignment.
	total, steps := align(t, &w, []float64{1, 0, 0, 1}, 2, 2)
	if want := []Step{{Diag, 0, 0, true}, {Diag, 1, 1, true}}; total != 2 || !slices.Equal(steps, want) {
		t.Errorf("identity: %v %v", total, steps)
	}
	// All zero: every cell is DIAG, so the steps are the zero-score diagonal
	// followed by leftovers.
	total, steps = align(t, &w, make([]float64, 6), 2, 3)
	if want := []Step{{Left, 0, 0, true}, {Diag, 0, 1, true}, {Diag, 1, 2, true}}; total != 0 || !slices.Equal(steps, want) {
		t.Errorf("zeros 2×3: %v %v", total, steps)
	}
	total, steps = align(t, &w, make([]float64, 6), 3, 2)
	if want := []Step{{Up, 0, 0, true}, {Diag, 1, 0, true}, {Diag, 2, 1, true}}; total != 0 || !slices.Equal(steps, want) {
		t.Errorf("zeros 3×2: %v %v", total, steps)
	}
}

func TestBadInput(t *testing.T) {
	var w Workspace
	cases := []struct {
		name   string
		scores []float64
		n, m   int
	}{
		{"negative n", nil, -1, 1},
		{"negative m", nil, 1, -1},
		{"short", []float64{1, 2, 3}, 2, 2},
		{"long", []float64{1, 2, 3, 4, 5}, 2, 2},
		{"NaN", []float64{math.NaN()}, 1, 1},
		{"+Inf", []float64{0, math.Inf(1)}, 1, 2},
		{"-Inf", []float64{math.Inf(-1), 0}, 2, 1},
		{"overflowing size", nil, math.MaxInt / 2, math.MaxInt / 2},
	}
	for _, c := range cases {
		if _, _, err := w.Align(c.scores, c.n, c.m); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if total, steps := align(t, &w, []float64{0.5}, 1, 1); total != 0.5 || len(steps) != 1 {
		t.Errorf("after errors: %v %v", total, steps)
	}
}

func TestWorkspaceReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var reused Workspace
	for range 300 {
		n, m := rng.IntN(15), rng.IntN(15)
		flat := make([]float64, n*m)
		for k := range flat {
			flat[k] = tieLevels[rng.IntN(len(tieLevels))]
		}
		var fresh Workspace
		t1, s1 := align(t, &reused, flat, n, m)
		t2, s2 := align(t, &fresh, flat, n, m)
		if t1 != t2 || !slices.Equal(s1, s2) {
			t.Fatalf("%d×%d: reused %v %v, fresh %v %v", n, m, t1, s1, t2, s2)
		}
	}
}

func TestZeroAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	big := make([]float64, 40*30)
	for k := range big {
		big[k] = rng.Float64()
	}
	small := []float64{1, 0, 0.5, 0, 1, 0}
	var w Workspace
	align(t, &w, big, 40, 30)
	allocs := testing.AllocsPerRun(50, func() {
		if _, _, err := w.Align(big, 40, 30); err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.Align(small, 2, 3); err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.Align(nil, 0, 5); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func TestMoveString(t *testing.T) {
	for mv, want := range map[Move]string{Diag: "Diag", Up: "Up", Left: "Left", 0: "Move(0)"} {
		if got := mv.String(); got != want {
			t.Errorf("%d: %q, want %q", mv, got, want)
		}
	}
}

// TestKernelsAgree checks that the branch-free kernel used for non-negative
// scores fills exactly the same cells and values as the general one,
// including -0 scores and sums that overflow to +Inf.
func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	levels := []float64{0, math.Copysign(0, -1), 0.25, 0.5, 1, math.MaxFloat64, 0x1p-1074}
	var a, b Workspace
	for k := range 3000 {
		n, m := 1+rng.IntN(14), 1+rng.IntN(14)
		flat := make([]float64, n*m)
		for x := range flat {
			if k%3 == 0 {
				flat[x] = rng.Float64()
			} else {
				flat[x] = levels[rng.IntN(len(levels))]
			}
		}
		a.grow(n, m)
		b.grow(n, m)
		ta, _ := a.fill(context.Background(), flat, n, m, false)
		tb, _ := b.fill(context.Background(), flat, n, m, true)
		if math.Float64bits(ta) != math.Float64bits(tb) || !slices.Equal(a.cells[:n*m], b.cells[:n*m]) {
			t.Fatalf("%d×%d %v: general %v %v, non-negative %v %v", n, m, flat, ta, a.cells[:n*m], tb, b.cells[:n*m])
		}
	}
}
