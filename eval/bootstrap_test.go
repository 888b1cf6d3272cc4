package eval

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// randomScores returns n scores with about distinct different values.
func randomScores(r *rand.Rand, n, distinct int) *Scores {
	var sc Scores
	for range n {
		sc.add(float64(r.IntN(distinct)) / float64(distinct))
	}
	sc.fold()
	return &sc
}

// BenchmarkBootstrap measures the interval of eval's summary over 20,000
// scores (1,000 resamples of 20,000 draws), of one value (fig1's) and of
// 5,000.
//
//	go test ./eval -run '^$' -bench Bootstrap -benchmem -cpu 1
func BenchmarkBootstrap(b *testing.B) {
	for _, distinct := range []int{1, 5000} {
		sc := randomScores(rand.New(rand.NewPCG(1, 2)), 20000, distinct)
		b.Run("distinct="+strconv.Itoa(distinct), func(b *testing.B) {
			for b.Loop() {
				bootstrap(sc, 20000)
			}
		})
	}
}

// TestIndexDrawer checks that indexDrawer draws what rand.Rand.Int64N
// draws from the same PCG: sizes small and large, powers of two and their
// neighbours, sizes near 2⁶³ (where Int64N rejects often).
func TestIndexDrawer(t *testing.T) {
	sizes := []int64{1, 2, 3, 5, 7, 100, 1000, 1 << 20, 1<<20 - 1, 1<<20 + 1, 20000, 1 << 32, 1<<32 + 1, 1<<40 + 12345,
		math.MaxInt64, math.MaxInt64 - 1, 1 << 62, 1<<62 + 1, 3 << 61, 1<<63/3*2 + 1}
	for _, n := range sizes {
		want := rand.New(rand.NewPCG(BootstrapSeed, uint64(n)))
		got := newIndexDrawer(rand.NewPCG(BootstrapSeed, uint64(n)), n)
		for i := range 20000 {
			if g, w := got.next(), want.Int64N(n); g != w {
				t.Fatalf("n = %d, draw %d: %d, Int64N %d", n, i, g, w)
			}
		}
	}
}

// TestIndexDrawerSum checks that indexDrawer.sum adds the scores at the
// positions next draws, in the same order (the same float64 sums).
func TestIndexDrawerSum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int64{1, 2, 3, 64, 1000, 1024, 4097, 20000} {
		all := make([]float64, n)
		for i := range all {
			all[i] = r.Float64()
		}
		a := newIndexDrawer(rand.NewPCG(BootstrapSeed, uint64(n)), n)
		b := newIndexDrawer(rand.NewPCG(BootstrapSeed, uint64(n)), n)
		for round := range 5 {
			var want float64
			for range n {
				want += all[b.next()]
			}
			if got := a.sum(all); got != want {
				t.Fatalf("n = %d, round %d: sum %v, by next %v", n, round, got, want)
			}
		}
	}
}

// TestBootstrapDraws checks that the bootstrap's inlined draws give the
// intervals of the loop through rand.Rand.Int64N, bit for bit, for sizes
// powers of two and not.
func TestBootstrapDraws(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 2, 3, 16, 100, 1024, 5000} {
		sc := randomScores(r, n, 1+r.IntN(n))
		got := bootstrap(sc, int64(n))
		// The reference: the loop as written before the draws were inlined.
		b := int(min(maxResamples, max(minResamples, bootstrapDraws/int64(n))))
		rng := rand.New(rand.NewPCG(BootstrapSeed, uint64(n)))
		draw := drawer(sc, int64(n))
		means := make([]float64, b)
		for i := range means {
			var t float64
			for range n {
				t += draw(rng.Int64N(int64(n)))
			}
			means[i] = t / float64(n)
		}
		slices.Sort(means)
		ms := &Scores{Values: means, Counts: slices.Repeat([]int64{1}, b)}
		low, high := quantile(ms, int64(b), 0.025), quantile(ms, int64(b), 0.975)
		if got.Low != low || got.High != high || got.Resamples != b {
			t.Errorf("n = %d: interval [%v, %v] of %d resamples, want [%v, %v] of %d", n, got.Low, got.High, got.Resamples, low, high, b)
		}
	}
}
