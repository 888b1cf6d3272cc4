package interp_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// concurrencyPairs returns org-chart pairs that exercise every regime of the
// paper's schema: relabelled identifiers, missing and excess records,
// reordered agendas, a partial tuple, and an invalid candidate.
func concurrencyPairs(t *testing.T) [][2]jsonval.Value {
	t.Helper()
	gold, err := os.ReadFile("../examples/orgchart/gold.json")
	if err != nil {
		t.Fatal(err)
	}
	cand, err := os.ReadFile("../examples/orgchart/candidate.json")
	if err != nil {
		t.Fatal(err)
	}
	pairs := [][2]jsonval.Value{{mustDecode(t, string(gold)), mustDecode(t, string(cand))}}
	for i := range 24 {
		g := fmt.Sprintf(`{"people": [{"id": 1, "name": "Ann", "role": "Manager"}, {"id": 2, "name": "Bob%d", "role": "Engineer"}, {"id": 3, "name": "Cy", "role": "Intern"}],
			"mentorships": [{"mentor": 1, "mentee": 2}, {"mentor": 2, "mentee": 3}], "agenda": ["kick-off", "review %d", "retro"], "period": [2020, %d]}`, i, i, 2020+i)
		c := fmt.Sprintf(`{"people": [{"id": %d, "name": "Bob%d", "role": "Engineer"}, {"id": 50, "name": "Ann", "role": "Manager"}],
			"mentorships": [{"mentor": 50, "mentee": %d}, {"mentor": %d, "mentee": %d}], "agenda": ["review %d", "kickoff"], "period": [%d]}`,
			100+i, i%3, 100+i, 100+i, 100+i, i/2, 2019+i)
		pairs = append(pairs, [2]jsonval.Value{mustDecode(t, g), mustDecode(t, c)})
	}
	pairs = append(pairs, [2]jsonval.Value{pairs[1][0], mustDecode(t, `{"people": "nobody"}`)})
	return pairs
}

type concurrencyOutcome struct {
	score    uint64
	feedback string
	ops      int
}

func scoreOnce(sc *interp.Scorer, g, c jsonval.Value) (concurrencyOutcome, error) {
	s, err := sc.Score(g, c)
	if err != nil {
		return concurrencyOutcome{}, err
	}
	res, err := sc.Align(g, c)
	if err != nil {
		return concurrencyOutcome{}, err
	}
	if math.Float64bits(res.Score) != math.Float64bits(s) {
		return concurrencyOutcome{}, fmt.Errorf("Align %v, Score %v", res.Score, s)
	}
	text, ops, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
	if err != nil {
		return concurrencyOutcome{}, err
	}
	return concurrencyOutcome{score: math.Float64bits(s), feedback: text, ops: len(ops)}, nil
}

// TestConcurrentScoring scores the same pairs from many goroutines through
// one compiled Scorer, each in its own order, and requires every result to be
// bit-identical to the sequential one. Run it with -race: a Scorer must carry
// no per-call state.
func TestConcurrentScoring(t *testing.T) {
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(schema, "schema.json", interp.Options{ComputeConfidence: true})
	if err != nil {
		t.Fatal(err)
	}
	pairs := concurrencyPairs(t)
	want := make([]concurrencyOutcome, len(pairs))
	for i, p := range pairs {
		if want[i], err = scoreOnce(sc, p[0], p[1]); err != nil {
			t.Fatalf("pair %d: %v", i, err)
		}
	}
	if want[0].score != math.Float64bits(0.7678571428571429) {
		t.Fatalf("org chart scores %v, want 0.7678571428571429", math.Float64frombits(want[0].score))
	}
	const workers = 8
	const rounds = 3
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				for k := range pairs {
					i := (k*(w+1) + r) % len(pairs) // a different order per worker and round
					got, err := scoreOnce(sc, pairs[i][0], pairs[i][1])
					if err != nil {
						errs <- fmt.Errorf("worker %d pair %d: %v", w, i, err)
						return
					}
					if got != want[i] {
						errs <- fmt.Errorf("worker %d pair %d: got %+v, want %+v", w, i, got, want[i])
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// dumpMatch renders a match tree in full (every node, entry and child, the
// values of the leaves), for comparing trees by content; a tree deeper
// than depth (a cycle: a node shared where it must not be) is cut there.
func dumpMatch(b *strings.Builder, m *align.Match, depth int) {
	if m == nil {
		b.WriteString("nil")
		return
	}
	if depth == 0 {
		b.WriteString("…")
		return
	}
	fmt.Fprintf(b, "{%d %d %v %v %s %s %v %v %d [", m.Type, m.Leaf, m.Score, m.Confidence,
		jsonval.AppendJSON(nil, m.Gold), jsonval.AppendJSON(nil, m.Pred), m.HasGold, m.HasPred, m.List)
	for _, ch := range m.Children {
		fmt.Fprintf(b, "(%v %v %d %d ", ch.Role, ch.Alpha, ch.GoldIndex, ch.PredIndex)
		dumpMatch(b, ch.Match, depth-1)
		b.WriteString(")")
	}
	b.WriteString("] [")
	for _, e := range m.Entries {
		fmt.Fprintf(b, "(%q %q %v %v %v %v %v ", e.GoldKey, e.PredKey, e.HasGoldKey, e.HasPredKey, e.KeyScore, e.KeyAlpha, e.ValueAlpha)
		dumpMatch(b, e.Value, depth-1)
		b.WriteString(")")
	}
	b.WriteString("]}")
}

// TestMatchTreesOutliveLaterCalls keeps the match trees of a first round of
// Align calls and requires them unchanged, node for node, after further
// rounds on the same Scorer from several goroutines: the trees are carved
// from storage the Scorer's workspaces keep (treeSlabs), and a slot must
// never be handed out twice.
func TestMatchTreesOutliveLaterCalls(t *testing.T) {
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(schema, "schema.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pairs := concurrencyPairs(t)
	kept := make([]*interp.Result, len(pairs))
	want := make([]string, len(pairs))
	for i, p := range pairs {
		if kept[i], err = sc.Align(p[0], p[1]); err != nil {
			t.Fatalf("pair %d: %v", i, err)
		}
		var b strings.Builder
		dumpMatch(&b, kept[i].Match, 64)
		want[i] = b.String()
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range 3 {
				for k := range pairs {
					i := (k*(w+1) + r) % len(pairs)
					if _, err := sc.Align(pairs[i][1], pairs[i][0]); err != nil && !errors.As(err, new(*interp.GoldError)) {
						t.Errorf("pair %d swapped: %v", i, err)
					}
					if _, err := sc.Align(pairs[i][0], pairs[i][1]); err != nil {
						t.Errorf("pair %d: %v", i, err)
					}
				}
			}
		}()
	}
	wg.Wait()
	for i, res := range kept {
		var b strings.Builder
		dumpMatch(&b, res.Match, 64)
		if b.String() != want[i] {
			t.Errorf("pair %d: the kept match tree changed after later calls:\n got %s\nwant %s", i, b.String(), want[i])
		}
	}
}
