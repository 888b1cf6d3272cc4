package amr

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Golds are AMR graphs written for this example in the style of the
// public AMR guidelines' examples (sentences given in the comments).
var Golds = []string{
	// The boy wants to go.
	`(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))`,
	// The boy wants the girl to believe him.
	`(w / want-01 :ARG0 (b / boy) :ARG1 (b2 / believe-01 :ARG0 (g / girl) :ARG1 b))`,
	// The soldier was not afraid of dying.
	`(f / fear-01 :polarity - :ARG0 (s / soldier) :ARG1 (d / die-01 :ARG1 s))`,
	// Cats and dogs chase each other.
	`(c / chase-01 :ARG0 (a / and :op1 (c2 / cat) :op2 (d / dog)) :ARG1 a)`,
	// The teacher and the student read a book and a paper.
	`(r / read-01 :ARG0 (a / and :op1 (t / teacher) :op2 (s / student)) :ARG1 (a2 / and :op1 (b / book) :op2 (p / paper)))`,
	// The man in Paris said he would come.
	`(s / say-01 :ARG0 (m / man :location (c / city :name (n / name :op1 "Paris"))) :ARG1 (c2 / come-01 :ARG1 m))`,
	// She gave the dog a bone quickly.
	`(g / give-01 :ARG0 (s / she) :ARG1 (b / bone) :ARG2 (d / dog) :manner (q / quick-02))`,
	// The committee approved the plan and the budget, but rejected the proposal.
	`(c / contrast-01 :ARG1 (a / approve-01 :ARG0 (c2 / committee) :ARG1 (a2 / and :op1 (p / plan) :op2 (b / budget))) :ARG2 (r / reject-01 :ARG0 c2 :ARG1 (p2 / proposal)))`,
	// Three small children played in the park.
	`(p / play-01 :ARG0 (c / child :quant 3 :mod (s / small)) :location (p2 / park))`,
	// The doctor told the patient that she should rest.
	`(t / tell-01 :ARG0 (d / doctor) :ARG1 (r / recommend-01 :ARG1 (r2 / rest-01 :ARG0 p)) :ARG2 (p / patient))`,
	// John and Mary met in 2010 and married.
	`(a / and :op1 (m / meet-03 :ARG0 (a2 / and :op1 (p / person :name (n / name :op1 "John")) :op2 (p2 / person :name (n2 / name :op1 "Mary"))) :time (d / date-entity :year 2010)) :op2 (m2 / marry-01 :ARG1 a2))`,
	// The old man and the old woman sold their house.
	`(s / sell-01 :ARG0 (a / and :op1 (m / man :mod (o / old)) :op2 (w / woman :mod (o2 / old))) :ARG1 (h / house :poss a))`,
	// Nobody saw the thief leave the bank.
	`(s / see-01 :polarity - :ARG0 (n / nobody) :ARG1 (l / leave-11 :ARG0 (t / thief) :ARG1 (b / bank)))`,
	// The company hired engineers and designers and trained them.
	`(a / and :op1 (h / hire-01 :ARG0 (c / company) :ARG1 (a2 / and :op1 (e / engineer) :op2 (d / designer))) :op2 (t / train-01 :ARG0 c :ARG2 a2))`,
	// If it rains, the game will be cancelled.
	`(c / cancel-01 :ARG1 (g / game) :condition (r / rain-01))`,
	// The cat that the dog chased ran up the tree.
	`(r / run-02 :ARG0 (c / cat :ARG1-of (c2 / chase-01 :ARG0 (d / dog))) :direction (u / up) :destination (t / tree))`,
	// Both the city and the country grew, and both prospered.
	`(a / and :op1 (g / grow-01 :ARG1 (a2 / and :op1 (c / city) :op2 (c2 / country))) :op2 (p / prosper-01 :ARG0 a2))`,
	// The pilot and the co-pilot checked the engine and the wings.
	`(c / check-01 :ARG0 (a / and :op1 (p / pilot) :op2 (p2 / person :ARG0-of (p3 / pilot-01 :mod (c2 / co)))) :ARG1 (a2 / and :op1 (e / engine) :op2 (w / wing)))`,
}

// ExampleCandidate is the candidate of the example pair (gold.json is
// Golds[4], candidate.json this graph): a parser's reading of "The teacher
// and the student read a book and a paper" that renames every variable and
// reads "paper" as "letter".
const ExampleCandidate = `(x1 / read-01 :ARG0 (x2 / and :op1 (x3 / teacher) :op2 (x4 / student)) :ARG1 (x5 / and :op1 (x6 / book) :op2 (x7 / letter)))`

