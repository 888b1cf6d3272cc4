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
	g, err := trip.DecodeTrip([]byte(benchGold))
	if err != nil {
		b.Fatal(err)
	}
	p, err := trip.DecodeTrip([]byte(benchCand))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		trip.ScoreTrip(g, p)
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
