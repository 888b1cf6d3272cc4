package ir

import (
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// mustCompile compiles a schema that must be valid.
func mustCompile(t *testing.T, schema string, opts Options) *Schema {
	t.Helper()
	s, err := Compile([]byte(schema), opts)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	return s
}

// compileErrors compiles a schema that must fail and returns its diagnostics.
func compileErrors(t *testing.T, schema string) []string {
	t.Helper()
	_, err := Compile([]byte(schema), Options{})
	if err == nil {
		t.Fatal("compiled, want an error")
	}
	var out []string
	for _, d := range err.(ErrorList) {
		out = append(out, d.String())
	}
	return out
}

func warnings(s *Schema) []string {
	var out []string
	for _, w := range s.Warnings {
		out = append(out, w.String())
	}
	return out
}

func prop(key string) Edge { return Edge{Kind: EdgeProperty, Key: key} }

var items = Edge{Kind: EdgeItems}

func prefix(i int) Edge { return Edge{Kind: EdgePrefix, Index: i} }

func scopeNames(s *Schema) []string {
	var out []string
	for _, sc := range s.Scopes {
		out = append(out, sc.Name)
	}
	return out
}

func TestPaperSchemas(t *testing.T) {
	wantScopes := map[string][]string{
		"amr_ra":         {"node"},
		"biored":         {"entity"},
		"biored_exact":   {"entity"},
		"scierc":         {"entity"},
		"scierc_exact":   {"entity"},
		"synra_codex_ra": {"company", "person"},
	}
	files, err := filepath.Glob("../testdata/schemas/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 18 {
		t.Fatalf("found %d paper schemas, want 18", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			s, err := CompileFile(f, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if s.File != f || s.Root.Pos.File != f {
				t.Errorf("File = %q, Root.Pos.File = %q, want %q", s.File, s.Root.Pos.File, f)
			}
			if len(s.Warnings) > 0 {
				t.Errorf("warnings: %v", warnings(s))
			}
			if got := scopeNames(s); !slices.Equal(got, wantScopes[name]) {
				t.Errorf("scopes %v, want %v", got, wantScopes[name])
			}
			for _, sc := range s.Scopes {
				if sc.Degraded {
					t.Errorf("scope %s degraded", sc.Name)
				}
				if len(sc.RefPaths) == 0 {
					t.Errorf("scope %s has no references", sc.Name)
				}
				if sc.RecordNode(s.Root) == nil || s.Root.At(slices.Concat(sc.RecordPath, sc.IDSuffix)) != sc.IDNode {
					t.Errorf("scope %s: record/id paths do not lead to the id node", sc.Name)
				}
			}
		})
	}
}

func TestOrgChart(t *testing.T) {
	s, err := CompileFile("testdata/orgchart.json", Options{File: "orgchart.json"})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Scopes) != 1 {
		t.Fatalf("scopes %v, want [person]", scopeNames(s))
	}
	sc := s.Scope("person")
	want := &Scope{
		Name:       "person",
		IDNode:     s.Root.At(Path{prop("people"), items, prop("id")}),
		RecordPath: Path{prop("people"), items},
		IDSuffix:   Path{prop("id")},
		RefPaths: []Path{
			{prop("mentorships"), items, prop("mentor")},
			{prop("mentorships"), items, prop("mentee")},
		},
	}
	if !reflect.DeepEqual(sc, want) {
		t.Errorf("scope person = %+v\nwant %+v", sc, want)
	}
	if sc.IDNode == nil || sc.IDNode.TypeName != "integer" || sc.IDNode.Pos.Pointer != "/properties/people/items/properties/id" {
		t.Errorf("id node %+v", sc.IDNode)
	}
	if got := sc.RefPaths[1].String(); got != "/properties/mentorships/items/properties/mentee" {
		t.Errorf("ref path renders %q", got)
	}

	root := s.Root
	people := root.Property("people")
	if people.Order != OrderAlign || people.Items.Property("name").ValueWeight != 2 || people.Items.Property("name").Score != "exact" {
		t.Errorf("people node %+v", people)
	}
	if !people.Items.Property("role").HasEnum || people.Items.Property("name").HasEnum {
		t.Errorf("HasEnum wrong")
	}
	if m := root.Property("mentorships"); !m.IgnoreExcess || m.IgnoreMissing || m.Items.Property("mentor").Ref != "person" {
		t.Errorf("mentorships node %+v", m)
	}
	agenda := root.Property("agenda")
	if agenda.Order != OrderFixed || agenda.Items.Threshold != 0.3 || agenda.Items.Score != "jaro" {
		t.Errorf("agenda node %+v", agenda)
	}
	period := root.Property("period")
	if !slices.Equal(period.PrefixWeights, []float64{1, 1}) || len(period.PrefixItems) != 2 || period.Items != nil ||
		period.PrefixItems[1].Score != "invdiff" || period.PrefixItems[1].Pos.Pointer != "/properties/period/prefixItems/1" {
		t.Errorf("period node %+v", period)
	}
	if got, want := period.PrefixItems[1].Pos.String(), "orgchart.json:71:9: #/properties/period/prefixItems/1"; got != want {
		t.Errorf("position %q, want %q", got, want)
	}
	if names := []string{root.Properties[0].Name, root.Properties[3].Name}; !slices.Equal(names, []string{"people", "period"}) {
		t.Errorf("property order %v", names)
	}
}

