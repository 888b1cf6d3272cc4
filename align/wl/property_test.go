package wl

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// graphSpec describes a random labelled multigraph and a permutation of its
// vertices.
type graphSpec struct {
	Seeds []int    // seed class of each vertex (0 = empty label)
	Incs  [][5]int // from, to, relation, label class (0 = empty), shuffle key
	Perm  []int    // vertex v of G is vertex Perm[v] of P(G)
}

// genGraphSpec generates graphs with 1..maxN vertices, up to 3 incidences
// per vertex (self-loops and parallel incidences included), and seed,
// relation and label alphabets of 1 to 3 symbols, so that uniform seeds and
// labels (the hard case for refinement) are common.
func genGraphSpec(maxN int) gopter.Gen {
	return gopter.CombineGens(
		gen.IntRange(1, maxN), gen.IntRange(1, 3), gen.IntRange(1, 3), gen.IntRange(1, 3),
	).FlatMap(func(v any) gopter.Gen {
		p := v.([]any)
		n, ks, kr, kl := p[0].(int), p[1].(int), p[2].(int), p[3].(int)
		inc := gopter.CombineGens(
			gen.IntRange(0, n-1), gen.IntRange(0, n-1), gen.IntRange(0, kr-1), gen.IntRange(0, kl-1), gen.Int(),
		).Map(func(vs []any) [5]int {
			return [5]int{vs[0].(int), vs[1].(int), vs[2].(int), vs[3].(int), vs[4].(int)}
		})
		return gen.IntRange(0, 3*n).FlatMap(func(v any) gopter.Gen {
			return gopter.CombineGens(
				gen.SliceOfN(n, gen.IntRange(0, ks-1)),
				gen.SliceOfN(v.(int), inc),
				gen.SliceOfN(n, gen.UInt64()),
			).Map(func(vs []any) graphSpec {
				keys := vs[2].([]uint64)
				order := make([]int, n)
				for i := range order {
					order[i] = i
				}
				slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
				perm := make([]int, n)
				for i, v := range order {
					perm[v] = i
				}
				return graphSpec{Seeds: vs[0].([]int), Incs: vs[1].([][5]int), Perm: perm}
			})
		}, reflect.TypeOf(graphSpec{}))
	}, reflect.TypeOf(graphSpec{}))
}

func specLabel(prefix string, k int) Label {
	if k == 0 {
		return Label{}
	}
	return NewLabel(prefix + strconv.Itoa(k))
}

// graph builds G.
func (s graphSpec) graph() *Graph {
	g := new(Graph)
	for _, k := range s.Seeds {
		g.AddVertex(specLabel("s", k))
	}
	for _, e := range s.Incs {
		g.AddIncidence(e[0], e[1], "r"+strconv.Itoa(e[2]), specLabel("l", e[3]))
	}
	return g
}

// permuted builds P(G), adding its incidences in another order.
func (s graphSpec) permuted() *Graph {
	n := len(s.Seeds)
	inv := make([]int, n)
	for v, pv := range s.Perm {
		inv[pv] = v
	}
	g := new(Graph)
	for i := range n {
		g.AddVertex(specLabel("s", s.Seeds[inv[i]]))
	}
	incs := slices.Clone(s.Incs)
	slices.SortStableFunc(incs, func(a, b [5]int) int { return cmp.Compare(a[4], b[4]) })
	for _, e := range incs {
		g.AddIncidence(s.Perm[e[0]], s.Perm[e[1]], "r"+strconv.Itoa(e[2]), specLabel("l", e[3]))
	}
	return g
}

func propertyParameters(t testing.TB) *gopter.TestParameters {
	p := proptest.Parameters(t)
	p.MinSuccessfulTests = longtest.Count(40, 400, 1600)
	return p
}

func TestPropertyIsomorphismInvariance(t *testing.T) {
	properties := gopter.NewProperties(propertyParameters(t))
	properties.Property("Refine(G, P(G)) colours v and P(v) alike", prop.ForAll(
		func(s graphSpec) string {
			g, pg := s.graph(), s.permuted()
			var ws Workspace
			for _, limit := range []int{-1, 0, 1, 2} {
				gc, cc := Refine(g, pg, limit, &ws)
				for v, pv := range s.Perm {
					if gc[v] != cc[pv] {
						return fmt.Sprintf("limit %d: colour(%d) = %d but colour(P(%d) = %d) = %d", limit, v, gc[v], v, pv, cc[pv])
					}
				}
			}
			return ""
		},
		genGraphSpec(24),
	))
	properties.TestingRun(t)
}

