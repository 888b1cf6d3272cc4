package eval

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// NonMatch is one value error of a case: a line of non_matches.jsonl. Every
// leaf value of class wrong, invented or missing has one (see Outcomes),
// and so has every whole value that one side lacks (a missing member or
// array element, an invented one); a paired object or array counts at its
// own path, but its errors are those of its members. A candidate whose root
// is of another kind than the gold's has one line, wrong at the root. A
// value that weighs nothing in the score (an element an ignoreExcess or
// ignoreMissing array ignores, a member of valueWeight 0) is classed like
// any other; its Delta is 0.
type NonMatch struct {
	// ID is the case's id; Line its line number, given only when the case
	// has no id (as in Summary.Worst).
	ID   json.RawMessage `json:"id,omitempty"`
	Line int             `json:"line,omitempty"`
	// Path is the normalized path of the value (the path of its entry in
	// the summary: array steps written "*").
	Path string `json:"path"`
	// GoldPointer and CandidatePointer are the JSON Pointers of the value
	// in the gold and in the candidate; nil for a side that does not have
	// the value (a JSON null is a value there).
	GoldPointer      *string `json:"gold_pointer"`
	CandidatePointer *string `json:"candidate_pointer"`
	// Class is ClassWrong, ClassInvented or ClassMissing.
	Class string `json:"class"`
	// Gold and Candidate are the two values as JSON, as the documents hold
	// them at the pointers, left out for a side that has none
	// ("candidate": null: the candidate wrote null).
	Gold      json.RawMessage `json:"gold,omitempty"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
	// Delta is what fixing the value recovers: its share of 1 − score
	// (docs/SCORING.md §8.2), the attribution contribution of its location.
	Delta float64 `json:"delta"`
}

// nonMatches lists the value errors of a scored case, in the order of the
// attribution walk (align.Attribute): the leaves of the match tree that are
// wrong, invented or missing.
func (o *Observer) nonMatches(l Line, root *ir.Node, res *interp.Result) []NonMatch {
	var out []NonMatch
	add := func(path string, gp, cp *string, m *align.Match, class string, c float64) {
		nm := NonMatch{ID: l.ID, Path: o.pattern(root, path).path, GoldPointer: gp, CandidatePointer: cp, Class: class}
		if l.ID == nil {
			nm.Line = l.Number
		}
		if gp != nil {
			nm.Gold = valueAt(res.Gold, *gp, m.Gold)
		}
		if cp != nil {
			nm.Candidate = valueAt(res.Candidate, *cp, m.Pred)
		}
		nm.Delta = float64(c * (1 - m.Score))
		out = append(out, nm)
	}
	if res.Invalid != nil {
		return nil
	}
	if res.Match == nil {
		// The root kinds differ: the whole value is wrong.
		g, p := "", ""
		nm := NonMatch{ID: l.ID, Path: "", GoldPointer: &g, CandidatePointer: &p, Class: ClassWrong,
			Gold: rawJSON(res.Gold), Candidate: rawJSON(res.Candidate), Delta: 1}
		if l.ID == nil {
			nm.Line = l.Number
		}
		return []NonMatch{nm}
	}
	// The walk keeps the entry path and the two pointers in buffers (a
	// pointer is absent, nil, below a side that lacks the value) and makes
	// strings of them only for the leaves it reports.
	var path, gold, cand []byte
	str := func(b []byte, has bool) *string {
		if !has {
			return nil
		}
		s := string(b)
		return &s
	}
	var walk func(m *align.Match, hasG, hasC bool, c float64)
	// down walks a child: tok its step in the entry path, gt and ct its
	// steps in the two documents (each only when that side has it).
	down := func(m *align.Match, tok, gt, ct string, hasG, hasC bool, c float64) {
		np, ng, nc := len(path), len(gold), len(cand)
		path = append(append(path, '/'), tok...)
		if hasG {
			gold = append(append(gold, '/'), gt...)
		}
		if hasC {
			cand = append(append(cand, '/'), ct...)
		}
		walk(m, hasG, hasC, c)
		path, gold, cand = path[:np], gold[:ng], cand[:nc]
	}
	walk = func(m *align.Match, hasGP, hasCP bool, c float64) {
		switch m.Type {
		case align.LeafNode:
			if m.Leaf == align.LeafID || m.Leaf == align.LeafAbsent {
				return
			}
			hasG, hasP := m.HasGold && !m.Gold.IsNull(), m.HasPred && !m.Pred.IsNull()
			class := o.Class(hasG, hasP, m.Score)
			if m.Leaf == align.LeafRef && hasG && hasP {
				class = ClassExact
				if m.Score < 1 {
					class = ClassWrong
				}
			}
			if class == ClassWrong || class == ClassInvented || class == ClassMissing {
				add(string(path), str(gold, hasGP), str(cand, hasCP), m, class, c)
			}
		case align.ListNode:
			allZero := true
			for _, ch := range m.Children {
				if ch.Alpha != 0 {
					allZero = false
					break
				}
			}
			if allZero {
				return
			}
			for i, ch := range m.Children {
				if ch.Match == nil || ch.Role == align.RoleAbsent {
					continue
				}
				hasG, hasC := hasGP && ch.GoldIndex >= 0, hasCP && ch.PredIndex >= 0
				var gt, ct string
				if hasG {
					gt = strconv.Itoa(ch.GoldIndex)
				}
				if hasC {
					ct = strconv.Itoa(ch.PredIndex)
				}
				down(ch.Match, strconv.Itoa(i), gt, ct, hasG, hasC, float64(c*ch.Alpha))
			}
		case align.ObjectNode:
			for i := range m.Entries {
				e := &m.Entries[i]
				if e.Value == nil {
					continue
				}
				key := e.GoldKey
				if !e.HasGoldKey {
					key = e.PredKey
				}
				hasG, hasC := hasGP && e.HasGoldKey, hasCP && e.HasPredKey
				var gt, ct string
				if hasG {
					gt = align.EscapePointerToken(e.GoldKey)
				}
				if hasC {
					ct = align.EscapePointerToken(e.PredKey)
				}
				down(e.Value, align.EscapePointerToken(key), gt, ct, hasG, hasC, float64(c*e.ValueAlpha))
			}
		}
	}
	walk(res.Match, true, true, 1)
	return out
}

// valueAt is the JSON text of the value at the JSON Pointer ptr in doc, or
// of def when ptr does not resolve.
func valueAt(doc jsonval.Value, ptr string, def jsonval.Value) json.RawMessage {
	v, ok := resolvePointer(doc, ptr)
	if !ok {
		v = def
	}
	return rawJSON(v)
}

// resolvePointer returns the value at the JSON Pointer ptr in v.
func resolvePointer(v jsonval.Value, ptr string) (jsonval.Value, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = unescapeToken(tok)
		switch v.Kind {
		case jsonval.Object:
			x, ok := v.Get(tok)
			if !ok {
				return v, false
			}
			v = x
		case jsonval.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.Arr) {
				return v, false
			}
			v = v.Arr[i]
		default:
			return v, false
		}
	}
	return v, true
}
