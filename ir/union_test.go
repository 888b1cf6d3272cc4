package ir

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func compileUnion(t *testing.T, schema string) *Schema {
	t.Helper()
	return mustCompile(t, schema, Options{File: "schema.json"})
}

// TestUnionCompile checks the union node of a Pydantic discriminated union:
// branches through $ref, tags from the mapping, labels from titles, null.
func TestUnionCompile(t *testing.T) {
	s := compileUnion(t, `{"type": "object", "properties": {"pet": {"title": "Pet", "valueWeight": 2,
	  "oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}, {"type": "null"}],
	  "discriminator": {"propertyName": "t", "mapping": {"c": "#/$defs/Cat", "kitty": "#/$defs/Cat", "d": "Dog"}}}},
	 "$defs": {"Cat": {"title": "Cat", "type": "object", "properties": {"t": {"type": "string", "const": "c"}}},
	           "Dog": {"type": "object", "properties": {"t": {"type": "string", "enum": ["d"]}, "w": {"type": "number"}}}}}`)
	pet := s.Root.Property("pet")
	u := pet.Union
	if u == nil || u.Keyword != "oneOf" || u.Discriminator != "t" || len(u.Branches) != 2 {
		t.Fatalf("union %+v", u)
	}
	if pet.Types != TObject|TNull || pet.ValueWeight != 2 || pet.Title != "Pet" {
		t.Errorf("union node types %b, weight %v, title %q", pet.Types, pet.ValueWeight, pet.Title)
	}
	cat, dog := u.Branches[0], u.Branches[1]
	if cat.Label != "Cat" || cat.Pointer != "/properties/pet/oneOf/0" || len(cat.Tags) != 2 || cat.Tags[0].S != "c" || cat.Tags[1].S != "kitty" {
		t.Errorf("cat branch %+v", cat)
	}
	if dog.Label != "Dog" || len(dog.Tags) != 1 || dog.Tags[0].S != "d" || dog.Node.Property("w") == nil {
		t.Errorf("dog branch %+v", dog)
	}
	if cat.Node != s.Root.Property("pet").Union.Branches[0].Node || cat.Node.Def != "/$defs/Cat" {
		t.Errorf("cat node def %q", cat.Node.Def)
	}
}

// TestUnionInherits: the keywords beside an anyOf/oneOf are laid under each
// branch, "properties" merged (OpenAPI's shared members).
func TestUnionInherits(t *testing.T) {
	s := compileUnion(t, `{"type": "object", "keyScore": "exact", "properties": {"id": {"type": "string"}},
	  "oneOf": [{"properties": {"a": {"type": "integer"}}}, {"properties": {"id": {"type": "integer"}, "b": {"type": "string"}}}]}`)
	u := s.Root.Union
	if u == nil || len(u.Branches) != 2 {
		t.Fatalf("root union %+v", u)
	}
	a, b := u.Branches[0].Node, u.Branches[1].Node
	names := func(n *Node) string {
		var out []string
		for _, p := range n.Properties {
			out = append(out, p.Name)
		}
		return strings.Join(out, ",")
	}
	if a.Types != TObject || a.KeyScore != "exact" || names(a) != "id,a" || a.Property("id").TypeName != "string" {
		t.Errorf("branch a: types %b keyScore %q properties %s", a.Types, a.KeyScore, names(a))
	}
	if names(b) != "id,b" || b.Property("id").TypeName != "integer" {
		t.Errorf("branch b: properties %s, id %q", names(b), b.Property("id").TypeName)
	}
	if u.Branches[0].Label != "oneOf/0" || u.Branches[1].Label != "oneOf/1" {
		t.Errorf("labels %q %q", u.Branches[0].Label, u.Branches[1].Label)
	}
}

// TestUnionInheritsApplicable: a keyword beside the union goes to the
// branches whose type can use it only.
func TestUnionInheritsApplicable(t *testing.T) {
	s := compileUnion(t, `{"type": "object", "properties": {"v": {"order": "align", "score": "exact",
	  "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]}}}`)
	u := s.Root.Property("v").Union
	if u == nil || u.Branches[0].Node.Order != OrderAlign || u.Branches[1].Node.Score != "exact" {
		t.Fatalf("union %+v", u)
	}
}

