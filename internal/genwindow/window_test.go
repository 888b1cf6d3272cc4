package genwindow

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/align/genrt"
	"github.com/objectaligner/oagen/examples/orgchart"
)

// TestFileOfMinVersion checks that the committed file was generated at
// genrt.MinVersion and that the window is at least two versions wide.
func TestFileOfMinVersion(t *testing.T) {
	src, err := os.ReadFile("orgchart_v4_oa.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`genrt\.EnforceVersion\((\d+) - genrt\.MinVersion\)`).FindSubmatch(src)
	if m == nil {
		t.Fatal("orgchart_v4_oa.go has no version check")
	}
	v, _ := strconv.Atoi(string(m[1]))
	if v != genrt.MinVersion {
		t.Errorf("orgchart_v4_oa.go was generated at version %d, genrt.MinVersion is %d: commit the file of MinVersion (see doc.go)", v, genrt.MinVersion)
	}
	if genrt.GenVersion-genrt.MinVersion < 1 {
		t.Errorf("the window [%d, %d] is narrower than two versions", genrt.MinVersion, genrt.GenVersion)
	}
}

// TestOldFileScoresAsCurrent scores the org chart's pair, and the pair with
// the two sides swapped, with the file of MinVersion and with the file the
// current oagen wrote (examples/orgchart): the scores and the operations are
// the same.
func TestOldFileScoresAsCurrent(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "orgchart")
	gold, err := os.ReadFile(filepath.Join(dir, "gold.json"))
	if err != nil {
		t.Fatal(err)
	}
	cand, err := os.ReadFile(filepath.Join(dir, "candidate.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2][]byte{{gold, cand}, {cand, gold}, {gold, gold}} {
		old, oldTyped, err := ScoreOrgChartJSONDetail(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		cur, curTyped, err := orgchart.ScoreOrgChartJSONDetail(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		if old != cur || oldTyped != curTyped {
			t.Errorf("MinVersion file: %v (typed %v), current: %v (typed %v)", old, oldTyped, cur, curTyped)
		}
		oldOps, err := RepairOrgChartJSON(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		curOps, err := orgchart.RepairOrgChartJSON(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		if len(oldOps) != len(curOps) {
			t.Fatalf("MinVersion file: %d operations, current: %d", len(oldOps), len(curOps))
		}
		for i := range oldOps {
			if o, c := oldOps[i], curOps[i]; o.Op != c.Op || o.Path != c.Path || o.Delta != c.Delta {
				t.Errorf("operation %d: MinVersion file %s %s %v, current %s %s %v", i, o.Op, o.Path, o.Delta, c.Op, c.Path, c.Delta)
			}
		}
	}
}
