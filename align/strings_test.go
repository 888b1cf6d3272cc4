package align

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	agnivade "github.com/agnivade/levenshtein"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestStringVectors checks docs/SCORING.md §3.7 and further hand-computed values, bit
// for bit.
func TestStringVectors(t *testing.T) {
	tests := []struct {
		name string
		f    func(a, b string) float64
		a, b string
		want float64
	}{
		// docs/SCORING.md §3.7.
		{"jaro", Jaro, "hello", "hallo", 0.8666666666666667},
		{"jaro", Jaro, "Alice", "Alicia", 0.8222222222222223},
		{"jaro", Jaro, "MARTHA", "MARHTA", 0.9444444444444445},
		{"jaro_winkler", JaroWinkler, "MARTHA", "MARHTA", 0.9611111111111111},
		{"jaro", Jaro, "DWAYNE", "DUANE", 0.8222222222222223},
		{"jaro_winkler", JaroWinkler, "DWAYNE", "DUANE", 0.8400000000000001},
		{"jaro", Jaro, "DIXON", "DICKSONX", 0.7666666666666666},
		{"jaro_winkler", JaroWinkler, "DIXON", "DICKSONX", 0.8133333333333332},
		{"jaro", Jaro, "Action", "Adventure", 0.5},
		{"jaro", Jaro, "age", "ages", 0.9166666666666666},
		{"jaro", Jaro, "closing", "closin", 0.9523809523809524},
		{"jaro", Jaro, "invoice_total", "customer_name", 0.5299145299145299},
		{"jaro", Jaro, "2024-01-15", "9999-12-31", 0.6},
		{"jaro", Jaro, "", "", 1.0},
		{"jaro", Jaro, "", "abc", 0.0},
		{"levenshtein", Levenshtein, "abcd", "abce", 0.75},
		{"levenshtein", Levenshtein, "kitten", "sitting", 0.5714285714285714},
		{"osa", OSA, "CA", "ABC", 0.0},
		{"damerau_levenshtein", DamerauLevenshtein, "CA", "ABC", 0.33333333333333337},
		{"indel", Indel, "kitten", "sitting", 0.6153846153846154},
		{"lcsseq", LCSSeq, "kitten", "sitting", 0.5714285714285714},

		// Conformance vectors of the peer family (single string leaves).
		{"jaro", Jaro, "hello", "helo", 0.9333333333333332},
		{"jaro", Jaro, "cat", "car", 0.7777777777777777},

		// Empty strings: 1.0 when both are empty, else 0.0 (no edit
		// similarity is left when one side is empty).
		{"jaro", Jaro, "abc", "", 0.0},
		{"jaro_winkler", JaroWinkler, "", "", 1.0},
		{"jaro_winkler", JaroWinkler, "", "x", 0.0},
		{"levenshtein", Levenshtein, "", "", 1.0},
		{"levenshtein", Levenshtein, "", "abc", 0.0},
		{"damerau_levenshtein", DamerauLevenshtein, "", "", 1.0},
		{"damerau_levenshtein", DamerauLevenshtein, "ab", "", 0.0},
		{"osa", OSA, "", "", 1.0},
		{"osa", OSA, "", "ab", 0.0},
		{"indel", Indel, "", "", 1.0},
		{"indel", Indel, "a", "", 0.0},
		{"lcsseq", LCSSeq, "", "", 1.0},
		{"lcsseq", LCSSeq, "", "a", 0.0},
		{"exact", ExactString, "", "", 1.0},
		{"exact", ExactString, "", "a", 0.0},

		// One character each: Jaro's special case (window would be -1).
		{"jaro", Jaro, "a", "a", 1.0},
		{"jaro", Jaro, "a", "b", 0.0},
		{"jaro_winkler", JaroWinkler, "a", "a", 1.0},
		{"levenshtein", Levenshtein, "a", "b", 0.0},
		// "a" vs "ab": window 0, m = 1: (1/1 + 1/2 + 1)/3.
		{"jaro", Jaro, "a", "ab", jaroValue(1, 2, 1, 0)},
		// "ab" vs "ba": window 0, no match on the diagonal.
		{"jaro", Jaro, "ab", "ba", 0.0},
		{"osa", OSA, "ab", "ba", 0.5},
		{"damerau_levenshtein", DamerauLevenshtein, "ab", "ba", 0.5},
		{"levenshtein", Levenshtein, "ab", "ba", 0.0},
		// "abc" vs "ca": OSA needs 3 edits, DL 2 (transpose then insert).
		{"osa", OSA, "abc", "ca", 0.0},
		{"damerau_levenshtein", DamerauLevenshtein, "abc", "ca", 0.33333333333333337},

		// Case-sensitive, no normalisation, no trimming.
		{"exact", ExactString, "Abc", "abc", 0.0},
		{"levenshtein", Levenshtein, "abc", "abc ", 0.75},
		{"jaro", Jaro, "ABC", "abc", 0.0},

		// Code points, not bytes: "é" (2 bytes) is one edit away from "e".
		{"levenshtein", Levenshtein, "café", "cafe", 0.75},
		{"indel", Indel, "café", "cafe", 0.75},
		{"lcsseq", LCSSeq, "café", "cafe", 0.75},
		{"jaro", Jaro, "café", "cafe", jaroValue(4, 4, 3, 0)},
		{"jaro_winkler", JaroWinkler, "café", "cafe", winklerValue(jaroValue(4, 4, 3, 0), 3)},
		{"exact", ExactString, "café", "café", 1.0},
		// A combining mark is a code point of its own: "e\u0301" has two,
		// "é" (U+00E9) has one, and no normalisation makes them equal.
		{"levenshtein", Levenshtein, "cafe\u0301", "café", 0.6},
		{"levenshtein", Levenshtein, "cafe\u0301", "cafe", 0.8},
		{"exact", ExactString, "cafe\u0301", "café", 0.0},
		{"lcsseq", LCSSeq, "e\u0301", "e", 0.5},
		// Emoji outside the BMP are one code point (not two UTF-16 units).
		{"levenshtein", Levenshtein, "😀a", "😃a", 0.5},
		{"levenshtein", Levenshtein, "😀", "", 0.0},
		{"indel", Indel, "a😀", "a", 0.6666666666666667},
		{"osa", OSA, "😀😃", "😃😀", 0.5},
		{"jaro", Jaro, "😀", "😀", 1.0},
		// A family emoji is several code points joined by U+200D.
		{"levenshtein", Levenshtein, "👨\u200d👩\u200d👧", "👨\u200d👩", 0.6},
	}
	for _, tt := range tests {
		if got := tt.f(tt.a, tt.b); got != tt.want {
			t.Errorf("%s(%q, %q) = %v (%b), want %v (%b)", tt.name, tt.a, tt.b, got, got, tt.want, tt.want)
		}
	}
}

