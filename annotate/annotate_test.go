package annotate

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/examples/amr"
	"github.com/objectaligner/oagen/explain"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func readValue(t *testing.T, path string) jsonval.Value {
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

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./annotate -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// mustCheck compiles an annotated schema as oagen check does: no errors.
func mustCheck(t *testing.T, name string, data []byte) *ir.Schema {
	t.Helper()
	s, err := ir.Compile(data, ir.Options{File: name})
	if err != nil {
		t.Fatalf("%s does not pass oagen check:\n%v\n%s", name, err, data)
	}
	return s
}

// TestGolden pins the annotation of the org chart: from its gold alone (an
// inferred schema) and from its schema with the annotations stripped.
func TestGolden(t *testing.T) {
	gold := readValue(t, "../examples/orgchart/gold.json")
	res, err := Annotate(nil, []jsonval.Value{gold})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, "inferred", res.JSON())
	golden(t, "orgchart-inferred.json", res.JSON())

	plain := Strip(readValue(t, "../examples/orgchart/schema.json"))
	res, err = Annotate(&plain, []jsonval.Value{gold})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, "stripped", res.JSON())
	golden(t, "orgchart-stripped.json", res.JSON())

	// Deterministic: the same inputs give the same bytes.
	again, _ := Annotate(&plain, []jsonval.Value{gold})
	if !bytes.Equal(again.JSON(), res.JSON()) {
		t.Errorf("two runs differ")
	}
}

// TestHandCases checks single rules on small hand-made golds.
func TestHandCases(t *testing.T) {
	golds := []jsonval.Value{
		mustDecode(t, `{"cities":[{"code":"PRG","name":"Prague is big"},{"code":"VIE","name":"Vienna"}],"trips":[{"from":"PRG","to":"VIE","km":333.5,"legs":2}],"tags":["a","b"]}`),
		mustDecode(t, `{"cities":[{"code":"BRQ","name":"Brno"},{"code":"PRG","name":"Prague"}],"trips":[{"from":"BRQ","to":"PRG","km":205.25,"legs":1},{"from":"PRG","to":"BRQ","km":205,"legs":1}],"tags":[]}`),
	}
	res, err := Annotate(nil, golds)
	if err != nil {
		t.Fatal(err)
	}
	s := mustCheck(t, "hand", res.JSON())
	if sc := s.Scope("city"); sc == nil || len(sc.RefPaths) != 2 {
		t.Fatalf("scope city: %+v\n%s", sc, res.JSON())
	}
	got := map[string]string{}
	for _, p := range res.Proposals {
		got[p.Path+" "+p.Keyword] = p.Value.String()
	}
	want := map[string]string{
		"/cities order":          `"align"`,
		"/cities/*/code idScope": `"city"`,
		"/cities/*/name score":   `"jaro_winkler"`,
		"/trips/*/from ref":      `"city"`,
		"/trips/*/to ref":        `"city"`,
		"/trips/*/km score":      `"relative"`,
		"/trips/*/legs score":    `"invdiff"`,
		"/tags/* score":          `"exact"`,
		"/trips order":           `"align"`,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %s, want %s", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("proposals %v, want %v", got, want)
	}
	// A value of a would-be reference that is no identifier: no ref.
	golds = append(golds, mustDecode(t, `{"cities":[{"code":"OSL","name":"Oslo"}],"trips":[{"from":"XXX","to":"OSL","km":1,"legs":1}],"tags":[]}`))
	res, _ = Annotate(nil, golds)
	for _, p := range res.Proposals {
		if p.Path == "/trips/*/from" && p.Keyword == "ref" {
			t.Errorf("ref proposed although a gold names an unknown city")
		}
	}
}

