package playground

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestRunOrgChart scores the org chart preset: the score of
// docs/SCORING.md §11, fixes, a plan and an aligned view.
func TestRunOrgChart(t *testing.T) {
	p := Presets()[0]
	res := Run(Request{Schema: p.Schema, Gold: p.Gold, Candidate: p.Candidate})
	if !res.OK || res.Score != 0.7678571428571429 {
		t.Fatalf("score %v ok %v: %+v", res.Score, res.OK, res)
	}
	if !strings.Contains(res.Explain, "/people/*/name") || res.View == nil || len(res.View.Rows) == 0 || len(res.View.Fixes) == 0 {
		t.Errorf("explain %q, view %+v", res.Explain, res.View)
	}
	if !strings.HasPrefix(res.Feedback, "The prediction scored 0.77") {
		t.Errorf("feedback %q", res.Feedback)
	}
}

// TestRunPresets: every preset scores, with no problem.
func TestRunPresets(t *testing.T) {
	for _, p := range Presets() {
		res := Run(Request{Schema: p.Schema, Gold: p.Gold, Candidate: p.Candidate})
		if !res.OK || len(res.Problems) > 0 || res.Error != "" || !(res.Score > 0 && res.Score < 1) {
			t.Errorf("%s: ok %v score %v problems %+v error %q", p.Name, res.OK, res.Score, res.Problems, res.Error)
		}
	}
}

// TestRunProblems: check errors and JSON syntax errors come back at their
// line and column, in the text they belong to.
func TestRunProblems(t *testing.T) {
	res := Run(Request{
		Schema:    "{\"type\": \"array\",\n \"score\": \"exact\",\n \"items\": {\"type\": \"string\"}}",
		Gold:      `["a"]`,
		Candidate: `["a"]`,
	})
	want := Problem{In: "schema", Line: 2, Col: 2, Pointer: "", Message: `"score" applies to strings and numbers; on an array, put it in "items"`}
	if res.OK || len(res.Problems) != 1 || res.Problems[0] != want {
		t.Errorf("problems %+v, want %+v", res.Problems, want)
	}
	res = Run(Request{Schema: `{"type": "string"}`, Gold: `"a"`, Candidate: "\n  {\"a\": }"})
	if res.OK || len(res.Problems) != 1 || res.Problems[0].In != "candidate" || res.Problems[0].Line != 2 {
		t.Errorf("problems %+v", res.Problems)
	}
	res = Run(Request{Schema: `{"type": "object", "properties": {"a": {"type": "integer"}}}`, Gold: `{"a": "x"}`, Candidate: `{}`})
	if res.OK || res.Error == "" {
		t.Errorf("an invalid gold: %+v", res)
	}
}

// TestHandler checks the page and the endpoint over HTTP.
func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	r, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	page.ReadFrom(r.Body)
	r.Body.Close()
	if r.StatusCode != 200 || !strings.Contains(page.String(), "oagen playground") || !strings.Contains(page.String(), "oagenCase") {
		t.Errorf("GET /: %d", r.StatusCode)
	}
	body, _ := json.Marshal(Request{Schema: `{"type": "string", "score": "exact"}`, Gold: `"a"`, Candidate: `"a"`})
	r, err = http.Post(srv.URL+"/v1/playground", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var res Response
	if err := json.NewDecoder(r.Body).Decode(&res); err != nil || !res.OK || res.Score != 1 {
		t.Errorf("POST: %v %+v", err, res)
	}
	r.Body.Close()
	r, err = http.Post(srv.URL+"/v1/playground", "application/json", strings.NewReader("{"))
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusBadRequest {
		t.Errorf("malformed request: %d", r.StatusCode)
	}
}

// TestOrgChartPresetIsTheExample: the org chart preset is a copy of
// examples/orgchart (go:embed cannot reach it), kept equal.
func TestOrgChartPresetIsTheExample(t *testing.T) {
	p := Presets()[0]
	for name, got := range map[string]string{"schema.json": p.Schema, "gold.json": p.Gold, "candidate.json": p.Candidate} {
		want, err := os.ReadFile("../examples/orgchart/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimRight(string(want), "\n")+"\n" != got {
			t.Errorf("presets/orgchart.%s differs from examples/orgchart/%s: copy it again", name, name)
		}
	}
}
