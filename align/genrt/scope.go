package genrt

import (
	"cmp"
	"context"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/bijsearch"
	"github.com/objectaligner/oagen/align/wl"
	"github.com/objectaligner/oagen/jsonval"
)

// Scope is the per-call state of one referential scope (docs/SCORING.md §7.3–7.5)
// whose identifiers have the Go type K (int64, float64 or string: within
// one Go type, == is JSON equality) and whose records are values of type R
// (pointers to the record structs). Generated code collects the records of
// both sides with Add, derives the bijection with Derive and scores
// references with Ref. The zero value is ready to use; Reset empties it for
// the next call, keeping its storage.
type Scope[K comparable, R any] struct {
	// Done is set once the bijection exists.
	Done bool
	// Per side (0 gold, 1 candidate), per record in document order: the
	// record, whether it is JSON null, its first identifier and whether it
	// has one.
	Recs  [2][]R
	Null  [2][]bool
	IDs   [2][]K
	HasID [2][]bool
	// Verts maps the identifiers of each side to their WL vertices.
	Verts [2]map[K]int32

	pi map[K]int32 // π: gold id → index into IDs[1], -1 for ⊥
	// recent caches the last two lookups of π (Image): a row of a link
	// table looks its gold references up once per cell, the same one or
	// two every time; next is the slot to replace.
	recent [2]piEntry[K]
	next   int
	used   map[K]struct{}
	gold   map[K]struct{} // gold ids seen by the integrity check

	// The matrix of docs/SCORING.md §7.8 and the solver's assignment, kept
	// for the bijection search (docs/SCORING.md §7.12; searched tells
	// whether they are set).
	srchS    []float64
	srchA    []int
	searched bool
	// perm is the canonical order of the candidate records (their columns
	// of srchS), empty when it is document order.
	perm []int
	// wlws is the WL workspace of the scope's last refinement (Structural),
	// whose candidate keys break ties of the canonical order; nil when the
	// derivation did not refine.
	wlws *wl.Workspace
	// kept is the record matrix of the derivation (the cells fill wrote,
	// before the WL tie-break), valid for the call when keptOK: no cell
	// compared two values of different kinds (RecordCell). Kept hands it
	// to the main pass.
	kept   []float64
	keptOK bool
	// dupN and dups are countDups's: the candidate records of each
	// identifier, and of each record's identifier.
	dupN map[K]int32
	dups []int32
}

// recordTie orders candidate records a and b with equal columns of the
// matrix as the interpreter does (docs/SCORING.md §7.13): by the structural
// keys of their identifiers (wl.Workspace.CandidateKey; 0 for a record
// without one) when the derivation refined, then by the number of records
// that carry their identifier (1 for a record without one), then records
// without an identifier first, then by the identifiers' values.
// countDups must have run.
func (s *Scope[K, R]) recordTie(a, b int) int {
	if s.wlws != nil {
		if k := cmp.Compare(s.wlKey(a), s.wlKey(b)); k != 0 {
			return k
		}
	}
	if k := cmp.Compare(s.dups[a], s.dups[b]); k != 0 {
		return k
	}
	ha, hb := s.HasID[1][a], s.HasID[1][b]
	if !ha || !hb {
		return cmp.Compare(b2i(ha), b2i(hb))
	}
	return compareIDs(s.IDs[1][a], s.IDs[1][b])
}

// countDups sets s.dups: for each candidate record, the number of records
// with its identifier (1 for a record without one).
func (s *Scope[K, R]) countDups() {
	if s.dupN == nil {
		s.dupN = map[K]int32{}
	}
	clear(s.dupN)
	for j, id := range s.IDs[1] {
		if s.HasID[1][j] {
			s.dupN[id]++
		}
	}
	s.dups = s.dups[:0]
	for j, id := range s.IDs[1] {
		d := int32(1)
		if s.HasID[1][j] {
			d = s.dupN[id]
		}
		s.dups = append(s.dups, d)
	}
}

