// Package service is a service that scores its own structs: an invoice
// extraction (vendor, dated line items with SKUs, and a graph of parties
// that line items reference by id) annotated with oa struct tags.
//
// The annotated JSON Schema is generated from the types by "oagen schema"
// and committed (invoice.schema.json); Scorer scores two Invoice values with
// the reference interpreter (package interp) and explains the difference.
// Once package gen can emit scorers for existing types, a second directive
// "oagen gen -type Invoice" will write ScoreInvoice/RepairInvoice beside the
// types (invoice_oa.go).
package service

//go:generate go run github.com/objectaligner/oagen/cmd/oagen schema -type Invoice -o invoice.schema.json .

// Invoice is what the model extracts from an invoice document.
type Invoice struct {
	// Keys are the JSON names below, so they must match exactly.
	_ struct{} `oa:"keyScore=exact"`

	Number  string  `json:"number" oa:"score=exact,valueWeight=2"`
	Issued  string  `json:"issued" oa:"score=exact"` // YYYY-MM-DD
	Vendor  Vendor  `json:"vendor" oa:"valueWeight=1.5"`
	Parties []Party `json:"parties" oa:"order=align"`
	Lines   []Line  `json:"lines" oa:"order=align,valueWeight=3"`
	// TotalCents is an integer: money in cents, compared relatively.
	TotalCents int64   `json:"totalCents" oa:"score=relative,valueWeight=2"`
	Notes      *string `json:"notes,omitempty" oa:"nullScore=0.5,score=levenshtein"`
}

// Vendor is the issuer of the invoice.
type Vendor struct {
	Name  string `json:"name" oa:"score=jaro_winkler,threshold=0.7"`
	VATID string `json:"vatId,omitempty" oa:"score=exact"`
}

// Party is a buyer, payer or delivery address. Ids are whatever the model
// makes up: they are aligned by referential alignment, not compared.
type Party struct {
	ID     string `json:"id" oa:"idScope=party"`
	Name   string `json:"name" oa:"score=jaro_winkler"`
	Role   string `json:"role" oa:"score=exact,enum=[buyer,payer,shipTo]"`
	Parent string `json:"parent,omitempty" oa:"ref=party"`
}

// Line is one dated line item.
type Line struct {
	SKU         string `json:"sku" oa:"score=exact,valueWeight=2"`
	Description string `json:"description" oa:"score=levenshtein,threshold=0.5"`
	Date        string `json:"date" oa:"score=exact"`
	Quantity    int    `json:"quantity" oa:"score=invdiff"`
	UnitCents   int64  `json:"unitCents" oa:"score=relative"`
	ShipTo      string `json:"shipTo" oa:"ref=party"`
}