func TestDefaults(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"s": {"type": "string"},
		"a": {"type": "array", "items": {"type": "number"}}}}`, Options{})
	want := Node{
		Types: TObject, TypeName: "object", KeyScore: "jaro", ValueImportance: 1, ValueWeight: 1,
		AbsentAsDefault: true, hasProperties: true,
	}
	got := *s.Root
	got.Pos, got.Properties, got.propIndex, got.Keywords = Position{}, nil, nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("object defaults %+v\nwant %+v", got, want)
	}
	str := s.Root.Property("s")
	if str.Score != "" || str.Threshold != 0 || str.NullScore != 0 || str.ValueWeight != 1 || str.Types != TString {
		t.Errorf("string defaults %+v", str)
	}
	arr := s.Root.Property("a")
	if arr.Order != OrderFixed || arr.PrefixWeights != nil || arr.PrefixItems != nil || arr.IgnoreExcess ||
		arr.PrefixImportance != 0 || arr.RestImportance != 0 || arr.Items.Types != TNumber {
		t.Errorf("array defaults %+v", arr)
	}
	if arr.PrefixWeight(0) != 1 {
		t.Errorf("PrefixWeight default %v", arr.PrefixWeight(0))
	}
	if s.Root.Property("zz") != nil {
		t.Errorf("Property of an unknown name is not nil")
	}
}

func TestArrayParts(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"head": {"type": "array", "prefixItems": [{"type": "string"}], "items": false},
		"tail": {"type": "array", "prefixItems": [], "items": {"type": "string"}},
		"both": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}, "prefixImportance": 2, "restImportance": 1}}}`, Options{})
	head, tail, both := s.Root.Property("head"), s.Root.Property("tail"), s.Root.Property("both")
	if head.Items != nil || len(head.PrefixItems) != 1 {
		t.Errorf("items: false must leave no tail: %+v", head)
	}
	if tail.PrefixItems != nil || tail.Items == nil {
		t.Errorf("prefixItems: [] must leave no head: %+v", tail)
	}
	if both.PrefixImportance != 2 || both.RestImportance != 1 || both.Items.TypeName != "integer" {
		t.Errorf("both %+v", both)
	}
	for _, root := range []string{`{"type": "integer"}`, `{"type": "null"}`, `{"type": ["boolean", "string"]}`, `{"type": "array", "items": {"type": "number"}}`} {
		if s := mustCompile(t, root, Options{}); s.Root == nil || len(s.Scopes) != 0 {
			t.Errorf("root %s", root)
		}
	}
}

func TestKeywordValues(t *testing.T) {
	s := mustCompile(t, `{"type": ["object", "null"], "keyScore": "exact", "keyThreshold": 0.5,
		"keyImportance": 2, "valueImportance": 0, "nullScore": 1, "properties": {
		"t": {"type": "array", "order": "align", "ignoreMissing": true,
			"prefixItems": [{"type": "boolean", "score": "whatever"}, {"type": "integer", "score": "relative", "threshold": 0.25}],
			"items": {"type": ["integer", "null"], "score": "exact"},
			"prefixWeights": [3], "prefixImportance": 1, "restImportance": 0.5}}}`, Options{NoEffectWarnings: true})
	r := s.Root
	if r.Types != TObject|TNull || r.TypeName != "" || r.KeyScore != "exact" || r.KeyThreshold != 0.5 ||
		r.KeyImportance != 2 || r.ValueImportance != 0 || r.NullScore != 1 {
		t.Errorf("root %+v", r)
	}
	a := r.Property("t")
	if a.Order != OrderAlign || !a.IgnoreMissing || a.PrefixImportance != 1 || a.RestImportance != 0.5 ||
		a.PrefixWeight(0) != 3 || a.PrefixWeight(1) != 3 || a.Items.Types != TInteger|TNull {
		t.Errorf("array %+v", a)
	}
	if a.PrefixItems[0].Score != "whatever" || a.PrefixItems[1].Threshold != 0.25 {
		t.Errorf("score on a boolean node must be kept and ignored under NoEffectWarnings: %+v", a.PrefixItems)
	}
	if got := warnings(s); len(got) != 1 || !strings.Contains(got[0], `"score" applies to strings and numbers; on a boolean it has no effect`) {
		t.Errorf("warnings %q", got)
	}
	if !a.Permits(jsonval.Array) || a.Permits(jsonval.Object) || !a.Items.Permits(jsonval.Float) || !a.Items.Permits(jsonval.Null) {
		t.Errorf("Permits")
	}
}