// jaroValue evaluates the Jaro formula (docs/SCORING.md §3.2) for hand-counted matches m and
// transpositions t (before halving), in float64 at run time.
func jaroValue(la, lb, m, t int) float64 {
	fm := float64(m)
	return ((fm/float64(la) + fm/float64(lb)) + (fm-float64(t/2))/fm) / 3
}

// winklerValue applies the Jaro–Winkler bonus for a prefix of l.
func winklerValue(s float64, l int) float64 {
	return s + float64(float64(l)*0.1*(1-s))
}

// TestBuiltinStringRegistryNames checks that the registry's names resolve to
// the functions the vectors test.
func TestBuiltinStringRegistryNames(t *testing.T) {
	for name, want := range map[string]float64{
		"exact": 0, "jaro": 0.8666666666666667, "jaro_winkler": 0.88,
		"levenshtein": 0.8, "damerau_levenshtein": 0.8, "osa": 0.8, "indel": 0.8, "lcsseq": 0.8,
	} {
		f, ok := (*Registry)(nil).String(name)
		if !ok {
			t.Fatalf("builtin %q not found", name)
		}
		got, err := f.Compare(nil, "hello", "hallo")
		if err != nil || got != want {
			t.Errorf("%s(hello, hallo) = %v, %v; want %v", name, got, err, want)
		}
	}
}

// ------------------------------------------------------------- oracles

