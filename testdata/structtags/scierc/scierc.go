// Package scierc is the struct-tag rendition of testdata/schemas/scierc.json: its
// types compile to the same IR as the schema (structtag tests check it).
package scierc

// Root is the root type.
type Root struct {
	Entities  []Entity   `json:"entities,omitempty" oa:"order=align"`
	Relations []Relation `json:"relations,omitempty" oa:"order=align"`
}

// Entity is one element.
type Entity struct {
	ID       string    `json:"id,omitempty" oa:"idScope=entity"`
	Type     string    `json:"type,omitempty" oa:"score=exact,valueWeight=1.5"`
	Mentions []Mention `json:"mentions,omitempty" oa:"order=align"`
}

// Mention is one element.
type Mention struct {
	Text string `json:"text,omitempty" oa:"score=jaro_winkler"`
}

// Relation is one element.
type Relation struct {
	Subject   string `json:"subject,omitempty" oa:"ref=entity"`
	Predicate string `json:"predicate,omitempty" oa:"score=exact"`
	Object    string `json:"object,omitempty" oa:"ref=entity"`
}