func TestRefs(t *testing.T) {
	t.Run("defs and definitions", func(t *testing.T) {
		s := mustCompile(t, `{"type": "object", "properties": {
			"a": {"$ref": "#/$defs/name"},
			"b": {"$ref": "#/definitions/age"},
			"c": {"$ref": "#/$defs/name", "description": "same node"},
			"d": {"$ref": "#/properties/a"},
			"e": {"$ref": "#/$defs/a~1b"},
			"f": {"$ref": "#/$defs/a%20b"}},
		"$defs": {"name": {"type": "string", "score": "exact"}, "a/b": {"type": "boolean"}, "a b": {"type": "null"}},
		"definitions": {"age": {"type": "integer"}}}`, Options{})
		r := s.Root
		a, b := r.Property("a"), r.Property("b")
		if a.Score != "exact" || a.TypeName != "string" || a.Pos.Pointer != "/$defs/name" || b.TypeName != "integer" {
			t.Errorf("a %+v, b %+v", a, b)
		}
		if r.Property("c") != a || r.Property("d") != a {
			t.Errorf("references without keywords of their own must share the target's node")
		}
		if r.Property("e").TypeName != "boolean" || r.Property("f").TypeName != "null" {
			t.Errorf("escaped pointers: %+v %+v", r.Property("e"), r.Property("f"))
		}
	})
	t.Run("sibling override", func(t *testing.T) {
		s := mustCompile(t, `{"type": "object", "properties": {
			"a": {"$ref": "#/$defs/s"},
			"b": {"$ref": "#/$defs/s", "score": "levenshtein", "valueWeight": 2},
			"c": {"$ref": "#/$defs/t", "threshold": 0.5}},
		"$defs": {"s": {"type": "string", "score": "exact", "threshold": 0.1},
		          "t": {"$ref": "#/$defs/s", "nullScore": 0.5}}}`, Options{})
		a, b, c := s.Root.Property("a"), s.Root.Property("b"), s.Root.Property("c")
		if a.Score != "exact" || a.ValueWeight != 1 || a.Threshold != 0.1 {
			t.Errorf("a %+v", a)
		}
		if b == a || b.Score != "levenshtein" || b.ValueWeight != 2 || b.Threshold != 0.1 || b.Pos.Pointer != "/properties/b" {
			t.Errorf("b %+v", b)
		}
		if c.Score != "exact" || c.Threshold != 0.5 || c.NullScore != 0.5 || c.Pos.Pointer != "/properties/c" {
			t.Errorf("c (a chain of two references) %+v", c)
		}
	})
	t.Run("root recursion", func(t *testing.T) {
		s := mustCompile(t, `{"type": "object", "properties": {
			"name": {"type": "string"},
			"children": {"type": "array", "items": {"$ref": "#"}}}}`, Options{})
		if s.Root.Property("children").Items != s.Root {
			t.Errorf("a {\"$ref\": \"#\"} child must be the root node itself")
		}
		if s.Root.At(Path{prop("children"), items, prop("children"), items, prop("name")}) != s.Root.Property("name") {
			t.Errorf("At through the cycle")
		}
	})
	t.Run("defs recursion with an override", func(t *testing.T) {
		s := mustCompile(t, `{"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {
			"label": {"type": "string"},
			"kids": {"type": "array", "items": {"$ref": "#/$defs/node", "nullScore": 0.5}}}}}}`, Options{})
		root := s.Root
		kid := root.Property("kids").Items
		if root.Pos.Pointer != "/$defs/node" || kid == root || kid.NullScore != 0.5 || root.NullScore != 0 {
			t.Errorf("root %+v kid %+v", root.Pos, kid)
		}
		if kid.Property("kids").Items != kid {
			t.Errorf("the overridden reference must close its own cycle")
		}
	})
	t.Run("one loop reported once", func(t *testing.T) {
		got := compileErrors(t, `{"type": "object", "properties": {"x": {"$ref": "#/$defs/b"}, "y": {"$ref": "#/$defs/a"}},
			"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a", "type": "string"}}}`)
		want := []string{`2:20: #/$defs/a: $ref loop that never reaches a schema: #/$defs/a -> #/$defs/b -> #/$defs/a`}
		if !slices.Equal(got, want) {
			t.Errorf("got %q\nwant %q", got, want)
		}
	})
	t.Run("unreached defs are not checked", func(t *testing.T) {
		mustCompile(t, `{"type": "string", "$defs": {"bad": {"anyOf": [{"type": "string"}, {"type": "integer"}], "score": "nope"}}}`, Options{})
	})
}

