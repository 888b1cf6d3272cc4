package interp

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/bijsearch"
	"github.com/objectaligner/oagen/align/hungarian"
	"github.com/objectaligner/oagen/align/seqdp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// call is the per-call state of one scored pair (docs/SCORING.md §10.7).
type call struct {
	s                  *Scorer
	goldRoot, candRoot jsonval.Value
	// arena, when set, holds the match tree the call builds (useArena);
	// ownTree keeps the workspace's slabs meanwhile.
	arena   *TreeArena
	ownTree treeSlabs

	// Referential state (docs/SCORING.md §7).
	bij     []*bijection // per scope index; nil until derived
	candIDs []*idSet     // per scope index
	// Masking during bijection derivation (docs/SCORING.md §7.4 rule 1).
	curScope int // index of the scope being derived, -1 outside derivation
	maskAll  bool
	deriving bool
	// searches holds the derived scopes for the bijection search
	// (docs/SCORING.md §7.12); memoOn is set during its evaluations.
	searches []scopeSearch
	memoOn   bool
	// rowsOn is set during the evaluations for the row memo (rowmemo.go);
	// logging is set while a row of it is filled, whose bijection lookups
	// are appended to deps.
	rowsOn, logging bool
	deps            []bijDep
	// derived holds the record matrices the main pass may reuse
	// (kernel.go, reusedMatrix).
	derived []recordMatrix
	// nkept counts the derivation's solves kept in workspace.kept for the
	// main pass (solvekeep.go); keeping is set while a derivation solves.
	nkept   int
	keeping bool

	// path holds the JSON Pointer tokens (gold side) of the value being
	// aligned, for error messages and comparator contexts.
	path    []pathTok
	parents []parentPair
	depth   int
	work    int64
	// reach is the deepest depth an alignment reached (align) or a kernel
	// would have (cellScores, reusedMatrix), for the record matrices of a
	// derivation (recordMatrix.rel).
	reach int
	// replay counts the enclosing re-alignments of a matrix cell whose work
	// was already charged when the matrix was filled (build mode only);
	// spend charges nothing inside them, so that Align hits MaxWork exactly
	// where Score does.
	replay int

	// ctx is the context of the call; done is its Done channel, nil for a
	// context that is never done, so that spend tests it only when it can
	// fire. sinceCheck counts the work charged since done was last polled.
	ctx        context.Context
	done       <-chan struct{}
	sinceCheck int64
	// polls counts the polls of done (kernelCell).
	polls int

	*workspace

	warnings []string

	// rootScores, when set (a score-only run), receives the member scores
	// of the gold root object; rootDone tells that they were written.
	rootScores *[]MemberScore
	rootDone   bool
	// undeclared is set when a score-only alignment met a gold member the
	// schema does not declare, whose warning a build run would write.
	undeclared bool
}

// workspace is the reusable storage of a call: solver and DP workspaces and
// the scratch frames. Scorers pool workspaces, so that scoring in steady
// state does not regrow them for every pair.
type workspace struct {
	hung   hungarian.Solver
	dp     seqdp.Workspace
	frames []*scratchFrame

	// Referential pre-pass (ref.go, wlgraph.go): the gold's id set of
	// checkGold, the candidate id sets per scope, a data walk buffer, the
	// data path of a record row, the record lists of a derivation, and the
	// WL graphs of both sides.
	goldIDs  idSet
	candSets []idSet
	walkBuf  []jsonval.Value
	rowPath  []pathTok
	records  pathWalk        // the gold records of the scope being derived
	recP     []jsonval.Value // its candidate records
	wlg      wlScratch
	// kept is the storage of the derivations' kept solves (solvekeep.go).
	kept []keptSolve
	// par is the scratch of the parallel fill (kernel.go, parallelRows):
	// one kernel scratch per goroutine.
	par []kernelScratch
	// memo holds the array scores of the search's evaluations (memo.go).
	memo searchMemo
	// rows holds the matrix rows of the search's evaluations (rowmemo.go).
	rows rowMemo
	// searches and search are the storage of call.searches and of the
	// bijection search (searchBijections).
	searches []scopeSearch
	search   bijsearch.Search
	// callGen numbers the workspace's calls, each one more than the last:
	// the frames' column kernels keep the columns of the candidate's
	// arrays for the rest of the call (kernelColumns).
	callGen uint64
	// scopes holds, per scope index, the storage of its derivation; bijs,
	// candIDs and path are the storage of call.bij, call.candIDs and
	// call.path.
	scopes  []scopeScratch
	bijs    []*bijection
	candIDs []*idSet
	path    []pathTok
	// call is the storage of the call itself (newCall).
	call call
	// tree is the storage of the match trees built (treeslab.go).
	tree treeSlabs
}

