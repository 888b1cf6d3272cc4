package service_test

import (
	"fmt"
	"log"

	"github.com/objectaligner/oagen/examples/service"
	"github.com/objectaligner/oagen/feedback"
)

// Score a model's extraction against the gold invoice. The model named the
// parties p1/p2 where the gold says buyer/depot: referential alignment maps
// the ids, so only real differences cost points — a misspelt vendor, a
// wrong quantity and a missing line.
func Example() {
	gold, cand := invoices()
	sc, err := service.NewScorer()
	if err != nil {
		log.Fatal(err)
	}
	score, feedback, err := sc.Score(gold, cand)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("score %.4f\n%s\n", score, feedback)
	// Output:
	// score 0.8179
	// The prediction scored 0.82 (deficit 0.18). Top 5 of 5 fix locations:
	// 1. /lines: array is missing item {"sku": "WS-0815", "description": "Washers 8mm, box of 200", "date": "2024-03-0…. Adding it recovers +0.087.
	// 2. /notes: missing key "notes" with value "Net 30". Adding it recovers +0.087.
	// 3. /lines/1/quantity: expected 4, got 5. Fixing this recovers +0.006.
	// 4. /parties/1/name: expected "Globex Corporation", got "Globex Corp.". Fixing this recovers +0.001.
	// 5. /vendor/name: expected "Acme Industrial Supply", got "Acme Industrial Suply". Fixing this recovers +0.001.
	// The deficit is spread across multiple issue types (missing array item, missing key, value).
}

// The same comparison through the generated scorer (invoice_oa.go, written
// by "oagen gen -type Invoice" from the oa tags): ScoreInvoice reads the
// Invoice values in place, with no JSON and no allocations, and gives the
// interpreter's score bit for bit; RepairInvoice gives the ranked repair
// operations, from which feedback.RenderFeedback writes the same feedback.
func ExampleScoreInvoice() {
	gold, cand := invoices()
	score, err := service.ScoreInvoice(gold, cand)
	if err != nil {
		log.Fatal(err)
	}
	ops, err := service.RepairInvoice(gold, cand)
	if err != nil {
		log.Fatal(err)
	}
	fb, err := feedback.RenderFeedback(score, ops, feedback.DefaultFeedbackOptions())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("score %.4f\n%s\n", score, fb.Text)
	// Output:
	// score 0.8179
	// The prediction scored 0.82 (deficit 0.18). Top 5 of 5 fix locations:
	// 1. /lines: array is missing item {"sku": "WS-0815", "description": "Washers 8mm, box of 200", "date": "2024-03-0…. Adding it recovers +0.087.
	// 2. /notes: missing key "notes" with value "Net 30". Adding it recovers +0.087.
	// 3. /lines/1/quantity: expected 4, got 5. Fixing this recovers +0.006.
	// 4. /parties/1/name: expected "Globex Corporation", got "Globex Corp.". Fixing this recovers +0.001.
	// 5. /vendor/name: expected "Acme Industrial Supply", got "Acme Industrial Suply". Fixing this recovers +0.001.
	// The deficit is spread across multiple issue types (missing array item, missing key, value).
}

// invoices returns the gold invoice and a model's extraction of it.
func invoices() (gold, cand *service.Invoice) {
	notes := "Net 30"
	gold = &service.Invoice{
		Number: "INV-2024-0117",
		Issued: "2024-03-05",
		Vendor: service.Vendor{Name: "Acme Industrial Supply", VATID: "DE811907980"},
		Parties: []service.Party{
			{ID: "buyer", Name: "Globex Corporation", Role: "buyer"},
			{ID: "depot", Name: "Globex Depot Leipzig", Role: "shipTo", Parent: "buyer"},
		},
		Lines: []service.Line{
			{SKU: "HX-2201", Description: "Hex bolts M8, box of 100", Date: "2024-03-01", Quantity: 4, UnitCents: 1299, ShipTo: "depot"},
			{SKU: "WS-0815", Description: "Washers 8mm, box of 200", Date: "2024-03-01", Quantity: 2, UnitCents: 650, ShipTo: "depot"},
			{SKU: "TK-1000", Description: "Torque wrench", Date: "2024-03-04", Quantity: 1, UnitCents: 8900, ShipTo: "buyer"},
		},
		TotalCents: 15396,
		Notes:      &notes,
	}
	cand = &service.Invoice{
		Number: "INV-2024-0117",
		Issued: "2024-03-05",
		Vendor: service.Vendor{Name: "Acme Industrial Suply", VATID: "DE811907980"},
		Parties: []service.Party{
			{ID: "p2", Name: "Globex Depot Leipzig", Role: "shipTo", Parent: "p1"},
			{ID: "p1", Name: "Globex Corp.", Role: "buyer"},
		},
		Lines: []service.Line{
			{SKU: "TK-1000", Description: "Torque wrench", Date: "2024-03-04", Quantity: 1, UnitCents: 8900, ShipTo: "p1"},
			{SKU: "HX-2201", Description: "Hex bolts M8, box of 100", Date: "2024-03-01", Quantity: 5, UnitCents: 1299, ShipTo: "p2"},
		},
		TotalCents: 15396,
	}
	return gold, cand
}
