// Package c names a root type that does not exist in a go:generate
// directive, and has a generic annotated type: neither stops the check.
package c

//go:generate go tool oagen gen -type Reprot // want `package c has no type Reprot \(did you mean "Report"\?\)`
//go:generate go tool oagen schema -type Report -o report.schema.json .

type Report struct {
	Title string      `json:"title" oa:"score=exact"`
	Pairs []Pair[int] `json:"pairs" oa:"order=algin"` // want `unknown order "algin" \(did you mean "align"\?\)`
}

// Pair is generic: it has no schema of its own, but its tags are checked.
type Pair[T any] struct {
	A T      `json:"a"`
	B string `json:"b" oa:"scroe=exact"` // want `unknown keyword "scroe" in oa tag \(did you mean "score"\?\)`
}
