package wl

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// partition renders the colour classes of a joint colouring canonically:
// each class as "g1,g2;c91,c94" (gold names, then candidate names, each in
// vertex order), classes sorted. Colour numbers themselves do not appear.
func partition(gc, cc []int, goldNames, candNames []string) []string {
	classes := map[int]*[2][]string{}
	add := func(c, side int, name string) {
		cl := classes[c]
		if cl == nil {
			cl = new([2][]string)
			classes[c] = cl
		}
		cl[side] = append(cl[side], name)
	}
	for v, c := range gc {
		add(c, 0, goldNames[v])
	}
	for v, c := range cc {
		add(c, 1, candNames[v])
	}
	var out []string
	for _, cl := range classes {
		out = append(out, strings.Join(cl[0], ",")+";"+strings.Join(cl[1], ","))
	}
	slices.Sort(out)
	return out
}

// orgChart builds the reference graphs of docs/SCORING.md §11.2 (tie_break mode: empty
// seeds): one vertex per person, one incidence mentee → mentor per
// mentorship.
func orgChart() (gold, cand *Graph, goldIDs, candIDs []string) {
	gold, cand = new(Graph), new(Graph)
	goldIDs = []string{"1", "2", "3", "4", "5", "6"}
	candIDs = []string{"90", "91", "92", "93", "94"}
	gv := map[string]int{}
	for _, id := range goldIDs {
		gv[id] = gold.AddVertex(Label{})
	}
	cv := map[string]int{}
	for _, id := range candIDs {
		cv[id] = cand.AddVertex(Label{})
	}
	rel := Tuple("edge", "mentee", "mentor")
	for _, e := range [][2]string{{"4", "1"}, {"3", "2"}, {"5", "3"}} {
		gold.AddIncidence(gv[e[0]], gv[e[1]], rel, Label{})
	}
	for _, e := range [][2]string{{"92", "91"}, {"93", "94"}, {"90", "93"}} {
		cand.AddIncidence(cv[e[0]], cv[e[1]], rel, Label{})
	}
	return gold, cand, goldIDs, candIDs
}

func TestOrgChartRounds(t *testing.T) {
	gold, cand, goldIDs, candIDs := orgChart()
	// The table of docs/SCORING.md §11.2, one row per round limit.
	want := []struct {
		classes []string
		stats   Stats
	}{
		{[]string{"1,2,3,4,5,6;90,91,92,93,94"}, Stats{Rounds: 0, Colors: 1}},
		{[]string{"1,2;91,94", "3;93", "4,5;90,92", "6;"}, Stats{Rounds: 1, Colors: 4}},
		{[]string{"1;91", "2;94", "3;93", "4;92", "5;90", "6;"}, Stats{Rounds: 2, Colors: 6}},
		{[]string{"1;91", "2;94", "3;93", "4;92", "5;90", "6;"}, Stats{Rounds: 3, Colors: 6, Stable: true}},
	}
	var ws Workspace
	for limit, w := range want {
		gc, cc := Refine(gold, cand, limit, &ws)
		if got := partition(gc, cc, goldIDs, candIDs); !slices.Equal(got, w.classes) {
			t.Errorf("round limit %d: classes %v, want %v", limit, got, w.classes)
		}
		if got := ws.Stats(); got != w.stats {
			t.Errorf("round limit %d: stats %+v, want %+v", limit, got, w.stats)
		}
	}

	// Unlimited: stops at the third round with six classes.
	gc, cc := Refine(gold, cand, -1, &ws)
	if got, want := ws.Stats(), (Stats{Rounds: 3, Colors: 6, Stable: true}); got != want {
		t.Errorf("unlimited: stats %+v, want %+v", got, want)
	}
	tok := func(ids []string, colors []int) map[string]int {
		m := map[string]int{}
		for v, id := range ids {
			m[id] = colors[v]
		}
		return m
	}
	tg, tp := tok(goldIDs, gc), tok(candIDs, cc)
	for g, p := range map[string]string{"1": "91", "2": "94", "3": "93", "4": "92", "5": "90"} {
		if tg[g] != tp[p] {
			t.Errorf("token of gold %s (%d) != token of candidate %s (%d)", g, tg[g], p, tp[p])
		}
	}
	for _, p := range candIDs {
		if tp[p] == tg["6"] {
			t.Errorf("gold 6 shares its token with candidate %s", p)
		}
	}

	// A higher limit than needed changes nothing.
	gc2, cc2 := Refine(gold, cand, 100, nil)
	if !slices.Equal(gc, gc2) || !slices.Equal(cc, cc2) {
		t.Error("round limit 100 differs from unlimited")
	}
}

