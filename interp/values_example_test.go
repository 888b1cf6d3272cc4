package interp_test

import (
	"fmt"
	"log"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
)

// Score two Go values under a schema, with no generated code: the values
// are compared as encoding/json encodes them.
func ExampleScorer_ScoreValues() {
	type Contact struct {
		Name  string   `json:"name"`
		Email string   `json:"email"`
		Tags  []string `json:"tags"`
	}
	schema := []byte(`{
	  "type": "object",
	  "properties": {
	    "name":  {"type": "string", "score": "jaro_winkler"},
	    "email": {"type": "string", "score": "exact"},
	    "tags":  {"type": "array", "order": "align", "items": {"type": "string", "score": "exact"}}
	  }
	}`)
	sc, err := interp.Compile(schema, "contact.json", interp.Options{})
	if err != nil {
		log.Fatal(err)
	}
	gold := Contact{Name: "Ada Lovelace", Email: "ada@example.org", Tags: []string{"math", "engines"}}
	cand := Contact{Name: "Ada Lovelance", Email: "ada@example.org", Tags: []string{"engines"}}

	score, err := sc.ScoreValues(gold, cand)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("score %.4f\n", score)

	// AlignValues keeps the match tree, for the ranked feedback.
	res, err := sc.AlignValues(gold, cand)
	if err != nil {
		log.Fatal(err)
	}
	text, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(text)
	// Output:
	// score 0.8282
	// The prediction scored 0.83 (deficit 0.17). Top 2 of 2 fix locations:
	// 1. /tags: array is missing item "math". Adding it recovers +0.167.
	// 2. /name: expected "Ada Lovelace", got "Ada Lovelance". Fixing this recovers +0.005.
	// Focus on missing array item errors — they account for 97% of the deficit shown.
}
