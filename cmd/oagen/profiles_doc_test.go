package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The examples of docs/PROFILES.md: every difference between the default
// and the reference profile, each run through the command line in both
// profiles. The tables of the document are rendered from these cases, so
// the document and the test cannot drift apart: TestProfileExamples fails
// when docs/PROFILES.md does not hold the rendered tables, and
// "go test ./cmd/oagen -run ProfileExamples -update" rewrites them.

// profileSchemas are the schemas the examples use, by name.
var profileSchemas = []struct{ name, text string }{
	{"int", `{"type":"object","properties":{"d":{"type":"integer"}}}`},
	{"exact", `{"type":"object","properties":{"d":{"type":"integer","score":"exact"}}}`},
	{"price", `{"type":"object","properties":{"price":{"type":"number","score":"relative"}}}`},
	{"people", `{"type":"object","properties":{"people":{"type":"array","order":"align","items":{"type":"object","properties":{"id":{"type":"integer","idScope":"person"},"name":{"type":"string"}}}},"links":{"type":"array","order":"align","items":{"type":"object","properties":{"from":{"type":"integer","ref":"person"},"to":{"type":"integer","ref":"person"}}}}}}`},
	{"keys", `{"type":"object","properties":{"ab":{"type":"integer"},"ba":{"type":"integer"}}}`},
	{"open", `{"type":"object","properties":{}}`},
	{"person", `{"type":"object","properties":{"name":{"type":"string","score":"exact"},"tags":{"type":"array","order":"align","items":{"type":"string","score":"exact"}},"note":{"type":["string","null"]}},"required":["name"]}`},
	{"movie", `{"type":"object","keyScore":"exact","properties":{"title":{"type":"string","valueWeight":2},"year":{"type":"integer","score":"exact"},"genres":{"type":"array","items":{"type":"string"},"order":"align"}}}`},
	{"ids", `{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string","idScope":"s"}}}}`},
	{"loose", `{"type":"object","properties":{"name":{"type":"string","threshold":1.5}}}`},
	{"text", `{"type":"string"}`},
	{"union", `{"type":["string","array"],"items":{"type":"string"}}`},
	{"invoice", `{"type":"object","properties":{"num":{"type":"string","score":"exact","valueWeight":2},"a":{"type":"string"},"b":{"type":"string"}}}`},
	{"pets", `{"type":"object","properties":{"pet":{"type":"object","oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}]}},"$defs":{"Cat":{"properties":{"age":{"type":"number"}},"required":["age"],"additionalProperties":false},"Dog":{"properties":{"weight":{"type":"number"}},"required":["weight"],"additionalProperties":false}}}`},
	{"tool", `{"type":"object","properties":{"arg":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`},
	{"weights", `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer","valueWeight":4},"c":{"type":"integer"},"d":{"type":"integer"}}}`},
	{"twins", `{"type":"object","properties":{"people":{"type":"array","order":"align","items":{"type":"object","keyImportance":0,"properties":{"id":{"type":"string","idScope":"person"},"name":{"type":"string","score":"exact"}}}},"relations":{"type":"array","order":"align","items":{"type":"object","keyImportance":0,"properties":{"source":{"type":"string","ref":"person"},"target":{"type":"string","ref":"person"},"type":{"type":"string","score":"exact"},"note":{"type":"string"}}}}}}`},
}

// expect is what one profile's output must show: a text the output
// contains; with score, its first line (the score); with line, one of its
// lines (spaces around it ignored); with absent, a line it does not have.
type expect struct {
	text                string
	score, line, absent bool
}

// score expects the printed score s.
func score(s string) expect { return expect{text: s, score: true} }

func (e expect) markdown() string {
	switch {
	case e.absent:
		return "no line " + code(e.text)
	case e.line:
		return "the line " + code(e.text)
	}
	return code(e.text)
}

// profileExample is one row of the tables.
type profileExample struct {
	what       string
	args       []string // command and flags
	schema     string   // a name of profileSchemas
	gold, cand string
	def, ref   expect
}

var (
	fig = `{"people":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],"links":[{"from":1,"to":2}]}`
	eve = `{"name":"Eve","tags":["a","b"],"note":"x"}`
	eva = `{"name":"Eva","tags":["a"],"note":null}`

	rootKindLine = `The predicted output ["a"] is of another kind than the gold "a", so the two cannot be aligned: ` +
		`the whole predicted output is to be replaced by the gold (score=0%).`

	mGold = `{"title":"The Matrix","year":1999,"genres":["Sci-Fi","Action"]}`
	mCand = `{"title":"The Matrx","year":2000,"genres":["Sci-Fi","Adventure"]}`
)

