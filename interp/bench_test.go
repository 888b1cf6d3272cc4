package interp_test

// Benchmarks of the interpreter on the paper's workloads; the figures and the
// commands that produce them are in docs/PERFORMANCE.md ("Interpreter").
//
//	go test ./interp -run '^$' -bench . -benchmem -count 5
//
// Every case is deterministic: the generators below use fixed seeds.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// benchCase is one scored pair.
type benchCase struct {
	name       string
	scorer     *interp.Scorer
	gold, cand jsonval.Value
}

var (
	firstNames = []string{"Anna", "Bruno", "Chen", "Dana", "Eitan", "Fatima", "Goran", "Hana", "Ivo", "Jana",
		"Kofi", "Lena", "Marek", "Nadia", "Oskar", "Pavel", "Quinn", "Rosa", "Sven", "Tereza"}
	lastNames = []string{"Novak", "Svoboda", "Dvorak", "Cerny", "Prochazka", "Kucera", "Vesely", "Horak", "Nemec",
		"Pokorny", "Marek", "Pospisil", "Hajek", "Jelinek", "Kral", "Ruzicka", "Benes", "Fiala", "Sedlacek",
		"Dolezal", "Zeman", "Kolar", "Navratil", "Cermak", "Urban"}
	benchTitles     = []string{"engineer", "designer", "founder", "analyst", "manager", "intern"}
	benchIndustries = []string{"retail", "energy", "tech", "finance", "health"}
	benchRoles      = []string{"advisor", "associate", "lead", "member"}
	benchRelations  = []string{"knows", "mentors", "reports_to"}
)

// benchOrgGraph builds an Org2Graph-like pair with n people: ~n/5
// companies, one employment per person, ~2 acquaintance edges per person,
// ~1 partnership per company. The candidate is a relabelled, permuted and
// lightly damaged copy: ~5% of the titles and of the acquaintance relations
// changed, ~2% of the people dropped (with their links), ~3% of the
// acquaintance edges retargeted.
func benchOrgGraph(tb testing.TB, fam *family, n int) benchCase {
	r := rand.New(rand.NewPCG(uint64(n), 2026))
	C := max(2, n/5)
	d := newDoc([]gtable{
		{scope: 0, owner: -1},
		{scope: 1, owner: -1},
		{scope: -1, owner: -1, refScope: []int{0, 1}, refList: []bool{false, false}},
		{scope: -1, owner: -1, refScope: []int{0, 0}, refList: []bool{false, false}},
		{scope: -1, owner: -1, refScope: []int{1, 1}, refList: []bool{false, false}},
	}, 2)
	link := func(t, a, b int, attr string) {
		d.tables[t].rows = append(d.tables[t].rows, grow{id: -1, owner: -1, attrs: []jsonval.Value{jstr(attr)}, refs: [][]int{{a}, {b}}})
	}
	for i := range n {
		d.tables[0].rows = append(d.tables[0].rows, grow{id: i, owner: -1,
			attrs: []jsonval.Value{jstr(pick(r, firstNames) + " " + pick(r, lastNames)), jstr(pick(r, benchTitles))}})
	}
	for j := range C {
		d.tables[1].rows = append(d.tables[1].rows, grow{id: j, owner: -1,
			attrs: []jsonval.Value{jstr(pick(r, lastNames) + " " + pick(r, []string{"Ltd", "Group", "Labs", "Systems"})), jstr(pick(r, benchIndustries))}})
	}
	d.next = []int{n, C}
	for i := range n {
		link(2, i, r.IntN(C), pick(r, benchRoles))
	}
	for range 2 * n {
		a, b := r.IntN(n), r.IntN(n-1)
		if b >= a {
			b++
		}
		link(3, a, b, pick(r, benchRelations))
	}
	for range C {
		a, b := r.IntN(C), r.IntN(C-1)
		if b >= a {
			b++
		}
		link(4, a, b, "partners_with")
	}
	c := d.clone()
	for i := range c.tables[0].rows {
		if r.IntN(20) == 0 {
			c.tables[0].rows[i].attrs[1] = jstr(pick(r, benchTitles))
		}
	}
	for i := range c.tables[3].rows {
		switch r.IntN(33) {
		case 0:
			c.tables[3].rows[i].refs[1][0] = r.IntN(n)
		case 1, 2:
			c.tables[3].rows[i].attrs[0] = jstr(pick(r, benchRelations))
		}
	}
	gone := map[int]bool{}
	for range max(1, n/50) {
		gone[r.IntN(n)] = true
	}
	c.tables[0].rows = slices.DeleteFunc(c.tables[0].rows, func(rw grow) bool { return gone[rw.id] })
	for _, t := range []int{2, 3} {
		c.tables[t].rows = slices.DeleteFunc(c.tables[t].rows, func(rw grow) bool {
			return gone[rw.refs[0][0]] || (t == 3 && gone[rw.refs[1][0]])
		})
	}
	gold := fam.render(d)
	cand := permuteAligned(fam.sch.Root, fam.render(c), r)
	cand = newRelabelling(fam.sch, cand, r).apply(cand)
	return benchCase{name: fmt.Sprintf("org2graph-%d", n), scorer: fam.scorer, gold: gold, cand: cand}
}

