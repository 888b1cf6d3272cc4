package orgchart_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/examples/orgchart"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestJSONLimits checks that the JSON entry points never return a score
// where the interpreter returns a limit error: a pair beyond a limit goes to
// the interpreter.
func TestJSONLimits(t *testing.T) {
	sch, err := os.ReadFile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	// Generated code follows the reference profile (for now).
	sc, err := interp.Compile(sch, "schema.json", interp.Options{Compat: interp.CompatReference})
	if err != nil {
		t.Fatal(err)
	}
	limits := align.DefaultLimits()
	long := func(n int, s string) string {
		item := `"` + strings.Repeat(s, 100) + `",`
		return `{"agenda": [` + strings.TrimSuffix(strings.Repeat(item, n), ",") + `]}`
	}
	agenda := func(n int) string {
		return `{"agenda": [` + strings.TrimSuffix(strings.Repeat(`"standup",`, n), ",") + `]}`
	}
	for _, tc := range []struct {
		name       string
		gold, cand string
		limit      string // "" when the pair is within the limits
	}{
		{"small", agenda(3), agenda(2), ""},
		{"collection", agenda(limits.MaxCollection + 1), agenda(1), "MaxCollection"},
		{"string", `{"agenda": ["` + strings.Repeat("a", 100_001) + `"]}`, `{"agenda": ["b"]}`, "MaxStringRunes"},
		// 2,000 × 2,000 cells of 100-rune strings charge about 200 units
		// each: 8·10⁸, beyond MaxWork (5·10⁸).
		{"work", long(2000, "x"), long(2000, "y"), "MaxWork"},
	} {
		g, _ := jsonval.Decode([]byte(tc.gold), jsonval.DecodeOptions{})
		p, _ := jsonval.Decode([]byte(tc.cand), jsonval.DecodeOptions{})
		want, wantErr := sc.Score(g, p)
		got, typed, err := orgchart.ScoreOrgChartJSONDetail([]byte(tc.gold), []byte(tc.cand))
		var le *interp.LimitError
		switch {
		case tc.limit == "":
			if err != nil || wantErr != nil || got != want || !typed {
				t.Errorf("%s: got %v (typed %v, %v), interpreter %v (%v)", tc.name, got, typed, err, want, wantErr)
			}
		case !errors.As(wantErr, &le) || le.Limit != tc.limit:
			t.Errorf("%s: interpreter error %v, want limit %s", tc.name, wantErr, tc.limit)
		case err == nil || err.Error() != wantErr.Error() || typed:
			t.Errorf("%s: got %v (typed %v, err %v), want the interpreter's error %v", tc.name, got, typed, err, wantErr)
		}
		if tc.limit != "" {
			if _, err := orgchart.RepairOrgChartJSON([]byte(tc.gold), []byte(tc.cand)); err == nil {
				t.Errorf("%s: RepairOrgChartJSON returned no error", tc.name)
			}
		}
	}
}

// TestNilRoot checks that nil arguments, which are not JSON null for the
// object root of the org chart, are errors rather than scores.
func TestNilRoot(t *testing.T) {
	g := &orgchart.OrgChart{}
	if s, err := orgchart.ScoreOrgChart(nil, g); s != 0 || err == nil {
		t.Errorf("ScoreOrgChart(nil, g) = %v, %v, want 0 and an error", s, err)
	}
	if s, err := orgchart.ScoreOrgChart(g, nil); s != 0 || err == nil {
		t.Errorf("ScoreOrgChart(g, nil) = %v, %v, want 0 and an error", s, err)
	}
	if _, err := orgchart.RepairOrgChart(g, nil); err == nil {
		t.Error("RepairOrgChart(g, nil): no error")
	}
	if err := orgchart.CheckOrgChartGold(nil); err == nil {
		t.Error("CheckOrgChartGold(nil): no error")
	}
	if s, err := orgchart.ScoreOrgChart(g, g); s != 1 || err != nil {
		t.Errorf("ScoreOrgChart(empty, empty) = %v, %v, want 1", s, err)
	}
}

// TestInvalidValues checks that a value outside the enum of "role" makes a
// candidate score 0 (as the interpreter's validation does) and a gold an
// error, which CheckOrgChartGold and ValidateOrgChart explain.
func TestInvalidValues(t *testing.T) {
	g, p := typedFig1(t)
	bad := orgchart.OrgChartPeopleItemRole("CEO")
	p.People[0].Role = &bad
	if s, err := orgchart.ScoreOrgChart(g, p); s != 0 || err != nil {
		t.Errorf("invalid candidate: ScoreOrgChart = %v, %v, want 0", s, err)
	}
	if err := orgchart.ValidateOrgChart(p); err == nil || !strings.Contains(err.Error(), "/people/0/role") {
		t.Errorf("ValidateOrgChart = %v, want an error at /people/0/role", err)
	}
	var ge *align.GoldError
	if _, err := orgchart.ScoreOrgChart(p, g); !errors.As(err, &ge) || ge.Pointer != "/people/0/role" {
		t.Errorf("invalid gold: ScoreOrgChart error %v, want an *align.GoldError at /people/0/role", err)
	}
	if err := orgchart.CheckOrgChartGold(p); !errors.As(err, &ge) {
		t.Errorf("CheckOrgChartGold = %v, want an *align.GoldError", err)
	}
	gj, _ := os.ReadFile("gold.json")
	pj, _ := os.ReadFile("candidate.json")
	pj = []byte(strings.Replace(string(pj), `"Manager"`, `"CEO"`, 1))
	if s, typed, err := orgchart.ScoreOrgChartJSONDetail(gj, pj); s != 0 || !typed || err != nil {
		t.Errorf("invalid candidate JSON: %v (typed %v), %v, want 0 on the typed path", s, typed, err)
	}
}