// profileDifferences are the differences between the profiles.
var profileDifferences = []profileExample{
	{"numbers compare by value: a member of another form is not a kind mismatch (default comparator invdiff)",
		[]string{"score"}, "int", `{"d":5}`, `{"d":5.0}`, score("1.0"), score("0.0")},
	{"… for every comparator: exact", []string{"score"}, "exact", `{"d":5}`, `{"d":5.0}`, score("1.0"), score("0.0")},
	{"… relative", []string{"score"}, "price", `{"price":12}`, `{"price":12.0}`, score("1.0"), score("0.0")},
	{"… also between different values", []string{"score"}, "price", `{"price":12}`, `{"price":12.5}`, score("0.96"), score("0.0")},
	{"… identifiers (idScope)", []string{"score"}, "people", fig, strings.Replace(fig, `{"id":1,`, `{"id":1.0,`, 1),
		score("1.0"), score("0.875")},
	{"… references (ref)", []string{"score"}, "people", fig, strings.Replace(fig, `"to":2}`, `"to":2.0}`, 1),
		score("1.0"), score("0.75")},
	{"a perfect match scores exactly 1, whatever the rounding of the member shares", []string{"score"}, "weights",
		`{"a":1,"b":2,"c":3,"d":4}`, `{"a":1,"b":2,"c":3,"d":4}`, score("1.0"), score("0.9999999999999998")},
	{"values in operations and JSON output are written by value", []string{"score", "-json"}, "price", `{"price":12.0}`, `{"price":20}`,
		expect{text: `"value":12,`}, expect{text: `"value":12.0,`}},
	{"a union-typed root of another kind than the gold's gets a fix: replace the whole value (Δ 1)", []string{"score", "-feedback"}, "union", `"a"`, `["a"]`,
		expect{text: `1. /: expected "a", got ["a"]. Fixing this recovers +1.000.`}, expect{text: `no individually significant fix locations`}},
	{"… its attribution has the root row, so that the residual is 0", []string{"score", "-attribution"}, "union", `"a"`, `["a"]`,
		expect{text: "Attribution: total 1.0, residual 0.0, 1 row", line: true}, expect{text: "Attribution: total 0.0, residual -1.0, 0 rows", line: true}},
	{"… and describe says the kinds differ", []string{"describe"}, "union", `"a"`, `["a"]`,
		expect{text: rootKindLine, line: true}, expect{text: rootKindLine, absent: true}},
	{"a missing member weighs its valueWeight, as a wrong value does (docs/SCORING.md §6.5)", []string{"score"}, "invoice",
		`{"num":"INV-1","a":"x","b":"y"}`, `{"a":"x","b":"y"}`, score("0.5"), score("0.6666666666666666")},
	{"… and its fix recovers that share", []string{"score", "-feedback"}, "invoice", `{"num":"INV-1","a":"x","b":"y"}`, `{"a":"x","b":"y"}`,
		expect{text: `Adding it recovers +0.500.`}, expect{text: `Adding it recovers +0.333.`}},
	{"an anyOf/oneOf beside a type is a union: the gold scores 1 against itself (the reference scores the type alone: an object without properties)",
		[]string{"score"}, "pets", `{"pet":{"age":3.14}}`, `{"pet":{"age":3.14}}`, score("1.0"), score("0.0")},
	{"… a value of another branch scores 0 with a fix naming the branch (the reference suggests a key rename that recovers nothing)", []string{"score", "-feedback"}, "pets", `{"pet":{"age":3.14}}`, `{"pet":{"weight":3.14}}`,
		expect{text: `1. /pet: expected the union branch Cat, got Dog; replace {"weight": 3.14} with {"age": 3.14}.`},
		expect{text: `1. rename key "weight" -> "age" at /pet/age (value 3.14).`}},
	{"… and an anyOf of several schemas without type is a union (the reference rejects it)", []string{"score"}, "tool", `{"arg":3}`, `{"arg":3}`,
		score("1.0"), expect{text: `"anyOf" is not supported on a scoring path`}},
	{"member order never matters: ties in fuzzy key alignment follow the schema's property order", []string{"score"}, "keys",
		`{"ba":2,"ab":1}`, `{"aa":2}`, score("0.25"), score("0.5")},
	{"… and the same gold in schema order", []string{"score"}, "keys", `{"ab":1,"ba":2}`, `{"aa":2}`, score("0.25"), score("0.25")},
	{"… ties among undeclared keys follow key text", []string{"score", "-feedback"}, "open", `{"ba":2,"ab":1}`, `{"aa":2}`,
		expect{text: `rename key "aa" -> "ab"`}, expect{text: `rename key "aa" -> "ba"`}},
	{"feedback shows values as JSON", []string{"score", "-feedback"}, "person", eve, eva,
		expect{text: `/name: expected "Eve", got "Eva".`}, expect{text: `/name: expected 'Eve', got 'Eva'.`}},
	{"… null", []string{"score", "-feedback"}, "person", eve, eva, expect{text: `(expected "x", got null)`}, expect{text: `(expected 'x', got None)`}},
	{"… objects; and speaks of arrays", []string{"score", "-feedback"}, "people", fig, `{"people":[{"id":7,"name":"Ann"}],"links":[]}`,
		expect{text: `/people: array is missing item {"id": 2, "name": "Bob"}.`}, expect{text: `/people: list is missing item {'id': 2, 'name': 'Bob'}.`}},
	{"… and shows the root as /", []string{"score", "-feedback"}, "text", `"a"`, `"b"`,
		expect{text: `1. /: expected "a", got "b".`}, expect{text: `1. : expected 'a', got 'b'.`}},
	{"the synthesis line names the kinds of fix in words", []string{"score", "-feedback"}, "person", eve, eva,
		expect{text: `(value, null/value, missing array item)`}, expect{text: `(primitive-value, null-value, missing-list-item)`}},
	{"validation messages show values as JSON", []string{"score", "-feedback"}, "person", `{"name":"Eve"}`, `{"name":5}`,
		expect{text: `validation at /name: 5 is not of type "string"`}, expect{text: `validation at /name: 5 is not of type 'string'`}},
	{"the gate names the violation first by path and message, not by position (docs/SCORING.md §1.3)", []string{"score", "-feedback"}, "person", `{"name":"Eve","tags":["a","b","c"]}`, `{"name":"Eve","tags":[2,"b",1]}`,
		expect{text: `validation at /tags/2: 1 is not of type "string"`}, expect{text: `validation at /tags/0: 2 is not of type 'string'`}},
	{"gold errors show values as JSON", []string{"score"}, "ids", `{"ids":["p1","p1"]}`, `{"ids":[]}`,
		expect{text: `duplicate identifier "p1"`}, expect{text: `duplicate identifier 'p1'`}},
	{"describe speaks of objects and arrays", []string{"describe"}, "movie", mGold, mCand,
		expect{text: "The predicted object scores 67%:", line: true}, expect{text: "The predicted dictionary scores 67%:", line: true}},
	{"describe shows values as JSON", []string{"describe"}, "movie", mGold, mCand,
		expect{text: `The predicted value 2000 does not match the gold 1999`}, expect{text: `The predicted value "2000" does not match the gold "1999"`}},
	{"describe says \"missing key\" for a missing key", []string{"describe"}, "person", `{"name":"Eve","note":"x"}`, `{"name":"Eve"}`,
		expect{text: `KEY = missing key "note" (gold value "x").`, line: true},
		expect{text: `KEY = The predicted key "None" does not match the gold "note" (score=0%).`, line: true}},
	{"describe writes no empty value line for identifier fields", []string{"describe"}, "people", fig, `{"people":[{"id":7,"name":"Ann"}],"links":[]}`,
		expect{text: "VALUE =", absent: true}, expect{text: "VALUE =", line: true}},
	{"the bijection is improved against the score where the record scores and the structure tie (docs/SCORING.md §7.12)", []string{"score"}, "twins",
		`{"people":[{"id":"1","name":"Dave"},{"id":"2","name":"Dave"}],"relations":[{"source":"1","target":"2","type":"mentors","note":"weekly"}]}`,
		`{"people":[{"id":"a","name":"Dave"},{"id":"b","name":"Dave"}],"relations":[{"source":"b","target":"a","type":"mentors"}]}`,
		score("0.875"), score("0.625")},
	{"attribution tables show values as JSON", []string{"score", "-attribution"}, "movie", mGold, mCand,
		expect{text: `"The Matrix"`}, expect{text: `'The Matrix'`}},
	{"an attribution residual below 1e-12 (rounding) prints as 0", []string{"score", "-attribution"}, "movie", mGold, mCand,
		expect{text: "residual 0.0,"}, expect{text: "residual 5.551115123125783e-17,"}},
}

