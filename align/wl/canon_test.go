package wl

import "testing"

// TestCandidateKey checks the keys of CandidateKey on a path a → b → c
// against a gold path: listing the candidate's vertices and incidences in
// another order, or giving its edges a label the gold lacks under another
// name, permutes the keys with the vertices; the ends of the path get
// different keys.
func TestCandidateKey(t *testing.T) {
	gold := &Graph{}
	for range 3 {
		gold.AddVertex(Label{})
	}
	gold.AddIncidence(0, 1, "r", Label{})
	gold.AddIncidence(1, 2, "r", Label{})
	keys := func(order []int, rel string) []uint64 {
		cand := &Graph{}
		pos := make([]int, 3) // vertex of the path → index in cand
		for i, v := range order {
			cand.AddVertex(Label{})
			pos[v] = i
		}
		cand.AddIncidence(pos[1], pos[2], rel, Label{})
		cand.AddIncidence(pos[0], pos[1], rel, Label{})
		cand.AddIncidence(pos[2], pos[2], "only-cand-"+rel, Label{})
		var ws Workspace
		Refine(gold, cand, -1, &ws)
		out := make([]uint64, 3)
		for v := range 3 {
			out[v] = ws.CandidateKey(pos[v])
		}
		return out
	}
	want := keys([]int{0, 1, 2}, "r")
	if want[0] == want[1] || want[1] == want[2] || want[0] == want[2] {
		t.Fatalf("the vertices of a path get keys %v", want)
	}
	for _, order := range [][]int{{2, 1, 0}, {1, 0, 2}, {0, 2, 1}} {
		got := keys(order, "r")
		if got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Errorf("order %v: keys %v, want %v", order, got, want)
		}
	}
	// A candidate-only self-loop relation under another name: the same keys.
	cand := &Graph{}
	for range 3 {
		cand.AddVertex(Label{})
	}
	cand.AddIncidence(0, 1, "r", Label{})
	cand.AddIncidence(1, 2, "r", Label{})
	cand.AddIncidence(2, 2, "something else", NewLabel("x"))
	var ws Workspace
	Refine(gold, cand, -1, &ws)
	for v := range 3 {
		if ws.CandidateKey(v) != want[v] {
			t.Errorf("vertex %d: a renamed candidate-only relation changes the key", v)
		}
	}
}