// scopeScratch is the storage of one scope's derivation (deriveScope): its
// record ids, its matrices, the solver's assignment and its bijection.
type scopeScratch struct {
	idsG, idsP []jsonval.Value
	recG       []jsonval.Value // the gold records' values (deriveScope)
	C, S, tmp  []float64
	assign     []int
	bij        bijection
	// The canonical order of the candidate records (docs/SCORING.md
	// §7.13): the column order and scratch for permuting the matrix and
	// the ids in place.
	canon align.Canon
	row   []float64
	idsC  []jsonval.Value
	dupN  idMap[int32] // recordTie: the records of each identifier
	dups  []int32      // recordTie: the records sharing each record's identifier
}

// scopeScratch returns the storage of scope idx.
func (c *call) scopeScratch(idx int) *scopeScratch {
	for len(c.scopes) <= idx {
		c.scopes = append(c.scopes, scopeScratch{})
	}
	return &c.scopes[idx]
}

// resized returns s resized to n values, reusing its storage (the values
// are not cleared).
func resized(s []jsonval.Value, n int) []jsonval.Value {
	if cap(s) < n {
		return make([]jsonval.Value, n)
	}
	return s[:n]
}

// resizedF is resized for floats.
func resizedF(s []float64, n int) []float64 {
	if cap(s) < n {
		s = make([]float64, n)
		adviseHuge(s)
		return s
	}
	return s[:n]
}

func newCall(ctx context.Context, s *Scorer, gold, cand jsonval.Value) *call {
	return newCallIn(ctx, s, s.getWorkspace(), gold, cand)
}

// newCallIn starts a call in workspace ws, which the caller has taken
// from s's pool (or built); release gives it back.
func newCallIn(ctx context.Context, s *Scorer, ws *workspace, gold, cand jsonval.Value) *call {
	nsc := len(s.schema.Scopes)
	if cap(ws.bijs) < nsc {
		ws.bijs, ws.candIDs = make([]*bijection, nsc), make([]*idSet, nsc)
	}
	ws.bijs, ws.candIDs = ws.bijs[:nsc], ws.candIDs[:nsc]
	clear(ws.bijs)
	clear(ws.candIDs)
	ws.callGen++
	c := &ws.call
	*c = call{
		s:         s,
		goldRoot:  gold,
		candRoot:  cand,
		bij:       ws.bijs,
		candIDs:   ws.candIDs,
		curScope:  -1,
		path:      ws.path[:0],
		ctx:       ctx,
		done:      ctx.Done(),
		workspace: ws,
	}
	return c
}

// useArena builds the call's match tree in the arena's slabs: they take the
// place of the workspace's until release gives them back.
func (c *call) useArena(a *TreeArena) {
	ws := c.workspace
	c.arena, c.ownTree = a, ws.tree
	ws.tree = a.begin()
}

// release returns the call's workspace to its scorer's pool. The call must
// not be used afterwards.
func (c *call) release() {
	// Drop the call's values from the storage kept (for the collector).
	for i := range c.scopes {
		ss := &c.scopes[i]
		clear(ss.idsG)
		clear(ss.idsP)
		ss.bij.m.reset()
		clear(ss.bij.order)
		clear(ss.bij.exc)
	}
	ws := c.workspace
	for _, fr := range ws.frames {
		fr.kernel.cols.p = nil // the call's candidate
	}
	for i := range ws.par {
		ws.par[i].cols.p = nil
	}
	ws.path = c.path[:0]
	if c.arena != nil {
		c.arena.t, ws.tree = ws.tree, c.ownTree
	} else {
		ws.tree.reset()
	}
	s := c.s
	*c = call{} // c is ws.call: drop the call's values
	s.putWorkspace(ws)
}

