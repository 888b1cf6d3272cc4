// Package scierc is the generated Object Aligner scorer for the paper's scierc_exact
// schema (docs/SCORING.md §11.7): SciERC entities (scope "entity") with exactly compared mentions, and relations referring to them.
package scierc

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/scierc_exact.json -type Document -pkg scierc -o document_oa.go
