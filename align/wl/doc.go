// Package wl implements the joint 1-dimensional Weisfeiler–Leman colour
// refinement of docs/SCORING.md §7.7 over the disjoint union of two labelled directed
// multigraphs: the reference graph of the gold document and that of the
// candidate document.
//
// The package knows nothing about JSON or schemas. A caller (the interpreter or
// generated code) builds one [Graph] per side following docs/SCORING.md §7.6: one vertex
// per record identifier (plus hub vertices), each with a seed [Label], and
// directed incidences carrying a relation string and an edge [Label]. [Refine]
// then colours every vertex of both graphs with one shared signature table per
// round, so that a gold vertex and a candidate vertex get the same colour
// exactly when refinement cannot tell them apart; colours are comparable across
// the two sides without using any bijection.
//
// # Algorithm
//
// Let V be the gold vertices (insertion order) followed by the candidate
// vertices. colour₀(v) interns the seed label of v. Each round computes, for
// every vertex v,
//
//	sig(v) = (colour(v), sorted multiset of (direction, relation, label, colour(w)))
//
// over the incidences of v, where an incidence x → y contributes ("out", …, y)
// at x and ("in", …, x) at y (a self-loop contributes both items to the same
// vertex, and parallel incidences count with multiplicity). The signatures of
// all of V are interned jointly into new colours. Refinement stops as soon as
// a round leaves the number of colours unchanged (the new colouring is the
// result) or after R rounds, where R = |V| when the round limit is negative
// (unlimited) and min(limit, |V|) otherwise.
//
// # Determinism
//
// Colours are numbered 0, 1, 2, … in order of first appearance over V, in
// every round, using full signature comparison (never a hash alone), so the
// interning is injective and the result depends only on the two graphs: not
// on map iteration order, not on hash values, and not even on the order in
// which incidences were added (they form a multiset). docs/SCORING.md §7.7 allows any
// deterministic injective interning shared by both sides; this one is
// additionally independent of the relation and label spellings, because
// relations and labels only enter signatures through equality.
//
// # Complexity
//
// With V vertices and E incidences in the union, building the adjacency costs
// O(V + E) plus one map lookup per vertex seed and per incidence (relation,
// label) pair. Each round costs O((V + E) log E) in the worst case: it writes
// the 2E adjacency items (direction, relation/label kind, neighbour colour),
// hashes each vertex's items as a multiset, and interns the V signatures in an
// open-addressing hash table; the items of a vertex are sorted (the canonical
// form of its multiset, O(d log d) for degree d) only when its hash meets an
// equal one and the two signatures must be compared exactly. The number of
// colours strictly grows in every round except the last, so there are at most
// V rounds; in practice random and real-world reference graphs stabilise after
// a handful. Memory is O(V + E) and lives in a reusable [Workspace]: in steady
// state a refinement with a workspace performs no heap allocation.
//
// # Limits of 1-WL
//
// Colour refinement is a heuristic for graph isomorphism, not a decision
// procedure. It never separates vertices that an isomorphism maps onto each
// other, but it can leave non-equivalent vertices with the same colour: for
// example every vertex of a directed 6-cycle gets the same colour as every
// vertex of two disjoint directed 3-cycles, and, more generally, all vertices
// of regular graphs of the same degree (with uniform seeds and labels) stay in
// one class. In OA such residual ties are left to the attribute scores and to
// the assignment solver (docs/SCORING.md §7.8, §5.8).
//
// # Size limits
//
// A Graph holds at most [MaxVertices] vertices and [MaxIncidences]
// incidences, so that vertex indices, colours and relation/label kinds of the
// union fit in 32 bits. These limits are far beyond what fits in memory for
// documents; exceeding them is a programming error and panics.
package wl
