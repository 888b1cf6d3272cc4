package interp_test

import (
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

const itemSchema = `{
  "type": "object",
  "properties": {
    "name": {"type": "string", "score": "exact"},
    "qty":  {"type": "integer", "score": "invdiff"},
    "tags": {"type": "array", "order": "align", "items": {"type": "string", "score": "exact"}}
  },
  "required": ["name", "qty", "tags"]
}`

type item struct {
	Name string   `json:"name"`
	Qty  int      `json:"qty"`
	Tags []string `json:"tags"`
}

func compileItem(t *testing.T, opts interp.Options) *interp.Scorer {
	t.Helper()
	sc, err := interp.Compile([]byte(itemSchema), "item.json", opts)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestScoreValues scores Go values (structs, maps, pointers) and requires
// the hand-computed score and the score of their JSON text, bit for bit.
func TestScoreValues(t *testing.T) {
	sc := compileItem(t, interp.Options{})
	gold := item{Name: "bolt", Qty: 4, Tags: []string{"m8", "steel"}}
	for _, tc := range []struct {
		name string
		cand any
		json string
		want float64
	}{
		// name 1, qty 1/(1+|4-5|) = 0.5, tags 1: (1 + 0.5 + 1) / 3.
		{"struct", item{Name: "bolt", Qty: 5, Tags: []string{"steel", "m8"}}, `{"name":"bolt","qty":5,"tags":["steel","m8"]}`, 2.5 / 3},
		{"pointer", &item{Name: "bolt", Qty: 4, Tags: []string{"m8", "steel"}}, `{"name":"bolt","qty":4,"tags":["m8","steel"]}`, 1},
		// tags: one of two gold tags matched, no excess: 0.5.
		{"map", map[string]any{"name": "nut", "qty": 4, "tags": []string{"m8"}}, `{"name":"nut","qty":4,"tags":["m8"]}`, 1.5 / 3},
	} {
		got, err := sc.ScoreValues(gold, tc.cand)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		g, _ := jsonval.Decode([]byte(`{"name":"bolt","qty":4,"tags":["m8","steel"]}`), jsonval.DecodeOptions{})
		c, _ := jsonval.Decode([]byte(tc.json), jsonval.DecodeOptions{})
		fromJSON, err := sc.Score(g, c)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if math.Float64bits(got) != math.Float64bits(fromJSON) || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: ScoreValues %v, Score of the JSON %v, want %v", tc.name, got, fromJSON, tc.want)
		}
		res, err := sc.AlignValues(gold, tc.cand)
		if err != nil {
			t.Fatalf("%s: AlignValues: %v", tc.name, err)
		}
		if math.Float64bits(res.Score) != math.Float64bits(got) || res.Match == nil {
			t.Errorf("%s: AlignValues score %v (match tree %v), ScoreValues %v", tc.name, res.Score, res.Match != nil, got)
		}
	}
}

// TestScoreValuesErrors checks that a value encoding/json cannot encode,
// or one nested deeper than the scorer's limit, is an error naming the
// side, and that a nil slice is null (not an empty array).
func TestScoreValuesErrors(t *testing.T) {
	sc := compileItem(t, interp.Options{})
	ok := item{Name: "a", Tags: []string{}}
	for _, tc := range []struct {
		name       string
		gold, cand any
		want       string
	}{
		{"gold", make(chan int), ok, "interp: gold: json: unsupported type: chan int"},
		{"candidate", ok, math.Inf(1), "interp: candidate: json: unsupported value: +Inf"},
		{"nil slice", item{Name: "a"}, ok, `invalid gold at /tags: null is not of type "array"`},
	} {
		_, err := sc.ScoreValues(tc.gold, tc.cand)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
		if _, err2 := sc.AlignValues(tc.gold, tc.cand); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%s: AlignValues error %v, ScoreValues %v", tc.name, err2, err)
		}
	}

	deep := compileItem(t, interp.Options{Limits: interp.Limits{MaxDepth: 2}})
	_, err := deep.ScoreValues(map[string]any{"name": "a", "qty": 1, "tags": [][]string{{"x"}}}, ok)
	if err == nil || err.Error() != "interp: gold: nesting depth exceeds the MaxDepth limit of 2" {
		t.Errorf("deep gold: %v", err)
	}
}

// TestScoreValuesNumbersByValue shows why ScoreValues is exact in the
// default profile: encoding/json writes a whole float64 as 5, an integer
// literal. The default profile reads numbers by value, so the pair scores as
// its float-form JSON does (and as a generated struct-tag scorer, which
// reads the float64 fields, does); the reference profile sees an integer
// and a float, a kind mismatch.
func TestScoreValuesNumbersByValue(t *testing.T) {
	type priced struct {
		Price float64 `json:"price"`
	}
	schema := []byte(`{"type": "object", "properties": {"price": {"type": "number", "score": "invdiff"}}}`)
	gold, cand := priced{5}, priced{5.5}
	g, _ := jsonval.Decode([]byte(`{"price": 5.0}`), jsonval.DecodeOptions{})
	c, _ := jsonval.Decode([]byte(`{"price": 5.5}`), jsonval.DecodeOptions{})
	for _, tc := range []struct {
		compat interp.Compat
		want   float64
	}{
		{interp.CompatDefault, 1 / 1.5},
		{interp.CompatReference, 0},
	} {
		sc, err := interp.Compile(schema, "priced.json", interp.Options{Compat: tc.compat})
		if err != nil {
			t.Fatal(err)
		}
		got, err := sc.ScoreValues(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%q profile: ScoreValues %v, want %v", tc.compat, got, tc.want)
		}
		if fromJSON, _ := sc.Score(g, c); tc.compat == interp.CompatDefault && math.Float64bits(fromJSON) != math.Float64bits(got) {
			t.Errorf("default profile: ScoreValues %v, Score of the float-form JSON %v", got, fromJSON)
		}
	}
}
