// Package orgchart is the generated Object Aligner scorer for the paper's org
// chart (Fig. 1, docs/SCORING.md §11): a referential schema with one scope, "person",
// whose ids are referenced by the mentorships link table.
package orgchart

//go:generate go run github.com/objectaligner/oagen/cmd/oagen gen -schema schema.json -type OrgChart -pkg orgchart -o orgchart_oa.go
