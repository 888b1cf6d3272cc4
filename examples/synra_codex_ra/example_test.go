package org2graph_test

import (
	"fmt"

	org2graph "github.com/objectaligner/oagen/examples/synra_codex_ra"
)

// ExampleScoreGraphJSON scores an Org2Graph instance (paper Fig. 13): a
// candidate that only renames every id of both scopes scores exactly 1
// (docs/SCORING.md §7.11).
func ExampleScoreGraphJSON() {
	gold := `{"people": [{"id": "p1", "name": "Ada Lovelace", "title": "CTO"}, {"id": "p2", "name": "Alan Turing", "title": "Engineer"}],
	 "companies": [{"id": "c1", "name": "Analytical Engines", "industry": "Computing"}, {"id": "c2", "name": "Bletchley Labs", "industry": "Research"}],
	 "employment": [{"person": "p1", "company": "c1", "role": "executive"}, {"person": "p2", "company": "c2", "role": "staff"}],
	 "acquaintance": [{"source": "p1", "target": "p2", "relation": "colleague"}],
	 "partnership": [{"source": "c1", "target": "c2", "relation": "supplier"}]}`
	cand := `{"people": [{"id": "B", "name": "Alan Turing", "title": "Engineer"}, {"id": "A", "name": "Ada Lovelace", "title": "CTO"}],
	 "companies": [{"id": "Y", "name": "Bletchley Labs", "industry": "Research"}, {"id": "X", "name": "Analytical Engines", "industry": "Computing"}],
	 "employment": [{"person": "A", "company": "X", "role": "executive"}, {"person": "B", "company": "Y", "role": "staff"}],
	 "acquaintance": [{"source": "A", "target": "B", "relation": "colleague"}],
	 "partnership": [{"source": "X", "target": "Y", "relation": "supplier"}]}`
	s, typed, err := org2graph.ScoreGraphJSONDetail([]byte(gold), []byte(cand))
	fmt.Println(s, typed, err)
	// Output:
	// 1 true <nil>
}
