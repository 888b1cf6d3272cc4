package wl_test

import (
	"fmt"

	"github.com/objectaligner/oagen/align/wl"
)

// The org chart of docs/SCORING.md §11.2 in tie_break mode: every person is a vertex
// with an empty seed, every mentorship an incidence mentee → mentor.
// Refinement tells the two Dave records apart by who mentors them.
func ExampleRefine() {
	var gold, cand wl.Graph
	goldIDs := []int{1, 2, 3, 4, 5, 6}
	candIDs := []int{90, 91, 92, 93, 94}
	gv, cv := map[int]int{}, map[int]int{}
	for _, id := range goldIDs {
		gv[id] = gold.AddVertex(wl.Label{})
	}
	for _, id := range candIDs {
		cv[id] = cand.AddVertex(wl.Label{})
	}
	rel := wl.Tuple("edge", "mentee", "mentor")
	for _, m := range [][2]int{{4, 1}, {3, 2}, {5, 3}} {
		gold.AddIncidence(gv[m[0]], gv[m[1]], rel, wl.Label{})
	}
	for _, m := range [][2]int{{92, 91}, {93, 94}, {90, 93}} {
		cand.AddIncidence(cv[m[0]], cv[m[1]], rel, wl.Label{})
	}

	var ws wl.Workspace
	gc, cc := wl.Refine(&gold, &cand, -1, &ws)
	for _, g := range goldIDs {
		fmt.Printf("gold %d ->", g)
		for _, p := range candIDs {
			if gc[gv[g]] == cc[cv[p]] {
				fmt.Printf(" %d", p)
			}
		}
		fmt.Println()
	}
	fmt.Printf("%+v\n", ws.Stats())
	// Output:
	// gold 1 -> 91
	// gold 2 -> 94
	// gold 3 -> 93
	// gold 4 -> 92
	// gold 5 -> 90
	// gold 6 ->
	// {Rounds:3 Colors:6 Stable:true}
}

// Labels are multisets: the order of the items does not matter, their
// multiplicity does. Structured items are encoded with Tuple.
func ExampleNewLabel() {
	a := wl.NewLabel(wl.Tuple("str", "role", "Engineer"), wl.Tuple("str", "name", "Dave"))
	var b wl.LabelBuilder
	b.AddTuple("str", "name", "Dave")
	b.AddTuple("str", "role", "Engineer")
	fmt.Println(a == b.Label())
	fmt.Println(wl.NewLabel("x", "x") == wl.NewLabel("x"))
	// Output:
	// true
	// false
}
