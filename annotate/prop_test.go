package annotate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// docs draws n gold documents of one shape: records with a unique "code"
// (strings or integers), a label from a small vocabulary, free text and a
// measure; links whose "from" and "to" name records of the same document;
// a tag set; and a nested object.
func docs(r *rand.Rand, n int) []jsonval.Value {
	intIDs := r.IntN(2) == 0
	labels := []string{"Gene", "Disease", "Chemical", "Variant"}
	words := []string{"alpha", "beta", "gamma", "delta", "epsilon"}
	var out []jsonval.Value
	for range n {
		k := 2 + r.IntN(5)
		var recs, links []string
		var ids []string
		for i := range k {
			id := fmt.Sprintf("%q", fmt.Sprintf("r%d", i*3+r.IntN(3)))
			if intIDs {
				id = fmt.Sprint(100 + i*3 + r.IntN(3))
			}
			ids = append(ids, id)
			text := words[r.IntN(len(words))] + " " + words[r.IntN(len(words))]
			recs = append(recs, fmt.Sprintf(`{"code": %s, "label": %q, "text": %q, "size": %g}`, id, labels[r.IntN(len(labels))], text, float64(r.IntN(1000))/8))
		}
		for range 2 + r.IntN(3) { // two at least: one value is too little evidence for a ref
			links = append(links, fmt.Sprintf(`{"from": %s, "to": %s}`, ids[r.IntN(k)], ids[r.IntN(k)]))
		}
		doc := fmt.Sprintf(`{"records": [%s], "links": [%s], "meta": {"count": %d, "lang": "en"}}`, strings.Join(recs, ", "), strings.Join(links, ", "), k)
		v, err := jsonval.DecodeString(doc)
		if err != nil {
			panic(err)
		}
		out = append(out, v)
	}
	return out
}

// TestAnnotateProperties: for random golds, the annotated schema passes
// the checks, proposes the planted identifier and references, scores every
// gold 1 against itself, and is the same bytes on a second run.
func TestAnnotateProperties(t *testing.T) {
	p := proptest.Parameters(t)
	p.MinSuccessfulTests = 60
	if longtest.Enabled() {
		p.MinSuccessfulTests = 400
	}
	p.MaxShrinkCount = 0
	props := gopter.NewProperties(p)
	props.Property("annotate's output checks, recovers the planted scope and scores golds 1", prop.ForAll(
		func(seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 7))
			golds := docs(r, 1+r.IntN(4))
			res, err := Annotate(nil, golds)
			if err != nil {
				return err.Error()
			}
			out := res.JSON()
			sch, err := ir.Compile(out, ir.Options{File: "annotated.json"})
			if err != nil {
				return fmt.Sprintf("does not pass oagen check: %v\n%s", err, out)
			}
			sc := sch.Scope("record")
			if sc == nil || len(sc.RefPaths) != 2 {
				return fmt.Sprintf("scope %+v\n%s", sc, out)
			}
			s, err := interp.New(sch, interp.Options{})
			if err != nil {
				return err.Error()
			}
			for _, g := range golds {
				score, err := s.Score(g, g)
				if err != nil || score != 1 {
					return fmt.Sprintf("gold against itself: %v %v", score, err)
				}
			}
			again, _ := Annotate(nil, golds)
			if !bytes.Equal(again.JSON(), out) {
				return "a second run differs"
			}
			return ""
		},
		gen.UInt64(),
	))
	if !props.Run(gopter.NewFormatedReporter(true, 160, os.Stdout)) {
		t.Error("property failed (see above)")
	}
}
