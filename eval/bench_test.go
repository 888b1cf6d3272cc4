package eval_test

// Benchmarks of the line path of "oagen score -batch" and "oagen eval": one
// request line parsed, prepared, scored and rendered (docs/PERFORMANCE.md,
// "Request path"). The whole-process figures come from internal/linebench.
//
//	go test ./eval -run '^$' -bench LineScorer -benchmem -count 6 -cpu 1

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/internal/amrpairs"
	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// fig1Line is the request line of the paper's org chart (examples/orgchart).
func fig1Line(tb testing.TB, extra string) []byte {
	tb.Helper()
	var parts [2]bytes.Buffer
	for i, f := range []string{"gold.json", "candidate.json"} {
		data, err := os.ReadFile("../examples/orgchart/" + f)
		if err != nil {
			tb.Fatal(err)
		}
		if err := json.Compact(&parts[i], data); err != nil {
			tb.Fatal(err)
		}
	}
	return fmt.Appendf(nil, `{"id":7,"gold":%s,"candidate":%s%s}`, parts[0].Bytes(), parts[1].Bytes(), extra)
}

func fig1LineScorer(tb testing.TB, base request.Settings, observe bool) *eval.LineScorer {
	tb.Helper()
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		tb.Fatal(err)
	}
	return newLineScorer(tb, base, schema, observe)
}

func schemaLineScorer(tb testing.TB, schema []byte, observe bool) *eval.LineScorer {
	tb.Helper()
	return newLineScorer(tb, request.Settings{}, schema, observe)
}

func newLineScorer(tb testing.TB, base request.Settings, schema []byte, observe bool) *eval.LineScorer {
	tb.Helper()
	e, err := request.NewEngine(request.EngineConfig{Base: base, Schema: schema, SchemaFile: "schema.json"})
	if err != nil {
		tb.Fatal(err)
	}
	ls := &eval.LineScorer{Engine: e, Decode: jsonval.DecodeOptions{}}
	if observe {
		// As "oagen eval" scores: the operations are ranked only for the
		// cases the state keeps (LineScorer.AddOps).
		ls.Observer = eval.NewObserver(eval.Config{})
		ls.DeferOps = true
	}
	return ls
}

// BenchmarkLineScorer scores the fig1 line as "score -batch" does (score
// only, then with the line asking for feedback) and as "eval" does, each
// through LineScorer.Score (fresh storage per line) and through a
// LineWorker (storage reused, as the batch's workers do); amr scores 300
// AMR-shaped pairs (internal/amrpairs) in turn.
func BenchmarkLineScorer(b *testing.B) {
	amrSchema, err := os.ReadFile("../testdata/schemas/amr_ra.json")
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 25))
	var amr [][]byte
	for i := range 300 {
		line, err := amrpairs.Pair(r, i)
		if err != nil {
			b.Fatal(err)
		}
		amr = append(amr, line)
	}
	for _, bc := range []struct {
		name    string
		extra   string
		observe bool
		amr     bool
	}{
		{"fig1/score", "", false, false},
		{"fig1/feedback", `,"feedback":true`, false, false},
		{"fig1/eval", "", true, false},
		{"amr/score", "", false, true},
		{"amr/eval", "", true, true},
	} {
		for _, worker := range []bool{false, true} {
			name := bc.name
			if worker {
				name += "/worker"
			}
			b.Run(name, func(b *testing.B) {
				ls := fig1LineScorer(b, request.Settings{}, bc.observe)
				lines := [][]byte{fig1Line(b, bc.extra)}
				if bc.amr {
					ls = schemaLineScorer(b, amrSchema, bc.observe)
					lines = amr
				}
				score := ls.Score
				if worker {
					score = ls.Worker().Score
				}
				for i, line := range lines {
					if out := score(i+1, line); out.Err != nil {
						b.Fatal(out.Err)
					}
				}
				b.ReportAllocs()
				start := cputime.Process()
				i := 0
				for b.Loop() {
					if out := score(1, lines[i]); out.Err != nil {
						b.Fatal(out.Err)
					}
					if i++; i == len(lines) {
						i = 0
					}
				}
				if start != 0 {
					b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}
