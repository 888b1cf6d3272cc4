package wl

// CandidateKey returns a key of candidate vertex v after the last Refine
// with ws, for the canonical tie rules of docs/SCORING.md §7.13: a hash of
// v's colour computed by the same rounds of refinement, in which seed
// labels and (relation, label) kinds are named by the order in which the
// gold graph first shows them, and every seed label or kind only the
// candidate shows is one and the same. The key therefore does not depend on
// the order of the candidate's vertices and incidences, nor on the values
// in labels only the candidate has (its identifiers, say): permuting or
// relabelling the candidate graph permutes the keys with its vertices.
// Vertices of one colour have one key. The keys are computed on the first
// call after a Refine, in O(rounds · (V + E)).
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
		c := min(ws.col0[v], ws.goldSeeds)
		keys[v] = mix64(uint64(uint32(c)) + prime1)
	}
	for range ws.rounds {
		for v := range n {
			lo, hi := ws.start[v], ws.start[v+1]
			var sum uint64
			for p := lo; p < hi; p++ {
				k := min(int32(ws.kd[p]>>1), ws.goldKinds)
				x := uint64(uint32(k))<<1 | uint64(ws.kd[p]&1)
				sum += mix64(x*prime1 ^ keys[ws.nbr[p]])
			}
			next[v] = mix64(sum ^ (keys[v]*prime1 + uint64(hi-lo)))
		}
		keys, next = next, keys
	}
	ws.keys, ws.keysNext = keys, next
}