func mustDecode(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// choices are the scoring decisions of a compiled schema that annotate
// makes: identifier/reference pairs, the regime of every array and the
// comparator of every leaf.
type choices struct {
	pairs  map[string]bool   // "idPath -> refPath"
	orders map[string]string // array path -> "align"/"fixed"
	scores map[string]string // leaf path -> comparator
}

func choicesOf(s *ir.Schema) choices {
	c := choices{pairs: map[string]bool{}, orders: map[string]string{}, scores: map[string]string{}}
	p := explain.New(s)
	for _, sc := range p.Scopes {
		for _, r := range sc.Refs {
			c.pairs[sc.IDs+" -> "+r] = true
		}
	}
	for _, r := range p.Paths {
		if r.Recursive != "" {
			continue
		}
		if r.Order != "" {
			c.orders[r.Path] = r.Order
		}
		if r.Comparator != "" && r.IDScope == "" && r.Ref == "" && !strings.Contains(r.Comparator, ",") {
			c.scores[r.Path] = r.Comparator
		}
	}
	return c
}

// recoveryCase is an annotated schema of the repository with golds.
type recoveryCase struct {
	name   string
	schema jsonval.Value
	golds  []jsonval.Value
}

func recoveryCases(t *testing.T) []recoveryCase {
	var cs []recoveryCase
	schemas, _ := filepath.Glob("../examples/*/schema.json")
	for _, f := range schemas {
		dir := filepath.Dir(f)
		if _, err := os.Stat(filepath.Join(dir, "gold.json")); err != nil {
			continue
		}
		golds := []jsonval.Value{readValue(t, filepath.Join(dir, "gold.json"))}
		if filepath.Base(dir) == "amr" {
			// examples/amr keeps its gold graphs as PENMAN texts (amr.Golds);
			// one graph shows too few references (one top, no attributes)
			// for annotate to propose them, all of them show every pair.
			for _, text := range amr.Golds {
				g, err := amr.Parse(text)
				if err != nil {
					t.Fatal(err)
				}
				golds = append(golds, g.JSON())
			}
		}
		cs = append(cs, recoveryCase{
			name:   "examples/" + filepath.Base(dir),
			schema: readValue(t, f),
			golds:  golds,
		})
	}
	vs, err := conformance.LoadFile("../testdata/conformance/paper_schemas.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]jsonval.Value{}
	for _, v := range vs {
		name, _ := v.Tags.Get("schema_name")
		byName[name.S] = append(byName[name.S], v.Gold)
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		path := "../testdata/schemas/" + n + ".json"
		if _, err := os.Stat(path); err != nil {
			continue
		}
		cs = append(cs, recoveryCase{name: "testdata/schemas/" + n, schema: readValue(t, path), golds: byName[n]})
	}
	return cs
}

// TestRecovery strips the annotations of the repository's annotated schemas
// that have golds and measures how many identifier/reference pairs, array
// regimes and comparators annotate proposes again. Every pair the golds
// show must come back.
func TestRecovery(t *testing.T) {
	var extraPairs, totPairs, gotPairs, totOrders, gotOrders, totScores, gotScores, totExact, gotExact int
	var report strings.Builder
	fmt.Fprintf(&report, "%-44s %6s %5s %9s %9s %9s\n", "schema", "golds", "pairs", "orders", "scores", "exact")
	for _, c := range recoveryCases(t) {
		orig, err := ir.Compile(jsonval.AppendJSON(nil, c.schema), ir.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		plain := Strip(c.schema)
		res, err := Annotate(&plain, c.golds)
		if err != nil {
			t.Fatal(err)
		}
		ann := mustCheck(t, c.name, res.JSON())
		want, got := choicesOf(orig), choicesOf(ann)
		p := 0
		for k := range want.pairs {
			if got.pairs[k] {
				p++
			} else {
				t.Errorf("%s: pair %s not recovered", c.name, k)
			}
		}
		for k := range got.pairs {
			if !want.pairs[k] {
				extraPairs++
				t.Logf("%s: pair %s proposed beyond the hand annotation", c.name, k)
			}
		}
		o := 0
		for k, v := range want.orders {
			if got.orders[k] == v {
				o++
			}
		}
		s, e, te := 0, 0, 0
		for k, v := range want.scores {
			if got.scores[k] == v {
				s++
			} else if testing.Verbose() {
				t.Logf("%s: %s: hand %s, proposed %s", c.name, k, v, got.scores[k])
			}
			if v == "exact" {
				te++
				if got.scores[k] == "exact" {
					e++
				}
			}
		}
		fmt.Fprintf(&report, "%-44s %6d %2d/%-2d %4d/%-4d %4d/%-4d %4d/%-4d\n", c.name, len(c.golds), p, len(want.pairs), o, len(want.orders), s, len(want.scores), e, te)
		totPairs += len(want.pairs)
		gotPairs += p
		totOrders += len(want.orders)
		gotOrders += o
		totScores += len(want.scores)
		gotScores += s
		totExact += te
		gotExact += e
	}
	fmt.Fprintf(&report, "%-44s %6s %2d/%-2d %4d/%-4d %4d/%-4d %4d/%-4d\n", "total", "", gotPairs, totPairs, gotOrders, totOrders, gotScores, totScores, gotExact, totExact)
	t.Logf("recovery (hand annotation's choice proposed again):\n%s%d pairs proposed beyond the hand annotations", report.String(), extraPairs)
}
