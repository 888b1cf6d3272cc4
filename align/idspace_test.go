package align

import (
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestCandidateSpaceGold checks σ on a small two-scope document: ids with a
// counterpart take it, ids without one take a fresh id (the gold id when the
// candidate does not use it, else g_2…, or one more than the largest integer
// in use), and references follow their ids.
func TestCandidateSpaceGold(t *testing.T) {
	gold := must(jsonval.DecodeString(`{"people":[{"id":"a"},{"id":"b"},{"id":"c"}],"teams":[{"n":1,"lead":"a"},{"n":2,"lead":"c"}],"links":[{"from":"b","to":"c","team":2}]}`))
	cand := must(jsonval.DecodeString(`{"people":[{"id":"x"},{"id":"b"}],"teams":[{"n":1,"lead":"c"},{"n":7,"lead":"x"}],"links":[]}`))
	paths := []ScopePaths{
		{Record: []Step{{Key: "people"}, {Kind: StepItems}}, ID: []Step{{Key: "id"}},
			Refs: [][]Step{{{Key: "teams"}, {Kind: StepItems}, {Key: "lead"}}, {{Key: "links"}, {Kind: StepItems}, {Key: "from"}}, {{Key: "links"}, {Kind: StepItems}, {Key: "to"}}}},
		{Record: []Step{{Key: "teams"}, {Kind: StepItems}}, ID: []Step{{Key: "n"}},
			Refs: [][]Step{{{Key: "links"}, {Kind: StepItems}, {Key: "team"}}}},
	}
	s := jsonval.NewString
	i := func(n int64) jsonval.Value { return jsonval.NewInt(n) }
	pairs := [][]IDPair{
		// a → x; b has no counterpart but is in use ("b" is a candidate
		// id): b_2; c has none and "c" is in use as a reference: c_2.
		{{Gold: s("a"), Cand: s("x"), HasCand: true}, {Gold: s("b")}, {Gold: s("c")}},
		// 1 → 7; 2 has none and is free: 2.
		{{Gold: i(1), Cand: i(7), HasCand: true}, {Gold: i(2)}},
	}
	got := string(jsonval.AppendJSON(nil, CandidateSpaceGold(gold, cand, paths, pairs)))
	if ids := CandidateIDs(cand, paths[0], pairs[0]); !jsonval.Equal(jsonval.NewArray(ids), must(jsonval.DecodeString(`["x","b_2","c_2"]`))) {
		t.Errorf("CandidateIDs = %s", jsonval.AppendJSON(nil, jsonval.NewArray(ids)))
	}
	want := `{"people":[{"id":"x"},{"id":"b_2"},{"id":"c_2"}],"teams":[{"n":7,"lead":"x"},{"n":2,"lead":"c_2"}],"links":[{"from":"b_2","to":"c_2","team":2}]}`
	if got != want {
		t.Errorf("CandidateSpaceGold =\n%s\nwant\n%s", got, want)
	}
	// A number id in use takes one more than the largest integer in use.
	sp := &idSpace{used: map[string]bool{}}
	for _, v := range []jsonval.Value{i(3), jsonval.NewFloat(9), i(-4)} {
		sp.add(v)
	}
	if f := sp.fresh(i(3)); !jsonval.Equal(f, i(10)) {
		t.Errorf("fresh(3) = %s, want 10", jsonval.AppendJSON(nil, f))
	}
	if f := sp.fresh(jsonval.NewFloat(9)); f.Kind != jsonval.Float || f.F != 10 {
		t.Errorf("fresh(9.0) = %s, want 10.0 in float form", jsonval.AppendJSON(nil, f))
	}
}

func must(v jsonval.Value, err error) jsonval.Value {
	// Test inputs are literals: a decoding error is a bug in the test.
	if err != nil {
		panic(err)
	}
	return v
}
