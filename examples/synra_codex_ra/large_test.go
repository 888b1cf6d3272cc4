package org2graph_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	org2graph "github.com/objectaligner/oagen/examples/synra_codex_ra"
	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/internal/orggraph"
	"github.com/objectaligner/oagen/jsonval"
)

// orgGraph returns the Org2Graph pair of n people that the interpreter's
// benchmarks score (internal/orggraph).
func orgGraph(n int) (gold, cand string) {
	return orggraph.Pair(n, rand.New(rand.NewPCG(uint64(n), 2026)))
}

// TestLargeGraphStaysTyped checks that the JSON entry points score an
// Org2Graph-500 pair with the typed code (genrt.WithinLimitsValues bounds
// the work per array, not over the whole documents) and agree with the
// interpreter bit for bit.
func TestLargeGraphStaysTyped(t *testing.T) {
	gs, ps := orgGraph(500)
	got, typed, err := org2graph.ScoreGraphJSONDetail([]byte(gs), []byte(ps))
	if err != nil || !typed {
		t.Fatalf("ScoreGraphJSONDetail: %v, typed %v, %v; want the typed path", got, typed, err)
	}
	sc := defaultInterpreter(t)
	gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	want, err := sc.Score(gv, pv)
	if err != nil {
		t.Fatal(err)
	}
	if got != want || !(want > 0.5 && want < 1) {
		t.Errorf("typed score %v, interpreter %v (want equal, damaged but close)", got, want)
	}
}

// BenchmarkLargeGraph measures Org2Graph-N pairs through the interpreter,
// the typed scorer and the JSON entry point (docs/PERFORMANCE.md, "Large
// documents"); OAGEN_BENCH_MAXN bounds N (default 2000).
//
//	go test ./examples/synra_codex_ra -run '^$' -bench LargeGraph -cpu 1,2 -count 6
func BenchmarkLargeGraph(b *testing.B) {
	maxN := 2000
	if s := os.Getenv("OAGEN_BENCH_MAXN"); s != "" {
		maxN, _ = strconv.Atoi(s)
	}
	sc := defaultInterpreter(b)
	for _, n := range []int{50, 200, 500, 1000, 2000} {
		if n > maxN {
			continue
		}
		gs, ps := orgGraph(n)
		g, p := typed(b, gs), typed(b, ps)
		gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
		pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
		run := func(name string, f func() error) {
			b.Run(fmt.Sprintf("%s/N=%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				start := cputime.Process()
				for b.Loop() {
					if err := f(); err != nil {
						b.Fatal(err)
					}
				}
				if b.N > 0 && start > 0 {
					b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
				}
			})
		}
		run("interp", func() error { _, err := sc.Score(gv, pv); return err })
		run("typed", func() error { _, err := org2graph.ScoreGraph(g, p); return err })
		run("json", func() error {
			_, typed, err := org2graph.ScoreGraphJSONDetail([]byte(gs), []byte(ps))
			if err == nil && !typed {
				b.Log("the JSON entry point fell back to the interpreter")
			}
			return err
		})
	}
}

// TestRecordKernelDamaged checks the record kernel of genrt (the cells of
// the employment, acquaintance and partnership tables, filled a row at a
// time) against the interpreter on Org2Graph pairs large enough for it,
// whose records lose members at random on both sides: a record without
// every property takes the generated scorer, the others the kernel, and
// the score must be the interpreter's bit for bit. Identifiers stay (a
// gold reference must name one).
func TestRecordKernelDamaged(t *testing.T) {
	sc := defaultInterpreter(t)
	r := rand.New(rand.NewPCG(23, 1))
	damage := func(doc string, rate float64) string {
		v, err := jsonval.Decode([]byte(doc), jsonval.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, top := range v.Obj {
			for i := range top.Value.Arr {
				rec := &top.Value.Arr[i]
				var kept []jsonval.Member
				for _, mb := range rec.Obj {
					// A gold reference must name a gold identifier.
					if mb.Key == "id" || r.Float64() >= rate {
						kept = append(kept, mb)
					}
				}
				rec.Obj = kept
			}
		}
		return string(jsonval.AppendJSON(nil, v))
	}
	for seed := range 24 {
		n := 12 + 3*seed
		gs, ps := damagedPair(n, seed)
		if seed%3 != 0 {
			gs, ps = damage(gs, 0.03), damage(ps, 0.05)
		}
		g, p := typed(t, gs), typed(t, ps)
		got, err := org2graph.ScoreGraph(g, p)
		if err != nil {
			t.Fatal(err)
		}
		gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
		pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
		want, err := sc.Score(gv, pv)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("n = %d (seed %d): typed %v, interpreter %v", n, seed, got, want)
		}
	}
}

// damagedPair is the Org2Graph pair of n people of a seed.
func damagedPair(n, seed int) (gold, cand string) {
	return orggraph.Pair(n, rand.New(rand.NewPCG(uint64(seed), 23)))
}

// TestRecordKernelRepeatedNames checks the record kernel's string memo
// (align/genrt/kernel.go: a gold string met in an earlier row of the matrix
// is not compared again) against the interpreter, bit for bit: Org2Graph
// pairs whose person and company names are drawn from a few strings on
// both sides (some not ASCII, one empty), so that most rows recur.
func TestRecordKernelRepeatedNames(t *testing.T) {
	sc := defaultInterpreter(t)
	names := []string{"Anna Novak", "Ana Novak", "Anna Nováková", "Pavel", "Paul", "", "Fiala Fiala Fiala Fiala"}
	r := rand.New(rand.NewPCG(23, 4))
	rename := func(doc string) string {
		v, err := jsonval.Decode([]byte(doc), jsonval.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, top := range v.Obj {
			for i := range top.Value.Arr {
				rec := &top.Value.Arr[i]
				for k := range rec.Obj {
					if rec.Obj[k].Key == "name" && r.IntN(4) != 0 {
						rec.Obj[k].Value = jsonval.NewString(names[r.IntN(len(names))])
					}
				}
			}
		}
		return string(jsonval.AppendJSON(nil, v))
	}
	for seed := range 12 {
		n := 20 + 5*seed
		gs, ps := damagedPair(n, seed)
		gs, ps = rename(gs), rename(ps)
		got, err := org2graph.ScoreGraph(typed(t, gs), typed(t, ps))
		if err != nil {
			t.Fatal(err)
		}
		gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
		pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
		want, err := sc.Score(gv, pv)
		if err != nil {
			t.Fatal(err)
		}
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("n = %d (seed %d): typed %v, interpreter %v", n, seed, got, want)
		}
	}
}