// TestUnionNotUnion: combinators that are not unions keep their rules in
// the default profile: the nullable pattern, validation-only branches beside
// a "type" (with the warning).
func TestUnionNotUnion(t *testing.T) {
	s := compileUnion(t, `{"type": "object", "properties": {
	  "n": {"anyOf": [{"type": "string"}, {"type": "null"}]},
	  "d": {"type": "string", "anyOf": [{"format": "date"}, {"format": "date-time"}]}}}`)
	if n := s.Root.Property("n"); n.Union != nil || n.Types != TString|TNull {
		t.Errorf("nullable pattern: %+v", n)
	}
	if d := s.Root.Property("d"); d.Union != nil || d.Types != TString {
		t.Errorf("validation-only anyOf: %+v", d)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].Message, `"anyOf" beside "type" only constrains validation`) {
		t.Errorf("warnings %v", s.Warnings)
	}
}

func TestUnionErrors(t *testing.T) {
	for _, tc := range []struct{ name, schema, want string }{
		{"self branch", `{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "string"}]}}, "$ref": "#/$defs/A"}`,
			`schema.json:1:28: #/$defs/A/anyOf/0: this branch of "anyOf" is the union itself; a union must have branches that describe values (docs/SCORING.md §1.8)`},
		{"idScope in a branch", `{"type": "array", "items": {"anyOf": [{"type": "object", "properties": {"id": {"type": "string", "idScope": "x"}}}, {"type": "string"}]}}`,
			`schema.json:1:79: #/items/anyOf/0/properties/id: "idScope" inside a branch of a union is not supported: identifier scopes are found along properties, items and prefixItems only (docs/SCORING.md §1.8)`},
		{"idScope on a union", `{"type": "array", "items": {"idScope": "x", "anyOf": [{"type": "string"}, {"type": "integer"}]}}`,
			`schema.json:1:29: #/items: "idScope" cannot be on a union (anyOf of several schemas); identifiers and references must have a single type (docs/SCORING.md §1.8)`},
		{"discriminator not an object", `{"oneOf": [{"type": "string"}, {"type": "integer"}], "discriminator": "t"}`,
			`schema.json:1:54: #: "discriminator" must be an object with a "propertyName", got string "t"`},
		{"discriminator without propertyName", `{"oneOf": [{"type": "string"}, {"type": "integer"}], "discriminator": {}}`,
			`schema.json:1:54: #: "discriminator" needs a non-empty string "propertyName"`},
		{"mapping to nothing", `{"oneOf": [{"type": "object"}, {"type": "integer"}], "discriminator": {"propertyName": "t", "mapping": {"x": "#/$defs/X"}}}`,
			`schema.json:1:105: #/discriminator/mapping: discriminator mapping "x": "#/$defs/X" names no schema of this document`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile([]byte(tc.schema), Options{File: "schema.json"})
			if err == nil || err.Error() != tc.want {
				t.Errorf("error\n%v\nwant\n%s", err, tc.want)
			}
		})
	}
}

// TestUnionUntaggedWarning: a discriminated branch that no value selects
// is found by validation, with a warning.
func TestUnionUntaggedWarning(t *testing.T) {
	s := compileUnion(t, `{"oneOf": [{"type": "object", "properties": {"t": {"type": "string", "const": "a"}}}, {"type": "object", "properties": {"u": {"type": "string"}}}], "discriminator": {"propertyName": "t"}}`)
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0].String(), "#/oneOf/1: no discriminator value selects this branch") {
		t.Errorf("warnings %v", s.Warnings)
	}
	if tags := s.Root.Union.Branches[0].Tags; len(tags) != 1 || !jsonval.Equal(tags[0], jsonval.NewString("a")) {
		t.Errorf("tags %v", tags)
	}
}
