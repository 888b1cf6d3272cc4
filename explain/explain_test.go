package explain

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func compileFile(t *testing.T, path string) *ir.Schema {
	t.Helper()
	s, err := ir.CompileFile(path, ir.Options{File: filepath.Base(path)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readGold(t *testing.T, path string) jsonval.Value {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonval.Decode(data, jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./explain -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestGolden pins the text and JSON plans of the test schemas, with and
// without a gold.
func TestGolden(t *testing.T) {
	for _, name := range []string{"orgchart", "tuple", "union"} {
		s := compileFile(t, filepath.Join("testdata", name+".schema.json"))
		p := New(s)
		golden(t, name+".txt", p.Text())
		p.CountGold(readGold(t, filepath.Join("testdata", name+".gold.json")))
		golden(t, name+"-gold.txt", p.Text())
		out, err := json.MarshalIndent(p, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		golden(t, name+"-gold.json", string(out)+"\n")
	}
}

// TestOrgChartShares checks the org chart's plan against hand-computed
// shares (docs/SCORING.md §11): four root members of weight 1 (a quarter
// each), people's id, name (valueWeight 2) and role: 1/4, 1/2, 1/4.
func TestOrgChartShares(t *testing.T) {
	p := New(compileFile(t, "testdata/orgchart.schema.json"))
	want := map[string][2]float64{
		"":                      {1, 1},
		"/people":               {0.25, 0.25},
		"/people/*":             {1, 0.25},
		"/people/*/id":          {0.25, 0.0625},
		"/people/*/name":        {0.5, 0.125},
		"/mentorships/*/mentee": {0.5, 0.125},
		"/period/1":             {0.5, 0.125},
	}
	for _, r := range p.Paths {
		if w, ok := want[r.Path]; ok {
			if r.Share != w[0] || r.Total != w[1] {
				t.Errorf("%s: share %v total %v, want %v", Display(r.Path), r.Share, r.Total, w)
			}
			delete(want, r.Path)
		}
	}
	if len(want) > 0 {
		t.Errorf("paths missing from the plan: %v", want)
	}
	if len(p.Scopes) != 1 || p.Scopes[0].Name != "person" || len(p.Scopes[0].Refs) != 2 {
		t.Errorf("scopes %+v", p.Scopes)
	}
}

// TestSharesAddUp checks, on every schema of the repository's test data and
// conformance vectors, that the shares of a node's children add up to the
// node's value share: valueImportance/(keyImportance+valueImportance) for an
// object with members, 1 for an array; and that every total is the parent's
// total times the share.
func TestSharesAddUp(t *testing.T) {
	var schemas []*ir.Schema
	files, _ := filepath.Glob("../testdata/schemas/*.json")
	ex, _ := filepath.Glob("../examples/*/*.json")
	for _, f := range append(files, ex...) {
		data, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(data), `"type"`) {
			continue
		}
		if s, err := ir.Compile(data, ir.Options{}); err == nil {
			schemas = append(schemas, s)
		}
	}
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if seen[string(v.SchemaText)] {
			continue
		}
		seen[string(v.SchemaText)] = true
		if s, err := ir.Compile(v.SchemaText, ir.Options{}); err == nil {
			schemas = append(schemas, s)
		}
	}
	if len(schemas) < 250 {
		t.Fatalf("only %d schemas", len(schemas))
	}
	checked := 0
	for _, s := range schemas {
		p := New(s)
		children := map[*Path][]*Path{}
		var parents []*Path
		for _, r := range p.Paths {
			if par := r.Parent(); par != nil {
				if children[par] == nil {
					parents = append(parents, par)
				}
				children[par] = append(children[par], r)
			}
		}
		for _, parent := range parents {
			cs := children[parent]
			if parent.node.Union != nil {
				// Each branch can carry the union's whole share.
				for _, c := range cs {
					if c.Share != 1 || c.Total != parent.Total || c.Branch == "" {
						t.Errorf("%s: branch share %v total %v, parent total %v", c.Path, c.Share, c.Total, parent.Total)
					}
				}
				checked++
				continue
			}
			want := 1.0
			if parent.Types()&ir.TObject != 0 && len(parent.node.Properties) > 0 {
				want = parent.ValueShare
			}
			sum := 0.0
			for _, c := range cs {
				sum += c.Share
				if math.Abs(c.Total-parent.Total*c.Share) > 1e-12 {
					t.Errorf("%s: total %v, parent %v × share %v", c.Path, c.Total, parent.Total, c.Share)
				}
			}
			if math.Abs(sum-want) > 1e-12 {
				t.Errorf("%s: children's shares add up to %v, want %v", Display(parent.Path), sum, want)
			}
			checked++
		}
	}
	t.Logf("%d schemas, %d parents checked", len(schemas), checked)
}

// TestCountGold checks the per-path counts on a hand-made gold.
func TestCountGold(t *testing.T) {
	p := New(compileFile(t, "testdata/tuple.schema.json"))
	p.CountGold(readGold(t, "testdata/tuple.gold.json"))
	want := map[string]int{"": 1, "/span": 1, "/span/0": 1, "/span/1": 1, "/span/*": 3, "/tags/*": 1, "/meta/tree": 3, "/meta/tree/label": 3, "/meta/tree/kids/*": 0}
	for _, r := range p.Paths {
		if w, ok := want[r.Path]; ok && r.Values != w {
			t.Errorf("%s: %d values, want %d", Display(r.Path), r.Values, w)
		}
	}
}