// jaroOracle transcribes docs/SCORING.md §3.2's pseudo-code literally.
func jaroOracle(a, b []rune) float64 {
	la, lb := len(a), len(b)
	if la == 0 && lb == 0 {
		return 1.0
	}
	if la == 0 || lb == 0 {
		return 0.0
	}
	if la == 1 && lb == 1 {
		if a[0] == b[0] {
			return 1.0
		}
		return 0.0
	}
	w := max(la, lb)/2 - 1
	matchedA, matchedB := make([]bool, la), make([]bool, lb)
	m := 0
	for i := 0; i < la; i++ {
		for j := max(0, i-w); j <= min(lb-1, i+w); j++ {
			if !matchedB[j] && b[j] == a[i] {
				matchedA[i], matchedB[j] = true, true
				m++
				break
			}
		}
	}
	if m == 0 {
		return 0.0
	}
	var ma, mb []rune
	for i, ok := range matchedA {
		if ok {
			ma = append(ma, a[i])
		}
	}
	for j, ok := range matchedB {
		if ok {
			mb = append(mb, b[j])
		}
	}
	tr := 0
	for k := range ma {
		if ma[k] != mb[k] {
			tr++
		}
	}
	tr /= 2
	fm := float64(m)
	return ((fm/float64(la) + fm/float64(lb)) + (fm-float64(tr))/fm) / 3
}

// jaroWinklerOracle transcribes docs/SCORING.md §3.2's jaro_winkler.
func jaroWinklerOracle(a, b []rune) float64 {
	l := 0
	for l < min(4, len(a), len(b)) && a[l] == b[l] {
		l++
	}
	s := jaroOracle(a, b)
	if s > 0.7 {
		s = s + float64(float64(l)*0.1*(1-s))
	}
	return s
}

// osaOracle is the textbook O(nm) optimal string alignment distance.
func osaOracle(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// damerauOracle is the textbook full-matrix Lowrance–Wagner algorithm for
// the unrestricted Damerau–Levenshtein distance.
func damerauOracle(a, b []rune) int {
	la, lb := len(a), len(b)
	maxDist := la + lb
	d := make([][]int, la+2)
	for i := range d {
		d[i] = make([]int, lb+2)
	}
	d[0][0] = maxDist
	for i := 0; i <= la; i++ {
		d[i+1][0] = maxDist
		d[i+1][1] = i
	}
	for j := 0; j <= lb; j++ {
		d[0][j+1] = maxDist
		d[1][j+1] = j
	}
	da := map[rune]int{}
	for i := 1; i <= la; i++ {
		db := 0
		for j := 1; j <= lb; j++ {
			k, l := da[b[j-1]], db
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
				db = j
			}
			d[i+1][j+1] = min(d[i][j]+cost, d[i+1][j]+1, d[i][j+1]+1,
				d[k][l]+(i-k-1)+1+(j-l-1))
		}
		da[a[i-1]] = i
	}
	return d[la+1][lb+1]
}

// lcsOracle is the textbook O(nm) longest common subsequence length.
func lcsOracle(a, b []rune) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// oracleNorm is the reference normalisation, for the oracles.
func oracleNorm(dist, maximum int) float64 {
	if maximum == 0 {
		return 1.0
	}
	return 1.0 - float64(dist)/float64(maximum)
}

// ------------------------------------------------------- random strings

// alphabets used by the generators: tiny ones make matches, repeated
// symbols and transpositions frequent; the wide ones exercise the symbol
// encoding (multi-byte code points, more than 128 distinct ones).
var comparatorTestAlphabets = [][]rune{
	[]rune("ab"),
	[]rune("abc"),
	[]rune("aé😀\u0301"),
	[]rune("abcdefghijklmnopqrstuvwxyz "),
	[]rune("αβγδεζηθικλμνξοπρστυφχψω日本語中文한국어😀😃👍🏽éèêë"),
}

// comparatorStringPair is a generated test case: two strings over one alphabet, the
// second often a mutation of the first.
type comparatorStringPair struct{ A, B string }

func (p comparatorStringPair) String() string { return fmt.Sprintf("%q vs %q", p.A, p.B) }

