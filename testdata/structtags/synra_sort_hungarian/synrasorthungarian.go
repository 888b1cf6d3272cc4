// Package synrasorthungarian is the struct-tag rendition of testdata/schemas/synra_sort_hungarian.json: its
// types compile to the same IR as the schema (structtag tests check it).
package synrasorthungarian

// Root is the root type.
type Root struct {
	Indices []int `json:"indices,omitempty" oa:"order=align,items.score=exact"`
}
