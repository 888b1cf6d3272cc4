package interp

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestReadOffNext checks that the search's read-off of the next
// assignment (readOffNext, incremental when no identifier is null or
// repeated) gives readOffInto's bijection after every move of a random
// sequence of swaps and new permutations, for identifiers distinct or not,
// strings, integers and integral floats among them.
func TestReadOffNext(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	id := func(kind, x int) jsonval.Value {
		switch kind {
		case 0:
			return jsonval.Value{Kind: jsonval.String, S: "v" + strconv.Itoa(x)}
		case 1:
			return jsonval.Value{Kind: jsonval.Int, I: int64(x)}
		default:
			return jsonval.Value{Kind: jsonval.Float, F: float64(x)}
		}
	}
	ids := func(k int, distinct bool) []jsonval.Value {
		out := make([]jsonval.Value, k)
		for i := range out {
			x := i
			if !distinct {
				x = rng.IntN(k + 1)
			}
			if !distinct && rng.IntN(6) == 0 {
				continue // null
			}
			out[i] = id(rng.IntN(3), x)
		}
		return out
	}
	distinctRuns := 0
	for trial := range 400 {
		n, m := rng.IntN(8), rng.IntN(8)
		if n+m == 0 {
			continue
		}
		distinct := trial%3 != 0
		idsG, idsP := ids(n, distinct), ids(m, distinct)
		d := max(n, m)
		assign := rng.Perm(d)
		var b bijection
		readOffInto(&b, assign, n, m, idsG, idsP)
		if b.distinct {
			distinctRuns++
		}
		for move := range 30 {
			if move%10 == 9 {
				assign = rng.Perm(d)
			} else if d >= 2 {
				x, y := rng.IntN(d), rng.IntN(d)
				assign[x], assign[y] = assign[y], assign[x]
			}
			got := readOffNext(&b, assign, n, m, idsG, idsP)
			var want bijection
			readOffInto(&want, assign, n, m, idsG, idsP)
			if !reflect.DeepEqual(got.m, want.m) || !reflect.DeepEqual(got.order, want.order) ||
				!equalValues(got.exc, want.exc) || got.distinct != want.distinct {
				t.Fatalf("trial %d move %d: n=%d m=%d assign %v idsG %v idsP %v:\nreadOffNext m=%v order=%v exc=%v\nreadOffInto m=%v order=%v exc=%v",
					trial, move, n, m, assign, idsG, idsP, got.m, got.order, got.exc, want.m, want.order, want.exc)
			}
		}
	}
	if distinctRuns == 0 {
		t.Fatal("no trial had distinct identifiers: the incremental path was not exercised")
	}
}

// equalValues compares two lists of identifiers, nil and empty alike.
func equalValues(a, b []jsonval.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}