// concepts are replacements for seeded concept edits.
var concepts = []string{"go-01", "want-02", "person", "thing", "and", "boy", "girl", "say-01", "city", "and"}

// roles are replacements for seeded role edits.
var roles = []string{"ARG0", "ARG1", "ARG2", "mod", "op1", "op2", "location", "time"}

// Pair is a gold graph and a candidate.
type Pair struct {
	Name       string
	Gold, Cand *Graph
}

// Pairs returns perGold candidates for each gold graph: copies with 0–3
// seeded edits (a concept replaced, a role replaced, a relation dropped or
// retargeted, a leaf instance dropped with its triples, an instance
// added), every variable renamed and every list shuffled.
func Pairs(perGold int, seed uint64) ([]Pair, error) {
	r := rand.New(rand.NewPCG(seed, 21))
	var out []Pair
	for gi, text := range Golds {
		g, err := Parse(text)
		if err != nil {
			return nil, fmt.Errorf("gold %d: %w", gi, err)
		}
		for k := range perGold {
			c := edit(g, r, k%4)
			out = append(out, Pair{Name: fmt.Sprintf("gold%d/%d", gi, k), Gold: g, Cand: c})
		}
	}
	return out, nil
}

func clone(g *Graph) *Graph {
	return &Graph{Top: g.Top, Instances: slices.Clone(g.Instances), Relations: slices.Clone(g.Relations), Attrs: slices.Clone(g.Attrs)}
}

// edit makes a damaged, renamed, shuffled copy of g with edits edits.
func edit(g *Graph, r *rand.Rand, edits int) *Graph {
	c := clone(g)
	for range edits {
		switch r.IntN(6) {
		case 0:
			i := r.IntN(len(c.Instances))
			c.Instances[i].Concept = concepts[r.IntN(len(concepts))]
		case 1:
			if len(c.Relations) > 0 {
				c.Relations[r.IntN(len(c.Relations))].Role = roles[r.IntN(len(roles))]
			}
		case 2:
			if len(c.Relations) > 0 {
				i := r.IntN(len(c.Relations))
				c.Relations = slices.Delete(c.Relations, i, i+1)
			}
		case 3:
			if len(c.Relations) > 0 {
				c.Relations[r.IntN(len(c.Relations))].Target = c.Instances[r.IntN(len(c.Instances))].Var
			}
		case 4:
			// Drop a variable other than the top, with its triples.
			if len(c.Instances) > 2 {
				i := 1 + r.IntN(len(c.Instances)-1)
				v := c.Instances[i].Var
				c.Instances = slices.Delete(c.Instances, i, i+1)
				c.Relations = slices.DeleteFunc(c.Relations, func(x Relation) bool { return x.Source == v || x.Target == v })
				c.Attrs = slices.DeleteFunc(c.Attrs, func(x Attribute) bool { return x.Var == v })
			}
		case 5:
			v := fmt.Sprintf("new%d", len(c.Instances))
			c.Instances = append(c.Instances, Instance{v, concepts[r.IntN(len(concepts))]})
			c.Relations = append(c.Relations, Relation{c.Instances[r.IntN(len(c.Instances)-1)].Var, roles[r.IntN(len(roles))], v})
		}
	}
	// Rename every variable and shuffle every list.
	name := map[string]string{}
	for i, p := range r.Perm(len(c.Instances)) {
		name[c.Instances[i].Var] = fmt.Sprintf("x%d", p+1)
	}
	for i := range c.Instances {
		c.Instances[i].Var = name[c.Instances[i].Var]
	}
	for i := range c.Relations {
		c.Relations[i].Source, c.Relations[i].Target = name[c.Relations[i].Source], name[c.Relations[i].Target]
	}
	for i := range c.Attrs {
		c.Attrs[i].Var = name[c.Attrs[i].Var]
	}
	c.Top = name[c.Top]
	r.Shuffle(len(c.Instances), func(i, j int) { c.Instances[i], c.Instances[j] = c.Instances[j], c.Instances[i] })
	r.Shuffle(len(c.Relations), func(i, j int) { c.Relations[i], c.Relations[j] = c.Relations[j], c.Relations[i] })
	r.Shuffle(len(c.Attrs), func(i, j int) { c.Attrs[i], c.Attrs[j] = c.Attrs[j], c.Attrs[i] })
	return c
}
