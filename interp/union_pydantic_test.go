package interp_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"
)

// pydanticUnions generates, with the Python of the machine, the JSON Schemas
// Pydantic v2 writes for union-typed models: a discriminated union with
// Literal tags, an Optional[Union[int, str]], a plain Union of two models
// (anyOf without discriminator) and a list of a discriminated union.
const pydanticUnions = `
import json
from typing import Annotated, Literal, Optional, Union
from pydantic import BaseModel, Field
class Cat(BaseModel):
    pet_type: Literal["cat"]
    name: str
    lives: int
class Dog(BaseModel):
    pet_type: Literal["dog"]
    name: str
    weight: float
class Owner(BaseModel):
    pet: Union[Cat, Dog] = Field(discriminator="pet_type")
    code: Optional[Union[int, str]] = None
class Person(BaseModel):
    name: str
    age: int
class Address(BaseModel):
    street: str
    city: str
class Contact(BaseModel):
    item: Union[Person, Address]
class Shelter(BaseModel):
    pets: list[Annotated[Union[Cat, Dog], Field(discriminator="pet_type")]]
print(json.dumps({m.__name__: m.model_json_schema() for m in (Owner, Contact, Shelter)}))
`

// TestPydanticUnions: each generated schema compiles, its gold scores
// exactly 1 against itself, and a near miss scores above a far miss (a value
// in another branch).
func TestPydanticUnions(t *testing.T) {
	out, err := exec.Command("python3", "-c", pydanticUnions).Output()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 with pydantic is required in CI: %v", err)
		}
		t.Skipf("python3 with pydantic not available: %v", err)
	}
	var schemas map[string]json.RawMessage
	if err := json.Unmarshal(out, &schemas); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ model, gold, near, far string }{
		{"Owner", `{"pet": {"pet_type": "cat", "name": "Tom", "lives": 9}, "code": 7}`,
			`{"pet": {"pet_type": "cat", "name": "Tom", "lives": 8}, "code": 7}`,
			`{"pet": {"pet_type": "dog", "name": "Tom", "weight": 9}, "code": "7"}`},
		{"Contact", `{"item": {"name": "Ann", "age": 30}}`, `{"item": {"name": "Anne", "age": 30}}`,
			`{"item": {"street": "Ann", "city": "30"}}`},
		{"Shelter", `{"pets": [{"pet_type": "cat", "name": "Tom", "lives": 9}, {"pet_type": "dog", "name": "Rex", "weight": 20.5}]}`,
			`{"pets": [{"pet_type": "cat", "name": "Tom", "lives": 9}, {"pet_type": "dog", "name": "Rex", "weight": 21}]}`,
			`{"pets": [{"pet_type": "dog", "name": "Tom", "weight": 9}, {"pet_type": "cat", "name": "Rex", "lives": 20}]}`},
	} {
		t.Run(tc.model, func(t *testing.T) {
			s := mustScorer(t, string(schemas[tc.model]), defaultProfile)
			gold := mustDecode(t, tc.gold)
			score := func(cand string) float64 {
				t.Helper()
				x, err := s.Score(gold, mustDecode(t, cand))
				if err != nil {
					t.Fatal(err)
				}
				return x
			}
			self, near, far := score(tc.gold), score(tc.near), score(tc.far)
			if self != 1 || !(near > far) || near >= 1 {
				t.Errorf("gold %v, near %v, far %v; want 1 > near > far\nschema %s", self, near, far, schemas[tc.model])
			}
		})
	}
}
