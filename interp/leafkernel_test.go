package interp_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// leafSchema has arrays of every leaf kind under both tail regimes, a
// thresholded comparator, a custom comparator that may answer outside
// [0, 1] (an error), and a scope whose records hold a leaf array, so that
// leaf cells also run inside bijection derivation (where a kind mismatch
// is an error the record cell swallows).
const leafSchema = `{"type": "object", "properties": {
	"tags": {"type": "array", "order": "align", "items": {"type": "string"}},
	"steps": {"type": "array", "order": "fixed", "items": {"type": ["string", "null"], "score": "exact", "nullScore": 0.25}},
	"fuzzy": {"type": "array", "order": "align", "items": {"type": "string", "score": "levenshtein", "threshold": 0.4}},
	"nums": {"type": "array", "order": "align", "items": {"type": "number", "threshold": 0.2}},
	"ints": {"type": "array", "order": "fixed", "items": {"type": "integer", "score": "odd"}},
	"flags": {"type": "array", "order": "align", "items": {"type": "boolean"}},
	"anyleaf": {"type": "array", "order": "align", "items": {"type": ["string", "number", "boolean", "null"]}},
	"recs": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
		"id": {"type": "string", "idScope": "rec"},
		"words": {"type": "array", "order": "align", "items": {"type": ["string", "integer"]}}}}},
	"links": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
		"to": {"type": "string", "ref": "rec"}}}}}}`

// leafValue is a random value of leafSchema; long makes strings up to
// 40 runes (over a small MaxStringRunes).
func leafValue(r *rand.Rand, long bool) jsonval.Value {
	word := func() jsonval.Value {
		n := 1 + r.IntN(6)
		if long && r.IntN(4) == 0 {
			n = 20 + r.IntN(20)
		}
		return jsonval.NewString(strings.Repeat(string(rune('a'+r.IntN(4))), n) + fmt.Sprint(r.IntN(3)))
	}
	list := func(n int, elem func() jsonval.Value) jsonval.Value {
		out := make([]jsonval.Value, r.IntN(n+1))
		for i := range out {
			out[i] = elem()
		}
		return jsonval.NewArray(out)
	}
	anyLeaf := func() jsonval.Value {
		switch r.IntN(5) {
		case 0:
			return word()
		case 1:
			return jsonval.NewInt(int64(r.IntN(5)))
		case 2:
			return jsonval.NewFloat(float64(r.IntN(40)) / 8)
		case 3:
			return jsonval.NewBool(r.IntN(2) == 0)
		}
		return jsonval.NullValue()
	}
	nrec := r.IntN(5)
	recs := make([]jsonval.Value, nrec)
	for i := range recs {
		recs[i] = jsonval.NewObject([]jsonval.Member{
			{Key: "id", Value: jsonval.NewString(fmt.Sprint("r", i))},
			{Key: "words", Value: list(4, func() jsonval.Value {
				if r.IntN(4) == 0 {
					return jsonval.NewInt(int64(r.IntN(3)))
				}
				return word()
			})},
		})
	}
	links := list(4, func() jsonval.Value {
		return jsonval.NewObject([]jsonval.Member{{Key: "to", Value: jsonval.NewString(fmt.Sprint("r", r.IntN(nrec+1)))}})
	})
	return jsonval.NewObject([]jsonval.Member{
		{Key: "tags", Value: list(12, word)},
		{Key: "steps", Value: list(8, func() jsonval.Value {
			if r.IntN(5) == 0 {
				return jsonval.NullValue()
			}
			return word()
		})},
		{Key: "fuzzy", Value: list(6, word)},
		{Key: "nums", Value: list(6, func() jsonval.Value { return jsonval.NewFloat(float64(r.IntN(80)) / 8) })},
		{Key: "ints", Value: list(6, func() jsonval.Value { return jsonval.NewInt(int64(r.IntN(9))) })},
		{Key: "flags", Value: list(6, func() jsonval.Value { return jsonval.NewBool(r.IntN(2) == 0) })},
		{Key: "anyleaf", Value: list(8, anyLeaf)},
		{Key: "recs", Value: jsonval.NewArray(recs)},
		{Key: "links", Value: links},
	})
}

// TestLeafKernelExact checks the leaf kernel (leafkernel.go) against the
// generic path on random pairs of leafSchema, in both profiles, at the
// default limits, at MaxWork values that stop the pair part-way, at a
// MaxStringRunes that some strings exceed, and with a cancellable context
// over arrays long enough to cross its polls: scores bit for bit, errors
// word for word.
func TestLeafKernelExact(t *testing.T) {
	t.Parallel()
	odd := align.CustomComparator{Registry: align.RegistryInteger, Name: "odd",
		Number: func(g, p jsonval.Value) float64 {
			if g.I == 7 {
				return 2 // outside [0, 1]: an error
			}
			return 1 / (1 + math.Abs(g.Float64()-p.Float64()))
		}}
	r := rand.New(rand.NewPCG(25, 1))
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
		for _, lim := range []interp.Limits{{}, {MaxWork: 30}, {MaxWork: 120}, {MaxWork: 400}, {MaxStringRunes: 16}} {
			fast, err := interp.Compile([]byte(leafSchema), "leaf.json", interp.Options{Compat: compat, Limits: lim, Comparators: []align.CustomComparator{odd}})
			if err != nil {
				t.Fatal(err)
			}
			slow := interp.GenericCells(fast)
			for i := range n {
				gold, cand := leafValue(r, lim.MaxStringRunes != 0), leafValue(r, lim.MaxStringRunes != 0)
				if msg := sameOutcome(fast, slow, gold, cand); msg != "" {
					t.Fatalf("compat %q limits %+v pair %d: %s\n  gold: %s\n  cand: %s", compat, lim, i, msg, jsonText(gold), jsonText(cand))
				}
			}
		}
	}
	// Polls: 70×70 string cells cross pollStride; a context that is never
	// done must not change the score, one already done stops both paths
	// with the same error.
	sc, err := interp.Compile([]byte(leafSchema), "leaf.json", interp.Options{Comparators: []align.CustomComparator{odd}})
	if err != nil {
		t.Fatal(err)
	}
	slow := interp.GenericCells(sc)
	words := func(seed uint64) jsonval.Value {
		r := rand.New(rand.NewPCG(seed, 2))
		out := make([]jsonval.Value, 70)
		for i := range out {
			out[i] = jsonval.NewString(fmt.Sprint("w", r.IntN(100)))
		}
		return jsonval.NewObject([]jsonval.Member{{Key: "tags", Value: jsonval.NewArray(out)}})
	}
	gold, cand := words(1), words(2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s1, err1 := sc.ScoreContext(ctx, gold, cand)
	s0, err0 := slow.ScoreContext(ctx, gold, cand)
	if err0 != nil || err1 != nil || math.Float64bits(s0) != math.Float64bits(s1) {
		t.Fatalf("cancellable context: kernel %v, %v; generic %v, %v", s1, err1, s0, err0)
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	_, err1 = sc.ScoreContext(done, gold, cand)
	_, err0 = slow.ScoreContext(done, gold, cand)
	if err0 == nil || err1 == nil || err0.Error() != err1.Error() {
		t.Fatalf("done context: kernel error %v, generic error %v", err1, err0)
	}
}
