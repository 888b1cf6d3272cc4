package wl

import (
	"context"
	"math/bits"
	"slices"
)

// Stats describes the last refinement run with a [Workspace].
type Stats struct {
	// Rounds is the number of refinement rounds executed, counting the
	// final round that left the number of colours unchanged (docs/SCORING.md §11.2:
	// 3 for the org chart). It is 0 when the round limit is 0 or the union
	// is empty.
	Rounds int
	// Colors is the number of distinct colours of the result over both
	// sides (hub vertices included).
	Colors int
	// Stable reports whether refinement stopped because a round left the
	// number of colours unchanged, so that the result is a stable
	// (equitable) partition. It is false when the round limit stopped
	// refinement first, including a limit of 0. An empty union is stable.
	// With an unlimited round limit the result is always stable.
	Stable bool
}

// Workspace holds the buffers of Refine so that repeated refinements do not
// allocate. The zero value is ready to use. A Workspace must not be used by
// two goroutines at once.
type Workspace struct {
	seedIDs map[Label]int32   // seed label → colour₀, first-appearance order
	kindIDs map[kindKey]int32 // (relation, label) → kind, first-appearance order

	// Adjacency of the union in compressed sparse row form: the items of
	// vertex v are at positions start[v] ≤ p < start[v+1].
	start  []int
	cursor []int
	kd     []uint32 // kind<<1 | direction (0 = out, 1 = in)
	nbr    []int32  // the neighbour (union index)

	items  []uint64 // per round: kd<<32 | colour(neighbour); sorted lazily per vertex
	col    []int32  // colour of each union vertex
	next   []int32  // colours being computed by the current round
	slots  []slot   // open-addressing signature table of one round
	sorted []bool   // per round: whether a vertex's items are sorted

	gold, cand []int // results
	stats      Stats

	// For CandidateKeys: the seed colours, the numbers of seed labels and
	// of kinds the gold side interned first, and the keys.
	col0                  []int32
	goldSeeds, goldKinds  int32
	seedLabels            []Label   // seed label of each colour₀
	kindLabels            []kindKey // (relation, label) of each kind
	kindNames             []uint64  // CandidateKey's name of each kind
	keys, keysNext        []uint64
	nGold, nUnion, rounds int
}

// slot is one entry of the signature table: the first vertex (plus one; 0
// marks an empty slot) that showed a signature, and the signature's hash.
type slot struct {
	hash uint64
	rep  uint32
}

// Stats returns the statistics of the last Refine call that used ws.
func (ws *Workspace) Stats() Stats { return ws.stats }

// Refine runs the joint 1-WL refinement of docs/SCORING.md §7.7 over the disjoint union
// of gold and cand and returns the final colour of every vertex of each side,
// indexed like the vertices of its graph. Colours are small non-negative
// integers shared by both sides: a gold vertex and a candidate vertex that
// refinement cannot tell apart get the same colour. Hub vertices are coloured
// like any other vertex; callers simply ignore their colours.
//
// maxRounds limits the number of rounds; a negative value means unlimited,
// which the specification caps at the number of vertices of the union (a
// stable partition is always reached by then). With maxRounds = 0 the result
// is the seed colouring. A nil graph is an empty graph; an empty union gives
// two empty results.
//
// ws may be nil. When it is not, Refine reuses its buffers, records Stats in
// it, and returns slices that are owned by ws: they remain valid until the
// next Refine call with ws. With a nil ws the returned slices are freshly
// allocated.
//
// The colouring depends only on the two graphs, never on map iteration order
// or on the order in which incidences were added; see the package
// documentation for the interning rule and for the cost.
func Refine(gold, cand *Graph, maxRounds int, ws *Workspace) (goldColors, candColors []int) {
	goldColors, candColors, _ = RefineContext(context.Background(), gold, cand, maxRounds, ws)
	return goldColors, candColors
}

