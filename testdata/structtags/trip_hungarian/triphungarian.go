// Package triphungarian is the struct-tag rendition of testdata/schemas/trip_hungarian.json: its
// types compile to the same IR as the schema (structtag tests check it).
package triphungarian

// Root is the root type.
type Root struct {
	Itinerary []ItineraryItem `json:"itinerary,omitempty" oa:"order=align"`
}

// ItineraryItem is one element.
type ItineraryItem struct {
	City string `json:"city,omitempty" oa:"score=exact"`
	Days int    `json:"days,omitempty" oa:"score=invdiff"`
}
