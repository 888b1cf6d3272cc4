package org2graph_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	org2graph "github.com/objectaligner/oagen/examples/synra_codex_ra"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// org2graph50 returns an Org2Graph pair with 50 people and 10 companies: the
// candidate renames every id, shuffles every array, changes 5 titles and
// drops 3 employment links.
func org2graph50() (gold, cand string) {
	r := rand.New(rand.NewPCG(1, 2))
	titles := []string{"Engineer", "Manager", "Director", "Analyst", "Designer"}
	industries := []string{"Computing", "Research", "Finance", "Retail"}
	type rec = string
	var people, companies, employment, acquaintance, partnership []rec
	var cpeople, ccompanies, cemployment, cacquaintance, cpartnership []rec
	for i := range 50 {
		name := fmt.Sprintf("Person %c%c", 'A'+i%26, 'a'+i/26)
		title := titles[r.IntN(len(titles))]
		people = append(people, fmt.Sprintf(`{"id": "p%d", "name": %q, "title": %q}`, i, name, title))
		if i%10 == 3 {
			title = "Intern"
		}
		cpeople = append(cpeople, fmt.Sprintf(`{"id": "P-%d", "name": %q, "title": %q}`, 1000-i, name, title))
	}
	for i := range 10 {
		name, ind := fmt.Sprintf("Company %d", i), industries[r.IntN(len(industries))]
		companies = append(companies, fmt.Sprintf(`{"id": "c%d", "name": %q, "industry": %q}`, i, name, ind))
		ccompanies = append(ccompanies, fmt.Sprintf(`{"id": "C-%d", "name": %q, "industry": %q}`, 100-i, name, ind))
	}
	for i := range 50 {
		c, role := r.IntN(10), []string{"staff", "lead"}[r.IntN(2)]
		employment = append(employment, fmt.Sprintf(`{"person": "p%d", "company": "c%d", "role": %q}`, i, c, role))
		if i%17 != 5 {
			cemployment = append(cemployment, fmt.Sprintf(`{"person": "P-%d", "company": "C-%d", "role": %q}`, 1000-i, 100-c, role))
		}
	}
	for range 50 {
		a, b, rel := r.IntN(50), r.IntN(50), []string{"colleague", "friend", "mentor"}[r.IntN(3)]
		acquaintance = append(acquaintance, fmt.Sprintf(`{"source": "p%d", "target": "p%d", "relation": %q}`, a, b, rel))
		cacquaintance = append(cacquaintance, fmt.Sprintf(`{"source": "P-%d", "target": "P-%d", "relation": %q}`, 1000-a, 1000-b, rel))
	}
	for range 10 {
		a, b := r.IntN(10), r.IntN(10)
		partnership = append(partnership, fmt.Sprintf(`{"source": "c%d", "target": "c%d", "relation": "supplier"}`, a, b))
		cpartnership = append(cpartnership, fmt.Sprintf(`{"source": "C-%d", "target": "C-%d", "relation": "supplier"}`, 100-a, 100-b))
	}
	shuffle := func(xs []rec) []rec {
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		return xs
	}
	doc := func(p, c, e, a, pa []rec) string {
		return `{"people": [` + strings.Join(p, ",") + `], "companies": [` + strings.Join(c, ",") +
			`], "employment": [` + strings.Join(e, ",") + `], "acquaintance": [` + strings.Join(a, ",") +
			`], "partnership": [` + strings.Join(pa, ",") + `]}`
	}
	return doc(people, companies, employment, acquaintance, partnership),
		doc(shuffle(cpeople), shuffle(ccompanies), shuffle(cemployment), shuffle(cacquaintance), shuffle(cpartnership))
}

func typed(tb testing.TB, s string) *org2graph.Graph {
	g, err := org2graph.DecodeGraph([]byte(s))
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestOrg2Graph50 checks the benchmark pair against the interpreter and
// reports the allocations of the typed scorer.
func TestOrg2Graph50(t *testing.T) {
	gs, ps := org2graph50()
	// Generated code follows the default profile (docs/PROFILES.md,
	// "Generated code"): the interpreter it must match is a default one.
	sc := defaultInterpreter(t)
	gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	want, err := sc.Score(gv, pv)
	if err != nil {
		t.Fatal(err)
	}
	g, p := typed(t, gs), typed(t, ps)
	if got, err := org2graph.ScoreGraph(g, p); got != want || err != nil {
		t.Fatalf("ScoreGraph = %v, %v, interpreter %v", got, err, want)
	}
	// The WL labels are cached by content in the pooled context: once seen,
	// a pair allocates nothing.
	if n := testing.AllocsPerRun(20, func() { org2graph.ScoreGraph(g, p) }); n != 0 {
		t.Errorf("ScoreGraph: %v allocs/op, want 0", n)
	}
}

func BenchmarkScoreGraph(b *testing.B) {
	gs, ps := org2graph50()
	g, p := typed(b, gs), typed(b, ps)
	b.ReportAllocs()
	for b.Loop() {
		org2graph.ScoreGraph(g, p)
	}
}

func BenchmarkInterpreter(b *testing.B) {
	gs, ps := org2graph50()
	sc := defaultInterpreter(b)
	g, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	p, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreGraphJSON scores the Org2Graph-50 pair from its JSON texts,
// decoding included.
func BenchmarkScoreGraphJSON(b *testing.B) {
	gs, ps := org2graph50()
	g, p := []byte(gs), []byte(ps)
	if _, typed, err := org2graph.ScoreGraphJSONDetail(g, p); err != nil || !typed {
		b.Fatalf("typed %v, %v", typed, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := org2graph.ScoreGraphJSON(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInterpreterJSON is the interpreter on the same JSON texts,
// decoding included.
func BenchmarkInterpreterJSON(b *testing.B) {
	gs, ps := org2graph50()
	sc := defaultInterpreter(b)
	b.ReportAllocs()
	for b.Loop() {
		g, err := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		p, err := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// defaultInterpreter compiles the schema the example was generated from
// into a default-profile interpreter, the one generated code must match bit
// for bit (docs/PROFILES.md, "Generated code").
func defaultInterpreter(tb testing.TB) *interp.Scorer {
	tb.Helper()
	sch, err := os.ReadFile("../../testdata/schemas/synra_codex_ra.json")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := interp.Compile(sch, "synra_codex_ra.json", interp.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}
