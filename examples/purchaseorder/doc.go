// Package purchaseorder is the generated Object Aligner scorer of a purchase
// order schema that names its types in $defs (Organization, Address,
// LineItem): the generated code declares one Go type per definition, shared
// by every use, with the definitions' descriptions as doc comments,
// required members as values and optional ones as pointers.
//
// The example pair is a gold and a model's candidate: the model shortens the
// buyer's name, drops its street and the supplier, miscounts the bolts and
// leaves the due date null. Score it from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema examples/purchaseorder/schema.json examples/purchaseorder/gold.json examples/purchaseorder/candidate.json
package purchaseorder

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema schema.json -type PurchaseOrder -pkg purchaseorder -o purchaseorder_oa.go