// result is what align returns: the score and, in build mode, the aligned
// values (docs/SCORING.md §1.6) and the match node.
type result struct {
	score  float64
	ag, ap jsonval.Value
	m      *align.Match
}

// errKindMismatch marks a comparison between values of incompatible kinds
// inside bijection derivation, where the reference raises and the record cell
// becomes 0 (docs/SCORING.md §1.4, §7.5).
var errKindMismatch = errors.New("values of different kinds")

func (c *call) pointer() string {
	if len(c.path) == 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range c.path {
		b.WriteByte('/')
		b.WriteString(escapeToken(t.text()))
	}
	return b.String()
}

func escapeToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	t = strings.ReplaceAll(t, "~", "~0")
	return strings.ReplaceAll(t, "/", "~1")
}

// pathTok is one token of the data path; idx marks array indices, whose
// decimal text is only produced when a pointer is rendered (pushing an index
// must not allocate: it happens for every cell of every aligned matrix).
type pathTok struct {
	s   string
	i   int
	idx bool
}

// text returns the token's unescaped text.
func (t pathTok) text() string {
	if t.idx {
		return strconv.Itoa(t.i)
	}
	return t.s
}

func (c *call) push(tok string) { c.path = append(c.path, pathTok{s: tok}) }
func (c *call) pushIndex(i int) { c.path = append(c.path, pathTok{i: i, idx: true}) }
func (c *call) pop()            { c.path = c.path[:len(c.path)-1] }

// pollStride is the work, in the units of Limits.MaxWork, charged between
// two polls of a cancellable context: a few microseconds of alignment.
const pollStride = 1 << 12

// spend charges units of work against Limits.MaxWork and, for a
// cancellable context, polls it every pollStride units (replayed work
// included: it is not charged again, but it takes time again).
func (c *call) spend(units int64) error {
	if c.done != nil {
		if c.sinceCheck += units; c.sinceCheck >= pollStride {
			c.sinceCheck = 0
			c.polls++
			if err := c.ctx.Err(); err != nil {
				return c.stopped(err)
			}
		}
	}
	if c.replay > 0 {
		return nil
	}
	c.work += units
	if c.work > c.s.opts.Limits.MaxWork {
		return &LimitError{Limit: "MaxWork", Value: c.s.opts.Limits.MaxWork, Pointer: c.pointer()}
	}
	return nil
}

// stopped is the error of a call whose context is done (err is ctx.Err()),
// located where the work stopped.
func (c *call) stopped(err error) error {
	return &ScoreError{Pointer: c.pointer(), Err: err}
}

// kernelError wraps an error of a kernel (assignment, sequence DP, WL): the
// context's error when the kernel stopped for it, else a ScoreError.
func (c *call) kernelError(err error) error {
	if ctxErr := c.ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
		return c.stopped(ctxErr)
	}
	return c.errorf("%v", err)
}

