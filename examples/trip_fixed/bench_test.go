package trip_test

import (
	"os"
	"testing"

	trip "github.com/objectaligner/oagen/examples/trip_fixed"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

const (
	benchGold = `{"itinerary":[{"city":"Paris","days":3},{"city":"Rome","days":2},{"city":"Vienna","days":4},{"city":"Prague","days":2}]}`
	benchCand = `{"itinerary":[{"city":"Paris","days":3},{"city":"Vienna","days":3},{"city":"Prague","days":2},{"city":"Berlin","days":1}]}`
)

func BenchmarkScoreTrip(b *testing.B) {
	var g, p trip.Trip
	gt, _, err := decode(benchGold)
	if err != nil {
		b.Fatal(err)
	}
	pt, _, err := decode(benchCand)
	if err != nil {
		b.Fatal(err)
	}
	g, p = *gt, *pt
	b.ReportAllocs()
	for b.Loop() {
		trip.ScoreTrip(&g, &p)
	}
}

func BenchmarkInterpreter(b *testing.B) {
	sch, err := os.ReadFile("../../testdata/schemas/trip_fixed.json")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := interp.Compile(sch, "trip_fixed.json", interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	g, _ := jsonval.DecodeString(benchGold)
	p, _ := jsonval.DecodeString(benchCand)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sc.Score(g, p); err != nil {
			b.Fatal(err)
		}
	}
}

func ptrs(s string) *string { return &s }
func ptri(i int64) *int64   { return &i }

// decode builds a Trip from the fixed benchmark JSON (city/days pairs).
func decode(s string) (*trip.Trip, bool, error) {
	v, err := jsonval.DecodeString(s)
	if err != nil {
		return nil, false, err
	}
	t := &trip.Trip{Itinerary: []trip.TripItineraryItem{}}
	it, _ := v.Get("itinerary")
	for _, el := range it.Arr {
		c, _ := el.Get("city")
		d, _ := el.Get("days")
		t.Itinerary = append(t.Itinerary, trip.TripItineraryItem{City: ptrs(c.S), Days: ptri(d.I)})
	}
	return t, true, nil
}
