// Package scierc is the generated Object Aligner scorer for the paper's scierc_exact
// schema (docs/SCORING.md §11.7): SciERC entities (scope "entity") with exactly compared mentions, and relations referring to them.
//
// The example pair is a gold and a model's candidate: the model expands the
// acronym CNN (exact mentions: a miss) and misses the EVALUATE-FOR relation.
// Score it from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/scierc_exact.json examples/scierc/gold.json examples/scierc/candidate.json
package scierc

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/scierc_exact.json -type Document -pkg scierc -o document_oa.go
