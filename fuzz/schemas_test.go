package fuzz

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// fixedSchemas are the schemas FuzzScore scores under, chosen to reach every
// regime: the paper's referential org chart, a recursive tree, a union-typed
// fixed list with nulls, a tuple head plus an aligned tail, a fuzzy-keyed
// object, and a scope whose records reference their own scope. Every object
// but the fuzzy-keyed one is closed, so that a valid gold carries no key
// outside "properties" and must score 1 against itself (docs/SCORING.md §6.4 rule 1).
var fixedSchemas = []string{
	// 0: the paper's org chart (idScope, ref, align, fixed, tuple), closed
	// with "additionalProperties": false.
	`{"type": "object", "properties": {"people": {"type": "array", "order": "align", "items": {"type": "object", "keyImportance": 0.0, "valueImportance": 1.0, "properties": {"id": {"type": "integer", "idScope": "person"}, "name": {"type": "string", "score": "exact", "valueWeight": 2.0}, "role": {"type": "string", "score": "exact", "enum": ["Manager", "Engineer", "Intern"]}}, "additionalProperties": false}}, "mentorships": {"type": "array", "order": "align", "ignoreExcess": true, "items": {"type": "object", "properties": {"mentor": {"type": "integer", "ref": "person"}, "mentee": {"type": "integer", "ref": "person"}}, "additionalProperties": false}}, "agenda": {"type": "array", "order": "fixed", "items": {"type": "string", "score": "jaro", "threshold": 0.3}}, "period": {"type": "array", "prefixWeights": [1, 1], "prefixItems": [{"type": "integer", "score": "invdiff"}, {"type": "integer", "score": "invdiff"}]}}, "additionalProperties": false}`,
	// 1: a recursive tree.
	`{"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {
		"label": {"type": "string", "score": "jaro_winkler"},
		"weight": {"type": "number", "score": "relative"},
		"kids": {"type": "array", "order": "align", "items": {"$ref": "#/$defs/node"}}},
		"additionalProperties": false}}}`,
	// 2: a union-typed fixed list with nulls and a non-zero nullScore.
	`{"type": "array", "order": "fixed", "items": {"type": ["string", "integer", "number", "boolean", "null"],
		"nullScore": 0.25, "threshold": 0.2}}`,
	// 3: a tuple head plus an aligned tail, with ignoreExcess.
	`{"type": "array", "prefixItems": [{"type": "string", "score": "osa"}, {"type": "integer", "score": "exact"}],
		"prefixWeights": [2, 1], "prefixImportance": 1, "restImportance": 3, "order": "align", "ignoreExcess": true,
		"items": {"type": ["string", "null"], "score": "damerau_levenshtein"}}`,
	// 4: an object with fuzzy keys and a key term.
	`{"type": "object", "keyScore": "jaro", "keyThreshold": 0.5, "keyImportance": 0.3, "valueImportance": 0.7,
		"properties": {"alpha": {"type": "string", "score": "indel"}, "beta": {"type": "integer"},
			"gamma": {"type": "array", "order": "fixed", "items": {"type": "string", "score": "lcsseq"}}},
		"additionalProperties": {"type": ["string", "number", "null"]}}`,
	// 5: a self-referential scope (manager → person) and a second scope
	// referring to the first.
	`{"type": "object", "properties": {
		"people": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
			"id": {"type": "string", "idScope": "person"},
			"name": {"type": "string"},
			"manager": {"type": "string", "ref": "person"}}, "additionalProperties": false}},
		"teams": {"type": "array", "order": "align", "items": {"type": "object", "properties": {
			"tid": {"type": "integer", "idScope": "team"},
			"members": {"type": "array", "order": "align", "items": {"type": "string", "ref": "person"}}},
			"additionalProperties": false}}}, "additionalProperties": false}`,
}

// loadSchemas compiles fixedSchemas once per fuzz target, with small limits
// so that every input finishes quickly.
func loadSchemas(tb testing.TB) []*interp.Scorer {
	tb.Helper()
	var out []*interp.Scorer
	for i, s := range fixedSchemas {
		sc, err := interp.Compile([]byte(s), fmt.Sprintf("schema%d.json", i), interp.Options{Limits: fuzzLimits})
		if err != nil {
			tb.Fatalf("schema %d: %v", i, err)
		}
		out = append(out, sc)
	}
	return out
}

// undeclaredKeys is the index of the fixed schema whose gold may carry keys
// outside "properties".
const undeclaredKeys = 4

// slowPair is the time beyond which checkPair reports a pair as a hang.
const slowPair = 5 * time.Second

// fuzzLimits keep one fuzz execution in the millisecond range.
var fuzzLimits = interp.Limits{MaxDepth: 64, MaxCollection: 200, MaxStringRunes: 2000, MaxWork: 2_000_000}

// checkPair scores gold against cand and checks the invariants every
// entry point promises: no panic (the fuzz engine catches those), an error
// of a documented type or a score in [0,1], Score and Align agreeing bit for
// bit, feedback that renders, and repair deltas that add up to 1 - score.
// It returns the result, or the documented error scoring failed with.
func checkPair(t *testing.T, sc *interp.Scorer, gold, cand jsonval.Value) (*interp.Result, error) {
	t.Helper()
	start := time.Now()
	defer func() {
		// fuzzLimits bound a pair to a few million units of work, a few
		// milliseconds; seconds mean a loop the work budget does not see.
		if d := time.Since(start); d > slowPair {
			t.Fatalf("scoring took %v (> %v)", d, slowPair)
		}
	}()
	s, err := sc.Score(gold, cand)
	res, aerr := sc.Align(gold, cand)
	if (err == nil) != (aerr == nil) {
		t.Fatalf("Score error %v but Align error %v", err, aerr)
	}
	if err != nil {
		if err.Error() != aerr.Error() {
			t.Fatalf("Score error %q, Align error %q", err, aerr)
		}
		checkError(t, err)
		return nil, err
	}
	if math.IsNaN(s) || s < 0 || s > 1 {
		t.Fatalf("score %v outside [0,1]", s)
	}
	if math.Float64bits(s) != math.Float64bits(res.Score) {
		t.Fatalf("Score %v, Align %v", s, res.Score)
	}
	_, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		t.Fatalf("Feedback: %v", err)
	}
	sum := 0.0
	for _, o := range ops {
		if math.IsNaN(o.Delta) || o.Delta < -1e-9 {
			t.Fatalf("op %+v has a bad delta", o)
		}
		sum += o.Delta
	}
	if res.Invalid == nil && math.Abs(sum-(1-s)) > 1e-6 {
		t.Fatalf("deltas add up to %v, want 1 - %v = %v", sum, s, 1-s)
	}
	return res, nil
}

// checkError accepts the documented error types of Score: an invalid gold,
// an exceeded limit, a comparator failure located by a pointer, and a gold
// that is not a valid JSON Schema instance.
func checkError(t *testing.T, err error) {
	t.Helper()
	var ge *interp.GoldError
	var le *interp.LimitError
	var el ir.ErrorList
	switch {
	case errors.As(err, &ge):
	case errors.As(err, &le):
		if le.Limit == "" || le.Value <= 0 {
			t.Fatalf("limit error without a limit: %v", err)
		}
	case errors.As(err, &el):
	default:
		t.Fatalf("undocumented error %T: %v", err, err)
	}
}
