package feedback

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
)

// TestFmtValueProfiles checks fmt(v) in both profiles.
func TestFmtValueProfiles(t *testing.T) {
	for _, c := range []struct{ in, def, ref string }{
		{`"Eve"`, `"Eve"`, `'Eve'`},
		{`null`, `null`, `None`},
		{`true`, `true`, `True`},
		{`12.0`, `12`, `12.0`},
		{`1.5e-7`, `1.5e-07`, `1.5e-07`},
		{`{"id": 6, "name": "Eve"}`, `{"id": 6, "name": "Eve"}`, `{'id': 6, 'name': 'Eve'}`},
		{`["it's", "a\"b"]`, `["it's", "a\"b"]`, `["it's", 'a"b']`},
		{`"` + strings.Repeat("a", 79) + `"`, `"` + strings.Repeat("a", 78) + "…", `'` + strings.Repeat("a", 78) + "…"},
	} {
		v := jv(t, c.in)
		if got := FmtValue(v, ProfileDefault); got != c.def {
			t.Errorf("default profile: FmtValue(%s) = %s, want %s", c.in, got, c.def)
		}
		if got := FmtValue(v, ProfileReference); got != c.ref {
			t.Errorf("reference profile: FmtValue(%s) = %s, want %s", c.in, got, c.ref)
		}
	}
}

// TestFeedbackDefaultProfile renders lines of every kind whose wording the
// default profile changes, and its synthesis line.
func TestFeedbackDefaultProfile(t *testing.T) {
	ops := []align.Op{
		mkOp(t, "add", align.KindListItemMissing, "/people", 0.4, `{"id":6,"name":"Eve"}`, `{"id":6,"name":"Eve"}`, ""),
		mkOp(t, "replace", align.KindPrimitiveReplace, "/name", 0.3, `"Eve"`, `"Eve"`, `"Eva"`),
		mkOp(t, "remove", align.KindListItemRemove, "/tags/1", 0.2, "", "", `true`),
		mkOp(t, "replace", align.KindPrimitiveReplaceReorder, "/tags/0", 0.1, `12.0`, `12.0`, `null`),
	}
	o := DefaultFeedbackOptions()
	o.Unlimited = true
	fb := render(t, 0, ops, o)
	want := strings.Join([]string{
		"The prediction scored 0.00 (deficit 1.00). Top 4 of 4 fix locations:",
		`1. /people: array is missing item {"id": 6, "name": "Eve"}. Adding it recovers +0.400.`,
		`2. /name: expected "Eve", got "Eva". Fixing this recovers +0.300.`,
		`3. /tags/1: extraneous array item true. Removing it recovers +0.200.`,
		`4. /tags/0: replace item null with 12 (unordered array /tags). Fixing this recovers +0.100.`,
		`The deficit is spread across multiple issue types (missing array item, value, extraneous array item).`,
	}, "\n")
	if fb.Text != want {
		t.Errorf("got:\n%s\nwant:\n%s", fb.Text, want)
	}
	o.Profile = ProfileReference
	ops[3].Path = "/tags" // the reference names an unordered list's element by the list (docs/SCORING.md §8.4)
	if fb := render(t, 0, ops, o); !strings.Contains(fb.Text, "list is missing item {'id': 6, 'name': 'Eve'}") ||
		!strings.Contains(fb.Text, "inside list /tags: replace item None with 12.0.") ||
		!strings.Contains(fb.Text, "(missing-list-item, primitive-value, extraneous-list-item)") {
		t.Errorf("reference profile:\n%s", fb.Text)
	}
}

// TestFeedbackRootPath: the default profile shows the root's empty path as
// "/" (its lines read "1. /: …", not "1. : …"), also as the list of an
// element of an unordered root array; the reference keeps it empty.
func TestFeedbackRootPath(t *testing.T) {
	o := DefaultFeedbackOptions()
	for _, c := range []struct {
		p       Profile
		reorder string // the path of the unordered list's element fix
		want    []string
	}{
		{ProfileDefault, "/1", []string{`1. /: expected "a", got "b".`, `2. /1: replace item "d" with "c" (unordered array /).`}},
		{ProfileReference, "", []string{`1. : expected 'a', got 'b'.`, `2. inside list : replace item 'd' with 'c'.`}},
	} {
		ops := []align.Op{
			mkOp(t, "replace", align.KindPrimitiveReplace, "", 0.6, `"a"`, `"a"`, `"b"`),
			mkOp(t, "replace", align.KindPrimitiveReplaceReorder, c.reorder, 0.4, `"c"`, `"c"`, `"d"`),
		}
		o.Profile = c.p
		fb := render(t, 0, ops, o)
		for _, w := range c.want {
			if !strings.Contains(fb.Text, w) {
				t.Errorf("profile %q: no %q in\n%s", c.p, w, fb.Text)
			}
		}
	}
}

// TestBucketNames checks that every bucket has a name in words in the
// default profile and keeps its identifier in the reference profile.
func TestBucketNames(t *testing.T) {
	for _, k := range []align.OpKind{align.KindPrimitiveReplace, align.KindPrimitiveReplaceReorder, align.KindKeyAdd,
		align.KindKeyRemove, align.KindKeyRenameAdd, align.KindListItemAdd, align.KindListItemRemove,
		align.KindRefFix, align.KindRefFixNoTarget, align.KindSubtreeReplace, align.KindNullValueReplace} {
		b := Bucket(k)
		if got := BucketName(b, ProfileReference); got != b {
			t.Errorf("reference profile: %s named %q", b, got)
		}
		if got := BucketName(b, ProfileDefault); got == b && strings.Contains(b, "-") {
			t.Errorf("default profile: %s has no name in words", b)
		}
	}
}
