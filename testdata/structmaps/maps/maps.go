// Package maps holds struct types with map fields (docs/SCORING.md §6.8)
// for the struct-source fidelity test of package gen; pairs.jsonl holds
// its pairs.
package maps

// Root is the root type.
type Root struct {
	Name   string            `json:"name" oa:"score=exact"`
	Scores map[string]int    `json:"scores"`
	Tags   map[string]string `json:"tags,omitempty"`
	Items  map[string]Item   `json:"items,omitzero"`
}

// Item is a map value.
type Item struct {
	Qty   int     `json:"qty"`
	Price float64 `json:"price"`
}
