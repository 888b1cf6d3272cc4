package eval

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

func orgScorer(t testing.TB) *interp.Scorer {
	t.Helper()
	data, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(data, "schema.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func decode(t testing.TB, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// observe scores one pair and returns its Case, with a Detail.
func observe(t testing.TB, o *Observer, sc *interp.Scorer, l Line, gold, cand string) Case {
	t.Helper()
	res, err := sc.Align(decode(t, gold), decode(t, cand))
	if err != nil {
		t.Fatal(err)
	}
	ops, err := res.Repair(interp.RepairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := o.Scored(l, sc, res, ops)
	if err != nil {
		t.Fatal(err)
	}
	c.Detail = json.RawMessage(fmt.Sprintf(`{"ops":%d}`, len(ops)))
	return c
}

func readExample(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile("../examples/orgchart/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(jsonval.AppendJSON(nil, decode(t, string(data))))
}

// TestOrgChartCase checks the path entries of the paper's org chart by hand
// (the deficits are the operations' deltas of its worked example).
func TestOrgChartCase(t *testing.T) {
	sc := orgScorer(t)
	o := NewObserver(DefaultConfig())
	c := observe(t, o, sc, Line{ID: json.RawMessage(`"fig1"`), Number: 1, Key: 7}, readExample(t, "gold.json"), readExample(t, "candidate.json"))
	s := NewState(DefaultConfig())
	s.Add(c)
	sum := s.Finish()
	got := map[string]PathSummary{}
	for _, p := range sum.Paths {
		got[p.Path] = p
	}
	for _, w := range []struct {
		path    string
		deficit float64
		out     Outcomes
	}{
		// agenda: (–, reviews) excess, (intro, intro) exact, (reviews, –)
		// missing, (closing, closin) partial; alpha 1/4 · 1/4 each.
		{"/agenda/*", 1.0/16 + 1.0/16 + (1-0.9523809523809524)/16, Outcomes{Occurrences: 3, Exact: 1, Partial: 1, Missing: 1, Invented: 1, TP: 2, FP: 1, FN: 1}},
		// period: 2023/2023 exact, 2025/2026 invdiff 0.5 (≥ 0.5: a TP).
		{"/period/1", 1.0 / 16, Outcomes{Occurrences: 1, Partial: 1, TP: 1}},
		{"/period/0", 0, Outcomes{Occurrences: 1, Exact: 1, TP: 1}},
		// Six gold people, five candidate ones: Alice, Bob, Carol and both
		// Daves are paired, each exactly (name and role right; the ids do
		// not count), Eve is missing, no one is excess: 5 TP, 1 FN, so
		// precision 1, recall 5/6. The deficit is Eve's alone.
		{"/people/*", 1.0 / 24, Outcomes{Occurrences: 6, Exact: 5, Missing: 1, TP: 5, FN: 1}},
		// The three mentorships are paired, with both references right.
		{"/mentorships/*", 0, Outcomes{Occurrences: 3, Exact: 3, TP: 3}},
		// The arrays themselves: people 5/6 (≥ 0.5, a TP), agenda (0 + 1 +
		// 0 + 0.952)/4 < 0.5 (wrong: an FP and an FN), mentorships 1, period
		// (1 + 0.5)/2.
		{"/people", 0, Outcomes{Occurrences: 1, Partial: 1, TP: 1}},
		{"/agenda", 0, Outcomes{Occurrences: 1, Wrong: 1, FP: 1, FN: 1}},
		{"/mentorships", 0, Outcomes{Occurrences: 1, Exact: 1, TP: 1}},
		{"/period", 0, Outcomes{Occurrences: 1, Partial: 1, TP: 1}},
		{"/people/*/name", 0, Outcomes{Occurrences: 6, Exact: 5, TP: 5}},
		{"/people/*/id", 0, Outcomes{Occurrences: 6}},
		{"/mentorships/*/mentee", 0, Outcomes{Occurrences: 3, Exact: 3, TP: 3}},
		{"(scope person)", 0, Outcomes{Occurrences: 6, Exact: 5, Missing: 1, TP: 5, FN: 1}},
		// The root: the case's score, 43/56.
		{"", 0, Outcomes{Occurrences: 1, Partial: 1, TP: 1}},
	} {
		p, ok := got[w.path]
		if !ok {
			t.Errorf("no entry %q", w.path)
			continue
		}
		if math.Abs(p.MeanDeficit-w.deficit) > 1e-15 || p.Outcomes != w.out {
			t.Errorf("%q: deficit %v, %+v\nwant deficit %v, %+v", w.path, p.MeanDeficit, p.Outcomes, w.deficit, w.out)
		}
	}
	if p := got["/mentorships/*/mentee"]; p.Scope != "person" || got["(scope person)"].Kind != KindScope {
		t.Errorf("scopes: %+v, %+v", p, got["(scope person)"])
	}
	if sum.Paths[0].Path != "/agenda/*" {
		t.Errorf("top path %q, want /agenda/*", sum.Paths[0].Path)
	}
	if *sum.Mean != 43.0/56 || *sum.Median != 43.0/56 || sum.CI95.Low != 43.0/56 || sum.CI95.High != 43.0/56 {
		t.Errorf("mean %v median %v ci %+v", *sum.Mean, *sum.Median, *sum.CI95)
	}
	if len(sum.Worst) != 1 || string(sum.Worst[0].ID) != `"fig1"` || sum.Worst[0].Line != 0 || sum.Worst[0].TopFix.Path != "/agenda/0" {
		t.Errorf("worst %+v", sum.Worst)
	}
	if d := s.Worst[0].Detail; string(d) != `{"ops":5}` || s.Sample[0].Paths != nil {
		t.Fatalf("kept case: detail %s, paths %v", d, s.Sample[0].Paths)
	}
}

// corpus returns n org-chart cases with damage of several kinds, invalid
// candidates and failed lines.
func corpus(t testing.TB, n int) []Case {
	sc := orgScorer(t)
	o := NewObserver(DefaultConfig())
	cases := make([]Case, n)
	for i := range n {
		l := Line{ID: json.RawMessage(fmt.Sprint(i)), Number: i + 1, Key: SampleKey(fmt.Appendf(nil, "line %d", i))}
		if i%17 == 5 {
			cases[i] = o.Failed(l, "bad_json", "1:2: unexpected end of input")
			continue
		}
		gold := fmt.Sprintf(`{"people":[{"id":1,"name":"Ann","role":"Manager"},{"id":2,"name":"Bob","role":"Engineer"},{"id":3,"name":"Cy%d","role":"Intern"}],"mentorships":[{"mentor":1,"mentee":2},{"mentor":1,"mentee":3}],"agenda":["plan %d","ship"],"period":[2020,%d]}`, i%7, i%13, 2020+i%5)
		role := "Intern"
		if i%23 == 3 {
			role = "CEO" // fails the enum: an invalid candidate
		}
		cand := fmt.Sprintf(`{"people":[{"id":%d,"name":"Bob","role":"Engineer"},{"id":9,"name":"Ann","role":"Manager"},{"id":%d,"name":"Cy%d","role":%q}],"mentorships":[{"mentor":9,"mentee":%d}],"agenda":["ship","plan %d"],"period":[%d]}`, 10+i%4, 20+i%3, i%5, role, 10+i%(4+i%3), i%11, 2019+i%6)
		cases[i] = observe(t, o, sc, l, gold, cand)
	}
	return cases
}

// TestDeficitsAddUp checks that the mean deficits of all path entries add
// up to 1 − mean (invalid candidates included).
func TestDeficitsAddUp(t *testing.T) {
	s := NewState(DefaultConfig())
	for _, c := range corpus(t, 600) {
		s.Add(c)
	}
	sum := s.Finish()
	if sum.InvalidCandidates == 0 || sum.Errors.Count == 0 || sum.Errors.ByKind["bad_json"] != sum.Errors.Count {
		t.Fatalf("corpus lacks invalid candidates or errors: %+v", sum.Errors)
	}
	var total float64
	for _, p := range sum.Paths {
		total += p.MeanDeficit
	}
	if d := math.Abs(total - (1 - *sum.Mean)); d > 1e-9 {
		t.Fatalf("Σ mean_deficit = %v, 1 − mean = %v (off by %g)", total, 1-*sum.Mean, d)
	}
	if sum.Cases != 600 || sum.Scored+sum.Errors.Count != 600 {
		t.Fatalf("cases %d scored %d errors %d", sum.Cases, sum.Scored, sum.Errors.Count)
	}
}

// TestMergeEqualsWhole splits a corpus into 3 shards, round-trips each
// shard's state through JSON and merges them in several groupings and
// orders: every merged summary equals the summary of one state over the
// whole corpus (exactly, except sums, to 1e-12).
func TestMergeEqualsWhole(t *testing.T) {
	cases := corpus(t, 900)
	whole := NewState(DefaultConfig())
	for _, c := range cases {
		whole.Add(c)
	}
	want := whole.Finish()
	shard := func(lo, hi int) *State {
		s := NewState(DefaultConfig())
		for _, c := range cases[lo:hi] {
			s.Add(c)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back State
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		return &back
	}
	for _, order := range [][]int{{0, 1, 2}, {2, 0, 1}, {1, 2, 0}} {
		parts := []*State{shard(0, 250), shard(250, 700), shard(700, 900)}
		merged := NewState(Config{})
		for _, i := range order {
			if err := merged.Merge(parts[i]); err != nil {
				t.Fatal(err)
			}
		}
		compareSummaries(t, fmt.Sprint(order), merged.Finish(), want)
		if !reflect.DeepEqual(merged.Worst, whole.Worst) || !reflect.DeepEqual(merged.Sample, whole.Sample) {
			t.Errorf("order %v: worst or sample lists differ", order)
		}
	}
	// (a ⊕ b) ⊕ c == a ⊕ (b ⊕ c)
	a, b, c := shard(0, 100), shard(100, 500), shard(500, 900)
	if err := b.Merge(c); err != nil {
		t.Fatal(err)
	}
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	compareSummaries(t, "a⊕(b⊕c)", a.Finish(), want)
}

// compareSummaries requires equal summaries, mean deficits to 1e-12.
func compareSummaries(t *testing.T, name string, got, want *Summary) {
	t.Helper()
	if len(got.Paths) != len(want.Paths) {
		t.Fatalf("%s: %d paths, want %d", name, len(got.Paths), len(want.Paths))
	}
	g, w := *got, *want
	g.Paths, w.Paths = nil, nil
	if !reflect.DeepEqual(g, w) {
		gj, _ := json.Marshal(g)
		wj, _ := json.Marshal(w)
		t.Fatalf("%s: summaries differ\ngot  %s\nwant %s", name, gj, wj)
	}
	wantPaths := map[string]PathSummary{}
	for _, p := range want.Paths {
		wantPaths[p.Path] = p
	}
	for _, p := range got.Paths {
		q := wantPaths[p.Path]
		if math.Abs(p.MeanDeficit-q.MeanDeficit) > 1e-12 {
			t.Errorf("%s: %s mean_deficit %v, want %v", name, p.Path, p.MeanDeficit, q.MeanDeficit)
		}
		p.MeanDeficit, q.MeanDeficit = 0, 0
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: %s: %+v, want %+v", name, p.Path, p, q)
		}
	}
}

func TestMergeConfigs(t *testing.T) {
	a, b := NewState(DefaultConfig()), NewState(Config{MatchThreshold: 0.9})
	a.Add(Case{Score: 1, Key: 1})
	if err := a.Merge(b); err != nil {
		t.Errorf("merging an empty state: %v", err)
	}
	b.Add(Case{Score: 1, Key: 2})
	if err := a.Merge(b); err == nil {
		t.Error("states of different thresholds merged")
	}
	c := NewState(Config{})
	c.Version = 0
	if err := a.Merge(c); err == nil {
		t.Error("a state of another version merged")
	}
}

// TestQuantiles checks the statistics of a small multiset by hand.
func TestQuantiles(t *testing.T) {
	s := NewState(DefaultConfig())
	for _, x := range []float64{1, 0, 0.5, 1, 0.25} {
		s.Add(Case{Score: x, Key: uint64(x * 100)})
	}
	sum := s.Finish()
	// Sorted: 0, 0.25, 0.5, 1, 1. p25 at h = 1: 0.25; p10 at h = 0.4:
	// 0 + 0.4·0.25 = 0.1; p90 at h = 3.6: 1.
	if *sum.Mean != 0.55 || *sum.Median != 0.5 || sum.Quantiles["p25"] != 0.25 || sum.Quantiles["p10"] != 0.1 ||
		sum.Quantiles["p90"] != 1 || *sum.Min != 0 || *sum.Max != 1 {
		t.Fatalf("mean %v median %v quantiles %v", *sum.Mean, *sum.Median, sum.Quantiles)
	}
	if ci := sum.CI95; !(ci.Low < 0.55 && ci.High > 0.55 && ci.Low >= 0 && ci.High <= 1) || ci.Resamples != 1000 {
		t.Fatalf("ci %+v", ci)
	}
	if h := sum.Histogram; h[0].Count != 1 || h[5].Count != 1 || h[10].Count != 1 || h[19].Count != 2 {
		t.Fatalf("histogram %+v", h)
	}
	// Deterministic: the same multiset in another order gives the same bits.
	r := NewState(DefaultConfig())
	for _, x := range []float64{0.25, 1, 1, 0.5, 0} {
		r.Add(Case{Score: x, Key: uint64(x * 100)})
	}
	if got := r.Finish(); *got.CI95 != *sum.CI95 || *got.Mean != *sum.Mean {
		t.Fatalf("ci %+v vs %+v", *got.CI95, *sum.CI95)
	}
	if empty := NewState(DefaultConfig()).Finish(); empty.Mean != nil || empty.CI95 != nil {
		t.Fatalf("empty summary %+v", empty)
	}
}

// TestRootKindMismatch: a candidate of another kind than the gold at a
// union-typed root scores 0 without an alignment; it counts as a wrong value
// at the root path, with the whole deficit.
func TestRootKindMismatch(t *testing.T) {
	sc, err := interp.Compile([]byte(`{"type":["object","array"],"properties":{"a":{"type":"integer"}},"items":{"type":"integer"}}`), "", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := NewObserver(DefaultConfig())
	c := observe(t, o, sc, Line{Number: 1}, `{"a":1}`, `[1]`)
	s := NewState(DefaultConfig())
	s.Add(c)
	sum := s.Finish()
	if *sum.Mean != 0 || sum.InvalidCandidates != 0 || len(sum.Paths) != 2 {
		t.Fatalf("summary %+v", sum)
	}
	root := sum.Paths[0]
	if root.Path != "" || root.MeanDeficit != 1 || root.Wrong != 1 || root.FP != 1 || root.FN != 1 || root.Occurrences != 1 || *root.F1 != 0 {
		t.Fatalf("root entry %+v", root)
	}
	if sum.Worst[0].Line != 1 || sum.Worst[0].ID != nil {
		t.Fatalf("worst %+v", sum.Worst)
	}
}

// TestPairedContainersAreNodeRows checks on the conformance vectors (and
// two pairs made for it) that the containers counted as pairs are exactly
// the node rows of the attribution at granularity subtree (every paired
// object and array the attribution walks), with their similarities.
func TestPairedContainersAreNodeRows(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	// Every fifth vector (every 20th with -short) keeps the test quick;
	// every family is covered either way.
	step := 5
	if testing.Short() {
		step = 20
	}
	var pairs []*conformance.Vector
	for i := 0; i < len(vs); i += step {
		pairs = append(pairs, vs[i])
	}
	pairs = append(pairs,
		// A tuple whose head weighs 0 and whose tail is empty: the
		// attribution does not walk below it, so the object at /0 is not
		// counted.
		&conformance.Vector{ID: "zero-weight head",
			SchemaText: []byte(`{"type":"array","prefixItems":[{"type":"object","properties":{"a":{"type":"integer"}}}],"items":{"type":"integer"},"prefixImportance":0,"restImportance":1}`),
			Gold:       decode(t, `[{"a":1}]`), Cand: decode(t, `[{"a":2}]`)},
		// A renamed member: counted at the gold key's path.
		&conformance.Vector{ID: "renamed member",
			SchemaText: []byte(`{"type":"object","keyImportance":0.5,"properties":{"address":{"type":"object","properties":{"city":{"type":"string"}}}}}`),
			Gold:       decode(t, `{"address":{"city":"X"}}`), Cand: decode(t, `{"adress":{"city":"X"}}`)})
	o := NewObserver(DefaultConfig())
	checked, containers := 0, int64(0)
	for _, v := range pairs {
		sc, err := interp.Compile(v.SchemaText, v.ID, interp.Options{})
		if err != nil {
			continue
		}
		res, err := sc.Align(v.Gold, v.Cand)
		if err != nil || res.Match == nil {
			continue
		}
		root := sc.Schema().Root
		got := newPathSet()
		o.countPairedContainers(got, appendPaired(nil, got.trie, root, res.Match))
		at, err := res.Attribution(align.AttributionOptions{Granularity: align.GranularitySubtree})
		if err != nil {
			t.Fatal(err)
		}
		want := newPathSet()
		for _, r := range at.Rows {
			if r.Node {
				p := o.pattern(root, r.Path)
				want.get(p.path, KindPath, scopeOf(p.node)).count(o.Class(true, true, r.Score))
			}
		}
		if !reflect.DeepEqual(byPath(got), byPath(want)) {
			t.Errorf("%s: counted %+v\nnode rows %+v", v.ID, byPath(got), byPath(want))
		}
		for _, p := range got.list {
			containers += p.Exact + p.Partial + p.Wrong
		}
		checked++
	}
	t.Logf("%d vectors, %d paired containers", checked, containers)
	if checked < 100 || containers < 1000 {
		t.Fatalf("%d vectors checked, %d containers: too few", checked, containers)
	}
}

func byPath(s *pathSet) map[string]PathObs {
	m := make(map[string]PathObs, len(s.list))
	for _, p := range s.list {
		m[p.Path] = p
	}
	return m
}

// TestContainerOutcomes: an object or array counts at its own path, as a
// leaf does: paired (exact, partial or wrong by its similarity and the
// match threshold), missing or invented.
func TestContainerOutcomes(t *testing.T) {
	sc := orgScorer(t)
	o := NewObserver(DefaultConfig())
	s := NewState(DefaultConfig())
	gold := `{"people":[{"id":1,"name":"Ann","role":"Manager"},{"id":2,"name":"Bob","role":"Engineer"}],"agenda":["a","b"]}`
	for i, cand := range []string{
		// Ann paired exactly, Bob paired with a wrong name and role
		// (similarity 1/4, from the identifier: below 0.5), an excess Cy
		// (the array: (1 + 1/4)/3 < 0.5); the agenda is missing.
		`{"people":[{"id":1,"name":"Ann","role":"Manager"},{"id":2,"name":"Rob","role":"Intern"},{"id":3,"name":"Cy","role":"Intern"}]}`,
		// No people; the agenda is exact.
		`{"agenda":["a","b"]}`,
	} {
		s.Add(observe(t, o, sc, Line{Number: i + 1, Key: uint64(i)}, gold, cand))
	}
	got := map[string]PathSummary{}
	for _, p := range s.Finish().Paths {
		got[p.Path] = p
	}
	for path, want := range map[string]Outcomes{
		"/people/*": {Occurrences: 4, Exact: 1, Wrong: 1, Invented: 1, TP: 1, FP: 2, FN: 1},
		"/people":   {Occurrences: 2, Wrong: 1, Missing: 1, FP: 1, FN: 2},
		"/agenda":   {Occurrences: 2, Exact: 1, Missing: 1, TP: 1, FN: 1},
		"/agenda/*": {Occurrences: 4, Exact: 2, TP: 2},
	} {
		if got[path].Outcomes != want {
			t.Errorf("%s: %+v\nwant %+v", path, got[path].Outcomes, want)
		}
	}
	if p := got["/people/*"]; *p.Precision != 1.0/3 || *p.Recall != 0.5 {
		t.Errorf("/people/*: precision %v, recall %v", *p.Precision, *p.Recall)
	}
}
