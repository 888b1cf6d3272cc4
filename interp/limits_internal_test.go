package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/jsonval"
)

// randomNest draws a value of nested arrays, objects and scalars up to
// depth levels deep.
func randomNest(r *rand.Rand, depth int) jsonval.Value {
	if depth == 0 || r.IntN(4) == 0 {
		return jsonval.NewInt(int64(r.IntN(9)))
	}
	n := r.IntN(4)
	if r.IntN(2) == 0 {
		vs := make([]jsonval.Value, n)
		for i := range vs {
			vs[i] = randomNest(r, depth-1)
		}
		return jsonval.NewArray(vs)
	}
	ms := make([]jsonval.Member, n)
	for i := range ms {
		ms[i] = jsonval.Member{Key: string(rune('a' + i)), Value: randomNest(r, depth-1)}
	}
	return jsonval.NewObject(ms)
}

// TestTooDeepMatchesCheck checks the allocation-free depth test of
// checkDepths against checkValueDepth, which locates the excess.
func TestTooDeepMatchesCheck(t *testing.T) {
	p := proptest.Parameters(t)
	p.MinSuccessfulTests = longtest.Count(2000, 20_000, 200_000)
	props := gopter.NewProperties(p)
	props.Property("tooDeep(v, limit) == (checkValueDepth(v, limit) != nil)", prop.ForAll(
		func(seed uint64, limit int) bool {
			v := randomNest(rand.New(rand.NewPCG(seed, 7)), 7)
			return tooDeep(v, limit) == (checkValueDepth(v, limit) != nil)
		},
		gen.UInt64(), gen.IntRange(0, 8)))
	props.TestingRun(t)
}
