package fuzz

import (
	"errors"
	"math"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// FuzzScore scores arbitrary gold and candidate texts under the fixed
// schemas of fixedSchemas (referential, recursive, union-typed, tuple,
// fuzzy-keyed) and checks the invariants of checkPair. When the gold is
// valid it also checks that a gold scores exactly 1 against itself (except
// where docs/SCORING.md §6.4 rule 1 forbids it), that a
// second Score of the same pair is bit-identical (per-call state does not
// leak), and that scoring is independent of a candidate aliasing the gold.
func FuzzScore(f *testing.F) {
	scorers := loadSchemas(f)
	type seed struct {
		schema     uint8
		gold, cand string
	}
	for _, s := range []seed{
		{0, `{"people":[{"id":1,"name":"Alice","role":"Manager"},{"id":2,"name":"Bob","role":"Engineer"}],"mentorships":[{"mentor":1,"mentee":2}],"agenda":["plan","review"],"period":[2023,2025]}`,
			`{"people":[{"id":7,"name":"Bob","role":"Engineer"},{"id":9,"name":"Alice","role":"Manager"}],"mentorships":[{"mentor":9,"mentee":7},{"mentor":7,"mentee":7}],"agenda":["review"],"period":[2023]}`},
		{0, `{"people":[{"id":1,"name":"A","role":"Intern"},{"id":1,"name":"B","role":"Intern"}]}`, `{}`},
		{0, `{"mentorships":[{"mentor":3,"mentee":4}]}`, `{"mentorships":[]}`},
		{1, `{"label":"root","weight":1.5,"kids":[{"label":"a","kids":[{"label":"b"}]},{"label":"c"}]}`,
			`{"label":"root","weight":1.0,"kids":[{"label":"c"},{"label":"a","kids":[]}]}`},
		{2, `["a",1,2.5,true,null,"x"]`, `[null,1.0,"2.5",false,"y","x",null]`},
		{2, `[null,null]`, `[]`},
		{3, `["head",3,"t1",null,"t2"]`, `["hexd",3,"t2","t1","t3"]`},
		{3, `[]`, `["only"]`},
		{4, `{"alpha":"abc","beta":5,"gamma":["p","q"],"zeta":"z","eta":1e3}`, `{"alpah":"abd","bta":-5,"gamma":["q"],"zeta":null}`},
		{5, `{"people":[{"id":"a","name":"Ann","manager":null},{"id":"b","name":"Ben","manager":"a"}],"teams":[{"tid":1,"members":["a","b"]}]}`,
			`{"people":[{"id":"x","name":"Ben","manager":"y"},{"id":"y","name":"Ann","manager":null}],"teams":[{"tid":5,"members":["y"]}]}`},
		{5, `{"people":[{"id":"a","name":"Ann","manager":"zz"}]}`, `{"people":[]}`},
	} {
		f.Add(s.schema, []byte(s.gold), []byte(s.cand))
	}
	f.Fuzz(func(t *testing.T, which uint8, goldText, candText []byte) {
		sc := scorers[int(which)%len(scorers)]
		gold, err := jsonval.Decode(goldText, jsonval.DecodeOptions{MaxDepth: 64})
		if err != nil {
			return
		}
		cand, err := jsonval.Decode(candText, jsonval.DecodeOptions{MaxDepth: 64})
		if err != nil {
			return
		}
		res, _ := checkPair(t, sc, gold, cand)
		if res == nil {
			return
		}
		again, err := sc.Score(gold, cand)
		if err != nil || math.Float64bits(again) != math.Float64bits(res.Score) {
			t.Fatalf("second Score %v, %v; first %v", again, err, res.Score)
		}
		if int(which)%len(scorers) == undeclaredKeys {
			// docs/SCORING.md §6.4 rule 1: a gold key outside "properties" scores 0
			// even against itself, so self-similarity may be below 1.
			return
		}
		self, err := checkPair(t, sc, gold, gold)
		if self == nil {
			var le *interp.LimitError
			switch {
			case res.Invalid != nil:
				// docs/SCORING.md §1.3: an invalid candidate scores 0 before the
				// referential integrity of the gold (step 4) is checked.
			case errors.As(err, &le):
				// The gold against itself compares more than the gold
				// against a shorter candidate did.
			default:
				t.Fatalf("a usable gold does not score against itself: %v", err)
			}
			return
		}
		if self.Score != 1 {
			t.Fatalf("gold scores %v against itself, want 1", self.Score)
		}
	})
}
