package amr

import (
	"math/rand/v2"
	"slices"

	"github.com/objectaligner/oagen/jsonval"
)

// JSON writes the graph as the schema of schema.json reads it: top, then
// instances, relations and attributes in graph order.
func (g *Graph) JSON() jsonval.Value {
	obj := func(kv ...string) jsonval.Value {
		ms := make([]jsonval.Member, 0, len(kv)/2)
		for i := 0; i < len(kv); i += 2 {
			ms = append(ms, jsonval.Member{Key: kv[i], Value: jsonval.NewString(kv[i+1])})
		}
		return jsonval.NewObject(ms)
	}
	var ins, rel, att []jsonval.Value
	for _, x := range g.Instances {
		ins = append(ins, obj("var", x.Var, "concept", x.Concept))
	}
	for _, r := range g.Relations {
		rel = append(rel, obj("source", r.Source, "role", r.Role, "target", r.Target))
	}
	for _, a := range g.Attrs {
		att = append(att, obj("var", a.Var, "role", a.Role, "value", a.Value))
	}
	arr := func(vs []jsonval.Value) jsonval.Value {
		if vs == nil {
			vs = []jsonval.Value{}
		}
		return jsonval.NewArray(vs)
	}
	return jsonval.NewObject([]jsonval.Member{
		{Key: "top", Value: jsonval.NewString(g.Top)},
		{Key: "instances", Value: arr(ins)},
		{Key: "relations", Value: arr(rel)},
		{Key: "attributes", Value: arr(att)},
	})
}

// Triples counts a graph's Smatch triples: one per instance, relation and
// attribute, and one for the top.
func (g *Graph) Triples() int { return len(g.Instances) + len(g.Relations) + len(g.Attrs) + 1 }

// Mapping maps gold variables (by index into Instances) to candidate
// variables (index, -1 for none); it is one-to-one.
type Mapping []int

// matcher counts matched triples under a mapping.
type matcher struct {
	gold, cand *Graph
	gv, cv     map[string]int // variable → instance index
	cInst      map[[2]string]bool
	cRel       map[[3]int]map[string]int // (source, target) → role → count
	cAttr      map[[3]string]int
}

func newMatcher(gold, cand *Graph) *matcher {
	m := &matcher{gold: gold, cand: cand, gv: map[string]int{}, cv: map[string]int{},
		cInst: map[[2]string]bool{}, cRel: map[[3]int]map[string]int{}, cAttr: map[[3]string]int{}}
	for i, x := range gold.Instances {
		m.gv[x.Var] = i
	}
	for i, x := range cand.Instances {
		m.cv[x.Var] = i
	}
	for _, r := range cand.Relations {
		k := [3]int{m.cv[r.Source], m.cv[r.Target]}
		if m.cRel[k] == nil {
			m.cRel[k] = map[string]int{}
		}
		m.cRel[k][r.Role]++
	}
	for _, a := range cand.Attrs {
		m.cAttr[[3]string{a.Var, a.Role, a.Value}]++
	}
	return m
}

// matches counts the gold triples matched under f, each candidate triple
// matching at most once.
func (m *matcher) matches(f Mapping) int {
	n := 0
	for i, x := range m.gold.Instances {
		if j := f[i]; j >= 0 && m.cand.Instances[j].Concept == x.Concept {
			n++
		}
	}
	if j := f[m.gv[m.gold.Top]]; j >= 0 && m.cand.Instances[j].Var == m.cand.Top {
		n++
	}
	used := map[[3]int]map[string]int{}
	for _, r := range m.gold.Relations {
		s, t := f[m.gv[r.Source]], f[m.gv[r.Target]]
		if s < 0 || t < 0 {
			continue
		}
		k := [3]int{s, t}
		if m.cRel[k][r.Role] > used[k][r.Role] {
			if used[k] == nil {
				used[k] = map[string]int{}
			}
			used[k][r.Role]++
			n++
		}
	}
	usedA := map[[3]string]int{}
	for _, a := range m.gold.Attrs {
		j := f[m.gv[a.Var]]
		if j < 0 {
			continue
		}
		k := [3]string{m.cand.Instances[j].Var, a.Role, a.Value}
		if m.cAttr[k] > usedA[k] {
			usedA[k]++
			n++
		}
	}
	return n
}

// F1 is Smatch's F1 for a matched triple count.
func F1(matched int, gold, cand *Graph) float64 {
	return 2 * float64(matched) / float64(gold.Triples()+cand.Triples())
}

