package interp_test

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

// Hand-computed cases of the default-profile rules for the schemas users
// have (docs/SCORING.md §2.4, §3.8, §5.10, §6.8, §6.9).

type userCase struct {
	name, schema, gold, cand string
	want                     float64 // default profile
	ref                      float64 // reference profile; -1: not checked
}

func runUserCases(t *testing.T, cases []userCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, p := range []struct {
				opts interp.Options
				want float64
			}{{defaultProfile, c.want}, {referenceProfile, c.ref}} {
				if p.want < 0 {
					continue
				}
				s := mustScorer(t, c.schema, p.opts)
				got, err := s.Score(mustDecode(t, c.gold), mustDecode(t, c.cand))
				if err != nil {
					t.Fatalf("%q: %v", p.opts.Compat, err)
				}
				if got != p.want {
					t.Errorf("profile %q: score %v, want %v", p.opts.Compat, got, p.want)
				}
			}
		})
	}
}

func TestMapsScore(t *testing.T) {
	const intMap = `{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}}}`
	runUserCases(t, []userCase{
		// The case: the reference scores the undeclared members 0.
		{"identical map", intMap, `{"m": {"a": 1, "b": 2}}`, `{"m": {"a": 1, "b": 2}}`, 1, 0},
		{"identical map, members permuted", intMap, `{"m": {"a": 1, "b": 2}}`, `{"m": {"b": 2, "a": 1}}`, 1, -1},
		// b: invdiff(2, 3) = 1/2; m = (1 + 1/2) / 2.
		{"one value off", intMap, `{"m": {"a": 1, "b": 2}}`, `{"m": {"a": 1, "b": 3}}`, 0.75, -1},
		// Keys pair exactly: "colour" is another key, so two unpaired
		// entries (value 0, weight 1) beside the pair a.
		{"keys pair exactly", intMap, `{"m": {"a": 1, "color": 2}}`, `{"m": {"a": 1, "colour": 2}}`, 1.0 / 3, -1},
		{"keyScore jaro pairs keys fuzzily",
			`{"type": "object", "additionalProperties": {"type": "integer"}, "keyScore": "jaro"}`,
			`{"a": 1, "color": 2}`, `{"a": 1, "colour": 2}`, 1, -1},
		{"patternProperties",
			`{"type": "object", "patternProperties": {"^n_": {"type": "number", "score": "exact"}, "^s_": {"type": "string", "score": "exact"}}}`,
			`{"n_a": 1, "s_b": "x"}`, `{"n_a": 2, "s_b": "x"}`, 0.5, -1},
		// A schema-less object: a map of any values.
		{"schema-less object", `{"type": "object"}`, `{"a": "x"}`, `{"a": "x"}`, 1, 0},
		{"additionalProperties true", `{"type": "object", "additionalProperties": true}`,
			`{"a": [1, 2], "b": {"c": null}}`, `{"a": [1, 3], "b": {"c": null}}`, 0.75, -1},
	})
}

// TestMapMissingKeyWeighs: a missing gold key of a map weighs its member
// schema's valueWeight, as a wrong value does (docs/SCORING.md §6.4); it
// weighed 1 (3/4 and 3/5 below) while a wrong value weighed 3.
func TestMapMissingKeyWeighs(t *testing.T) {
	const weighted = `{"type": "object", "additionalProperties": {"type": "integer", "score": "exact", "valueWeight": 3}}`
	const mixed = `{"type": "object", "properties": {"id": {"type": "integer"}}, "additionalProperties": {"type": "integer", "score": "exact", "valueWeight": 3}}`
	runUserCases(t, []userCase{
		// a pairs (3 × 1), b missing (3 × 0): 3 / 6.
		{"missing key", weighted, `{"a": 1, "b": 2}`, `{"a": 1}`, 0.5, -1},
		// The same as b present and wrong (3 × 0).
		{"wrong value", weighted, `{"a": 1, "b": 2}`, `{"a": 1, "b": 5}`, 0.5, -1},
		// a (3 × 1), b missing (3 × 0), c extra (1 × 0): 3 / 7.
		{"missing and extra key", weighted, `{"a": 1, "b": 2}`, `{"a": 1, "c": 2}`, 3.0 / 7, -1},
		// id (1 × 1), a (3 × 1), b missing (3 × 0): 4 / 7; the reference
		// profile scores the undeclared a 0 and weighs b 1: 1 / 3.
		{"declared and additional members", mixed, `{"id": 1, "a": 1, "b": 2}`, `{"id": 1, "a": 1}`, 4.0 / 7, 1.0 / 3},
	})
}

