package align

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func leafM(score float64, gold, pred jsonval.Value, hasG, hasP bool) *Match {
	return &Match{Type: LeafNode, Score: score, Confidence: 1, Gold: gold, Pred: pred, HasGold: hasG, HasPred: hasP}
}

// rowKey summarises a row for comparison.
type rowKey struct {
	path         string
	weight, cont float64
	kind, part   string
	node         bool
}

func keysOf(rows []AttributionRow) []rowKey {
	out := make([]rowKey, len(rows))
	for i, r := range rows {
		out[i] = rowKey{r.Path, r.Weight, r.Contribution, r.Kind, r.Part, r.Node}
	}
	return out
}

func checkRows(t *testing.T, at Attribution, want []rowKey, total, residual float64) {
	t.Helper()
	got := keysOf(at.Rows)
	if len(got) != len(want) {
		t.Fatalf("rows %+v, want %+v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if math.Abs(at.Total-total) > 1e-15 || math.Abs(at.Residual-residual) > 1e-15 {
		t.Errorf("total %v residual %v, want %v, %v", at.Total, at.Residual, total, residual)
	}
}

func attribute(t *testing.T, m *Match, score float64, opts AttributionOptions) Attribution {
	t.Helper()
	at, err := Attribute(m, score, opts)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// TestAttributeList: a fixed list with a half-right element and a missing
// one; rows sorted by contribution; subtree granularity adds the node row.
func TestAttributeList(t *testing.T) {
	one, two := jsonval.NewInt(1), jsonval.NewInt(2)
	m := &Match{Type: ListNode, List: ListFixed, Score: 0.25, Confidence: 1, Children: []ListChild{
		{Role: RoleMatched, Alpha: 0.5, Match: leafM(0.5, one, two, true, true)},
		{Role: RoleMissing, Alpha: 0.5, Match: leafM(0, two, jsonval.NullValue(), true, false)},
	}}
	at := attribute(t, m, 0.25, AttributionOptions{})
	checkRows(t, at, []rowKey{
		{"/1", 0.5, 0.5, "", PartValue, false},
		{"/0", 0.5, 0.25, "", PartValue, false},
	}, 0.75, 0)
	if r := at.Rows[0]; !r.HasGold || r.HasPred || !jsonval.Equal(r.Gold, two) {
		t.Errorf("missing row sides: %+v", r)
	}
	for _, g := range []Granularity{GranularitySubtree, GranularityAll} {
		at = attribute(t, m, 0.25, AttributionOptions{Granularity: g})
		checkRows(t, at, []rowKey{
			{"", 1, 0.75, RowKindList, PartValue, true},
			{"/1", 0.5, 0.5, "", PartValue, false},
			{"/0", 0.5, 0.25, "", PartValue, false},
		}, 1.5, 0.75)
	}
	if g, p := AlignedValues(m); g.String() != "[1,2]" || p.String() != "[2,null]" {
		t.Errorf("aligned values %s, %s", g.String(), p.String())
	}
	if r := at.Rows[0]; r.Gold.String() != "[1,2]" {
		t.Errorf("node row gold %s", r.Gold.String())
	}
	if _, err := Attribute(m, 0.25, AttributionOptions{Granularity: "tree"}); err == nil {
		t.Error("unknown granularity accepted")
	}
}

// TestAttributeObject: key rows exist only for non-zero key alphas; an empty
// list value gives a synthetic row; ties keep walk order.
func TestAttributeObject(t *testing.T) {
	ks := 0.8 // a variable: a constant expression would be folded exactly
	m := &Match{Type: ObjectNode, Score: 0.825, Confidence: 1, Entries: []ObjectEntry{
		{GoldKey: "a", PredKey: "a", HasGoldKey: true, HasPredKey: true, KeyScore: 1, KeyAlpha: 0.25, ValueAlpha: 0.25,
			Value: leafM(0.5, jsonval.NewInt(1), jsonval.NewInt(2), true, true)},
		{GoldKey: "b/c", PredKey: "bb", HasGoldKey: true, HasPredKey: true, KeyScore: ks, KeyAlpha: 0.25, ValueAlpha: 0.25,
			Value: &Match{Type: ListNode, List: ListReorder, Score: 1, Confidence: 1}},
	}}
	at := attribute(t, m, 0.825, AttributionOptions{})
	checkRows(t, at, []rowKey{
		{"/a", 0.25, 0.125, "", PartValue, false},
		{"/b~1c", 0.25, float64(0.25 * (1 - ks)), "", PartKey, false},
		{"/a", 0.25, 0, "", PartKey, false},
		{"/b~1c", 0.25, 0, RowKindList, PartValue, false},
	}, 0.175, 0)
	key := at.Rows[1]
	if key.Gold.S != "b/c" || key.Pred.S != "bb" || key.Score != 0.8 {
		t.Errorf("key row: %+v", key)
	}

	// Zero key alphas: no key rows; an unpaired entry is a value row at the
	// candidate key.
	m = &Match{Type: ObjectNode, Score: 0.5, Confidence: 1, Entries: []ObjectEntry{
		{GoldKey: "a", PredKey: "a", HasGoldKey: true, HasPredKey: true, KeyScore: 1, ValueAlpha: 0.5,
			Value: leafM(1, jsonval.NewInt(1), jsonval.NewInt(1), true, true)},
		{PredKey: "z", HasPredKey: true, ValueAlpha: 0.5, Value: leafM(0, jsonval.NullValue(), jsonval.NewInt(2), false, true)},
	}}
	checkRows(t, attribute(t, m, 0.5, AttributionOptions{}), []rowKey{
		{"/z", 0.5, 0.5, "", PartValue, false},
		{"/a", 0.5, 0, "", PartValue, false},
	}, 0.5, 0)
}

// TestAttributeSynthetic: empty containers and lists whose alphas are all
// zero give one row at their own path; absent tuple positions are left out
// unless asked for.
func TestAttributeSynthetic(t *testing.T) {
	empty := &Match{Type: ObjectNode, Score: 1, Confidence: 1}
	checkRows(t, attribute(t, empty, 1, AttributionOptions{}),
		[]rowKey{{"", 1, 0, RowKindObject, PartValue, false}}, 0, 0)

	ignored := &Match{Type: ListNode, List: ListFixed, Score: 1, Confidence: 1, Children: []ListChild{
		{Role: RoleExcess, Match: leafM(0, jsonval.NullValue(), jsonval.NewString("x"), false, true)},
	}}
	checkRows(t, attribute(t, ignored, 1, AttributionOptions{}),
		[]rowKey{{"", 1, 0, RowKindList, PartValue, false}}, 0, 0)

	tuple := &Match{Type: ListNode, List: ListPrefix, Score: 1, Confidence: 1, Children: []ListChild{
		{Role: RoleMatched, Alpha: 1, Match: leafM(1, jsonval.NewInt(1), jsonval.NewInt(1), true, true)},
		{Role: RoleAbsent, Match: &Match{Type: LeafNode, Leaf: LeafAbsent, Confidence: 1}},
	}}
	checkRows(t, attribute(t, tuple, 1, AttributionOptions{}),
		[]rowKey{{"/0", 1, 0, "", PartValue, false}}, 0, 0)
	checkRows(t, attribute(t, tuple, 1, AttributionOptions{IncludeAbsent: true}), []rowKey{
		{"/0", 1, 0, "", PartValue, false},
		{"/1", 0, 0, "absent", PartValue, false},
	}, 0, 0)

	// A nil tree (a candidate that failed validation): no rows.
	at := attribute(t, nil, 0, AttributionOptions{})
	if len(at.Rows) != 0 || at.Residual != -1 {
		t.Errorf("nil tree: %+v", at)
	}
}

func TestLeafKindName(t *testing.T) {
	want := map[LeafKind]string{LeafPlain: "", LeafID: "id", LeafRef: "ref", LeafNull: "null", LeafAbsent: "absent"}
	for k, w := range want {
		if got := LeafKindName(k); got != w {
			t.Errorf("LeafKindName(%d) = %q, want %q", k, got, w)
		}
	}
}

// randomMatch builds a random match tree of depth at most depth: leaves of
// every kind, lists with zero and non-zero alphas (absent positions
// among them), objects with and without key rows, empty containers.
func randomMatch(r *rand.Rand, depth int) *Match {
	k := r.IntN(4)
	if depth == 0 {
		k = 0
	}
	switch k {
	case 1, 2:
		m := &Match{Type: ListNode, Score: r.Float64()}
		for range r.IntN(4) {
			ch := ListChild{Alpha: float64(r.IntN(3)) / 2, Match: randomMatch(r, depth-1)}
			switch r.IntN(5) {
			case 0:
				ch.Role = RoleAbsent
			case 1:
				ch.Match = nil
			}
			m.Children = append(m.Children, ch)
		}
		return m
	case 3:
		m := &Match{Type: ObjectNode, Score: r.Float64()}
		for i := range r.IntN(4) {
			e := ObjectEntry{GoldKey: strconv.Itoa(i), HasGoldKey: r.IntN(4) > 0, PredKey: strconv.Itoa(i), HasPredKey: true,
				KeyAlpha: float64(r.IntN(2)) / 4, ValueAlpha: 0.5, KeyScore: 1}
			if r.IntN(5) > 0 {
				e.Value = randomMatch(r, depth-1)
			}
			m.Entries = append(m.Entries, e)
		}
		return m
	}
	leaf := leafM(r.Float64(), jsonval.NewInt(1), jsonval.NewInt(2), r.IntN(4) > 0, r.IntN(4) > 0)
	leaf.Leaf = LeafKind(r.IntN(6))
	return leaf
}

// TestAttributeRowBound: the rows Attribute allocates up front
// (attributor.maxRows) are exactly the rows it makes when absent positions
// are kept, and an upper bound when they are not, at every granularity.
func TestAttributeRowBound(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 2))
	for i := range 3000 {
		m := randomMatch(r, 4)
		for _, g := range []Granularity{GranularityLeaf, GranularitySubtree, GranularityAll} {
			for _, absent := range []bool{true, false} {
				at := attribute(t, m, 0.5, AttributionOptions{Granularity: g, IncludeAbsent: absent})
				w := attributor{nodes: g != GranularityLeaf, absent: absent}
				bound := w.maxRows(m)
				if len(at.Rows) > bound || absent && len(at.Rows) != bound {
					t.Fatalf("tree %d, granularity %s, absent %v: %d rows, bound %d", i, g, absent, len(at.Rows), bound)
				}
			}
		}
	}
}

