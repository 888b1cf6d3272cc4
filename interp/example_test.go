package interp_test

import (
	"errors"
	"fmt"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// decodeExample decodes a JSON literal of the examples.
func decodeExample(s string) jsonval.Value {
	v, err := jsonval.Decode([]byte(s), jsonval.DecodeOptions{})
	if err != nil {
		panic(err)
	}
	return v
}

// showJSON writes a value as compact JSON.
func showJSON(v jsonval.Value) string { return string(jsonval.AppendJSON(nil, v)) }

// A schema is compiled once; each pair is then scored against it. The year
// is compared exactly and weighs twice as much as the page count, which is
// compared by relative difference (docs/SCORING.md §3.3, §6.5). Leaving the
// year out costs what a wrong year costs.
func Example() {
	schema := []byte(`{
	  "type": "object",
	  "properties": {
	    "year":  {"type": "integer", "score": "exact", "valueWeight": 2},
	    "pages": {"type": "integer", "score": "relative"}
	  }
	}`)
	sc, err := interp.Compile(schema, "book.schema.json", interp.Options{})
	if err != nil {
		panic(err)
	}
	gold := decodeExample(`{"year": 1999, "pages": 400}`)
	for _, cand := range []string{
		`{"year": 1999, "pages": 400}`,
		`{"year": 1999, "pages": 360}`,
		`{"year": 2000, "pages": 400}`,
		`{"pages": 400}`,
	} {
		score, err := sc.Score(gold, decodeExample(cand))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-30s %.4f\n", cand, score)
	}
	// Output:
	// {"year": 1999, "pages": 400}   1.0000
	// {"year": 1999, "pages": 360}   0.9667
	// {"year": 2000, "pages": 400}   0.3333
	// {"pages": 400}                 0.3333
}

// Compile reports every problem of a schema at once, each located by
// file:line:col and JSON Pointer, with a suggestion for a misspelt keyword.
func ExampleCompile_errors() {
	schema := []byte(`{
  "type": "object",
  "properties": {
    "name": {"type": "string", "scroe": "exact"},
    "tags": {"type": "array", "order": "random", "items": {"type": "string"}}
  }
}`)
	_, err := interp.Compile(schema, "bad.schema.json", interp.Options{})
	var list ir.ErrorList
	if errors.As(err, &list) {
		for _, d := range list {
			fmt.Println(d)
		}
	}
	// Output:
	// bad.schema.json:4:32: #/properties/name: unknown keyword "scroe" (did you mean "score"?)
	// bad.schema.json:5:31: #/properties/tags: unknown order "random"; order is "align" or "fixed"
}

// Align keeps the alignment: for a schema with identifiers it holds the
// bijection between the gold's ids and the candidate's (docs/SCORING.md
// §7.5), and a reference that points at the wrong record gets a fix naming
// the candidate id it should use.
func ExampleScorer_Align() {
	schema := []byte(`{
	  "type": "object",
	  "properties": {
	    "parties": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
	      "id":   {"type": "string", "idScope": "party"},
	      "name": {"type": "string", "score": "exact"}}}},
	    "lines": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
	      "party": {"type": "string", "ref": "party"},
	      "qty":   {"type": "integer", "score": "exact"}}}}
	  }
	}`)
	sc, err := interp.Compile(schema, "order.schema.json", interp.Options{})
	if err != nil {
		panic(err)
	}
	gold := decodeExample(`{
	  "parties": [{"id": "depot", "name": "Depot"}, {"id": "shop", "name": "Shop"}],
	  "lines": [{"party": "depot", "qty": 3}, {"party": "shop", "qty": 1}]}`)
	// The candidate calls the parties p1 and p2, and its second line points
	// at the depot instead of the shop.
	cand := decodeExample(`{
	  "parties": [{"id": "p1", "name": "Shop"}, {"id": "p2", "name": "Depot"}],
	  "lines": [{"party": "p2", "qty": 3}, {"party": "p2", "qty": 1}]}`)
	res, err := sc.Align(gold, cand)
	if err != nil {
		panic(err)
	}
	fmt.Println("score", res.Score)
	for _, b := range res.Bijections {
		for _, p := range b.Pairs {
			fmt.Printf("%s %s -> %s\n", b.Scope, showJSON(p.Gold), showJSON(p.Candidate))
		}
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		panic(err)
	}
	for _, op := range ops {
		fmt.Printf("%s %s %s %s (+%.3f)\n", op.Op, op.Kind, op.Path, showJSON(op.Value), op.Delta)
	}
	// Output:
	// score 0.875
	// party "depot" -> "p2"
	// party "shop" -> "p1"
	// replace ref_fix /lines/1/party "p1" (+0.125)
}

// Feedback renders the ranked fixes of a result as text for a person or a
// prompt optimiser (feedback.ForResult, docs/SCORING.md §8.8); the deltas
// add up to 1 − score.
func Example_feedback() {
	schema := []byte(`{
	  "type": "object",
	  "properties": {
	    "year":  {"type": "integer", "score": "exact"},
	    "steps": {"type": "array", "order": "fixed", "items": {"type": "integer", "score": "exact"}}
	  }
	}`)
	sc, err := interp.Compile(schema, "plan.schema.json", interp.Options{})
	if err != nil {
		panic(err)
	}
	res, err := sc.Align(decodeExample(`{"year": 1999, "steps": [1, 2, 3]}`),
		decodeExample(`{"year": 2000, "steps": [1, 3]}`))
	if err != nil {
		panic(err)
	}
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		panic(err)
	}
	fmt.Println(text)
	fmt.Println(len(ops), "operations")
	// Output:
	// The prediction scored 0.33 (deficit 0.67). Top 2 of 2 fix locations:
	// 1. /year: expected 1999, got 2000. Fixing this recovers +0.500.
	// 2. /steps/1: missing array item 2. Adding it recovers +0.167.
	// Focus on value errors — they account for 75% of the deficit shown.
	// 2 operations
}
