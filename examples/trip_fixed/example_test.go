package trip_test

import (
	"fmt"

	trip "github.com/objectaligner/oagen/examples/trip_fixed"
)

func ptr[T any](v T) *T { return &v }

func ExampleScoreTrip() {
	gold := &trip.Trip{Itinerary: []trip.TripItineraryItem{
		{City: ptr("Paris"), Days: ptr(int64(3))},
		{City: ptr("Rome"), Days: ptr(int64(2))},
		{City: ptr("Vienna"), Days: ptr(int64(4))},
	}}
	cand := &trip.Trip{Itinerary: []trip.TripItineraryItem{
		{City: ptr("Paris"), Days: ptr(int64(3))},
		{City: ptr("Vienna"), Days: ptr(int64(3))},
	}}
	score, err := trip.ScoreTrip(gold, cand)
	if err != nil {
		panic(err)
	}
	fmt.Println(score)
	ops, err := trip.RepairTrip(gold, cand)
	if err != nil {
		panic(err)
	}
	for _, op := range ops {
		fmt.Printf("%s %s %s %.4f\n", op.Op, op.Kind, op.Path, op.Delta)
	}
	// The misspelled key "cty" still pairs with "city" (Jaro similarity > 0,
	// keyImportance 0), so the candidate scores 1; the JSON path falls back to
	// the interpreter for it because Trip cannot hold the key.
	s, err := trip.ScoreTripJSON([]byte(`{"itinerary":[{"city":"Paris","days":3}]}`), []byte(`{"itinerary":[{"cty":"Paris","days":3}]}`))
	fmt.Println(s, err)
	// Output:
	// 0.5833333333333334
	// add list_item_add /itinerary/1 0.3333
	// replace primitive_replace /itinerary/1/days 0.0833
	// 1 <nil>
}