// genComparatorStringPair generates pairs with lengths up to maxLen code points.
func genComparatorStringPair(maxLen int) gopter.Gen {
	return gopter.CombineGens(
		gen.IntRange(0, len(comparatorTestAlphabets)), // len(comparatorTestAlphabets) means "any code point"
		gen.IntRange(0, maxLen),
		gen.IntRange(0, maxLen),
		gen.IntRange(0, 2), // 0: independent, 1: mutated copy, 2: mostly equal
		gen.UInt64(),
	).Map(func(v []any) comparatorStringPair {
		rng := rand.New(rand.NewPCG(v[4].(uint64), 7))
		pick := func() rune {
			if k := v[0].(int); k < len(comparatorTestAlphabets) {
				return comparatorTestAlphabets[k][rng.IntN(len(comparatorTestAlphabets[k]))]
			}
			return rune(rng.IntN(0x10FFFF + 1))
		}
		a := make([]rune, v[1].(int))
		for i := range a {
			a[i] = pick()
		}
		var b []rune
		switch v[3].(int) {
		case 0:
			b = make([]rune, v[2].(int))
			for i := range b {
				b[i] = pick()
			}
		default:
			b = append(b, a...)
			edits := 1 + rng.IntN(max(1, len(a)/5))
			if v[3].(int) == 2 {
				edits = rng.IntN(3)
			}
			for range edits {
				b = mutateRunes(rng, b, pick)
			}
		}
		return comparatorStringPair{string(a), string(b)}
	})
}

// mutateRunes applies one random edit: insert, delete, substitute or swap two
// adjacent code points.
func mutateRunes(rng *rand.Rand, s []rune, pick func() rune) []rune {
	if len(s) == 0 {
		return append(s, pick())
	}
	i := rng.IntN(len(s))
	switch rng.IntN(4) {
	case 0:
		return append(s[:i], append([]rune{pick()}, s[i:]...)...)
	case 1:
		return append(s[:i], s[i+1:]...)
	case 2:
		s[i] = pick()
	default:
		if i+1 < len(s) {
			s[i], s[i+1] = s[i+1], s[i]
		}
	}
	return s
}

func comparatorProperties(t *testing.T, tests int) *gopter.Properties {
	t.Helper()
	p := proptest.Parameters(t)
	p.MinSuccessfulTests = longtest.Count(max(1, tests/10), tests, 4*tests)
	return gopter.NewProperties(p)
}

// TestStringComparatorsAgainstOracles compares every comparator with an
// independent O(nm) oracle (agnivade/levenshtein for Levenshtein) on random
// strings of up to 300 code points: both the stack path (≤ 64) and the
// multi-word bit-parallel path.
func TestStringComparatorsAgainstOracles(t *testing.T) {
	for _, maxLen := range []int{8, 70, 300} {
		props := comparatorProperties(t, map[int]int{8: 3000, 70: 1500, 300: 200}[maxLen])
		props.Property(fmt.Sprintf("oracles/maxLen=%d", maxLen), prop.ForAll(func(p comparatorStringPair) string {
			a, b := []rune(p.A), []rune(p.B)
			longest := max(len(a), len(b))
			checks := []struct {
				name      string
				got, want float64
			}{
				{"jaro", Jaro(p.A, p.B), jaroOracle(a, b)},
				{"jaro_winkler", JaroWinkler(p.A, p.B), jaroWinklerOracle(a, b)},
				{"levenshtein", Levenshtein(p.A, p.B), oracleNorm(agnivade.ComputeDistance(p.A, p.B), longest)},
				{"osa", OSA(p.A, p.B), oracleNorm(osaOracle(a, b), longest)},
				{"damerau_levenshtein", DamerauLevenshtein(p.A, p.B), oracleNorm(damerauOracle(a, b), longest)},
				{"indel", Indel(p.A, p.B), oracleNorm(len(a)+len(b)-2*lcsOracle(a, b), len(a)+len(b))},
				{"lcsseq", LCSSeq(p.A, p.B), oracleNorm(longest-lcsOracle(a, b), longest)},
			}
			for _, c := range checks {
				if c.got != c.want {
					return fmt.Sprintf("%s = %v, oracle %v", c.name, c.got, c.want)
				}
			}
			return ""
		}, genComparatorStringPair(maxLen)))
		props.TestingRun(t)
	}
}

// TestEditDistanceRelations checks DL ≤ OSA ≤ Levenshtein and the symmetry
// of every distance, on the kernels' integer distances.
func TestEditDistanceRelations(t *testing.T) {
	props := comparatorProperties(t, 2000)
	props.Property("DL <= OSA <= Lev, symmetric", prop.ForAll(func(p comparatorStringPair) string {
		dl, osa, lev := editDistances(p.A, p.B)
		if !(dl <= osa && osa <= lev) {
			return fmt.Sprintf("DL %d, OSA %d, Lev %d", dl, osa, lev)
		}
		if dl2, osa2, lev2 := editDistances(p.B, p.A); dl2 != dl || osa2 != osa || lev2 != lev {
			return "not symmetric"
		}
		return ""
	}, genComparatorStringPair(140)))
	props.TestingRun(t)
}

