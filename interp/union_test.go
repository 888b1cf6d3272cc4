package interp_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

// pydanticPets is Pydantic 2.13's model_json_schema() of
//
//	class Cat(BaseModel): pet_type: Literal["cat"]; meows: int
//	class Dog(BaseModel): pet_type: Literal["dog"]; barks: float
//	class Lizard(BaseModel): pet_type: Literal["reptile", "lizard"]; scales: bool
//	class Model(BaseModel):
//	    pet: Union[Cat, Dog, Lizard] = Field(discriminator="pet_type")
//	    n: int
//	    alt: Optional[Union[int, str]] = None
const pydanticPets = `{"$defs": {"Cat": {"properties": {"pet_type": {"const": "cat", "title": "Pet Type", "type": "string"}, "meows": {"title": "Meows", "type": "integer"}}, "required": ["pet_type", "meows"], "title": "Cat", "type": "object"}, "Dog": {"properties": {"pet_type": {"const": "dog", "title": "Pet Type", "type": "string"}, "barks": {"title": "Barks", "type": "number"}}, "required": ["pet_type", "barks"], "title": "Dog", "type": "object"}, "Lizard": {"properties": {"pet_type": {"enum": ["reptile", "lizard"], "title": "Pet Type", "type": "string"}, "scales": {"title": "Scales", "type": "boolean"}}, "required": ["pet_type", "scales"], "title": "Lizard", "type": "object"}}, "properties": {"pet": {"discriminator": {"mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog", "lizard": "#/$defs/Lizard", "reptile": "#/$defs/Lizard"}, "propertyName": "pet_type"}, "oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}, {"$ref": "#/$defs/Lizard"}], "title": "Pet"}, "n": {"title": "N", "type": "integer"}, "alt": {"anyOf": [{"type": "integer"}, {"type": "string"}, {"type": "null"}], "default": null, "title": "Alt"}}, "required": ["pet", "n"], "title": "Model", "type": "object"}`

// typedPets is the pets oneOf with a "type" beside it (the shape that the
// reference's own hint suggested) and no discriminator: values find their
// branch by validation.
const typedPets = `{"type": "object", "properties": {"pet": {"type": "object", "oneOf": [
  {"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]}}, "required": ["pet"],
 "$defs": {
  "Cat": {"properties": {"hunts": {"type": "boolean"}, "age": {"type": "number"}}, "required": ["hunts", "age"], "additionalProperties": false},
  "Dog": {"properties": {"bark": {"type": "boolean"}, "weight": {"type": "number"}}, "required": ["bark", "weight"], "additionalProperties": false}}}`

// openAIItem is an OpenAI structured-output schema (strict mode) whose
// member is an anyOf of two object schemas.
const openAIItem = `{"type": "object", "properties": {"item": {"anyOf": [
  {"type": "object", "description": "The object that represents a person", "properties": {"name": {"type": "string"}, "age": {"type": "number"}}, "required": ["name", "age"], "additionalProperties": false},
  {"type": "object", "description": "The object that represents an address", "properties": {"number": {"type": "string"}, "street": {"type": "string"}, "city": {"type": "string"}}, "required": ["number", "street", "city"], "additionalProperties": false}]}},
 "required": ["item"], "additionalProperties": false}`

// toolArgs has tool arguments of several kinds and a schema.org-style
// anyOf of string, number and null.
const toolArgs = `{"type": "object", "properties": {
  "arg": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"$ref": "#/$defs/Loc"}]},
  "v": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}], "nullScore": 0.25},
  "q": {"anyOf": [{"type": "integer"}, {"type": "number"}]}},
 "$defs": {"Loc": {"title": "Location", "type": "object", "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}}, "required": ["lat", "lon"]}}}`

// tree is a recursive union: a tree is an integer or an array of trees.
const tree = `{"$defs": {"T": {"anyOf": [{"type": "integer"}, {"type": "array", "items": {"$ref": "#/$defs/T"}}]}}, "$ref": "#/$defs/T"}`

