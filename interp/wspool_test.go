package interp

import (
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"

	"github.com/objectaligner/oagen/internal/orggraph"
	"github.com/objectaligner/oagen/jsonval"
)

// TestLargeWorkspaceShared checks that the workspace of a call that grew
// large is found by the next call whatever processor it runs on (the weak
// slot of putWorkspace, which a sync.Pool is not), and that a small one
// goes to the pool.
func TestLargeWorkspaceShared(t *testing.T) {
	sch, err := os.ReadFile("../testdata/schemas/synra_codex_ra.json")
	if err != nil {
		t.Fatal(err)
	}
	gs, ps := orggraph.Pair(40, rand.New(rand.NewPCG(40, 23)))
	g, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	p, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	// No collection while the slot is inspected: it holds its workspace
	// weakly.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, tc := range []struct {
		bigCells int
		large    bool
	}{{1, true}, {1 << 40, false}} {
		sc, err := Compile(sch, "synra_codex_ra.json", Options{})
		if err != nil {
			t.Fatal(err)
		}
		sc.bigCells = tc.bigCells
		want, err := sc.Score(g, p)
		if err != nil {
			t.Fatal(err)
		}
		ws := sc.big.Value()
		if (ws != nil) != tc.large {
			t.Fatalf("bigCells %d: workspace in the weak slot %v, want %v", tc.bigCells, ws != nil, tc.large)
		}
		if !tc.large {
			continue
		}
		// Another goroutine (and so, possibly, another processor) gets it.
		got := make(chan *workspace)
		go func() {
			w := sc.getWorkspace()
			sc.putWorkspace(w)
			got <- w
		}()
		if w := <-got; w != ws {
			t.Errorf("getWorkspace on another goroutine: %p, want the large workspace %p", w, ws)
		}
		if s, err := sc.Score(g, p); s != want || err != nil {
			t.Errorf("second call: %v, %v, want %v", s, err, want)
		}
		if sc.big.Value() != ws {
			t.Error("the second call did not reuse the large workspace")
		}
	}
}
