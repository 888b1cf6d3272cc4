// Package sentenceorderingfixed is the struct-tag rendition of testdata/schemas/sentence_ordering_fixed.json: its
// types compile to the same IR as the schema (structtag tests check it).
package sentenceorderingfixed

// Root is the root type.
type Root struct {
	Indices []int `json:"indices,omitempty" oa:"order=fixed,items.score=exact"`
}
