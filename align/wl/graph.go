package wl

import "fmt"

// Size limits of one Graph. They keep vertex indices, colours and the
// relation/label kinds of the union of two graphs within 32 bits.
const (
	MaxVertices   = 1 << 30 // vertices of one Graph
	MaxIncidences = 1 << 30 // incidences of one Graph
)

// Graph is a labelled directed multigraph: one side (gold or candidate) of a
// joint refinement. Vertices are numbered 0, 1, 2, … in the order they are
// added. The zero value is an empty graph ready to use; Reset empties a graph
// for reuse while keeping its storage.
type Graph struct {
	seeds []Label
	incs  []incidence
}

// incidence is one directed incidence from → to.
type incidence struct {
	from, to int32
	kind     kindKey
}

// kindKey is what an incidence contributes to a signature besides its
// direction and the neighbour's colour. A struct of two strings (rather than
// one concatenated string) keeps relation and label apart without any
// encoding.
type kindKey struct {
	relation string
	label    Label
}

// AddVertex adds a vertex with the given seed label and returns its index.
// Use the empty Label{} for every vertex when seeds must not matter
// (docs/SCORING.md §7.7 tie_break mode) and for hub vertices.
//
// AddVertex panics if g already holds MaxVertices vertices.
func (g *Graph) AddVertex(seed Label) int {
	if len(g.seeds) >= MaxVertices {
		panic(fmt.Sprintf("wl: Graph.AddVertex: graph already holds %d vertices (the maximum)", len(g.seeds)))
	}
	g.seeds = append(g.seeds, seed)
	return len(g.seeds) - 1
}

// AddIncidence adds the directed incidence from → to with the given relation
// and edge label. Relations are opaque strings compared for equality (build
// multi-part relations with [Tuple]). Self-loops (from == to) and parallel
// incidences are allowed and count with multiplicity: a self-loop contributes
// both an outgoing and an incoming item to its vertex.
//
// AddIncidence panics if from or to is not the index of a vertex of g (a
// programming error: indices come from AddVertex) or if g already holds
// MaxIncidences incidences.
func (g *Graph) AddIncidence(from, to int, relation string, label Label) {
	if from < 0 || from >= len(g.seeds) || to < 0 || to >= len(g.seeds) {
		panic(fmt.Sprintf("wl: Graph.AddIncidence(%d, %d): vertex index out of range [0, %d)", from, to, len(g.seeds)))
	}
	if len(g.incs) >= MaxIncidences {
		panic(fmt.Sprintf("wl: Graph.AddIncidence: graph already holds %d incidences (the maximum)", len(g.incs)))
	}
	g.incs = append(g.incs, incidence{from: int32(from), to: int32(to), kind: kindKey{relation, label}})
}

// NumVertices returns the number of vertices of g. A nil *Graph is empty.
func (g *Graph) NumVertices() int {
	if g == nil {
		return 0
	}
	return len(g.seeds)
}

// NumIncidences returns the number of incidences of g. A nil *Graph is empty.
func (g *Graph) NumIncidences() int {
	if g == nil {
		return 0
	}
	return len(g.incs)
}

// Reset removes all vertices and incidences from g, keeping its storage.
func (g *Graph) Reset() {
	clear(g.seeds) // drop references to label strings
	clear(g.incs)
	g.seeds = g.seeds[:0]
	g.incs = g.incs[:0]
}
