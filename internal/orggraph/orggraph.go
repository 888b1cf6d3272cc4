// Package orggraph builds Org2Graph-style pairs of any size, for the
// benchmarks and large-document tests and for internal/gendata.
package orggraph

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Pair returns an Org2Graph pair (testdata/schemas/synra_codex_ra.json) of
// n people drawn from r: n/5 companies, one employment per person, two
// acquaintance edges per person, one partnership per company; the
// candidate renames every id, shuffles every array, changes ~5% of the
// titles and of the relations, drops ~2% of the people with their links
// and retargets ~3% of the acquaintance edges.
func Pair(n int, r *rand.Rand) (gold, cand string) {
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
