package feedback

import (
	"github.com/objectaligner/oagen/align"
	"math"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

func leafOf(t testing.TB, kind align.LeafKind, score float64, gold, pred string) *align.Match {
	m := &align.Match{Type: align.LeafNode, Leaf: kind, Score: score, Confidence: 1}
	if gold != "-" {
		m.Gold, m.HasGold = jv(t, gold), true
	}
	if pred != "-" {
		m.Pred, m.HasPred = jv(t, pred), true
	}
	return m
}

func entry(gk, pk string, keyScore float64, v *align.Match) align.ObjectEntry {
	return align.ObjectEntry{GoldKey: gk, PredKey: pk, HasGoldKey: gk != "", HasPredKey: pk != "", KeyScore: keyScore, Value: v}
}

// describeTree is a match tree with one node of every kind Describe
// renders.
func describeTree(t *testing.T) *align.Match {
	boss := leafOf(t, align.LeafRef, 0, `1`, `94`)
	boss.MappedPred, boss.HasMapped = jsonval.NewInt(91), true
	nested := &align.Match{Type: align.ObjectNode, Score: 1, Entries: []align.ObjectEntry{entry("k", "k", 1, leafOf(t, align.LeafPlain, 1, `"v"`, `"v"`))}}
	tags := &align.Match{Type: align.ListNode, List: align.ListReorder, Score: 0.5, Children: []align.ListChild{
		{Role: align.RoleMatched, Match: leafOf(t, align.LeafPlain, 1, `"a"`, `"a"`)},
		{Role: align.RoleMissing, Match: leafOf(t, align.LeafPlain, 0, `"b"`, `-`)},
		{Role: align.RoleExcess, Match: leafOf(t, align.LeafPlain, 0, `-`, `"c"`)},
		{Role: align.RoleAbsent, Match: leafOf(t, align.LeafAbsent, 1, `-`, `-`)},
		{Role: align.RoleMatched, Match: leafOf(t, align.LeafNull, 1, `null`, `null`)},
		{Role: align.RoleMatched, Match: nested},
	}}
	root := &align.Match{Type: align.ObjectNode, Score: 0.6, Entries: []align.ObjectEntry{
		entry("name", "name", 1, leafOf(t, align.LeafPlain, 1, `"Alice"`, `"Alice"`)),
		entry("age", "age", 1, leafOf(t, align.LeafPlain, 0.125, `30`, `31.5`)),
		entry("tags", "tags", 1, tags),
		entry("boss", "bos", 0.9333333333333333, boss),
		entry("mentor", "mentor", 1, leafOf(t, align.LeafRef, 0, `2`, `99`)),
		entry("id", "id", 1, leafOf(t, align.LeafID, 1, `1`, `90`)),
		entry("mid", "mid", 1, leafOf(t, align.LeafNull, 0.875, `null`, `[1, "x"]`)),
		entry("", "extra", 0, leafOf(t, align.LeafPlain, 0, `-`, `"x"`)),
		entry("notes", "", 0, leafOf(t, align.LeafPlain, 0, `"n"`, `-`)),
	}}
	return root
}

func TestDescribe(t *testing.T) {
	root := describeTree(t)
	want := strings.Join([]string{
		"The predicted output scores overall 60%, let us align the predicted output to the gold and analyze the differences:",
		"The predicted dictionary scores 60%:",
		`  KEY = The predicted key "name" exactly matches the gold.`,
		`  VALUE = The predicted value "Alice" exactly matches the gold.`,
		``,
		`  KEY = The predicted key "age" exactly matches the gold.`,
		`  VALUE = The predicted value "31.5" does not match the gold "30" (score=12%).`,
		``,
		`  KEY = The predicted key "tags" exactly matches the gold.`,
		`  VALUE = The predicted list scores 50%:`,
		`    The predicted value "a" exactly matches the gold.`,
		`    The predicted output misses the "b" list item from the gold.`,
		`    The predicted list item "c" is excessive, it was not in the gold.`,
		`    The predicted dictionary perfectly matches the gold one:`,
		`      KEY = The predicted key "k" exactly matches the gold.`,
		`      VALUE = The predicted value "v" exactly matches the gold.`,
		``,
		``,
		`  KEY = The predicted key "bos" does not match the gold "boss" (score=93%).`,
		`  VALUE = The predicted reference "94" should be "91" under the inferred id mapping (score=0%).`,
		``,
		`  KEY = The predicted key "mentor" exactly matches the gold.`,
		`  VALUE = The predicted reference "99" cannot be resolved under the inferred id mapping (score=0%).`,
		``,
		`  KEY = The predicted key "id" exactly matches the gold.`,
		`  VALUE = `,
		`  KEY = The predicted key "mid" exactly matches the gold.`,
		`  VALUE = The predicted value "[1, 'x']" does not match the gold "None" (null/value mismatch, score=88%).`,
		``,
		`  KEY = The predicted key "extra" does not match the gold "None" (score=0%).`,
		`  VALUE = The predicted value "x" does not match the gold "None" (score=0%).`,
		``,
		`  KEY = The predicted key "None" does not match the gold "notes" (score=0%).`,
		`  VALUE = The predicted value "None" does not match the gold "n" (score=0%).`,
	}, "\n")
	if got := Describe(0.6, root, refDescribe); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Errorf("first difference at line %d:\n got %q\nwant %q", i+1, gl[i], wl[i])
				break
			}
		}
	}
	if got := Describe(1, root, refDescribe); got != "The predicted output perfectly matches the gold." {
		t.Errorf("perfect: %q", got)
	}
}