func TestOrgChartBlendSeeds(t *testing.T) {
	// blend mode: the Dave twins share their seed, everybody else is unique
	// on each side; structure must still separate the twins and pair them.
	people := map[string]string{
		"1": "Alice/Manager", "2": "Bob/Engineer", "3": "Carol/Engineer",
		"4": "Dave/Engineer", "5": "Dave/Engineer", "6": "Eve/Intern",
		"90": "Dave/Engineer", "91": "Alice/Manager", "92": "Dave/Engineer",
		"93": "Carol/Engineer", "94": "Bob/Engineer",
	}
	gold, cand := new(Graph), new(Graph)
	goldIDs := []string{"1", "2", "3", "4", "5", "6"}
	candIDs := []string{"90", "91", "92", "93", "94"}
	idx := map[string]int{}
	for _, id := range goldIDs {
		name, role, _ := strings.Cut(people[id], "/")
		idx[id] = gold.AddVertex(NewLabel(Tuple("str", "name", name), Tuple("str", "role", role)))
	}
	for _, id := range candIDs {
		name, role, _ := strings.Cut(people[id], "/")
		idx[id] = cand.AddVertex(NewLabel(Tuple("str", "role", role), Tuple("str", "name", name)))
	}
	rel := Tuple("edge", "mentee", "mentor")
	gold.AddIncidence(idx["4"], idx["1"], rel, Label{})
	gold.AddIncidence(idx["3"], idx["2"], rel, Label{})
	gold.AddIncidence(idx["5"], idx["3"], rel, Label{})
	cand.AddIncidence(idx["92"], idx["91"], rel, Label{})
	cand.AddIncidence(idx["93"], idx["94"], rel, Label{})
	cand.AddIncidence(idx["90"], idx["93"], rel, Label{})

	var ws Workspace
	gc, cc := Refine(gold, cand, -1, &ws)
	want := []string{"1;91", "2;94", "3;93", "4;92", "5;90", "6;"}
	if got := partition(gc, cc, goldIDs, candIDs); !slices.Equal(got, want) {
		t.Errorf("classes %v, want %v", got, want)
	}
	gc, cc = Refine(gold, cand, 0, &ws)
	if got := partition(gc, cc, goldIDs, candIDs); len(got) != 5 {
		t.Errorf("seed colouring has %d classes %v, want 5", len(got), got)
	}
}

// cycles adds directed cycles of the given lengths to g, and their reverse
// edges too when undirected is set.
func cycles(g *Graph, undirected bool, lengths ...int) {
	for _, k := range lengths {
		base := g.NumVertices()
		for range k {
			g.AddVertex(Label{})
		}
		for i := range k {
			g.AddIncidence(base+i, base+(i+1)%k, "next", Label{})
			if undirected {
				g.AddIncidence(base+(i+1)%k, base+i, "next", Label{})
			}
		}
	}
}

func TestSixCycleVersusTwoTrianglesIsNotSeparated(t *testing.T) {
	// The documented limit of 1-WL: both sides are 1-regular (or 2-regular
	// when undirected) with uniform labels, so every vertex keeps one colour.
	for _, undirected := range []bool{false, true} {
		gold, cand := new(Graph), new(Graph)
		cycles(gold, undirected, 6)
		cycles(cand, undirected, 3, 3)
		var ws Workspace
		gc, cc := Refine(gold, cand, -1, &ws)
		all := append(slices.Clone(gc), cc...)
		for i, c := range all {
			if c != all[0] {
				t.Fatalf("undirected=%v: vertex %d has colour %d, vertex 0 has %d", undirected, i, c, all[0])
			}
		}
		if got, want := ws.Stats(), (Stats{Rounds: 1, Colors: 1, Stable: true}); got != want {
			t.Errorf("undirected=%v: stats %+v, want %+v", undirected, got, want)
		}
	}
}

