// Package orgchart is the generated Object Aligner scorer for the paper's org
// chart (Fig. 1, docs/SCORING.md §11): a referential schema with one scope, "person",
// whose ids are referenced by the mentorships link table.
//
// The example pair is the paper's Fig. 1 pair, a gold and a model's
// candidate: the model renumbers every person (free: referential
// alignment), drops Eve, reorders the agenda and gets a year wrong. Score it
// from the repository's root:
//
//	go run ./cmd/oagen score -feedback -schema examples/orgchart/schema.json examples/orgchart/gold.json examples/orgchart/candidate.json
package orgchart

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema schema.json -type OrgChart -pkg orgchart -o orgchart_oa.go
