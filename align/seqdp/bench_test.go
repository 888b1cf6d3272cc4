package seqdp

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkAlign aligns square matrices of uniform random scores in [0, 1)
// drawn with a fixed seed.
func BenchmarkAlign(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(42, uint64(n)))
			flat := make([]float64, n*n)
			for k := range flat {
				flat[k] = rng.Float64()
			}
			var w Workspace
			if _, _, err := w.Align(flat, n, n); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, _, err := w.Align(flat, n, n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
