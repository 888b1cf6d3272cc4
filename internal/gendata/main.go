// Command gendata writes a JSON Lines dataset for "oagen eval" and
// "oagen score -batch" benchmarks: n variants of the paper's org chart
// (examples/orgchart), each candidate damaged in a few deterministic ways
// (renamed, dropped or added people, relabelled ids, wrong references,
// misspelt agenda items, a wrong period; about 2% of the candidates fail
// validation).
//
//	go run ./internal/gendata -n 10000 -o in.jsonl
//
// With -org2graph N it writes Org2Graph pairs of N people instead
// (testdata/schemas/synra_codex_ra.json), for the large-document figures of
// docs/PERFORMANCE.md:
//
//	go run ./internal/gendata -org2graph 200 -n 1000 -o org200.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/objectaligner/oagen/internal/orggraph"
)

type person struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
}

type mentorship struct {
	Mentor int `json:"mentor"`
	Mentee int `json:"mentee"`
}

type orgChart struct {
	People      []person     `json:"people"`
	Mentorships []mentorship `json:"mentorships"`
	Agenda      []string     `json:"agenda"`
	Period      []int        `json:"period"`
}

type line struct {
	ID        string   `json:"id"`
	Gold      orgChart `json:"gold"`
	Candidate orgChart `json:"candidate"`
}

var (
	names  = []string{"Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj"}
	roles  = []string{"Manager", "Engineer", "Intern"}
	agenda = []string{"intro", "reviews", "planning", "demo", "retro", "closing"}
)

func gold(r *rand.Rand) orgChart {
	n := 3 + r.IntN(6)
	g := orgChart{Period: []int{2020 + r.IntN(5), 2025 + r.IntN(3)}}
	for i := range n {
		g.People = append(g.People, person{ID: i + 1, Name: names[r.IntN(len(names))], Role: roles[r.IntN(len(roles))]})
	}
	for i := 1; i < n; i++ {
		g.Mentorships = append(g.Mentorships, mentorship{Mentor: 1 + r.IntN(i), Mentee: i + 1})
	}
	for _, k := range r.Perm(len(agenda))[:2+r.IntN(3)] {
		g.Agenda = append(g.Agenda, agenda[k])
	}
	return g
}

func damage(r *rand.Rand, g orgChart) orgChart {
	c := orgChart{Period: append([]int(nil), g.Period...), Agenda: append([]string(nil), g.Agenda...)}
	ids := map[int]int{}
	for _, i := range r.Perm(len(g.People)) {
		p := g.People[i]
		ids[p.ID] = 90 + i
		if r.IntN(8) == 0 {
			continue // dropped
		}
		p.ID = ids[p.ID]
		if r.IntN(6) == 0 {
			p.Name = p.Name[:len(p.Name)-1]
		}
		if r.IntN(250) == 0 {
			p.Role = "CEO" // not in the enum: the candidate fails validation
		}
		c.People = append(c.People, p)
	}
	if r.IntN(5) == 0 {
		c.People = append(c.People, person{ID: 99, Name: names[r.IntN(len(names))], Role: "Intern"})
	}
	for _, m := range g.Mentorships {
		m.Mentor, m.Mentee = ids[m.Mentor], ids[m.Mentee]
		if r.IntN(7) == 0 {
			m.Mentee = 90 + r.IntN(len(g.People))
		}
		c.Mentorships = append(c.Mentorships, m)
	}
	if r.IntN(3) == 0 && len(c.Agenda) > 1 {
		c.Agenda[0], c.Agenda[1] = c.Agenda[1], c.Agenda[0]
	}
	if r.IntN(4) == 0 {
		c.Agenda[len(c.Agenda)-1] += "s"
	}
	if r.IntN(4) == 0 {
		c.Period[1]++
	}
	return c
}

func main() {
	n := flag.Int("n", 10000, "number of lines")
	out := flag.String("o", "", "output file (default stdout)")
	seed := flag.Uint64("seed", 1, "random seed")
	people := flag.Int("org2graph", 0, "write Org2Graph pairs of this many people (synra_codex_ra.json) instead of org charts")
	flag.Parse()
	f := os.Stdout
	if *out != "" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	r := rand.New(rand.NewPCG(*seed, 0))
	for i := range *n {
		var err error
		if *people > 0 {
			g, c := orggraph.Pair(*people, r)
			_, err = fmt.Fprintf(w, "{\"id\": \"graph-%d\", \"gold\": %s, \"candidate\": %s}\n", i, g, c)
		} else {
			g := gold(r)
			err = enc.Encode(line{ID: fmt.Sprintf("org-%d", i), Gold: g, Candidate: damage(r, g)})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
