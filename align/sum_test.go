package align

import (
	"math"
	"math/rand/v2"
	"testing"
)

// pairwiseReference is an independent, literal transcription of docs/SCORING.md
// §10.2's PAIRWISE pseudo-code (array accumulators, while loops, explicit
// index arithmetic), plus the identity 0 the sum starts from.
func pairwiseReference(x []float64) float64 {
	var rec func(lo, n int) float64
	rec = func(lo, n int) float64 {
		if n < 8 {
			r := 0.0
			for k := 0; k < n; k++ {
				r = r + x[lo+k]
			}
			return r
		}
		if n <= 128 {
			var a [8]float64
			for k := 0; k < 8; k++ {
				a[k] = x[lo+k]
			}
			i := 8
			for i < n-(n%8) {
				for k := 0; k < 8; k++ {
					a[k] = a[k] + x[lo+i+k]
				}
				i = i + 8
			}
			r := ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
			for i < n {
				r = r + x[lo+i]
				i = i + 1
			}
			return r
		}
		h := n / 2
		h = h - (h % 8)
		return rec(lo, h) + rec(lo+h, n-h)
	}
	r := rec(0, len(x))
	zero := 0.0
	return zero + r
}

// randomSumTerms returns n terms whose sum depends on the order of additions:
// mixed signs and magnitudes from 1e-8 to 1e8.
func randomSumTerms(rng *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = (rng.Float64() - 0.3) * math.Pow(10, float64(rng.IntN(17)-8))
	}
	return xs
}

// TestPairwiseSumMatchesReference checks bit equality with the literal
// transcription for every n from 0 to 300, on several random inputs each.
func TestPairwiseSumMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	orderMatters := 0
	for n := 0; n <= 300; n++ {
		for range 20 {
			xs := randomSumTerms(rng, n)
			got, want := PairwiseSum(xs), pairwiseReference(xs)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("n=%d: PairwiseSum = %v (%x), reference %v (%x)", n, got, math.Float64bits(got), want, math.Float64bits(want))
			}
			naive := 0.0
			for _, v := range xs {
				naive += v
			}
			if naive != got {
				orderMatters++
			}
		}
	}
	// The inputs must be able to tell summation orders apart, or the test
	// above would prove nothing.
	if orderMatters < 1000 {
		t.Fatalf("only %d inputs distinguish pairwise from left-to-right summation", orderMatters)
	}
}

func TestPairwiseSumCases(t *testing.T) {
	negZero := math.Copysign(0, -1)
	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{"empty", nil, 0},
		{"one", []float64{0.1}, 0.1},
		{"seven left to right", []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}, sumLeftToRight(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)},
		// n = 9: eight accumulators, then the ninth term added to r:
		// ((1e16+1) + 2) + (2 + 2) is 1e16+6 (1e16+1 rounds to even), and
		// + 1 rounds to even again, 1e16+8; left to right gives 1e16.
		{"nine", []float64{1e16, 1, 1, 1, 1, 1, 1, 1, 1}, 1e16 + 8},
		{"negative zeros", []float64{negZero, negZero, negZero, negZero, negZero, negZero, negZero, negZero, negZero}, 0},
	}
	for _, tt := range tests {
		got := PairwiseSum(tt.xs)
		if math.Float64bits(got) != math.Float64bits(tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// sumLeftToRight adds xs one by one in float64.
func sumLeftToRight(xs ...float64) float64 {
	r := 0.0
	for _, v := range xs {
		r += v
	}
	return r
}

// TestNeumaierSum checks the compensated sum, which behaves as CPython's
// float sum (3.12+): c is added only when it is non-zero and finite.
func TestNeumaierSum(t *testing.T) {
	negZero := math.Copysign(0, -1)
	tests := []struct {
		name string
		xs   []float64
		want float64
	}{
		{"empty", nil, 0},
		{"one", []float64{0.1}, 0.1},
		{"negative zero kept", []float64{negZero}, negZero},
		{"tenths", []float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 1.0},
		{"cancellation", []float64{1e100, 1.0, -1e100}, 1.0},
		{"small first", []float64{1.0, 1e100, 1.0, -1e100}, 2.0},
		{"thirds", []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 1.0},
		{"overflow stays infinite", []float64{1e308, 1e308}, math.Inf(1)},
		{"infinity", []float64{math.Inf(1), 1.0}, math.Inf(1)},
	}
	for _, tt := range tests {
		got := NeumaierSum(tt.xs)
		if math.Float64bits(got) != math.Float64bits(tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	// Left to right gives 0.9999999999999999 for the tenths: the
	// compensation is what makes the difference.
	naive := 0.0
	for range 10 {
		naive += 0.1
	}
	if naive == 1.0 {
		t.Fatal("tenths case does not exercise the compensation")
	}
}

func TestClamp01(t *testing.T) {
	for _, tt := range []struct{ x, want float64 }{
		{0.5, 0.5}, {1, 1}, {0, 0}, {1.0000000000000002, 1}, {-1e-17, 0},
		{math.Copysign(0, -1), 0}, {math.Inf(1), 1}, {math.Inf(-1), 0},
	} {
		if got := Clamp01(tt.x); math.Float64bits(got) != math.Float64bits(tt.want) {
			t.Errorf("Clamp01(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
	if !math.IsNaN(Clamp01(math.NaN())) {
		t.Error("Clamp01(NaN) is not NaN")
	}
}

func TestSumAllocations(t *testing.T) {
	xs := randomSumTerms(rand.New(rand.NewPCG(5, 6)), 1000)
	if n := testing.AllocsPerRun(10, func() { PairwiseSum(xs); NeumaierSum(xs) }); n != 0 {
		t.Errorf("%v allocs", n)
	}
}

func BenchmarkSums(b *testing.B) {
	xs := randomSumTerms(rand.New(rand.NewPCG(5, 6)), 1000)
	b.Run("pairwise/1000", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			comparatorBenchSink = PairwiseSum(xs)
		}
	})
	b.Run("neumaier/1000", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			comparatorBenchSink = NeumaierSum(xs)
		}
	})
}
