package report

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// CaseView is the report's view of one scored case: gold and candidate
// aligned row by row, the identifier bijection of each referential scope
// and the ranked fixes. It is plain data with compact JSON names, built by
// NewCaseView and rendered by the page's script; its JSON is what
// eval.Case.Detail carries for the cases a report embeds.
type CaseView struct {
	// Invalid is the candidate's validation error, when it failed
	// validation (it then scores 0 and has no rows).
	Invalid string `json:"invalid,omitempty"`
	// Rows are the aligned rows in depth-first order.
	Rows []Row `json:"rows"`
	// Truncated is true when rows were left out beyond MaxRows.
	Truncated bool `json:"truncated,omitempty"`
	// Scopes are the identifier bijections of the referential scopes, in
	// scope order.
	Scopes []Scope `json:"scopes,omitempty"`
	// Fixes are the ranked fixes with their feedback lines.
	Fixes []Fix `json:"fixes,omitempty"`
}

// The bounds of a CaseView, so that a report embedding a few dozen cases
// stays small whatever the size of the values.
const (
	// MaxRows is the number of aligned rows a view keeps.
	MaxRows = 1000
	// MaxValueChars is the number of characters of one value's JSON text
	// a row keeps (the rest is cut, with "…").
	MaxValueChars = 240
)

// The statuses of a row.
const (
	StatusExact    = "exact"    // both sides, score 1
	StatusPartial  = "partial"  // both sides, 0 < score < 1
	StatusReplaced = "replaced" // both sides, score 0
	StatusMissing  = "missing"  // gold only
	StatusExcess   = "excess"   // candidate only
	StatusWrongRef = "wrongref" // a reference that does not point where the gold's does
)

// Row is one aligned location: a leaf comparison, an unmatched element or
// member (its whole value on one side), or the header of a matched list or
// object whose rows follow at Depth+1.
type Row struct {
	// Depth is the nesting level (0 for the members of the root).
	Depth int `json:"d"`
	// Path is the JSON Pointer of the location, as fixes write it (list
	// steps are entry positions of the alignment).
	Path string `json:"p"`
	// GoldKey and CandKey are the object keys on each side; both empty for
	// list entries and the root. A key present on one side only marks a
	// missing or excess member.
	GoldKey string `json:"gk,omitempty"`
	CandKey string `json:"ck,omitempty"`
	// Gold and Cand are the values as compact JSON (cut to
	// MaxValueChars); nil when that side has no value. For a
	// header row they are a size such as "[6]" or "{3}".
	Gold *string `json:"g,omitempty"`
	Cand *string `json:"c,omitempty"`
	// Node is "array" or "object" for header rows, "" otherwise.
	Node string `json:"n,omitempty"`
	// Kind is the leaf kind: "id", "ref", "null" or "".
	Kind string `json:"k,omitempty"`
	// Expect is, for a reference that points elsewhere, the candidate
	// identifier the gold reference maps to under the bijection.
	Expect *string `json:"x,omitempty"`
	// Status is one of the Status constants.
	Status string `json:"st"`
	// Score is the location's similarity.
	Score float64 `json:"sc"`
	// Weight is the location's effective weight in the case's score; 0 for
	// a location that does not count (an ignored excess element, a member
	// of weight 0).
	Weight float64 `json:"w"`
	// Deficit is the part of 1 − score the location accounts for,
	// Weight·(1 − Score) plus, for an object member, its key term. The
	// deficits of the rows at depth 0 add up to 1 − score, and those of a
	// header's rows to the header's deficit less its key term.
	Deficit float64 `json:"df"`
}

// Scope is the identifier bijection of one referential scope.
type Scope struct {
	// Name is the scope's name (its idScope).
	Name string `json:"name"`
	// Pairs lists every gold identifier, in gold record order, with its
	// candidate counterpart (nil: none).
	Pairs []IDPair `json:"pairs"`
	// Excess lists the candidate identifiers no gold identifier maps to.
	Excess []string `json:"excess,omitempty"`
}

