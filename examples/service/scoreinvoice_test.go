package service_test

import (
	"math"
	"testing"

	"github.com/objectaligner/oagen/examples/service"
)

// TestScoreInvoiceMatchesScorer checks the generated ScoreInvoice against
// the interpreter-backed Scorer on variants of the example pair, and that
// ScoreInvoice makes no allocations in steady state.
func TestScoreInvoiceMatchesScorer(t *testing.T) {
	sc, err := service.NewScorer()
	if err != nil {
		t.Fatal(err)
	}
	gold, cand := invoices()
	// Empty slices, not nil: encoding/json writes a nil slice as null, which
	// the schema refuses (ScoreInvoice reads it as []).
	empty := &service.Invoice{Parties: []service.Party{}, Lines: []service.Line{}}
	noNotes := *gold
	noNotes.Notes = nil
	noLines := *cand
	noLines.Lines = []service.Line{}
	for i, p := range [][2]*service.Invoice{{gold, cand}, {gold, gold}, {cand, gold}, {empty, cand}, {gold, empty}, {&noNotes, &noLines}} {
		want, _, err := sc.Score(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		if got := service.ScoreInvoice(p[0], p[1]); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("pair %d: ScoreInvoice %v, interpreter %v", i, got, want)
		}
	}
	service.ScoreInvoice(gold, cand)
	if n := testing.AllocsPerRun(100, func() { service.ScoreInvoice(gold, cand) }); n != 0 {
		t.Errorf("ScoreInvoice allocates %v times per call", n)
	}
}

func BenchmarkScoreInvoice(b *testing.B) {
	gold, cand := invoices()
	b.ReportAllocs()
	for b.Loop() {
		service.ScoreInvoice(gold, cand)
	}
}