// editDistances returns the DL, OSA and Levenshtein distances through the path
// the exported functions take.
func editDistances(a, b string) (dl, osa, lev int) {
	var p shortPair
	if p.encode(a, b) {
		x, y := p.slices()
		return damerauShort(x, y), osaShort(x, y), levenshteinShort(x, y)
	}
	x, y, k := encodeLong(a, b)
	return damerauLong(x, y, k), osaLong(x, y, k), levenshteinLong(x, y, k)
}

// TestShortAndLongKernelsAgree runs the multi-word kernels on short inputs,
// where the exported functions always take the stack path.
func TestShortAndLongKernelsAgree(t *testing.T) {
	props := comparatorProperties(t, 3000)
	props.Property("short == long", prop.ForAll(func(p comparatorStringPair) string {
		p = comparatorStringPair{truncateRunes(p.A, shortRunes), truncateRunes(p.B, shortRunes)}
		var sp shortPair
		if !sp.encode(p.A, p.B) {
			return "not short"
		}
		x, y := sp.slices()
		la, lb, k := encodeLong(p.A, p.B)
		pairs := [][2]float64{
			{jaroShort(x, y), jaroLong(la, lb, k)},
			{float64(levenshteinShort(x, y)), float64(levenshteinLong(la, lb, k))},
			{float64(osaShort(x, y)), float64(osaLong(la, lb, k))},
			{float64(damerauShort(x, y)), float64(damerauLong(la, lb, k))},
			{float64(lcsShort(x, y)), float64(lcsLong(la, lb, k))},
		}
		for i, q := range pairs {
			if q[0] != q[1] {
				return fmt.Sprintf("kernel %d: short %v, long %v", i, q[0], q[1])
			}
		}
		return ""
	}, genComparatorStringPair(64)))
	props.TestingRun(t)
}

// truncateRunes returns the first n code points of s.
func truncateRunes(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// TestJaroMatchingDirection checks that greedy matching from either side
// gives the same Jaro similarity: docs/SCORING.md §3.2 scans the gold string,
// the reference library's bit-parallel kernel iterates over the candidate.
func TestJaroMatchingDirection(t *testing.T) {
	props := comparatorProperties(t, 5000)
	props.Property("jaro(a,b) == jaro(b,a)", prop.ForAll(func(p comparatorStringPair) bool {
		return Jaro(p.A, p.B) == Jaro(p.B, p.A) && jaroOracle([]rune(p.A), []rune(p.B)) == jaroOracle([]rune(p.B), []rune(p.A))
	}, genComparatorStringPair(20)))
	props.TestingRun(t)
}

// TestMatchTableSparse checks that the sparse match table yields the same
// columns as the dense one, in any query order.
func TestMatchTableSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 63, 64, 65, 200, 1000} {
		for _, alphabet := range []int{2, 5, 300} {
			p := make([]int32, n)
			for i := range p {
				p[i] = int32(rng.IntN(alphabet))
			}
			dense := newMatchTable(p, alphabet, 1<<30)
			sparse := newMatchTable(p, alphabet, 0)
			if dense.dense == nil || sparse.dense != nil {
				t.Fatal("limit did not select the representation")
			}
			for range 3 * alphabet {
				c := int32(rng.IntN(alphabet))
				want, got := dense.column(c), sparse.column(c)
				for k := range want {
					if want[k] != got[k] {
						t.Fatalf("n=%d alphabet=%d symbol %d word %d: %x, want %x", n, alphabet, c, k, got[k], want[k])
					}
				}
			}
		}
	}
}

