package synrasort_test

import (
	"encoding/json"
	"os"
	"testing"

	synrasort "github.com/objectaligner/oagen/examples/synra_sort_fixed"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// A 12-item Facts2Order case: two facts swapped, one moved, one missing.
var (
	sortGold = []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	sortCand = []int64{0, 2, 1, 3, 4, 9, 5, 6, 7, 8, 11}
)

func BenchmarkScoreSortedFacts(b *testing.B) {
	g, p := &synrasort.SortedFacts{Indices: sortGold}, &synrasort.SortedFacts{Indices: sortCand}
	b.ReportAllocs()
	for b.Loop() {
		synrasort.ScoreSortedFacts(g, p)
	}
}

func BenchmarkInterpreter(b *testing.B) {
	sch, err := os.ReadFile("../../testdata/schemas/synra_sort_fixed.json")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := interp.Compile(sch, "synra_sort_fixed.json", interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ints := func(xs []int64) jsonval.Value {
		vs := make([]jsonval.Value, len(xs))
		for i, x := range xs {
			vs[i] = jsonval.NewInt(x)
		}
		return jsonval.NewObject([]jsonval.Member{{Key: "indices", Value: jsonval.NewArray(vs)}})
	}
	g, p := ints(sortGold), ints(sortCand)
	want, err := sc.Score(g, p)
	if err != nil {
		b.Fatal(err)
	}
	if got, err := synrasort.ScoreSortedFacts(&synrasort.SortedFacts{Indices: sortGold}, &synrasort.SortedFacts{Indices: sortCand}); got != want || err != nil {
		b.Fatalf("generated %v (%v), interpreter %v", got, err, want)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// factsJSON renders a Facts2Order value as JSON text.
func factsJSON(xs []int64) []byte {
	b, err := json.Marshal(synrasort.SortedFacts{Indices: xs})
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkScoreSortedFactsJSON scores the pair from its JSON texts,
// decoding included.
func BenchmarkScoreSortedFactsJSON(b *testing.B) {
	g, p := factsJSON(sortGold), factsJSON(sortCand)
	if _, typed, err := synrasort.ScoreSortedFactsJSONDetail(g, p); err != nil || !typed {
		b.Fatalf("typed %v, %v", typed, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := synrasort.ScoreSortedFactsJSON(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInterpreterJSON is the interpreter on the same JSON texts,
// decoding included.
func BenchmarkInterpreterJSON(b *testing.B) {
	sch, err := os.ReadFile("../../testdata/schemas/synra_sort_fixed.json")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := interp.Compile(sch, "synra_sort_fixed.json", interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	gb, pb := factsJSON(sortGold), factsJSON(sortCand)
	b.ReportAllocs()
	for b.Loop() {
		g, err := jsonval.Decode(gb, jsonval.DecodeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		p, err := jsonval.Decode(pb, jsonval.DecodeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}
