package scierc_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/examples/scierc"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// sciercDoc returns a SciERC-like pair: 15 entities with 1–3 mentions each
// and 12 relations; the candidate renames the ids, reverses the entity
// order, misses one entity and one relation and mislabels two types.
func sciercDoc() (gold, cand string) {
	types := []string{"Task", "Method", "Metric", "Material", "Generic", "OtherScientificTerm"}
	preds := []string{"USED-FOR", "PART-OF", "FEATURE-OF", "COMPARE", "EVALUATE-FOR", "HYPONYM-OF"}
	var ents, cents, rels, crels []string
	for i := range 15 {
		var ms []string
		for k := range 1 + i%3 {
			ms = append(ms, fmt.Sprintf(`{"text": "term %d variant %d"}`, i, k))
		}
		typ := types[i%len(types)]
		ents = append(ents, fmt.Sprintf(`{"id": "E%d", "type": %q, "mentions": [%s]}`, i, typ, strings.Join(ms, ",")))
		if i == 7 {
			continue
		}
		if i%6 == 1 {
			typ = "Generic"
		}
		cents = append([]string{fmt.Sprintf(`{"id": "T%d", "type": %q, "mentions": [%s]}`, 40-i, typ, strings.Join(ms, ","))}, cents...)
	}
	for k := range 12 {
		s, o := (k*4)%15, (k*7+3)%15
		rels = append(rels, fmt.Sprintf(`{"subject": "E%d", "predicate": %q, "object": "E%d"}`, s, preds[k%len(preds)], o))
		if k != 5 {
			crels = append(crels, fmt.Sprintf(`{"subject": "T%d", "predicate": %q, "object": "T%d"}`, 40-s, preds[k%len(preds)], 40-o))
		}
	}
	doc := func(e, r []string) string {
		return `{"entities": [` + strings.Join(e, ",") + `], "relations": [` + strings.Join(r, ",") + `]}`
	}
	return doc(ents, rels), doc(cents, crels)
}

func typed(tb testing.TB, s string) *scierc.Document {
	d, err := scierc.DecodeDocument([]byte(s))
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

func scorer(tb testing.TB) *interp.Scorer {
	sch, err := os.ReadFile("../../testdata/schemas/scierc_exact.json")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := interp.Compile(sch, "scierc_exact.json", interp.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// TestSciERCDoc checks the benchmark pair against the interpreter and
// reports the allocations of the typed scorer.
func TestSciERCDoc(t *testing.T) {
	gs, ps := sciercDoc()
	gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	want, err := scorer(t).Score(gv, pv)
	if err != nil {
		t.Fatal(err)
	}
	g, p := typed(t, gs), typed(t, ps)
	if got, err := scierc.ScoreDocument(g, p); got != want || err != nil {
		t.Fatalf("ScoreDocument = %v, %v, interpreter %v", got, err, want)
	}
	if n := testing.AllocsPerRun(50, func() { scierc.ScoreDocument(g, p) }); n != 0 {
		t.Errorf("ScoreDocument: %v allocs/op, want 0", n)
	}
}

func BenchmarkScoreDocument(b *testing.B) {
	gs, ps := sciercDoc()
	g, p := typed(b, gs), typed(b, ps)
	b.ReportAllocs()
	for b.Loop() {
		scierc.ScoreDocument(g, p)
	}
}

func BenchmarkInterpreter(b *testing.B) {
	gs, ps := sciercDoc()
	sc := scorer(b)
	g, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	p, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreDocumentJSON scores the SciERC-like pair from its JSON
// texts, decoding included.
func BenchmarkScoreDocumentJSON(b *testing.B) {
	gs, ps := sciercDoc()
	g, p := []byte(gs), []byte(ps)
	if _, typed, err := scierc.ScoreDocumentJSONDetail(g, p); err != nil || !typed {
		b.Fatalf("typed %v, %v", typed, err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scierc.ScoreDocumentJSON(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInterpreterJSON is the interpreter on the same JSON texts,
// decoding included.
func BenchmarkInterpreterJSON(b *testing.B) {
	gs, ps := sciercDoc()
	sc := scorer(b)
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
