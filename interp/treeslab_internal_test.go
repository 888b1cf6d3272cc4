package interp

import (
	"context"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// TestSlabTake: slots are fresh zeros, handed out once, of capacity n; the
// first chunk after a reset holds what the last call took (bounded by
// minChunk and maxChunk), and a reset drops the chunk.
func TestSlabTake(t *testing.T) {
	var s slab[int]
	a := s.take(3)
	if len(a) != 3 || cap(a) != 3 || len(s.free) != minChunk-3 {
		t.Fatalf("take(3): len %d cap %d, %d left", len(a), cap(a), len(s.free))
	}
	a[0], a[1], a[2] = 1, 2, 3
	b := s.take(5)
	if &b[0] == &a[0] || b[0] != 0 || len(s.free) != 0 {
		t.Fatalf("take(5) after take(3): %v, %d left", b, len(s.free))
	}
	big := s.take(maxChunk + 1)
	if len(big) != maxChunk+1 || s.used != 3+5+maxChunk+1 {
		t.Fatalf("a large take: len %d, used %d", len(big), s.used)
	}
	if e := s.take(0); e == nil || len(e) != 0 {
		t.Fatalf("take(0) = %#v, want an empty non-nil slice", e)
	}
	s.reset()
	if s.free != nil || s.used != 0 || s.hint != 3+5+maxChunk+1 {
		t.Fatalf("reset: free %d, used %d, hint %d", len(s.free), s.used, s.hint)
	}
	s.reset() // a call that took nothing keeps the hint
	if s.hint != 3+5+maxChunk+1 {
		t.Fatalf("empty call: hint %d", s.hint)
	}
	s.take(1)
	if len(s.free) != maxChunk-1 {
		t.Fatalf("first chunk after the hint: %d left, want %d", len(s.free), maxChunk-1)
	}
	s.reset()
	s.take(1)
	if len(s.free) != minChunk-1 {
		t.Fatalf("first chunk after a call of 1: %d left, want %d", len(s.free), minChunk-1)
	}
}

// TestReleaseDropsTreeChunks: a call's release leaves no chunk in its
// workspace, so that no chunk is shared by the trees of two calls (which
// would keep every earlier tree alive through the later ones: issue 25's
// eval on AMR pairs grew to 350 MB before this).
func TestReleaseDropsTreeChunks(t *testing.T) {
	s, err := Compile([]byte(`{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}`), "s.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := jsonval.DecodeString(`{"a": ["x", "y"]}`)
	p, _ := jsonval.DecodeString(`{"a": ["y", "z", "w"]}`)
	c := newCall(context.Background(), s, g, p)
	ws := c.workspace
	if _, err := c.align(g, p, s.schema.Root, true); err != nil {
		t.Fatal(err)
	}
	_ = c.leaf(align.LeafPlain, 0, g, p, true, true)
	if ws.tree.nodes.free == nil || ws.tree.children.free == nil {
		t.Fatal("the build took no chunk")
	}
	c.release()
	for name, free := range map[string]int{"nodes": len(ws.tree.nodes.free), "entries": len(ws.tree.entries.free),
		"children": len(ws.tree.children.free), "members": len(ws.tree.members.free), "values": len(ws.tree.values.free)} {
		if free != 0 {
			t.Errorf("after release, the %s slab keeps %d slots", name, free)
		}
	}
	if ws.tree.nodes.free != nil {
		t.Error("after release, the nodes slab keeps its chunk")
	}
}

// TestSlabRewind: a TreeArena's slab hands out the chunks of the call
// before, cleared; several chunks become one of their total size; beyond
// maxArenaSlots it keeps none.
func TestSlabRewind(t *testing.T) {
	s := slab[int]{keep: true}
	a := s.take(3)
	a[0], a[1], a[2] = 1, 2, 3
	s.rewind()
	b := s.take(3)
	if &b[0] != &a[0] || b[0] != 0 || b[1] != 0 || b[2] != 0 {
		t.Fatalf("after rewind: %v at %p, want the cleared slots at %p", b, &b[0], &a[0])
	}
	s.take(minChunk) // a second chunk
	if len(s.kept) != 2 {
		t.Fatalf("%d chunks kept, want 2", len(s.kept))
	}
	s.rewind()
	if len(s.kept) != 1 || len(s.kept[0]) != 2*minChunk {
		t.Fatalf("after a call of two chunks: %d chunks (%d slots), want one of %d", len(s.kept), len(s.kept[0]), 2*minChunk)
	}
	s.take(maxArenaSlots + 1)
	s.rewind()
	if s.kept != nil {
		t.Fatalf("after a call beyond maxArenaSlots, %d chunks kept", len(s.kept))
	}
	c := s.take(2)
	c[1] = 7
	s.rewind()
	if d := s.take(2); d[1] != 0 || &d[0] != &c[0] {
		t.Fatalf("the first call after a large one: slots %v, not the cleared chunk", d)
	}
}