// bothProfiles are changes that apply to both profiles.
var bothProfiles = []profileExample{
	{"a threshold outside [0, 1] is an error (also keyThreshold and nullScore)", []string{"check"}, "loose", "", "",
		expect{text: `"threshold" must be a number in [0, 1], got number 1.5`}, expect{text: `"threshold" must be a number in [0, 1], got number 1.5`}},
}

func schemaText(t *testing.T, name string) string {
	for _, s := range profileSchemas {
		if s.name == name {
			return s.text
		}
	}
	t.Fatalf("no schema %q", name)
	return ""
}

// runProfile runs an example in one profile and returns what it printed
// on standard output and standard error.
func runProfile(t *testing.T, ex profileExample, compat string) string {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	schema := write("S.json", schemaText(t, ex.schema))
	args := append([]string(nil), ex.args...)
	if ex.args[0] == "check" {
		args = append(args, schema)
	} else {
		args = append(args, "-compat", compat, "-schema", schema, write("GOLD.json", ex.gold), write("CAND.json", ex.cand))
	}
	var stdout, stderr bytes.Buffer
	run(args, strings.NewReader(""), &stdout, &stderr)
	return stdout.String() + stderr.String()
}

func (e expect) check(out string) bool {
	lines := strings.Split(out, "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	switch {
	case e.absent || e.line:
		found := false
		for _, l := range lines {
			found = found || l == e.text
		}
		return found != e.absent
	case e.score:
		return lines[0] == e.text
	}
	return strings.Contains(out, e.text)
}

