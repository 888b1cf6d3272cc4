// Package service is a service that scores its own structs: an invoice
// extraction (vendor, dated line items with SKUs, and a graph of parties
// that line items reference by id) annotated with oa struct tags.
//
// Two go:generate directives work from the types: "oagen schema" writes the
// annotated JSON Schema (invoice.schema.json, committed), and "oagen gen
// -type Invoice" writes ScoreInvoice and RepairInvoice for the existing
// Invoice type (invoice_oa.go): specialised code that reads the structs in
// place, allocation-free for ScoreInvoice. Scorer does the same through the
// reference interpreter (package interp) and the schema, for a service
// that would rather not generate code; both give the same scores and
// feedback (see the examples).
//
// The example pair is the examples' gold invoice and a model's extraction of
// it: the model makes up its own party ids (free: referential alignment),
// misspells the vendor, drops a line item and the notes and miscounts the
// bolts. Score it from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema examples/service/invoice.schema.json examples/service/gold.json examples/service/candidate.json
package service

//go:generate go run github.com/objectaligner/oagen/cmd/oagen schema -type Invoice -o invoice.schema.json .
//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -type Invoice

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
