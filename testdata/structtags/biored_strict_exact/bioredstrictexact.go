// Package bioredstrictexact is the struct-tag rendition of testdata/schemas/biored_strict_exact.json: its
// types compile to the same IR as the schema (structtag tests check it).
package bioredstrictexact

// Root is the root type.
type Root struct {
	Entities  []Entity   `json:"entities,omitempty" oa:"order=align"`
	Relations []Relation `json:"relations,omitempty" oa:"order=align"`
}

// Entity is one element.
type Entity struct {
	ID       string    `json:"id,omitempty"`
	Type     string    `json:"type,omitempty" oa:"score=exact"`
	Mentions []Mention `json:"mentions,omitempty" oa:"order=align"`
}

// Mention is one element.
type Mention struct {
	Text string `json:"text,omitempty" oa:"score=exact"`
}

// Relation is one element.
type Relation struct {
	Subject   string `json:"subject,omitempty"`
	Predicate string `json:"predicate,omitempty" oa:"score=exact"`
	Object    string `json:"object,omitempty"`
}