// TestAttributeIntoReuse: AttributeInto over storage that held the rows of
// other trees (too small, large enough, of any granularity) gives the rows
// of Attribute, field for field and in the same order, and the same
// totals.
func TestAttributeIntoReuse(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 3))
	var rows []AttributionRow
	for i := range 3000 {
		m := randomMatch(r, 4)
		score := r.Float64()
		opts := AttributionOptions{Granularity: []Granularity{GranularityLeaf, GranularitySubtree, GranularityAll}[i%3], IncludeAbsent: i%2 == 0}
		want := attribute(t, m, score, opts)
		got, err := AttributeInto(rows, m, score, opts)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Rows) != len(want.Rows) || math.Float64bits(got.Total) != math.Float64bits(want.Total) ||
			math.Float64bits(got.Residual) != math.Float64bits(want.Residual) {
			t.Fatalf("tree %d: %d rows, total %v, residual %v; want %d, %v, %v", i, len(got.Rows), got.Total, got.Residual, len(want.Rows), want.Total, want.Residual)
		}
		for j := range want.Rows {
			g, w := got.Rows[j], want.Rows[j]
			if g.Path != w.Path || g.Kind != w.Kind || g.Part != w.Part || g.Node != w.Node || g.HasGold != w.HasGold || g.HasPred != w.HasPred ||
				math.Float64bits(g.Score) != math.Float64bits(w.Score) || math.Float64bits(g.Weight) != math.Float64bits(w.Weight) ||
				math.Float64bits(g.Contribution) != math.Float64bits(w.Contribution) ||
				!jsonval.Equal(g.Gold, w.Gold) || !jsonval.Equal(g.Pred, w.Pred) {
				t.Fatalf("tree %d row %d: %+v, want %+v", i, j, g, w)
			}
		}
		if i%5 != 0 { // now and then start over from no storage
			rows = got.Rows
		} else {
			rows = nil
		}
	}
}

