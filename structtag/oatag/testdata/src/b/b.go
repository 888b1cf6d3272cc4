// Package b names its root in a go:generate directive: only Report is
// compiled as a whole schema, and Section, which is incomplete alone (a
// reference without its scope), is not.
package b

//go:generate go tool oagen gen -type Report

type Report struct {
	Sections []Section `json:"sections" oa:"order=align"`
	Authors  []Author  `json:"authors" oa:"order=algn"` // want `unknown order "algn" \(did you mean "align"\?\); order is "align" or "fixed"`
}

type Author struct {
	ID string `json:"id" oa:"idScope=author"`
}

type Section struct {
	Title  string `json:"title" oa:"score=exact,valueWeight=2"`
	Author string `json:"author" oa:"ref=author"`
	Words  int    `json:"words" oa:"nullscore=0.5"` // want `unknown keyword "nullscore" in oa tag \(did you mean "nullScore"\?\)`
}
