package feedback

import (
	"github.com/objectaligner/oagen/align"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// semFor returns a RefSemanticsFunc answering for one path only.
func semFor(path string, sem RefSemantic) RefSemanticsFunc {
	return func(o *align.Op) (RefSemantic, bool) {
		if o.Path != path {
			return RefSemantic{}, false
		}
		return sem, true
	}
}

func bob() []RefProp { return []RefProp{{Key: "name", Value: jsonval.NewString("Bob")}} }

// TestRefSemanticLines renders the semantic reference lines of docs/SCORING.md §8.11
// for every combination of fragments.
func TestRefSemanticLines(t *testing.T) {
	knows := []jsonval.Value{jsonval.NewString("knows")}
	refFix := mkOp(t, "replace", align.KindRefFix, "/relations/0/target", 1.0/6, "124", "2", "9999")
	noTarget := mkOp(t, "replace", align.KindRefFixNoTarget, "/relations/0/target", 1.0/6, "2", "2", "53")
	cases := []struct {
		name string
		op   align.Op
		sem  RefSemantic
		want string
	}{
		{"dangling", refFix, RefSemantic{Scope: "person", Target: bob(), Relation: knows, Dangling: true},
			"1. /relations/0/target: this 'knows' reference should point to the person with name 'Bob', but the reference you wrote resolves to nothing in your output. Fixing this recovers +0.167."},
		{"used", refFix, RefSemantic{Scope: "person", Target: bob(), Relation: knows,
			Used: []RefProp{{Key: "name", Value: jsonval.NewString("Alice")}, {Key: "age", Value: jsonval.NewInt(30)}}},
			"1. /relations/0/target: this 'knows' reference should point to the person with name 'Bob', not the person you used (name 'Alice', age 30). Fixing this recovers +0.167."},
		{"used without properties", refFix, RefSemantic{Scope: "person", Target: bob()},
			"1. /relations/0/target: this reference should point to the person with name 'Bob', not the person you used (). Fixing this recovers +0.167."},
		{"ambiguous, two label values", refFix, RefSemantic{Scope: "person", Target: bob(), Ambiguous: true,
			Relation: []jsonval.Value{jsonval.NewInt(3), jsonval.NewString("knows")}, Dangling: true},
			"1. /relations/0/target: this 3 / 'knows' reference should point to a person with name 'Bob' (but several match), but the reference you wrote resolves to nothing in your output. Fixing this recovers +0.167."},
		{"no target", noTarget, RefSemantic{Scope: "person", Target: bob(), Relation: knows, Dangling: true},
			"1. /relations/0/target: this 'knows' reference should point to the person with name 'Bob', but your output has no such person. Recovers +0.167."},
		{"empty target gives up", refFix, RefSemantic{Scope: "person"},
			"1. /relations/0/target: wrong reference (got 9999, change to 124). Fixing this recovers +0.167."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, style := range []string{StyleGepa, StyleCompact} {
				o := refOptions()
				o.Style = style
				o.IncludeSynthesisLine = false
				o.RefSemantics = semFor(tc.op.Path, tc.sem)
				fb := render(t, 5.0/6, []align.Op{tc.op}, o)
				want := tc.want
				if style == StyleCompact && tc.name == "empty target gives up" {
					want = "1. /relations/0/target: ref 9999->124 [+0.167]"
				}
				if len(fb.Entries) != 1 || fb.Entries[0].Text != want {
					t.Errorf("%s: got %q\nwant %q", style, fb.Entries[0].Text, want)
				}
			}
		})
	}
}

