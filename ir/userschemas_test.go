package ir

import (
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// The schemas of this file follow the shapes Pydantic, OpenAI, instructor
// and SchemaStore write (docs/SCORING.md §2.4).

func TestAllOfOneSchemaIsThatSchema(t *testing.T) {
	// Pydantic v1 and LangChain wrap a $ref in allOf to give it a description.
	s := mustCompile(t, `{"type": "object", "properties": {
		"pet": {"allOf": [{"$ref": "#/$defs/Pet"}], "description": "the pet"},
		"other": {"$ref": "#/$defs/Pet"}},
		"$defs": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}`, Options{})
	pet, other := s.Root.Property("pet"), s.Root.Property("other")
	if pet == nil || pet.Types != TObject || pet.Property("name") == nil {
		t.Fatalf("pet = %+v", pet)
	}
	if pet != other {
		t.Errorf("an allOf wrapper adding only annotations should share the definition's node")
	}
	if pet.Def != "/$defs/Pet" || !pet.IsRequired("name") {
		t.Errorf("Def %q, Required %v", pet.Def, pet.Required)
	}
}

func TestAllOfMergesObjects(t *testing.T) {
	s := mustCompile(t, `{"allOf": [
		{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["a"]},
		{"properties": {"b": {"type": "string", "score": "exact"}, "c": {"type": "boolean"}}, "required": ["c", "a"]}],
		"properties": {"d": {"type": "number"}}}`, Options{})
	r := s.Root
	var names []string
	for _, p := range r.Properties {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"a", "b", "c", "d"}) {
		t.Errorf("properties %v, want a b c d", names)
	}
	if b := r.Property("b"); b.Types != TString || b.Score != "exact" {
		t.Errorf("b: a later allOf member's schema should win, got %+v", b)
	}
	if !slices.Equal(r.Required, []string{"a", "c"}) {
		t.Errorf("required %v, want [a c]", r.Required)
	}
	if r.Types != TObject {
		t.Errorf("types %v", r.Types)
	}
	if !slices.ContainsFunc(r.Keywords, func(m jsonval.Member) bool { return m.Key == "allOf" }) {
		t.Errorf("allOf should stay among the keywords for validation")
	}
}

func TestUntypedNodes(t *testing.T) {
	s := mustCompile(t, `{"properties": {
		"e": {"enum": ["a", "b"]},
		"c": {"const": 3},
		"m": {"enum": [1, "x", null]},
		"eo": {"enum": [{"a": 1}, [1]]},
		"any": {},
		"t": true,
		"arr": {"items": {"type": "string"}},
		"fmt": {"format": "date-time"}}}`, Options{})
	r := s.Root
	if r.Types != TObject || r.TypeName != "object" || r.Any {
		t.Errorf("root: a node with properties is an object, got %v %q any=%v", r.Types, r.TypeName, r.Any)
	}
	cases := []struct {
		name     string
		types    TypeSet
		typeName string
		any      bool
	}{
		{"e", TString, "string", false},
		{"c", TInteger, "integer", false},
		{"m", TInteger | TString | TNull, "", false},
		{"eo", allTypes, "", true},
		{"any", allTypes, "", true},
		{"t", allTypes, "", true},
		{"arr", TArray, "array", false},
		{"fmt", allTypes, "", true},
	}
	for _, c := range cases {
		n := r.Property(c.name)
		if n == nil {
			t.Errorf("%s: not compiled", c.name)
			continue
		}
		if n.Types != c.types || n.TypeName != c.typeName || n.Any != c.any {
			t.Errorf("%s: types %07b %q any=%v, want %07b %q any=%v", c.name, n.Types, n.TypeName, n.Any, c.types, c.typeName, c.any)
		}
	}
	if r.Property("c").HasConst != true || r.Property("e").HasEnum != true {
		t.Errorf("HasConst/HasEnum not set")
	}
	if items := r.Property("arr").Items; items == nil || items.Types != TString {
		t.Errorf("arr items %+v", items)
	}
	s = mustCompile(t, `{"type": "array", "items": true}`, Options{})
	if s.Root.Items == nil || !s.Root.Items.Any {
		t.Errorf("items: true should be an any node, got %+v", s.Root.Items)
	}
}

