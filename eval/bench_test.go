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
	"os"
	"testing"

	"github.com/objectaligner/oagen/eval"
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
	e, err := request.NewEngine(request.EngineConfig{Base: base, Schema: schema, SchemaFile: "schema.json"})
	if err != nil {
		tb.Fatal(err)
	}
	ls := &eval.LineScorer{Engine: e, Decode: jsonval.DecodeOptions{}}
	if observe {
		ls.Observer = eval.NewObserver(eval.Config{})
	}
	return ls
}

// BenchmarkLineScorer scores the fig1 line as "score -batch" does (score
// only, then with the line asking for feedback) and as "eval" does.
func BenchmarkLineScorer(b *testing.B) {
	for _, bc := range []struct {
		name    string
		extra   string
		observe bool
	}{
		{"fig1/score", "", false},
		{"fig1/feedback", `,"feedback":true`, false},
		{"fig1/eval", "", true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			ls := fig1LineScorer(b, request.Settings{}, bc.observe)
			line := fig1Line(b, bc.extra)
			if out := ls.Score(1, line); out.Err != nil {
				b.Fatal(out.Err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if out := ls.Score(1, line); out.Err != nil {
					b.Fatal(out.Err)
				}
			}
		})
	}
}