func TestSixCycleVersusTwoTrianglesWithSeedsIsSeparated(t *testing.T) {
	// Control for the test above: once one vertex is marked on each side the
	// distance to the mark separates the vertices, and the 6-cycle has
	// vertices farther away than any triangle vertex.
	gold, cand := new(Graph), new(Graph)
	gold.AddVertex(NewLabel("mark"))
	cycles(gold, false, 6)
	cand.AddVertex(NewLabel("mark"))
	cycles(cand, false, 3, 3)
	gold.AddIncidence(0, 1, "pin", Label{})
	cand.AddIncidence(0, 1, "pin", Label{})
	gc, cc := Refine(gold, cand, -1, nil)
	candColors := map[int]bool{}
	for _, c := range cc {
		candColors[c] = true
	}
	unmatched := 0
	for _, c := range gc {
		if !candColors[c] {
			unmatched++
		}
	}
	if unmatched == 0 {
		t.Error("marked 6-cycle and marked triangles were not separated")
	}
}

func TestLabelledEdgesSplitTwinsInOneRound(t *testing.T) {
	// x and y both point to z; only the edge label tells them apart.
	build := func(labelX, labelY Label, order []int) (*Graph, []string) {
		g := new(Graph)
		names := []string{"x", "y", "z"}
		for range names {
			g.AddVertex(Label{})
		}
		edges := []struct {
			from int
			lab  Label
		}{{0, labelX}, {1, labelY}}
		for _, i := range order {
			g.AddIncidence(edges[i].from, 2, Tuple("edge", "src", "dst"), edges[i].lab)
		}
		return g, names
	}
	knows, likes := NewLabel(Tuple("str", "type", "knows")), NewLabel(Tuple("str", "type", "likes"))
	gold, gn := build(knows, likes, []int{0, 1})
	cand, cn := build(knows, likes, []int{1, 0})

	var ws Workspace
	gc, cc := Refine(gold, cand, 1, &ws)
	want := []string{"x;x", "y;y", "z;z"}
	if got := partition(gc, cc, gn, cn); !slices.Equal(got, want) {
		t.Errorf("after one round: classes %v, want %v", got, want)
	}
	gc, cc = Refine(gold, cand, -1, &ws)
	if got := partition(gc, cc, gn, cn); !slices.Equal(got, want) {
		t.Errorf("final: classes %v, want %v", got, want)
	}
	if got, wantStats := ws.Stats(), (Stats{Rounds: 2, Colors: 3, Stable: true}); got != wantStats {
		t.Errorf("stats %+v, want %+v", got, wantStats)
	}

	// Control: with equal labels the twins stay together.
	gold, gn = build(knows, knows, []int{0, 1})
	cand, cn = build(knows, knows, []int{0, 1})
	gc, cc = Refine(gold, cand, -1, nil)
	if got, want := partition(gc, cc, gn, cn), []string{"x,y;x,y", "z;z"}; !slices.Equal(got, want) {
		t.Errorf("equal labels: classes %v, want %v", got, want)
	}

	// Mirrored labels on the candidate side pair x with y.
	gold, gn = build(knows, likes, []int{0, 1})
	cand, cn = build(likes, knows, []int{0, 1})
	gc, cc = Refine(gold, cand, -1, nil)
	if got, want := partition(gc, cc, gn, cn), []string{"x;y", "y;x", "z;z"}; !slices.Equal(got, want) {
		t.Errorf("mirrored labels: classes %v, want %v", got, want)
	}
}

func TestRelationsDirectionsLoopsAndMultiplicity(t *testing.T) {
	// Each case: two vertices a and b with some incidences on a one-sided
	// graph; want says whether a and b end up with different colours.
	cases := []struct {
		name  string
		build func(g *Graph) // vertices 0 = a, 1 = b, 2 = c, 3 = d exist
		split bool
	}{
		{"same relation", func(g *Graph) {
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(1, 3, "r", Label{})
		}, false},
		{"different relations", func(g *Graph) {
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(1, 3, "s", Label{})
		}, true},
		{"relation and label are not concatenated", func(g *Graph) {
			g.AddIncidence(0, 2, "ab", NewLabel("c"))
			g.AddIncidence(1, 3, "a", NewLabel("bc"))
		}, true},
		{"direction matters", func(g *Graph) {
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(3, 1, "r", Label{})
		}, true},
		{"unary self-loop versus nothing", func(g *Graph) {
			g.AddIncidence(0, 0, Tuple("unary", "role"), Label{})
		}, true},
		{"self-loop versus a two-cycle", func(g *Graph) {
			// a: loop (out a, in a). b: b→d, d→b (out d, in d). Same items
			// after one round; d differs from a only through its own items,
			// which match too, so 1-WL cannot separate them.
			g.AddIncidence(0, 0, "r", Label{})
			g.AddIncidence(1, 3, "r", Label{})
			g.AddIncidence(3, 1, "r", Label{})
		}, false},
		{"multiplicity matters", func(g *Graph) {
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(1, 3, "r", Label{})
		}, true},
		{"parallel versus two distinct targets", func(g *Graph) {
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(0, 2, "r", Label{})
			g.AddIncidence(1, 3, "r", Label{})
			g.AddIncidence(1, 4, "r", Label{})
		}, true},
	}
	for _, c := range cases {
		g := new(Graph)
		for range 5 {
			g.AddVertex(Label{})
		}
		c.build(g)
		gc, _ := Refine(g, nil, -1, nil)
		if split := gc[0] != gc[1]; split != c.split {
			t.Errorf("%s: split = %v, want %v (colours %v)", c.name, split, c.split, gc)
		}
	}
}

