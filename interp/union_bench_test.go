package interp_test

import "testing"

// BenchmarkUnion measures the cost of a union node: the discriminated
// Pydantic pets (the branch found by its tag) and the typed pets (found by
// validating against each branch), against the Cat schema alone.
func BenchmarkUnion(b *testing.B) {
	const catOnly = `{"type": "object", "properties": {"pet": {"$ref": "#/$defs/Cat"}, "n": {"type": "integer"}}, "required": ["pet", "n"],
	 "$defs": {"Cat": {"properties": {"pet_type": {"const": "cat", "type": "string"}, "meows": {"type": "integer"}}, "required": ["pet_type", "meows"], "type": "object"}}}`
	for _, bc := range []struct{ name, schema, gold, cand string }{
		{"cat-only", catOnly, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 4}, "n": 1}`},
		{"discriminated", pydanticPets, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "cat", "meows": 4}, "n": 1}`},
		{"discriminated-other-branch", pydanticPets, `{"pet": {"pet_type": "cat", "meows": 3}, "n": 1}`, `{"pet": {"pet_type": "dog", "barks": 4}, "n": 1}`},
		{"by-validation", typedPets, `{"pet": {"bark": true, "weight": 3}}`, `{"pet": {"bark": false, "weight": 3}}`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := mustScorer(b, bc.schema, defaultProfile)
			g, c := mustDecode(b, bc.gold), mustDecode(b, bc.cand)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Score(g, c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
