package genrt

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Res is what a generated score function returns in build mode (when it
// builds the match tree for repairs): the aligned gold and candidate values
// (docs/SCORING.md §1.6) and the match node of the pair.
type Res struct {
	Gold, Pred jsonval.Value
	Match      *align.Match
}

// Entry is one list entry in build mode: its role, the aligned values and
// its match node.
type Entry struct {
	Role       align.Role
	Gold, Pred jsonval.Value
	Match      *align.Match
}

// Leaf returns a leaf match node of the given kind and score over the gold
// value g and the candidate value p (hasG, hasP: whether each side exists).
func Leaf(kind align.LeafKind, s float64, g, p jsonval.Value, hasG, hasP bool) *Res {
	return &Res{Gold: g, Pred: p, Match: &align.Match{Type: align.LeafNode, Leaf: kind, Score: s, Confidence: 1,
		Gold: g, Pred: p, HasGold: hasG, HasPred: hasP}}
}

// EmptyObject returns the match of two objects without properties: score 1
// (docs/SCORING.md §6.2).
func EmptyObject() *Res {
	return &Res{Gold: jsonval.NewObject(nil), Pred: jsonval.NewObject(nil),
		Match: &align.Match{Type: align.ObjectNode, Score: 1, Confidence: 1}}
}

// UniformAlphas gives every entry that is not ignored the weight 1/D, D the
// number of such entries (docs/SCORING.md §8.2); ignored excess (ignoreExcess) and
// missing (ignoreMissing) entries get 0.
func UniformAlphas(ents []Entry, ignoreExcess, ignoreMissing bool) []float64 {
	a := make([]float64, len(ents))
	D := 0
	for _, e := range ents {
		if !(e.Role == align.RoleExcess && ignoreExcess || e.Role == align.RoleMissing && ignoreMissing) {
			D++
		}
	}
	if D == 0 {
		return a
	}
	for i, e := range ents {
		if !(e.Role == align.RoleExcess && ignoreExcess || e.Role == align.RoleMissing && ignoreMissing) {
			a[i] = 1.0 / float64(D)
		}
	}
	return a
}

// FinishList returns the list match node of kind with the given score,
// entries and their weights alphas. The aligned values are the entries'
// aligned values, or g and p themselves when raw (two empty tails).
func FinishList(kind align.ListKind, score float64, ents []Entry, alphas []float64, raw bool, g, p jsonval.Value) *Res {
	r := &Res{}
	m := &align.Match{Type: align.ListNode, List: kind, Score: score, Confidence: 1}
	if raw {
		r.Gold, r.Pred = g, p
	} else {
		ag := make([]jsonval.Value, len(ents))
		ap := make([]jsonval.Value, len(ents))
		for i, e := range ents {
			ag[i], ap[i] = e.Gold, e.Pred
		}
		r.Gold, r.Pred = jsonval.NewArray(ag), jsonval.NewArray(ap)
	}
	m.Children = make([]align.ListChild, len(ents))
	for i, e := range ents {
		m.Children[i] = align.ListChild{Role: e.Role, Alpha: alphas[i], Match: e.Match}
	}
	r.Match = m
	return r
}

// FinishCombined returns the match node of an array with prefixItems and
// items (docs/SCORING.md §5.4): the head entries weighted wp·halphas[i], then the tail
// entries weighted wr·talphas[i].
func FinishCombined(score, wp, wr float64, hents []Entry, halphas []float64, tents []Entry, talphas []float64) *Res {
	m := &align.Match{Type: align.ListNode, List: align.ListCombined, Score: score, Confidence: 1}
	ag := make([]jsonval.Value, 0, len(hents)+len(tents))
	ap := make([]jsonval.Value, 0, len(hents)+len(tents))
	for i, e := range hents {
		m.Children = append(m.Children, align.ListChild{Role: e.Role, Alpha: float64(wp * halphas[i]), Match: e.Match})
		ag, ap = append(ag, e.Gold), append(ap, e.Pred)
	}
	for i, e := range tents {
		m.Children = append(m.Children, align.ListChild{Role: e.Role, Alpha: float64(wr * talphas[i]), Match: e.Match})
		ag, ap = append(ag, e.Gold), append(ap, e.Pred)
	}
	return &Res{Gold: jsonval.NewArray(ag), Pred: jsonval.NewArray(ap), Match: m}
}