func TestEmptyAndDegenerateInputs(t *testing.T) {
	var ws Workspace
	gc, cc := Refine(nil, nil, -1, &ws)
	if len(gc) != 0 || len(cc) != 0 {
		t.Errorf("nil graphs: %v %v", gc, cc)
	}
	if got, want := ws.Stats(), (Stats{Stable: true}); got != want {
		t.Errorf("nil graphs: stats %+v, want %+v", got, want)
	}
	gc, cc = Refine(new(Graph), new(Graph), 5, &ws)
	if len(gc) != 0 || len(cc) != 0 {
		t.Errorf("empty graphs: %v %v", gc, cc)
	}

	// One side empty.
	g := new(Graph)
	cycles(g, false, 2)
	g.AddVertex(Label{})
	gc, cc = Refine(nil, g, -1, &ws)
	if len(gc) != 0 || !slices.Equal(cc, []int{0, 0, 1}) {
		t.Errorf("empty gold: %v %v", gc, cc)
	}

	// Vertices without incidences: seeds decide, one round confirms.
	a, b := new(Graph), new(Graph)
	a.AddVertex(NewLabel("p"))
	a.AddVertex(NewLabel("q"))
	b.AddVertex(NewLabel("q"))
	gc, cc = Refine(a, b, -1, &ws)
	if !slices.Equal(gc, []int{0, 1}) || !slices.Equal(cc, []int{1}) {
		t.Errorf("isolated vertices: %v %v", gc, cc)
	}
	if got, want := ws.Stats(), (Stats{Rounds: 1, Colors: 2, Stable: true}); got != want {
		t.Errorf("isolated vertices: stats %+v, want %+v", got, want)
	}

	// An undirected path (both directions) is symmetric: 1-WL pairs the
	// vertices at equal distance from the ends. Round k has k+1 classes, so
	// the 20 classes appear at round 19 and round 20 confirms them.
	p, q := new(Graph), new(Graph)
	for i := range 40 {
		p.AddVertex(Label{})
		if i > 0 {
			p.AddIncidence(i-1, i, "next", Label{})
			p.AddIncidence(i, i-1, "next", Label{})
		}
	}
	Refine(p, q, -1, &ws)
	if st := ws.Stats(); !st.Stable || st.Colors != 20 || st.Rounds != 20 {
		t.Errorf("path: stats %+v, want stable with 20 colours after 20 rounds", st)
	}
}

func TestAddIncidencePanicsOnBadVertex(t *testing.T) {
	for _, c := range [][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("AddIncidence(%d, %d) on a one-vertex graph did not panic", c[0], c[1])
				}
			}()
			g := new(Graph)
			g.AddVertex(Label{})
			g.AddIncidence(c[0], c[1], "r", Label{})
		}()
	}
}

func TestGraphReset(t *testing.T) {
	gold, cand, _, _ := orgChart()
	want, wantC := Refine(gold, cand, -1, nil)
	g := new(Graph)
	cycles(g, true, 7)
	g.Reset()
	if g.NumVertices() != 0 || g.NumIncidences() != 0 {
		t.Fatalf("Reset left %d vertices, %d incidences", g.NumVertices(), g.NumIncidences())
	}
	for range 6 {
		g.AddVertex(Label{})
	}
	for _, e := range [][2]int{{3, 0}, {2, 1}, {4, 2}} {
		g.AddIncidence(e[0], e[1], Tuple("edge", "mentee", "mentor"), Label{})
	}
	got, gotC := Refine(g, cand, -1, nil)
	if !slices.Equal(got, want) || !slices.Equal(gotC, wantC) {
		t.Errorf("reused graph gives %v %v, want %v %v", got, gotC, want, wantC)
	}
}

