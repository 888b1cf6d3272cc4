// Package good exercises every oa keyword and every Go shape the struct
// source supports (structtag's round-trip and example tests).
package good

import "time"

// Doc is a document with a bit of everything.
type Doc struct {
	_ struct{} `oa:"keyScore=exact,keyThreshold=0.5,keyImportance=0.25,valueImportance=0.75"`

	Base

	Title    string            `json:"title" oa:"score=jaro_winkler,threshold=0.8,valueWeight=2"`
	Subtitle *string           `json:"subtitle,omitempty" oa:"nullScore=0.5"`
	Count    int64             `json:"count" oa:"score=relative"`
	Ratio    float32           `json:"ratio,omitempty" oa:"score=exact"`
	Flag     bool              `json:"flag"`
	Kind     string            `json:"kind" oa:"enum=[memo,letter],score=exact"`
	Level    *int              `json:"level" oa:"enum=[1,2,3]"`
	Quoted   int               `json:"quoted,string"`
	When     time.Time         `json:"when" oa:"score=exact"`
	Point    [3]float64        `json:"point" oa:"prefixWeights=[2,1,1],items.score=invdiff"`
	Steps    []string          `json:"steps" oa:"prefixItems=2,prefixImportance=1,restImportance=3,order=align,ignoreExcess,items.score=levenshtein"`
	Matrix   [][]int           `json:"matrix" oa:"items.order=align,ignoreMissing,items.items.score=exact"`
	Attrs    map[string]string `json:"attrs,omitempty" oa:"keyScore=jaro,keyImportance=1"`
	Tags     Tags              `json:"tags" oa:"order=align,items.score=exact"`
	Authors  []Author          `json:"authors" oa:"order=align"`
	Cites    []Cite            `json:"cites,omitempty"`
	Owner    *Person           `json:"owner" oa:"nullScore=0.25,valueWeight=0.5"`
	Root     *Node             `json:"root,omitempty"`
	Inline   struct {
		A string `json:"a" oa:"score=osa"`
		B int    `json:"b,omitempty"`
	} `json:"inline"`
	Skipped  string `json:"-"`
	internal string
}

// Base is embedded: its fields are promoted.
type Base struct {
	ID      string `json:"id" oa:"score=exact"`
	Version int    `json:"version,omitempty"`
}

// Tags is a named slice type.
type Tags []string

// Author is a record of the "author" scope.
type Author struct {
	ID   int    `json:"id" oa:"idScope=author"`
	Name string `json:"name" oa:"score=damerau_levenshtein"`
}

// Person is a plain record.
type Person struct {
	Name string `json:"name"`
}

// Cite references an author.
type Cite struct {
	Author int    `json:"author" oa:"ref=author"`
	Note   string `json:"note,omitempty" oa:"score=indel,threshold=0.1"`
}

// Node is recursive.
type Node struct {
	Label    string `json:"label" oa:"score=lcsseq"`
	Children []Node `json:"children,omitempty" oa:"order=fixed,ignoreExcess=false"`
}