func TestAnchorsAndDynamicRefs(t *testing.T) {
	s := mustCompile(t, `{"$schema": "https://json-schema.org/draft/2020-12/schema",
		"type": "object", "properties": {
			"a": {"$ref": "#node"},
			"tree": {"$dynamicRef": "#tree"}},
		"$defs": {
			"n": {"$anchor": "node", "type": "string", "score": "exact"},
			"t": {"$dynamicAnchor": "tree", "type": "object", "properties": {
				"kids": {"type": "array", "items": {"$dynamicRef": "#tree"}}}}}}`, Options{})
	a := s.Root.Property("a")
	if a == nil || a.Types != TString || a.Score != "exact" {
		t.Fatalf("$anchor: %+v", a)
	}
	tree := s.Root.Property("tree")
	if tree == nil || tree.Property("kids") == nil || tree.Property("kids").Items != tree {
		t.Fatalf("$dynamicRef should resolve to the $dynamicAnchor and recurse")
	}
}

func TestDraft07(t *testing.T) {
	s := mustCompile(t, `{"$schema": "http://json-schema.org/draft-07/schema#",
		"$id": "https://example.com/config.json",
		"properties": {
			"pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]},
			"more": {"type": "array", "items": [{"type": "string"}], "additionalItems": {"type": "number"},
				"prefixImportance": 1, "restImportance": 1},
			"job": {"$ref": "#/definitions/job"},
			"abs": {"$ref": "https://example.com/config.json#/definitions/job"},
			"byID": {"$ref": "step.json"},
			"legacy": {"$ref": "#legacy"}},
		"dependencies": {"pair": ["job"]},
		"definitions": {
			"job": {"type": "object", "properties": {"runs-on": {"type": "string"}}},
			"step": {"$id": "step.json", "type": "string"},
			"old": {"$id": "#legacy", "type": "boolean"}}}`, Options{})
	pair := s.Root.Property("pair")
	if len(pair.PrefixItems) != 2 || pair.Items != nil || pair.PrefixItems[1].Types != TInteger {
		t.Errorf("array-form items should be tuple positions: %+v", pair)
	}
	more := s.Root.Property("more")
	if len(more.PrefixItems) != 1 || more.Items == nil || more.Items.Types != TNumber {
		t.Errorf("additionalItems should be the tail: %+v", more)
	}
	job := s.Root.Property("job")
	if job == nil || job.Property("runs-on") == nil || s.Root.Property("abs") != job {
		t.Errorf("definitions through a relative and an absolute $ref")
	}
	if n := s.Root.Property("byID"); n == nil || n.Types != TString {
		t.Errorf("$ref to a subschema's $id: %+v", n)
	}
	if n := s.Root.Property("legacy"); n == nil || n.Types != TBoolean {
		t.Errorf("draft-07 plain-name $id: %+v", n)
	}
}