func TestNullable(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"a": {"anyOf": [{"type": "string", "score": "exact"}, {"type": "null"}]},
		"b": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/rec"}], "nullScore": 0.5, "default": null},
		"c": {"type": "string", "anyOf": [{"minLength": 1}, {"pattern": "x"}]},
		"d": {"anyOf": [{"type": ["integer", "null"]}, {"type": ["null"]}]}},
	"$defs": {"rec": {"type": "object", "properties": {"x": {"type": "integer"}}}}}`, Options{})
	a := s.Root.Property("a")
	if a.Types != TString|TNull || a.TypeName != "" || a.Score != "exact" || a.Pos.Pointer != "/properties/a" {
		t.Errorf("a %+v", a)
	}
	b := s.Root.Property("b")
	if b.Types != TObject|TNull || b.TypeName != "" || b.NullScore != 0.5 || b.Property("x").TypeName != "integer" {
		t.Errorf("b %+v", b)
	}
	if c := s.Root.Property("c"); c.Types != TString || c.TypeName != "string" {
		t.Errorf("c %+v", c)
	}
	if d := s.Root.Property("d"); d.Types != TInteger|TNull {
		t.Errorf("d %+v", d)
	}
	want := []string{`4:27: #/properties/c: "anyOf" beside "type" only constrains validation; scoring ignores it`}
	if got := warnings(s); !slices.Equal(got, want) {
		t.Errorf("warnings %q\nwant %q", got, want)
	}

	got := compileErrors(t, `{"type": "array", "items": {"anyOf": [{"type": "string", "idScope": "x"}, {"type": "null"}]}}`)
	want = []string{`1:28: #/items: a node with "idScope" needs "type" exactly "string", "integer" or "number", got a nullable type`}
	if !slices.Equal(got, want) {
		t.Errorf("nullable id: %q\nwant %q", got, want)
	}
}

// scopeSchema builds an object schema from property snippets.
func scopeSchema(props ...string) string {
	return `{"type": "object", "properties": {` + strings.Join(props, ",") + `}}`
}

// records is a "name": array-of-records property whose records have an id of
// scope scope and the extra members given.
func records(name, scope string, members ...string) string {
	m := append([]string{`"id": {"type": "string", "idScope": "` + scope + `"}`}, members...)
	return `"` + name + `": {"type": "array", "order": "align", "items": {"type": "object", "properties": {` + strings.Join(m, ",") + `}}}`
}

func refTo(name, scope string) string {
	return `"` + name + `": {"type": "string", "ref": "` + scope + `"}`
}

func TestScopeOrder(t *testing.T) {
	cases := []struct {
		name     string
		schema   string
		order    []string
		degraded []string
		warning  string
	}{
		{
			name:   "independent scopes in name order",
			schema: scopeSchema(records("zs", "zeta"), records("as", "alpha"), `"links": {"type": "array", "items": {"type": "object", "properties": {`+refTo("z", "zeta")+`,`+refTo("a", "alpha")+`}}}`),
			order:  []string{"alpha", "zeta"},
		},
		{
			name:   "a dependency overrides name order",
			schema: scopeSchema(records("people", "person"), records("groups", "group", `"members": {"type": "array", "items": {"type": "string", "ref": "person"}}`)),
			order:  []string{"person", "group"},
		},
		{
			// b and z are free; a depends on b. FIFO: b, z, then a (freed after z was queued).
			name:   "freed scopes queue behind earlier ones",
			schema: scopeSchema(records("zs", "z"), records("bs", "b"), records("as", "a", refTo("owner", "b"))),
			order:  []string{"b", "z", "a"},
		},
		{
			name:   "self-reference",
			schema: scopeSchema(records("people", "person", refTo("manager", "person"))),
			order:  []string{"person"},
		},
		{
			name: "cycle",
			schema: scopeSchema(
				records("people", "person", `"papers": {"type": "array", "items": {"type": "string", "ref": "paper"}}`),
				records("papers", "paper", `"authors": {"type": "array", "items": {"type": "string", "ref": "person"}}`),
				records("venues", "venue", refTo("best", "paper")),
				records("cities", "city")),
			order:    []string{"city", "paper", "person", "venue"},
			degraded: []string{"paper", "person", "venue"},
			warning:  `1:341: #/properties/papers/items/properties/id: scopes "paper", "person", "venue" are in or behind a reference cycle between scopes; they are aligned on properties only (docs/SCORING.md §7.2)`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := mustCompile(t, tc.schema, Options{})
			if got := scopeNames(s); !slices.Equal(got, tc.order) {
				t.Errorf("order %v, want %v", got, tc.order)
			}
			var degraded []string
			for _, sc := range s.Scopes {
				if sc.Degraded {
					degraded = append(degraded, sc.Name)
				}
			}
			if !slices.Equal(degraded, tc.degraded) {
				t.Errorf("degraded %v, want %v", degraded, tc.degraded)
			}
			var want []string
			if tc.warning != "" {
				want = []string{tc.warning}
			}
			if got := warnings(s); !slices.Equal(got, want) {
				t.Errorf("warnings %q\nwant %q", got, want)
			}
		})
	}
}

