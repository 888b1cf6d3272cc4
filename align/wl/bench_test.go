package wl

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPair returns a gold graph with n vertices and 3n incidences (empty
// seeds as in tie_break mode, two relations, a few edge labels) and a
// candidate that is a vertex permutation of it with 5% of its incidences
// rewired, so that refinement has both matching and diverging structure.
func benchPair(n int) (gold, cand *Graph) {
	r := rand.New(rand.NewPCG(uint64(n), 42))
	labels := []Label{{}, {}, NewLabel(Tuple("str", "type", "a")), NewLabel(Tuple("str", "type", "b"))}
	relations := []string{Tuple("edge", "head", "tail"), Tuple("unary", "arg")}
	type inc struct {
		from, to int
		rel      string
		lab      Label
	}
	incs := make([]inc, 3*n)
	for i := range incs {
		rel := relations[r.IntN(2)]
		from := r.IntN(n)
		to := r.IntN(n)
		if rel == relations[1] {
			to = from // unary incidences are self-loops (docs/SCORING.md §7.6)
		}
		incs[i] = inc{from, to, rel, labels[r.IntN(len(labels))]}
	}
	perm := r.Perm(n)

	gold, cand = new(Graph), new(Graph)
	for range n {
		gold.AddVertex(Label{})
		cand.AddVertex(Label{})
	}
	for _, e := range incs {
		gold.AddIncidence(e.from, e.to, e.rel, e.lab)
	}
	r.Shuffle(len(incs), func(i, j int) { incs[i], incs[j] = incs[j], incs[i] })
	for i, e := range incs {
		if i%20 == 0 {
			e.to = r.IntN(n)
			if e.rel == relations[1] {
				e.to = e.from
			}
		}
		cand.AddIncidence(perm[e.from], perm[e.to], e.rel, e.lab)
	}
	return gold, cand
}

func BenchmarkRefine(b *testing.B) {
	for _, n := range []int{50, 500, 5000} {
		gold, cand := benchPair(n)
		b.Run(fmt.Sprintf("V=%d", n), func(b *testing.B) {
			var ws Workspace
			Refine(gold, cand, -1, &ws)
			b.ReportAllocs()
			for b.Loop() {
				Refine(gold, cand, -1, &ws)
			}
			b.ReportMetric(float64(ws.Stats().Rounds), "rounds")
			b.ReportMetric(float64(ws.Stats().Colors), "colors")
		})
		b.Run(fmt.Sprintf("V=%d/fresh", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Refine(gold, cand, -1, nil)
			}
		})
	}
}

func BenchmarkBuildGraph(b *testing.B) {
	// The cost on the caller's side: building both graphs of the V=500 pair
	// with reused Graphs and a LabelBuilder per seed.
	gold, cand := benchPair(500)
	var g, h Graph
	var lb LabelBuilder
	b.ReportAllocs()
	for b.Loop() {
		for _, pair := range [2][2]*Graph{{gold, &g}, {cand, &h}} {
			src, dst := pair[0], pair[1]
			dst.Reset()
			for range src.seeds {
				lb.Reset()
				dst.AddVertex(lb.Label())
			}
			for _, e := range src.incs {
				dst.AddIncidence(int(e.from), int(e.to), e.kind.relation, e.kind.label)
			}
		}
	}
}
