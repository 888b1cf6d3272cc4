package eval

import (
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// TestNonMatchesReference compares nonMatches with the walk that resolves
// every reported value from its pointer, on every conformance vector.
func TestNonMatchesReference(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	step := 6
	if testing.Short() {
		step = 20
	}
	o := NewObserver(DefaultConfig())
	lines := 0
	for i := 0; i < len(vs); i += step {
		v := vs[i]
		sc, err := interp.Compile(v.SchemaText, v.ID, interp.Options{})
		if err != nil {
			continue
		}
		res, err := sc.Align(v.Gold, v.Cand)
		if err != nil {
			continue
		}
		l := Line{Number: i + 1}
		if i%2 == 0 {
			l.ID = json.RawMessage(strconv.Quote(v.ID))
		}
		got, want := o.nonMatches(l, sc.Schema().Root, res), o.nonMatchesReference(l, sc.Schema().Root, res)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n%+v\nreference\n%+v", v.ID, got, want)
		}
		lines += len(got)
		// Documents other than the tree's, where pointers do not resolve
		// or step into values of the other kind: the two documents
		// swapped, and each turned inside out (arrays as objects keyed
		// "0", "1", …, objects as arrays of their values).
		for k, docs := range [][2]jsonval.Value{{res.Candidate, res.Gold}, {insideOut(res.Gold), insideOut(res.Candidate)}} {
			other := *res
			other.Gold, other.Candidate = docs[0], docs[1]
			got, want := o.nonMatches(l, sc.Schema().Root, &other), o.nonMatchesReference(l, sc.Schema().Root, &other)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, other documents %d:\n%+v\nreference\n%+v", v.ID, k, got, want)
			}
		}
	}
	t.Logf("%d vectors, %d non-matches", len(vs), lines)
	if lines < 300 {
		t.Fatalf("%d non-matches: too few", lines)
	}
}

// nonMatchesReference is nonMatches as it was written before its walk
// carried the documents' values along: each value resolved from its
// pointer (valueAt).
func (o *Observer) nonMatchesReference(l Line, root *ir.Node, res *interp.Result) []NonMatch {
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

// insideOut turns the arrays of v into objects keyed by position and its
// objects into arrays of their values, and marks its strings and integers
// (so that a value found through a pointer is not the tree's).
func insideOut(v jsonval.Value) jsonval.Value {
	switch v.Kind {
	case jsonval.Array:
		m := make([]jsonval.Member, len(v.Arr))
		for i, e := range v.Arr {
			m[i] = jsonval.Member{Key: strconv.Itoa(i), Value: insideOut(e)}
		}
		return jsonval.NewObject(m)
	case jsonval.Object:
		a := make([]jsonval.Value, len(v.Obj))
		for i, m := range v.Obj {
			a[i] = insideOut(m.Value)
		}
		return jsonval.NewArray(a)
	case jsonval.String:
		return jsonval.NewString(v.S + "'")
	case jsonval.Int:
		return jsonval.NewInt(v.I + 1)
	}
	return v
}

// BenchmarkNonMatches lists the non-matches of fig1 (examples/orgchart)
// with nonMatches and with the reference walk.
func BenchmarkNonMatches(b *testing.B) {
	read := func(name string) jsonval.Value {
		data, err := os.ReadFile("../examples/orgchart/" + name)
		if err != nil {
			b.Fatal(err)
		}
		v, err := jsonval.Decode(data, jsonval.DecodeOptions{})
		if err != nil {
			b.Fatal(err)
		}
		return v
	}
	schema, err := os.ReadFile("../examples/orgchart/schema.json")
	if err != nil {
		b.Fatal(err)
	}
	sc, err := interp.Compile(schema, "schema.json", interp.Options{})
	if err != nil {
		b.Fatal(err)
	}
	res, err := sc.Align(read("gold.json"), read("candidate.json"))
	if err != nil {
		b.Fatal(err)
	}
	o, l, root := NewObserver(DefaultConfig()), Line{ID: json.RawMessage(`7`)}, sc.Schema().Root
	if n := len(o.nonMatches(l, root, res)); n != 3 {
		b.Fatalf("%d non-matches, want fig1's 3", n)
	}
	b.Run("walk", func(b *testing.B) {
		for b.Loop() {
			o.nonMatches(l, root, res)
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			o.nonMatchesReference(l, root, res)
		}
	})
}
