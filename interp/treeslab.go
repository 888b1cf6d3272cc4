package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// treeSlabs hold the storage the match tree of a call is carved from
// (build mode only): match nodes, object entries, list children and the
// aligned values' members and elements are taken from chunks instead of
// being allocated one by one. A slot is handed out once, and a chunk serves
// one call only (reset drops it when the call ends): a chunk shared by two
// trees would keep each alive while the other is, and through them every
// tree before. A tree stays valid for as long as it is referenced.
type treeSlabs struct {
	nodes    slab[align.Match]
	entries  slab[align.ObjectEntry]
	children slab[align.ListChild]
	members  slab[jsonval.Member]
	values   slab[jsonval.Value]
}

// A TreeArena is storage that the match trees of AlignArena are carved
// from and that it keeps from one call to the next: a call reuses, cleared,
// the chunks of the call before, instead of allocating the tree anew. So
// the tree of a call (its match nodes, entries and children, and the aligned
// values' members and elements) is valid only until the next call with the
// same arena; the values of the documents themselves are not the arena's.
// The zero value is ready to use. A TreeArena is not safe for concurrent
// use: give each goroutine its own.
type TreeArena struct {
	t     treeSlabs
	ready bool
}

// begin hands the arena's slabs to a call: the chunks of the last call are
// cleared for reuse.
func (a *TreeArena) begin() treeSlabs {
	if !a.ready {
		a.t.nodes.keep, a.t.entries.keep, a.t.children.keep = true, true, true
		a.t.members.keep, a.t.values.keep = true, true
		a.ready = true
	}
	a.t.nodes.rewind()
	a.t.entries.rewind()
	a.t.children.rewind()
	a.t.members.rewind()
	a.t.values.rewind()
	return a.t
}

// reset ends a call's use of the slabs.
func (t *treeSlabs) reset() {
	t.nodes.reset()
	t.entries.reset()
	t.children.reset()
	t.members.reset()
	t.values.reset()
}

// slab hands out slots of chunks. The first chunk of a call holds what the
// last call that built a tree took in all (the schema's trees are often of
// a size), further ones what is missing, at least minChunk and at most
// maxChunk slots (unless one request is larger).
type slab[T any] struct {
	free []T
	// used counts the slots taken during the call; hint is the count of
	// the last call that took any.
	used, hint int
	// keep is set in a TreeArena's slabs: the chunks handed out are kept
	// in kept (cur of them in use by the call) and reused by the next
	// call (rewind).
	keep bool
	kept [][]T
	cur  int
}

// Chunk bounds of a slab, in slots.
const (
	minChunk = 8
	maxChunk = 256
)

// maxArenaSlots bounds the slots a TreeArena's slab keeps: an arena whose
// calls need more allocates as a plain slab does (a larger tree once in a
// while does not keep its storage alive for good).
const maxArenaSlots = 1 << 13

// take returns n fresh zero slots (capacity n).
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return []T{} // not nil, as make([]T, 0) is
	}
	if len(s.free) < n {
		s.refill(n)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	s.used += n
	return out
}

// refill makes free a chunk of at least n slots: a fresh one, or in a
// TreeArena's slab the next kept one that is large enough.
func (s *slab[T]) refill(n int) {
	if s.keep {
		for s.cur < len(s.kept) {
			c := s.kept[s.cur]
			s.cur++
			if len(c) >= n {
				s.free = c
				return
			}
		}
	}
	size := min(max(s.hint-s.used, minChunk), maxChunk)
	s.free = make([]T, max(size, n))
	if s.keep {
		s.kept = append(s.kept, s.free)
		s.cur++
	}
}

// rewind readies a TreeArena's slab for the next call: the chunks the call
// before used are cleared (dropping its values, for the collector) and
// handed out again, merged into one chunk of their total size when there
// were several (so that a schema whose trees are of a size takes one
// chunk a call); beyond maxArenaSlots, none is kept.
func (s *slab[T]) rewind() {
	if s.used > 0 {
		s.hint = s.used
	}
	total := 0
	for _, c := range s.kept {
		total += len(c)
	}
	switch {
	case total > maxArenaSlots:
		s.kept = nil
	case len(s.kept) > 1:
		s.kept = [][]T{make([]T, total)}
	case s.cur == 1:
		c := s.kept[0]
		clear(c[:len(c)-len(s.free)])
	}
	s.free, s.used, s.cur = nil, 0, 0
}

// reset drops the chunk of the call that ends.
func (s *slab[T]) reset() {
	if s.used > 0 {
		s.hint = s.used
	}
	s.free, s.used = nil, 0
}

// node returns a new match node set to m.
func (c *call) node(m align.Match) *align.Match {
	p := &c.workspace.tree.nodes.take(1)[0]
	*p = m
	return p
}

// leaf builds a leaf match node (build mode only).
func (c *call) leaf(kind align.LeafKind, score float64, g, p jsonval.Value, hasG, hasP bool) *align.Match {
	// The fields are set in the fresh (zero) slot one by one: copying a
	// whole node would write every pointer slot of it.
	m := &c.workspace.tree.nodes.take(1)[0]
	m.Type, m.Leaf, m.Score, m.Confidence = align.LeafNode, kind, score, 1
	m.Gold, m.Pred, m.HasGold, m.HasPred = g, p, hasG, hasP
	return m
}

// objectEntries returns n zero object entries of a match node.
func (c *call) objectEntries(n int) []align.ObjectEntry { return c.workspace.tree.entries.take(n) }

// listChildren returns n zero children of a list match node.
func (c *call) listChildren(n int) []align.ListChild { return c.workspace.tree.children.take(n) }

// alignedMembers returns n zero members of an aligned object value.
func (c *call) alignedMembers(n int) []jsonval.Member { return c.workspace.tree.members.take(n) }

// alignedValues returns n zero elements of an aligned array value.
func (c *call) alignedValues(n int) []jsonval.Value { return c.workspace.tree.values.take(n) }
