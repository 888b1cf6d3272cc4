// Package proptest gives the project's property tests (gopter) one seed
// policy: a fixed seed by default, so that a CI run is reproducible and never
// red by chance, and OAGEN_PROP_SEED to explore (a number, or "time" for a
// seed taken from the clock). The seed is logged either way, so a failure can
// be replayed with OAGEN_PROP_SEED=<seed>.
package proptest

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/leanovate/gopter"
)

// DefaultSeed is the seed used when OAGEN_PROP_SEED is not set.
const DefaultSeed int64 = 20261129

// Seed returns the seed of a property test and logs it on t.
func Seed(t testing.TB) int64 {
	t.Helper()
	seed := DefaultSeed
	switch v := os.Getenv("OAGEN_PROP_SEED"); v {
	case "":
	case "time":
		seed = time.Now().UnixNano()
	default:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatalf("OAGEN_PROP_SEED=%q: want an integer or \"time\"", v)
		}
		seed = n
	}
	t.Logf("property seed %d (replay with OAGEN_PROP_SEED=%d)", seed, seed)
	return seed
}

// Parameters returns gopter's default test parameters with Seed(t).
func Parameters(t testing.TB) *gopter.TestParameters {
	t.Helper()
	return gopter.DefaultTestParametersWithSeed(Seed(t))
}
