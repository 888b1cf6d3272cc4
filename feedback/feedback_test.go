package feedback

import (
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// jv decodes a JSON literal for test fixtures.
func jv(t testing.TB, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatalf("decoding %s: %v", s, err)
	}
	return v
}

// mkOp builds an operation; gold, pred and value are JSON literals ("" = null).
func mkOp(t testing.TB, op string, kind align.OpKind, path string, delta float64, value, gold, pred string) align.Op {
	t.Helper()
	dec := func(s string) jsonval.Value {
		if s == "" {
			return jsonval.NullValue()
		}
		return jv(t, s)
	}
	return align.Op{Op: op, Kind: kind, Path: path, Delta: delta, Value: dec(value), Gold: dec(gold), Pred: dec(pred), Confidence: 1}
}

func render(t *testing.T, score float64, ops []align.Op, opts FeedbackOptions) Feedback {
	t.Helper()
	fb, err := RenderFeedback(score, ops, opts)
	if err != nil {
		t.Fatalf("RenderFeedback: %v", err)
	}
	return fb
}

func compactOpts() FeedbackOptions {
	o := refOptions()
	o.Style = StyleCompact
	return o
}

// TestFeedbackEveryKind renders one operation of every kind of docs/SCORING.md §8.3 in
// the gepa and compact styles.
func TestFeedbackEveryKind(t *testing.T) {
	const (
		gepaIntro    = "The prediction scored 0.75 (deficit 0.25). Top 1 of 1 fix locations:\n"
		compactIntro = "Score 0.75. Top 1/1 fixes:\n"
	)
	cases := []struct {
		op                align.Op
		gepa, compact     string
		bucket            string
		gepaTotal, nTotal int
	}{
		{mkOp(t, "replace", align.KindPrimitiveReplace, "/a/b", 0.25, `"x"`, `"x"`, `"y"`),
			"1. /a/b: expected 'x', got 'y'. Fixing this recovers +0.250.",
			"1. /a/b: 'x' (got 'y') [+0.250]", "primitive-value", 0, 0},
		{mkOp(t, "replace", align.KindPrimitiveReplaceReorder, "/tags", 0.25, `"Action"`, `"Action"`, `"Adventure"`),
			"1. inside list /tags: replace item 'Adventure' with 'Action'. Fixing this recovers +0.250.",
			"1. /tags: replace 'Adventure'->'Action' [+0.250]", "list-item-value", 0, 0},
		{mkOp(t, "add", align.KindKeyAdd, "/obj/a~1b", 0.25, `5`, `5`, ``),
			`1. /obj/a~1b: missing key "a/b" with value 5. Adding it recovers +0.250.`,
			`1. /obj/a~1b: add "a/b"=5 [+0.250]`, "missing-key", 0, 0},
		{mkOp(t, "remove", align.KindKeyRemove, "/obj/x~0y", 0.25, ``, ``, `[1, 2.5, -0.0, 1e16]`),
			`1. /obj/x~0y: extraneous key "x~y" (value [1, 2.5, -0.0, 1e+16]). Removing it recovers +0.250.`,
			`1. /obj/x~0y: remove "x~y" [+0.250]`, "extraneous-key", 0, 0},
		{mkOp(t, "add", align.KindListItemAdd, "/l/2", 0.25, `{"a": null, "b": [true]}`, `{"a": null, "b": [true]}`, ``),
			"1. /l/2: missing list item {'a': None, 'b': [True]}. Adding it recovers +0.250.",
			"1. /l/2: add item {'a': None, 'b': [True]} [+0.250]", "missing-list-item", 0, 0},
		{mkOp(t, "remove", align.KindListItemRemove, "/l/0", 0.25, ``, ``, `false`),
			"1. /l/0: extraneous list item False. Removing it recovers +0.250.",
			"1. /l/0: remove item False [+0.250]", "extraneous-list-item", 0, 0},
		{mkOp(t, "add", align.KindListItemMissing, "/l", 0.25, `2026.0`, `2026.0`, ``),
			"1. /l: list is missing item 2026.0. Adding it recovers +0.250.",
			"1. /l: add item 2026.0 [+0.250]", "missing-list-item", 0, 0},
		{mkOp(t, "remove", align.KindListItemExcess, "/l", 0.25, ``, ``, `"it's"`),
			`1. /l: list has extraneous item "it's". Removing it recovers +0.250.`,
			`1. /l: remove item "it's" [+0.250]`, "extraneous-list-item", 0, 0},
		{mkOp(t, "replace", align.KindRefFix, "/m/0/mentor", 0.25, `91`, `2`, `94`),
			"1. /m/0/mentor: wrong reference (got 94, change to 91). Fixing this recovers +0.250.",
			"1. /m/0/mentor: ref 94->91 [+0.250]", "reference", 0, 0},
		{mkOp(t, "replace", align.KindRefFixNoTarget, "/m/1/mentee", 0.25, `"g6"`, `"g6"`, `"x9"`),
			"1. /m/1/mentee: reference 'x9' cannot be resolved against any entity in the prediction. Recovers +0.250.",
			"1. /m/1/mentee: ref 'x9' unresolved [+0.250]", "unresolved-reference", 0, 0},
		{mkOp(t, "replace", align.KindSubtreeReplace, "", 0.25, `[1]`, `[1]`, `[2]`),
			"1. : subtree differs. Replacing it recovers +0.250.",
			"1. : replace subtree [+0.250]", "subtree", 0, 0},
		{mkOp(t, "replace", align.KindNullValueReplace, "/d", 0.25, `"flu"`, `"flu"`, ``),
			"1. /d: null/value mismatch (expected 'flu', got None). Fixing this recovers +0.250.",
			"1. /d: null<->'flu' (got None) [+0.250]", "null-value", 0, 0},
	}
	for _, c := range cases {
		t.Run(string(c.op.Kind), func(t *testing.T) {
			synth := "\nFocus on " + c.bucket + " errors — they account for 100% of the deficit shown."
			ops := []align.Op{c.op}
			fb := render(t, 0.75, ops, refOptions())
			if want := gepaIntro + c.gepa + synth; fb.Text != want {
				t.Errorf("gepa:\n got %q\nwant %q", fb.Text, want)
			}
			if len(fb.Entries) != 1 || fb.Entries[0].Text != c.gepa || fb.Entries[0].Rank != 1 || fb.NShown != 1 || fb.NTotal != 1 || fb.Truncated {
				t.Errorf("gepa entries: %+v (shown %d total %d truncated %v)", fb.Entries, fb.NShown, fb.NTotal, fb.Truncated)
			}
			fb = render(t, 0.75, ops, compactOpts())
			if want := compactIntro + c.compact + synth; fb.Text != want {
				t.Errorf("compact:\n got %q\nwant %q", fb.Text, want)
			}
			if Bucket(c.op.Kind) != c.bucket {
				t.Errorf("Bucket(%s) = %q, want %q", c.op.Kind, Bucket(c.op.Kind), c.bucket)
			}
		})
	}
}