func TestUnionScores(t *testing.T) {
	for _, tc := range []struct {
		name, schema, gold, cand string
		want                     float64
	}{
		{"pydantic gold", pydanticPets, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, 1},
		// Cat under Cat: pet_type 1, meows 1/(1+1); (1 + 0.5)/2 = 0.75 for pet, then (0.75 + 1)/2.
		{"pydantic same branch", pydanticPets, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"meows": 4, "pet_type": "cat"}, "n": 1}`, 0.875},
		{"pydantic other branch", pydanticPets, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "dog", "barks": 3}, "n": 1}`, 0.5},
		// alt: anyOf [integer, string, null], Optional with a default.
		{"pydantic optional union", pydanticPets, `{"pet": {"pet_type": "dog", "barks": 1.5}, "n": 1, "alt": 3}`, `{"pet": {"pet_type": "dog", "barks": 1.5}, "n": 1, "alt": "3"}`, 2.0 / 3},
		{"typed pets gold", typedPets, `{"pet": {"hunts": true, "age": 3.14}}`, `{"pet": {"hunts": true, "age": 3.14}}`, 1},
		{"typed pets other branch", typedPets, `{"pet": {"hunts": true, "age": 3.14}}`, `{"pet": {"bark": true, "weight": 3.14}}`, 0},
		{"typed pets same branch", typedPets, `{"pet": {"hunts": true, "age": 3}}`, `{"pet": {"hunts": false, "age": 3}}`, 0.5},
		{"openai person", openAIItem, `{"item": {"name": "Ann", "age": 30}}`, `{"item": {"age": 31, "name": "Ann"}}`, 0.75},
		{"openai other branch", openAIItem, `{"item": {"name": "Ann", "age": 30}}`, `{"item": {"number": "1", "street": "Main", "city": "X"}}`, 0},
		{"tool ref branch", toolArgs, `{"arg": {"lat": 1, "lon": 2}}`, `{"arg": {"lat": 1, "lon": 3}}`, 0.75},
		{"tool string for integer", toolArgs, `{"arg": 3}`, `{"arg": "3"}`, 0},
		{"tool null", toolArgs, `{"v": "x"}`, `{"v": null}`, 0.25},
		{"tool both null", toolArgs, `{"v": null}`, `{"v": null}`, 1},
		// Two numbers score under the gold's branch: 1/(1 + 0.5).
		{"integer or number", toolArgs, `{"q": 3}`, `{"q": 3.5}`, 2.0 / 3},
		{"tree gold", tree, `[1, [2, [3]]]`, `[1, [2, [3]]]`, 1},
		{"tree root other branch", tree, `[1]`, `1`, 0},
		{"tree nested same", tree, `[[5]]`, `[[5]]`, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustScorer(t, tc.schema, defaultProfile)
			got, err := s.Score(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("score %v, want %v", got, tc.want)
			}
			// The deltas add up to the deficit, and applying every
			// operation turns the candidate into the gold wherever the
			// two disagree.
			res, err := s.Align(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != got {
				t.Errorf("Align scored %v, Score %v", res.Score, got)
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, o := range ops {
				sum += o.Delta
			}
			if math.Abs(sum-(1-got)) > 1e-9 {
				t.Errorf("deltas sum to %v, deficit %v: %+v", sum, 1-got, ops)
			}
			fixed, err := repair.Apply(mustDecode(t, tc.cand), res.Edits())
			if err != nil {
				t.Fatal(err)
			}
			if again, err := s.Score(mustDecode(t, tc.gold), fixed); err != nil || again != 1 {
				t.Errorf("repaired candidate %s scores %v (%v)", jsonval.Readable(fixed), again, err)
			}
		})
	}
}

