// Package biored is the generated Object Aligner scorer for the paper's biored
// schema (docs/SCORING.md §11.7): BioRED entities (scope "entity") with graded mentions, and relations referring to them.
package biored

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/biored.json -type Document -pkg biored -o document_oa.go
