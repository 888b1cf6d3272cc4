package validate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/jsonval"
)

// TestValidateAll checks ValidateAll on hand-computed cases: every
// violation, in iter_errors order, with its path; a false subschema's error
// at the parent's path; the cap.
func TestValidateAll(t *testing.T) {
	schema := `{"type":"object","required":["id","name"],"properties":{
		"id":{"type":"integer"},"name":{"type":"string"},
		"tags":{"type":"array","items":{"enum":["a","b"]}},
		"kind":{"const":"x"},
		"no":false},"additionalProperties":false}`
	for _, c := range []struct {
		inst string
		max  int
		want []string // "pointer: message"
	}{
		{`{"id":1,"name":"n"}`, 10, nil},
		{`{"id":"1","tags":["a","c","d"],"kind":"y","no":1,"zz":0}`, 10, []string{
			`: "name" is a required property`,
			`/id: "1" is not of type "integer"`,
			`/tags/1: "c" is not one of ["a", "b"]`,
			`/tags/2: "d" is not one of ["a", "b"]`,
			`/kind: "x" was expected`,
			`: False schema does not allow 1`,
			`: Additional properties are not allowed ("zz" was unexpected)`,
		}},
		{`{"id":"1","tags":["a","c","d"]}`, 2, []string{
			`: "name" is a required property`,
			`/id: "1" is not of type "integer"`,
		}},
	} {
		v, err := Compile(mustDecode(t, schema), WithJSONValues())
		if err != nil {
			t.Fatal(err)
		}
		inst := mustDecode(t, c.inst)
		var got []string
		for _, e := range v.ValidateAll(inst, c.max) {
			got = append(got, e.Pointer()+": "+e.Message)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s (max %d):\n%s\nwant\n%s", c.inst, c.max, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

// TestValidateAllFirst checks on every conformance vector's candidate that
// ValidateAll finds errors exactly when Validate does, and that its first is
// Validate's.
func TestValidateAllFirst(t *testing.T) {
	cache := map[string]*Validator{}
	var invalid, several int
	for _, vec := range loadVectors(t) {
		key := string(jsonval.AppendJSON(nil, vec.schema))
		v := cache[key]
		if v == nil {
			var err error
			if v, err = Compile(vec.schema); err != nil {
				continue
			}
			cache[key] = v
		}
		first := v.Validate(vec.cand)
		all := v.ValidateAll(vec.cand, 100)
		switch {
		case first == nil && len(all) == 0:
			continue
		case first == nil || len(all) == 0:
			t.Errorf("%s: Validate %v, ValidateAll %d errors", vec.id, first, len(all))
			continue
		}
		invalid++
		if len(all) > 1 {
			several++
		}
		if all[0].Pointer() != first.Pointer() || all[0].Message != first.Message {
			t.Errorf("%s: ValidateAll's first error %v, Validate's %v", vec.id, all[0], first)
		}
	}
	t.Logf("%d invalid candidates, %d with several errors", invalid, several)
	if invalid == 0 {
		t.Error("no invalid candidate among the vectors")
	}
}

// TestPropertyValidateAll checks ValidateAll on the random schemas and
// instances of the differential test (differential_test.go): it finds
// errors exactly when Validate does, its first is Validate's, and it never
// returns more than asked. 800 schemas (300 under -short), 2,500 with
// OAGEN_LONG=1.
func TestPropertyValidateAll(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(300, 800, 2500)
	var instances, invalid, several int
	properties := gopter.NewProperties(params)
	properties.Property("ValidateAll agrees with Validate", prop.ForAll(
		func(seed uint64) bool {
			g := &diffGen{r: rand.New(rand.NewPCG(seed, 0xa11))}
			doc := g.document()
			v, err := Compile(doc, WithJSONValues())
			if err != nil {
				return true
			}
			for range 12 {
				inst := g.instance(doc, doc, 4)
				first := v.Validate(inst)
				all := v.ValidateAll(inst, 5)
				instances++
				switch {
				case first == nil && len(all) == 0:
					continue
				case first == nil || len(all) == 0 || len(all) > 5:
					t.Logf("schema %s\ninstance %s: Validate %s, ValidateAll %d errors", doc, inst, describe(first), len(all))
					return false
				case !sameResult(all[0], first):
					t.Logf("schema %s\ninstance %s: first %s, ValidateAll's %s", doc, inst, describe(first), describe(all[0]))
					return false
				}
				invalid++
				if len(all) > 1 {
					several++
				}
			}
			return true
		},
		gen.UInt64(),
	))
	properties.TestingRun(t)
	t.Logf("%d instances, %d invalid, %d with several errors", instances, invalid, several)
	if several == 0 {
		t.Error("no instance with several errors")
	}
}
