// Package synracodexstrict is the struct-tag rendition of testdata/schemas/synra_codex_strict.json: its
// types compile to the same IR as the schema (structtag tests check it).
package synracodexstrict

// Root is the root type.
type Root struct {
	People       []PeopleItem       `json:"people,omitempty" oa:"order=align"`
	Companies    []Company          `json:"companies,omitempty" oa:"order=align"`
	Employment   []EmploymentItem   `json:"employment,omitempty" oa:"order=align"`
	Acquaintance []AcquaintanceItem `json:"acquaintance,omitempty" oa:"order=align"`
	Partnership  []PartnershipItem  `json:"partnership,omitempty" oa:"order=align"`
}

// PeopleItem is one element.
type PeopleItem struct {
	ID    string `json:"id,omitempty"`
	Name  string `json:"name,omitempty" oa:"score=jaro_winkler"`
	Title string `json:"title,omitempty" oa:"score=exact,valueWeight=1.5"`
}

// Company is one element.
type Company struct {
	ID       string `json:"id,omitempty"`
	Name     string `json:"name,omitempty" oa:"score=jaro_winkler"`
	Industry string `json:"industry,omitempty" oa:"score=exact,valueWeight=1.5"`
}

// EmploymentItem is one element.
type EmploymentItem struct {
	Person  string `json:"person,omitempty"`
	Company string `json:"company,omitempty"`
	Role    string `json:"role,omitempty" oa:"score=exact"`
}

// AcquaintanceItem is one element.
type AcquaintanceItem struct {
	Source   string `json:"source,omitempty"`
	Target   string `json:"target,omitempty"`
	Relation string `json:"relation,omitempty" oa:"score=exact"`
}

// PartnershipItem is one element.
type PartnershipItem struct {
	Source   string `json:"source,omitempty"`
	Target   string `json:"target,omitempty"`
	Relation string `json:"relation,omitempty" oa:"score=exact"`
}
