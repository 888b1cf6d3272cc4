package orgchart_test

import (
	"errors"
	"os"
	"strings"
	"testing"

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
		{"collection", agenda(2001), agenda(1), "MaxCollection"},
		{"string", `{"agenda": ["` + strings.Repeat("a", 100_001) + `"]}`, `{"agenda": ["b"]}`, "MaxStringRunes"},
		{"work", long(1500, "x"), long(1500, "y"), "MaxWork"},
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
// object root of the org chart, neither panic nor score.
func TestNilRoot(t *testing.T) {
	g := &orgchart.OrgChart{}
	if s := orgchart.ScoreOrgChart(nil, g); s != 0 {
		t.Errorf("ScoreOrgChart(nil, g) = %v, want 0", s)
	}
	if s := orgchart.ScoreOrgChart(g, nil); s != 0 {
		t.Errorf("ScoreOrgChart(g, nil) = %v, want 0", s)
	}
	if _, err := orgchart.RepairOrgChart(g, nil); err == nil {
		t.Error("RepairOrgChart(g, nil): no error")
	}
	if err := orgchart.CheckOrgChartGold(nil); err == nil {
		t.Error("CheckOrgChartGold(nil): no error")
	}
	if s := orgchart.ScoreOrgChart(g, g); s != 1 {
		t.Errorf("ScoreOrgChart(empty, empty) = %v, want 1", s)
	}
}
