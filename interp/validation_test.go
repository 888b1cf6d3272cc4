package interp_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestValidationReport checks the validation option (docs/SCORING.md §1.3):
// under gate (the default) one enum slip makes the candidate score 0 with
// the validation error as its feedback; under report the candidate is
// scored as if valid, each violation is a warning and a line first in the
// feedback, and the fixes are those of a valid candidate.
func TestValidationReport(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{
		"status":{"type":"string","enum":["open","closed"],"score":"exact"},
		"title":{"type":"string"},
		"count":{"type":"integer","score":"exact"}}}`)
	gold := mustDecode(t, `{"status":"open","title":"Quarterly report","count":3}`)
	cand := mustDecode(t, `{"status":"opened","title":"Quarterly report","count":"3"}`)
	gate, err := interp.Compile(schema, "", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := gate.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 0 || res.Invalid == nil || len(res.Violations) != 0 {
		t.Errorf("gate: score %v, invalid %v, violations %v; want 0, the first error, none", res.Score, res.Invalid, res.Violations)
	}
	for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
		report, err := interp.Compile(schema, "", interp.Options{Validation: interp.ValidationReport, Compat: compat})
		if err != nil {
			t.Fatal(err)
		}
		res, err = report.Align(gold, cand)
		if err != nil {
			t.Fatal(err)
		}
		// Three members of weight 1, keys exact: title 1, status and count 0.
		if want := 1.0 / 3; math.Abs(res.Score-want) > 1e-15 || res.Invalid != nil {
			t.Errorf("%q report: score %v (invalid %v), want %v", compat, res.Score, res.Invalid, want)
		}
		if len(res.Violations) != 2 || len(res.Warnings) != 2 ||
			!strings.Contains(res.Warnings[0], "at /status:") || !strings.Contains(res.Warnings[1], "at /count:") {
			t.Errorf("%q report: violations %v, warnings %q", compat, res.Violations, res.Warnings)
		}
		text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(text, "\n")
		if len(lines) < 4 || !strings.HasPrefix(lines[0], "Prediction failed schema validation at /status: ") ||
			!strings.HasPrefix(lines[1], "Prediction failed schema validation at /count: ") ||
			!strings.HasPrefix(lines[2], "The prediction scored 0.33") || len(ops) != 2 {
			t.Errorf("%q report: feedback\n%s\nwith %d operations", compat, text, len(ops))
		}
	}
	if _, err := interp.Compile(schema, "", interp.Options{Validation: "warn"}); err == nil {
		t.Error("validation \"warn\" compiled")
	}
}

// TestPropertyValidationReport scores random candidates whose values are
// replaced by values of any kind (so that most fail validation) under
// validation report, in both profiles: scoring never fails (limits aside)
// and never panics, the score is in [0, 1], a valid candidate scores as
// under gate, and at granularity leaf the deltas add up to 1 − score.
// 300 random schemas (30 under -short), 3,000 with OAGEN_LONG=1.
func TestPropertyValidationReport(t *testing.T) {
	t.Parallel()
	props := gopter.NewProperties(propParams(t, profileCases(300)))
	var pairs, invalid int
	props.Property("an invalid candidate scores as if valid", prop.ForAll(
		func(seed uint64, depth int) string {
			r := rand.New(rand.NewPCG(seed, 13))
			sg := &schemaGen{r: r}
			root, lay := sg.root(depth)
			schemaJSON := jsonval.AppendJSON(nil, root.json())
			vg := &valueGen{r: r}
			gold := vg.gold(root, lay)
			cand := scramble(vg.damage(root, gold, 0.2), r, 0.15)
			for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
				where := fmt.Sprintf("\n  profile %q\n  schema: %s\n  gold: %s\n  cand: %s", compat, schemaJSON, jsonText(gold), jsonText(cand))
				rep, err := interp.Compile(schemaJSON, "random.json", interp.Options{Compat: compat, Validation: interp.ValidationReport})
				if err != nil {
					return "compile: " + err.Error() + where
				}
				gate, err := interp.Compile(schemaJSON, "random.json", interp.Options{Compat: compat})
				if err != nil {
					return "compile: " + err.Error() + where
				}
				res, err := rep.Align(gold, cand)
				if err != nil {
					return "align: " + err.Error() + where
				}
				pairs++
				if !(res.Score >= 0 && res.Score <= 1) {
					return fmt.Sprintf("score %v%s", res.Score, where)
				}
				g, err := gate.Score(gold, cand)
				if err != nil {
					return "gate: " + err.Error() + where
				}
				if len(res.Violations) == 0 && g != res.Score {
					return fmt.Sprintf("a valid candidate scores %v under report, %v under gate%s", res.Score, g, where)
				}
				if len(res.Violations) > 0 {
					invalid++
					if g != 0 {
						return fmt.Sprintf("an invalid candidate scores %v under gate%s", g, where)
					}
				}
				if res.Match == nil {
					continue // the root kinds differ
				}
				ops, err := res.Repair(interp.RepairOptions{})
				if err != nil {
					return "repair: " + err.Error() + where
				}
				if sum := opsSum(ops); math.Abs(sum-(1-res.Score)) > 1e-9 {
					return fmt.Sprintf("Σ Δ = %v, 1 − score = %v%s", sum, 1-res.Score, where)
				}
				if _, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions()); err != nil {
					return "feedback: " + err.Error() + where
				}
				_ = feedback.DescribeResult(res)
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 4),
	))
	runProps(t, props)
	t.Logf("%d pairs scored under validation report, %d of them invalid", pairs, invalid)
	if invalid == 0 {
		t.Error("no invalid candidate generated")
	}
}

// scramble replaces each value inside v, with probability p, by a value of
// a random kind.
func scramble(v jsonval.Value, r *rand.Rand, p float64) jsonval.Value {
	if r.Float64() < p {
		switch r.IntN(6) {
		case 0:
			return jsonval.Value{}
		case 1:
			return jsonval.NewBool(r.IntN(2) == 0)
		case 2:
			return jsonval.NewInt(int64(r.IntN(20) - 5))
		case 3:
			return jsonval.NewString("zz")
		case 4:
			return jsonval.NewArray([]jsonval.Value{jsonval.NewInt(1), jsonval.NewString("a")})
		default:
			return jsonval.NewObject([]jsonval.Member{{Key: "k", Value: jsonval.NewInt(1)}})
		}
	}
	switch v.Kind {
	case jsonval.Array:
		elems := make([]jsonval.Value, len(v.Arr))
		for i, e := range v.Arr {
			elems[i] = scramble(e, r, p)
		}
		return jsonval.NewArray(elems)
	case jsonval.Object:
		members := make([]jsonval.Member, len(v.Obj))
		for i, m := range v.Obj {
			members[i] = jsonval.Member{Key: m.Key, Value: scramble(m.Value, r, p)}
		}
		return jsonval.NewObject(members)
	}
	return v
}