// benchSciERC builds a SciERC-like document under scierc_exact: 30
// entities with 1–3 mentions, 40 relations; the candidate is relabelled and
// permuted, with a few entity types and mentions changed, three relations
// dropped and two added.
func benchSciERC(tb testing.TB) benchCase {
	s, err := interp.Compile(readFile(tb, "../testdata/schemas/scierc_exact.json"), "scierc_exact.json", interp.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(30, 40))
	types := []string{"Task", "Method", "Metric", "Material", "OtherScientificTerm", "Generic"}
	words := []string{"neural", "network", "translation", "BLEU", "parser", "corpus", "attention", "model",
		"speech", "recognition", "graph", "embedding", "tagger", "accuracy", "dataset", "kernel"}
	preds := []string{"USED-FOR", "FEATURE-OF", "HYPONYM-OF", "PART-OF", "COMPARE", "CONJUNCTION", "EVALUATE-FOR"}
	entity := func(i int, typ string, mentions []string) jsonval.Value {
		ms := make([]jsonval.Value, len(mentions))
		for k, m := range mentions {
			ms[k] = jobj("text", jstr(m))
		}
		return jobj("id", jstr(fmt.Sprintf("T%d", i)), "type", jstr(typ), "mentions", jarr(ms))
	}
	type ent struct {
		typ      string
		mentions []string
	}
	ents := make([]ent, 30)
	for i := range ents {
		ents[i].typ = pick(r, types)
		for range 1 + r.IntN(3) {
			ents[i].mentions = append(ents[i].mentions, pick(r, words)+" "+pick(r, words))
		}
	}
	type rel struct {
		s, o int
		p    string
	}
	rels := make([]rel, 40)
	for i := range rels {
		rels[i] = rel{r.IntN(30), r.IntN(30), pick(r, preds)}
	}
	render := func(ents []ent, rels []rel) jsonval.Value {
		var es, rs []jsonval.Value
		for i, e := range ents {
			es = append(es, entity(i, e.typ, e.mentions))
		}
		for _, x := range rels {
			rs = append(rs, jobj("subject", jstr(fmt.Sprintf("T%d", x.s)), "predicate", jstr(x.p), "object", jstr(fmt.Sprintf("T%d", x.o))))
		}
		return jobj("entities", jarr(es), "relations", jarr(rs))
	}
	gold := render(ents, rels)
	cents := make([]ent, len(ents))
	copy(cents, ents)
	for i := range cents {
		switch r.IntN(10) {
		case 0:
			cents[i].typ = pick(r, types)
		case 1:
			cents[i].mentions = cents[i].mentions[:len(cents[i].mentions)-1]
		}
	}
	crels := append([]rel(nil), rels[3:]...)
	crels = append(crels, rel{r.IntN(30), r.IntN(30), pick(r, preds)}, rel{r.IntN(30), r.IntN(30), pick(r, preds)})
	cand := permuteAligned(s.Schema().Root, render(cents, crels), r)
	cand = newRelabelling(s.Schema(), cand, r).apply(cand)
	return benchCase{name: "scierc-30x40", scorer: s, gold: gold, cand: cand}
}

