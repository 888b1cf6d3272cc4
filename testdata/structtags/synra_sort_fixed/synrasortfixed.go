// Package synrasortfixed is the struct-tag rendition of testdata/schemas/synra_sort_fixed.json: its
// types compile to the same IR as the schema (structtag tests check it).
package synrasortfixed

// Root is the root type.
type Root struct {
	Indices []int `json:"indices,omitempty" oa:"order=fixed,items.score=exact"`
}
