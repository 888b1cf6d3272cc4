// Package a has annotated root types with errors in their oa tags.
package a

// Invoice is a root with a misspelt keyword and a reference to a scope
// that does not exist.
type Invoice struct {
	Number  string  `json:"number" oa:"scroe=exact"` // want `unknown keyword "scroe" in oa tag \(did you mean "score"\?\)`
	Parties []Party `json:"parties" oa:"order=align"`
	Payer   string  `json:"payer" oa:"ref=pary"`                      // want `ref to undefined scope "pary" \(did you mean "party"\?\)`
	Total   float64 `json:"total" oa:"score=relative,threshold=high"` // want `"threshold" wants a number, got "high"`
}

// Party is contained in Invoice: its schema is checked as part of Invoice's.
type Party struct {
	ID   string `json:"id" oa:"idScope=party"`
	Name string `json:"name" oa:"score=jaro_winkle"` // want `unknown comparator "jaro_winkle" for a string \(did you mean "jaro_winkler"\?\)`
}

// Cycle is a root whose scopes reference each other: a warning.
type Cycle struct {
	As []A `json:"as" oa:"order=align"`
	Bs []B `json:"bs" oa:"order=align"`
}

type A struct {
	ID string `json:"id" oa:"idScope=a"` // want `scopes "a", "b" are in or behind a reference cycle between scopes; .* \(warning\)`
	B  string `json:"b" oa:"ref=b"`
}

type B struct {
	ID string `json:"id" oa:"idScope=b"`
	A  string `json:"a" oa:"ref=a"`
}

// Weights is a root whose error is about the whole type.
type Weights struct { // want `the "valueWeight"s of the members of "properties" sum to 0`
	Name string `json:"name" oa:"valueWeight=0"`
	Age  int    `json:"age" oa:"valueWeight=0"`
}

// Marker sets an array keyword on its marker field.
type Marker struct {
	_    struct{} `oa:"order=align"` // want `"order" cannot be set on a type \(marker field\)`
	Name string   `json:"name"`
}

// Clean has nothing to report.
type Clean struct {
	_     struct{} `oa:"keyScore=exact"`
	Title string   `json:"title" oa:"score=jaro_winkler,threshold=0.8,valueWeight=2"`
	Tags  []string `json:"tags" oa:"order=align,items.score=exact"`
}

// untagged has no oa tag: not a root, not checked.
type untagged struct {
	N int
}

// Slices is a root with keywords where they have no effect: a comparator
// on a slice (it belongs to the elements) and tuple weights without a tuple.
type Slices struct {
	Tags  []string `json:"tags" oa:"score=exact"`        // want `"score" applies to strings and numbers; on an array \(a slice or Go array\), write "items.score"`
	Steps []string `json:"steps" oa:"prefixWeights=[2]"` // want `"prefixWeights" applies to arrays with "prefixItems"; this array has no "prefixItems"`
}
