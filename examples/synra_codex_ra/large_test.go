package org2graph_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	org2graph "github.com/objectaligner/oagen/examples/synra_codex_ra"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// orgGraph returns an Org2Graph pair of n people built as interp's
// benchOrgGraph builds it: n/5 companies, one employment per person, two
// acquaintance edges per person, one partnership per company; the candidate
// renames every id, shuffles every array, changes ~5% of the titles and of
// the relations, drops ~2% of the people with their links and retargets ~3%
// of the acquaintance edges.
func orgGraph(n int) (gold, cand string) {
	r := rand.New(rand.NewPCG(uint64(n), 2026))
	first := []string{"Anna", "Bruno", "Chen", "Dana", "Eitan", "Fatima", "Goran", "Hana", "Ivo", "Jana",
		"Kofi", "Lena", "Marek", "Nadia", "Oskar", "Pavel", "Quinn", "Rosa", "Sven", "Tereza"}
	last := []string{"Novak", "Svoboda", "Dvorak", "Cerny", "Prochazka", "Kucera", "Vesely", "Horak", "Nemec",
		"Pokorny", "Marek", "Pospisil", "Hajek", "Jelinek", "Kral", "Ruzicka", "Benes", "Fiala", "Sedlacek",
		"Dolezal", "Zeman", "Kolar", "Navratil", "Cermak", "Urban"}
	titles := []string{"engineer", "designer", "founder", "analyst", "manager", "intern"}
	industries := []string{"retail", "energy", "tech", "finance", "health"}
	roles := []string{"advisor", "associate", "lead", "member"}
	relations := []string{"knows", "mentors", "reports_to"}
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	C := max(2, n/5)
	type link struct {
		a, b int
		attr string
	}
	type person struct{ name, title string }
	people := make([]person, n)
	for i := range people {
		people[i] = person{pick(first) + " " + pick(last), pick(titles)}
	}
	companies := make([][2]string, C)
	for j := range companies {
		companies[j] = [2]string{pick(last) + " " + pick([]string{"Ltd", "Group", "Labs", "Systems"}), pick(industries)}
	}
	var employment, acquaintance, partnership []link
	for i := range n {
		employment = append(employment, link{i, r.IntN(C), pick(roles)})
	}
	for range 2 * n {
		a, b := r.IntN(n), r.IntN(n-1)
		if b >= a {
			b++
		}
		acquaintance = append(acquaintance, link{a, b, pick(relations)})
	}
	for range C {
		a, b := r.IntN(C), r.IntN(C-1)
		if b >= a {
			b++
		}
		partnership = append(partnership, link{a, b, "partners_with"})
	}
	render := func(people []person, keep func(int) bool, pid, cid func(int) string, emp, acq, par []link, shuffle bool) string {
		var ps, cs, es, as, qs []string
		for i, p := range people {
			if keep(i) {
				ps = append(ps, fmt.Sprintf(`{"id": %q, "name": %q, "title": %q}`, pid(i), p.name, p.title))
			}
		}
		for j, c := range companies {
			cs = append(cs, fmt.Sprintf(`{"id": %q, "name": %q, "industry": %q}`, cid(j), c[0], c[1]))
		}
		for _, l := range emp {
			if keep(l.a) {
				es = append(es, fmt.Sprintf(`{"person": %q, "company": %q, "role": %q}`, pid(l.a), cid(l.b), l.attr))
			}
		}
		for _, l := range acq {
			if keep(l.a) && keep(l.b) {
				as = append(as, fmt.Sprintf(`{"source": %q, "target": %q, "relation": %q}`, pid(l.a), pid(l.b), l.attr))
			}
		}
		for _, l := range par {
			qs = append(qs, fmt.Sprintf(`{"source": %q, "target": %q, "relation": %q}`, cid(l.a), cid(l.b), l.attr))
		}
		if shuffle {
			for _, xs := range [][]string{ps, cs, es, as, qs} {
				r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			}
		}
		return `{"people": [` + strings.Join(ps, ", ") + `], "companies": [` + strings.Join(cs, ", ") +
			`], "employment": [` + strings.Join(es, ", ") + `], "acquaintance": [` + strings.Join(as, ", ") +
			`], "partnership": [` + strings.Join(qs, ", ") + `]}`
	}
	all := func(int) bool { return true }
	gold = render(people, all, func(i int) string { return "p" + strconv.Itoa(i) },
		func(j int) string { return "c" + strconv.Itoa(j) }, employment, acquaintance, partnership, false)
	cp := append([]person(nil), people...)
	for i := range cp {
		if r.IntN(20) == 0 {
			cp[i].title = pick(titles)
		}
	}
	ca := append([]link(nil), acquaintance...)
	for i := range ca {
		switch r.IntN(33) {
		case 0:
			ca[i].b = r.IntN(n)
		case 1, 2:
			ca[i].attr = pick(relations)
		}
	}
	gone := map[int]bool{}
	for range max(1, n/50) {
		gone[r.IntN(n)] = true
	}
	cand = render(cp, func(i int) bool { return !gone[i] }, func(i int) string { return "P-" + strconv.Itoa(7919*i%100003) },
		func(j int) string { return "C-" + strconv.Itoa(104729*j%1009) }, employment, ca, partnership, true)
	return gold, cand
}

