// Package trip is the generated Object Aligner scorer for the paper's
// trip_fixed schema (docs/SCORING.md §11.7): typed structs for its values and ScoreTrip,
// RepairTrip, ScoreTripJSON and RepairTripJSON.
//
// The example pair is a gold and a model's candidate: the model gives Rome 3
// days instead of 2 and misspells Vienna (an exact string: a miss). Score it
// from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema testdata/schemas/trip_fixed.json examples/trip_fixed/gold.json examples/trip_fixed/candidate.json
package trip

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/trip_fixed.json -type Trip -pkg trip -o trip_oa.go