// IDPair is one gold identifier and its candidate image, as JSON text
// (Cand nil: the gold identifier has none).
type IDPair struct {
	Gold string  `json:"g"`
	Cand *string `json:"c"`
}

// Fix is one ranked fix of a case: its feedback line and what the line is
// about.
type Fix struct {
	// Rank is the fix's rank in the feedback.
	Rank int `json:"r"`
	// Kind is the repair operation's kind (align.OpKind).
	Kind string `json:"k"`
	// Path is the operation's JSON Pointer, where the fix applies in the
	// candidate (docs/SCORING.md §8.4).
	Path string `json:"p"`
	// Row is the Path of the row the fix belongs to (the list's for a fix
	// of an unordered list's element), when it is not Path.
	Row string `json:"row,omitempty"`
	// Delta is the part of 1 − score the fix recovers.
	Delta float64 `json:"d"`
	// Text is the feedback line.
	Text string `json:"t"`
}

// NewCaseView builds the view of one scored case from its result and its
// ranked repair operations (interp.Result.Repair); fo renders the fixes as
// the feedback of the same run does (set fo.RefSemantics to
// res.RefSemantics() for semantic reference lines).
func NewCaseView(res *interp.Result, ops []align.Op, fo feedback.FeedbackOptions) (*CaseView, error) {
	v := &CaseView{Rows: []Row{}}
	if res.Invalid != nil {
		v.Invalid = res.Invalid.Error()
	}
	for _, b := range res.Bijections {
		s := Scope{Name: b.Scope, Pairs: make([]IDPair, len(b.Pairs))}
		for i, p := range b.Pairs {
			s.Pairs[i].Gold = jsonText(p.Gold, MaxValueChars)
			if p.HasCandidate {
				t := jsonText(p.Candidate, MaxValueChars)
				s.Pairs[i].Cand = &t
			}
		}
		for _, x := range b.Excess {
			s.Excess = append(s.Excess, jsonText(x, MaxValueChars))
		}
		v.Scopes = append(v.Scopes, s)
	}
	if res.Match != nil {
		w := rowWalker{max: MaxRows, chars: MaxValueChars}
		w.node(res.Match, "", 0, 1)
		if w.rows != nil {
			v.Rows = w.rows
		}
		v.Truncated = w.truncated
	}
	if res.Invalid != nil || len(ops) == 0 {
		return v, nil
	}
	fb, err := feedback.RenderFeedback(res.Score, ops, fo)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	for _, e := range fb.Entries {
		if e.Silent {
			continue
		}
		f := Fix{Rank: e.Rank, Kind: string(e.Op.Kind), Path: e.Op.Path, Delta: e.Op.Delta, Text: e.Text}
		if e.Op.Site != nil && e.Op.Site.Entry != f.Path {
			f.Row = e.Op.Site.Entry
		}
		v.Fixes = append(v.Fixes, f)
	}
	return v, nil
}

// jsonText is the compact JSON of v, cut to max characters with "…".
func jsonText(v jsonval.Value, max int) string {
	b := jsonval.AppendJSON(nil, v)
	if utf8.RuneCount(b) <= max {
		return string(b)
	}
	n := 0
	for i := range string(b) {
		if n == max-1 {
			return string(b[:i]) + "…"
		}
		n++
	}
	return string(b)
}

// rowWalker flattens a match tree into rows, carrying the effective weight
// of each location as the repair walk and the attribution do (docs/SCORING.md §8.2).
type rowWalker struct {
	max, chars int
	rows       []Row
	truncated  bool
}

func (w *rowWalker) add(r Row) bool {
	if len(w.rows) >= w.max {
		w.truncated = true
		return false
	}
	w.rows = append(w.rows, r)
	return true
}

func (w *rowWalker) text(v jsonval.Value) *string {
	t := jsonText(v, w.chars)
	return &t
}

