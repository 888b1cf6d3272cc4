// Package synrasort is the generated Object Aligner scorer for the paper's
// synra_sort_fixed schema (docs/SCORING.md §11.7): typed structs for its values and ScoreSortedFacts,
// RepairSortedFacts, ScoreSortedFactsJSON and RepairSortedFactsJSON.
//
// The example pair is a gold and a model's candidate: the model swaps two
// adjacent facts. Score it from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/synra_sort_fixed.json examples/synra_sort_fixed/gold.json examples/synra_sort_fixed/candidate.json
package synrasort

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/synra_sort_fixed.json -type SortedFacts -pkg synrasort -o sortedfacts_oa.go