func TestPropertyResultIsStable(t *testing.T) {
	properties := gopter.NewProperties(propertyParameters(t))
	properties.Property("refining the result again changes nothing", prop.ForAll(
		func(s graphSpec) string {
			g, pg := s.graph(), s.permuted()
			var ws Workspace
			gc, cc := Refine(g, pg, -1, &ws)
			gc, cc = slices.Clone(gc), slices.Clone(cc)
			if !ws.Stats().Stable {
				return fmt.Sprintf("unlimited refinement not stable: %+v", ws.Stats())
			}
			// Same graphs, seeded with the result.
			reseed := func(src *Graph, colors []int) *Graph {
				h := new(Graph)
				for _, c := range colors {
					h.AddVertex(NewLabel(strconv.Itoa(c)))
				}
				h.incs = slices.Clone(src.incs)
				return h
			}
			gc2, cc2 := Refine(reseed(g, gc), reseed(pg, cc), -1, &ws)
			// Colours are numbered by first appearance in every round, so a
			// stable colouring reproduces itself exactly.
			if !slices.Equal(gc, gc2) || !slices.Equal(cc, cc2) {
				return fmt.Sprintf("re-refinement changed %v %v into %v %v", gc, cc, gc2, cc2)
			}
			if st := ws.Stats(); st.Rounds != 1 || !st.Stable {
				return fmt.Sprintf("re-refinement stats %+v, want one stable round", st)
			}
			return ""
		},
		genGraphSpec(24),
	))
	properties.TestingRun(t)
}

func TestPropertyAgreesWithNaiveReference(t *testing.T) {
	properties := gopter.NewProperties(propertyParameters(t))
	properties.Property("Refine equals a direct transcription of docs/SCORING.md §7.7", prop.ForAll(
		func(a, b graphSpec) string {
			g, h := a.graph(), b.permuted()
			var ws Workspace
			for _, limit := range []int{-1, 0, 1, 2, 3} {
				gc, cc := Refine(g, h, limit, &ws)
				ngc, ncc, nst := naiveRefine(g, h, limit)
				if !slices.Equal(gc, ngc) || !slices.Equal(cc, ncc) || ws.Stats() != nst {
					return fmt.Sprintf("limit %d: got %v %v %+v, naive %v %v %+v", limit, gc, cc, ws.Stats(), ngc, ncc, nst)
				}
			}
			return ""
		},
		genGraphSpec(16), genGraphSpec(16),
	))
	properties.TestingRun(t)
}

func TestPropertyLabelCanonical(t *testing.T) {
	properties := gopter.NewProperties(propertyParameters(t))
	item := gen.OneGenOf(gen.Const(""), gen.AlphaString(), gen.SliceOfN(2, gen.UInt8()).Map(func(b []uint8) string { return string(b) }))
	properties.Property("labels are equal exactly for equal multisets", prop.ForAll(
		func(a, b []string, seed int64) bool {
			sa, sb := slices.Clone(a), slices.Clone(b)
			slices.Sort(sa)
			slices.Sort(sb)
			shuffled := slices.Clone(a)
			slices.Reverse(shuffled)
			if len(shuffled) > 1 {
				k := int(uint64(seed) % uint64(len(shuffled)))
				shuffled[0], shuffled[k] = shuffled[k], shuffled[0]
			}
			return NewLabel(a...) == NewLabel(shuffled...) &&
				(NewLabel(a...) == NewLabel(b...)) == slices.Equal(sa, sb) &&
				slices.Equal(NewLabel(a...).Items(), sa)
		},
		gen.SliceOf(item), gen.SliceOf(item), gen.Int64(),
	))
	properties.TestingRun(t)
}

// naiveRefine transcribes docs/SCORING.md §7.7 literally, with text signatures and a
// map-based interning by first appearance over V. It is slow and allocates
// freely; it serves as the oracle for Refine.
func naiveRefine(gold, cand *Graph, maxRounds int) (goldColors, candColors []int, st Stats) {
	var seeds []Label
	var adj [][]string // per vertex: item text without the neighbour colour
	var nbrs [][]int
	for side, g := range []*Graph{gold, cand} {
		base := 0
		if side == 1 {
			base = gold.NumVertices()
		}
		for range g.seeds {
			adj = append(adj, nil)
			nbrs = append(nbrs, nil)
		}
		seeds = append(seeds, g.seeds...)
		for _, e := range g.incs {
			x, y := base+int(e.from), base+int(e.to)
			rl := strconv.Quote(e.kind.relation) + strconv.Quote(e.kind.label.enc)
			adj[x] = append(adj[x], `"out"`+rl)
			nbrs[x] = append(nbrs[x], y)
			adj[y] = append(adj[y], `"in"`+rl)
			nbrs[y] = append(nbrs[y], x)
		}
	}
	n := len(seeds)
	intern := func(keys []string) ([]int, int) {
		ids := map[string]int{}
		out := make([]int, len(keys))
		for v, k := range keys {
			id, ok := ids[k]
			if !ok {
				id = len(ids)
				ids[k] = id
			}
			out[v] = id
		}
		return out, len(ids)
	}
	keys := make([]string, n)
	for v, s := range seeds {
		keys[v] = "c0" + strconv.Quote(s.enc)
	}
	color, parts := intern(keys)
	st = Stats{Colors: parts, Stable: n == 0}
	rounds := n
	if maxRounds >= 0 {
		rounds = min(maxRounds, n)
	}
	for range rounds {
		for v := range n {
			items := make([]string, len(adj[v]))
			for i, it := range adj[v] {
				items[i] = it + strconv.Itoa(color[nbrs[v][i]])
			}
			slices.Sort(items)
			keys[v] = strconv.Itoa(color[v]) + ":" + strings.Join(items, ";")
		}
		newColor, newParts := intern(keys)
		st.Rounds++
		st.Colors = newParts
		color = newColor
		if newParts == parts {
			st.Stable = true
			break
		}
		parts = newParts
	}
	nG := gold.NumVertices()
	return color[:nG], color[nG:], st
}