// TestRefSemanticGiveUp: operations the provider declines, and operations of
// other kinds, render literally; the provider is never asked about them.
func TestRefSemanticGiveUp(t *testing.T) {
	ops := []align.Op{
		mkOp(t, "replace", align.KindRefFix, "/r/0/a", 0.3, "124", "2", "9999"),
		mkOp(t, "replace", align.KindPrimitiveReplace, "/x", 0.2, "1", "1", "2"),
		mkOp(t, "replace", align.KindRefFixNoTarget, "/r/0/b", 0.1, "2", "2", "53"),
	}
	var asked []string
	o := refOptions()
	o.RefSemantics = func(op *align.Op) (RefSemantic, bool) {
		asked = append(asked, op.Path)
		return RefSemantic{}, false
	}
	withSem := render(t, 0.4, ops, o)
	o.RefSemantics = nil
	literal := render(t, 0.4, ops, o)
	if withSem.Text != literal.Text {
		t.Errorf("declined semantics changed the text:\n%s\nvs\n%s", withSem.Text, literal.Text)
	}
	if strings.Join(asked, ",") != "/r/0/a,/r/0/b" {
		t.Errorf("provider asked about %v, want the two reference operations", asked)
	}
}

// TestRefSemanticTemplates: the semantic fragments honour user overrides, a
// blank semantic skeleton makes the line silent (and the count of shown lines
// follows), and the json style renders no text.
func TestRefSemanticTemplates(t *testing.T) {
	op := mkOp(t, "replace", align.KindRefFix, "/r/0/t", 0.5, "124", "2", "9999")
	other := mkOp(t, "replace", align.KindPrimitiveReplace, "/x", 0.25, "1", "1", "2")
	sem := RefSemantic{Scope: "person", Target: bob(), Relation: []jsonval.Value{jsonval.NewString("knows")}, Dangling: true}
	o := refOptions()
	o.IncludeSynthesisLine = false
	o.RefSemantics = semFor("/r/0/t", sem)
	o.Overrides = map[string]string{
		"feedback.refsem.prop":          "{key}={value}",
		"feedback.refsem.relation":      "<{relation_label}> ",
		"feedback.refsem.target":        "{scope}[{gold_props}]",
		"feedback.refsem.used_dangling": " (dangling)",
		"feedback.op.ref_fix.semantic":  "{rank}. {path} {pred}->{value}: {relation}{target}{used} ({scope})",
	}
	fb := render(t, 0.25, []align.Op{op, other}, o)
	if want := "1. /r/0/t 9999->124: <'knows'> person[name='Bob'] (dangling) (person)"; fb.Entries[0].Text != want {
		t.Errorf("overridden fragments: got %q, want %q", fb.Entries[0].Text, want)
	}

	o.Overrides = map[string]string{"feedback.op.ref_fix.semantic": "  "}
	fb = render(t, 0.25, []align.Op{op, other}, o)
	if !fb.Entries[0].Silent || fb.NShown != 1 || fb.Entries[1].Rank != 1 {
		t.Errorf("blank semantic skeleton: entries %+v, NShown %d", fb.Entries, fb.NShown)
	}
	if strings.Contains(fb.Text, "/r/0/t") {
		t.Errorf("silent semantic line shows in the text: %q", fb.Text)
	}

	o.Overrides = nil
	o.Style = StyleJSON
	fb = render(t, 0.25, []align.Op{op, other}, o)
	if fb.Text != "" || fb.Entries[0].Text != "" || fb.Entries[0].Rank != 1 {
		t.Errorf("json style: text %q, entries %+v", fb.Text, fb.Entries)
	}
}

// TestFmtValue checks the exported fmt(v) of docs/SCORING.md §8.8.3.
func TestFmtValue(t *testing.T) {
	if got := FmtValue(jv(t, `{"id": 6, "name": "Eve"}`), ProfileReference); got != "{'id': 6, 'name': 'Eve'}" {
		t.Errorf("FmtValue = %q", got)
	}
	long := FmtValue(jsonval.NewString(strings.Repeat("x", 100)), ProfileReference)
	if r := []rune(long); len(r) != 80 || r[79] != '…' {
		t.Errorf("FmtValue of a long string = %q", long)
	}
}
