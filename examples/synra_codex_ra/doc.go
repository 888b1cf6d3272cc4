// Package org2graph is the generated Object Aligner scorer for the paper's synra_codex_ra
// schema (docs/SCORING.md §11.7): an Org2Graph instance with two scopes, "person" and "company", referenced only from the link tables employment, acquaintance and partnership.
//
// The example pair is a gold and a model's candidate: the model spells out
// "Acme Corporation", promotes Bob to "Senior Engineer" and employs him at the
// wrong company. Score it from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/synra_codex_ra.json examples/synra_codex_ra/gold.json examples/synra_codex_ra/candidate.json
package org2graph

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/synra_codex_ra.json -type Graph -pkg org2graph -o graph_oa.go
