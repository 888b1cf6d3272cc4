package align

import (
	"slices"
	"strconv"

	"github.com/objectaligner/oagen/jsonval"
)

// AttributionOptions configures Attribute (docs/SCORING.md §9.2).
type AttributionOptions struct {
	// Granularity is leaf (also when empty), subtree or all. Subtree and
	// all add one row per list and object node (not additive).
	Granularity Granularity
	// IncludeAbsent keeps the rows of absent tuple positions (docs/SCORING.md §5.5),
	// which are left out by default. They carry weight 0.
	IncludeAbsent bool
}

// The part of an attribution row.
const (
	PartKey   = "key"   // the key term of an object entry
	PartValue = "value" // a value: a leaf, or a list/object node
)

// The kinds of attribution rows that are not leaves.
const (
	RowKindList   = "list"
	RowKindObject = "object"
)

// AttributionRow is one location's share of the deficit (docs/SCORING.md §9.2).
type AttributionRow struct {
	// Path is the JSON Pointer of the location: object steps use the gold
	// key when there is one, else the candidate key; list steps use the
	// entry position for every list kind.
	Path string
	// Score is the score of the location (the key similarity for key rows).
	Score float64
	// Weight is the effective weight c of the location (docs/SCORING.md §8.2).
	Weight float64
	// Contribution is Weight·(1 − Score), the part of 1 − score the location
	// accounts for.
	Contribution float64
	// Gold and Pred are the two sides (the keys for key rows); HasGold and
	// HasPred are false for an absent side.
	Gold, Pred       jsonval.Value
	HasGold, HasPred bool
	// Kind is the leaf kind ("", "id", "ref", "null", "absent"; "" for key
	// rows), or RowKindList / RowKindObject for a row of a list or object
	// node.
	Kind string
	// Part is PartKey for the key term of an object entry, else PartValue.
	Part string
	// Node is true for the per-node rows that granularity subtree and all
	// add; false for leaf rows and for the synthetic row of an empty list or
	// object or of a list whose alphas are all zero.
	Node bool
}

// Attribution is the per-location decomposition of a pair's deficit
// (docs/SCORING.md §9.2).
type Attribution struct {
	// Rows are sorted by contribution, descending; ties keep walk order.
	Rows []AttributionRow
	// Score is the pair's score.
	Score float64
	// Total is the compensated sum of the contributions (docs/SCORING.md §10.2).
	Total float64
	// Residual is Total − (1 − Score): 0 up to rounding for granularity leaf.
	Residual float64
}

// LeafKindName is the reference's name of a leaf kind (docs/SCORING.md §1.5).
func LeafKindName(k LeafKind) string {
	switch k {
	case LeafID:
		return "id"
	case LeafRef:
		return "ref"
	case LeafNull:
		return "null"
	case LeafAbsent:
		return "absent"
	case LeafBranch:
		return "branch"
	}
	return ""
}

// Attribute decomposes the deficit 1 − score of a match tree into one row
// per leaf (docs/SCORING.md §9.2), with the effective weights of the repair walk
// (docs/SCORING.md §8.2 with the docs/SCORING.md §8.5 corrections): weight c, contribution c(1 − s).
//
// The walk visits every list child and every object entry, including those
// whose alpha is 0 (ignored entries, zero-weight members: their rows carry
// weight 0), except absent tuple positions unless IncludeAbsent. An object
// entry gives a key row when its key alpha is non-zero, then the rows of its
// value. An empty list or object, and a list whose alphas are all zero, give
// one synthetic row at their own path instead of rows for their children.
// Rows of list and object nodes display the node's aligned values
// (docs/SCORING.md §1.6), rebuilt from the tree. A nil root yields no rows, with Score
// and Residual computed from score.
func Attribute(root *Match, score float64, opts AttributionOptions) (Attribution, error) {
	return AttributeInto(nil, root, score, opts)
}