func TestScopeDiscovery(t *testing.T) {
	t.Run("self-reference paths", func(t *testing.T) {
		s := mustCompile(t, scopeSchema(records("people", "person", refTo("manager", "person"))), Options{})
		sc := s.Scope("person")
		if !reflect.DeepEqual(sc.RefPaths, []Path{{prop("people"), items, prop("manager")}}) || sc.Degraded {
			t.Errorf("scope %+v", sc)
		}
	})
	t.Run("elements are the ids", func(t *testing.T) {
		s := mustCompile(t, `{"type": "object", "properties": {
			"tags": {"type": "array", "items": {"type": "integer", "idScope": "tag"}},
			"pick": {"type": "integer", "ref": "tag"}}}`, Options{})
		sc := s.Scope("tag")
		if !reflect.DeepEqual(sc.RecordPath, Path{prop("tags"), items}) || len(sc.IDSuffix) != 0 {
			t.Errorf("scope %+v", sc)
		}
	})
	t.Run("nested id and tuple record", func(t *testing.T) {
		s := mustCompile(t, `{"type": "array", "prefixItems": [{"type": "object", "properties": {
			"meta": {"type": "object", "properties": {"key": {"type": "integer", "idScope": "k"}}}}}]}`, Options{})
		sc := s.Scope("k")
		if !reflect.DeepEqual(sc.RecordPath, Path{prefix(0)}) || !reflect.DeepEqual(sc.IDSuffix, Path{prop("meta"), prop("key")}) {
			t.Errorf("scope %+v", sc)
		}
		if sc.RecordNode(s.Root) != s.Root.PrefixItems[0] {
			t.Errorf("RecordNode")
		}
	})
	t.Run("last array edge wins", func(t *testing.T) {
		s := mustCompile(t, `{"type": "array", "items": {"type": "object", "properties": {
			"subs": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string", "idScope": "s"}}}}}}}`, Options{})
		sc := s.Scope("s")
		if !reflect.DeepEqual(sc.RecordPath, Path{items, prop("subs"), items}) || !reflect.DeepEqual(sc.IDSuffix, Path{prop("id")}) {
			t.Errorf("scope %+v", sc)
		}
	})
	t.Run("declarations through $ref and recursion", func(t *testing.T) {
		s := mustCompile(t, `{"type": "array", "items": {"$ref": "#/$defs/node"}, "$defs": {"node": {"type": "object", "properties": {
			"id": {"type": "string", "idScope": "node"},
			"parent": {"type": "string", "ref": "node"},
			"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}`, Options{})
		sc := s.Scope("node")
		if sc == nil || !reflect.DeepEqual(sc.RecordPath, Path{items}) || !reflect.DeepEqual(sc.RefPaths, []Path{{items, prop("parent")}}) {
			t.Fatalf("scope %+v", sc)
		}
		if s.Root.Items.Property("children").Items != s.Root.Items {
			t.Errorf("recursion must give a cyclic graph")
		}
	})
	t.Run("walk stops at id and ref nodes", func(t *testing.T) {
		s := mustCompile(t, `{"type": "array", "items": {"type": "object", "properties": {
			"id": {"type": "string", "idScope": "a", "properties": {"x": {"type": "string", "ref": "nowhere"}}}}}}`, Options{})
		if len(s.Scope("a").RefPaths) != 0 {
			t.Errorf("ref below an id node was discovered")
		}
	})
}

func TestWarnings(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
  "ids": {"type": "array", "items": {"type": "string", "idScope": "x", "score": "exact", "threshold": 0.5}},
  "r": {"type": "string", "ref": "x", "threshold": 0.2},
  "o": {"type": "object", "properties": {"a": {"type": "string", "valueWeight": 0}, "b": {"type": "string"}, "c": {"type": "string", "valueWeight": 0}}},
  "s": {"type": "string", "properties": {"q": {"type": "string"}}, "items": {"type": "string"}},
  "o": {"type": "object", "properties": {"a": {"type": "string", "valueWeight": 0}, "b": {"type": "string"}}}
}}`, Options{File: "w.json"})
	want := []string{
		`w.json:2:72: #/properties/ids/items: "score" is ignored on an idScope node`,
		`w.json:2:90: #/properties/ids/items: "threshold" is ignored on an idScope node`,
		`w.json:3:39: #/properties/r: "threshold" is ignored on a ref node`,
		`w.json:5:27: #/properties/s: "properties" is ignored: the node's type does not permit objects`,
		`w.json:5:68: #/properties/s: "items" is ignored: the node's type does not permit arrays`,
		`w.json:6:3: #/properties: duplicate key "o": its last value is used`,
		`w.json:6:27: #/properties/o: member "a" has valueWeight 0: the object scores 1.0 when only zero-weight members are present (docs/SCORING.md §6.5)`,
	}
	if got := warnings(s); !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Duplicate key: first position, last value.
	if names := []string{s.Root.Properties[2].Name, s.Root.Properties[3].Name}; !slices.Equal(names, []string{"o", "s"}) {
		t.Errorf("property order %v", names)
	}
	if len(s.Root.Property("o").Properties) != 2 {
		t.Errorf("duplicate key kept the first value")
	}

	s = mustCompile(t, `{"type": "object", "properties": {"a": {"type": "string", "valueWeight": 0}, "b": {"type": "string"}, "c": {"type": "string", "valueWeight": 0.0}}}`, Options{})
	want = []string{`1:20: #: members "a", "c" have valueWeight 0: the object scores 1.0 when only zero-weight members are present (docs/SCORING.md §6.5)`}
	if got := warnings(s); !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q", got, want)
	}
}