// renamePair returns the two halves of a key rename /r/nme → /r/name.
func renamePair(t testing.TB, delta float64) (add, remove align.Op) {
	add = mkOp(t, "add", align.KindKeyRenameAdd, "/r/name", delta, `"Bob"`, `"Bob"`, `"Bob"`)
	add.PairID = "repair_pair_1"
	remove = mkOp(t, "remove", align.KindKeyRenameRemove, "/r/nme", 0, ``, ``, `"Bob"`)
	remove.PairID = "repair_pair_1"
	return add, remove
}

func TestFeedbackKeyRename(t *testing.T) {
	add, remove := renamePair(t, 0.25)
	ranked, err := align.RankOps([]align.Op{remove, add}, align.RankOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fb := render(t, 0.75, ranked, refOptions())
	want := "The prediction scored 0.75 (deficit 0.25). Top 1 of 2 fix locations:\n" +
		`1. rename key "nme" -> "name" at /r/name (value 'Bob'). Fixing this recovers +0.250.` +
		"\nFocus on key-rename errors — they account for 100% of the deficit shown."
	if fb.Text != want {
		t.Errorf("gepa:\n got %q\nwant %q", fb.Text, want)
	}
	if len(fb.Entries) != 2 || fb.Entries[1].Op.Kind != align.KindKeyRenameRemove || !fb.Entries[1].Silent ||
		fb.Entries[1].Rank != 1 || fb.Entries[1].Text != "" || fb.NShown != 1 || fb.NTotal != 2 || fb.Truncated {
		t.Errorf("entries %+v shown %d total %d truncated %v", fb.Entries, fb.NShown, fb.NTotal, fb.Truncated)
	}
	fb = render(t, 0.75, ranked, compactOpts())
	want = "Score 0.75. Top 1/2 fixes:\n" + `1. /r/name: rename "nme"->"name" [+0.250]` +
		"\nFocus on key-rename errors — they account for 100% of the deficit shown."
	if fb.Text != want {
		t.Errorf("compact:\n got %q\nwant %q", fb.Text, want)
	}

	// A perfect score with a renamed key still shows the +0.000 line
	// (docs/SCORING.md §8.8.5), and the zero total takes the mixed phrasing (docs/SCORING.md §8.9).
	add0, remove0 := renamePair(t, 0)
	fb = render(t, 1, []align.Op{add0, remove0}, refOptions())
	want = "The prediction scored 1.00 (deficit 0.00). Top 1 of 2 fix locations:\n" +
		`1. rename key "nme" -> "name" at /r/name (value 'Bob'). Fixing this recovers +0.000.` +
		"\nThe deficit is spread across multiple issue types (key-rename)."
	if fb.Text != want {
		t.Errorf("zero rename:\n got %q\nwant %q", fb.Text, want)
	}
}

// TestFeedbackRenameCutByTopK checks docs/SCORING.md §8.8.2: the remove half cut by
// topK leaves an empty candidate key, and the silent half ranked before its
// partner gets rank 0.
func TestFeedbackRenameCutByTopK(t *testing.T) {
	add, remove := renamePair(t, 0.3)
	other := mkOp(t, "replace", align.KindPrimitiveReplace, "/z", 0.2, `1`, `1`, `2`)
	opts := refOptions()
	opts.TopK = 2
	fb := render(t, 0.5, []align.Op{add, other, remove}, opts)
	want := "The prediction scored 0.50 (deficit 0.50). Top 2 of 3 fix locations:\n" +
		`1. rename key "" -> "name" at /r/name (value 'Bob'). Fixing this recovers +0.300.` + "\n" +
		"2. /z: expected 1, got 2. Fixing this recovers +0.200.\n" +
		"Focus on key-rename errors — they account for 60% of the deficit shown."
	if fb.Text != want {
		t.Errorf("got  %q\nwant %q", fb.Text, want)
	}
	if !fb.Truncated || fb.NShown != 2 || fb.NTotal != 3 {
		t.Errorf("shown %d total %d truncated %v", fb.NShown, fb.NTotal, fb.Truncated)
	}

	// Remove half first: it has no partner rank yet.
	add.Delta = 0
	fb = render(t, 1, []align.Op{remove, add}, refOptions())
	if fb.Entries[0].Rank != 0 || fb.Entries[1].Rank != 1 {
		t.Errorf("ranks %d %d, want 0 1", fb.Entries[0].Rank, fb.Entries[1].Rank)
	}
	if !strings.Contains(fb.Text, `rename key "nme" -> "name"`) {
		t.Errorf("lookup must use every selected silent remove half: %q", fb.Text)
	}
}

// TestFeedbackRenameLocationsDefault checks docs/SCORING.md §8.8.1 in the default
// profile: a rename is one fix location, its silent remove half is selected
// with its add half whatever top-k (so the line names the candidate key), and
// the header counts lines: "Top 2 of 2", not the reference's "Top 2 of 3"
// with an empty key.
func TestFeedbackRenameLocationsDefault(t *testing.T) {
	add, remove := renamePair(t, 0.3)
	other := mkOp(t, "replace", align.KindPrimitiveReplace, "/z", 0.2, `1`, `1`, `2`)
	third := mkOp(t, "replace", align.KindPrimitiveReplace, "/y", 0.1, `1`, `1`, `2`)
	opts := DefaultFeedbackOptions()
	opts.TopK = 2
	opts.IncludeSynthesisLine = false
	fb := render(t, 0.4, []align.Op{add, other, third, remove}, opts)
	want := "The prediction scored 0.40 (deficit 0.60). Top 2 of 3 fix locations:\n" +
		`1. rename key "nme" -> "name" at /r/name (value "Bob"). Fixing this recovers +0.300.` + "\n" +
		"2. /z: expected 1, got 2. Fixing this recovers +0.200."
	if fb.Text != want {
		t.Errorf("got  %q\nwant %q", fb.Text, want)
	}
	if !fb.Truncated || fb.NShown != 2 || fb.NTotal != 3 || len(fb.Entries) != 3 {
		t.Errorf("shown %d total %d truncated %v entries %d", fb.NShown, fb.NTotal, fb.Truncated, len(fb.Entries))
	}
	opts.TopK = 5
	fb = render(t, 0.4, []align.Op{add, other, third, remove}, opts)
	if !strings.Contains(fb.Text, "Top 3 of 3 fix locations") || fb.Truncated {
		t.Errorf("all lines shown: %q (truncated %v)", fb.Text, fb.Truncated)
	}
	// The add half cut: its remove half goes too.
	opts.TopK = 1
	fb = render(t, 0.4, []align.Op{other, add, remove}, opts)
	if len(fb.Entries) != 1 || fb.Entries[0].Op.Path != "/z" {
		t.Errorf("entries %+v, want /z alone", fb.Entries)
	}
}

// fig1Ops are the repair operations of docs/SCORING.md §11.4 in the order the walk
// emits them (schema order: people, agenda, period).
func fig1Ops(t testing.TB) []align.Op {
	return []align.Op{
		mkOp(t, "add", align.KindListItemMissing, "/people", 1.0/24, `{"id": 6, "name": "Eve", "role": "Intern"}`, `{"id": 6, "name": "Eve", "role": "Intern"}`, ``),
		mkOp(t, "remove", align.KindListItemRemove, "/agenda/0", 1.0/16, ``, ``, `"reviews"`),
		mkOp(t, "add", align.KindListItemAdd, "/agenda/2", 1.0/16, `"reviews"`, `"reviews"`, ``),
		mkOp(t, "replace", align.KindPrimitiveReplace, "/agenda/3", 1.0/336, `"closing"`, `"closing"`, `"closin"`),
		mkOp(t, "replace", align.KindPrimitiveReplace, "/period/1", 1.0/16, `2025`, `2025`, `2026`),
	}
}

const fig1Score = 43.0 / 56

const fig1Text = `The prediction scored 0.77 (deficit 0.23). Top 5 of 5 fix locations:
1. /agenda/0: extraneous list item 'reviews'. Removing it recovers +0.062.
2. /agenda/2: missing list item 'reviews'. Adding it recovers +0.062.
3. /period/1: expected 2025, got 2026. Fixing this recovers +0.062.
4. /people: list is missing item {'id': 6, 'name': 'Eve', 'role': 'Intern'}. Adding it recovers +0.042.
5. /agenda/3: expected 'closing', got 'closin'. Fixing this recovers +0.003.
The deficit is spread across multiple issue types (missing-list-item, primitive-value, extraneous-list-item).`

// TestFeedbackFig1 reproduces docs/SCORING.md §11.5 from the operations of docs/SCORING.md §11.4, both
// in walk order and in the order the brief of docs/SCORING.md §11.4's table lists them.
func TestFeedbackFig1(t *testing.T) {
	walk := fig1Ops(t)
	other := []align.Op{walk[1], walk[2], walk[3], walk[0], walk[4]}
	for name, ops := range map[string][]align.Op{"walk": walk, "agenda-first": other} {
		ranked, err := align.RankOps(ops, align.RankOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		fb := render(t, fig1Score, ranked, refOptions())
		if fb.Text != fig1Text {
			t.Errorf("%s:\n got %q\nwant %q", name, fb.Text, fig1Text)
		}
	}
	ranked, _ := align.RankOps(walk, align.RankOptions{}, nil)
	fb := render(t, fig1Score, ranked, compactOpts())
	want := `Score 0.77. Top 5/5 fixes:
1. /agenda/0: remove item 'reviews' [+0.062]
2. /agenda/2: add item 'reviews' [+0.062]
3. /period/1: 2025 (got 2026) [+0.062]
4. /people: add item {'id': 6, 'name': 'Eve', 'role': 'Intern'} [+0.042]
5. /agenda/3: 'closing' (got 'closin') [+0.003]
The deficit is spread across multiple issue types (missing-list-item, primitive-value, extraneous-list-item).`
	if fb.Text != want {
		t.Errorf("compact:\n got %q\nwant %q", fb.Text, want)
	}
}

// TestFeedbackSpecVectors checks the texts of docs/SCORING.md §11.6.
func TestFeedbackSpecVectors(t *testing.T) {
	noSynth := func(o FeedbackOptions) FeedbackOptions { o.IncludeSynthesisLine = false; return o }
	cases := []struct {
		name    string
		score   float64
		ops     []align.Op
		opts    FeedbackOptions
		want    string
		compact string
	}{
		{
			name:  "movie",
			score: 0.6708333333333334,
			ops: []align.Op{
				mkOp(t, "replace", align.KindPrimitiveReplace, "/title", 0.016666666666666663, `"The Matrix"`, `"The Matrix"`, `"The Matrx"`),
				mkOp(t, "replace", align.KindPrimitiveReplace, "/year", 0.25, `1999`, `1999`, `2000`),
				mkOp(t, "replace", align.KindPrimitiveReplaceReorder, "/genres", 0.0625, `"Action"`, `"Action"`, `"Adventure"`),
			},
			opts: refOptions(),
			want: `The prediction scored 0.67 (deficit 0.33). Top 3 of 3 fix locations:
1. /year: expected 1999, got 2000. Fixing this recovers +0.250.
2. inside list /genres: replace item 'Adventure' with 'Action'. Fixing this recovers +0.062.
3. /title: expected 'The Matrix', got 'The Matrx'. Fixing this recovers +0.017.
Focus on primitive-value errors — they account for 81% of the deficit shown.`,
		},
		{
			name:  "movie-compact",
			score: 0.6708333333333334,
			ops: []align.Op{
				mkOp(t, "replace", align.KindPrimitiveReplace, "/title", 0.016666666666666663, `"The Matrix"`, `"The Matrix"`, `"The Matrx"`),
				mkOp(t, "replace", align.KindPrimitiveReplace, "/year", 0.25, `1999`, `1999`, `2000`),
				mkOp(t, "replace", align.KindPrimitiveReplaceReorder, "/genres", 0.0625, `"Action"`, `"Action"`, `"Adventure"`),
			},
			opts: noSynth(compactOpts()),
			want: `Score 0.67. Top 3/3 fixes:
1. /year: 1999 (got 2000) [+0.250]
2. /genres: replace 'Adventure'->'Action' [+0.062]
3. /title: 'The Matrix' (got 'The Matrx') [+0.017]`,
		},
		{
			name:  "reorder-root",
			score: 0.47916666666666663,
			ops: []align.Op{
				mkOp(t, "replace", align.KindPrimitiveReplaceReorder, "", 0.020833333333333332, `"age"`, `"age"`, `"ages"`),
				mkOp(t, "remove", align.KindListItemExcess, "", 0.25, ``, ``, `"title"`),
				mkOp(t, "add", align.KindListItemMissing, "", 0.25, `"weight"`, `"weight"`, ``),
			},
			opts: refOptions(),
			want: `The prediction scored 0.48 (deficit 0.52). Top 3 of 3 fix locations:
1. : list is missing item 'weight'. Adding it recovers +0.250.
2. : list has extraneous item 'title'. Removing it recovers +0.250.
3. inside list : replace item 'ages' with 'age'. Fixing this recovers +0.021.
The deficit is spread across multiple issue types (missing-list-item, extraneous-list-item, list-item-value).`,
			compact: `Score 0.48. Top 3/3 fixes:
1. : add item 'weight' [+0.250]
2. : remove item 'title' [+0.250]
3. : replace 'ages'->'age' [+0.021]
The deficit is spread across multiple issue types (missing-list-item, extraneous-list-item, list-item-value).`,
		},
		{
			name:  "fixed",
			score: 0.25,
			ops: []align.Op{
				mkOp(t, "add", align.KindListItemAdd, "/0", 0.25, `1`, `1`, ``),
				mkOp(t, "add", align.KindListItemAdd, "/2", 0.25, `4`, `4`, ``),
				mkOp(t, "remove", align.KindListItemRemove, "/3", 0.25, ``, ``, `3`),
			},
			opts: refOptions(),
			want: `The prediction scored 0.25 (deficit 0.75). Top 3 of 3 fix locations:
1. /0: missing list item 1. Adding it recovers +0.250.
2. /2: missing list item 4. Adding it recovers +0.250.
3. /3: extraneous list item 3. Removing it recovers +0.250.
Focus on missing-list-item errors — they account for 67% of the deficit shown.`,
			compact: `Score 0.25. Top 3/3 fixes:
1. /0: add item 1 [+0.250]
2. /2: add item 4 [+0.250]
3. /3: remove item 3 [+0.250]
Focus on missing-list-item errors — they account for 67% of the deficit shown.`,
		},
		{
			name:  "null-member",
			score: 0.5,
			ops: []align.Op{
				mkOp(t, "replace", align.KindNullValueReplace, "/diagnosis", 0.5, `"flu"`, `"flu"`, ``),
			},
			opts: refOptions(),
			want: `The prediction scored 0.50 (deficit 0.50). Top 1 of 1 fix locations:
1. /diagnosis: null/value mismatch (expected 'flu', got None). Fixing this recovers +0.500.
Focus on null-value errors — they account for 100% of the deficit shown.`,
			compact: `Score 0.50. Top 1/1 fixes:
1. /diagnosis: null<->'flu' (got None) [+0.500]
Focus on null-value errors — they account for 100% of the deficit shown.`,
		},
		{
			name:  "perfect",
			score: 1,
			opts:  refOptions(),
			want:  "The prediction perfectly matches the gold (score 1.00).",
		},
		{
			name:  "almost-perfect",
			score: 0.9999999999999999,
			opts:  refOptions(),
			want:  "The prediction scored 1.00; no individually significant fix locations under the current filter.",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ranked, err := align.RankOps(c.ops, align.RankOptions{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if fb := render(t, c.score, ranked, c.opts); fb.Text != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", fb.Text, c.want)
			}
			if c.compact != "" {
				if fb := render(t, c.score, ranked, compactOpts()); fb.Text != c.compact {
					t.Errorf("compact got:\n%s\nwant:\n%s", fb.Text, c.compact)
				}
			}
		})
	}
}

func TestFeedbackSelection(t *testing.T) {
	ops := []align.Op{
		mkOp(t, "replace", align.KindPrimitiveReplace, "/a", 0.3, `1`, `1`, `2`),
		mkOp(t, "replace", align.KindPrimitiveReplace, "/b", 0.2, `1`, `1`, `2`),
		mkOp(t, "replace", align.KindPrimitiveReplace, "/c", 0, `1`, `1`, `1.0`),
	}
	t.Run("top-k-0", func(t *testing.T) {
		opts := refOptions()
		opts.TopK = 0
		fb := render(t, 0.5, ops, opts)
		if fb.Text != "The prediction scored 0.50; no individually significant fix locations under the current filter." ||
			!fb.Truncated || fb.NShown != 0 || fb.NTotal != 3 || len(fb.Entries) != 0 {
			t.Errorf("%+v", fb)
		}
	})
	t.Run("zero-delta-kept", func(t *testing.T) {
		fb := render(t, 0.5, ops, refOptions())
		if fb.NShown != 3 || !strings.Contains(fb.Text, "3. /c: expected 1, got 1.0. Fixing this recovers +0.000.") {
			t.Errorf("%q", fb.Text)
		}
	})
	t.Run("min-score-delta", func(t *testing.T) {
		opts := refOptions()
		opts.MinScoreDelta = 0.2
		fb := render(t, 0.5, ops, opts)
		if fb.NShown != 2 || fb.NTotal != 3 || !fb.Truncated {
			t.Errorf("shown %d total %d truncated %v", fb.NShown, fb.NTotal, fb.Truncated)
		}
		// Pairs are atomic by their add half.
		add, remove := renamePair(t, 0.25)
		fb = render(t, 0.75, []align.Op{add, remove}, opts)
		if len(fb.Entries) != 2 {
			t.Errorf("rename pair split: %d entries", len(fb.Entries))
		}
		add.Delta = 0.1
		fb = render(t, 0.9, []align.Op{add, remove}, opts)
		if len(fb.Entries) != 0 {
			t.Errorf("rename pair kept: %d entries", len(fb.Entries))
		}
	})
	t.Run("top-k-and-unlimited", func(t *testing.T) {
		opts := refOptions()
		opts.TopK = 1
		fb := render(t, 0.5, ops, opts)
		if fb.NShown != 1 || !fb.Truncated || !strings.HasPrefix(fb.Text, "The prediction scored 0.50 (deficit 0.50). Top 1 of 3 fix locations:\n1. /a:") {
			t.Errorf("%q", fb.Text)
		}
		var many []align.Op
		for i := 0; i < 12; i++ {
			many = append(many, ops[0])
		}
		opts.Unlimited = true
		fb = render(t, 0.5, many, opts)
		if fb.NShown != 12 || fb.Truncated {
			t.Errorf("unlimited: shown %d truncated %v", fb.NShown, fb.Truncated)
		}
	})
	t.Run("json-style", func(t *testing.T) {
		opts := refOptions()
		opts.Style = StyleJSON
		add, remove := renamePair(t, 0.25)
		fb := render(t, 0.5, []align.Op{ops[0], add, remove}, opts)
		if fb.Text != "" || len(fb.Entries) != 3 || fb.NShown != 2 {
			t.Fatalf("%+v", fb)
		}
		for i, want := range []int{1, 2, 2} {
			if fb.Entries[i].Rank != want || fb.Entries[i].Text != "" {
				t.Errorf("entry %d: rank %d text %q", i, fb.Entries[i].Rank, fb.Entries[i].Text)
			}
		}
	})
	t.Run("no-synthesis", func(t *testing.T) {
		opts := refOptions()
		opts.IncludeSynthesisLine = false
		fb := render(t, 0.5, ops[:1], opts)
		if strings.Contains(fb.Text, "Focus") || strings.HasSuffix(fb.Text, "\n") {
			t.Errorf("%q", fb.Text)
		}
	})
	t.Run("errors", func(t *testing.T) {
		for name, opts := range map[string]FeedbackOptions{
			"negative top-k":     {TopK: -1},
			"negative min delta": {TopK: 5, MinScoreDelta: -0.1},
			"unknown style":      {TopK: 5, Style: "html"},
			"bad override":       {TopK: 5, Overrides: map[string]string{"feedback.op.key_add": "{nope}"}},
			"dominance above 1":  {TopK: 5, DominantFractionThreshold: 1.5},
			"negative dominance": {TopK: 5, DominantFractionThreshold: -0.1},
			"NaN dominance":      {TopK: 5, DominantFractionThreshold: math.NaN()},
			"unknown profile":    {TopK: 5, Profile: "strict"},
		} {
			if _, err := RenderFeedback(0.5, ops, opts); err == nil {
				t.Errorf("%s: no error", name)
			}
		}
	})
}

func TestFeedbackSynthesis(t *testing.T) {
	line := func(ops []align.Op, threshold float64) string {
		opts := refOptions()
		opts.Unlimited = true
		opts.DominantFractionThreshold = threshold
		fb := render(t, 0.1, ops, opts)
		return fb.Text[strings.LastIndexByte(fb.Text, '\n')+1:]
	}
	p := func(kind align.OpKind, d float64) align.Op { return mkOp(t, "replace", kind, "/x", d, `1`, `1`, `2`) }
	// Exactly at the threshold: single-dominant.
	if got, want := line([]align.Op{p(align.KindPrimitiveReplace, 0.6), p(align.KindKeyAdd, 0.4)}, 0.6), "Focus on primitive-value errors — they account for 60% of the deficit shown."; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	// Mixed: at most three buckets, by decreasing sum, ties in first-appearance order.
	ops := []align.Op{p(align.KindKeyAdd, 0.1), p(align.KindRefFix, 0.2), p(align.KindKeyRemove, 0.1), p(align.KindSubtreeReplace, 0.2), p("custom_kind", 0.05)}
	if got, want := line(ops, 0.6), "The deficit is spread across multiple issue types (reference, subtree, missing-key)."; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	// Buckets merge kinds; an unknown kind is its own bucket.
	ops = []align.Op{p(align.KindListItemAdd, 0.1), p("custom_kind", 0.15), p(align.KindListItemMissing, 0.1)}
	if got, want := line(ops, 0.5), "Focus on missing-list-item errors — they account for 57% of the deficit shown."; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	// The dominant bucket is the first with the maximum sum.
	if got, want := line([]align.Op{p(align.KindKeyAdd, 0.25), p(align.KindKeyRemove, 0.25)}, 0.5), "Focus on missing-key errors — they account for 50% of the deficit shown."; got != want {
		t.Errorf("got %q want %q", got, want)
	}
}

func TestFeedbackDiagnostics(t *testing.T) {
	diag := align.Op{Op: "describe", Kind: align.KindPairingAmbiguous, Path: "/people", Confidence: 0.25}
	op := mkOp(t, "replace", align.KindPrimitiveReplace, "/a", 0.5, `1`, `1`, `2`)
	ranked, err := align.RankOps([]align.Op{op}, align.RankOptions{}, []align.Op{diag})
	if err != nil {
		t.Fatal(err)
	}
	fb := render(t, 0.5, ranked, refOptions())
	want := "The prediction scored 0.50 (deficit 0.50). Top 1 of 1 fix locations:\n" +
		"1. /a: expected 1, got 2. Fixing this recovers +0.500.\n" +
		"Focus on primitive-value errors — they account for 100% of the deficit shown.\n" +
		"Diagnostic notes (low-confidence pairings):\n" +
		"~ /people: pairing between gold and predicted items was ambiguous (confidence 25%). Make these items more distinctive before fixing deeper field-level errors."
	if fb.Text != want {
		t.Errorf("got  %q\nwant %q", fb.Text, want)
	}
	if fb.NTotal != 1 || len(fb.Diagnostics) != 1 || !strings.HasPrefix(fb.Diagnostics[0].Text, "~ /people") {
		t.Errorf("%+v", fb)
	}
	fb = render(t, 1, []align.Op{diag}, compactOpts())
	if want := "The prediction perfectly matches the gold (score 1.00).\nDiagnostic notes (low-confidence pairings):\n~ /people: ambiguous pairing [c=0.25]"; fb.Text != want {
		t.Errorf("got  %q\nwant %q", fb.Text, want)
	}
}

func TestFeedbackOverrides(t *testing.T) {
	op := mkOp(t, "replace", align.KindPrimitiveReplace, "/a", 0.5, `"x"`, `"x"`, `"y"`)
	def, _ := DefaultTemplates().Lookup(ProfileReference, StyleGepa, "feedback.op.primitive_replace")

	// An override equal to the packaged default does not displace the
	// compact overlay (docs/SCORING.md §8.8.6).
	opts := compactOpts()
	opts.IncludeSynthesisLine = false
	opts.Overrides = map[string]string{"feedback.op.primitive_replace": def}
	if fb := render(t, 0.5, []align.Op{op}, opts); !strings.HasSuffix(fb.Text, "1. /a: 'x' (got 'y') [+0.500]") {
		t.Errorf("%q", fb.Text)
	}
	// A differing override wins over the overlay, with every placeholder
	// of the kind available, pct values and literal braces included.
	opts.Overrides = map[string]string{"feedback.op.primitive_replace": "{{{rank}}} {path} {gold}/{pred} {score_delta_pct:.1f}% {confidence_pct} {score_delta}"}
	if fb := render(t, 0.5, []align.Op{op}, opts); !strings.HasSuffix(fb.Text, "{1} /a 'x'/'y' 50.0% 100.0 0.5") {
		t.Errorf("%q", fb.Text)
	}
	// Overrides compiled once give the same result.
	tpl, err := DefaultTemplates().WithOverrides(opts.Overrides)
	if err != nil {
		t.Fatal(err)
	}
	opts.Overrides, opts.Templates = nil, tpl
	if fb := render(t, 0.5, []align.Op{op}, opts); !strings.HasSuffix(fb.Text, "{1} /a 'x'/'y' 50.0% 100.0 0.5") {
		t.Errorf("%q", fb.Text)
	}
	// A visible key_rename_remove takes a rank and is no longer a silent
	// half, so the rename line finds no candidate path (docs/SCORING.md §8.8.2).
	add, remove := renamePair(t, 0.25)
	opts = refOptions()
	opts.IncludeSynthesisLine = false
	opts.Overrides = map[string]string{"feedback.op.key_rename_remove": "{rank}. drop {pred_key} at {pred_path} ({pred})"}
	fb := render(t, 0.75, []align.Op{add, remove}, opts)
	want := "The prediction scored 0.75 (deficit 0.25). Top 2 of 2 fix locations:\n" +
		`1. rename key "" -> "name" at /r/name (value 'Bob'). Fixing this recovers +0.250.` + "\n" +
		"2. drop nme at /r/nme ('Bob')"
	if fb.Text != want {
		t.Errorf("got  %q\nwant %q", fb.Text, want)
	}
	// A blank override silences a kind.
	opts.Overrides = map[string]string{"feedback.op.primitive_replace": "  \n"}
	fb = render(t, 0.5, []align.Op{op}, opts)
	if fb.NShown != 0 || fb.Text != "The prediction scored 0.50; no individually significant fix locations under the current filter." {
		t.Errorf("%q", fb.Text)
	}
}

func TestFeedbackValueCut(t *testing.T) {
	long := `"` + strings.Repeat("é", 100) + `"`
	op := mkOp(t, "add", align.KindListItemAdd, "/l/0", 0.5, long, long, ``)
	opts := refOptions()
	opts.IncludeSynthesisLine = false
	fb := render(t, 0.5, []align.Op{op}, opts)
	want := "1. /l/0: missing list item '" + strings.Repeat("é", 78) + "…. Adding it recovers +0.500."
	if fb.Entries[0].Text != want {
		t.Errorf("got  %q\nwant %q", fb.Entries[0].Text, want)
	}
	for _, c := range []struct{ in, want string }{
		{`"` + strings.Repeat("a", 78) + `"`, "'" + strings.Repeat("a", 78) + "'"},
		{`"` + strings.Repeat("a", 79) + `"`, "'" + strings.Repeat("a", 78) + "…"},
		{`null`, "None"},
	} {
		if got := FmtValue(jv(t, c.in), ProfileReference); got != c.want {
			t.Errorf("FmtValue(%s, ProfileReference) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRenderValidationError(t *testing.T) {
	got := RenderValidationError(ValidationErrorPath([]string{"relations", "4", "a/b"}), "None is not of type 'string'", nil, ProfileReference)
	if want := "Prediction failed schema validation at /relations/4/a/b: None is not of type 'string'"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	if got := ValidationErrorPath(nil); got != "/" {
		t.Errorf("root path %q", got)
	}
	tpl, err := DefaultTemplates().WithOverrides(map[string]string{"feedback.validation_error": "invalid at {path} ({message})"})
	if err != nil {
		t.Fatal(err)
	}
	if got := RenderValidationError("/", "m", tpl, ProfileReference); got != "invalid at / (m)" {
		t.Errorf("override: %q", got)
	}
}

func BenchmarkRenderFeedbackFig1(b *testing.B) {
	ranked, err := align.RankOps(fig1Ops(b), align.RankOptions{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	opts := refOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderFeedback(fig1Score, ranked, opts); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRankOpsFig1(b *testing.B) {
	ops := fig1Ops(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := align.RankOps(ops, align.RankOptions{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// refOptions are DefaultFeedbackOptions in the reference profile, whose text
// the tests of the reference's wording check.
func refOptions() FeedbackOptions {
	o := DefaultFeedbackOptions()
	o.Profile = ProfileReference
	return o
}

// refDescribe describes in the reference profile.
var refDescribe = DescribeOptions{Profile: ProfileReference}