// randomGraph returns a graph with n vertices and about deg·n incidences,
// with seeds, relations and labels drawn from small alphabets so that
// refinement has ties to resolve.
func randomGraph(r *rand.Rand, n int, deg float64, seeds, relations, labels int) *Graph {
	g := new(Graph)
	for range n {
		g.AddVertex(NewLabel(fmt.Sprint(r.IntN(seeds))))
	}
	for range int(deg * float64(n)) {
		g.AddIncidence(r.IntN(n), r.IntN(n), fmt.Sprint("rel", r.IntN(relations)), NewLabel(fmt.Sprint(r.IntN(labels))))
	}
	return g
}

func TestDeterminism(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	gold := randomGraph(r, 200, 3, 2, 2, 2)
	cand := randomGraph(r, 180, 3, 2, 2, 2)
	want, wantC := Refine(gold, cand, -1, nil)
	wantStats := func() Stats { var ws Workspace; Refine(gold, cand, -1, &ws); return ws.Stats() }()

	var ws Workspace
	for i := range 100 {
		if i%10 == 0 {
			// Interleave unrelated refinements to dirty the workspace.
			Refine(randomGraph(r, 50, 2, 3, 3, 1), cand, 2, &ws)
		}
		gc, cc := Refine(gold, cand, -1, &ws)
		if !slices.Equal(gc, want) || !slices.Equal(cc, wantC) || ws.Stats() != wantStats {
			t.Fatalf("run %d differs", i)
		}
	}

	// The same multiset of incidences added in another order gives exactly
	// the same colours (not merely the same partition).
	shuffled := func(g *Graph) *Graph {
		h := new(Graph)
		for _, s := range g.seeds {
			h.AddVertex(s)
		}
		incs := slices.Clone(g.incs)
		r.Shuffle(len(incs), func(i, j int) { incs[i], incs[j] = incs[j], incs[i] })
		for _, e := range incs {
			h.AddIncidence(int(e.from), int(e.to), e.kind.relation, e.kind.label)
		}
		return h
	}
	for i := range 20 {
		gc, cc := Refine(shuffled(gold), shuffled(cand), -1, &ws)
		if !slices.Equal(gc, want) || !slices.Equal(cc, wantC) {
			t.Fatalf("shuffle %d: colours differ", i)
		}
	}
}

func TestResultsAreOwnedByWorkspace(t *testing.T) {
	gold, cand, _, _ := orgChart()
	var ws Workspace
	gc, _ := Refine(gold, cand, -1, &ws)
	_ = append(gc, 99) // must not write into the workspace's candidate buffer
	_, cc := Refine(gold, cand, -1, &ws)
	fresh, freshC := Refine(gold, cand, -1, nil)
	if !slices.Equal(gc, fresh) || !slices.Equal(cc, freshC) {
		t.Errorf("workspace results %v %v, fresh %v %v", gc, cc, fresh, freshC)
	}
}

func TestSteadyStateAllocations(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	gold := randomGraph(r, 300, 3, 1, 2, 2)
	cand := randomGraph(r, 300, 3, 1, 2, 2)
	var ws Workspace
	Refine(gold, cand, -1, &ws)
	if n := testing.AllocsPerRun(20, func() { Refine(gold, cand, -1, &ws) }); n != 0 {
		t.Errorf("Refine with a warm workspace allocates %v times per call, want 0", n)
	}
}

func TestSameSignatureComparesFullSignatures(t *testing.T) {
	// The interning never trusts a hash: sameSignature decides equality of
	// colour and item multiset on its own. Vertices 0..4 with items in
	// arbitrary order.
	segs := [][]uint64{{3, 1, 2}, {2, 3, 1}, {1, 2, 4}, {1, 2}, {2, 1, 3}}
	cols := []int32{7, 7, 7, 7, 8}
	ws := &Workspace{col: cols, sorted: make([]bool, len(segs)), start: []int{0}}
	for _, s := range segs {
		ws.items = append(ws.items, s...)
		ws.start = append(ws.start, len(ws.items))
	}
	cases := []struct {
		r, v int
		want bool
	}{
		{0, 1, true},  // same multiset, other order
		{0, 2, false}, // same length and colour, other items
		{0, 3, false}, // other length
		{0, 4, false}, // same multiset, other colour
		{1, 0, true},
	}
	for _, c := range cases {
		if got := ws.sameSignature(c.r, c.v); got != c.want {
			t.Errorf("sameSignature(%d, %d) = %v, want %v", c.r, c.v, got, c.want)
		}
	}
}
