package service_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/examples/service"
	"github.com/objectaligner/oagen/interp"
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
		if got, want := repairText(t, p[0], p[1]); got != want {
			t.Errorf("pair %d: RepairInvoice\n%s\ninterpreter\n%s", i, got, want)
		}
	}
	service.ScoreInvoice(gold, cand)
	if n := testing.AllocsPerRun(100, func() { service.ScoreInvoice(gold, cand) }); n != 0 {
		t.Errorf("ScoreInvoice allocates %v times per call", n)
	}
}

// repairText renders the ranked operations of RepairInvoice and of the
// interpreter (AlignValues, the default profile) as kind, path and delta
// bits, one per line.
func repairText(t *testing.T, gold, cand *service.Invoice) (generated, interpreted string) {
	t.Helper()
	schema, err := os.ReadFile("invoice.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(schema, "invoice.schema.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.AlignValues(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	want, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := service.RepairInvoice(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	text := func(ops []align.Op) string {
		var b strings.Builder
		for _, o := range ops {
			fmt.Fprintf(&b, "%s %s %s %#x\n", o.Op, o.Kind, o.Path, math.Float64bits(o.Delta))
		}
		return b.String()
	}
	return text(got), text(want)
}

func BenchmarkScoreInvoice(b *testing.B) {
	gold, cand := invoices()
	b.ReportAllocs()
	for b.Loop() {
		service.ScoreInvoice(gold, cand)
	}
}
