package genrt

import (
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

func mustValue(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestGenericFills: Generic fills the member one side lacks as the
// interpreter does (docs/SCORING.md §6.10): the default, or null where the
// other side holds null; the filled entry is marked in build mode.
func TestGenericFills(t *testing.T) {
	spec := &ObjectSpec{Keys: []string{"a", "b", "c"}, Weights: []float64{1, 1, 1}, ValueImportance: 1}
	nodes := []Node{
		{Kind: jsonval.Object, Object: spec, Props: []int{1, 2, 3}, Fills: []Fill{{Prop: 1, Value: jsonval.NewInt(5)}, {Prop: 2, NullOnly: true}}},
		{Kind: jsonval.String, Str: align.ExactString},
		{Kind: jsonval.Int, Num: "exact"},
		{Kind: jsonval.String, Str: align.ExactString, NullScore: 0},
	}
	var w Workspace
	for _, c := range []struct {
		gold, cand string
		want       float64
	}{
		{`{"a": "x"}`, `{"a": "x", "b": 5}`, 1},
		{`{"a": "x", "b": 5}`, `{"a": "x"}`, 1},
		{`{"a": "x"}`, `{"a": "x", "b": 4}`, 0.5},
		{`{"a": "x"}`, `{"a": "x", "c": null}`, 1},
		{`{"a": "x"}`, `{"a": "x", "c": "y"}`, 0.5},
	} {
		for _, build := range []bool{false, true} {
			s, r := w.Generic(nodes, nil, 0, mustValue(t, c.gold), mustValue(t, c.cand), build)
			if s != c.want {
				t.Errorf("%s / %s (build %v): %v, want %v", c.gold, c.cand, build, s, c.want)
			}
			if build && c.want == 1 {
				filled := false
				for _, e := range r.Match.Entries {
					filled = filled || e.HasGoldFill || e.HasPredFill
				}
				if !filled {
					t.Errorf("%s / %s: no entry marked filled", c.gold, c.cand)
				}
			}
		}
	}
}

// TestCanonAndDecodeValue: a decoded JSON value is canonical (numbers by
// value, members in key order), Canon leaves a canonical value as it is,
// and a repeated key does not decode.
func TestCanonAndDecodeValue(t *testing.T) {
	var r jsonval.Reader
	var v jsonval.Value
	if err := r.Reset([]byte(`{"b": [1.0, 2.5], "a": {"d": 3.0, "c": null}}`), jsonval.DecodeOptions{}); err != nil {
		t.Fatal(err)
	}
	if !DecodeValue(&r, &v) {
		t.Fatal("DecodeValue failed")
	}
	want := `{"a":{"c":null,"d":3},"b":[1,2.5]}`
	if got := string(jsonval.AppendJSON(nil, v)); got != want {
		t.Errorf("decoded %s, want %s", got, want)
	}
	if got := string(jsonval.AppendJSON(nil, Canon(mustValue(t, `{"b": [1.0, 2.5], "a": {"d": 3.0, "c": null}}`)))); got != want {
		t.Errorf("Canon: %s, want %s", got, want)
	}
	if err := r.Reset([]byte(`{"a": 1, "a": 2}`), jsonval.DecodeOptions{}); err != nil {
		t.Fatal(err)
	}
	if DecodeValue(&r, &v) {
		t.Error("a repeated key decoded")
	}
	if s, _ := Value(mustValue(t, `{"a": 1, "b": 2}`), mustValue(t, `{"a": 1, "c": 2}`), false); s != 1.0/3 {
		t.Errorf("Value: %v, want 1/3 (docs/SCORING.md §6.9)", s)
	}
}
