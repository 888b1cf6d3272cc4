package align

import (
	"math"
	"strings"
	"testing"
)

// paths lists "path:kind" of every operation.
func paths(ops []Op) string {
	s := make([]string, len(ops))
	for i, o := range ops {
		s[i] = o.Path + ":" + string(o.Kind)
	}
	return strings.Join(s, " ")
}

func TestRankOpsOrder(t *testing.T) {
	op := func(path, opName string, kind OpKind, d, conf float64) Op {
		return Op{Op: opName, Kind: kind, Path: path, Delta: d, Confidence: conf}
	}
	ops := []Op{
		op("/b", "replace", KindPrimitiveReplace, 0.1, 1),
		op("/a", "remove", KindListItemExcess, 0.2, 0.5),
		op("/a", "add", KindListItemMissing, 0.2, 0.9),
		op("/é", "replace", KindPrimitiveReplace, 0.2, 1),
		op("/z", "replace", KindPrimitiveReplace, 0.2, 1),
		op("/a", "add", KindKeyAdd, 0.2, 1),
		op("/c", "replace", KindPrimitiveReplace, 0.15, 0.2),
		op("/a", "add", KindListItemMissing, 0.2, 0.1), // same key as ops[2]: stays after it
	}
	for _, c := range []struct {
		rankBy string
		want   string
	}{
		{"", "/a:key_add /a:list_item_missing /a:list_item_missing /a:list_item_excess /z:primitive_replace /é:primitive_replace /c:primitive_replace /b:primitive_replace"},
		// Δ·c: /z 0.2, /é 0.2, /a key_add 0.2, /a missing 0.18, /a excess 0.1, /b 0.1, /c 0.03, /a missing 0.02.
		{RankByExpectedGain, "/a:key_add /z:primitive_replace /é:primitive_replace /a:list_item_missing /a:list_item_excess /b:primitive_replace /c:primitive_replace /a:list_item_missing"},
		{RankByConfidence, "/a:key_add /z:primitive_replace /é:primitive_replace /b:primitive_replace /a:list_item_missing /a:list_item_excess /c:primitive_replace /a:list_item_missing"},
	} {
		got, err := RankOps(ops, RankOptions{RankBy: c.rankBy}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if paths(got) != c.want {
			t.Errorf("rankBy %q:\n got %s\nwant %s", c.rankBy, paths(got), c.want)
		}
	}
	// Stability among equal keys: the two identical-key list_item_missing
	// operations keep their input order.
	got, _ := RankOps(ops, RankOptions{}, nil)
	if got[1].Confidence != 0.9 || got[2].Confidence != 0.1 {
		t.Errorf("equal keys reordered: %v %v", got[1].Confidence, got[2].Confidence)
	}
	// The input is untouched.
	if ops[0].Path != "/b" {
		t.Error("input modified")
	}
}

func TestRankOpsFilterAndDiagnostics(t *testing.T) {
	add, remove := renamePair(t, 0.05)
	ops := []Op{
		{Op: "replace", Kind: KindPrimitiveReplace, Path: "/x", Delta: 0.3, Confidence: 1},
		remove, add,
		{Op: "replace", Kind: KindPrimitiveReplace, Path: "/y", Delta: 0.01, Confidence: 1},
	}
	diag := Op{Op: "describe", Kind: KindPairingAmbiguous, Path: "/", Confidence: 0.2}
	got, err := RankOps(ops, RankOptions{MinContribution: 0.02}, []Op{diag})
	if err != nil {
		t.Fatal(err)
	}
	if want := "/x:primitive_replace /r/name:key_rename_add /:pairing_ambiguous /r/nme:key_rename_remove"; paths(got) != want {
		t.Errorf("got %s\nwant %s", paths(got), want)
	}
	got, _ = RankOps(ops, RankOptions{MinContribution: 0.1}, []Op{diag})
	if want := "/x:primitive_replace /:pairing_ambiguous"; paths(got) != want {
		t.Errorf("pair dropped as a unit: got %s", paths(got))
	}
	// A pair whose add half is absent decides per operation.
	got, _ = RankOps([]Op{remove}, RankOptions{MinContribution: 0.1}, nil)
	if len(got) != 0 {
		t.Errorf("lone remove half kept: %s", paths(got))
	}
	// minContribution 0 keeps everything.
	got, _ = RankOps(ops, RankOptions{}, nil)
	if len(got) != 4 {
		t.Errorf("%d operations", len(got))
	}
}

func TestRankOpsErrors(t *testing.T) {
	ok := []Op{{Op: "add", Kind: KindKeyAdd, Path: "/a", Delta: 0.5, Confidence: 1}}
	for name, c := range map[string]struct {
		ops  []Op
		opts RankOptions
	}{
		"negative min":   {ok, RankOptions{MinContribution: -1}},
		"NaN min":        {ok, RankOptions{MinContribution: math.NaN()}},
		"unknown rankBy": {ok, RankOptions{RankBy: "delta"}},
		"NaN delta":      {[]Op{{Path: "/a", Delta: math.NaN()}}, RankOptions{}},
	} {
		if _, err := RankOps(c.ops, c.opts, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if got, err := RankOps(nil, RankOptions{}, nil); err != nil || len(got) != 0 {
		t.Errorf("empty: %v %v", got, err)
	}
}

func TestRankOpsLarge(t *testing.T) {
	// More operations than the stack permutation holds.
	var ops []Op
	for i := 0; i < 200; i++ {
		ops = append(ops, Op{Op: "replace", Kind: KindPrimitiveReplace, Path: "/p", Delta: float64(i%7) / 10, Confidence: float64(i)})
	}
	got, err := RankOps(ops, RankOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		if a.Delta < b.Delta || a.Delta == b.Delta && a.Confidence > b.Confidence {
			t.Fatalf("position %d: (%v, %v) before (%v, %v)", i, a.Delta, a.Confidence, b.Delta, b.Confidence)
		}
	}
}
