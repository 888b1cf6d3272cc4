package genrt

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

func decodeT(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestWorkBoundHand pins WorkBound on hand-computed pairs (the interpreter's
// work is in parentheses; interp's TestPropertyWorkBound checks the bound
// against it on random pairs).
func TestWorkBoundHand(t *testing.T) {
	r2 := math.Sqrt2
	for _, tc := range []struct {
		gold, cand string
		sh         Shape
		want       float64
	}{
		// Two scalars: F·F = √2·√2 (1).
		{`1`, `2`, Shape{}, 2},
		// [1, 2] vs [3]: the call, the 2×1 matrix, two cells of 1 and
		// F sums 2√2·√2 (1 + 2 + 2).
		{`[1, 2]`, `[3]`, Shape{}, 1 + 2 + 2 + 2*r2*r2},
		// Objects with the same keys pair them by name: the call, the
		// 2×2 key matrix, two scalar pairs (1 + 4 + 2).
		{`{"a": 1, "b": 2}`, `{"b": 3, "a": 4}`, Shape{}, 1 + 4 + 2 + 2},
		// Other keys: each side may gain the other's keys as fills
		// (docs/SCORING.md §6.10), 3 × 3 keys; each row (a, b, the fill
		// of c) meets one column at most F·F = 2 (1 + 9 + 3·2).
		{`{"a": 1, "b": 2}`, `{"c": 3}`, Shape{}, 1 + 9 + 3*2},
		// A member the gold lacks, filled with null: the 1 × 1 key matrix
		// and the pair null–null (1 + 1 + 2). The bound ignored the fill
		// and said 1 (TestPropertyWorkBound, seed 20261129).
		{`{}`, `{"titel": null}`, Shape{}, 1 + 1 + 2},
		// A default larger than null: the fill is its size,
		// F({"x": 1}) = √2 + 1 + √2; the pair is F(null)·F(fill).
		{`{}`, `{"t": null}`, Shape{Fills: []jsonval.Value{decodeT(t, `{"x": 1}`)}}, 1 + 1 + r2*(2*r2+1)},
		// A union of 3 branches adds 2·3 to every call.
		{`1`, `2`, Shape{Branches: 3}, 8},
	} {
		got := WorkBound(decodeT(t, tc.gold), decodeT(t, tc.cand), tc.sh)
		if math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("WorkBound(%s, %s, %+v) = %v, want %v", tc.gold, tc.cand, tc.sh, got, tc.want)
		}
	}
}

// TestWithinLimitsValuesRecords: a scope's records are counted per path,
// not over every array of the document.
func TestWithinLimitsValuesRecords(t *testing.T) {
	list := func(n int) string {
		b := []byte{'['}
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '1')
		}
		return string(append(b, ']'))
	}
	lim := align.Limits{MaxCollection: 10}
	g := decodeT(t, `{"a": `+list(8)+`, "b": `+list(8)+`}`)
	st := jsonval.Stats{Depth: 3, MaxLen: 8}
	if !WithinLimitsValues(lim, st, st, g, g, Shape{Scopes: 1}, false) {
		t.Error("two arrays of 8 under MaxCollection 10: want within")
	}
	h := decodeT(t, `{"a": `+list(11)+`}`)
	if WithinLimitsValues(lim, st, st, h, h, Shape{Scopes: 1}, false) {
		t.Error("a record path of 11 under MaxCollection 10: want not within")
	}
	if WithinLimitsValues(align.Limits{MaxWork: 10}, st, st, g, g, Shape{}, false) {
		t.Error("MaxWork 10 for two arrays of 8 (64 cells): want not within")
	}
}

// recordsLiteral is bounder.records without its path cache: the path of
// every member is built afresh.
func recordsLiteral(b *bounder, v jsonval.Value, path string, groups map[string]*agg) {
	switch v.Kind {
	case jsonval.Array:
		p := path + "/*"
		g := groups[p]
		if g == nil {
			g = &agg{}
			groups[p] = g
		}
		for _, e := range v.Arr {
			b.add(g, e)
			recordsLiteral(b, e, p, groups)
		}
	case jsonval.Object:
		for _, m := range v.Obj {
			recordsLiteral(b, m.Value, path+"/"+escapeKey(m.Key), groups)
		}
	}
}

// TestRecordsPathCache compares bounder.records with recordsLiteral on
// arrays of objects whose keys change from element to element (orders,
// missing and extra keys, the empty key, keys with "/", "~" and "*").
func TestRecordsPathCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 23))
	keys := []string{"id", "name", "", "*", "a/b", "~", "x"}
	var value func(depth int) jsonval.Value
	value = func(depth int) jsonval.Value {
		switch k := rng.IntN(6); {
		case depth > 3 || k == 0:
			return jsonval.NewString("s")
		case k <= 2:
			v := jsonval.Value{Kind: jsonval.Array}
			for range rng.IntN(6) {
				v.Arr = append(v.Arr, value(depth+1))
			}
			return v
		default:
			v := jsonval.Value{Kind: jsonval.Object}
			for range rng.IntN(5) {
				v.Obj = append(v.Obj, jsonval.Member{Key: keys[rng.IntN(len(keys))], Value: value(depth + 1)})
			}
			return v
		}
	}
	for range 2000 {
		v := value(0)
		b := &bounder{unit: 1, c: math.Sqrt2, budget: 1e9, memo: map[*jsonval.Value]*agg{}}
		got, want := map[string]*agg{}, map[string]*agg{}
		b.records(v, "", got)
		recordsLiteral(b, v, "", want)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("records of %v: %v, literal %v", v, got, want)
		}
	}
}
