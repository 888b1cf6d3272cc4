package interp_test

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestAlignArenaIsAlign aligns every conformance vector, one after the
// other, through one TreeArena (so each call reuses the storage of trees
// of other sizes and other schemas) and requires each result to be Align's:
// the score bit for bit, the match tree and the ranked repair operations.
func TestAlignArenaIsAlign(t *testing.T) {
	cache := scorerCache{}
	var arena interp.TreeArena
	ctx := context.Background()
	for _, v := range loadVectors(t) {
		s, err := cache.get(v)
		if err != nil {
			continue // the vectors of bad schemas
		}
		want, werr := s.Align(v.Gold, v.Cand)
		got, gerr := s.AlignArena(ctx, v.Gold, v.Cand, &arena)
		if (werr != nil) != (gerr != nil) {
			t.Fatalf("%s: Align error %v, AlignArena error %v", v.ID, werr, gerr)
		}
		if werr != nil {
			continue
		}
		if math.Float64bits(got.Score) != math.Float64bits(want.Score) {
			t.Errorf("%s: score %v, Align's %v", v.ID, got.Score, want.Score)
		}
		if !reflect.DeepEqual(got.Match, want.Match) {
			t.Errorf("%s: the arena's match tree differs from Align's", v.ID)
		}
		wops, werr := want.Repair(interp.RepairOptions{})
		gops, gerr := got.Repair(interp.RepairOptions{})
		if !reflect.DeepEqual(gops, wops) || (werr != nil) != (gerr != nil) {
			t.Errorf("%s: repair operations %v (%v), Align's %v (%v)", v.ID, gops, gerr, wops, werr)
		}
	}
}

// TestAlignArenaSizes: trees of very different sizes in turn through one
// arena (one beyond what an arena keeps) are Align's.
func TestAlignArenaSizes(t *testing.T) {
	s, err := interp.Compile([]byte(`{"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}`), "s.json", interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc := func(n int, tag string) jsonval.Value {
		b := []byte("[")
		for i := range n {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"a": "`+tag+string(rune('a'+i%26))+`"}`...)
		}
		v, err := jsonval.Decode(append(b, ']'), jsonval.DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	var arena interp.TreeArena
	for _, n := range []int{3, 4000, 2, 5, 5, 40, 1} {
		g, c := doc(n, "x"), doc(n+1, "y")
		got, err := s.AlignArena(context.Background(), g, c, &arena)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.Align(g, c)
		if err != nil {
			t.Fatal(err)
		}
		if got.Score != want.Score || !reflect.DeepEqual(got.Match, want.Match) {
			t.Fatalf("%d elements: the arena's result differs from Align's", n)
		}
	}
}