// benchF2O is a 12-item Facts2Order case under synra_sort_fixed: the
// candidate order has one transposition and one block move.
func benchF2O(tb testing.TB) benchCase {
	s, err := interp.Compile(readFile(tb, "../testdata/schemas/synra_sort_fixed.json"), "synra_sort_fixed.json", interp.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	order := func(xs []int) jsonval.Value {
		vs := make([]jsonval.Value, len(xs))
		for i, x := range xs {
			vs[i] = jint(x)
		}
		return jobj("indices", jarr(vs))
	}
	gold := []int{3, 7, 0, 11, 5, 1, 9, 2, 8, 4, 10, 6}
	cand := []int{3, 0, 7, 11, 9, 2, 8, 5, 1, 4, 10, 6} // 7↔0 swapped, [5 1] moved behind [9 2 8]
	return benchCase{name: "f2o-12", scorer: s, gold: order(gold), cand: order(cand)}
}

func benchFig1(tb testing.TB) benchCase {
	s, err := interp.Compile(readFile(tb, "../examples/orgchart/schema.json"), "schema.json", interp.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	dec := func(path string) jsonval.Value {
		v, err := jsonval.Decode(readFile(tb, path), jsonval.DecodeOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		return v
	}
	return benchCase{name: "fig1", scorer: s, gold: dec("../examples/orgchart/gold.json"), cand: dec("../examples/orgchart/candidate.json")}
}

// benchCases returns the benchmark cases, with Org2Graph graphs of up to
// maxPeople people.
func benchCases(tb testing.TB, maxPeople int) []benchCase {
	fam := compileFamily(tb, orgGraphFamily(tb))
	cases := []benchCase{benchFig1(tb)}
	for _, n := range []int{6, 50, 200, 500} {
		if n <= maxPeople {
			cases = append(cases, benchOrgGraph(tb, fam, n))
		}
	}
	return append(cases, benchSciERC(tb), benchF2O(tb))
}

// reportCPU reports the process CPU time spent since start per operation
// (see internal/cputime).
func reportCPU(b *testing.B, start time.Duration) {
	if start == 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkInterpScore measures Scorer.Score (validation, referential
// pre-pass, alignment; no match tree).
//
// OAGEN_BENCH_POSITIONAL=1 scores without the canonical tie rules and the
// bijection search (docs/SCORING.md §5.8, §7.12): the default profile as it
// was before them, in the same binary.
func BenchmarkInterpScore(b *testing.B) {
	for _, c := range benchCases(b, 500) {
		if os.Getenv("OAGEN_BENCH_POSITIONAL") != "" {
			c.scorer = interp.WithoutCanon(c.scorer, false)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if _, err := c.scorer.Score(c.gold, c.cand); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkInterpAlignArena measures Scorer.AlignArena (the match tree
// built into a reused arena, as eval's workers align), against
// BenchmarkInterpScore's score-only path.
func BenchmarkInterpAlignArena(b *testing.B) {
	for _, c := range benchCases(b, 500) {
		b.Run(c.name, func(b *testing.B) {
			var arena interp.TreeArena
			ctx := context.Background()
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if _, err := c.scorer.AlignArena(ctx, c.gold, c.cand, &arena); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkInterpAlignFeedback measures the whole feedback pipeline:
// Scorer.Align, the repair walk, ranking and the default feedback text.
func BenchmarkInterpAlignFeedback(b *testing.B) {
	fo := feedback.DefaultFeedbackOptions()
	for _, c := range benchCases(b, 500) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				res, err := c.scorer.Align(c.gold, c.cand)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := feedback.ForResult(res, interp.RepairOptions{}, fo); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkInterpRepairRender measures the repair walk, ranking and
// rendering alone, on an alignment computed once.
func BenchmarkInterpRepairRender(b *testing.B) {
	fo := feedback.DefaultFeedbackOptions()
	for _, c := range benchCases(b, 500) {
		res, err := c.scorer.Align(c.gold, c.cand)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if _, _, err := feedback.ForResult(res, interp.RepairOptions{}, fo); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// TestBenchCases checks that the benchmark inputs are what they claim:
// valid pairs with imperfect, non-trivial scores, and the paper's fig1
// score (the larger graphs are built the same way; scoring them takes
// seconds, so only the benchmarks do).
func TestBenchCases(t *testing.T) {
	for _, c := range benchCases(t, 50) {
		res, err := c.scorer.Align(c.gold, c.cand)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Invalid != nil || !(res.Score > 0.3 && res.Score < 1) {
			t.Errorf("%s: score %v (invalid: %v), want a damaged but valid pair", c.name, res.Score, res.Invalid)
		}
		if c.name == "fig1" && res.Score != 0.7678571428571429 {
			t.Errorf("fig1: score %v, want 0.7678571428571429 (docs/SCORING.md §11)", res.Score)
		}
		t.Logf("%s: score %.6f", c.name, res.Score)
	}
}

// BenchmarkInterpScoreProfiles measures Scorer.Score in both profiles; the
// difference is the default profile's canonical forms (profile.go): one
// walk of each value, and copies only where a number or a member order is
// not canonical.
func BenchmarkInterpScoreProfiles(b *testing.B) {
	for _, c := range benchCases(b, 200) {
		ref, err := interp.New(c.scorer.Schema(), interp.Options{Compat: interp.CompatReference})
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range []struct {
			name string
			s    *interp.Scorer
		}{{"default", c.scorer}, {"reference", ref}} {
			b.Run(p.name+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := p.s.Score(c.gold, c.cand); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkInterpOrgGraph measures Scorer.Score on Org2Graph pairs of 50 to
// 2,000 people with the default limits (docs/PERFORMANCE.md, "Large
// documents"). OAGEN_BENCH_MAXN bounds the sizes run (default 2000);
// OAGEN_BENCH_GENERIC=1 sends every matrix cell to the generic path (no
// record kernel), OAGEN_BENCH_RAISED=1 raises the limits.
//
//	go test ./interp -run '^$' -bench OrgGraph -cpu 1,2 -count 6
func BenchmarkInterpOrgGraph(b *testing.B) {
	fam := compileFamily(b, orgGraphFamily(b))
	maxN := 2000
	if s := os.Getenv("OAGEN_BENCH_MAXN"); s != "" {
		maxN, _ = strconv.Atoi(s)
	}
	for _, n := range []int{50, 200, 500, 1000, 2000} {
		if n > maxN {
			continue
		}
		c := benchOrgGraph(b, fam, n)
		if os.Getenv("OAGEN_BENCH_RAISED") != "" {
			// Raised limits, for measuring versions whose defaults stop
			// the larger graphs.
			s, err := interp.New(c.scorer.Schema(), interp.Options{Limits: interp.Limits{MaxCollection: 1 << 20, MaxWork: 1 << 50}})
			if err != nil {
				b.Fatal(err)
			}
			c.scorer = s
		}
		if os.Getenv("OAGEN_BENCH_GENERIC") != "" {
			// Every cell on the generic path: the record kernel's share.
			c.scorer = interp.GenericCells(c.scorer)
		}
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if _, err := c.scorer.Score(c.gold, c.cand); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}