func TestProfileExamples(t *testing.T) {
	for _, table := range [][]profileExample{profileDifferences, bothProfiles} {
		for _, ex := range table {
			for _, p := range []struct {
				compat string
				want   expect
			}{{"default", ex.def}, {"reference", ex.ref}} {
				if out := runProfile(t, ex, p.compat); !p.want.check(out) {
					t.Errorf("%s (-compat %s): want %s in:\n%s", ex.what, p.compat, p.want.markdown(), out)
				}
			}
		}
	}
	const doc = "../../docs/PROFILES.md"
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	text, err := replaceGenerated(string(data), renderProfileTables())
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	if *update {
		if err := os.WriteFile(doc, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if text != string(data) {
		t.Errorf("%s does not hold the example tables of this test; run go test ./cmd/oagen -run ProfileExamples -update", doc)
	}
}

const (
	beginTables = "<!-- BEGIN examples: generated by TestProfileExamples in cmd/oagen/profiles_doc_test.go -->\n"
	endTables   = "<!-- END examples -->\n"
)

// replaceGenerated replaces the text between the markers of doc with tables.
func replaceGenerated(doc, tables string) (string, error) {
	i := strings.Index(doc, beginTables)
	j := strings.Index(doc, endTables)
	if i < 0 || j < i {
		return "", fmt.Errorf("no %q … %q section", strings.TrimSpace(beginTables), strings.TrimSpace(endTables))
	}
	return doc[:i+len(beginTables)] + tables + doc[j:], nil
}

// renderProfileTables renders the schemas and the two example tables.
func renderProfileTables() string {
	var b strings.Builder
	b.WriteString("\nSchemas of the examples:\n\n| name | schema |\n| --- | --- |\n")
	for _, s := range profileSchemas {
		fmt.Fprintf(&b, "| %s | %s |\n", s.name, code(s.text))
	}
	row := func(ex profileExample) {
		input := "—"
		if ex.gold != "" {
			input = fmt.Sprintf("gold %s, candidate %s", code(ex.gold), code(ex.cand))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", ex.what, code("oagen "+strings.Join(ex.args, " ")), ex.schema, input, ex.def.markdown(), ex.ref.markdown())
	}
	b.WriteString("\nEvery difference between the profiles:\n\n| difference | command | schema | input | default profile | `-compat reference` |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, ex := range profileDifferences {
		row(ex)
	}
	b.WriteString("\nChanges that apply to both profiles:\n\n| change | command | schema | input | default profile | `-compat reference` |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, ex := range bothProfiles {
		row(ex)
	}
	b.WriteString("\n")
	return b.String()
}

// code renders s as a Markdown code span inside a table cell.
func code(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	if strings.Contains(s, "`") {
		return "``" + s + "``"
	}
	return "`" + s + "`"
}
