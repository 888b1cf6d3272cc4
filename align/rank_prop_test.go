package align

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// randomOps builds n operations from small pools, so that keys tie often;
// every third operation may be half of a rename pair. PairIDs of non-rename
// operations hold their input position, to trace the permutation.
func randomOps(t testing.TB, seed uint64, n int) []Op {
	rng := rand.New(rand.NewPCG(seed, 11))
	kinds := []OpKind{KindPrimitiveReplace, KindListItemAdd, KindListItemExcess, KindKeyAdd, KindRefFix, KindNullValueReplace}
	pathPool := []string{"", "/a", "/a/0", "/b", "/é", "/a~1b"}
	deltas := []float64{0, 0.0625, 0.0625, 0.125, 1.0 / 3, 0.5}
	ops := make([]Op, 0, n)
	for i := 0; len(ops) < n; i++ {
		if i%3 == 2 && len(ops)+2 <= n {
			add, remove := renamePair(t, deltas[rng.IntN(len(deltas))])
			add.PairID = "repair_pair_" + strconv.Itoa(i)
			remove.PairID = add.PairID
			ops = append(ops, remove, add)
			continue
		}
		k := kinds[rng.IntN(len(kinds))]
		ops = append(ops, Op{
			Op:   map[bool]string{true: "add", false: "replace"}[k == KindListItemAdd || k == KindKeyAdd],
			Kind: k, Path: pathPool[rng.IntN(len(pathPool))], Delta: deltas[rng.IntN(len(deltas))],
			Confidence: float64(rng.IntN(5)) / 4, PairID: "#" + strconv.Itoa(len(ops)),
		})
	}
	return ops
}

func TestRankProperties(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(30, 300, 1200)
	props := gopter.NewProperties(params)
	rankBys := []string{RankByScoreDelta, RankByExpectedGain, RankByConfidence}
	cmps := []func(a, b *Op) int{cmpScoreDelta, cmpExpectedGain, cmpConfidence}

	props.Property("RankOps is a sorted, stable, idempotent permutation", prop.ForAll(
		func(seed uint64, n, rb int) string {
			ops := randomOps(t, seed, n)
			got, err := RankOps(ops, RankOptions{RankBy: rankBys[rb]}, nil)
			if err != nil {
				return err.Error()
			}
			if len(got) != len(ops) {
				return fmt.Sprintf("%d ops in, %d out", len(ops), len(got))
			}
			for i := 1; i < len(got); i++ {
				c := cmps[rb](&got[i-1], &got[i])
				if c > 0 {
					return fmt.Sprintf("positions %d, %d out of order", i-1, i)
				}
				if c == 0 && strings.HasPrefix(got[i].PairID, "#") && strings.HasPrefix(got[i-1].PairID, "#") {
					a, _ := strconv.Atoi(got[i-1].PairID[1:])
					b, _ := strconv.Atoi(got[i].PairID[1:])
					if a > b {
						return fmt.Sprintf("equal keys at %d, %d not in input order", i-1, i)
					}
				}
			}
			again, _ := RankOps(got, RankOptions{RankBy: rankBys[rb]}, nil)
			for i := range got {
				if again[i].PairID != got[i].PairID || again[i].Path != got[i].Path || again[i].Kind != got[i].Kind {
					return fmt.Sprintf("not idempotent at %d", i)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, 40), gen.IntRange(0, 2),
	))

}