// TestLargeGraphStaysTyped checks that the JSON entry points score an
// Org2Graph-500 pair with the typed code (genrt.WithinLimitsValues bounds
// the work per array, not over the whole documents) and agree with the
// interpreter bit for bit.
func TestLargeGraphStaysTyped(t *testing.T) {
	gs, ps := orgGraph(500)
	got, typed, err := org2graph.ScoreGraphJSONDetail([]byte(gs), []byte(ps))
	if err != nil || !typed {
		t.Fatalf("ScoreGraphJSONDetail: %v, typed %v, %v; want the typed path", got, typed, err)
	}
	sch, err := os.ReadFile("../../testdata/schemas/synra_codex_ra.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := interp.Compile(sch, "synra_codex_ra.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
	pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
	want, err := sc.Score(gv, pv)
	if err != nil {
		t.Fatal(err)
	}
	if got != want || !(want > 0.5 && want < 1) {
		t.Errorf("typed score %v, interpreter %v (want equal, damaged but close)", got, want)
	}
}

// BenchmarkLargeGraph measures Org2Graph-N pairs through the interpreter,
// the typed scorer and the JSON entry point (docs/PERFORMANCE.md, "Large
// documents"); OAGEN_BENCH_MAXN bounds N (default 2000).
//
//	go test ./examples/synra_codex_ra -run '^$' -bench LargeGraph -cpu 1,2 -count 6
func BenchmarkLargeGraph(b *testing.B) {
	maxN := 2000
	if s := os.Getenv("OAGEN_BENCH_MAXN"); s != "" {
		maxN, _ = strconv.Atoi(s)
	}
	sch, err := os.ReadFile("../../testdata/schemas/synra_codex_ra.json")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := interp.Compile(sch, "synra_codex_ra.json", interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{50, 200, 500, 1000, 2000} {
		if n > maxN {
			continue
		}
		gs, ps := orgGraph(n)
		g, p := typed(b, gs), typed(b, ps)
		gv, _ := jsonval.Decode([]byte(gs), jsonval.DecodeOptions{})
		pv, _ := jsonval.Decode([]byte(ps), jsonval.DecodeOptions{})
		run := func(name string, f func() error) {
			b.Run(fmt.Sprintf("%s/N=%d", name, n), func(b *testing.B) {
				b.ReportAllocs()
				start := processCPU()
				for b.Loop() {
					if err := f(); err != nil {
						b.Fatal(err)
					}
				}
				if b.N > 0 && start > 0 {
					b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
				}
			})
		}
		run("interp", func() error { _, err := sc.Score(gv, pv); return err })
		run("typed", func() error { _, err := org2graph.ScoreGraph(g, p); return err })
		run("json", func() error {
			_, typed, err := org2graph.ScoreGraphJSONDetail([]byte(gs), []byte(ps))
			if err == nil && !typed {
				b.Log("the JSON entry point fell back to the interpreter")
			}
			return err
		})
	}
}
