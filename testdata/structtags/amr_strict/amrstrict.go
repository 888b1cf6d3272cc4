// Package amrstrict is the struct-tag rendition of testdata/schemas/amr_strict.json: its
// types compile to the same IR as the schema (structtag tests check it).
package amrstrict

// Root is the root type.
type Root struct {
	Root      string     `json:"root,omitempty"`
	Nodes     []Node     `json:"nodes,omitempty" oa:"order=align"`
	Relations []Relation `json:"relations,omitempty" oa:"order=align"`
}

// Node is one element.
type Node struct {
	ID         string      `json:"id,omitempty"`
	Concept    string      `json:"concept,omitempty" oa:"score=exact"`
	Attributes []Attribute `json:"attributes,omitempty" oa:"order=align"`
}

// Attribute is one element.
type Attribute struct {
	Role  string `json:"role,omitempty" oa:"score=exact"`
	Value string `json:"value,omitempty" oa:"score=exact"`
}

// Relation is one element.
type Relation struct {
	Source string `json:"source,omitempty"`
	Role   string `json:"role,omitempty" oa:"score=exact"`
	Target string `json:"target,omitempty"`
}
