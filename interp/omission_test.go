package interp_test

import (
	"math"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
)

// TestOmissionCost checks docs/SCORING.md §6.4–§6.5 on hand-computed cases:
// in the default profile a missing gold member weighs its valueWeight, as a
// present member scored 0 does; in the reference profile it weighs 1. The
// missing key's fix recovers the member's share, and the deltas add up to
// 1 − score.
func TestOmissionCost(t *testing.T) {
	invoice := `{"type":"object","properties":{"num":{"type":"string","score":"exact","valueWeight":2},"a":{"type":"string"},"b":{"type":"string"}}}`
	person := `{"type":"object","properties":{"first_name":{"type":"string"},"age":{"type":"integer","score":"exact","valueWeight":2}}}`
	strict := `{"type":"object","keyThreshold":0.9,"properties":{"first_name":{"type":"string"},"age":{"type":"integer","score":"exact","valueWeight":2}}}`
	free := `{"type":"object","keyScore":"exact","properties":{"a":{"type":"integer"},"b":{"type":"integer","valueWeight":0}}}`
	tests := []struct {
		name, schema, gold, cand string
		def, ref                 float64 // scores in the two profiles
		missing                  float64 // the missing key's delta in the default profile (-1: none)
	}{
		// The invoice: num weighs 2 of 4.
		{"omitted like wrong", invoice, `{"num":"INV-1","a":"x","b":"y"}`, `{"a":"x","b":"y"}`, 0.5, 2.0 / 3, 0.5},
		{"wrong value", invoice, `{"num":"INV-1","a":"x","b":"y"}`, `{"num":"INV-2","a":"x","b":"y"}`, 0.5, 0.5, -1},
		{"null", `{"type":"object","properties":{"num":{"type":["string","null"],"score":"exact","valueWeight":2,"nullScore":0},"a":{"type":"string"},"b":{"type":"string"}}}`,
			`{"num":"INV-1","a":"x","b":"y"}`, `{"num":null,"a":"x","b":"y"}`, 0.5, 0.5, -1},
		// Fuzzy key pairing: firstname pairs with first_name (free with
		// keyImportance 0), age is missing: 1·1 + 2·0 over 3.
		{"fuzzy pair", person, `{"first_name":"Ada","age":36}`, `{"firstname":"Ada"}`, 1.0 / 3, 0.5, 2.0 / 3},
		// An extra key that pairs with nothing still weighs 1: 1 of 1+1+2.
		{"extra and missing", strict, `{"first_name":"Ada","age":36}`, `{"first_name":"Ada","zz":36}`, 0.25, 1.0 / 3, 0.5},
		// A member of weight 0 costs nothing when missing, as when wrong (its
		// fix, Δ 0, is still listed).
		{"weight 0", free, `{"a":1,"b":1}`, `{"a":1}`, 1, 0.5, 0},
		{"weight 0 wrong", free, `{"a":1,"b":1}`, `{"a":1,"b":7}`, 1, 1, -1},
		// A missing gold key the schema does not declare weighs 1.
		{"undeclared", free, `{"a":1,"z":1}`, `{"a":1}`, 0.5, 0.5, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				s, err := interp.Compile([]byte(tt.schema), "s.json", interp.Options{Compat: c})
				if err != nil {
					t.Fatal(err)
				}
				res, err := s.Align(decodeExample(tt.gold), decodeExample(tt.cand))
				if err != nil {
					t.Fatal(err)
				}
				want := tt.def
				if c == interp.CompatReference {
					want = tt.ref
				}
				if math.Abs(res.Score-want) > 1e-15 {
					t.Errorf("%v: score %.17g, want %.17g", c, res.Score, want)
				}
				ops, err := res.Repair(interp.RepairOptions{})
				if err != nil {
					t.Fatal(err)
				}
				var sum, missing float64 = 0, -1
				for _, o := range ops {
					sum += o.Delta
					if o.Kind == align.KindKeyAdd {
						missing = o.Delta
					}
				}
				if math.Abs(sum-(1-res.Score)) > 1e-12 {
					t.Errorf("%v: Σ Δ = %.17g, 1 − score = %.17g", c, sum, 1-res.Score)
				}
				if c == interp.CompatDefault && math.Abs(missing-tt.missing) > 1e-12 {
					t.Errorf("missing key's Δ %.17g, want %.17g (ops %+v)", missing, tt.missing, ops)
				}
			}
		})
	}
}
