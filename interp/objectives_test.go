package interp_test

import (
	"slices"
	"testing"

	"github.com/objectaligner/oagen/interp"
)

// TestObjectiveScoresFig1 checks the per-member scores of the paper's org
// chart against the field scores computed by hand (docs/SCORING.md §11.3).
func TestObjectiveScoresFig1(t *testing.T) {
	c := benchFig1(t)
	res, err := c.scorer.Align(c.gold, c.cand)
	if err != nil {
		t.Fatal(err)
	}
	want := []interp.MemberScore{
		{Key: "people", Score: 5.0 / 6},
		{Key: "mentorships", Score: 1},
		{Key: "agenda", Score: 0.48809523809523814},
		{Key: "period", Score: 0.75},
	}
	if got := res.ObjectiveScores(); !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestObjectiveScores covers renamed, missing, excess and undeclared keys,
// weights, an invalid or null candidate and non-object roots.
func TestObjectiveScores(t *testing.T) {
	const objSchema = `{"type": ["object", "null"], "keyImportance": 0.5, "properties": {
		"name": {"type": "string", "score": "exact", "valueWeight": 3},
		"age": {"type": "integer"},
		"tags": {"type": "array", "order": "align", "items": {"type": "string", "score": "exact"}}}}`
	for _, tc := range []struct {
		name, schema, gold, cand string
		want                     []interp.MemberScore
	}{
		{
			name:   "paired members, weights ignored",
			schema: objSchema,
			gold:   `{"name": "Ann", "age": 40, "tags": ["a", "b"]}`,
			cand:   `{"tags": ["b", "c"], "name": "Ann", "age": 30}`,
			// age: invdiff 1/(1+10); tags: one pair of two plus one excess, D = 3.
			want: []interp.MemberScore{{Key: "name", Score: 1}, {Key: "age", Score: 1.0 / 11}, {Key: "tags", Score: 1.0 / 3}},
		},
		{
			name:   "missing and excess members",
			schema: objSchema,
			gold:   `{"name": "Ann", "age": 40}`,
			cand:   `{"name": "Bo", "tags": []}`,
			want:   []interp.MemberScore{{Key: "name", Score: 0}, {Key: "age", Score: 0}},
		},
		{
			name:   "renamed key keeps the gold key",
			schema: objSchema,
			gold:   `{"name": "Ann"}`,
			cand:   `{"nam": "Ann"}`,
			want:   []interp.MemberScore{{Key: "name", Score: 1}},
		},
		{
			name:   "undeclared gold key",
			schema: objSchema,
			gold:   `{"name": "Ann", "extra": 1}`,
			cand:   `{"name": "Ann", "extra": 2}`,
			// The undeclared member scores by the JSON-value rule
			// (docs/SCORING.md §6.9): 2 is not 1.
			want: []interp.MemberScore{{Key: "name", Score: 1}, {Key: "extra", Score: 0}},
		},
		{
			name:   "identical undeclared gold key",
			schema: objSchema,
			gold:   `{"name": "Ann", "extra": {"a": [1, 2]}}`,
			cand:   `{"name": "Ann", "extra": {"a": [1, 2]}}`,
			want:   []interp.MemberScore{{Key: "name", Score: 1}, {Key: "extra", Score: 1}},
		},
		{
			name:   "invalid candidate",
			schema: objSchema,
			gold:   `{"name": "Ann", "age": 40}`,
			cand:   `{"name": 7, "age": 40}`,
			want:   []interp.MemberScore{{Key: "name", Score: 0}, {Key: "age", Score: 0}},
		},
		{
			name:   "null candidate",
			schema: objSchema,
			gold:   `{"name": "Ann"}`,
			cand:   `null`,
			want:   []interp.MemberScore{{Key: "name", Score: 0}},
		},
		{
			name:   "empty gold object",
			schema: objSchema,
			gold:   `{}`,
			cand:   `{"name": "Ann"}`,
			want:   []interp.MemberScore{},
		},
		{
			name:   "array root",
			schema: `{"type": "array", "items": {"type": "integer"}}`,
			gold:   `[1, 2]`,
			cand:   `[1, 3]`,
		},
		{
			name:   "scalar root",
			schema: `{"type": "string"}`,
			gold:   `"abc"`,
			cand:   `"abd"`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := interp.Compile([]byte(tc.schema), "schema.json", interp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := sc.Align(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
			if err != nil {
				t.Fatal(err)
			}
			got := res.ObjectiveScores()
			if !slices.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
				t.Errorf("got %#v, want %#v (score %v)", got, tc.want, res.Score)
			}
		})
	}
}
