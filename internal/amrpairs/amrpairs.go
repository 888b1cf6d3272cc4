// Package amrpairs draws AMR-shaped gold and candidate graphs, encoded as
// in examples/amr_ra (schema testdata/schemas/amr_ra.json), for the
// request-path benchmarks (internal/linebench, docs/PERFORMANCE.md
// "Request path") and the tests that check the fast paths of the
// interpreter on them:
//
//   - graphs of 4–15 concepts (median 6), a spanning tree of relations plus
//     a reentrancy in a third of the graphs, an attribute on one concept in
//     eight;
//   - the candidate renames every variable, reorders nodes and relations
//     and carries a parser-like error rate (≈ 10 % of the concepts wrong or
//     with another sense, ≈ 10 % of the relations dropped, ≈ 8 % with
//     another role, ≈ 5 % retargeted, an extra relation in one graph in 20).
package amrpairs

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Pair draws one request line {"id": id, "gold": …, "candidate": …}.
func Pair(r *rand.Rand, id int) ([]byte, error) {
	g := Gold(r)
	return json.Marshal(Line{ID: id, Gold: g, Candidate: Candidate(r, g)})
}

// The AMR encoding of examples/amr_ra.
type (
	// Graph is one AMR graph.
	Graph struct {
		Root      string     `json:"root"`
		Nodes     []Node     `json:"nodes"`
		Relations []Relation `json:"relations"`
	}
	// Node is a concept with its variable.
	Node struct {
		ID         string      `json:"id"`
		Concept    string      `json:"concept"`
		Attributes []Attribute `json:"attributes"`
	}
	// Attribute is a constant attached to a concept.
	Attribute struct {
		Role  string `json:"role"`
		Value string `json:"value"`
	}
	// Relation is a labelled edge between two variables.
	Relation struct {
		Source string `json:"source"`
		Role   string `json:"role"`
		Target string `json:"target"`
	}
	// Line is a request line of a pair.
	Line struct {
		ID        int   `json:"id"`
		Gold      Graph `json:"gold"`
		Candidate Graph `json:"candidate"`
	}
)

var (
	amrConcepts = []string{"want-01", "go-02", "boy", "girl", "believe-01", "say-01", "person", "city", "name",
		"have-org-role-91", "country", "government-organization", "possible-01", "make-01", "see-01", "know-01",
		"use-01", "work-01", "new", "good-02", "and", "thing", "date-entity", "cause-01", "contrast-01",
		"develop-02", "include-01", "report-01", "state-01", "think-01", "need-01", "give-01", "take-01"}
	amrRoles = []string{"ARG0", "ARG1", "ARG1", "ARG2", "mod", "time", "location", "manner", "op1", "op2",
		"poss", "domain", "ARG3", "quant", "purpose"}
	amrAttrs = []Attribute{{"polarity", "-"}, {"quant", "2"}, {"mode", "imperative"}, {"op1", "\"Paris\""}, {"year", "2010"}}
)

// Gold draws a graph of 4–15 concepts (median 6): variables in AMR
// style, a spanning tree of relations, a reentrancy in a third of the
// graphs and an attribute on one concept in eight.
func Gold(r *rand.Rand) Graph {
	u := r.Float64()
	n := 4 + int(11*u*u+0.5)
	g := Graph{}
	for i := range n {
		c := amrConcepts[r.IntN(len(amrConcepts))]
		nd := Node{ID: fmt.Sprintf("%c%d", c[0], i), Concept: c, Attributes: []Attribute{}}
		if r.IntN(8) == 0 {
			nd.Attributes = append(nd.Attributes, amrAttrs[r.IntN(len(amrAttrs))])
		}
		g.Nodes = append(g.Nodes, nd)
	}
	g.Root = g.Nodes[0].ID
	for i := 1; i < n; i++ {
		g.Relations = append(g.Relations, Relation{g.Nodes[r.IntN(i)].ID, amrRoles[r.IntN(len(amrRoles))], g.Nodes[i].ID})
	}
	if r.IntN(3) == 0 {
		a, b := r.IntN(n), r.IntN(n)
		g.Relations = append(g.Relations, Relation{g.Nodes[a].ID, amrRoles[r.IntN(4)], g.Nodes[b].ID})
	}
	return g
}

// Candidate is a parser's output for gold: every variable renamed, nodes
// and relations in another order, and the error rates of the package
// comment.
func Candidate(r *rand.Rand, g Graph) Graph {
	rename := map[string]string{}
	for i, nd := range g.Nodes {
		rename[nd.ID] = fmt.Sprintf("v%d", i+1)
	}
	c := Graph{Root: rename[g.Root]}
	for _, i := range r.Perm(len(g.Nodes)) {
		nd := g.Nodes[i]
		nd.ID = rename[nd.ID]
		switch r.IntN(20) {
		case 0: // another sense
			if k := strings.LastIndexByte(nd.Concept, '-'); k > 0 {
				nd.Concept = nd.Concept[:k] + "-03"
			}
		case 1: // another concept
			nd.Concept = amrConcepts[r.IntN(len(amrConcepts))]
		}
		c.Nodes = append(c.Nodes, nd)
	}
	for _, i := range r.Perm(len(g.Relations)) {
		rel := g.Relations[i]
		rel.Source, rel.Target = rename[rel.Source], rename[rel.Target]
		switch x := r.IntN(100); {
		case x < 10:
			continue // dropped
		case x < 18:
			rel.Role = amrRoles[r.IntN(len(amrRoles))]
		case x < 23:
			rel.Target = c.Nodes[r.IntN(len(c.Nodes))].ID
		}
		c.Relations = append(c.Relations, rel)
	}
	if r.IntN(20) == 0 {
		c.Relations = append(c.Relations, Relation{c.Nodes[r.IntN(len(c.Nodes))].ID, amrRoles[r.IntN(len(amrRoles))], c.Nodes[r.IntN(len(c.Nodes))].ID})
	}
	if len(c.Relations) == 0 {
		c.Relations = []Relation{}
	}
	return c
}
