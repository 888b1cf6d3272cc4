// Package trip is the generated Object Aligner scorer for the paper's
// trip_fixed schema (docs/SCORING.md §11.7): typed structs for its values and ScoreTrip,
// RepairTrip, ScoreTripJSON and RepairTripJSON.
package trip

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema ../../testdata/schemas/trip_fixed.json -type Trip -pkg trip -o trip_oa.go
