package wl

import (
	"slices"
	"testing"
)

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
	// A candidate-only label is named by its content: the identifier of a
	// reference item does not count, any other item does.
	withLoop := func(label Label) []uint64 {
		cand := &Graph{}
		for range 3 {
			cand.AddVertex(Label{})
		}
		cand.AddIncidence(0, 1, "r", Label{}) // 0 → 1 ← 2: 0 and 2 alike
		cand.AddIncidence(2, 1, "r", Label{})
		cand.AddIncidence(2, 2, "loop", label)
		cand.AddIncidence(0, 0, "loop", NewLabel(Tuple("string", "k", "v")))
		var ws Workspace
		Refine(gold, cand, -1, &ws)
		return []uint64{ws.CandidateKey(0), ws.CandidateKey(1), ws.CandidateKey(2)}
	}
	ref := func(id string) Label {
		return NewLabel(Tuple(RefItem, "company", "employer", id), Tuple("string", "k", "v"))
	}
	k1, k2 := withLoop(ref("c1")), withLoop(ref("c2"))
	if !slices.Equal(k1, k2) {
		t.Errorf("renaming the identifier of a reference item changes the keys: %v, %v", k1, k2)
	}
	if k1[0] == k1[2] {
		t.Errorf("the ends, with loops of different content, share the key %x", k1[0])
	}
	k3 := withLoop(NewLabel(Tuple("string", "k", "v")))
	if k3[0] != k3[2] {
		t.Errorf("the ends, with loops of equal content, get keys %x and %x", k3[0], k3[2])
	}
	k4 := withLoop(NewLabel(Tuple("string", "k", "w")))
	if k4[2] == k3[2] {
		t.Errorf("loops of different content give one key %x", k4[2])
	}
}

// TestRefPrefix checks the reduction of reference items for the content
// of candidate-only labels.
func TestRefPrefix(t *testing.T) {
	for _, c := range []struct{ item, want string }{
		{Tuple(RefItem, "s", "r", "id"), Tuple(RefItem, "s", "r")},
		{Tuple(RefItem, "s", "r"), Tuple(RefItem, "s", "r")},
		{Tuple("string", "xref", "r", "v"), Tuple("string", "xref", "r", "v")},
		{"xref", "xref"},
		{"", ""},
		{"\xff", "\xff"},
	} {
		if got := refPrefix(c.item); got != c.want {
			t.Errorf("refPrefix(%q) = %q, want %q", c.item, got, c.want)
		}
	}
}
