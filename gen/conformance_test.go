package gen

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
)

// TestConformance runs every conformance vector whose schema oagen gen
// supports through the generated code of its schema and requires the
// interpreter's result bit for bit: the score (== on float64), the typed path
// or fallback, and the ranked operations. It reports how often the JSON entry
// points fell back to the interpreter. The generated code of every
// conformance schema goes into one package, built once (seconds when the
// build cache is warm), so it runs in the quick loop; -short skips it.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated code")
	}
	vecs, err := conformance.Load(filepath.Join(repoRoot(t), "testdata", "conformance"))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	index := map[string]int{}
	var pairs []pair
	var ids []string
	for _, v := range vecs {
		k := string(v.SchemaText)
		i, ok := index[k]
		if !ok {
			i = len(h.schemas)
			index[k] = i
			h.schemas = append(h.schemas, v.SchemaText)
		}
		pairs = append(pairs, pair{schema: i, gold: v.Gold, cand: v.Cand})
		ids = append(ids, v.ID)
	}
	bin := h.build(t)
	var run []pair
	var runIDs []string
	refusedVecs := 0
	for k, p := range pairs {
		if h.refused[p.schema] != nil {
			refusedVecs++
			continue
		}
		run = append(run, p)
		runIDs = append(runIDs, ids[k])
	}
	got := h.run(t, bin, run)
	scorers := map[int]*interp.Scorer{}
	agree, typed, fails := 0, 0, 0
	for k, p := range run {
		sc := scorers[p.schema]
		if sc == nil {
			sc, err = interp.Compile(h.schemas[p.schema], "", interp.Options{})
			if err != nil {
				t.Fatalf("%s: %v", runIDs[k], err)
			}
			scorers[p.schema] = sc
		}
		want := interpOutcome(sc, p.gold, p.cand)
		g := got[k]
		if g.Typed {
			typed++
		}
		if g.Score == want.Score && g.Ops == want.Ops {
			agree++
			continue
		}
		fails++
		if fails <= 10 {
			t.Errorf("%s (typed=%v): generated score %s ops\n%s\ninterpreter score %s ops\n%s", runIDs[k], g.Typed, g.Score, g.Ops, want.Score, want.Ops)
		}
	}
	reasons := map[string]int{}
	for _, err := range h.refused {
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[i+2:]
		}
		reasons[msg]++
	}
	for _, r := range slices.Sorted(maps.Keys(reasons)) {
		t.Logf("refused %d schemas: %s", reasons[r], r)
	}
	t.Logf("schemas: %d, refused by oagen gen: %d (%d vectors)", len(h.schemas), len(h.refused), refusedVecs)
	t.Logf("vectors run through generated code: %d, agree bit for bit: %d, typed path: %d, interpreter fallback: %d", len(run), agree, typed, len(run)-typed)
}
