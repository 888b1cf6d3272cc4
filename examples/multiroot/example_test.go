package multiroot_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/objectaligner/oagen/examples/multiroot"
)

// Example scores one pair with each of the four scorers of the package
// (the org chart's is examples/orgchart's pair, and the same score).
func Example() {
	gold, err := os.ReadFile("../orgchart/gold.json")
	if err != nil {
		panic(err)
	}
	cand, err := os.ReadFile("../orgchart/candidate.json")
	if err != nil {
		panic(err)
	}
	s, err := multiroot.ScoreOrgChartJSON(gold, cand)
	fmt.Println("org chart", s, err)

	city := "Berlin"
	po := &multiroot.PurchaseOrder{OrderID: "PO-1", Buyer: multiroot.Organization{Name: "Acme GmbH", Address: &multiroot.Address{City: city}}, Lines: []multiroot.LineItem{{SKU: "A-1", Quantity: 2}}}
	po2 := *po
	po2.Buyer.Name = "ACME GmbH"
	s, err = multiroot.ScorePurchaseOrder(po, &po2)
	fmt.Printf("purchase order %.4f %v\n", s, err)

	t := &multiroot.Ticket{Title: "Printer offline", Reporter: multiroot.Customer{Name: "Ann Lee", Email: "ann@example.com"}, Tags: []string{"printer", "network"}}
	s, err = multiroot.ScoreTicket(t, &multiroot.Ticket{Title: "Printer is offline", Reporter: multiroot.Customer{Name: "Ann Lee"}, Tags: []string{"network", "printer"}})
	fmt.Printf("ticket %.4f %v\n", s, err)

	// The package's pair (see the package doc), decoded with encoding/json:
	// the typed scorer gives the interpreter's score.
	var pg, pc multiroot.PurchaseOrder
	for f, v := range map[string]*multiroot.PurchaseOrder{"gold.json": &pg, "candidate.json": &pc} {
		data, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			panic(err)
		}
	}
	s, err = multiroot.ScorePurchaseOrder(&pg, &pc)
	fmt.Println("purchase order pair", s, err)

	o := &multiroot.Order{Number: "17", Buyer: multiroot.Customer{Name: "Ann Lee"}, Total: 120}
	s, err = multiroot.ScoreOrder(o, &multiroot.Order{Number: "17", Buyer: multiroot.Customer{Name: "Ann Lee"}, Total: 100})
	fmt.Printf("order %.4f %v\n", s, err)
	// Output:
	// org chart 0.7678571428571429 <nil>
	// purchase order 0.9667 <nil>
	// ticket 0.7917 <nil>
	// purchase order pair 0.9502497502497503 <nil>
	// order 0.9444 <nil>
}