// AttributeInto is Attribute building the rows in the storage of rows
// when it has room (its content is overwritten; the returned Rows share
// it), so that a caller that reads the rows of one tree after another
// allocates them once.
func AttributeInto(rows []AttributionRow, root *Match, score float64, opts AttributionOptions) (Attribution, error) {
	g, err := ParseGranularity(string(opts.Granularity))
	if err != nil {
		return Attribution{}, err
	}
	w := attributor{nodes: g != GranularityLeaf, absent: opts.IncludeAbsent}
	if root != nil {
		if n := w.maxRows(root); cap(rows) >= n {
			w.rows = rows[:0]
		} else {
			w.rows = make([]AttributionRow, 0, n)
		}
		w.node(root, "", 1.0)
	}
	contribs := make([]float64, len(w.rows))
	for i := range w.rows {
		contribs[i] = w.rows[i].Contribution
	}
	at := Attribution{Rows: w.rows, Score: score, Total: NeumaierSum(contribs)}
	at.Residual = at.Total - (1 - score)
	sortByContribution(at.Rows, contribs)
	return at, nil
}

// sortByContribution sorts rows by decreasing contribution, stably;
// contribs holds their contributions in order. It sorts the positions with
// the rows' comparison (slices.SortStableFunc decides from the comparisons
// alone, so the order is the one sorting the rows gives) and then moves
// each row once, instead of moving the large rows at every step of the
// sort.
func sortByContribution(rows []AttributionRow, contribs []float64) {
	if len(rows) < 2 {
		return
	}
	from := make([]int, len(rows))
	for i := range from {
		from[i] = i
	}
	slices.SortStableFunc(from, func(x, y int) int { return cmpDesc(contribs[x], contribs[y]) })
	// Apply the permutation (row i takes the row at from[i]) cycle by
	// cycle; a placed position is marked -1.
	for start := range rows {
		if from[start] < 0 || from[start] == start {
			continue
		}
		tmp := rows[start]
		j := start
		for {
			k := from[j]
			from[j] = -1
			if k == start {
				rows[j] = tmp
				break
			}
			rows[j] = rows[k]
			j = k
		}
	}
}

// maxRows bounds the rows the walk of Attribute makes of the tree at m
// (the same walk, counting; absent positions are counted whether or not
// they are kept), so that the rows are allocated once.
func (w *attributor) maxRows(m *Match) int {
	n := 0
	switch m.Type {
	case LeafNode:
		return 1
	case ListNode:
		if w.nodes {
			n++
		}
		if !slices.ContainsFunc(m.Children, func(ch ListChild) bool { return ch.Alpha != 0 }) {
			return n + 1
		}
		for _, ch := range m.Children {
			if ch.Match != nil {
				n += w.maxRows(ch.Match)
			}
		}
	case ObjectNode:
		if w.nodes {
			n++
		}
		if len(m.Entries) == 0 {
			return n + 1
		}
		for i := range m.Entries {
			e := &m.Entries[i]
			if e.KeyAlpha != 0 {
				n++
			}
			if e.Value != nil {
				n += w.maxRows(e.Value)
			}
		}
	}
	return n
}

// attributor accumulates the rows of Attribute in walk order.
type attributor struct {
	nodes  bool // add a row per list/object node
	absent bool // keep absent tuple positions
	rows   []AttributionRow
}

