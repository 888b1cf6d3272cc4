package orgchart_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/objectaligner/oagen/examples/orgchart"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// fig1 returns the paper's Fig. 1 pair as JSON texts.
func fig1(tb testing.TB) (gold, cand []byte) {
	gold, err := os.ReadFile("gold.json")
	if err != nil {
		tb.Fatal(err)
	}
	cand, err = os.ReadFile("candidate.json")
	if err != nil {
		tb.Fatal(err)
	}
	return gold, cand
}

// typedFig1 decodes the Fig. 1 pair into the generated types.
func typedFig1(tb testing.TB) (*orgchart.OrgChart, *orgchart.OrgChart) {
	g, p := fig1(tb)
	gt, err := orgchart.DecodeOrgChart(g)
	if err != nil {
		tb.Fatal(err)
	}
	pt, err := orgchart.DecodeOrgChart(p)
	if err != nil {
		tb.Fatal(err)
	}
	return gt, pt
}

// TestScoreOrgChartAllocs checks the score of the typed Fig. 1 pair and
// that scoring it allocates nothing.
func TestScoreOrgChartAllocs(t *testing.T) {
	g, p := typedFig1(t)
	want := 0.7678571428571429
	if s, err := orgchart.ScoreOrgChart(g, p); s != want || err != nil {
		t.Fatalf("ScoreOrgChart = %v, %v, want %v", s, err, want)
	}
	if allocs := testing.AllocsPerRun(100, func() { orgchart.ScoreOrgChart(g, p) }); allocs != 0 {
		t.Errorf("ScoreOrgChart on fig1: %v allocs/op, want 0", allocs)
	}
}

func BenchmarkScoreOrgChart(b *testing.B) {
	g, p := typedFig1(b)
	b.ReportAllocs()
	for b.Loop() {
		orgchart.ScoreOrgChart(g, p)
	}
}

func BenchmarkScoreOrgChartJSON(b *testing.B) {
	g, p := fig1(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := orgchart.ScoreOrgChartJSON(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInterpreter(b *testing.B) {
	sc := interpreter(b)
	gb, pb := fig1(b)
	g, _ := jsonval.Decode(gb, jsonval.DecodeOptions{})
	p, _ := jsonval.Decode(pb, jsonval.DecodeOptions{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInterpreterJSON is the interpreter on the JSON texts, decoding
// included: the yardstick of BenchmarkScoreOrgChartJSON.
func BenchmarkInterpreterJSON(b *testing.B) {
	sc := interpreter(b)
	gb, pb := fig1(b)
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

// interpreter compiles the schema with the interpreter.
func interpreter(tb testing.TB) *interp.Scorer {
	sch, err := os.ReadFile("schema.json")
	if err != nil {
		tb.Fatal(err)
	}
	sc, err := interp.Compile(sch, "schema.json", interp.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

// BenchmarkEncodingJSON decodes the Fig. 1 pair into the generated types
// with encoding/json, for comparison with DecodeOrgChart. The tuple
// "period" cannot be decoded that way (encoding/json reports it and decodes
// the rest), so this slightly underestimates the cost of a full decoding.
func BenchmarkEncodingJSON(b *testing.B) {
	g, p := fig1(b)
	b.ReportAllocs()
	for b.Loop() {
		var gt, pt orgchart.OrgChart
		_ = json.Unmarshal(g, &gt)
		_ = json.Unmarshal(p, &pt)
	}
}

// TestConcurrent scores from several goroutines at once (run with -race):
// every call has its own pooled context.
func TestConcurrent(t *testing.T) {
	g, p := typedFig1(t)
	gj, pj := fig1(t)
	done := make(chan error)
	for range 8 {
		go func() {
			for range 20 {
				if s, err := orgchart.ScoreOrgChart(g, p); err != nil || s != 0.7678571428571429 {
					done <- fmt.Errorf("ScoreOrgChart = %v, %v", s, err)
					return
				}
				if s, err := orgchart.ScoreOrgChartJSON(gj, pj); err != nil || s != 0.7678571428571429 {
					done <- fmt.Errorf("ScoreOrgChartJSON = %v, %v", s, err)
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
