// Package purchaseorder is the generated Object Aligner scorer of a purchase
// order schema that names its types in $defs (Organization, Address,
// LineItem): the generated code declares one Go type per definition, shared
// by every use, with the definitions' descriptions as doc comments,
// required members as values and optional ones as pointers.
package purchaseorder

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema schema.json -type PurchaseOrder -pkg purchaseorder -o purchaseorder_oa.go
