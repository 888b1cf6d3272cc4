// Package biored is the generated Object Aligner scorer for the paper's biored
// schema (docs/SCORING.md §11.7): BioRED entities (scope "entity") with graded mentions, and relations referring to them.
//
// The example pair is a gold and a model's candidate: the model writes
// "BRCA-1", types tamoxifen as a "Drug" and flips the sign of its relation to
// the disease; its own ids (T1…) are free. Score it from the repository's
// root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/biored.json examples/biored/gold.json examples/biored/candidate.json
package biored

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/biored.json -type Document -pkg biored -o document_oa.go