func TestUnknownKeywords(t *testing.T) {
	// Standard JSON Schema keywords, extensions and unrelated words compile.
	mustCompile(t, `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "x", "title": "t",
		"type": "object", "required": ["a"], "additionalProperties": false, "minProperties": 1,
		"x-internal": true, "key": 1, "label": "l", "nullable": true, "examples": [],
		"properties": {"a": {"type": "string", "minLength": 1, "format": "date", "const": "x", "$comment": "c"}}}`, Options{})
	for _, tc := range []struct{ key, want string }{
		{"valueWieght", "valueWeight"}, {"idscope", "idScope"}, {"treshold", "threshold"},
		{"Order", "order"}, {"prefixWeight", "prefixWeights"}, {"keyimportance", "keyImportance"},
		{"ignoreMising", "ignoreMissing"}, {"refs", "ref"}, {"typ", "type"}, {"enums", "enum"},
		{"nullscore", "nullScore"}, {"item", "items"},
	} {
		if got := misspelledKeyword(tc.key); got != tc.want {
			t.Errorf("misspelledKeyword(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
	for _, k := range []string{"key", "label", "x-order", "required", "weight", "name", "id", "nullable"} {
		if got := misspelledKeyword(k); got != "" {
			t.Errorf("misspelledKeyword(%q) = %q, want none", k, got)
		}
	}
}

func TestCustomComparators(t *testing.T) {
	opts := Options{CustomComparators: map[string][]string{"string": {"my_str"}, "number": {"my_num"}, "integer": {"my_int"}}}
	mustCompile(t, `{"type": "object", "properties": {
		"a": {"type": "string", "score": "my_str"},
		"b": {"type": "integer", "score": "my_num"},
		"c": {"type": "integer", "score": "my_int"},
		"d": {"type": "number", "score": "my_num"}}}`, opts)
	_, err := Compile([]byte(`{"type": "number", "score": "my_int"}`), opts)
	if err == nil || err.Error() != `1:20: #: unknown comparator "my_int" for a number` {
		t.Errorf("integer custom on a number: %v", err)
	}
	_, err = Compile([]byte(`{"type": "string", "score": "my_st"}`), opts)
	if err == nil || err.Error() != `1:20: #: unknown comparator "my_st" for a string (did you mean "my_str"?)` {
		t.Errorf("suggestion among customs: %v", err)
	}
	for _, bad := range []map[string][]string{{"string": {"jaro"}}, {"strings": {"x"}}, {"number": {""}}} {
		if _, err := Compile([]byte(`{"type": "string"}`), Options{CustomComparators: bad}); err == nil {
			t.Errorf("CustomComparators %v accepted", bad)
		} else if _, isList := err.(ErrorList); isList {
			t.Errorf("option error is an ErrorList: %v", err)
		}
	}
}

func TestMaxDepth(t *testing.T) {
	nested := func(levels int) string {
		return strings.Repeat(`{"type": "array", "items": `, levels) + `{"type": "string"}` + strings.Repeat(`}`, levels)
	}
	mustCompile(t, nested(DefaultMaxDepth), Options{})
	got := compileErrors(t, nested(DefaultMaxDepth+1))
	want := []string{`1:` + itoa(1+27*(DefaultMaxDepth+1)) + `: #` + strings.Repeat("/items", DefaultMaxDepth+1) + `: schema nesting exceeds the limit of 256 levels`}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if _, err := Compile([]byte(nested(11)), Options{MaxDepth: 10}); err == nil || !strings.Contains(err.Error(), "limit of 10 levels") {
		t.Errorf("MaxDepth 10: %v", err)
	}
	// Hostile JSON nesting is refused by the parser, without exhausting the stack.
	deep := strings.Repeat("[", 1_000_000)
	if _, err := Compile([]byte(deep), Options{}); err == nil || !strings.Contains(err.Error(), "invalid JSON: schema nesting exceeds the limit of 520 JSON levels") {
		t.Errorf("deep JSON: %v", err)
	}
	// A long chain of distinct $refs is bounded too.
	var defs []string
	for i := 0; i < 300; i++ {
		defs = append(defs, `"d`+itoa(i)+`": {"$ref": "#/$defs/d`+itoa(i+1)+`"}`)
	}
	defs = append(defs, `"d300": {"type": "string"}`)
	chain := `{"$ref": "#/$defs/d0", "$defs": {` + strings.Join(defs, ",") + `}}`
	if _, err := Compile([]byte(chain), Options{}); err == nil || !strings.Contains(err.Error(), "$ref chain longer than the limit of 256 levels") {
		t.Errorf("ref chain: %v", err)
	}
	mustCompile(t, chain, Options{MaxDepth: 400})
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

func TestRaw(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "title": "t\u00e9\ud83d\ude00", "b": 1, "a": 2.0, "big": 123456789012345678901234567890, "e": 1e2, "n": null, "l": [true, false]}`, Options{})
	raw := s.Raw
	if raw.Kind != jsonval.Object {
		t.Fatalf("Raw kind %v", raw.Kind)
	}
	var keys []string
	for _, m := range raw.Obj {
		keys = append(keys, m.Key)
	}
	if !slices.Equal(keys, []string{"type", "title", "b", "a", "big", "e", "n", "l"}) {
		t.Errorf("key order %v", keys)
	}
	get := func(k string) jsonval.Value { v, _ := raw.Get(k); return v }
	if v := get("title"); v.S != "té😀" {
		t.Errorf("title %q", v.S)
	}
	if v := get("b"); v.Kind != jsonval.Int || v.I != 1 {
		t.Errorf("b %+v", v)
	}
	if v := get("a"); v.Kind != jsonval.Float || v.F != 2 {
		t.Errorf("a %+v", v)
	}
	if v := get("e"); v.Kind != jsonval.Float || v.F != 100 {
		t.Errorf("e %+v", v)
	}
	if v := get("big"); v.Kind != jsonval.Int || v.Big == nil || v.Big.String() != "123456789012345678901234567890" {
		t.Errorf("big %+v", v)
	}
	if v := get("n"); v.Kind != jsonval.Null {
		t.Errorf("n %+v", v)
	}
	if v := get("l"); len(v.Arr) != 2 || !v.Arr[0].B || v.Arr[1].B {
		t.Errorf("l %+v", v)
	}
}

func TestParser(t *testing.T) {
	ok := map[string]string{
		"escapes":         `"\"\\\/\b\f\n\r\t\u0041"`,
		"surrogate pair":  `"\ud83d\ude00"`,
		"lone surrogate":  `"\ud83dx"`,
		"lone low":        `"\ude00"`,
		"bom":             "\xef\xbb\xbf" + `{"type": "string"}`,
		"utf8":            `"日本"`,
		"negative zero":   `-0.0`,
		"exponent":        `1E+2`,
		"huge float":      `1e400`,
		"nested":          `[[], {}, [{"a": [1]}]]`,
		"whitespace only": " \t\r\n null \n",
	}
	want := map[string]string{
		"escapes": "\"\\/\b\f\n\r\tA", "surrogate pair": "😀", "lone surrogate": "\uFFFDx", "lone low": "\uFFFD", "utf8": "日本",
	}
	for name, text := range ok {
		src, err := parseSource([]byte(text), 100)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if w, has := want[name]; has && src.root.str != w {
			t.Errorf("%s: got %q, want %q", name, src.root.str, w)
		}
	}
	bad := map[string]string{
		"trailing comma":     "{\"a\": 1,\n}",
		"leading zero":       `[01]`,
		"nan":                `NaN`,
		"comment":            `// x` + "\n{}",
		"single quotes":      `{'a': 1}`,
		"control char":       "\"a\tb\"",
		"invalid utf8":       "\"\xff\"",
		"bad escape":         `"\x"`,
		"short unicode":      `"\u12"`,
		"trailing data":      `{} {}`,
		"empty":              ``,
		"missing colon":      `{"a" 1}`,
		"unterminated":       `"abc`,
		"dot without digits": `1.`,
	}
	for name, text := range bad {
		if _, err := parseSource([]byte(text), 100); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
	_, err := Compile([]byte("{\n  \"type\": \"object\",\n  \"properties\": {\"é\": {\"type\": \"string\", \"x\": 01}}\n}"), Options{File: "f.json"})
	if err == nil || err.Error() != `f.json:3:48: #/properties/é/x: invalid JSON: invalid number: leading zero` {
		t.Errorf("syntax error position: %v", err)
	}
}

func TestPositionString(t *testing.T) {
	for _, tc := range []struct {
		pos  Position
		want string
	}{
		{Position{File: "s.json", Line: 3, Col: 7, Pointer: "/properties/a"}, "s.json:3:7: #/properties/a"},
		{Position{Line: 3, Col: 7, Pointer: "/items"}, "3:7: #/items"},
		{Position{File: "s.json"}, "s.json: #"},
		{Position{Pointer: "/a~1b"}, "#/a~1b"},
	} {
		if got := tc.pos.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.pos, got, tc.want)
		}
	}
	d := Diagnostic{Pos: Position{File: "schema.json", Line: 12, Col: 7, Pointer: "/properties/age"}, Message: `unknown comparator "jaor" for a string (did you mean "jaro"?)`}
	if got, want := d.String(), `schema.json:12:7: #/properties/age: unknown comparator "jaor" for a string (did you mean "jaro"?)`; got != want {
		t.Errorf("Diagnostic.String() = %q, want %q", got, want)
	}
}

func TestCompileFileMissing(t *testing.T) {
	if _, err := CompileFile("testdata/does-not-exist.json", Options{}); err == nil || !strings.Contains(err.Error(), "ir: read schema") {
		t.Errorf("err = %v", err)
	}
}

// sharedLevels builds a schema whose $defs d0…d(n-1) each use the next one
// twice, so that d0 expands into 2^n schema paths; leaf is the last level.
// With ids, the root is an object holding an id array of scope "k" and d0 as
// member "tree"; otherwise the root is d0.
func sharedLevels(n int, leaf string, ids bool) string {
	var defs []string
	for i := 0; i < n; i++ {
		next := `{"$ref": "#/$defs/d` + itoa(i+1) + `"}`
		defs = append(defs, `"d`+itoa(i)+`": {"type": "object", "properties": {"x": `+next+`, "y": `+next+`}}`)
	}
	defs = append(defs, `"d`+itoa(n)+`": `+leaf)
	root := `"$ref": "#/$defs/d0"`
	if ids {
		root = `"type": "object", "properties": {
			"ids": {"type": "array", "items": {"type": "string", "idScope": "k"}},
			"tree": {"$ref": "#/$defs/d0"}}`
	}
	return `{` + root + `, "$defs": {` + strings.Join(defs, ",") + `}}`
}

func TestSharedSubschemas(t *testing.T) {
	// 2^40 paths without any declaration: discovery skips them.
	s := mustCompile(t, sharedLevels(40, `{"type": "string"}`, false), Options{})
	if s.Root.Property("x") != s.Root.Property("y") {
		t.Errorf("plain references to one target must share a node")
	}
	// 2^8 paths to a ref node: every one is a reference path.
	s = mustCompile(t, sharedLevels(8, `{"type": "string", "ref": "k"}`, true), Options{})
	if n := len(s.Scope("k").RefPaths); n != 256 {
		t.Errorf("%d reference paths, want 256", n)
	}
	// 2^20 reference paths: refused rather than walked.
	got := compileErrors(t, sharedLevels(20, `{"type": "string", "ref": "k"}`, true))
	want := []string{`1:1: #: scope discovery gave up after 65536 schema paths: the schema shares subschemas too widely`}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func BenchmarkCompile(b *testing.B) {
	for _, name := range []string{"synra_codex_ra", "biored", "trip_fixed"} {
		data, err := os.ReadFile("../testdata/schemas/" + name + ".json")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(data, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDefinitionAnnotations checks Def, Title, Description and Keywords: every
// use of a $defs entry names it, also where the referring object adds a
// keyword of its own, and the effective keywords include the referring
// object's.
func TestDefinitionAnnotations(t *testing.T) {
	s := mustCompile(t, `{"type": "object", "properties": {
		"a": {"$ref": "#/$defs/Org"},
		"b": {"$ref": "#/$defs/Org", "valueWeight": 2, "description": "the buyer"}},
		"$defs": {"Org": {"type": "object", "title": "Organization", "description": "A company.",
			"required": ["name"], "properties": {"name": {"type": "string", "minLength": 1}}}}}`, Options{})
	a, b := s.Root.Property("a"), s.Root.Property("b")
	if a == b {
		t.Fatal("the referring object's valueWeight did not give b its own node")
	}
	for _, n := range []*Node{a, b} {
		if n.Def != "/$defs/Org" || n.Title != "Organization" {
			t.Errorf("%s: Def %q, Title %q", n.Pos.Pointer, n.Def, n.Title)
		}
	}
	if a.Description != "A company." || b.Description != "the buyer" {
		t.Errorf("descriptions %q, %q", a.Description, b.Description)
	}
	keys := func(n *Node) []string {
		var out []string
		for _, m := range n.Keywords {
			out = append(out, m.Key)
		}
		return out
	}
	if got := keys(b); !slices.Equal(got, []string{"type", "title", "description", "required", "properties", "valueWeight"}) {
		t.Errorf("keywords of b: %v", got)
	}
	if s.Root.Def != "" || a.Property("name").Def != "/$defs/Org/properties/name" {
		t.Errorf("Def of the root %q, of name %q", s.Root.Def, a.Property("name").Def)
	}
}
