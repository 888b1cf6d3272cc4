package service_test

import (
	"math"
	"strings"
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
	// A role outside the enum: the candidate fails validation and scores 0.
	customer := *cand
	customer.Parties = append([]service.Party(nil), cand.Parties...)
	customer.Parties[0].Role = "customer"
	for i, p := range [][2]*service.Invoice{{gold, cand}, {gold, gold}, {cand, gold}, {empty, cand}, {gold, empty}, {&noNotes, &noLines}, {gold, &customer}} {
		want, _, err := sc.Score(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		if got, err := service.ScoreInvoice(p[0], p[1]); math.Float64bits(got) != math.Float64bits(want) || err != nil {
			t.Errorf("pair %d: ScoreInvoice %v (%v), interpreter %v", i, got, err, want)
		}
	}
	// A gold whose line ships to a party it does not have is an error on
	// both routes, never a silent 0.
	dangling := *gold
	dangling.Lines = append([]service.Line(nil), gold.Lines...)
	dangling.Lines[0].ShipTo = "nowhere"
	_, _, ierr := sc.Score(&dangling, cand)
	if _, err := service.ScoreInvoice(&dangling, cand); err == nil || ierr == nil || !strings.Contains(ierr.Error(), err.Error()) {
		t.Errorf("dangling gold reference: ScoreInvoice error %v, interpreter error %v", err, ierr)
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