// TestUnionBranchFix checks the operation, the feedback line, the
// description and the attribution row of a value in another branch.
func TestUnionBranchFix(t *testing.T) {
	s := mustScorer(t, pydanticPets, defaultProfile)
	gold := mustDecode(t, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`)
	cand := mustDecode(t, `{"pet": {"pet_type": "dog", "barks": 3}, "n": 1}`)
	res, err := s.Align(gold, cand)
	if err != nil {
		t.Fatal(err)
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 1 {
		t.Fatalf("ops %+v, want one", ops)
	}
	o := ops[0]
	if o.Kind != align.KindBranchReplace || o.Op != "replace" || o.Path != "/pet" || o.Delta != 0.5 ||
		o.GoldBranch != "Cat" || o.PredBranch != "Dog" || o.Site == nil || o.Site.Pointer != "/pet" ||
		!jsonval.Equal(o.Value, mustDecode(t, `{"pet_type": "cat", "meows": 3}`)) {
		t.Errorf("operation %+v", o)
	}
	wantJSON := `{"op":"replace","kind":"branch_replace","path":"/pet","delta":0.5,"value":{"pet_type":"cat","meows":3},` +
		`"gold":{"pet_type":"cat","meows":3},"candidate":{"pet_type":"dog","barks":3},"gold_branch":"Cat","candidate_branch":"Dog","pair_id":"","confidence":1.0}`
	if got := string(o.AppendJSON(nil)); got != wantJSON {
		t.Errorf("JSON\n%s\nwant\n%s", got, wantJSON)
	}
	text, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.FeedbackOptions{TopK: 5})
	if err != nil {
		t.Fatal(err)
	}
	const line = `1. /pet: expected the union branch Cat, got Dog; replace {"pet_type": "dog", "barks": 3} with {"pet_type": "cat", "meows": 3}. Fixing this recovers +0.500.`
	if !strings.Contains(text, line) {
		t.Errorf("feedback\n%s\nwant the line\n%s", text, line)
	}
	if d := feedback.DescribeResult(res); !strings.Contains(d, `The predicted value {"pet_type": "dog", "barks": 3} is in the union branch Dog, the gold {"pet_type": "cat", "meows": 3} in Cat`) {
		t.Errorf("description\n%s", d)
	}
	at, err := res.Attribution(align.AttributionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if at.Residual != 0 || len(at.Rows) == 0 || at.Rows[0].Path != "/pet" || at.Rows[0].Kind != "branch" || at.Rows[0].Contribution != 0.5 {
		t.Errorf("attribution %+v", at)
	}
}

// TestUnionLabels checks branch labels: title, $defs name, discriminator
// tag, position.
func TestUnionLabels(t *testing.T) {
	for _, tc := range []struct {
		name, schema, gold, cand string
		goldBranch, predBranch   string
	}{
		{"title", pydanticPets, `{"pet": {"pet_type": "reptile", "scales": true}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 1}, "n": 1}`, "Lizard", "Cat"},
		{"defs name", typedPets, `{"pet": {"hunts": true, "age": 1}}`, `{"pet": {"bark": true, "weight": 1}}`, "Cat", "Dog"},
		{"position", openAIItem, `{"item": {"name": "Ann", "age": 30}}`, `{"item": {"number": "1", "street": "Main", "city": "X"}}`, "anyOf/0", "anyOf/1"},
		{"title of a $ref", toolArgs, `{"arg": {"lat": 1, "lon": 2}}`, `{"arg": 7}`, "Location", "anyOf/1"},
		{"tag", `{"type": "object", "properties": {"s": {"oneOf": [
		   {"type": "object", "properties": {"k": {"type": "string", "const": "a"}, "x": {"type": "string"}}},
		   {"type": "object", "properties": {"k": {"type": "string", "const": "b"}, "y": {"type": "string"}}}],
		   "discriminator": {"propertyName": "k"}}}}`, `{"s": {"k": "a", "x": "1"}}`, `{"s": {"k": "b", "y": "1"}}`, "a", "b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := mustScorer(t, tc.schema, defaultProfile).Align(mustDecode(t, tc.gold), mustDecode(t, tc.cand))
			if err != nil {
				t.Fatal(err)
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(ops) != 1 || ops[0].Kind != align.KindBranchReplace || ops[0].GoldBranch != tc.goldBranch || ops[0].PredBranch != tc.predBranch {
				t.Errorf("ops %+v, want one branch_replace %s → %s", ops, tc.predBranch, tc.goldBranch)
			}
		})
	}
}

// TestUnionArrays: unions as array elements, in both order regimes.
func TestUnionArrays(t *testing.T) {
	const schema = `{"type": "array", "order": "align", "items": {"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "discriminator": {"propertyName": "t"}},
	 "$defs": {"Cat": {"type": "object", "properties": {"t": {"type": "string", "const": "cat"}, "name": {"type": "string"}}, "required": ["t"]},
	           "Dog": {"type": "object", "properties": {"t": {"type": "string", "const": "dog"}, "name": {"type": "string"}}, "required": ["t"]}}}`
	s := mustScorer(t, schema, defaultProfile)
	gold := mustDecode(t, `[{"t": "cat", "name": "Tom"}, {"t": "dog", "name": "Rex"}]`)
	for _, tc := range []struct {
		cand string
		want float64
	}{
		{`[{"name": "Rex", "t": "dog"}, {"t": "cat", "name": "Tom"}]`, 1},
		// Rex the cat cannot pair with Rex the dog (other branches, 0): a
		// pairing of score 0 leaves both unmatched (docs/SCORING.md §5.2),
		// so Tom matched, Rex missing, Rex excess: 1/3.
		{`[{"t": "cat", "name": "Tom"}, {"t": "cat", "name": "Rex"}]`, 1.0 / 3},
	} {
		got, err := s.Score(gold, mustDecode(t, tc.cand))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: score %v, want %v", tc.cand, got, tc.want)
		}
	}
}

// TestUnionReferenceProfile: the reference profile rejects unions with the
// reference's error, and scores an anyOf beside a "type" by the type alone.
func TestUnionReferenceProfile(t *testing.T) {
	_, err := interp.Compile([]byte(pydanticPets), "schema.json", referenceProfile)
	var list ir.ErrorList
	const want = `schema.json:1:853: #/properties/pet: "oneOf" is not supported on a scoring path: only the nullable pattern (anyOf/oneOf of one schema and {"type": "null"}) is, or a "type" beside it` + "\n" +
		`schema.json:1:1007: #/properties/alt: "anyOf" is not supported on a scoring path: only the nullable pattern (anyOf/oneOf of one schema and {"type": "null"}) is, or a "type" beside it`
	if !errors.As(err, &list) || list.Error() != want {
		t.Errorf("reference profile: %v\nwant\n%s", err, want)
	}
	sch, err := ir.Compile([]byte(typedPets), ir.Options{Reference: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(sch.Warnings) != 1 || !strings.Contains(sch.Warnings[0].Message, `"oneOf" beside "type" only constrains validation; scoring ignores it`) {
		t.Errorf("warnings %v", sch.Warnings)
	}
	gold := mustDecode(t, `{"pet": {"hunts": true, "age": 3.14}}`)
	got, err := mustScorer(t, typedPets, referenceProfile).Score(gold, gold)
	if err != nil {
		t.Fatal(err)
	}
	// The reference scores the pet by its "type" alone: an object without
	// properties, whose members are undeclared keys that score 0.
	if got != 0 {
		t.Errorf("reference profile: gold against itself %v, want the reference's 0", got)
	}
	// A schema compiled for the default profile is refused by a
	// reference-profile scorer.
	def, err := ir.Compile([]byte(typedPets), ir.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := interp.New(def, referenceProfile); err == nil || !strings.Contains(err.Error(), "the reference profile does not score unions") {
		t.Errorf("New: %v", err)
	}
}

// TestUnionCanonical: a union value scores the same whatever the order of
// its members, in both values.
func TestUnionCanonical(t *testing.T) {
	s := mustScorer(t, openAIItem, defaultProfile)
	a, err := s.Score(mustDecode(t, `{"item": {"number": "1", "street": "Main", "city": "X"}}`), mustDecode(t, `{"item": {"city": "Y", "street": "Main", "number": "1"}}`))
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Score(mustDecode(t, `{"item": {"city": "X", "number": "1", "street": "Main"}}`), mustDecode(t, `{"item": {"street": "Main", "number": "1", "city": "Y"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if a != b || a == 1 || a == 0 {
		t.Errorf("scores %v and %v", a, b)
	}
}

// TestUnionInMap: a union as the value schema of a map (Pydantic's
// dict[str, A | B]) has its branch validators; it used to panic on a nil
// validator. Members score under their branches (docs/SCORING.md §1.8,
// §6.8), and the branch is found by UnionBranch as the scorer finds it.
func TestUnionInMap(t *testing.T) {
	const schema = `{"type": "object", "additionalProperties": {"anyOf": [
	  {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
	  {"type": "object", "properties": {"b": {"type": "string", "score": "exact"}}, "required": ["b"]}]}}`
	s := mustScorer(t, schema, defaultProfile)
	gold := mustDecode(t, `{"x": {"a": 1}, "y": {"b": "s"}}`)
	for _, c := range []struct {
		cand string
		want float64
	}{
		{`{"x": {"a": 1}, "y": {"b": "s"}}`, 1},
		{`{"x": {"a": 2}, "y": {"b": "s"}}`, 0.75},  // invdiff(1, 2) = 1/2
		{`{"x": {"b": "s"}, "y": {"b": "s"}}`, 0.5}, // x in the other branch: 0
	} {
		got, err := s.Score(gold, mustDecode(t, c.cand))
		if err != nil || got != c.want {
			t.Errorf("%s: %v, %v; want %v", c.cand, got, err, c.want)
		}
	}
	if b := s.UnionBranch("/additionalProperties", mustDecode(t, `{"b": "s"}`)); b != 1 {
		t.Errorf("UnionBranch: %d, want 1", b)
	}
	if b := s.UnionBranch("/additionalProperties", mustDecode(t, `{"c": 1}`)); b != -1 {
		t.Errorf("UnionBranch of a value in no branch: %d, want -1", b)
	}
	if b := s.UnionBranch("/properties/nope", mustDecode(t, `{"b": "s"}`)); b != -1 {
		t.Errorf("UnionBranch of an unknown pointer: %d, want -1", b)
	}
}