// compareIDs compares two identifiers of one scope by value: numbers as
// numbers, strings byte by byte (align.CompareValues on their JSON values).
func compareIDs[K comparable](a, b K) int {
	switch x := any(a).(type) {
	case int64:
		return cmp.Compare(x, any(b).(int64))
	case float64:
		return cmp.Compare(x, any(b).(float64))
	case string:
		return cmp.Compare(x, any(b).(string))
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *Scope[K, R]) wlKey(j int) uint64 {
	if !s.HasID[1][j] {
		return 0
	}
	v, ok := s.Verts[1][s.IDs[1][j]]
	if !ok {
		return 0
	}
	return s.wlws.CandidateKey(int(v))
}

// piEntry is one cached lookup of π.
type piEntry[K comparable] struct {
	id K
	ix int32 // as in pi, -1 for ⊥ or absent
	ok bool  // the entry is set
}

// forget empties the cache of π (after π changed).
func (s *Scope[K, R]) forget() { s.recent = [2]piEntry[K]{} }

// Reset empties the state for the next call.
func (s *Scope[K, R]) Reset() {
	if s.pi == nil {
		s.pi, s.used, s.gold = map[K]int32{}, map[K]struct{}{}, map[K]struct{}{}
		s.Verts = [2]map[K]int32{{}, {}}
	}
	s.Done, s.searched, s.keptOK = false, false, false
	s.perm = s.perm[:0]
	clear(s.pi)
	s.forget()
	clear(s.used)
	clear(s.gold)
	clear(s.Verts[0])
	clear(s.Verts[1])
	for side := range 2 {
		clear(s.Recs[side])
		s.Recs[side], s.Null[side], s.IDs[side], s.HasID[side] = s.Recs[side][:0], s.Null[side][:0], s.IDs[side][:0], s.HasID[side][:0]
	}
}

// Add appends a record of one side.
func (s *Scope[K, R]) Add(side int, null bool, rec R, id K, hasID bool) {
	s.Recs[side] = append(s.Recs[side], rec)
	s.Null[side] = append(s.Null[side], null)
	s.IDs[side] = append(s.IDs[side], id)
	s.HasID[side] = append(s.HasID[side], hasID)
}

// AddGoldID records an identifier found in the gold for the integrity check
// (docs/SCORING.md §7.3); it reports false when the identifier was already found.
func (s *Scope[K, R]) AddGoldID(id K) bool {
	if _, dup := s.gold[id]; dup {
		return false
	}
	s.gold[id] = struct{}{}
	return true
}

// IsGoldID reports whether AddGoldID recorded id.
func (s *Scope[K, R]) IsGoldID(id K) bool {
	_, ok := s.gold[id]
	return ok
}

// Image returns π(id) for a gold identifier: the candidate identifier it
// maps to, false for ⊥ or an identifier the bijection does not know.
func (s *Scope[K, R]) Image(id K) (K, bool) {
	var ix int32
	switch {
	case s.recent[0].ok && s.recent[0].id == id:
		ix = s.recent[0].ix
	case s.recent[1].ok && s.recent[1].id == id:
		ix = s.recent[1].ix
	default:
		var ok bool
		if ix, ok = s.pi[id]; !ok {
			ix = -1
		}
		s.recent[s.next] = piEntry[K]{id: id, ix: ix, ok: true}
		s.next ^= 1
	}
	if ix >= 0 {
		return s.IDs[1][ix], true
	}
	var zero K
	return zero, false
}

// Pairs returns the identifier pairs of a derived scope for
// align.CandidateSpaceGold: the gold ids in record order with their
// counterparts under the bijection, enc writing identifiers as JSON.
func (s *Scope[K, R]) Pairs(enc func(K) jsonval.Value) []align.IDPair {
	var out []align.IDPair
	for r, id := range s.IDs[0] {
		if !s.HasID[0][r] {
			continue
		}
		p := align.IDPair{Gold: enc(id)}
		if c, ok := s.Image(id); ok {
			p.Cand, p.HasCand = enc(c), true
		}
		out = append(out, p)
	}
	return out
}

// Derive derives the bijection of scope s, the idx-th in processing order
// (docs/SCORING.md §7.5), from the records collected with Add: fill writes
// into the n×m matrix C the alignment score of gold record i against
// candidate record j, each through RecordCell, while the workspace masks
// the references of the scope (all of them when degraded). structural, nil
// for a degraded scope, sets Wm[i*m+j] = 1 where WL gives records i and j
// the same colour (docs/SCORING.md §7.6–§7.8, tie_break integration); it
// runs when a side has more than one record.
func Derive[K comparable, R any](w *Workspace, s *Scope[K, R], idx int, degraded bool, fill func(C []float64, n, m int), structural func(Wm []float64, n, m int)) {
	w.register(idx, s)
	n, m := len(s.Recs[0]), len(s.Recs[1])
	if n == 0 && m == 0 {
		s.Done = true
		return
	}
	// The matrix of the last derivation is this one's storage: the scope
	// keeps its own buffer from call to call (Kept).
	var C []float64
	if cap(s.kept) >= n*m {
		C, s.kept = s.kept[:n*m], nil
	} else {
		C = w.Floats(n * m)
	}
	s.wlws = nil
	w.Cur, w.MaskAll, w.Deriving, w.Kerr, w.kerred = idx+1, degraded, true, false, false
	fill(C, n, m)
	kept := !w.kerred
	w.Cur, w.MaskAll, w.Deriving, w.Kerr, w.kerred = 0, false, false, false, false
	S := C
	var Sx []float64
	if structural != nil && (n > 1 || m > 1) {
		Wm := w.Floats(n * m)
		clear(Wm)
		structural(Wm, n, m)
		Sx = w.Floats(n * m)
		scratch := w.Floats(n * m)
		align.WLTieBreak(Sx, C, Wm, n, m, scratch)
		w.Release(scratch)
		w.Release(Wm)
		S = Sx
	}
	// docs/SCORING.md §7.13: the candidate records in canonical order (their
	// columns of the matrix, then recordTie), as the interpreter orders
	// them: the solver and the search see the permuted matrix, and s.perm
	// maps its columns back to the records.
	s.countDups()
	cols, identity := w.canon.CanonicalColumns(S, n, m, s.recordTie)
	s.wlws = nil
	s.perm = s.perm[:0]
	if identity {
		s.srchS = append(s.srchS[:0], S...)
	} else {
		s.perm = append(s.perm, cols...)
		s.srchS = growFloats(s.srchS, n*m)
		align.PermuteMatrix(s.srchS, S, n, m, nil, s.perm)
	}
	asg := w.solveKept(s.srchS, n, m)
	s.srchA = append(s.srchA[:0], asg...)
	s.searched = true
	s.readOff(asg)
	w.ReleaseInts(asg)
	if Sx != nil {
		w.Release(Sx)
	}
	if kept {
		if s.kept != nil {
			w.Release(s.kept)
		}
		s.kept, s.keptOK = C, true
	} else {
		w.Release(C)
	}
	s.Done = true
}

// Kept returns the record matrix of the derivation of scope s when g and p
// are its records in order (the elements of the array at the scope's record
// path, /people/* for instance), nil otherwise: the cell of gold record i
// against candidate record j, which the main pass computes again when it
// aligns that array. Generated code calls it only for an array whose items
// are the scope's record node and reach no reference (references are
// masked in the derivation, docs/SCORING.md §7.4, and scored through the
// bijection in the main pass), and the matrix is kept only when no cell
// compared two values of different kinds (a 0 in the derivation,
// docs/SCORING.md §7.5): the cells are then those the main pass computes,
// bit for bit, and Elems.Kept saves it the second fill
// (docs/PERFORMANCE.md, "Large documents").
func Kept[K comparable, T any](s *Scope[K, *T], g, p []T) []float64 {
	if !s.keptOK || len(s.Recs[0]) != len(g) || len(s.Recs[1]) != len(p) {
		return nil
	}
	for i := range g {
		if s.Recs[0][i] != &g[i] {
			return nil
		}
	}
	for j := range p {
		if s.Recs[1][j] != &p[j] {
			return nil
		}
	}
	return s.kept
}

// readOff reads π off an assignment of the records (docs/SCORING.md §7.5 step 4).
func (s *Scope[K, R]) readOff(asg []int) {
	clear(s.pi)
	s.forget()
	clear(s.used)
	n, m := len(s.Recs[0]), len(s.Recs[1])
	for r := range max(n, m) {
		col := asg[r]
		if r >= n || !s.HasID[0][r] {
			continue
		}
		k := s.IDs[0][r]
		if col < m && len(s.perm) > 0 {
			col = s.perm[col]
		}
		if col >= m || !s.HasID[1][col] {
			s.pi[k] = -1
			continue
		}
		if _, u := s.used[s.IDs[1][col]]; u {
			s.pi[k] = -1
			continue
		}
		s.pi[k] = int32(col)
		s.used[s.IDs[1][col]] = struct{}{}
	}
}

// Records is the larger side of a derived scope's records, 0 for a scope
// the search does not see (no records on either side): the measure of
// bijsearch.Budget.
func (s *Scope[K, R]) Records() int {
	if !s.searched {
		return 0
	}
	return max(len(s.Recs[0]), len(s.Recs[1]))
}

// Improve improves the bijection of a derived scope against the score of
// the pair (docs/SCORING.md §7.12), as the interpreter does: score runs the
// main pass without the match tree and returns its score, or the call's
// error (which ends the search: the main pass reports it).
// A search without budget (bijsearch.Budget) leaves the bijection as it is.
func Improve[K comparable, R any](srch *bijsearch.Search, s *Scope[K, R], score func() (float64, error)) error {
	if !s.searched || srch.Budget <= 0 {
		return nil
	}
	n, m := len(s.Recs[0]), len(s.Recs[1])
	return srch.Improve(context.Background(), s.srchS, n, m, s.srchA, s.readOff, score)
}

// SearchPass is the result of one main pass of the bijection search (see
// Improve): the pass's score, or the call's error, which it takes out of
// the workspace (the main pass after the search reports it again).
func (w *Workspace) SearchPass(s float64, _ *Res) (float64, error) {
	if err := w.Err; err != nil {
		w.Err = nil
		return 0, err
	}
	return s, nil
}

// RecordCell is the cell of a bijection's record matrix whose alignment
// scored s (the result is ignored): 0 when the alignment compared two
// values of different kinds (docs/SCORING.md §1.4, §7.5).
func (w *Workspace) RecordCell(s float64, _ *Res) float64 {
	if w.Kerr {
		w.Kerr, w.kerred = false, true
		return 0
	}
	return s
}

// Ref scores a reference into scope s, the idx-th in processing order
// (docs/SCORING.md §7.4): 1 while references are masked (the scope, or every scope,
// being derived, or no bijection yet), else 1 exactly when the candidate
// names π of the gold's identifier. enc encodes identifiers in build mode;
// the leaf records π(g) for the repair walk.
func Ref[K comparable, R any](w *Workspace, s *Scope[K, R], idx int, enc func(K) jsonval.Value, g, p K, build bool) (float64, *Res) {
	if w.MaskAll || w.Cur == idx+1 || !s.Done {
		if build {
			return 1, refLeaf(1, enc(g), enc(p), jsonval.Value{}, false, false)
		}
		return 1, nil
	}
	score := 0.0
	mp, hasMP := s.Image(g)
	if hasMP && mp == p {
		score = 1
	}
	if build {
		var m jsonval.Value
		if hasMP {
			m = enc(mp)
		}
		return score, refLeaf(score, enc(g), enc(p), m, hasMP, true)
	}
	return score, nil
}

// refLeaf builds the leaf of a reference (build mode): mapped is π of the
// gold reference when hasMapped, consulted whether the bijection was.
func refLeaf(score float64, g, p, mapped jsonval.Value, hasMapped, consulted bool) *Res {
	r := Leaf(align.LeafRef, score, g, p, true, true)
	r.Match.MappedPred, r.Match.HasMapped, r.Match.Consulted = mapped, hasMapped, consulted
	return r
}

// WL is the WL state of a referential scorer's per-call context: the two
// graphs of the scope being derived, the refinement workspace, and a cache
// of the labels (docs/SCORING.md §7.6) by key, kept across calls. The zero value is
// ready to use.
type WL struct {
	Graphs [2]wl.Graph
	ws     wl.Workspace
	lb     wl.LabelBuilder
	// Key is a buffer for the key of the label being built (see
	// AppendLabelItem).
	Key []byte
	// Eps is a buffer for the endpoints of the carrier being added.
	Eps    []Endpoint
	labels map[string]wl.Label
	// candColor is Structural's colour of each candidate record (-1: no
	// identifier).
	candColor []int
}

// maxLabels bounds the label cache of one context.
const maxLabels = 4096

// Label returns the label whose key is key, building it with build (which
// adds its items to the builder) the first time the context sees the key.
// Labels repeat (relation types, identifier images), so a label seen
// before costs no allocation.
func (x *WL) Label(key []byte, build func(lb *wl.LabelBuilder)) wl.Label {
	if l, ok := x.labels[string(key)]; ok {
		return l
	}
	x.lb.Reset()
	build(&x.lb)
	l := x.lb.Label()
	switch {
	case x.labels == nil:
		x.labels = map[string]wl.Label{}
	case len(x.labels) >= maxLabels:
		clear(x.labels)
	}
	x.labels[string(key)] = l
	return l
}

// AddCarrier adds the incidences of one carrier with endpoints eps and
// label to g (docs/SCORING.md §7.6): a self-loop for one endpoint, an edge for two
// endpoints of different roles, a hub otherwise. unary and member hold the
// relations by role, edge the relations of role pairs (r1*len(unary)+r2,
// r1 < r2).
func AddCarrier(g *wl.Graph, eps []Endpoint, label wl.Label, unary, edge, member []string) {
	switch {
	case len(eps) == 0:
	case len(eps) == 1:
		g.AddIncidence(eps[0].Vertex, eps[0].Vertex, unary[eps[0].Role], label)
	case len(eps) == 2 && eps[0].Role != eps[1].Role:
		g.AddIncidence(eps[0].Vertex, eps[1].Vertex, edge[eps[0].Role*len(unary)+eps[1].Role], label)
	default:
		hub := g.AddVertex(wl.Label{})
		for _, ep := range eps {
			g.AddIncidence(ep.Vertex, hub, member[ep.Role], label)
		}
	}
}

// Vertices resets g and adds a vertex for every first occurrence of an
// identifier among the records of one side of s (docs/SCORING.md §7.6).
func Vertices[K comparable, R any](g *wl.Graph, s *Scope[K, R], side int) {
	g.Reset()
	verts := s.Verts[side]
	for r, id := range s.IDs[side] {
		if !s.HasID[side][r] {
			continue
		}
		if _, seen := verts[id]; !seen {
			verts[id] = int32(g.AddVertex(wl.Label{}))
		}
	}
}

// Structural refines the two graphs of x jointly (docs/SCORING.md §7.7) and sets
// Wm[i*m+j] = 1 where gold record i and candidate record j of s have
// identifiers of the same colour.
func Structural[K comparable, R any](x *WL, s *Scope[K, R], Wm []float64, n, m int) {
	colG, colP := wl.Refine(&x.Graphs[0], &x.Graphs[1], -1, &x.ws)
	s.wlws = &x.ws
	// The candidates' colours, looked up once, not once per gold record.
	cc := x.candColor[:0]
	for j := range m {
		c := -1
		if s.HasID[1][j] {
			c = colP[s.Verts[1][s.IDs[1][j]]]
		}
		cc = append(cc, c)
	}
	x.candColor = cc
	for i := range n {
		if !s.HasID[0][i] {
			continue
		}
		ci := colG[s.Verts[0][s.IDs[0][i]]]
		row := Wm[i*m : (i+1)*m]
		for j, c := range cc {
			if c == ci {
				row[j] = 1
			}
		}
	}
}

// RefJSON is Ref for JSON values (for Generic, see Refs): key converts a
// value to an identifier of the scope (IntKey, FloatKey or StringKey), and
// a value it cannot convert names no identifier.
func RefJSON[K comparable, R any](w *Workspace, s *Scope[K, R], idx int, key func(jsonval.Value) (K, bool), enc func(K) jsonval.Value, g, p jsonval.Value, build bool) (float64, *Res) {
	score := 0.0
	var mp K
	hasMP, consulted := false, false
	if w.MaskAll || w.Cur == idx+1 || !s.Done {
		score = 1
	} else {
		consulted = true
		if gk, ok := key(g); ok {
			mp, hasMP = s.Image(gk)
		}
		if pk, ok := key(p); ok && hasMP && mp == pk {
			score = 1
		}
	}
	if !build {
		return score, nil
	}
	var m jsonval.Value
	if hasMP {
		m = enc(mp)
	}
	return score, refLeaf(score, g, p, m, hasMP, consulted)
}

// exactInt is the magnitude up to which every integer is a float64.
const exactInt = 1 << 53

// IntKey converts a JSON value to an integer identifier: an integer within
// int64, or a number of integral value (1.0 is the identifier 1, docs/SCORING.md §1.2).
func IntKey(v jsonval.Value) (int64, bool) {
	switch {
	case v.Kind == jsonval.Int && v.Big == nil:
		return v.I, true
	case v.Kind == jsonval.Float && v.F == float64(int64(v.F)) && v.F > -exactInt && v.F < exactInt:
		return int64(v.F), true
	}
	return 0, false
}

// FloatKey converts a JSON value to a number identifier.
func FloatKey(v jsonval.Value) (float64, bool) {
	switch {
	case v.Kind == jsonval.Float:
		return v.F, true
	case v.Kind == jsonval.Int && v.Big == nil && v.I > -exactInt && v.I < exactInt:
		return float64(v.I), true
	}
	return 0, false
}

// StringKey converts a JSON value to a string identifier.
func StringKey(v jsonval.Value) (string, bool) { return v.S, v.Kind == jsonval.String }

// Search is the bijection search of a call (docs/SCORING.md §7.12).
type Search = bijsearch.Search

// NewSearch returns the search of a call whose derived scopes hold records
// records (the sum of their Records), with its budget (bijsearch.Budget).
func NewSearch(records int) Search { return Search{Budget: bijsearch.Budget(records)} }
