package biored_test

import (
	"fmt"

	"github.com/objectaligner/oagen/examples/biored"
)

func ptr[T any](v T) *T { return &v }

// ExampleScoreDocument scores typed BioRED values: mentions are compared
// with Jaro–Winkler, so a slightly different spelling costs a little, and
// the relation is found through the entity bijection.
func ExampleScoreDocument() {
	ent := func(id, typ string, mentions ...string) biored.DocumentEntitiesItem {
		e := biored.DocumentEntitiesItem{ID: ptr(id), Type: ptr(typ), Mentions: []biored.DocumentEntitiesItemMentionsItem{}}
		for _, m := range mentions {
			e.Mentions = append(e.Mentions, biored.DocumentEntitiesItemMentionsItem{Text: ptr(m)})
		}
		return e
	}
	gold := &biored.Document{
		Entities: []biored.DocumentEntitiesItem{
			ent("D1", "ChemicalEntity", "cisplatin"),
			ent("D2", "DiseaseOrPhenotypicFeature", "nephrotoxicity"),
		},
		Relations: []biored.DocumentRelationsItem{{Subject: ptr("D1"), Predicate: ptr("Positive_Correlation"), Object: ptr("D2")}},
	}
	cand := &biored.Document{
		Entities: []biored.DocumentEntitiesItem{
			ent("c", "ChemicalEntity", "cis-platin"),
			ent("d", "DiseaseOrPhenotypicFeature", "nephrotoxicity"),
		},
		Relations: []biored.DocumentRelationsItem{{Subject: ptr("c"), Predicate: ptr("Positive_Correlation"), Object: ptr("d")}},
	}
	s, err := biored.ScoreDocument(gold, cand)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.6f\n", s)
	// Output:
	// 0.998333
}