// RefineContext is Refine that gives up when ctx is done, returning
// ctx.Err() and no colours. It checks ctx before each round (O((V + E) log E)
// work each); with a context that is never done (context.Background) it
// costs nothing more than Refine and never fails.
func RefineContext(ctx context.Context, gold, cand *Graph, maxRounds int, ws *Workspace) (goldColors, candColors []int, err error) {
	done := ctx.Done()
	if ws == nil {
		ws = new(Workspace)
	}
	nG, nC := gold.NumVertices(), cand.NumVertices()
	n := nG + nC
	rounds := n
	if maxRounds >= 0 && maxRounds < n {
		rounds = maxRounds
	}

	parts := ws.seedColors(gold, cand, n)
	stats := Stats{Colors: parts, Stable: n == 0}
	if rounds > 0 {
		ws.buildAdjacency(gold, cand, n)
		for stats.Rounds < rounds {
			if done != nil {
				select {
				case <-done:
					return nil, nil, ctx.Err()
				default:
				}
			}
			newParts := ws.round(n)
			stats.Rounds++
			stats.Colors = newParts
			// docs/SCORING.md §7.7 adopts the new colouring before the stop test.
			if newParts == parts {
				stats.Stable = true
				break
			}
			parts = newParts
		}
	}
	ws.stats = stats
	ws.nGold, ws.nUnion, ws.rounds, ws.keys = nG, n, stats.Rounds, ws.keys[:0]

	ws.gold = grow(ws.gold, nG)
	ws.cand = grow(ws.cand, nC)
	for v := range nG {
		ws.gold[v] = int(ws.col[v])
	}
	for v := range nC {
		ws.cand[v] = int(ws.col[nG+v])
	}
	return ws.gold[:nG:nG], ws.cand[:nC:nC], nil
}

// seedColors sets colour₀ of every union vertex by interning its seed label,
// numbering distinct labels in order of first appearance over the union, and
// returns the number of distinct colours. The map is only ever looked up,
// never iterated.
func (ws *Workspace) seedColors(gold, cand *Graph, n int) int {
	if ws.seedIDs == nil {
		ws.seedIDs = make(map[Label]int32)
	} else {
		clear(ws.seedIDs)
	}
	clear(ws.seedLabels) // drop references to label strings
	ws.seedLabels = ws.seedLabels[:0]
	ws.col = grow(ws.col, n)
	ws.next = grow(ws.next, n)
	v := 0
	for side, g := range [2]*Graph{gold, cand} {
		if side == 1 {
			ws.goldSeeds = int32(len(ws.seedIDs))
		}
		if g == nil {
			continue
		}
		for _, seed := range g.seeds {
			id, ok := ws.seedIDs[seed]
			if !ok {
				id = int32(len(ws.seedIDs))
				ws.seedIDs[seed] = id
				ws.seedLabels = append(ws.seedLabels, seed)
			}
			ws.col[v] = id
			v++
		}
	}
	ws.col0 = append(ws.col0[:0], ws.col[:n]...)
	return len(ws.seedIDs)
}

// buildAdjacency fills the compressed adjacency of the union: for each
// incidence x → y, an "out" item at x pointing to y and an "in" item at y
// pointing to x (both at x for a self-loop). (relation, label) pairs are
// interned into kinds in order of first appearance, gold first; since every
// round sorts each vertex's items, the kind numbering and the insertion order
// only fix a total order and do not influence the colouring.
func (ws *Workspace) buildAdjacency(gold, cand *Graph, n int) {
	if ws.kindIDs == nil {
		ws.kindIDs = make(map[kindKey]int32)
	} else {
		clear(ws.kindIDs)
	}
	clear(ws.kindLabels)
	ws.kindLabels = ws.kindLabels[:0]
	sides := [2]*Graph{gold, cand}
	bases := [2]int{0, gold.NumVertices()}

	start := grow(ws.start, n+1)
	clear(start)
	for s, g := range sides {
		if g == nil {
			continue
		}
		for _, e := range g.incs {
			start[bases[s]+int(e.from)+1]++
			start[bases[s]+int(e.to)+1]++
		}
	}
	for v := range n {
		start[v+1] += start[v]
	}
	m := start[n]

	cursor := grow(ws.cursor, n)
	copy(cursor, start[:n])
	kd := grow(ws.kd, m)
	nbr := grow(ws.nbr, m)
	ws.goldKinds = 0
	for s, g := range sides {
		if s == 1 {
			ws.goldKinds = int32(len(ws.kindIDs))
		}
		if g == nil {
			continue
		}
		base := bases[s]
		for _, e := range g.incs {
			k, ok := ws.kindIDs[e.kind]
			if !ok {
				k = int32(len(ws.kindIDs))
				ws.kindIDs[e.kind] = k
				ws.kindLabels = append(ws.kindLabels, e.kind)
			}
			x, y := base+int(e.from), base+int(e.to)
			p := cursor[x]
			cursor[x]++
			kd[p], nbr[p] = uint32(k)<<1, int32(y)
			p = cursor[y]
			cursor[y]++
			kd[p], nbr[p] = uint32(k)<<1|1, int32(x)
		}
	}

	ws.start, ws.cursor, ws.kd, ws.nbr = start, cursor, kd, nbr
	ws.items = grow(ws.items, m)
	ws.sorted = grow(ws.sorted, n)
	// Smallest power of two ≥ 2n keeps the load factor of the signature
	// table at or below one half.
	size := 1 << bits.Len(uint(2*n-1))
	if cap(ws.slots) < size {
		ws.slots = make([]slot, size)
	}
	ws.slots = ws.slots[:size]
}