// TestLongStrings checks the multi-word paths on structured long inputs
// against the oracles, including more than 128 distinct code points.
func TestLongStrings(t *testing.T) {
	var wide []rune
	for r := rune(0x4E00); r < 0x4E00+400; r++ {
		wide = append(wide, r)
	}
	base := strings.Repeat("the quick brown fox jumps over the lazy dog ", 12)
	cases := []comparatorStringPair{
		{base, base},
		{base, base[1:]},
		{base, strings.Replace(base, "fox", "cat", 3)},
		{base, strings.ToUpper(base)},
		{string(wide), string(wide[1:]) + "x"},
		{string(wide), string(wide[200:]) + string(wide[:200])},
		{strings.Repeat("ab", 150), strings.Repeat("ba", 150)},
		{strings.Repeat("a", 65), strings.Repeat("a", 64)},
		{strings.Repeat("é", 65), "é"},
		{"x", strings.Repeat("éx", 100)},
	}
	for _, c := range cases {
		a, b := []rune(c.A), []rune(c.B)
		longest := max(len(a), len(b))
		if got, want := Jaro(c.A, c.B), jaroOracle(a, b); got != want {
			t.Errorf("jaro %v: %v, want %v", c, got, want)
		}
		if got, want := Levenshtein(c.A, c.B), oracleNorm(agnivade.ComputeDistance(c.A, c.B), longest); got != want {
			t.Errorf("levenshtein %v: %v, want %v", c, got, want)
		}
		if got, want := OSA(c.A, c.B), oracleNorm(osaOracle(a, b), longest); got != want {
			t.Errorf("osa %v: %v, want %v", c, got, want)
		}
		if got, want := DamerauLevenshtein(c.A, c.B), oracleNorm(damerauOracle(a, b), longest); got != want {
			t.Errorf("damerau %v: %v, want %v", c, got, want)
		}
		if got, want := LCSSeq(c.A, c.B), oracleNorm(longest-lcsOracle(a, b), longest); got != want {
			t.Errorf("lcsseq %v: %v, want %v", c, got, want)
		}
	}
}

// TestShortPathAllocations checks the zero-allocation guarantee up to 64
// code points, ASCII and not.
func TestShortPathAllocations(t *testing.T) {
	a := string([]rune(strings.Repeat("é😀abcdefgh", 7))[:64])
	b := string([]rune(strings.Repeat("😀abcdéfgh", 8))[:64])
	for name, f := range map[string]func(string, string) float64{
		"jaro": Jaro, "jaro_winkler": JaroWinkler, "levenshtein": Levenshtein,
		"damerau_levenshtein": DamerauLevenshtein, "osa": OSA, "indel": Indel, "lcsseq": LCSSeq,
	} {
		for _, in := range [][2]string{{a, b}, {"kitten", "sitting"}, {strings.Repeat("x", 64), strings.Repeat("y", 63)}} {
			if n := testing.AllocsPerRun(20, func() { f(in[0], in[1]) }); n != 0 {
				t.Errorf("%s on %d/%d runes: %v allocs", name, len([]rune(in[0])), len([]rune(in[1])), n)
			}
		}
	}
}

// ---------------------------------------------------------- benchmarks

var comparatorBenchSink float64

func comparatorBenchPair(n int) (string, string) {
	rng := rand.New(rand.NewPCG(uint64(n), 99))
	alpha := []rune("abcdefghijklmnopqrstuvwxyz")
	a := make([]rune, n)
	for i := range a {
		a[i] = alpha[rng.IntN(len(alpha))]
	}
	b := append([]rune(nil), a...)
	for range max(1, n/8) {
		b[rng.IntN(n)] = alpha[rng.IntN(len(alpha))]
	}
	if n > 2 {
		b[1], b[2] = b[2], b[1]
	}
	return string(a), string(b)
}

func BenchmarkStringComparators(b *testing.B) {
	funcs := []struct {
		name string
		f    func(string, string) float64
	}{
		{"jaro", Jaro}, {"jaro_winkler", JaroWinkler}, {"levenshtein", Levenshtein},
		{"damerau_levenshtein", DamerauLevenshtein}, {"osa", OSA}, {"indel", Indel}, {"lcsseq", LCSSeq},
	}
	for _, n := range []int{8, 32, 64, 1000} {
		x, y := comparatorBenchPair(n)
		for _, fn := range funcs {
			b.Run(fmt.Sprintf("%s/%d", fn.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					comparatorBenchSink = fn.f(x, y)
				}
			})
		}
		b.Run(fmt.Sprintf("agnivade_levenshtein/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				comparatorBenchSink = float64(agnivade.ComputeDistance(x, y))
			}
		})
	}
	// Non-ASCII short strings take the symbol-table path.
	x, y := "Ærøskøbing–Københaven ✈ 東京", "Aerøskøbing-København ✈ 東京都"
	for _, fn := range funcs {
		b.Run(fn.name+"/unicode", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				comparatorBenchSink = fn.f(x, y)
			}
		})
	}
}
