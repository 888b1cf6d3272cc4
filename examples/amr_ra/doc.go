// Package amr is the generated Object Aligner scorer for the paper's amr_ra
// schema (docs/SCORING.md §11.7): an AMR graph: nodes (scope "node"), relations between them, and a top-level reference "root" to the graph's root node.
//
// The example pair is a gold and a model's candidate: the model renames every
// variable (free: referential alignment), picks the sense go-01 for go-02 and
// drops the reentrant relation go ARG0 boy. Score it from the repository's
// root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/amr_ra.json examples/amr_ra/gold.json examples/amr_ra/candidate.json
package amr

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/amr_ra.json -type Graph -pkg amr -o graph_oa.go
