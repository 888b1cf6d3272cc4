package interp

import (
	"fmt"
	"os"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/jsonval"
)

// TestWLRoundsOrgChart checks the round cap on the paper's org chart
// (docs/SCORING.md §11.2), by hand: the two gold "Dave/Engineer" records 4 and 5 and
// the candidate ones 90 and 92 have identical properties. Round 1 of the
// refinement only separates records by whether they have incoming or
// outgoing mentorships ({4,5; 90,92} stay together); round 2 separates them
// by whom they are mentored by. With at most one round the tie is broken
// by the solver alone (4→90, 5→92, as with idDisambiguation "none"): the
// mentorships 1→4 and 3→5 then each lose their mentee (score 1/2 each), so
// mentorships score 2/3 and the root (5/6 + 2/3 + 41/84 + 3/4)/4 = 115/168.
// With two rounds or more (and unlimited, the default) π is the paper's and
// the score 43/56. The derivation is measured alone (WithoutSearch): the
// bijection search of docs/SCORING.md §7.12 finds the paper's π whatever the
// cap, since the two pairings of the Daves tie in the matrix.
func TestWLRoundsOrgChart(t *testing.T) {
	schema := readFile(t, "../examples/orgchart/schema.json")
	gold := decodeFile(t, "../examples/orgchart/gold.json")
	cand := decodeFile(t, "../examples/orgchart/candidate.json")
	for _, c := range []struct {
		rounds *int
		want   float64
	}{
		{new(0), 115.0 / 168},
		{new(1), 115.0 / 168},
		{new(2), 43.0 / 56},
		{new(11), 43.0 / 56},
		{nil, 43.0 / 56},
	} {
		sc, err := Compile(schema, "schema.json", Options{WLRounds: c.rounds})
		if err != nil {
			t.Fatal(err)
		}
		got, err := WithoutSearch(sc).Score(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("WLRounds %s: score %v, want %v", roundsText(c.rounds), got, c.want)
		}
		if got, err := sc.Score(gold, cand); err != nil || got != 43.0/56 {
			t.Errorf("WLRounds %s with the search: score %v (%v), want 43/56", roundsText(c.rounds), got, err)
		}
	}
	if _, err := Compile(schema, "schema.json", Options{WLRounds: new(-1)}); err == nil {
		t.Error("WLRounds -1 accepted")
	}
}

// TestWLRoundsConformance scores every referential conformance vector with
// no cap, with a cap of zero rounds and with a cap beyond |V|: a cap of at
// least |V| rounds is no cap (same bits everywhere), and zero rounds is not
// "unlimited": it changes the score of the vectors where the structure
// breaks a tie (the org chart, and some in each family that has them).
func TestWLRoundsConformance(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	differ := map[string]int{}
	n := 0
	for _, v := range vs {
		if !v.HasReferential() || (testing.Short() && v.Family == "o2g_damage") {
			continue
		}
		scores := make([]float64, 3)
		ok := true
		for i, rounds := range []*int{nil, new(0), new(1 << 20)} {
			sc, err := Compile(v.SchemaText, "", Options{WLRounds: rounds})
			if err != nil {
				ok = false
				break
			}
			if scores[i], err = WithoutSearch(sc).Score(v.Gold, v.Cand); err != nil {
				ok = false
				break
			}
		}
		if !ok {
			continue // vectors the reference raised on
		}
		n++
		if scores[2] != scores[0] {
			t.Errorf("%s: cap 2^20 scores %v, unlimited %v", v.ID, scores[2], scores[0])
		}
		if scores[1] != scores[0] {
			differ[v.Family]++
		}
	}
	for _, fam := range []string{"fig1", "peer", "random", "paper_schemas"} {
		if differ[fam] == 0 {
			t.Errorf("family %s: zero rounds scores every vector like unlimited rounds", fam)
		}
	}
	t.Logf("%d referential vectors; zero rounds changes the score of %v", n, differ)
}

// TestWLBlendLambdaZero checks that λ = 0 of the blend integration is λ = 0
// (docs/SCORING.md §7.8: (1 − λ)·C + λ·Wm is then the record scores alone), not the
// default 0.5 that a zero float64 used to stand for. On the org chart the
// record scores cannot tell the two Daves apart (TestWLRoundsOrgChart), so
// with λ = 0 the solver pairs them as with idDisambiguation "none" (score
// 115/168), while any positive λ lets the structure decide (43/56). The
// derivation is measured alone (WithoutSearch, docs/SCORING.md §7.12).
func TestWLBlendLambdaZero(t *testing.T) {
	schema := readFile(t, "../examples/orgchart/schema.json")
	gold := decodeFile(t, "../examples/orgchart/gold.json")
	cand := decodeFile(t, "../examples/orgchart/candidate.json")
	for _, c := range []struct {
		lambda *float64
		want   float64
	}{
		{new(0.0), 115.0 / 168},
		{new(1e-9), 43.0 / 56},
		{nil, 43.0 / 56},
		{new(1.0), 43.0 / 56},
	} {
		name := "nil"
		if c.lambda != nil {
			name = fmt.Sprint(*c.lambda)
		}
		sc, err := Compile(schema, "schema.json", Options{WLIntegration: "blend", WLBlendLambda: c.lambda})
		if err != nil {
			t.Fatal(err)
		}
		if c.lambda != nil {
			*c.lambda = 0.5 // the scorer keeps its own copy
		}
		got, err := WithoutSearch(sc).Score(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("WLBlendLambda %s: score %v, want %v", name, got, c.want)
		}
	}
	for _, bad := range []float64{-0.1, 1.5} {
		if _, err := Compile(schema, "schema.json", Options{WLBlendLambda: new(bad)}); err == nil {
			t.Errorf("WLBlendLambda %v accepted", bad)
		}
	}
}

func roundsText(r *int) string {
	if r == nil {
		return "nil"
	}
	return jsonval.NewInt(int64(*r)).String()
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func decodeFile(t *testing.T, name string) jsonval.Value {
	t.Helper()
	v, err := jsonval.Decode(readFile(t, name), jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}