// fatal reports whether err must end the call even where the semantics
// swallow alignment errors (bijection derivation, docs/SCORING.md §7.5): an exceeded limit
// or a done context.
func fatal(err error) bool {
	var le *LimitError
	return errors.As(err, &le) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func (c *call) checkCollection(n, m int) error {
	d := max(n, m)
	if d > c.s.opts.Limits.MaxCollection {
		return &LimitError{Limit: "MaxCollection", Value: int64(c.s.opts.Limits.MaxCollection), Pointer: c.pointer()}
	}
	return nil
}

func (c *call) errorf(format string, args ...any) error {
	return &ScoreError{Pointer: c.pointer(), Err: fmt.Errorf(format, args...)}
}

// solve runs the assignment solver (docs/SCORING.md §5.8) and returns a copy of the
// assignment in dst's storage (nested alignments reuse the solver, so its own
// result cannot be kept).
//
// The solver's work is charged against Limits.MaxWork (docs/RELIABILITY.md):
// its shortest-path searches relax up to d(d+1)(2d+1)/6 entries, d = max(n, m),
// and each align.AssignmentStride relaxations beyond the first
// align.AssignmentStride·n·m (covered by the n·m the matrix was charged)
// cost one unit, so that a hostile list of near-ties stops with a
// LimitError instead of running for a minute.
func (c *call) solve(dst []int, M []float64, n, m int) ([]int, error) {
	cells := int64(n) * int64(m)
	var budget int64 // relaxations allowed; 0: no bound (replayed passes)
	if c.replay == 0 {
		budget = align.AssignmentStride*(cells+max(c.s.opts.Limits.MaxWork-c.work, 0)) + align.AssignmentStride - 1
	}
	var a []int
	var relaxed int64
	var err error
	if k := c.keptSolveOf(M, n, m); k != nil {
		a, relaxed, err = c.reuseSolve(k, budget)
	} else {
		a, relaxed, err = c.hung.SolveMaxBudgetInPlace(c.ctx, M, n, m, budget)
		if err == nil && c.keeping {
			c.keepSolve(M, n, m, a, relaxed)
		}
	}
	if errors.Is(err, hungarian.ErrBudget) {
		return nil, &LimitError{Limit: "MaxWork", Value: c.s.opts.Limits.MaxWork, Pointer: c.pointer()}
	}
	if err != nil {
		return nil, c.kernelError(err)
	}
	if extra := relaxed/align.AssignmentStride - cells; extra > 0 {
		if err := c.spend(extra); err != nil {
			return nil, err
		}
	}
	return append(dst[:0], a...), nil
}

// canonical reports whether assignments are solved with the canonical tie
// rules of docs/SCORING.md §5.8 (the default profile).
func (c *call) canonical() bool { return !c.s.referenceProfile() && !c.s.noCanon }

// solveCanon is solve with the rows of M in the order rows and its columns
// in the order cols (nil: as they are; align.Canon): the solver sees the
// permuted matrix, and the assignment returned is of M's own rows and
// columns.
func (c *call) solveCanon(dst []int, M []float64, n, m int, rows, cols []int) ([]int, error) {
	if rows == nil && cols == nil {
		return c.solve(dst, M, n, m)
	}
	fr := c.frame()
	P := M
	if rows != nil {
		P = zeroed(fr.pm, n*m)
		fr.pm = P
		align.PermuteMatrix(P, M, n, m, rows, cols)
	} else {
		// Columns only (array tails): permuted in place and back.
		fr.pm = align.PermuteColumnsInPlace(M, n, m, cols, fr.pm, false)
	}
	a, err := c.solve(fr.pa, P, n, m)
	if rows == nil {
		fr.pm = align.PermuteColumnsInPlace(M, n, m, cols, fr.pm, true)
	}
	if err != nil {
		return nil, err
	}
	fr.pa = a
	dst = append(dst[:0], a...)
	align.UnpermuteAssignment(dst, a, rows, cols)
	return dst, nil
}

// scratchFrame is the scratch storage of the alignments running at one recursion
// depth. Alignments nest, so a depth's buffers are free again once the
// alignment at that depth returns; reusing them keeps score-only alignment
// (bijection matrices, Score) from allocating per cell.
type scratchFrame struct {
	k, w, t, s []float64 // objects
	m, rs      []float64 // list tails
	hw, hs, ht []float64 // tuple heads
	steps      []seqdp.Step
	assign     []int
	entries    []objEntry
	head, tail []entry    // build mode: the entries of a list's head and tail
	subs       []*ir.Node // build mode: a record's member schemas (buildRecord)
	ha, ta     []float64  // build mode: the alphas of a list's head and tail
	kernel     kernelScratch
	// The canonical tie rules (docs/SCORING.md §5.8): column order and the
	// permuted matrix.
	canon align.Canon
	pm    []float64
	pa    []int
	// coded is a list tail's cell matrix as codes (coded.go).
	coded codedCells
}

func (c *call) frame() *scratchFrame {
	for len(c.frames) <= c.depth {
		c.frames = append(c.frames, &scratchFrame{})
	}
	return c.frames[c.depth]
}

// zeroed returns s resized to n zeros, reusing its storage.
func zeroed(s []float64, n int) []float64 {
	if cap(s) < n {
		s = make([]float64, n, max(n, 2*cap(s)))
		adviseHuge(s)
		return s
	}
	s = s[:n]
	clear(s)
	return s
}

// realign re-aligns a matrix cell in build mode for its match node and
// aligned values; its work was charged when the matrix was filled.
func (c *call) realign(g, p jsonval.Value, S *ir.Node) (result, error) {
	c.replay++
	defer func() { c.replay-- }()
	if r, ok, err := c.buildRecord(g, p, S); ok {
		return r, err
	}
	return c.align(g, p, S, true)
}

// align is the dispatch of docs/SCORING.md §1.4.
func (c *call) align(g, p jsonval.Value, S *ir.Node, build bool) (result, error) {
	c.depth++
	defer func() { c.depth-- }()
	c.reach = max(c.reach, c.depth)
	if c.depth > c.s.opts.Limits.MaxDepth {
		return result{}, &LimitError{Limit: "MaxDepth", Value: int64(c.s.opts.Limits.MaxDepth), Pointer: c.pointer()}
	}
	if err := c.spend(1); err != nil {
		return result{}, err
	}
	// 1. identifier fields always score 1.
	if S.IDScope != "" {
		r := result{score: 1}
		if build {
			r.ag, r.ap = g, p
			r.m = c.leaf(align.LeafID, 1, g, p, true, true)
		}
		return r, nil
	}
	// 2. references are scored through the bijection.
	if S.Ref != "" {
		return c.alignRef(g, p, S, build), nil
	}
	// 3. null on either side.
	if g.IsNull() || p.IsNull() {
		s := S.NullScore
		if g.IsNull() && p.IsNull() {
			s = 1
		}
		r := result{score: s}
		if build {
			r.ag, r.ap = g, p
			r.m = c.leaf(align.LeafNull, s, g, p, true, true)
		}
		return r, nil
	}
	// A union scores the pair under the branch of its values (docs/SCORING.md §1.8).
	if S.Union != nil {
		return c.alignUnion(g, p, S, build)
	}
	// 4. dispatch on the gold kind.
	if !S.Permits(g.Kind) {
		return result{}, c.errorf("gold value of kind %s is not permitted by the schema node %s", kindName(g.Kind), S.Pos.Pointer)
	}
	if !kindsCompatible(g.Kind, p.Kind) {
		// docs/SCORING.md §1.4: a cell whose elements differ in kind scores 0 in the
		// main pass; inside bijection derivation the record cell is 0.
		if c.deriving {
			return result{}, errKindMismatch
		}
		r := result{score: 0}
		if build {
			r.ag, r.ap = g, p
			r.m = c.leaf(align.LeafPlain, 0, g, p, true, true)
		}
		return r, nil
	}
	if S.Any {
		return c.alignAny(g, p, build)
	}
	switch g.Kind {
	case jsonval.Bool:
		s := 0.0
		if g.B == p.B {
			s = 1
		}
		return c.primitiveResult(s, g, p, build), nil
	case jsonval.Int, jsonval.Float:
		return c.alignNumber(g, p, S, build)
	case jsonval.String:
		return c.alignString(g, p, S, build)
	case jsonval.Array:
		if !build {
			if r, ok, err := c.alignOneSided(g, p, S); ok {
				return r, err
			}
		}
		if key, ok := c.memoable(g, p, S, build); ok {
			if score, hit := c.memo[key]; hit {
				return result{score: score}, nil
			}
			warned := len(c.warnings)
			r, err := c.alignArray(g, p, S, build)
			if err == nil && len(c.warnings) == warned {
				c.memo[key] = r.score
			}
			return r, err
		}
		return c.alignArray(g, p, S, build)
	case jsonval.Object:
		return c.alignObject(g, p, S, build)
	}
	return result{}, c.errorf("unexpected value kind %d", g.Kind)
}

func kindName(k jsonval.Kind) string {
	switch k {
	case jsonval.Null:
		return "null"
	case jsonval.Bool:
		return "boolean"
	case jsonval.Int:
		return "integer"
	case jsonval.Float:
		return "number"
	case jsonval.String:
		return "string"
	case jsonval.Array:
		return "array"
	case jsonval.Object:
		return "object"
	}
	return "invalid"
}

func (c *call) primitiveResult(s float64, g, p jsonval.Value, build bool) result {
	r := result{score: s}
	if build {
		r.ag, r.ap = g, p
		r.m = c.leaf(align.LeafPlain, s, g, p, true, true)
	}
	return r
}

// alignAny scores two values under an any node: the JSON-value rule of
// docs/SCORING.md §6.9, a leaf.
func (c *call) alignAny(g, p jsonval.Value, build bool) (result, error) {
	if err := c.spend(min(align.ValueSize(g), align.ValueSize(p))); err != nil {
		return result{}, err
	}
	return c.primitiveResult(align.ValueSimilarity(g, p), g, p, build), nil
}

func (c *call) alignString(g, p jsonval.Value, S *ir.Node, build bool) (result, error) {
	var name string
	var cmp align.StringFunc
	var cost align.CostClass
	if np := c.s.nodePlan(S); np != nil && np.strOK {
		name, cmp, cost = np.strName, np.str, np.strCost
	} else {
		name = c.s.comparator(S, "jaro")
		var ok bool
		if cmp, ok = c.s.registry.String(name); !ok {
			return result{}, c.errorf("unknown string comparator %q", name)
		}
		cost = stringCostClass(name)
	}
	if lim := c.s.opts.Limits.MaxStringRunes; name != "exact" && (len(g.S) > lim || len(p.S) > lim) {
		if runeCount(g.S) > lim || runeCount(p.S) > lim {
			return result{}, &LimitError{Limit: "MaxStringRunes", Value: int64(lim), Pointer: c.pointer()}
		}
	}
	if err := c.spend(int64(len(g.S)+len(p.S))/16 + costOf(cost, g.S, p.S)); err != nil {
		return result{}, err
	}
	x, err := cmp.Compare(c.comparatorContext(), g.S, p.S)
	if err != nil {
		return result{}, c.errorf("%v", err)
	}
	return c.primitiveResult(align.ApplyThreshold(x, S.Threshold), g, p, build), nil
}

// stringCost is the quadratic part of the work of a built-in string
// comparator on a and b, in the units of Limits.MaxWork, by its cost class
// (align.BuiltinComparators): a quadratic one (Damerau–Levenshtein) fills
// an |a|×|b| table; a bit-parallel one processes 64 cells per machine word.
// Exact comparison and custom comparators are charged only the linear
// part. Without this charge, two strings within MaxStringRunes could keep
// Damerau–Levenshtein busy for minutes.
func stringCost(name, a, b string) int64 {
	return costOf(stringCostClass(name), a, b)
}

// stringCostClass is the cost class of the string comparator name
// (align.CostConstant for a custom one), which callers that compare many
// strings under one comparator look up once (kernelRow).
func stringCostClass(name string) align.CostClass {
	c, _ := align.Builtin(align.RegistryString, name)
	return c.Cost
}

// costOf is stringCost under a comparator of cost class cc.
func costOf(cc align.CostClass, a, b string) int64 {
	switch cc {
	case align.CostQuadratic:
	case align.CostBitParallel:
		if len(a) <= 64 && len(b) <= 64 {
			return 1
		}
		la, lb := runeCount(a), runeCount(b)
		if la > lb {
			la, lb = lb, la
		}
		return int64((la+63)/64) * int64(lb)
	default:
		return 0
	}
	if len(a) <= 8 && len(b) <= 8 {
		return int64(len(a)) * int64(len(b))
	}
	return int64(runeCount(a)) * int64(runeCount(b))
}

func runeCount(s string) int {
	n := 0
	for range s {
		n++
	}
	return n
}

func (c *call) alignNumber(g, p jsonval.Value, S *ir.Node, build bool) (result, error) {
	var cmp align.NumberFunc
	if np := c.s.nodePlan(S); np != nil && np.numOK {
		cmp = np.num
	} else {
		name := c.s.comparator(S, "invdiff")
		var ok bool
		if cmp, ok = c.s.registry.Number(name, S.Types&ir.TInteger != 0); !ok {
			return result{}, c.errorf("unknown number comparator %q", name)
		}
	}
	x, err := cmp.Compare(c.comparatorContext(), g, p)
	if err != nil {
		return result{}, c.errorf("%v", err)
	}
	return c.primitiveResult(align.ApplyThreshold(x, S.Threshold), g, p, build), nil
}

// comparatorContext returns the context for context-aware comparators, or
// nil when the registry has none (docs/SCORING.md §3.6).
func (c *call) comparatorContext() *align.Context {
	if !c.s.contextual {
		return nil
	}
	return c.buildContext()
}
