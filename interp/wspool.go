package interp

import "weak"

// bigWorkspace is the storage (float64 matrix cells) above which a
// workspace is pooled in the scorer's weak slot (putWorkspace) instead of
// its sync.Pool: 8·2^20 cells, 64 MB.
const bigWorkspace = 8 << 20

// getWorkspace returns a workspace for a call: the large one of the weak
// slot when it is still alive, else one of the pool, else a new one.
//
// A sync.Pool keeps what a goroutine puts back in the slot of the
// processor it ran on, and a later Get on another processor does not see
// it: a process scoring one large document after another at GOMAXPROCS 2
// built a second workspace of the same size whenever the caller came back
// on the other processor (Org2Graph-2,000: 783 MB peak instead of 430 MB,
// docs/PERFORMANCE.md). The weak slot is shared by all processors, and
// being weak it does not keep an idle large workspace past the next
// collection.
func (s *Scorer) getWorkspace() *workspace {
	s.bigMu.Lock()
	ws := s.big.Value()
	s.big = weak.Pointer[workspace]{}
	s.bigMu.Unlock()
	if ws != nil {
		return ws
	}
	ws, _ = s.workspaces.Get().(*workspace)
	if ws == nil {
		ws = &workspace{}
	}
	return ws
}

// putWorkspace returns the workspace of a finished call: a large one to
// the weak slot (replacing the one there, which the collector then frees),
// any other to the pool.
func (s *Scorer) putWorkspace(ws *workspace) {
	if s.bigMin(ws.cells()) {
		s.bigMu.Lock()
		s.big = weak.Make(ws)
		s.bigMu.Unlock()
		return
	}
	s.workspaces.Put(ws)
}

// bigMin reports whether a workspace holding cells matrix cells is large.
func (s *Scorer) bigMin(cells int) bool {
	if s.bigCells > 0 {
		return cells >= s.bigCells
	}
	return cells >= bigWorkspace
}

// cells is the capacity of the matrices the workspace holds: the record
// matrices of the scopes, the array matrices of the frames and the
// solver's storage.
func (ws *workspace) cells() int {
	n := ws.hung.Cells()
	for i := range ws.scopes {
		ss := &ws.scopes[i]
		n += cap(ss.C) + cap(ss.S) + cap(ss.tmp)
	}
	for _, fr := range ws.frames {
		n += cap(fr.m) + cap(fr.pm)
	}
	return n
}
