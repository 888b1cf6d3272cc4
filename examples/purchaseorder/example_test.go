package purchaseorder_test

import (
	"fmt"
	"os"

	"github.com/objectaligner/oagen/examples/purchaseorder"
	"github.com/objectaligner/oagen/feedback"
)

// ExampleScorePurchaseOrderJSON scores a model's extraction of a purchase
// order. Its members come in another order, and its unit price 6.50 is
// written differently from the gold's 6.5: neither matters. The buyer's name
// is shortened, a quantity is wrong, the supplier is missing and the due
// date is null.
func ExampleScorePurchaseOrderJSON() {
	gold, err := os.ReadFile("gold.json")
	if err != nil {
		panic(err)
	}
	cand, err := os.ReadFile("candidate.json")
	if err != nil {
		panic(err)
	}
	s, typed, err := purchaseorder.ScorePurchaseOrderJSONDetail(gold, cand)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.4f %v\n", s, typed)
	ops, err := purchaseorder.RepairPurchaseOrderJSON(gold, cand)
	if err != nil {
		panic(err)
	}
	fb, err := feedback.RenderFeedback(s, ops, feedback.DefaultFeedbackOptions())
	if err != nil {
		panic(err)
	}
	fmt.Println(fb.Text)
	// Output:
	// 0.7643 true
	// The prediction scored 0.76 (deficit 0.24). Top 5 of 6 fix locations:
	// 1. /supplier: missing key "supplier" with value {"name": "Acme Industrial Supply", "url": "https://acme.example"}. Adding it recovers +0.133.
	// 2. /dueDate: null/value mismatch (expected "2024-04-04", got null). Fixing this recovers +0.067.
	// 3. /buyer/address/street: missing key "street" with value "Hauptstrasse 1". Adding it recovers +0.022.
	// 4. /lines/1/quantity: expected 4, got 5. Fixing this recovers +0.007.
	// 5. /buyer/name: expected "Globex Corporation", got "Globex Corp.". Fixing this recovers +0.006.
	// Focus on missing key errors — they account for 66% of the deficit shown.
}

// ExampleScorePurchaseOrder scores typed values. A gold that fails the
// schema's validation (here a line item with quantity 0, below its minimum
// of 1) is an error, never a silent 0; a candidate that fails it scores 0.
func ExampleScorePurchaseOrder() {
	price := 6.5
	gold := &purchaseorder.PurchaseOrder{
		OrderID: "PO-7",
		Buyer:   purchaseorder.Organization{Name: "Globex"},
		Lines:   []purchaseorder.LineItem{{SKU: "WS-0815", Quantity: 2, UnitPrice: &price}},
	}
	cand := &purchaseorder.PurchaseOrder{
		OrderID: "PO-7",
		Buyer:   purchaseorder.Organization{Name: "Globex Inc."},
		Lines:   []purchaseorder.LineItem{{SKU: "WS-0815", Quantity: 3, UnitPrice: &price}},
	}
	s, err := purchaseorder.ScorePurchaseOrder(gold, cand)
	fmt.Printf("%.4f %v\n", s, err)

	cand.Lines[0].Quantity = 0
	s, err = purchaseorder.ScorePurchaseOrder(gold, cand)
	fmt.Println(s, err, purchaseorder.ValidatePurchaseOrder(cand))

	gold.Lines[0].Quantity = 0
	_, err = purchaseorder.ScorePurchaseOrder(gold, cand)
	fmt.Println(err)
	// Output:
	// 0.9419 <nil>
	// 0 <nil> at /lines/0/quantity: 0 is less than the minimum of 1
	// invalid gold at /lines/0/quantity: 0 is less than the minimum of 1
}