// TestSortByContribution: the rows of Attribute are in the order that
// sorting the walk's rows stably by decreasing contribution gives
// (sortByContribution sorts positions and moves each row once), on random
// trees and on rows with ties, NaN and infinite contributions.
func TestSortByContribution(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 4))
	check := func(name string, walk []AttributionRow) {
		t.Helper()
		want := slices.Clone(walk)
		slices.SortStableFunc(want, func(x, y AttributionRow) int { return cmpDesc(x.Contribution, y.Contribution) })
		got := slices.Clone(walk)
		contribs := make([]float64, len(got))
		for i := range got {
			contribs[i] = got[i].Contribution
		}
		sortByContribution(got, contribs)
		for i := range want {
			if got[i].Path != want[i].Path || math.Float64bits(got[i].Contribution) != math.Float64bits(want[i].Contribution) {
				t.Fatalf("%s: row %d is %q (%v), want %q (%v)", name, i, got[i].Path, got[i].Contribution, want[i].Path, want[i].Contribution)
			}
		}
	}
	for i := range 3000 {
		w := attributor{nodes: i%2 == 0, absent: i%3 == 0}
		w.node(randomMatch(r, 4), "", 1.0)
		check(fmt.Sprintf("tree %d", i), w.rows)
	}
	special := []float64{0, 0, 0.5, math.NaN(), 1, math.Inf(1), math.Copysign(0, -1), math.Inf(-1), 0.5, math.NaN()}
	for i := range 2000 {
		n := r.IntN(60)
		rows := make([]AttributionRow, n)
		for j := range rows {
			rows[j].Path = strconv.Itoa(j)
			if r.IntN(2) == 0 {
				rows[j].Contribution = special[r.IntN(len(special))]
			} else {
				rows[j].Contribution = float64(r.IntN(4)) / 4
			}
		}
		check(fmt.Sprintf("rows %d", i), rows)
	}
}
