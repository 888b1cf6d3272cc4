package wl

// RefItem is the first part of the label items that name an identifier:
// the cross-scope items Tuple(RefItem, scope, role, value) of
// docs/SCORING.md §7.6. CandidateKey leaves their value out.
const RefItem = "xref"

// CandidateKey returns a key of candidate vertex v after the last Refine
// with ws, for the canonical tie rules of docs/SCORING.md §7.13: a hash of
// v's colour computed by the same rounds of refinement, in which seed
// labels and (relation, label) kinds the gold graph shows are named by the
// order in which it first shows them, and every seed label or kind only
// the candidate shows is named by its content: a hash of its relation and
// of the multiset of its items, where an item Tuple(RefItem, scope, role,
// value) counts without its value (an identifier). The key therefore does
// not depend on the order of the candidate's vertices and incidences, nor
// on the identifiers in labels only the candidate has: permuting the
// candidate graph, or renaming the identifiers of its reference items,
// permutes the keys with its vertices. Vertices of one colour have one key.
// The keys are computed on the first call after a Refine, in
// O(rounds · (V + E)) plus the size of the candidate-only labels.
func (ws *Workspace) CandidateKey(v int) uint64 {
	if len(ws.keys) == 0 && ws.nUnion > 0 {
		ws.candidateKeys()
	}
	return ws.keys[ws.nGold+v]
}

func (ws *Workspace) candidateKeys() {
	n := ws.nUnion
	keys := grow(ws.keys, n)
	next := grow(ws.keysNext, n)
	for v := range n {
		c := ws.col0[v]
		if c < ws.goldSeeds {
			keys[v] = mix64(uint64(uint32(c)) + prime1)
		} else {
			keys[v] = mix64(contentHash(ws.seedLabels[c]) ^ seedTag)
		}
	}
	if ws.rounds > 0 {
		// The name of every kind: its number for the gold's, its content
		// for the candidate's own.
		kinds := grow(ws.kindNames, len(ws.kindLabels))
		for k, kk := range ws.kindLabels {
			if int32(k) < ws.goldKinds {
				kinds[k] = uint64(k)
			} else {
				kinds[k] = mix64(contentHash(kk.label) ^ hashString(kk.relation)*prime1 ^ kindTag)
			}
		}
		ws.kindNames = kinds
	}
	for range ws.rounds {
		for v := range n {
			lo, hi := ws.start[v], ws.start[v+1]
			var sum uint64
			for p := lo; p < hi; p++ {
				x := ws.kindNames[ws.kd[p]>>1]<<1 | uint64(ws.kd[p]&1)
				sum += mix64(x*prime1 ^ keys[ws.nbr[p]])
			}
			next[v] = mix64(sum ^ (keys[v]*prime1 + uint64(hi-lo)))
		}
		keys, next = next, keys
	}
	ws.keys, ws.keysNext = keys, next
}

// Tags keep the content names of candidate-only seed labels and kinds
// apart from each other and from the numbers of the gold's.
const (
	seedTag = 0x9e3779b97f4a7c15
	kindTag = 0xc2b2ae3d27d4eb4f
)

// contentHash is an order-independent hash of the items of l, each item a
// Tuple(RefItem, …) reduced to its first three parts (RefItem, scope,
// role).
func contentHash(l Label) uint64 {
	var sum uint64
	n := uint64(0)
	for rest := l.enc; rest != ""; n++ {
		var it string
		it, rest = nextItem(rest)
		sum += mix64(hashString(refPrefix(it)) + prime1)
	}
	return mix64(sum ^ n)
}

// refPrefix returns item without the parts after the third when item is a
// Tuple whose first part is RefItem, and item otherwise.
func refPrefix(item string) string {
	rest := item
	for part := range 3 {
		n, k := uvarint(rest)
		if k == 0 || uint64(len(rest)-k) < n {
			return item
		}
		if part == 0 && rest[k:k+int(n)] != RefItem {
			return item
		}
		rest = rest[k+int(n):]
	}
	return item[:len(item)-len(rest)]
}

// uvarint decodes the uvarint at the start of s and returns it with its
// length in bytes, 0 when s does not start with one.
func uvarint(s string) (uint64, int) {
	var x uint64
	for k := 0; k < len(s) && k < 10; k++ {
		c := s[k]
		x |= uint64(c&0x7f) << (7 * k)
		if c < 0x80 {
			return x, k + 1
		}
	}
	return 0, 0
}

// hashString is FNV-1a over the bytes of s, a hash fixed across runs (so
// that the canonical order is the same in every process).
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
