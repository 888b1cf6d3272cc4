package align

import "math"

// Summation disciplines of docs/SCORING.md §10.2. Scores must match the reference bit
// for bit where they decide ties, so each discipline is transcribed exactly
// (no reassociation, no compensation where the reference has none).

// pairwiseBlock is the leaf size of the pairwise recursion.
const pairwiseBlock = 128

// PairwiseSum is the pairwise sum of docs/SCORING.md §10.2 (the numeric library's pairwise
// summation: eight accumulators over blocks of at most 128 terms, halving
// recursion above), started from the identity 0: an all-negative-zero input
// sums to +0.0. It does not allocate.
func PairwiseSum(xs []float64) float64 {
	r := pairwiseRec(xs)
	if r == 0 {
		return 0 // 0 + r: the identity turns -0.0 into +0.0
	}
	return r
}

func pairwiseRec(x []float64) float64 {
	n := len(x)
	switch {
	case n < 8:
		r := 0.0
		for _, v := range x {
			r += v
		}
		return r
	case n <= pairwiseBlock:
		a0, a1, a2, a3 := x[0], x[1], x[2], x[3]
		a4, a5, a6, a7 := x[4], x[5], x[6], x[7]
		i := 8
		for ; i < n-n%8; i += 8 {
			a0 += x[i]
			a1 += x[i+1]
			a2 += x[i+2]
			a3 += x[i+3]
			a4 += x[i+4]
			a5 += x[i+5]
			a6 += x[i+6]
			a7 += x[i+7]
		}
		r := ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7))
		for ; i < n; i++ {
			r += x[i]
		}
		return r
	default:
		h := n / 2
		h -= h % 8
		return pairwiseRec(x[:h]) + pairwiseRec(x[h:])
	}
}

// NeumaierSum is the compensated sum of docs/SCORING.md §10.2: Neumaier's improvement of Kahan
// summation, started from the first term, returning s + c when the
// compensation c is non-zero and finite and s otherwise (so an overflowed
// or infinite sum is not turned into NaN). An empty sum is 0.
func NeumaierSum(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s, c := xs[0], 0.0
	for _, x := range xs[1:] {
		t := s + x
		if math.Abs(s) >= math.Abs(x) {
			c += (s - t) + x
		} else {
			c += (x - t) + s
		}
		s = t
	}
	if c != 0 && !math.IsInf(c, 0) && !math.IsNaN(c) {
		return s + c
	}
	return s
}

// Clamp01 is clamp01(x) = max(0, min(1, x)) of docs/SCORING.md §10.1. Negative zero becomes
// +0.0; NaN is returned unchanged so that an upstream bug stays visible.
func Clamp01(x float64) float64 {
	switch {
	case x > 1:
		return 1
	case x > 0:
		return x
	case x <= 0:
		return 0
	}
	return x // NaN
}

// Perfect reports whether every part of a normalised weighted sum is perfect:
// every score of non-zero weight is 1. In the default profile such a sum is
// exactly 1 (docs/SCORING.md §5.5, §6.5), whatever the rounding of its shares.
func Perfect(weights, scores []float64) bool {
	for i, w := range weights {
		if w != 0 && scores[i] != 1 {
			return false
		}
	}
	return true
}