func TestDescribeLeafRootAndOverrides(t *testing.T) {
	root := leafOf(t, align.LeafPlain, 0.5, `"x"`, `"y"`)
	want := "The predicted output scores overall 50%, let us align the predicted output to the gold and analyze the differences:\n" +
		`The predicted value "y" does not match the gold "x" (score=50%).`
	if got := Describe(0.5, root, refDescribe); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	tpl, err := DefaultTemplates().WithOverrides(map[string]string{
		"describe.intro.imperfect": "[{score_pct}]\n",
		"describe.item.mismatch":   "{indent}{gold}≠{pred} {score_pct}\n",
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := Describe(0.5, root, DescribeOptions{Templates: tpl, Profile: ProfileReference}); got != "[50%]\nx≠y 50%" {
		t.Errorf("override: %q", got)
	}
	if got := Describe(0.25, nil, refDescribe); !strings.HasPrefix(got, "The predicted output scores overall 25%") {
		t.Errorf("nil root: %q", got)
	}
}

func TestPctString(t *testing.T) {
	for v, want := range map[float64]string{0: "0%", 1: "100%", 0.125: "12%", 0.135: "14%", 0.005: "0%", 0.015: "2%", 0.7678571428571429: "77%", math.Copysign(0, -1): "0%"} {
		if got := pctString(v); got != want {
			t.Errorf("pctString(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestDescribeValidationError(t *testing.T) {
	got := DescribeValidationError("/people/0/role", "'Boss' is not one of ['Manager', 'Engineer', 'Intern']", refDescribe)
	want := `JSON Schema validation failed for path="/people/0/role". Error message: 'Boss' is not one of ['Manager', 'Engineer', 'Intern'].`
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestDescribeDefaultProfile describes the tree of TestDescribe in the
// default profile: JSON values, objects and arrays, "missing key" and
// "extra key" lines, no empty value line for the identifier field.
func TestDescribeDefaultProfile(t *testing.T) {
	want := strings.Join([]string{
		"The predicted output scores overall 60%, let us align the predicted output to the gold and analyze the differences:",
		"The predicted object scores 60%:",
		`  KEY = The predicted key "name" exactly matches the gold.`,
		`  VALUE = The predicted value "Alice" exactly matches the gold.`,
		``,
		`  KEY = The predicted key "age" exactly matches the gold.`,
		`  VALUE = The predicted value 31.5 does not match the gold 30 (score=12%).`,
		``,
		`  KEY = The predicted key "tags" exactly matches the gold.`,
		`  VALUE = The predicted array scores 50%:`,
		`    The predicted value "a" exactly matches the gold.`,
		`    The predicted output misses the array item "b" from the gold.`,
		`    The predicted array item "c" is excessive, it was not in the gold.`,
		`    The predicted object perfectly matches the gold one:`,
		`      KEY = The predicted key "k" exactly matches the gold.`,
		`      VALUE = The predicted value "v" exactly matches the gold.`,
		``,
		``,
		`  KEY = The predicted key "bos" does not match the gold "boss" (score=93%).`,
		`  VALUE = The predicted reference 94 should be 91 under the inferred id mapping (score=0%).`,
		``,
		`  KEY = The predicted key "mentor" exactly matches the gold.`,
		`  VALUE = The predicted reference 99 cannot be resolved under the inferred id mapping (score=0%).`,
		``,
		`  KEY = The predicted key "id" exactly matches the gold.`,
		``,
		`  KEY = The predicted key "mid" exactly matches the gold.`,
		`  VALUE = The predicted value [1, "x"] does not match the gold null (null/value mismatch, score=88%).`,
		``,
		`  KEY = extra key "extra", not in the gold (value "x").`,
		``,
		`  KEY = missing key "notes" (gold value "n").`,
	}, "\n")
	if got := Describe(0.6, describeTree(t), DescribeOptions{}); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
