package interp

import (
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestStringMemoIndices checks the string memo's bookkeeping by hand: the
// candidates' strings of a column get one local index per distinct string
// (-1 for a candidate without the column), a gold string gets one block of
// entries per column, and a full memo answers -1 (the cells are then
// compared one by one).
func TestStringMemoIndices(t *testing.T) {
	rec := func(kv ...string) jsonval.Value {
		var mm []jsonval.Member
		for i := 0; i < len(kv); i += 2 {
			mm = append(mm, jsonval.Member{Key: kv[i], Value: jsonval.NewString(kv[i+1])})
		}
		return jsonval.NewObject(mm)
	}
	P := []jsonval.Value{
		rec("id", "a", "name", "Anna"), rec("id", "b", "name", "Ana"), rec("id", "c", "name", "Anna"),
		jsonval.NullValue(), rec("id", "d", "name", "Ana"), rec("id", "e"),
	}
	for range 60 {
		P = append(P, rec("id", "z", "name", "Ana"))
	}
	var c call
	c.s = &Scorer{}
	var ks kernelScratch
	c.kernelColumns(&ks, 2, P, false)
	if !ks.cols.on {
		t.Fatal("the column kernel is off for a 2 × 66 matrix")
	}
	k := ks.cols.names["name"]
	loc := ks.memo.column(&ks.cols, k)
	want := []int32{0, 1, 0, -1, 1, -1}
	for j, w := range want {
		if loc[j] != w {
			t.Errorf("local index of candidate %d: %d, want %d", j, loc[j], w)
		}
	}
	if ks.memo.nloc[k] != 2 {
		t.Errorf("%d distinct names, want 2", ks.memo.nloc[k])
	}
	a, b, a2 := ks.memo.entries(&ks.cols, k, "Anna"), ks.memo.entries(&ks.cols, k, "Anne"), ks.memo.entries(&ks.cols, k, "Anna")
	if a != 0 || b != 2 || a2 != a {
		t.Errorf("offsets %d %d %d, want 0 2 0", a, b, a2)
	}
	if id := ks.memo.entries(&ks.cols, ks.cols.names["id"], "Anna"); id != 4 {
		t.Errorf("offset of the id column's block %d, want 4 (a column of its own)", id)
	}
	ks.memo.ents = append(ks.memo.ents, make([]memoEntry, memoMax-len(ks.memo.ents)-1)...)
	if off := ks.memo.entries(&ks.cols, k, "Bruno"); off != -1 {
		t.Errorf("a full memo gave offset %d, want -1", off)
	}
	ks.memo.reset(ks.cols.np)
	if len(ks.memo.ents) != 0 || len(ks.memo.rows) != 0 {
		t.Error("reset left entries")
	}
}
