package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"orderId": "OrderID", "vatId": "VATID", "url": "URL", "homePageURL": "HomePageURL",
		"HTTPServer": "HTTPServer", "http_status": "HTTPStatus", "sku": "SKU", "id": "ID",
		"ids": "IDS", "user-name": "UserName", "a.b": "AB", "2nd": "X2nd", "": "X", "Zürich": "ZRich",
		"countryCode": "CountryCode", "unitPrice": "UnitPrice", "Purchase order": "PurchaseOrder",
	} {
		if got := goName(in); got != want {
			t.Errorf("goName(%q) = %q, want %q", in, got, want)
		}
	}
}

// structFields returns the field names and types of every struct type a Go
// file declares, and the doc comment of every type.
func structFields(t *testing.T, src []byte) (map[string]map[string]string, map[string]string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("generated code does not parse: %v", err)
	}
	fields, docs := map[string]map[string]string{}, map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			docs[ts.Name.Name] = g.Doc.Text()
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			fields[ts.Name.Name] = map[string]string{}
			for _, fl := range st.Fields.List {
				for _, n := range fl.Names {
					fields[ts.Name.Name][n.Name] = types(fl.Type)
				}
			}
		}
	}
	return fields, docs
}

func types(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return "*" + types(e.X)
	case *ast.ArrayType:
		return "[]" + types(e.Elt)
	}
	return "?"
}

// TestIdiomaticTypes checks the types of the purchase-order example: one
// type per $defs entry, named after it and shared by every use (buyer and
// supplier are both Organization, also where the referring object adds a
// valueWeight), initialisms, required members as values, optional ones as
// pointers, the null flag of an optional nullable member, descriptions as
// doc comments.
func TestIdiomaticTypes(t *testing.T) {
	sch, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "purchaseorder", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := Generate(Options{TypeName: "PurchaseOrder", Package: "po", SchemaFile: "schema.json", SchemaJSON: sch})
	if err != nil {
		t.Fatal(err)
	}
	fields, docs := structFields(t, src)
	want := map[string]map[string]string{
		"PurchaseOrder": {"OrderID": "string", "Issued": "*string", "Buyer": "Organization", "Supplier": "*Organization",
			"ShipTo": "*Address", "Lines": "[]LineItem", "DueDate": "*string", "DueDateNull": "bool", "Notes": "*string"},
		"Organization": {"Name": "string", "VATID": "*string", "URL": "*string", "Address": "*Address"},
		"Address":      {"Street": "*string", "City": "string", "CountryCode": "*AddressCountryCode"},
		"LineItem":     {"SKU": "string", "Description": "*string", "Quantity": "int64", "UnitPrice": "*float64"},
	}
	for typ, fs := range want {
		for name, ty := range fs {
			if got := fields[typ][name]; got != ty {
				t.Errorf("%s.%s: type %q, want %q", typ, name, got, ty)
			}
		}
		if len(fields[typ]) != len(fs) {
			t.Errorf("%s: fields %v, want %v", typ, fields[typ], fs)
		}
	}
	var exported []string
	for k := range fields {
		if ast.IsExported(k) {
			exported = append(exported, k)
		}
	}
	if slices.Sort(exported); !slices.Equal(exported, []string{"Address", "LineItem", "Organization", "PurchaseOrder"}) {
		t.Errorf("struct types %v, want one per definition", exported)
	}
	if d := docs["Organization"]; !strings.Contains(d, "A company named on the order.") {
		t.Errorf("doc of Organization %q lacks the description", d)
	}
	if d := docs["PurchaseOrder"]; !strings.Contains(d, "DueDateNull is true when it is null") {
		t.Errorf("doc of PurchaseOrder %q does not explain the null flag", d)
	}
	for _, noise := range []string{"float64(float64(", "*1)", "- 0)", "-0,", "if true {", "|| true"} {
		if strings.Contains(string(src), noise) {
			t.Errorf("generated code holds the unfolded expression %q", noise)
		}
	}
}

// TestNamesCollide generates a schema whose names collide after the Go
// name conversion (a.b, aB, a_b) and checks that the file compiles as Go
// syntax with every name declared once and the suffixes deterministic.
func TestNamesCollide(t *testing.T) {
	schema := []byte(`{"type": "object", "properties": {
		"a": {"type": "object", "properties": {"b": {"type": "string"}}},
		"aB": {"type": "string"},
		"a_b": {"type": ["string", "null"]},
		"value": {"type": ["object", "null"], "properties": {"x": {"type": "integer"}}},
		"list": {"type": "array", "items": {"type": "object", "properties": {"b": {"type": "integer"}}}}
	}}`)
	var first []byte
	for range 2 {
		src, err := Generate(Options{TypeName: "T", Package: "p", SchemaFile: "s.json", SchemaJSON: schema})
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, d := range f.Decls {
			name := ""
			switch d := d.(type) {
			case *ast.FuncDecl:
				name = d.Name.Name
				if d.Recv != nil {
					name = types(d.Recv.List[0].Type) + "." + name
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						name = ts.Name.Name
					}
				}
			}
			if name != "" && seen[name] {
				t.Errorf("%s is declared twice", name)
			}
			seen[name] = true
		}
		if first != nil && string(first) != string(src) {
			t.Error("two generations differ")
		}
		first = src
	}
}
