package gen

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// declNames returns the package-level names a Go file declares, methods
// qualified by their receiver type, and fails on a duplicate.
func declNames(t *testing.T, src []byte) map[string]*ast.CommentGroup {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("generated code does not parse: %v", err)
	}
	out := map[string]*ast.CommentGroup{}
	add := func(name string, doc *ast.CommentGroup) {
		if name == "_" {
			return
		}
		if _, dup := out[name]; dup {
			t.Errorf("%s is declared twice", name)
		}
		out[name] = doc
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				typ := d.Recv.List[0].Type
				if s, ok := typ.(*ast.StarExpr); ok {
					typ = s.X
				}
				name = typ.(*ast.Ident).Name + "." + name
			}
			add(name, d.Doc)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name.Name, d.Doc)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						add(n.Name, d.Doc)
					}
				}
			}
		}
	}
	return out
}

// TestNamesOrgChart checks the names of the orgchart example: functions are
// named after their schema node, cross pairs carry _vs_, every function has a
// doc comment that names it, and no name is a number.
func TestNamesOrgChart(t *testing.T) {
	sch, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "orgchart", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := Generate(Options{TypeName: "OrgChart", Package: "orgchart", SchemaFile: "schema.json", SchemaJSON: sch})
	if err != nil {
		t.Fatal(err)
	}
	names := declNames(t, src)
	for _, want := range []string{
		"oaOrgChartCtx.scoreOrgChart",
		"oaOrgChartCtx.scoreOrgChartPeopleItem",
		"oaOrgChartCtx.scoreOrgChartPeopleItemName",
		"oaOrgChartCtx.scoreOrgChartPeopleItemName_vs_Role",
		"oaOrgChartCtx.scoreObjectOrgChartPeopleItem",
		"oaOrgChartCtx.scoreArrayOrgChartPeople",
		"oaOrgChartCtx.derivePerson",
		"toJSONOrgChartPeopleItem",
		"fromJSONOrgChartPeopleItem",
		"memberOrgChartPeopleItem",
		"keysOrgChartPeopleItem",
	} {
		if _, ok := names[want]; !ok {
			t.Errorf("no declaration %s", want)
		}
	}
	doc := names["oaOrgChartCtx.scoreOrgChartPeopleItemName"].Text()
	if want := "scoreOrgChartPeopleItemName scores #/properties/people/items/properties/name (string, exact)."; !strings.HasPrefix(doc, want) {
		t.Errorf("doc comment %q, want %q", doc, want)
	}
	for name, d := range names {
		fn := name[strings.LastIndex(name, ".")+1:]
		if fn[0] >= 'a' && fn[0] <= 'z' && !strings.HasPrefix(fn, "oa") && !strings.HasPrefix(d.Text(), fn+" ") {
			t.Errorf("%s: doc comment %q does not start with its name", name, d.Text())
		}
		if strings.HasPrefix(fn, "score") && !strings.Contains(d.Text(), "#") {
			t.Errorf("%s: doc comment %q names no schema pointer", name, d.Text())
		}
	}
	for _, noop := range []string{"if true {", "if false {", "\nvar _ "} {
		if bytes.Contains(src, []byte(noop)) {
			t.Errorf("the generated code holds the no-op %q", noop)
		}
	}
}

// TestNamesCollide generates a schema whose node paths collide after the
// Go name conversion (a.b, aB, a_b: paths TAB, TAB_2 and, from the field
// name AB2, TAB2) and checks that every name is declared
// once and the suffixes are deterministic.
func TestNamesCollide(t *testing.T) {
	schema := []byte(`{"type": "object", "properties": {
		"a": {"type": "object", "properties": {"b": {"type": "string"}}},
		"aB": {"type": "string"},
		"a_b": {"type": ["string", "null"]},
		"list": {"type": "array", "items": {"type": "object", "properties": {"b": {"type": "integer"}}}}
	}}`)
	var first []byte
	for range 2 {
		src, err := Generate(Options{TypeName: "T", Package: "p", SchemaFile: "s.json", SchemaJSON: schema})
		if err != nil {
			t.Fatal(err)
		}
		names := declNames(t, src)
		for _, want := range []string{"oaTCtx.scoreTAB", "oaTCtx.scoreTAB_2", "oaTCtx.scoreTAB2", "oaTCtx.scoreTA_vs_AB_2", "oaTCtx.scoreTAB_2_vs_AB2", "toJSONTListItemB"} {
			if _, ok := names[want]; !ok {
				t.Errorf("no declaration %s", want)
			}
		}
		if first != nil && !bytes.Equal(first, src) {
			t.Error("two generations differ")
		}
		first = src
	}
}
