package eval

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// TestScoredReference compares Observer.Scored, whose attribution walk
// (attrWalk) carries the path nodes down the tree and whose paired
// containers are walked once (appendPaired), with the observation as it
// was written before: the rows of Result.AttributionInto, each path
// normalized from its JSON Pointer, and a walk of the tree for each count
// of the paired containers (scoredReference). The cases must be
// equal, deficits bit for bit and paths in the same order, on every
// conformance vector in both profiles, with the documents as given and
// swapped, and with the match tree's alphas and scores changed so that
// contributions tie, vanish and turn NaN.
func TestScoredReference(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	step := 1
	if testing.Short() {
		step = 7
	}
	o := NewObserver(DefaultConfig())
	compared, rows := 0, 0
	for i := 0; i < len(vs); i += step {
		v := vs[i]
		for _, compat := range []interp.Compat{interp.CompatDefault, interp.CompatReference} {
			sc, err := interp.Compile(v.SchemaText, v.ID, interp.Options{Compat: compat})
			if err != nil {
				continue
			}
			for k, docs := range [][2]jsonval.Value{{v.Gold, v.Cand}, {v.Cand, v.Gold}} {
				res, err := sc.Align(docs[0], docs[1])
				if err != nil {
					continue
				}
				l := Line{Number: i + 1, Key: uint64(i)}
				if i%2 == 0 {
					l.ID = json.RawMessage(strconv.Quote(v.ID))
				}
				for variant := range 3 {
					if variant > 0 {
						if res.Match == nil {
							break
						}
						perturb(res.Match, variant)
					}
					got, err := o.Scored(l, sc, res, nil)
					if err != nil {
						t.Fatal(err)
					}
					want, err := o.scoredReference(l, sc, res, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !sameCase(got, want) {
						t.Fatalf("%s (%s, documents %d, variant %d):\n%+v\nreference\n%+v", v.ID, compat, k, variant, got.Paths, want.Paths)
					}
					compared++
					rows += len(got.Paths)
				}
			}
		}
	}
	t.Logf("%d cases compared, %d path entries", compared, rows)
	if compared < 500 {
		t.Fatalf("%d cases compared: too few", compared)
	}
}

// sameCase reports whether two cases are equal, their deficits and the
// non-matches' deltas bit for bit (NaN included). It zeroes them.
func sameCase(a, b Case) bool {
	if len(a.Paths) != len(b.Paths) {
		return false
	}
	for i := range a.Paths {
		if math.Float64bits(a.Paths[i].Deficit) != math.Float64bits(b.Paths[i].Deficit) {
			return false
		}
		a.Paths[i].Deficit, b.Paths[i].Deficit = 0, 0
	}
	if len(a.NonMatches) != len(b.NonMatches) {
		return false
	}
	for i := range a.NonMatches {
		if math.Float64bits(a.NonMatches[i].Delta) != math.Float64bits(b.NonMatches[i].Delta) {
			return false
		}
		a.NonMatches[i].Delta, b.NonMatches[i].Delta = 0, 0
	}
	return reflect.DeepEqual(a, b)
}

// perturb changes a match tree so that the attribution's contributions
// take other values: variant 1 sets the alphas to a few shared values (ties
// for the stable sort, zeros that make containers all-zero), variant 2
// sets some leaf scores to NaN and some to exactly 1 or 0.
func perturb(m *align.Match, variant int) {
	n := 0
	var walk func(m *align.Match)
	walk = func(m *align.Match) {
		if m == nil {
			return
		}
		n++
		switch m.Type {
		case align.LeafNode:
			if variant == 2 {
				switch n % 5 {
				case 0:
					m.Score = math.NaN()
				case 1:
					m.Score = 1
				case 3:
					m.Score = 0
				}
			}
		case align.ListNode:
			for i := range m.Children {
				if variant == 1 {
					m.Children[i].Alpha = []float64{0, 0.25, 0.5, 0.25}[(n+i)%4]
				}
				walk(m.Children[i].Match)
			}
		case align.ObjectNode:
			for i := range m.Entries {
				e := &m.Entries[i]
				if variant == 1 {
					e.KeyAlpha = []float64{0, 0.125, 0.5}[(n+i)%3]
					e.ValueAlpha = []float64{0.5, 0, 0.125, 1}[(n+i)%4]
				}
				if variant == 2 && n%4 == 1 {
					e.KeyScore = math.NaN()
				}
				walk(e.Value)
			}
		}
	}
	walk(m)
}

// scoredReference is Observer.Scored as it was before attrWalk: the
// attribution rows of Result.AttributionInto, observed one by one
// (observeRowReference).
func (o *Observer) scoredReference(l Line, sc *interp.Scorer, res *interp.Result, ops []align.Op) (Case, error) {
	c := Case{ID: l.ID, Line: l.Number, Key: l.Key, Score: res.Score, Invalid: res.Invalid != nil}
	if len(ops) > 0 {
		f := newFix(ops[0])
		c.TopFix = &f
	}
	sch := sc.Schema()
	obs := newPathSet()
	obs.reset(int(min(o.pathsHint.Load(), maxKeptPaths)))
	countGold(obs, sch.Root, res.Gold)
	switch {
	case res.Invalid != nil:
		e := obs.get(InvalidPath, KindInvalid, "")
		e.Occurrences++
		e.Deficit = 1
	case res.Match == nil:
		// The root kinds differ (the score is 0): the whole value is
		// wrong. This is what observeRow makes of the default profile's
		// attribution row at the root (similarity 0), counted here so
		// that the reference profile, whose attribution has no row,
		// counts it the same.
		e := obs.get("", KindPath, "")
		e.count(ClassWrong)
		e.Deficit = 1
	default:
		at, err := res.AttributionInto(nil, align.AttributionOptions{})
		if err != nil {
			return c, err
		}
		for i := range at.Rows {
			o.observeRowReference(obs, sch.Root, &at.Rows[i])
		}
		o.countPairedContainersReference(obs, sch.Root, res.Match)
		countBothAbsentReference(obs, sch.Root, res.Match)
	}
	for _, b := range res.Bijections {
		e := obs.get(ScopePath(b.Scope), KindScope, b.Scope)
		e.Occurrences += int64(len(b.Pairs))
		for _, p := range b.Pairs {
			if p.HasCandidate {
				e.count(ClassExact)
			} else {
				e.count(ClassMissing)
			}
		}
		for range b.Excess {
			e.count(ClassInvented)
		}
	}
	c.Paths = obs.list
	obs.list = nil // the case's now
	o.pathsHint.Store(int64(len(c.Paths)))
	c.NonMatches = o.nonMatches(l, sch.Root, res)
	return c, nil
}

// observeRowReference adds one attribution row to its path entry, its
// path normalized from its JSON Pointer.
func (o *Observer) observeRowReference(obs *pathSet, root *ir.Node, r *align.AttributionRow) {
	p := o.pattern(root, r.Path)
	e := obs.node(obs.trie.lookup(p.path), scopeOf(p.node))
	e.Deficit += r.Contribution
	if r.Part != align.PartValue || r.Kind == "id" || r.Kind == "absent" || r.Kind == align.RowKindList || r.Kind == align.RowKindObject {
		return
	}
	if r.Kind == "ref" && r.HasGold && r.HasPred && !r.Gold.IsNull() && !r.Pred.IsNull() {
		if r.Score >= 1 {
			e.count(ClassExact)
		} else {
			e.count(ClassWrong)
			e.WrongReference++
		}
		return
	}
	e.count(o.Class(r.HasGold && !r.Gold.IsNull(), r.HasPred && !r.Pred.IsNull(), r.Score))
}

// countPairedContainersReference, walkPairedReference and
// countBothAbsentReference are the paired containers' walks as they were
// before appendPaired.
//
// countPairedContainersReference counts the outcome of every array and object paired
// on both sides (the root included) at its normalized path, by its
// similarity: the list and object nodes of the match tree (an unpaired
// value is a leaf of the tree, counted by its attribution row). It visits
// the nodes that the attribution walks (align.Attribute), so that a
// container is counted where its members are: not below an array whose
// elements all weigh 0.
func (o *Observer) countPairedContainersReference(obs *pathSet, root *ir.Node, m *align.Match) {
	walkPairedReference(obs.trie, root, m, func(p *pathNode, node *ir.Node, m *align.Match) {
		obs.node(p, scopeOf(node)).count(o.Class(true, true, m.Score))
	})
}

// walkPaired calls visit for every list and object node of the match tree
// that the attribution walks, with its normalized path (a node of t) and
// schema node.
func walkPairedReference(t *pathTrie, root *ir.Node, m *align.Match, visit func(p *pathNode, node *ir.Node, m *align.Match)) {
	var walk func(m *align.Match, p *pathNode, node *ir.Node)
	walk = func(m *align.Match, p *pathNode, node *ir.Node) {
		if m == nil || m.Type == align.LeafNode {
			return
		}
		visit(p, node, m)
		switch m.Type {
		case align.ListNode:
			if !slices.ContainsFunc(m.Children, func(ch align.ListChild) bool { return ch.Alpha != 0 }) {
				return
			}
			for i, ch := range m.Children {
				if ch.Match != nil && ch.Match.Type != align.LeafNode {
					q, child := stepIndex(t, p, node, i)
					walk(ch.Match, q, child)
				}
			}
		case align.ObjectNode:
			for _, e := range m.Entries {
				if e.Value != nil && e.Value.Type != align.LeafNode {
					key := e.GoldKey
					if !e.HasGoldKey {
						key = e.PredKey
					}
					tok, child := step(node, align.EscapePointerToken(key))
					walk(e.Value, t.child(p, tok), child)
				}
			}
		}
	}
	walk(m, t.root, root)
}

// countBothAbsent counts, in every paired object of the match tree, each
// member that its schema node declares and that neither side has
// (BothAbsent), at the member's normalized path.
func countBothAbsentReference(obs *pathSet, root *ir.Node, m *align.Match) {
	walkPairedReference(obs.trie, root, m, func(path *pathNode, node *ir.Node, m *align.Match) {
		if m.Type != align.ObjectNode || node == nil {
			return
		}
		for _, p := range node.Properties {
			if slices.ContainsFunc(m.Entries, func(e align.ObjectEntry) bool {
				return e.HasGoldKey && e.GoldKey == p.Name || e.HasPredKey && e.PredKey == p.Name
			}) {
				continue
			}
			obs.node(obs.trie.child(path, align.EscapePointerToken(p.Name)), scopeOf(p.Node)).count(ClassBothAbsent)
		}
	})
}

// TestSortRowsShort checks that sortRowsShort orders rows as
// slices.SortStableFunc orders them by decreasing contribution (ties,
// signed zeros and infinities included), and that it leaves NaN and
// long lists to it.
func TestSortRowsShort(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	values := []float64{0, math.Copysign(0, -1), 0.25, 0.5, 1e-300, math.Inf(1), math.Inf(-1), -0.125}
	nodes := make([]pathNode, maxInsertionRows+1)
	for k := range 5000 {
		n := r.IntN(maxInsertionRows + 2)
		rows := make([]attrRow, n)
		for i := range rows {
			c := values[r.IntN(len(values))]
			if k%3 == 0 {
				c = r.Float64()
			}
			rows[i] = attrRow{contribution: c, node: &nodes[i]}
		}
		if n > 0 && k%7 == 0 {
			rows[r.IntN(n)].contribution = math.NaN()
		}
		want := slices.Clone(rows)
		slices.SortStableFunc(want, func(x, y attrRow) int {
			switch {
			case x.contribution > y.contribution:
				return -1
			case x.contribution < y.contribution:
				return 1
			}
			return 0
		})
		before := slices.Clone(rows)
		hasNaN := slices.ContainsFunc(rows, func(x attrRow) bool { return math.IsNaN(x.contribution) })
		sorted := sortRowsShort(rows)
		if sorted != (n <= maxInsertionRows && !hasNaN) {
			t.Fatalf("%d rows, NaN %v: sorted %v", n, hasNaN, sorted)
		}
		if !sorted {
			if !sameRows(rows, before) {
				t.Fatalf("%d rows: changed though not sorted", n)
			}
			continue
		}
		if !sameRows(rows, want) {
			t.Fatalf("%d rows: not in the stable sort's order", n)
		}
	}
}

// sameRows reports whether two row lists hold the same rows in the same
// order, contributions bit for bit.
func sameRows(a, b []attrRow) bool {
	return slices.EqualFunc(a, b, func(x, y attrRow) bool {
		return x.node == y.node && math.Float64bits(x.contribution) == math.Float64bits(y.contribution)
	})
}
