package feedback

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
)

// randomOps builds n operations from small pools, so that keys tie often;
// every third operation may be half of a rename pair. PairIDs of non-rename
// operations hold their input position, to trace the permutation.
func randomOps(t testing.TB, seed uint64, n int) []align.Op {
	rng := rand.New(rand.NewPCG(seed, 11))
	kinds := []align.OpKind{align.KindPrimitiveReplace, align.KindListItemAdd, align.KindListItemExcess, align.KindKeyAdd, align.KindRefFix, align.KindNullValueReplace}
	pathPool := []string{"", "/a", "/a/0", "/b", "/é", "/a~1b"}
	deltas := []float64{0, 0.0625, 0.0625, 0.125, 1.0 / 3, 0.5}
	ops := make([]align.Op, 0, n)
	for i := 0; len(ops) < n; i++ {
		if i%3 == 2 && len(ops)+2 <= n {
			add, remove := renamePair(t, deltas[rng.IntN(len(deltas))])
			add.PairID = "repair_pair_" + strconv.Itoa(i)
			remove.PairID = add.PairID
			ops = append(ops, remove, add)
			continue
		}
		k := kinds[rng.IntN(len(kinds))]
		ops = append(ops, align.Op{
			Op:   map[bool]string{true: "add", false: "replace"}[k == align.KindListItemAdd || k == align.KindKeyAdd],
			Kind: k, Path: pathPool[rng.IntN(len(pathPool))], Delta: deltas[rng.IntN(len(deltas))],
			Confidence: float64(rng.IntN(5)) / 4, PairID: "#" + strconv.Itoa(len(ops)),
		})
	}
	return ops
}

func TestRenderFeedbackProperties(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(30, 300, 1200)
	props := gopter.NewProperties(params)

	props.Property("RenderFeedback selection invariants", prop.ForAll(
		func(seed uint64, n, topK int, minDelta float64) string {
			ranked, err := align.RankOps(randomOps(t, seed, n), align.RankOptions{}, nil)
			if err != nil {
				return err.Error()
			}
			opts := refOptions()
			opts.TopK, opts.MinScoreDelta = topK, minDelta
			fb, err := RenderFeedback(0.5, ranked, opts)
			if err != nil {
				return err.Error()
			}
			if fb.NTotal != len(ranked) || len(fb.Entries) > topK || fb.NShown > len(fb.Entries) {
				return fmt.Sprintf("total %d entries %d shown %d topK %d", fb.NTotal, len(fb.Entries), fb.NShown, topK)
			}
			if fb.Truncated != (len(fb.Entries) < fb.NTotal) {
				return "truncated flag"
			}
			lines := strings.Split(fb.Text, "\n")
			rank := 0
			for _, e := range fb.Entries {
				if e.Silent != (e.Text == "") || e.Silent != (e.Op.Kind == align.KindKeyRenameRemove) {
					return fmt.Sprintf("entry %+v: silent %v text %q", e.Op.Kind, e.Silent, e.Text)
				}
				if e.Silent {
					continue
				}
				rank++
				if e.Rank != rank || e.Op.Delta < minDelta && e.Op.Kind != align.KindKeyRenameAdd || lines[rank] != e.Text || !strings.HasPrefix(e.Text, strconv.Itoa(rank)+". ") {
					return fmt.Sprintf("entry %d: rank %d text %q line %q", rank, e.Rank, e.Text, lines[rank])
				}
			}
			if rank != fb.NShown {
				return "NShown"
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, 40), gen.IntRange(0, 12), gen.Float64Range(0, 0.2),
	))
	props.TestingRun(t)
}
