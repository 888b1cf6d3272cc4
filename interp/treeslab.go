package interp

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// treeSlabs hold the storage the match trees of a workspace's calls are
// carved from (build mode only): match nodes, object entries, list
// children and the aligned values' members and elements are taken from
// chunks instead of being allocated one by one. A slot is handed out once
// and never reused, so a tree stays valid for as long as it is referenced
// (a chunk lives while any of its slots is); the workspace keeps only the
// unused rest of each chunk.
type treeSlabs struct {
	nodes    []align.Match
	entries  []align.ObjectEntry
	children []align.ListChild
	members  []jsonval.Member
	values   []jsonval.Value
}

// Chunk sizes, in slots, of treeSlabs: a request for more than a quarter
// of a chunk gets its own allocation.
const (
	nodeChunk  = 32
	sliceChunk = 64
)

// carve returns n fresh zero slots of *pool (capacity n), taking a new
// chunk of size chunk when the pool has too few.
func carve[T any](pool *[]T, n, chunk int) []T {
	if n == 0 {
		return []T{} // not nil, as make([]T, 0) is
	}
	if n > chunk/4 {
		return make([]T, n)
	}
	if len(*pool) < n {
		*pool = make([]T, chunk)
	}
	s := (*pool)[:n:n]
	*pool = (*pool)[n:]
	return s
}

// node returns a new match node set to m.
func (c *call) node(m align.Match) *align.Match {
	p := &carve(&c.workspace.tree.nodes, 1, nodeChunk)[0]
	*p = m
	return p
}

// leaf builds a leaf match node (build mode only).
func (c *call) leaf(kind align.LeafKind, score float64, g, p jsonval.Value, hasG, hasP bool) *align.Match {
	return c.node(align.Match{
		Type: align.LeafNode, Leaf: kind, Score: score, Confidence: 1,
		Gold: g, Pred: p, HasGold: hasG, HasPred: hasP,
	})
}

// objectEntries returns n zero object entries of a match node.
func (c *call) objectEntries(n int) []align.ObjectEntry {
	return carve(&c.workspace.tree.entries, n, sliceChunk)
}

// listChildren returns n zero children of a list match node.
func (c *call) listChildren(n int) []align.ListChild {
	return carve(&c.workspace.tree.children, n, sliceChunk)
}

// alignedMembers returns n zero members of an aligned object value.
func (c *call) alignedMembers(n int) []jsonval.Member {
	return carve(&c.workspace.tree.members, n, sliceChunk)
}

// alignedValues returns n zero elements of an aligned array value.
func (c *call) alignedValues(n int) []jsonval.Value {
	return carve(&c.workspace.tree.values, n, sliceChunk)
}
