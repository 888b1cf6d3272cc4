// Package amr is the generated Object Aligner scorer for the paper's amr_ra
// schema (docs/SCORING.md §11.7): an AMR graph: nodes (scope "node"), relations between them, and a top-level reference "root" to the graph's root node.
package amr

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/amr_ra.json -type Graph -pkg amr -o graph_oa.go