// Score returns the Smatch F1 of cand against gold under f.
func Score(gold, cand *Graph, f Mapping) float64 {
	return F1(newMatcher(gold, cand).matches(f), gold, cand)
}

// HillClimb is a Smatch-style search: from a first mapping that pairs
// variables of equal concepts, and from restarts-1 random mappings, it
// climbs by the best single move (map one gold variable to a free
// candidate variable or to none, or swap two gold variables' images) until
// no move gains, and returns the best mapping found.
func HillClimb(gold, cand *Graph, restarts int, r *rand.Rand) (Mapping, float64) {
	m := newMatcher(gold, cand)
	n, k := len(gold.Instances), len(cand.Instances)
	var best Mapping
	bestN := -1
	for it := range restarts {
		f := make(Mapping, n)
		for i := range f {
			f[i] = -1
		}
		taken := make([]bool, k)
		if it == 0 {
			for i, x := range gold.Instances {
				for j, y := range cand.Instances {
					if !taken[j] && x.Concept == y.Concept {
						f[i], taken[j] = j, true
						break
					}
				}
			}
		} else {
			perm := r.Perm(max(n, k))
			for i := range n {
				if perm[i] < k {
					f[i] = perm[i]
					taken[perm[i]] = true
				}
			}
		}
		cur := m.matches(f)
		for {
			gain, bi, bj, swap := 0, -1, -1, false
			for i := range n {
				old := f[i]
				for j := -1; j < k; j++ {
					if j == old || (j >= 0 && taken[j]) {
						continue
					}
					f[i] = j
					if d := m.matches(f) - cur; d > gain {
						gain, bi, bj, swap = d, i, j, false
					}
				}
				f[i] = old
				for i2 := i + 1; i2 < n; i2++ {
					if f[i] == f[i2] {
						continue
					}
					f[i], f[i2] = f[i2], f[i]
					if d := m.matches(f) - cur; d > gain {
						gain, bi, bj, swap = d, i, i2, true
					}
					f[i], f[i2] = f[i2], f[i]
				}
			}
			if gain == 0 {
				break
			}
			if swap {
				f[bi], f[bj] = f[bj], f[bi]
			} else {
				if f[bi] >= 0 {
					taken[f[bi]] = false
				}
				f[bi] = bj
				if bj >= 0 {
					taken[bj] = true
				}
			}
			cur += gain
		}
		if cur > bestN {
			best, bestN = slices.Clone(f), cur
		}
	}
	return best, F1(bestN, gold, cand)
}

// Optimal returns a mapping of the largest matched count by exhaustive
// search (branch and bound), or ok false when the graphs have more than
// maxVars variables on a side.
func Optimal(gold, cand *Graph, maxVars int) (Mapping, float64, bool) {
	n, k := len(gold.Instances), len(cand.Instances)
	if n > maxVars || k > maxVars {
		return nil, 0, false
	}
	m := newMatcher(gold, cand)
	f := make(Mapping, n)
	for i := range f {
		f[i] = -1
	}
	taken := make([]bool, k)
	var best Mapping
	bestN := -1
	// upper bound: triples involving unassigned gold variables may all
	// match; a mapping with them unmapped counts only the decided ones.
	var dfs func(i int)
	dfs = func(i int) {
		if i == n {
			if c := m.matches(f); c > bestN {
				best, bestN = slices.Clone(f), c
			}
			return
		}
		if m.matches(f)+m.open(i) <= bestN {
			return
		}
		for j := range k {
			if !taken[j] {
				f[i], taken[j] = j, true
				dfs(i + 1)
				f[i], taken[j] = -1, false
			}
		}
		dfs(i + 1)
	}
	dfs(0)
	return best, F1(bestN, gold, cand), true
}

// open bounds the triples that assigning gold variables i.. can still
// match: every triple touching one of them.
func (m *matcher) open(i int) int {
	n := 0
	late := func(v string) bool { return m.gv[v] >= i }
	for j := i; j < len(m.gold.Instances); j++ {
		n++
	}
	if late(m.gold.Top) {
		n++
	}
	for _, r := range m.gold.Relations {
		if late(r.Source) || late(r.Target) {
			n++
		}
	}
	for _, a := range m.gold.Attrs {
		if late(a.Var) {
			n++
		}
	}
	return n
}
