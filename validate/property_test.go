package validate

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/jsonval"
)

// randValue builds a small random JSON value whose leaves come from a narrow
// range, so that equal values (and near-equal ones) are common.
func randValue(r *rand.Rand, depth int) jsonval.Value {
	k := r.IntN(8)
	if depth == 0 && k >= 6 {
		k = r.IntN(6)
	}
	switch k {
	case 0:
		return jsonval.NullValue()
	case 1:
		return jsonval.NewBool(r.IntN(2) == 0)
	case 2:
		return jsonval.NewInt(int64(r.IntN(3)))
	case 3:
		return jsonval.NewFloat([]float64{0, 1, 2, 0.5, math.Copysign(0, -1), 1e300}[r.IntN(6)])
	case 4:
		return jsonval.NewString([]string{"", "a", "1", "é"}[r.IntN(4)])
	case 5:
		return jsonval.NewString("a")
	case 6:
		n := r.IntN(3)
		arr := make([]jsonval.Value, n)
		for i := range arr {
			arr[i] = randValue(r, depth-1)
		}
		return jsonval.NewArray(arr)
	default:
		keys := r.Perm(3)[:r.IntN(3)]
		obj := make([]jsonval.Member, len(keys))
		for i, key := range keys {
			obj[i] = jsonval.Member{Key: string(rune('a' + key)), Value: randValue(r, depth-1)}
		}
		return jsonval.NewObject(obj)
	}
}

// variant returns a value equal to v (numbers switched between integer and
// float form, object members reordered) or, now and then, a slightly
// different one.
func variant(r *rand.Rand, v jsonval.Value) jsonval.Value {
	if r.IntN(10) == 0 {
		return randValue(r, 1)
	}
	switch v.Kind {
	case jsonval.Int:
		if r.IntN(2) == 0 {
			return jsonval.NewFloat(float64(v.I))
		}
	case jsonval.Float:
		if isIntegral(v) && v.F < 1e18 && r.IntN(2) == 0 {
			return jsonval.NewInt(int64(v.F))
		}
	case jsonval.Array:
		arr := make([]jsonval.Value, len(v.Arr))
		for i := range arr {
			arr[i] = variant(r, v.Arr[i])
		}
		return jsonval.NewArray(arr)
	case jsonval.Object:
		obj := make([]jsonval.Member, len(v.Obj))
		for i, j := range r.Perm(len(obj)) {
			obj[i] = jsonval.Member{Key: v.Obj[j].Key, Value: variant(r, v.Obj[j].Value)}
		}
		return jsonval.NewObject(obj)
	}
	return v
}

func key(v jsonval.Value) string {
	var sb strings.Builder
	canonKey(&sb, v)
	return sb.String()
}

// TestCanonKeyMatchesEqual checks the uniqueItems shortcut: two values get the
// same canonical key exactly when jsonval.Equal (Python's equality) holds.
func TestCanonKeyMatchesEqual(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(300, 3000, 12000)
	properties := gopter.NewProperties(params)
	properties.Property("canonKey equality is jsonval.Equal", prop.ForAll(
		func(seed uint64) bool {
			r := rand.New(rand.NewPCG(seed, 0x5eed))
			a := randValue(r, 3)
			b := variant(r, a)
			eq := jsonval.Equal(a, b)
			if (key(a) == key(b)) != eq {
				t.Logf("a=%s b=%s Equal=%v", jsonval.PyRepr(a), jsonval.PyRepr(b), eq)
				return false
			}
			return hasDuplicates([]jsonval.Value{a, b}) == eq
		},
		gen.UInt64(),
	))
	properties.TestingRun(t)
}