func TestUndeclaredMembersScoreAsJSONValues(t *testing.T) {
	const schema = `{"type": "object", "properties": {"date": {"type": "string"}}}`
	runUserCases(t, []userCase{
		// conformance vector peer/22: the reference scores the undeclared
		// "note" 0 against itself.
		{"identical undeclared member", schema, `{"date": "2024", "note": "hi"}`, `{"date": "2024", "note": "hi"}`, 1, 0.5},
		{"different undeclared member", schema, `{"date": "2024", "note": "hi"}`, `{"date": "2024", "note": "ho"}`, 0.5, 0.5},
		{"undeclared member under additionalProperties",
			`{"type": "object", "properties": {"date": {"type": "string"}}, "additionalProperties": {"type": "integer"}}`,
			`{"date": "2024", "n": 2}`, `{"date": "2024", "n": 3}`, 0.75, 0.5},
	})
	s := mustScorer(t, schema, defaultProfile)
	res, err := s.Align(mustDecode(t, `{"date": "2024", "note": {"a": 1}}`), mustDecode(t, `{"date": "2024", "note": {"a": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 1 || len(ops) != 0 || strings.Contains(text, "expected") {
		t.Errorf("identical undeclared member: score %v, %d ops, feedback %q", res.Score, len(ops), text)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], `gold key "note" is not declared`) {
		t.Errorf("warnings %q", res.Warnings)
	}
}

func TestAnyScores(t *testing.T) {
	runUserCases(t, []userCase{
		{"identical", `{}`, `{"a": [1, 2, {"b": "x"}], "c": null}`, `{"c": null, "a": [1, 2.0, {"b": "x"}]}`, 1, -1},
		// a: positions 1, 0, 1 of 3; root: the shared key a of 1.
		{"nested partial credit", `{}`, `{"a": [1, 2, {"b": "x"}]}`, `{"a": [1, 3, {"b": "x"}]}`, 2.0 / 3, -1},
		// keys a, b, c: a shared and equal, b and c on one side only.
		{"keys on one side", `true`, `{"a": 1, "b": 2}`, `{"a": 1, "c": 2}`, 1.0 / 3, -1},
		{"scalars exact", `{"type": "object", "properties": {"v": {}}}`, `{"v": "abc"}`, `{"v": "abd"}`, 0, -1},
		{"kinds differ", `{}`, `[1]`, `{"0": 1}`, 0, -1},
		{"array elements are any", `{"type": "array", "items": true}`, `[{"k": 1}, "x"]`, `[{"k": 1}, "x"]`, 1, -1},
	})
}

func TestEnumConstExact(t *testing.T) {
	runUserCases(t, []userCase{
		{"enum string", `{"type": "string", "enum": ["<", "<="]}`, `"<"`, `"<="`, 0, -1},
		{"enum without type", `{"enum": ["female", "other"]}`, `"female"`, `"other"`, 0, -1},
		{"const", `{"const": 3}`, `3`, `3`, 1, -1},
		{"enum number", `{"type": "integer", "enum": [1, 2, 3]}`, `1`, `2`, 0, 0.5},
		{"score wins", `{"type": "string", "enum": ["ab", "abc"], "score": "levenshtein"}`, `"ab"`, `"abc"`, 0.6666666666666667, -1}, // 1 - 1/3 in binary64,
	})
	s := mustScorer(t, `{"type": "string", "enum": ["<", "<="]}`, referenceProfile)
	if got, _ := s.Score(mustDecode(t, `"<"`), mustDecode(t, `"<="`)); got == 0 {
		t.Errorf("the reference profile keeps the default comparator on enums")
	}
}

func TestUniqueItemsAlign(t *testing.T) {
	const set = `{"type": "array", "uniqueItems": true, "items": {"type": "string"}}`
	runUserCases(t, []userCase{
		{"set order does not matter", set, `["a", "b", "c"]`, `["c", "b", "a"]`, 1, -1},
		{"order given wins", `{"type": "array", "uniqueItems": true, "order": "fixed", "items": {"type": "string", "score": "exact"}}`,
			`["a", "b"]`, `["b", "a"]`, 1.0 / 3, -1},
	})
	s := mustScorer(t, set, referenceProfile)
	if got, _ := s.Score(mustDecode(t, `["a", "b", "c"]`), mustDecode(t, `["c", "b", "a"]`)); got == 1 {
		t.Errorf("the reference profile keeps order fixed for uniqueItems")
	}
}

func TestWrappersAndDialectsScore(t *testing.T) {
	runUserCases(t, []userCase{
		{"allOf wrapper",
			`{"type": "object", "properties": {"p": {"allOf": [{"$ref": "#/$defs/P"}], "description": "d"}},
			 "$defs": {"P": {"type": "object", "properties": {"n": {"type": "string", "score": "exact"}, "k": {"type": "integer"}}}}}`,
			`{"p": {"n": "a", "k": 1}}`, `{"p": {"n": "b", "k": 1}}`, 0.5, 0.5},
		{"root without type",
			`{"properties": {"n": {"type": "string", "score": "exact"}, "k": {"enum": ["x", "y"]}}, "required": ["n"]}`,
			`{"n": "a", "k": "x"}`, `{"n": "a", "k": "y"}`, 0.5, -1},
		{"draft-07 tuple",
			`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "array", "items": [{"type": "string", "score": "exact"}, {"type": "integer", "score": "exact"}]}`,
			`["a", 1]`, `["a", 2]`, 0.5, 0.5},
		{"$anchor",
			`{"type": "object", "properties": {"a": {"$ref": "#s"}}, "$defs": {"s": {"$anchor": "s", "type": "string", "score": "exact"}}}`,
			`{"a": "x"}`, `{"a": "x"}`, 1, 1},
	})
}

func TestOpenAPINullableValidates(t *testing.T) {
	const schema = `{"type": "object", "properties": {"s": {"type": "string", "nullable": true, "nullScore": 0.25}, "t": {"type": "string"}}}`
	s := mustScorer(t, schema, defaultProfile)
	got, err := s.Score(mustDecode(t, `{"s": "x", "t": "y"}`), mustDecode(t, `{"s": null, "t": "y"}`))
	if err != nil || got != 0.625 {
		t.Errorf("default profile: score %v, %v; want 0.625 (s scores its nullScore)", got, err)
	}
	r := mustScorer(t, schema, referenceProfile)
	res, err := r.Align(mustDecode(t, `{"s": "x", "t": "y"}`), mustDecode(t, `{"s": null, "t": "y"}`))
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != 0 || res.Invalid == nil {
		t.Errorf("reference profile: nullable is ignored, so null fails validation: score %v, validation %v", res.Score, res.Invalid)
	}
}

func TestAbsentAsDefault(t *testing.T) {
	const schema = `{"type": "object", "properties": {
		"name": {"type": "string", "score": "exact"},
		"snap": {"type": "integer", "default": 42, "score": "exact"},
		"size": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": null},
		"note": {"type": ["string", "null"]}},
		"required": ["name"]}`
	off := strings.Replace(schema, `"required"`, `"absentAsDefault": false, "required"`, 1)
	memberOff := strings.Replace(schema, `"default": 42,`, `"default": 42, "absentAsDefault": false,`, 1)
	runUserCases(t, []userCase{
		// name scores 1; snap is absent from the gold and holds its default.
		{"default on the gold side", schema, `{"name": "a"}`, `{"name": "a", "snap": 42}`, 1, 0.5},
		{"default on the candidate side", schema, `{"name": "a", "snap": 42}`, `{"name": "a"}`, 1, 0.5},
		// snap: 42 against 41, exact: 0; (1 + 0) / 2.
		{"default compared", schema, `{"name": "a"}`, `{"name": "a", "snap": 41}`, 0.5, 0.5},
		{"null default", schema, `{"name": "a"}`, `{"name": "a", "size": null}`, 1, 0.5},
		{"absent and null for a nullable member", schema, `{"name": "a", "note": null}`, `{"name": "a"}`, 1, 0.5},
		{"absent is not a value for a nullable member", schema, `{"name": "a", "note": "x"}`, `{"name": "a"}`, 0.5, 0.5},
		{"absentAsDefault false on the object", off, `{"name": "a"}`, `{"name": "a", "snap": 42}`, 0.5, 0.5},
		{"absentAsDefault false on the member", memberOff, `{"name": "a"}`, `{"name": "a", "snap": 42}`, 0.5, 0.5},
		{"absentAsDefault false on the member, another member", memberOff, `{"name": "a"}`, `{"name": "a", "size": null}`, 1, 0.5},
	})
	s := mustScorer(t, schema, defaultProfile)
	for _, c := range []struct{ gold, cand string }{
		{`{"name": "a"}`, `{"name": "a", "snap": 41}`},
		{`{"name": "a", "snap": 7}`, `{"name": "b"}`},
		{`{"name": "a"}`, `{"name": "a", "snap": 42}`},
	} {
		res, err := s.Align(mustDecode(t, c.gold), mustDecode(t, c.cand))
		if err != nil {
			t.Fatal(err)
		}
		text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, o := range ops {
			sum += o.Delta
		}
		if d := sum - (1 - res.Score); d > 1e-12 || d < -1e-12 {
			t.Errorf("%s vs %s: deltas %v, 1 - score %v\n%s", c.gold, c.cand, sum, 1-res.Score, text)
		}
		if res.Score == 1 && (len(ops) != 0 || strings.Contains(text, "expected")) {
			t.Errorf("%s vs %s: a perfect score with fixes: %s", c.gold, c.cand, text)
		}
		// The fixes apply as written: the repaired candidate scores 1.
		fixed, err := repair.Apply(mustDecode(t, c.cand), ops)
		if err != nil {
			t.Errorf("%s vs %s: %v", c.gold, c.cand, err)
			continue
		}
		if got, err := s.Score(mustDecode(t, c.gold), fixed); err != nil || got != 1 {
			t.Errorf("%s vs %s: repaired %s scores %v, %v", c.gold, c.cand, jsonval.AppendJSON(nil, fixed), got, err)
		}
	}
}

// TestGateViolationCanonical: under the validation gate the default profile
// reports the violation first by its path (positions blanked) and message,
// so listing an unordered array's elements in another order does not change
// which one the feedback names (docs/SCORING.md §1.3); the reference profile
// reports the first in document order.
func TestGateViolationCanonical(t *testing.T) {
	const schema = `{"type": "object", "properties": {"tags": {"type": "array", "order": "align", "items": {"type": "string"}}}}`
	gold := `{"tags": ["a", "b", "c"]}`
	for _, c := range []struct {
		opts       interp.Options
		cand, want string
	}{
		{defaultProfile, `{"tags": [2, "b", 1]}`, "1 is not of type"},
		{defaultProfile, `{"tags": [1, "b", 2]}`, "1 is not of type"},
		{referenceProfile, `{"tags": [2, "b", 1]}`, "2 is not of type"},
	} {
		s := mustScorer(t, schema, c.opts)
		res, err := s.Align(mustDecode(t, gold), mustDecode(t, c.cand))
		if err != nil {
			t.Fatal(err)
		}
		if res.Invalid == nil || !strings.HasPrefix(res.Invalid.Message, c.want) || res.Score != 0 {
			t.Errorf("%q %s: invalid %v score %v, want a violation %q…", c.opts.Compat, c.cand, res.Invalid, res.Score, c.want)
		}
	}
}
