package genrt

import (
	"bytes"
	"slices"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

func TestUniformAlphas(t *testing.T) {
	ents := []Entry{{Role: align.RoleMatched}, {Role: align.RoleExcess}, {Role: align.RoleMissing}, {Role: align.RoleMatched}}
	tests := []struct {
		ie, im bool
		want   []float64
	}{
		{false, false, []float64{0.25, 0.25, 0.25, 0.25}},
		{true, false, []float64{1.0 / 3, 0, 1.0 / 3, 1.0 / 3}},
		{true, true, []float64{0.5, 0, 0, 0.5}},
	}
	for _, tc := range tests {
		if got := UniformAlphas(ents, tc.ie, tc.im); !slices.Equal(got, tc.want) {
			t.Errorf("UniformAlphas(ignoreExcess=%v, ignoreMissing=%v) = %v, want %v", tc.ie, tc.im, got, tc.want)
		}
	}
	if got := UniformAlphas([]Entry{{Role: align.RoleExcess}}, true, false); !slices.Equal(got, []float64{0}) {
		t.Errorf("only ignored entries: %v, want [0]", got)
	}
}

func TestFinishListAndCombined(t *testing.T) {
	one, two := jsonval.NewInt(1), jsonval.NewInt(2)
	l1 := Leaf(align.LeafPlain, 1, one, one, true, true)
	l2 := Leaf(align.LeafPlain, 0, two, jsonval.Value{}, true, false)
	ents := []Entry{
		{Role: align.RoleMatched, Gold: one, Pred: one, Match: l1.Match},
		{Role: align.RoleMissing, Gold: two, Match: l2.Match},
	}
	r := FinishList(align.ListFixed, 0.5, ents, []float64{0.5, 0.5}, false, jsonval.Value{}, jsonval.Value{})
	if r.Match.Type != align.ListNode || r.Match.List != align.ListFixed || r.Match.Score != 0.5 || len(r.Match.Children) != 2 {
		t.Fatalf("FinishList: match %+v", r.Match)
	}
	if c := r.Match.Children[1]; c.Role != align.RoleMissing || c.Alpha != 0.5 || c.Match != l2.Match {
		t.Errorf("FinishList: child 1 = %+v", c)
	}
	if len(r.Gold.Arr) != 2 || len(r.Pred.Arr) != 2 || r.Gold.Arr[1].I != 2 {
		t.Errorf("FinishList: aligned values %v, %v", r.Gold, r.Pred)
	}
	raw := FinishList(align.ListFixed, 1, nil, nil, true, one, two)
	if raw.Gold.I != 1 || raw.Pred.I != 2 {
		t.Errorf("FinishList raw: aligned values %v, %v, want the inputs", raw.Gold, raw.Pred)
	}
	c := FinishCombined(0.75, 0.25, 0.75, ents[:1], []float64{1}, ents[1:], []float64{1})
	if c.Match.List != align.ListCombined || len(c.Match.Children) != 2 || c.Match.Children[0].Alpha != 0.25 || c.Match.Children[1].Alpha != 0.75 {
		t.Errorf("FinishCombined: match %+v", c.Match)
	}
	if e := EmptyObject(); e.Match.Type != align.ObjectNode || e.Match.Score != 1 || e.Gold.Kind != jsonval.Object {
		t.Errorf("EmptyObject = %+v", e)
	}
}

func TestWithinLimits(t *testing.T) {
	lim := align.Limits{MaxDepth: 10, MaxCollection: 3, MaxStringRunes: 5, MaxWork: 1e6}
	small := jsonval.Stats{Values: 4, Elems: 2, Depth: 3, MaxLen: 2}
	if !WithinLimits(lim, small, small, 0, false, false) {
		t.Error("a small pair is not within the limits")
	}
	if big := (jsonval.Stats{Values: 5, Elems: 4, Depth: 2, MaxLen: 4}); WithinLimits(lim, big, small, 0, false, false) {
		t.Error("a collection beyond MaxCollection is within the limits")
	}
	if long := (jsonval.Stats{Values: 1, Depth: 1, MaxString: 6, StringBytes: 6}); WithinLimits(lim, long, small, 0, false, false) {
		t.Error("a string beyond MaxStringRunes is within the limits")
	}
	if deep := (jsonval.Stats{Values: 10, Elems: 9, Depth: 9, MaxLen: 1}); WithinLimits(lim, deep, small, 0, false, false) {
		t.Error("a value nested beyond MaxDepth-2 is within the limits")
	}
	// Two arrays of three: no collection too large, but 6 elements pooled by a scope are.
	wide := jsonval.Stats{Values: 9, Elems: 8, Depth: 3, MaxLen: 3}
	if !WithinLimits(lim, wide, wide, 0, false, false) || WithinLimits(lim, wide, wide, 1, false, false) {
		t.Error("scope records pooled from every array are not bounded by MaxCollection")
	}
	// The work bound grows with the scopes, Damerau–Levenshtein and repairs.
	strs := jsonval.Stats{Values: 4, Elems: 3, Depth: 2, MaxLen: 3, MaxString: 5, StringBytes: 15}
	tight := align.Limits{MaxDepth: 10, MaxCollection: 3, MaxStringRunes: 5, MaxWork: 200}
	if !WithinLimits(tight, strs, strs, 0, false, false) {
		t.Error("the plain work bound exceeds a budget it fits")
	}
	if WithinLimits(tight, strs, strs, 0, false, true) {
		t.Error("the repair work bound fits a budget it exceeds")
	}
	if WithinLimits(tight, strs, strs, 2, false, false) {
		t.Error("the work bound of three passes fits a budget it exceeds")
	}
	if WithinLimits(tight, strs, strs, 0, true, false) {
		t.Error("the Damerau–Levenshtein bound fits a budget it exceeds")
	}
	// Strings beyond 64 bytes cost more than 1 per comparison.
	long := jsonval.Stats{Values: 4, Elems: 3, Depth: 2, MaxLen: 3, MaxString: 65, StringBytes: 195}
	roomy := align.Limits{MaxDepth: 10, MaxCollection: 3, MaxStringRunes: 100, MaxWork: 1000}
	if !WithinLimits(roomy, strs, strs, 0, false, false) || WithinLimits(roomy, long, long, 0, false, false) {
		t.Error("long strings are not charged their length")
	}
}

func TestAppendLabelItem(t *testing.T) {
	got := AppendLabelItem(nil, "str", "ab")
	want := []byte{2, 0, 0, 0, 3, 's', 't', 'r', 0, 0, 0, 2, 'a', 'b'}
	if !bytes.Equal(got, want) {
		t.Errorf("AppendLabelItem = %v, want %v", got, want)
	}
	got = AppendLabelItemInt(nil, -2, "int")
	want = []byte{0x81, 0, 0, 0, 3, 'i', 'n', 't', 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}
	if !bytes.Equal(got, want) {
		t.Errorf("AppendLabelItemInt = %v, want %v", got, want)
	}
	// Items are self-delimiting: different splits give different keys.
	a := AppendLabelItem(AppendLabelItem(nil, "a"), "b")
	b := AppendLabelItem(nil, "a", "b")
	if bytes.Equal(a, b) {
		t.Error("two items and one item of two parts have the same key")
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = AppendLabelItemInt(AppendLabelItem(buf[:0], "str", "x"), 7, "int") }); n != 0 {
		t.Errorf("appending to a buffer with room allocates %v times", n)
	}
}
