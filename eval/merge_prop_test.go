package eval

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/proptest"
)

// randomCases draws n synthetic cases: scores from a small set (so that
// they repeat) and from [0,1), a few errors, observations at a handful of
// paths.
func randomCases(r *rand.Rand, n int) []Case {
	paths := []string{"", "/a", "/a/*", "/a/*/b", "/c/0", ScopePath("s"), InvalidPath}
	cases := make([]Case, n)
	for i := range cases {
		c := Case{ID: json.RawMessage(fmt.Sprint(r.IntN(n + 1))), Line: i + 1, Key: r.Uint64() % 64}
		switch r.IntN(10) {
		case 0:
			c.Error = "bad_json"
		case 1, 2, 3:
			c.Score = []float64{0, 0.5, 1, 1.0 / 3}[r.IntN(4)]
		default:
			c.Score = r.Float64()
		}
		for _, p := range paths[:r.IntN(len(paths))] {
			c.Paths = append(c.Paths, PathObs{Path: p, Kind: KindPath, Deficit: r.Float64() / 7,
				Outcomes: Outcomes{Occurrences: r.Int64N(5), Exact: r.Int64N(3), Missing: r.Int64N(2), TP: r.Int64N(3), FN: r.Int64N(2)}})
		}
		cases[i] = c
	}
	return cases
}

// TestMergeProperty: for random cases split at random points into shards
// (each through JSON), merged in a random order and grouping, the summary
// equals that of one state over all the cases.
func TestMergeProperty(t *testing.T) {
	props := gopter.NewProperties(proptest.Parameters(t))
	props.Property("merged shards summarize like the whole", prop.ForAll(func(seed uint64, n, shards int) bool {
		r := rand.New(rand.NewPCG(seed, 7))
		cases := randomCases(r, n)
		cfg := Config{Worst: 1 + r.IntN(6), Sample: 1 + r.IntN(6)}
		whole := NewState(cfg)
		for _, c := range cases {
			whole.Add(c)
		}
		// Cut points, then shard states through JSON.
		var parts []*State
		lo := 0
		for k := range shards {
			hi := n
			if k < shards-1 {
				hi = lo + r.IntN(n-lo+1)
			}
			s := NewState(cfg)
			for _, c := range cases[lo:hi] {
				s.Add(c)
			}
			data, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			back := &State{}
			if err := json.Unmarshal(data, back); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, back)
			lo = hi
		}
		// Merge pairs at random until one state is left.
		for len(parts) > 1 {
			i, j := r.IntN(len(parts)), r.IntN(len(parts)-1)
			if j >= i {
				j++
			}
			if err := parts[i].Merge(parts[j]); err != nil {
				t.Fatal(err)
			}
			parts = append(parts[:j], parts[j+1:]...)
		}
		compareSummaries(t, fmt.Sprintf("seed %d, %d cases, %d shards", seed, n, shards), parts[0].Finish(), whole.Finish())
		return !t.Failed()
	}, gen.UInt64(), gen.IntRange(0, 300), gen.IntRange(1, 6)))
	props.TestingRun(t)
}
