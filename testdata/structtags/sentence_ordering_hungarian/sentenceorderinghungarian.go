// Package sentenceorderinghungarian is the struct-tag rendition of testdata/schemas/sentence_ordering_hungarian.json: its
// types compile to the same IR as the schema (structtag tests check it).
package sentenceorderinghungarian

// Root is the root type.
type Root struct {
	Indices []int `json:"indices,omitempty" oa:"order=align,items.score=exact"`
}
