package hungarian

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSolveMax solves square matrices of uniform random scores in [0, 1)
// drawn with a fixed seed.
func BenchmarkSolveMax(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(42, uint64(n)))
			flat := randomMatrix(rng, n, n, nil)
			var s Solver
			if _, err := s.SolveMax(flat, n, n); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := s.SolveMax(flat, n, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