// node emits the rows of m. At the root (path "") a container emits only
// its children; elsewhere the caller has emitted its header row.
func (w *rowWalker) node(m *align.Match, path string, depth int, c float64) {
	switch m.Type {
	case align.LeafNode:
		if path == "" {
			w.add(w.leafRow(m, path, depth, c))
		}
	case align.ListNode:
		for i, ch := range m.Children {
			cm := ch.Match
			if cm == nil || ch.Role == align.RoleAbsent || (cm.Type == align.LeafNode && cm.Leaf == align.LeafAbsent) {
				continue
			}
			w.child(cm, path+"/"+strconv.Itoa(i), depth, float64(c*ch.Alpha), Row{})
			if w.truncated {
				return
			}
		}
	case align.ObjectNode:
		for i := range m.Entries {
			e := &m.Entries[i]
			key := e.GoldKey
			if !e.HasGoldKey {
				key = e.PredKey
			}
			r := Row{GoldKey: e.GoldKey, CandKey: e.PredKey}
			if e.KeyAlpha != 0 {
				ck := float64(c * e.KeyAlpha)
				r.Deficit = float64(ck * (1 - e.KeyScore))
			}
			if e.Value == nil {
				continue
			}
			w.child(e.Value, path+"/"+align.EscapePointerToken(key), depth, float64(c*e.ValueAlpha), r)
			if w.truncated {
				return
			}
		}
	}
}

// child emits the row of a list child or object member m (with the labels
// and key deficit of r) and, for a matched container, its rows.
func (w *rowWalker) child(m *align.Match, path string, depth int, c float64, r Row) {
	if m.Type == align.LeafNode {
		lr := w.leafRow(m, path, depth, c)
		lr.GoldKey, lr.CandKey = r.GoldKey, r.CandKey
		lr.Deficit += r.Deficit
		w.add(lr)
		return
	}
	r.Path, r.Depth, r.Score, r.Weight = path, depth, m.Score, c
	r.Deficit += float64(c * (1 - m.Score))
	r.Status = scoreStatus(m.Score)
	gold, cand := 0, 0
	if m.Type == align.ListNode {
		r.Node = "array"
		for _, ch := range m.Children {
			switch ch.Role {
			case align.RoleMatched:
				gold++
				cand++
			case align.RoleMissing:
				gold++
			case align.RoleExcess:
				cand++
			}
		}
		gs, cs := "["+strconv.Itoa(gold)+"]", "["+strconv.Itoa(cand)+"]"
		r.Gold, r.Cand = &gs, &cs
	} else {
		r.Node = "object"
		for _, e := range m.Entries {
			if e.HasGoldKey {
				gold++
			}
			if e.HasPredKey {
				cand++
			}
		}
		gs, cs := "{"+strconv.Itoa(gold)+"}", "{"+strconv.Itoa(cand)+"}"
		r.Gold, r.Cand = &gs, &cs
	}
	if !w.add(r) {
		return
	}
	w.node(m, path, depth+1, c)
}

// leafRow is the row of a leaf: a comparison, or an unmatched element with
// its whole value on one side.
func (w *rowWalker) leafRow(m *align.Match, path string, depth int, c float64) Row {
	r := Row{Depth: depth, Path: path, Kind: align.LeafKindName(m.Leaf), Score: m.Score, Weight: c,
		Deficit: float64(c * (1 - m.Score))}
	if m.HasGold {
		r.Gold = w.text(m.Gold)
	}
	if m.HasPred {
		r.Cand = w.text(m.Pred)
	}
	switch {
	case !m.HasGold:
		r.Status = StatusExcess
	case !m.HasPred:
		r.Status = StatusMissing
	case m.Leaf == align.LeafRef && m.Score < 1:
		r.Status = StatusWrongRef
		if m.HasMapped {
			r.Expect = w.text(m.MappedPred)
		}
	default:
		r.Status = scoreStatus(m.Score)
	}
	return r
}

func scoreStatus(s float64) string {
	switch {
	case s >= 1:
		return StatusExact
	case s > 0:
		return StatusPartial
	}
	return StatusReplaced
}