func (w *attributor) node(m *Match, path string, c float64) {
	switch m.Type {
	case LeafNode:
		w.leaf(m, path, c)
	case ListNode:
		if w.nodes {
			w.containerRow(m, path, c, RowKindList, true)
		}
		allZero := true
		for _, ch := range m.Children {
			if ch.Alpha != 0 {
				allZero = false
				break
			}
		}
		if allZero {
			w.containerRow(m, path, c, RowKindList, false)
			return
		}
		for i, ch := range m.Children {
			cm := ch.Match
			if cm == nil || (!w.absent && (ch.Role == RoleAbsent || (cm.Type == LeafNode && cm.Leaf == LeafAbsent))) {
				continue
			}
			childPath := path + "/" + strconv.Itoa(i)
			cc := float64(c * ch.Alpha)
			if cm.Type == LeafNode {
				w.leaf(cm, childPath, cc)
				continue
			}
			w.node(cm, childPath, cc)
		}
	case ObjectNode:
		if w.nodes {
			w.containerRow(m, path, c, RowKindObject, true)
		}
		if len(m.Entries) == 0 {
			w.containerRow(m, path, c, RowKindObject, false)
			return
		}
		for i := range m.Entries {
			e := &m.Entries[i]
			key := e.GoldKey
			if !e.HasGoldKey {
				key = e.PredKey
			}
			entryPath := path + "/" + EscapePointerToken(key)
			if e.KeyAlpha != 0 {
				ck := float64(c * e.KeyAlpha)
				r := AttributionRow{Path: entryPath, Score: e.KeyScore, Weight: ck, Contribution: delta(ck, e.KeyScore),
					HasGold: e.HasGoldKey, HasPred: e.HasPredKey, Part: PartKey}
				if e.HasGoldKey {
					r.Gold = jsonval.NewString(e.GoldKey)
				}
				if e.HasPredKey {
					r.Pred = jsonval.NewString(e.PredKey)
				}
				w.rows = append(w.rows, r)
			}
			if e.Value == nil {
				continue
			}
			w.node(e.Value, entryPath, float64(c*e.ValueAlpha))
		}
	}
}

// leaf appends the row of a leaf.
func (w *attributor) leaf(m *Match, path string, c float64) {
	w.rows = append(w.rows, AttributionRow{
		Path: path, Score: m.Score, Weight: c, Contribution: delta(c, m.Score),
		Gold: m.Gold, Pred: m.Pred, HasGold: m.HasGold, HasPred: m.HasPred,
		Kind: LeafKindName(m.Leaf), Part: PartValue,
	})
}

// containerRow appends the row of a list or object node: a per-node row
// (node true) or the synthetic row standing for its children.
func (w *attributor) containerRow(m *Match, path string, c float64, kind string, node bool) {
	g, p := AlignedValues(m)
	w.rows = append(w.rows, AttributionRow{
		Path: path, Score: m.Score, Weight: c, Contribution: delta(c, m.Score),
		Gold: g, Pred: p, HasGold: true, HasPred: true,
		Kind: kind, Part: PartValue, Node: node,
	})
}

// AlignedValues rebuilds the aligned gold and candidate values of a match
// node (docs/SCORING.md §1.6) from the tree: a leaf's two sides (null when absent); for
// a list, the per-entry values in entry order (null where an entry has no
// such side); for an object, each entry's key with its value's aligned value,
// for the entries that have a key on that side.
func AlignedValues(m *Match) (gold, pred jsonval.Value) {
	if m == nil {
		return jsonval.Value{}, jsonval.Value{}
	}
	switch m.Type {
	case ListNode:
		gs := make([]jsonval.Value, len(m.Children))
		ps := make([]jsonval.Value, len(m.Children))
		for i, ch := range m.Children {
			gs[i], ps[i] = AlignedValues(ch.Match)
		}
		return jsonval.NewArray(gs), jsonval.NewArray(ps)
	case ObjectNode:
		var gm, pm []jsonval.Member
		for _, e := range m.Entries {
			g, p := AlignedValues(e.Value)
			if e.HasGoldKey {
				gm = append(gm, jsonval.Member{Key: e.GoldKey, Value: g})
			}
			if e.HasPredKey {
				pm = append(pm, jsonval.Member{Key: e.PredKey, Value: p})
			}
		}
		return jsonval.NewObject(gm), jsonval.NewObject(pm)
	}
	if m.HasGold {
		gold = m.Gold
	}
	if m.HasPred {
		pred = m.Pred
	}
	return gold, pred
}
