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
	w := nonMatchWalk{o: o, l: l, root: root, res: res}
	w.walk(res.Match, true, true, 1)
	return w.out
}

// nonMatchWalk is the walk of nonMatches. It keeps the steps from the root
// to where it is, and makes the entry path, the pointers and the values of
// them only for the leaves it reports.
type nonMatchWalk struct {
	o     *Observer
	l     Line
	root  *ir.Node
	res   *interp.Result
	steps []nmStep
	buf   []byte
	out   []NonMatch
}

// nmStep is one step of the walk: into the entry e of an object, or into
// the child i of a list, the element gi of the gold's array and pi of the
// candidate's. hasG and hasC tell whether each side has the value there
// (else its pointer is absent, nil).
type nmStep struct {
	e          *align.ObjectEntry
	i, gi, pi  int
	hasG, hasC bool
}

func (w *nonMatchWalk) walk(m *align.Match, hasG, hasC bool, c float64) {
	switch m.Type {
	case align.LeafNode:
		if m.Leaf == align.LeafID || m.Leaf == align.LeafAbsent {
			return
		}
		hasGV, hasPV := m.HasGold && !m.Gold.IsNull(), m.HasPred && !m.Pred.IsNull()
		class := w.o.Class(hasGV, hasPV, m.Score)
		if m.Leaf == align.LeafRef && hasGV && hasPV {
			class = ClassExact
			if m.Score < 1 {
				class = ClassWrong
			}
		}
		if class == ClassWrong || class == ClassInvented || class == ClassMissing {
			w.add(m, hasG, hasC, class, c)
		}
	case align.ListNode:
		if allAlphasZero(m.Children) {
			return
		}
		for i, ch := range m.Children {
			if ch.Match == nil || ch.Role == align.RoleAbsent {
				continue
			}
			st := nmStep{i: i, gi: ch.GoldIndex, pi: ch.PredIndex, hasG: hasG && ch.GoldIndex >= 0, hasC: hasC && ch.PredIndex >= 0}
			w.steps = append(w.steps, st)
			w.walk(ch.Match, st.hasG, st.hasC, float64(c*ch.Alpha))
			w.steps = w.steps[:len(w.steps)-1]
		}
	case align.ObjectNode:
		for i := range m.Entries {
			e := &m.Entries[i]
			if e.Value == nil {
				continue
			}
			st := nmStep{e: e, hasG: hasG && e.HasGoldKey, hasC: hasC && e.HasPredKey}
			w.steps = append(w.steps, st)
			w.walk(e.Value, st.hasG, st.hasC, float64(c*e.ValueAlpha))
			w.steps = w.steps[:len(w.steps)-1]
		}
	}
}

// add reports the leaf m, where the walk is, of class class and weight c.
func (w *nonMatchWalk) add(m *align.Match, hasG, hasC bool, class string, c float64) {
	w.buf = w.buf[:0]
	for _, st := range w.steps {
		w.buf = append(w.buf, '/')
		switch {
		case st.e == nil:
			w.buf = strconv.AppendInt(w.buf, int64(st.i), 10)
		case st.e.HasGoldKey:
			w.buf = append(w.buf, align.EscapePointerToken(st.e.GoldKey)...)
		default:
			w.buf = append(w.buf, align.EscapePointerToken(st.e.PredKey)...)
		}
	}
	nm := NonMatch{ID: w.l.ID, Path: w.o.pattern(w.root, string(w.buf)).path, Class: class}
	if w.l.ID == nil {
		nm.Line = w.l.Number
	}
	if hasG {
		nm.GoldPointer, nm.Gold = w.side(true, w.res.Gold, m.Gold)
	}
	if hasC {
		nm.CandidatePointer, nm.Candidate = w.side(false, w.res.Candidate, m.Pred)
	}
	nm.Delta = float64(c * (1 - m.Score))
	if w.out == nil {
		w.out = make([]NonMatch, 0, 4)
	}
	w.out = append(w.out, nm)
}

// side returns the pointer of the walk's position in the gold (gold) or
// the candidate document doc, and the JSON text of the value there: as
// resolvePointer finds it from the pointer, or def when the pointer does
// not resolve.
func (w *nonMatchWalk) side(gold bool, doc, def jsonval.Value) (*string, json.RawMessage) {
	w.buf = w.buf[:0]
	v, ok := &doc, true
	for _, st := range w.steps {
		idx, key := st.pi, ""
		if gold {
			idx = st.gi
		}
		w.buf = append(w.buf, '/')
		if st.e == nil {
			w.buf = strconv.AppendInt(w.buf, int64(idx), 10)
		} else {
			key = st.e.PredKey
			if gold {
				key = st.e.GoldKey
			}
			w.buf = append(w.buf, align.EscapePointerToken(key)...)
		}
		if ok {
			v, ok = stepInto(v, st.e == nil, idx, key)
		}
	}
	s := string(w.buf)
	if !ok {
		v = &def
	}
	return &s, rawJSON(*v)
}

// stepInto steps from v as resolvePointer takes one token: the position
// idx of a list (list), or the key of an object member; ok is false when
// v has no such value.
func stepInto(v *jsonval.Value, list bool, idx int, key string) (_ *jsonval.Value, ok bool) {
	switch v.Kind {
	case jsonval.Array:
		if !list {
			// The member's token read as a position.
			i, err := strconv.Atoi(align.EscapePointerToken(key))
			if err != nil {
				return v, false
			}
			idx = i
		}
		if idx < 0 || idx >= len(v.Arr) {
			return v, false
		}
		return &v.Arr[idx], true
	case jsonval.Object:
		if list {
			key = strconv.Itoa(idx)
		}
		for i := range v.Obj {
			if v.Obj[i].Key == key {
				return &v.Obj[i].Value, true
			}
		}
	}
	return v, false
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
