package interp_test

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

var (
	vectorsOnce sync.Once
	vectors     []*conformance.Vector
	vectorsErr  error
)

func loadVectors(t testing.TB) []*conformance.Vector {
	vectorsOnce.Do(func() {
		vectors, vectorsErr = conformance.Load("../testdata/conformance")
	})
	if vectorsErr != nil {
		t.Fatal(vectorsErr)
	}
	return vectors
}

// scorerCache compiles each distinct schema once.
type scorerCache map[string]*interp.Scorer

func (c scorerCache) get(v *conformance.Vector) (*interp.Scorer, error) {
	key := string(v.SchemaText)
	if s, ok := c[key]; ok {
		return s, nil
	}
	s, err := interp.Compile(v.SchemaText, "", interp.Options{Compat: interp.CompatReference})
	if err != nil {
		return nil, err
	}
	c[key] = s
	return s, nil
}

// departure is a vector on which oagen, following docs/SCORING.md,
// deliberately differs from the Python reference.
type departure struct {
	section string
	what    string // "score", "ops" or "error"
	why     string
}

// departures lists every conformance vector that oagen's deliberate
// departures from the reference touch (docs/SCORING.md §8.5, §13.3), with the section.
var departures = map[string]departure{
	"probe/6": {"docs/SCORING.md §8.5 rule 4", "ops", "length-1 prefixWeights repeats in the walk as in the scorer: deltas 1/3, 1/3 instead of the reference's 0.6, 0.2"},
	"probe/7": {"docs/SCORING.md §8.5 rule 5", "ops", "an object of zero total weight has all alphas 0: the rename carries Δ 0 instead of 0.0556"},
	// docs/SCORING.md §8.5 rule 1: a missing gold member weighs 1.0 in the value alpha (the
	// scorer's weight), not its valueWeight; the deltas (and so the order)
	// of the operations differ, the operations themselves do not.
	"random/37":  {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'status' (valueWeight 2) weighs 1"},
	"random/45":  {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'email' beside 'size' members of valueWeight 3"},
	"random/80":  {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'notes' (valueWeight 2) weighs 1"},
	"random/85":  {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'name' (valueWeight 3) weighs 1"},
	"random/126": {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'source' (valueWeight 3) weighs 1"},
	"random/128": {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'source' (valueWeight 3) weighs 1"},
	"random/170": {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'comment' (valueWeight 1.5) and 'author' (0.25) weigh 1"},
	"random/171": {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'comment' (valueWeight 1.5) weighs 1"},
	"random/215": {"docs/SCORING.md §8.5 rule 1", "ops", "missing members of valueWeight 3 weigh 1"},
	"random/223": {"docs/SCORING.md §8.5 rule 1", "ops", "missing 'count' (valueWeight 1.5) weighs 1"},
}

// checkDeparture verifies mechanically that a vector listed as an ops
// departure is explained by a docs/SCORING.md §8.5 correction: the operations are the same
// (kind, op, path, values, pair) as the reference's, our deltas add up to
// 1 - score (the identity docs/SCORING.md §8.5 restores), and at least one operation's delta
// differs from the reference's. (The reference's deltas may still add up by
// coincidence: when every entry of an object is unpaired, its valueWeight
// weights normalise to the whole value term; TestRule1HandComputation works
// such a case by hand.)
func checkDeparture(t *testing.T, id string, score float64, got, want []align.Op) {
	t.Helper()
	key := func(o align.Op) string {
		return fmt.Sprintf("%s|%s|%s|%s|%s|%s|%s", o.Op, o.Kind, o.Path, o.Value.String(), o.Gold.String(), o.Pred.String(), o.PairID)
	}
	count := map[string]int{}
	for _, o := range got {
		count[key(o)]++
	}
	for _, o := range want {
		count[key(o)]--
	}
	for k, n := range count {
		if n != 0 {
			t.Errorf("%s: departure changes the operations themselves, not only deltas: %s (%+d)", id, k, n)
		}
	}
	sum := func(ops []align.Op) float64 {
		var s float64
		for _, o := range ops {
			s += o.Delta
		}
		return s
	}
	if d := sum(got) - (1 - score); math.Abs(d) > 1e-9 {
		t.Errorf("%s: our deltas miss the sum identity by %g", id, d)
	}
	// The departure must show in the deltas of the operations the rule
	// names: rule 1 in key operations, rules 4 and 5 in any.
	differs := false
	for i := range got {
		for j := range want {
			if key(got[i]) == key(want[j]) && math.Abs(got[i].Delta-want[j].Delta) > 1e-9 {
				differs = true
			}
		}
	}
	if !differs {
		t.Errorf("%s: no operation's delta differs from the reference's", id)
	}
}

func TestConformanceScores(t *testing.T) {
	vs := loadVectors(t)
	cache := scorerCache{}
	var pass, fail, expectedErr, departed int
	for _, v := range vs {
		if v.Error != "" {
			expectedErr++
			continue
		}
		s, err := cache.get(v)
		if err != nil {
			fail++
			t.Errorf("%s: compile: %v", v.ID, err)
			continue
		}
		got, err := s.Score(v.Gold, v.Cand)
		if err != nil {
			fail++
			t.Errorf("%s: score: %v", v.ID, err)
			continue
		}
		if d, ok := departures[v.ID]; ok && d.what == "score" {
			departed++
			continue
		}
		if !v.HasScore || math.Abs(got-v.Score) > 1e-9 {
			fail++
			t.Errorf("%s: score %v, want %v", v.ID, got, v.Score)
			continue
		}
		pass++
	}
	t.Logf("conformance scores: %d match, %d mismatch, %d documented departures, %d reference errors (judged separately)", pass, fail, departed, expectedErr)
}

func opString(o align.Op) string {
	return fmt.Sprintf("%s %s %q Δ=%.12g value=%s gold=%s cand=%s pair=%q", o.Op, o.Kind, o.Path, o.Delta,
		o.Value.String(), o.Gold.String(), o.Pred.String(), o.PairID)
}

func opsEqual(got, want []align.Op) (bool, string) {
	if len(got) != len(want) {
		return false, fmt.Sprintf("%d ops, want %d", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Op != w.Op || g.Kind != w.Kind || g.Path != w.Path || g.PairID != w.PairID ||
			math.Abs(g.Delta-w.Delta) > 1e-9 ||
			!jsonval.Equal(g.Value, w.Value) || !jsonval.Equal(g.Gold, w.Gold) || !jsonval.Equal(g.Pred, w.Pred) {
			return false, fmt.Sprintf("op %d:\n got  %s\n want %s", i, opString(g), opString(w))
		}
	}
	return true, ""
}

func TestConformanceOps(t *testing.T) {
	vs := loadVectors(t)
	cache := scorerCache{}
	var pass, fail, departed int
	for _, v := range vs {
		if v.Error != "" {
			continue
		}
		s, err := cache.get(v)
		if err != nil {
			continue
		}
		res, err := s.Align(v.Gold, v.Cand)
		if err != nil {
			continue
		}
		ops, err := res.Repair(interp.RepairOptions{})
		if err != nil {
			t.Errorf("%s: repair: %v", v.ID, err)
			fail++
			continue
		}
		ok, diff := opsEqual(ops, v.Ops)
		if d, isDep := departures[v.ID]; isDep && d.what == "ops" {
			if ok {
				t.Errorf("%s: listed as a departure (%s) but matches the reference", v.ID, d.section)
			}
			checkDeparture(t, v.ID, res.Score, ops, v.Ops)
			departed++
			continue
		}
		if !ok {
			fail++
			if fail <= 30 {
				t.Errorf("%s: %s", v.ID, diff)
			}
			continue
		}
		pass++
	}
	t.Logf("conformance ops: %d match, %d mismatch, %d documented departures", pass, fail, departed)
	if fail > 0 {
		t.Errorf("%d vectors differ on ops", fail)
	}
}

// TestConformanceFeedback runs the whole pipeline (validation, alignment,
// repair, ranking, rendering with the default options) and compares the text
// with the reference's byte for byte.
func TestConformanceFeedback(t *testing.T) {
	vs := loadVectors(t)
	cache := scorerCache{}
	var pass, fail, departed int
	for _, v := range vs {
		if v.Error != "" {
			continue
		}
		s, err := cache.get(v)
		if err != nil {
			continue
		}
		res, err := s.Align(v.Gold, v.Cand)
		if err != nil {
			continue
		}
		text, _, err := feedback.ForResult(res, interp.RepairOptions{}, feedback.DefaultFeedbackOptions())
		if err != nil {
			t.Errorf("%s: feedback: %v", v.ID, err)
			fail++
			continue
		}
		if text == v.Feedback {
			pass++
			continue
		}
		if d, ok := departures[v.ID]; ok {
			departed++
			t.Logf("%s: feedback differs by design (%s)", v.ID, d.section)
			continue
		}
		fail++
		if fail <= 20 {
			t.Errorf("%s: feedback differs:\n got: %q\nwant: %q", v.ID, text, v.Feedback)
		}
	}
	t.Logf("conformance feedback: %d byte-identical, %d differ, %d documented departures", pass, fail, departed)
	if fail > 0 {
		t.Errorf("%d vectors differ on feedback", fail)
	}
}

// TestReferenceErrorVectors pins oagen's outcome on the vectors where the
// reference raised (their expected score is not a target, conformance
// README): docs/SCORING.md decides.
func TestReferenceErrorVectors(t *testing.T) {
	want := map[string]struct {
		section string
		score   float64
		errText string
	}{
		// The reference computes int - list under invdiff (a candidate
		// element of another kind inside an array); docs/SCORING.md §1.4 scores such
		// a cell 0 and goes on.
		"random/15": {"docs/SCORING.md §1.4", 0.06038200245985333, ""},
		// The gold is the string "object" where the schema declares an
		// object: the gold is the contract, so this is an error (docs/SCORING.md §1.3).
		"random/218": {"docs/SCORING.md §1.3", 0, "invalid gold at /: 'object' is not of type 'object'"},
		"random/219": {"docs/SCORING.md §1.3", 0, "invalid gold at /: 'object' is not of type 'object'"},
	}
	cache := scorerCache{}
	seen := 0
	for _, v := range loadVectors(t) {
		if v.Error == "" {
			continue
		}
		w, ok := want[v.ID]
		if !ok {
			t.Errorf("%s: reference error vector without a ruling of docs/SCORING.md", v.ID)
			continue
		}
		seen++
		s, err := cache.get(v)
		if err != nil {
			t.Errorf("%s: compile: %v", v.ID, err)
			continue
		}
		got, err := s.Score(v.Gold, v.Cand)
		if w.errText != "" {
			if err == nil || err.Error() != w.errText {
				t.Errorf("%s (%s): error %v, want %q", v.ID, w.section, err, w.errText)
			}
			continue
		}
		if err != nil || got != w.score {
			t.Errorf("%s (%s): score %v, %v; want %v", v.ID, w.section, got, err, w.score)
		}
	}
	if seen != len(want) {
		t.Errorf("saw %d reference-error vectors, want %d", seen, len(want))
	}
}
