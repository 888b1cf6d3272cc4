package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unionSchemas are the union shapes of docs/SCORING.md §1.8 as users write
// them: a Pydantic discriminated union, the pets oneOf with a "type" beside
// it, OpenAI's anyOf of two objects, tool arguments of several kinds, and
// schema.org's anyOf of string, number and null.
var unionSchemas = map[string]string{
	"pydantic.json":  `{"$defs": {"Cat": {"properties": {"pet_type": {"const": "cat", "type": "string"}, "meows": {"type": "integer"}}, "required": ["pet_type", "meows"], "title": "Cat", "type": "object"}, "Dog": {"properties": {"pet_type": {"const": "dog", "type": "string"}, "barks": {"type": "number"}}, "required": ["pet_type", "barks"], "title": "Dog", "type": "object"}}, "properties": {"pet": {"discriminator": {"mapping": {"cat": "#/$defs/Cat", "dog": "#/$defs/Dog"}, "propertyName": "pet_type"}, "oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}], "title": "Pet"}}, "required": ["pet"], "title": "Model", "type": "object"}`,
	"pets.json":      `{"type": "object", "properties": {"pet": {"type": "object", "oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]}}, "$defs": {"Cat": {"properties": {"age": {"type": "number"}}, "required": ["age"], "additionalProperties": false}, "Dog": {"properties": {"weight": {"type": "number"}}, "required": ["weight"], "additionalProperties": false}}}`,
	"openai.json":    `{"type": "object", "properties": {"item": {"anyOf": [{"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "number"}}, "required": ["name", "age"], "additionalProperties": false}, {"type": "object", "properties": {"street": {"type": "string"}, "city": {"type": "string"}}, "required": ["street", "city"], "additionalProperties": false}]}}, "required": ["item"], "additionalProperties": false}`,
	"tool.json":      `{"type": "object", "properties": {"arg": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"$ref": "#/$defs/Loc"}]}}, "$defs": {"Loc": {"type": "object", "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}}, "required": ["lat", "lon"]}}}`,
	"schemaorg.json": `{"type": "object", "properties": {"price": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}]}}}`,
}

func writeUnionSchemas(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, s := range unionSchemas {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCheckUnions: oagen check accepts every union shape, with no warning.
func TestCheckUnions(t *testing.T) {
	dir := writeUnionSchemas(t)
	for name := range unionSchemas {
		var out, errOut bytes.Buffer
		if err := cmdCheck([]string{filepath.Join(dir, name)}, strings.NewReader(""), &out, &errOut); err != nil || out.Len() > 0 {
			t.Errorf("check %s: %v\n%s", name, err, out.String())
		}
	}
}

// TestScoreUnions: oagen score on the union shapes, gold against itself and
// against a value of another branch, in both profiles.
func TestScoreUnions(t *testing.T) {
	dir := writeUnionSchemas(t)
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		schema, gold, cand string
		want, feedback     string
	}{
		{"pydantic.json", `{"pet": {"pet_type": "cat", "meows": 3}}`, `{"pet": {"pet_type": "cat", "meows": 3}}`, "1.0\n", ""},
		{"pydantic.json", `{"pet": {"pet_type": "cat", "meows": 3}}`, `{"pet": {"pet_type": "dog", "barks": 3}}`, "0.0\n",
			"1. /pet: expected the union branch Cat, got Dog;"},
		{"pets.json", `{"pet": {"age": 3.14}}`, `{"pet": {"age": 3.14}}`, "1.0\n", ""},
		{"pets.json", `{"pet": {"age": 3.14}}`, `{"pet": {"weight": 3.14}}`, "0.0\n", "1. /pet: expected the union branch Cat, got Dog;"},
		{"openai.json", `{"item": {"name": "Ann", "age": 30}}`, `{"item": {"age": 30, "name": "Ann"}}`, "1.0\n", ""},
		{"tool.json", `{"arg": {"lat": 1, "lon": 2}}`, `{"arg": "1,2"}`, "0.0\n", "1. /arg: expected the union branch Loc, got anyOf/0;"},
		{"schemaorg.json", `{"price": 12}`, `{"price": 12.0}`, "1.0\n", ""},
		{"schemaorg.json", `{"price": 12}`, `{"price": "12"}`, "0.0\n", "expected the union branch anyOf/1, got anyOf/0"},
	} {
		args := []string{"-schema", filepath.Join(dir, tc.schema), write("gold.json", tc.gold), write("cand.json", tc.cand)}
		var out, errOut bytes.Buffer
		if err := cmdScore(args, nil, &out, &errOut); err != nil || out.String() != tc.want {
			t.Errorf("score %s %s %s: %q, %v (%s); want %q", tc.schema, tc.gold, tc.cand, out.String(), err, errOut.String(), tc.want)
		}
		if tc.feedback == "" {
			continue
		}
		out.Reset()
		if err := cmdScore(append([]string{"-feedback"}, args...), nil, &out, &errOut); err != nil || !strings.Contains(out.String(), tc.feedback) {
			t.Errorf("score -feedback %s: %v\n%s\nwant %q", tc.schema, err, out.String(), tc.feedback)
		}
	}
	// The reference profile keeps the reference's error.
	var out, errOut bytes.Buffer
	args := []string{"-compat", "reference", "-schema", filepath.Join(dir, "openai.json"), write("g.json", `{"item": {"name": "A", "age": 1}}`), write("c.json", `{"item": {"name": "A", "age": 1}}`)}
	err := cmdScore(args, nil, &out, &errOut)
	if err == nil || !strings.Contains(err.Error()+errOut.String(), `"anyOf" is not supported on a scoring path`) {
		t.Errorf("reference profile: %v %s", err, errOut.String())
	}
}
