package service_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/examples/service"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
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
		if got, want := repairText(t, p[0], p[1]); got != want {
			t.Errorf("pair %d: RepairInvoice\n%s\ninterpreter\n%s", i, got, want)
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

// TestScoreInvoiceJSON checks the JSON entry points of the struct source:
// the encoding/json form of the example pair is decoded into Invoice and
// scored by the typed code, with the interpreter's score; a candidate with
// a member Invoice does not declare goes to the interpreter.
func TestScoreInvoiceJSON(t *testing.T) {
	gold, cand := invoices()
	gj, err := json.Marshal(gold)
	if err != nil {
		t.Fatal(err)
	}
	pj, err := json.Marshal(cand)
	if err != nil {
		t.Fatal(err)
	}
	want, err := service.ScoreInvoice(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	if got, typed, err := service.ScoreInvoiceJSONDetail(gj, pj); err != nil || !typed || got != want {
		t.Errorf("ScoreInvoiceJSONDetail = %v (typed %v), %v; ScoreInvoice %v", got, typed, err, want)
	}
	extra := append(append([]byte(nil), pj[:len(pj)-1]...), []byte(`, "currency": "EUR"}`)...)
	schema, err := os.ReadFile("invoice.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(schema, "invoice.schema.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := jsonval.Decode(gj, jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := jsonval.Decode(extra, jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	iwant, err := sc.Score(g, p)
	if err != nil {
		t.Fatal(err)
	}
	if got, typed, err := service.ScoreInvoiceJSONDetail(gj, extra); err != nil || typed || got != iwant {
		t.Errorf("undeclared member: ScoreInvoiceJSONDetail = %v (typed %v), %v; interpreter %v", got, typed, err, iwant)
	}
}