func TestOpenAPINullable(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"s": {"type": "string", "nullable": true},
		"n": {"type": "string", "nullable": false}}}`, Options{})
	sn := s.Root.Property("s")
	if !sn.Nullable || sn.Types != TString|TNull || sn.TypeName != "string" {
		t.Errorf("nullable: %+v", sn)
	}
	if n := s.Root.Property("n"); n.Nullable || n.Types != TString {
		t.Errorf("nullable false: %+v", n)
	}
	raw := jsonval.AppendJSON(nil, s.ValidationRaw)
	if !strings.Contains(string(raw), `"type":["string","null"]`) {
		t.Errorf("ValidationRaw should let null validate: %s", raw)
	}
	if strings.Contains(string(jsonval.AppendJSON(nil, s.Raw)), `"null"`) {
		t.Errorf("Raw must stay as written")
	}
}

func TestRemoteRefsAllListed(t *testing.T) {
	got := compileErrors(t, `{"type": "object", "properties": {
  "a": {"$ref": "https://example.com/a.json"},
  "b": {"type": "array", "items": {"$ref": "b.json#/x"}}},
  "$defs": {"unused": {"$ref": "c.json"}}}`)
	want := []string{
		`2:9: #/properties/a: remote $ref "https://example.com/a.json" is not supported: oagen works offline and resolves only references inside this document (starting with "#", or naming this document's "$id")`,
		`3:36: #/properties/b/items: remote $ref "b.json#/x" is not supported: oagen works offline and resolves only references inside this document (starting with "#", or naming this document's "$id")`,
		`4:24: #/$defs/unused: remote $ref "c.json" is not supported: oagen works offline and resolves only references inside this document (starting with "#", or naming this document's "$id")`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMapsAndMemberSchemas(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"m": {"type": "object", "additionalProperties": {"type": "integer"}},
		"p": {"type": "object", "patternProperties": {"^x-": {"type": "string"}, "^n": {"type": "number"}},
			"additionalProperties": false},
		"free": {"type": "object"},
		"mixed": {"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": {"type": "boolean"}}}}`, Options{})
	r := s.Root
	m := r.Property("m")
	if !m.IsMap() || m.Additional == nil || m.Additional.Types != TInteger || m.MemberSchema("any") != m.Additional {
		t.Errorf("additionalProperties map: %+v", m)
	}
	p := r.Property("p")
	if !p.IsMap() || len(p.Patterns) != 2 || p.MemberSchema("x-a").Types != TString || p.MemberSchema("n1").Types != TNumber || p.MemberSchema("z") != nil {
		t.Errorf("patternProperties map: %+v", p)
	}
	if f := r.Property("free"); !f.IsMap() || f.MemberSchema("k") != nil {
		t.Errorf("schema-less object: %+v", f)
	}
	mixed := r.Property("mixed")
	if mixed.IsMap() || mixed.MemberSchema("id").Types != TString || mixed.MemberSchema("other").Types != TBoolean {
		t.Errorf("object with properties and additionalProperties: %+v", mixed)
	}
	if r.IsMap() {
		t.Errorf("an object with properties is not a map")
	}
	if s := mustCompile(t, `{"type": "object", "properties": {}}`, Options{}); s.Root.IsMap() {
		t.Errorf("an empty \"properties\" declares a record without members, not a map")
	}
}

// TestMemberAgrees checks Member against PropertyIndex and MemberSchema on
// declared keys (one a pattern also matches), pattern keys, additional keys and
// keys nothing describes.
func TestMemberAgrees(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"p": {"type": "object", "properties": {"a": {"type": "string"}, "x-b": {"type": "integer"}},
			"patternProperties": {"^x-": {"type": "string"}, "^n": {"type": "number"}},
			"additionalProperties": {"type": "boolean"}},
		"q": {"type": "object", "patternProperties": {"^k": {"type": "string"}}, "additionalProperties": false}}}`, Options{})
	for _, node := range []*Node{s.Root, s.Root.Property("p"), s.Root.Property("q")} {
		for _, key := range []string{"p", "q", "a", "x-b", "no", "x-c", "n1", "k", "zz", ""} {
			i, sub := node.Member(key)
			if i != node.PropertyIndex(key) || sub != node.MemberSchema(key) {
				t.Errorf("%s: Member(%q) = %d, %p; want %d, %p", node.Pos.Pointer, key, i, sub, node.PropertyIndex(key), node.MemberSchema(key))
			}
		}
	}
}

func TestDefaultsConstUniqueItems(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "absentAsDefault": false, "properties": {
		"n": {"type": "integer", "default": 42, "absentAsDefault": true},
		"k": {"const": "x"},
		"set": {"type": "array", "uniqueItems": true, "items": {"type": "string"}},
		"list": {"type": "array", "uniqueItems": true, "order": "fixed", "items": {"type": "string"}},
		"map": {"type": "object", "keyScore": "jaro"}}}`, Options{})
	r := s.Root
	if r.AbsentAsDefault {
		t.Errorf("root absentAsDefault false")
	}
	n := r.Property("n")
	if !n.HasDefault || !jsonval.Equal(n.Default, jsonval.NewInt(42)) || !n.AbsentAsDefault {
		t.Errorf("default: %+v", n)
	}
	if k := r.Property("k"); !k.HasConst || k.TypeName != "string" {
		t.Errorf("const: %+v", k)
	}
	if set := r.Property("set"); !set.UniqueItems || set.OrderGiven {
		t.Errorf("set: %+v", set)
	}
	if list := r.Property("list"); !list.UniqueItems || !list.OrderGiven || list.Order != OrderFixed {
		t.Errorf("list: %+v", list)
	}
	if m := r.Property("map"); !m.KeyScoreGiven || m.KeyScore != "jaro" {
		t.Errorf("map: %+v", m)
	}
	got := compileErrors(t, `{"type": "object", "absentAsDefault": "no"}`)
	if len(got) != 1 || !strings.Contains(got[0], `"absentAsDefault" must be true or false, got string "no"`) {
		t.Errorf("errors %v", got)
	}
}

func TestSharedDefinitionKeepsReferrersDefault(t *testing.T) {
	// Pydantic writes a default beside the $ref of an enum member.
	s := mustCompile(t, `{"type": "object", "properties": {
		"a": {"$ref": "#/$defs/Color", "default": "red"},
		"b": {"$ref": "#/$defs/Color"}},
		"$defs": {"Color": {"enum": ["red", "blue"], "type": "string"}}}`, Options{})
	a, b := s.Root.Property("a"), s.Root.Property("b")
	if !a.HasDefault || b.HasDefault || a == b {
		t.Errorf("a default beside a $ref belongs to the referring member: a=%+v b=%+v", a, b)
	}
}