// round performs one refinement round over the n union vertices: it writes
// the new colours into ws.next, swaps them into ws.col, and returns the
// number of distinct new colours.
//
// The signature of v is (col[v], multiset of the items of v). Each item packs
// (kind<<1 | direction) in the high 32 bits and the neighbour's colour in the
// low 32 bits; sorting a vertex's uint64 items in place gives the canonical
// form of its multiset (equal multisets give equal sorted slices).
//
// The kernel is hand-written so that a round allocates nothing and sorts as
// little as possible:
//   - signatures are interned in an open-addressing table over the item
//     buffer instead of a map keyed by encoded strings;
//   - the table is probed with an order-independent hash of the multiset
//     (a sum of mixed items), so items need no sorting to be hashed; a
//     vertex's items are sorted only when its hash meets an equal hash and
//     the two signatures must be compared. Once refinement is nearly
//     discrete most signatures are new and most sorts are skipped; sorting
//     was half of the cost of a round before this change.
//
// The interning is deterministic and injective whatever the hash: a new
// colour is numbered when its signature first appears in vertex order, and a
// hash match is always confirmed by comparing the full signatures. The
// representative r of a colour precedes v, so its items are already written
// when v is compared with it.
func (ws *Workspace) round(n int) int {
	col, next := ws.col[:n], ws.next[:n]
	start, kd, nbr, items := ws.start, ws.kd, ws.nbr, ws.items
	sorted := ws.sorted[:n]
	clear(sorted)
	slots := ws.slots
	clear(slots)
	mask := uint64(len(slots) - 1)

	parts := int32(0)
	for v := range n {
		lo, hi := start[v], start[v+1]
		var sum uint64
		for p := lo; p < hi; p++ {
			x := uint64(kd[p])<<32 | uint64(uint32(col[nbr[p]]))
			items[p] = x
			sum += mix64(x)
		}
		h := mix64(sum ^ (uint64(uint32(col[v]))*prime1 + uint64(hi-lo)))
		for i := h & mask; ; i = (i + 1) & mask {
			s := &slots[i]
			if s.rep == 0 {
				s.hash, s.rep = h, uint32(v)+1
				next[v] = parts
				parts++
				break
			}
			if s.hash == h {
				r := int(s.rep - 1)
				if ws.sameSignature(r, v) {
					next[v] = next[r]
					break
				}
			}
		}
	}
	ws.col, ws.next = next, col
	return int(parts)
}

// sameSignature reports whether union vertices r and v have equal
// signatures in the current round, sorting their items first if needed.
func (ws *Workspace) sameSignature(r, v int) bool {
	if ws.col[r] != ws.col[v] {
		return false
	}
	a := ws.items[ws.start[r]:ws.start[r+1]]
	b := ws.items[ws.start[v]:ws.start[v+1]]
	if len(a) != len(b) {
		return false
	}
	if !ws.sorted[r] {
		sortItems(a)
		ws.sorted[r] = true
	}
	if !ws.sorted[v] {
		sortItems(b)
		ws.sorted[v] = true
	}
	return slices.Equal(a, b)
}

// sortItems sorts the items of one vertex. Vertex degrees in reference
// graphs are mostly tiny, and for them this insertion sort is faster than
// slices.Sort (whose dispatch costs more than the sorting); larger segments
// use slices.Sort.
func sortItems(s []uint64) {
	if len(s) > 12 {
		slices.Sort(s)
		return
	}
	for i := 1; i < len(s); i++ {
		x := s[i]
		j := i
		for ; j > 0 && s[j-1] > x; j-- {
			s[j] = s[j-1]
		}
		s[j] = x
	}
}

// prime1 is a multiplicative constant of xxHash64.
const prime1 = 11400714785074694791

// mix64 is the SplitMix64 finalizer, a bijective avalanche of 64 bits. The
// hashes built from it only spread signatures over the table; they never
// decide equality.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// grow returns s resliced to length n, reallocating when its capacity is too
// small. The contents are not preserved.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
