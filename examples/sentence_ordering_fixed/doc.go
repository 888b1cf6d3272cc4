// Package sentenceorder is the generated Object Aligner scorer for the paper's
// sentence_ordering_fixed schema (docs/SCORING.md §11.7): typed structs for its values and ScoreSentenceOrder,
// RepairSentenceOrder, ScoreSentenceOrderJSON and RepairSentenceOrderJSON.
//
// The example pair is a gold and a model's candidate: the model swaps two
// adjacent sentences. Score it from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/sentence_ordering_fixed.json examples/sentence_ordering_fixed/gold.json examples/sentence_ordering_fixed/candidate.json
package sentenceorder

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/sentence_ordering_fixed.json -type SentenceOrder -pkg sentenceorder -o sentenceorder_oa.go
