// Package hungarian solves the rectangular linear sum assignment problem the
// way docs/SCORING.md §5.8 prescribes: the shortest-augmenting-path method of Jonker and
// Volgenant in Crouse's variant (the algorithm behind SciPy's
// linear_sum_assignment), applied to the zero-padded square d×d problem,
// d = max(rows, cols).
//
// The solver is hand-written rather than taken from a library for two
// reasons:
//
//   - Determinism. When several assignments are optimal, which one is reported
//     decides which elements OA pairs and even the score (the number of
//     strictly positive pairs enters the denominator, docs/SCORING.md §5.2). docs/SCORING.md §5.8
//     therefore fixes the complete tie behaviour: the column scan order (the
//     "remaining" list filled in reverse and maintained by swap-remove), the
//     strict "<" when relaxing reduced costs, the "== lowest and the column is
//     free" preference when picking the next column, and every floating-point
//     operation in its order. This package reproduces all of it exactly;
//     a generic Hungarian implementation would pick different optima.
//   - Speed. The solver runs for every order-agnostic array, every object's key
//     alignment and every identifier scope, so it keeps one reusable workspace,
//     performs no heap allocation per solve once the workspace has grown, and
//     lays out the scan data so that the inner loop streams through memory.
//
// Complexity: O(d³) time in the worst case (d augmentations, each a
// Dijkstra-like search of O(d²)); O(rows·cols + d) memory, since the zero
// padding is never materialised.
package hungarian

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// Solver solves assignment problems with a reusable workspace. The zero value
// is ready to use. A Solver is not safe for concurrent use; use one per
// goroutine.
type Solver struct {
	// cost is -C (the score matrix M of SolveMax) for the real rows×cols
	// block, row-major, which lsapMin subtracts where the pseudo-code adds C
	// (see lsapMin). The zero padding of docs/SCORING.md §5.8 is never
	// stored: padding rows and columns are read as 0.
	cost     []float64
	u        []float64 // row duals
	v        []float64 // column duals
	shortest []float64 // final shortest-path cost of each column reached in the current search
	path     []int32   // predecessor row of each column reached in the current search
	row4col  []int     // row assigned to each column, -1 if none
	col4row  []int     // column assigned to each row, -1 if none; also the result
	rem      remaining
	visRows  []int   // rows added to SR in the current search, in order
	visCols  []int   // columns added to SC in the current search, in order
	visIdx   []int32 // the positions in "remaining" they were removed from
	// start is the "remaining" array a search starts from: [d-1, ..., 0],
	// or its columns' images under the column order of
	// SolveMaxColumnsInPlace.
	start   []int32
	seen    []bool // the permutation check of SolveMaxColumnsInPlace
	touched uint64
	// codes, when not nil, is the matrix of SolveMaxCodedColumns, one
	// byte a cell, whose entry is vals[code]; cost is not read then.
	codes []uint8
	vals  [256]float64
	// nv bounds the codes (every code < nv); part holds a scan's
	// partial relaxations by code (see scanCoded).
	nv   int
	part [256]float64
	full []uint8 // a row of codes padded to d columns (see scanCoded)
	// budget bounds scanned (0: no bound); scanned counts the entries
	// of "remaining" relaxed by the current solve.
	budget, scanned int64
}

// Cells is the capacity of the cost matrix the solver keeps for later
// calls (cells of float64).
func (s *Solver) Cells() int { return cap(s.cost) }

// remaining holds docs/SCORING.md §5.8's "remaining" array (the columns not yet reached
// by the current shortest-path search, filled in reverse column order and
// maintained by swap-remove) together with copies of the per-column values the
// inner loop reads, all indexed by position in "remaining" rather than by
// column. The inner loop then streams through these slices sequentially;
// only the cost entry is still fetched through the column index. v and the
// "free" flag (row4col[j] == -1) do not change during one search.
type remaining struct {
	col      []int32   // remaining[it]
	v        []float64 // v[remaining[it]]
	shortest []float64 // shortest[remaining[it]]
	path     []int32   // path[remaining[it]]
	free     []bool    // row4col[remaining[it]] == -1
}

// errNonFinite is returned when the shortest-path search meets a non-finite
// reduced cost. With finite entries of moderate magnitude this cannot happen;
// it guards against overflow with entries near ±MaxFloat64, where the
// pseudo-code would index remaining[-1].
// ErrBudget is returned by SolveMaxBudget when the shortest-path searches
// would relax more entries than the budget allows.
var ErrBudget = errors.New("hungarian: work budget exceeded")

var errNonFinite = errors.New("hungarian: shortest-path search produced a non-finite reduced cost (entries too large in magnitude)")

// SolveMax returns an assignment that maximises the sum of the selected
// entries of m, a row-major rows×cols score matrix, chosen exactly as docs/SCORING.md
// §5.8 chooses it: the matrix is padded with zeros to d×d, d = max(rows,
// cols), and the minimisation algorithm runs on C = -M.
//
// The result rowToCol has length d: row r (0 ≤ r < d) is assigned column
// rowToCol[r], and every column is assigned to exactly one row. Rows
// r ≥ rows and columns c ≥ cols are padding. The returned slice is owned by
// the Solver and valid until its next call.
//
// An error is returned if rows or cols is negative, max(rows, cols) exceeds
// math.MaxInt32, len(m) != rows*cols, or an entry is NaN or infinite.
//
// Memory is O(rows·cols + d): the padding is not materialised.
func (s *Solver) SolveMax(m []float64, rows, cols int) ([]int, error) {
	s.budget = 0
	return s.solve(context.Background(), m, rows, cols, true)
}

// SolveMaxContext is SolveMax that gives up when ctx is done, returning
// ctx.Err(). It checks ctx before each of the d augmentations, so it stops
// after at most one augmentation's O(d²) work; with a context that is never
// done (context.Background) it costs nothing more than SolveMax.
func (s *Solver) SolveMaxContext(ctx context.Context, m []float64, rows, cols int) ([]int, error) {
	s.budget = 0
	return s.solve(ctx, m, rows, cols, true)
}

// SolveMaxBudget is SolveMaxContext with a bound on its work: it also
// returns the number of entries its shortest-path searches relaxed (the
// scans of the "remaining" columns, d for the first scan of a search and
// one fewer for each further scan), the measure of the solver's O(d³)
// worst case, and gives up with ErrBudget as soon as that number would
// exceed budget (budget ≤ 0: no bound). The count does not depend on the
// machine, so a budget stops a solve at the same point every time.
func (s *Solver) SolveMaxBudget(ctx context.Context, m []float64, rows, cols int, budget int64) ([]int, int64, error) {
	s.budget = max(budget, 0)
	a, err := s.solve(ctx, m, rows, cols, true)
	return a, s.scanned, err
}

// SolveMin is SolveMax for a cost matrix: it minimises the sum of the
// selected entries of c (rows×cols, row-major), padded with zeros to d×d and
// solved by the algorithm of docs/SCORING.md §5.8 as is. The result has the same shape,
// ownership and error conditions as SolveMax's.
func (s *Solver) SolveMin(c []float64, rows, cols int) ([]int, error) {
	s.budget = 0
	return s.solve(context.Background(), c, rows, cols, false)
}

// SolveMaxInPlace is SolveMax without the solver's copy of the matrix: it
// reads m's entries where they are and writes none of them. m must not be
// written by another goroutine during the call. For a large matrix this
// saves rows·cols float64 of memory and the pass that copies them, and the
// solver keeps no matrix between calls (docs/PERFORMANCE.md, "Large
// documents").
func (s *Solver) SolveMaxInPlace(m []float64, rows, cols int) ([]int, error) {
	s.budget = 0
	return s.solveInPlace(context.Background(), m, rows, cols, nil)
}

// SolveMaxBudgetInPlace is SolveMaxBudget with SolveMaxInPlace's use of m.
func (s *Solver) SolveMaxBudgetInPlace(ctx context.Context, m []float64, rows, cols int, budget int64) ([]int, int64, error) {
	s.budget = max(budget, 0)
	a, err := s.solveInPlace(ctx, m, rows, cols, nil)
	return a, s.scanned, err
}

// SolveMaxColumnsInPlace is SolveMaxInPlace on the matrix P whose column c
// is column order[c] of m (order a permutation of 0, ..., cols-1), without
// forming it: the solver reads P's entries where they are in m. The
// assignment chosen is the one SolveMax chooses for P, ties included, but
// given in m's own columns: row r is assigned column rowToCol[r] of m
// (padding columns, ≥ cols, stay as they are). It saves permuting m's
// columns into a canonical order and back (docs/SCORING.md §5.8,
// docs/PERFORMANCE.md, "Large documents").
//
// An error is returned as SolveMax returns one, and when order is not a
// permutation of 0, ..., cols-1.
func (s *Solver) SolveMaxColumnsInPlace(m []float64, rows, cols int, order []int) ([]int, error) {
	s.budget = 0
	if err := s.checkOrder(order, cols); err != nil {
		return nil, err
	}
	return s.solveInPlace(context.Background(), m, rows, cols, order)
}

// checkOrder reports an error unless order is a permutation of 0, ...,
// cols-1.
func (s *Solver) checkOrder(order []int, cols int) error {
	if len(order) != cols {
		return fmt.Errorf("hungarian: column order has %d entries, want %d", len(order), cols)
	}
	if cap(s.seen) < cols {
		s.seen = make([]bool, cols)
	}
	seen := s.seen[:cols]
	clear(seen)
	for _, j := range order {
		if j < 0 || j >= cols || seen[j] {
			return fmt.Errorf("hungarian: column order %v is not a permutation of 0..%d", order, cols-1)
		}
		seen[j] = true
	}
	return nil
}

// solveInPlace runs lsapMin on the matrix held in m itself, with its
// columns in the order order (nil: as they are); see SolveMaxInPlace and
// SolveMaxColumnsInPlace.
func (s *Solver) solveInPlace(ctx context.Context, m []float64, rows, cols int, order []int) ([]int, error) {
	d, err := s.check(m, rows, cols)
	if err != nil {
		return nil, err
	}
	s.scanned = 0
	s.growDuals(d)
	own := s.cost
	s.cost = m
	defer func() { s.cost = own }()
	if err := s.lsapMin(ctx, rows, cols, d, order); err != nil {
		return nil, err
	}
	return s.col4row[:d], nil
}

// check validates a rows×cols matrix m as SolveMax documents and returns
// the padded size d.
func (s *Solver) check(m []float64, rows, cols int) (int, error) {
	d, err := checkDims(len(m), rows, cols)
	if err != nil {
		return 0, err
	}
	if allFinite(m) {
		return d, nil
	}
	for k, x := range m {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("hungarian: entry (%d,%d) is %v; entries must be finite", k/cols, k%cols, x)
		}
	}
	return d, nil
}

// allFinite reports whether every entry of m is finite: x - x is 0 for a
// finite x and NaN for an infinite or NaN one, and a sum holding a NaN is
// NaN. Four sums keep the additions independent.
func allFinite(m []float64) bool {
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+4 <= len(m); k += 4 {
		x := m[k : k+4 : k+4]
		s0 += x[0] - x[0]
		s1 += x[1] - x[1]
		s2 += x[2] - x[2]
		s3 += x[3] - x[3]
	}
	for ; k < len(m); k++ {
		s0 += m[k] - m[k]
	}
	s := s0 + s1 + s2 + s3
	return s == s
}

// checkDims validates the dimensions of a rows×cols matrix of the given
// number of entries as SolveMax documents and returns the padded size d.
func checkDims(entries, rows, cols int) (int, error) {
	if rows < 0 || cols < 0 {
		return 0, fmt.Errorf("hungarian: negative dimensions %d×%d", rows, cols)
	}
	d := max(rows, cols)
	if d > math.MaxInt32 || (cols > 0 && rows > math.MaxInt/cols) {
		return 0, fmt.Errorf("hungarian: dimensions %d×%d too large", rows, cols)
	}
	if entries != rows*cols {
		return 0, fmt.Errorf("hungarian: matrix has %d entries, want %d×%d = %d", entries, rows, cols, rows*cols)
	}
	return d, nil
}

func (s *Solver) solve(ctx context.Context, m []float64, rows, cols int, negate bool) ([]int, error) {
	d, err := s.check(m, rows, cols)
	if err != nil {
		return nil, err
	}
	s.scanned = 0
	s.grow(rows*cols, d)
	cost := s.cost[:rows*cols]
	if negate {
		copy(cost, m)
	} else {
		for k, x := range m {
			cost[k] = -x
		}
	}
	if err := s.lsapMin(ctx, rows, cols, d, nil); err != nil {
		return nil, err
	}
	return s.col4row[:d], nil
}

// grow makes the workspace large enough for a problem with the given number
// of real entries and padded size d.
func (s *Solver) grow(entries, d int) {
	if cap(s.cost) < entries {
		s.cost = make([]float64, entries)
	}
	s.growDuals(d)
}

// growDuals makes the workspace's vectors large enough for padded size d.
func (s *Solver) growDuals(d int) {
	if cap(s.u) >= d {
		return
	}
	s.u = make([]float64, d)
	s.v = make([]float64, d)
	s.shortest = make([]float64, d)
	s.path = make([]int32, d)
	s.row4col = make([]int, d)
	s.col4row = make([]int, d)
	s.rem = remaining{
		col:      make([]int32, d),
		v:        make([]float64, d),
		shortest: make([]float64, d),
		path:     make([]int32, d),
		free:     make([]bool, d),
	}
	s.visRows = make([]int, 0, d)
	s.visCols = make([]int, 0, d)
	s.visIdx = make([]int32, 0, d)
	s.start = make([]int32, d)
}

// lsapMin is docs/SCORING.md §5.8's LSAP_min on the d×d zero-padded matrix C
// whose real rows×cols block is -s.cost, with its columns in the order
// order (nil: as they are; see SolveMaxColumnsInPlace). It differs from
// the pseudo-code only in bookkeeping that cannot change a result:
//
//   - s.cost holds -C, and minVal - (-C[i][j]) is computed where the
//     pseudo-code computes minVal + C[i][j]: IEEE 754 defines x - y as
//     x + (-y), so the two are the same value, zeros' signs included, and
//     SolveMax and SolveMaxInPlace need not negate the score matrix
//     (SolveMin negates its cost matrix once, exactly);
//   - with a column order, column c of C is column order[c] of s.cost, and
//     the search runs on s.cost's own columns: "remaining" starts as
//     [order[d-1], ..., order[0]] (padding columns, ≥ cols, standing for
//     themselves) instead of [d-1, ..., 0], and every per-column value is
//     kept under s.cost's column. This renames the columns and nothing
//     else — every scan visits the same entries of C in the same order —
//     so the assignment is C's, given in s.cost's columns;
//   - with a coded matrix (SolveMaxCodedColumns), -C[i][j] is read as
//     s.vals[code] of its code where the pseudo-code reads it: the same
//     float64, so the same arithmetic (see scanCoded);
//   - the unreached columns carry their v, shortest, path and "free" values
//     along in s.rem, in the same order as "remaining" (see remaining); the
//     set-up of remaining and shortest is fused with the first scan of a
//     solve's first search (see startScan), and each later search starts
//     from s.rem as the search before it left it, its swap-removes undone
//     (see restore), with shortest = +inf: its first scan is then an
//     ordinary one, and relaxing r against +inf sets shortest and path
//     exactly where startScan sets them;
//   - SR and SC are kept as lists of the rows and columns added during the
//     search; the dual updates touch each such row or column exactly once and
//     are independent of each other, so their order is irrelevant;
//   - shortest[j] and path[j] are copied out of s.rem when column j leaves
//     it, at which point they are final for this search; the dual update and
//     the augmentation read only those columns' values (a row k in SR other
//     than cur was reached through column col4row[k], which is in SC);
//   - padding entries of -C are read as +0, which SolveMin's padding (C
//     = +0) would store as -0; a zero's sign can only change the sign of a
//     zero result under addition and subtraction, and comparisons treat ±0
//     as equal, so no comparison and no non-zero value differs.
//
// The arithmetic is the pseudo-code's, operation for operation:
// r = ((minVal + C[i][j]) - u[i]) - v[j], and the comparisons are the same
// "<" and "==" tests in the same order over the same sequence of columns.
//
// It returns ctx.Err() if ctx is done before an augmentation.
func (s *Solver) lsapMin(ctx context.Context, rows, cols, d int, order []int) error {
	done := ctx.Done()
	codes := s.codes
	var cost []float64
	if codes == nil {
		cost = s.cost[:rows*cols]
	}
	u := s.u[:d]
	v := s.v[:d]
	shortest := s.shortest[:d]
	path := s.path[:d]
	row4col := s.row4col[:d]
	col4row := s.col4row[:d]
	rem := remaining{
		col:      s.rem.col[:d],
		v:        s.rem.v[:d],
		shortest: s.rem.shortest[:d],
		path:     s.rem.path[:d],
		free:     s.rem.free[:d],
	}
	for k := range d {
		u[k] = 0
		v[k] = 0
		path[k] = -1
		row4col[k] = -1
		col4row[k] = -1
	}
	start := s.start[:d]
	for it := range d {
		c := d - 1 - it
		if c < len(order) {
			c = order[c]
		}
		start[it] = int32(c)
	}
	// restart tells that rem holds "remaining" = start with the current v
	// and "free" values (see restore): every search but a solve's first
	// then starts with shortest = +inf and an ordinary scan.
	restart := false
	for cur := range d {
		if done != nil {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		visRows := s.visRows[:0]
		visCols := s.visCols[:0]
		visIdx := s.visIdx[:0]
		numRemaining := d
		minVal := 0.0
		i := cur
		sink := -1
		if restart {
			fillInf(rem.shortest)
		}
		for first := !restart; sink == -1; first = false {
			visRows = append(visRows, i) // SR[i] = true
			if s.scanned += int64(numRemaining); s.budget > 0 && s.scanned > s.budget {
				return ErrBudget
			}
			var index int
			var lowest float64
			if codes != nil {
				index, lowest = s.scanCoded(&rem, start, v, row4col, rows, cols, numRemaining, first, minVal, u[i], i)
			} else {
				var row []float64 // -C[i][0..cols-1]; empty for a padding row
				if i < rows {
					row = cost[i*cols : i*cols+cols]
					if order != nil {
						// The scans read the row in the order of
						// "remaining", which starts as the column order
						// and not as s.cost's: brought into cache in
						// order first (see touch).
						s.touched |= touch(row)
					}
				}
				switch {
				case first:
					// The first scan (i == cur), fused with the set-up of
					// remaining and shortest.
					index, lowest = startScan(&rem, start, v, row4col, row, minVal, u[i], int32(i))
				case len(row) == d:
					index, lowest = scanFullRow(&rem, numRemaining, row, minVal, u[i], int32(i))
				default:
					index, lowest = scanRow(&rem, numRemaining, row, minVal, u[i], int32(i))
				}
			}
			if index < 0 || math.IsInf(lowest, 0) {
				return errNonFinite
			}
			minVal = lowest
			j := int(rem.col[index])
			shortest[j] = rem.shortest[index]
			path[j] = rem.path[index]
			if rem.free[index] {
				sink = j
			} else {
				i = row4col[j]
			}
			visCols = append(visCols, j) // SC[j] = true
			visIdx = append(visIdx, int32(index))
			numRemaining--
			rem.swapRemove(index, numRemaining)
		}
		s.visRows, s.visCols, s.visIdx = visRows, visCols, visIdx

		u[cur] += minVal
		for _, k := range visRows {
			if k != cur {
				u[k] += minVal - shortest[col4row[k]]
			}
		}
		for _, k := range visCols {
			v[k] -= minVal - shortest[k]
		}

		// Augment along the path.
		j := sink
		for {
			r := int(path[j])
			row4col[j] = r
			col4row[r], j = j, col4row[r]
			if r == cur {
				break
			}
		}
		rem.restore(visIdx, visCols, v, row4col)
		restart = true
	}
	return nil
}

// restore undoes a search's swap-removes (lsapMin), the last first, so
// that rem holds "remaining" as the search started it, which is the next
// search's start: the columns are start's, in its order. The v and "free"
// values change only for the columns the search reached (the dual update
// and the augmentation touch no others), and those are the columns it
// removed, which restore reads afresh. index[t] is the position the
// search's t-th removal took, cols[t] the column it removed; shortest and
// path are not restored (see lsapMin: the next search sets shortest to
// +inf, and a path entry is read only after a scan has set it).
func (rem *remaining) restore(index []int32, cols []int, v []float64, row4col []int) {
	d := len(rem.col)
	for t := len(index) - 1; t >= 0; t-- {
		k, last := int(index[t]), d-1-t
		rem.col[last] = rem.col[k]
		rem.v[last] = rem.v[k]
		rem.free[last] = rem.free[k]
		j := cols[t]
		rem.col[k] = int32(j)
		rem.v[k] = v[j]
		rem.free[k] = row4col[j] == -1
	}
}

// fillInf sets every entry of x to +inf.
func fillInf(x []float64) {
	inf := math.Inf(1)
	for k := range x {
		x[k] = inf
	}
}

// swapRemove is "remaining[index] = remaining[last]" applied to every slice.
func (rem *remaining) swapRemove(index, last int) {
	rem.col[index] = rem.col[last]
	rem.v[index] = rem.v[last]
	rem.shortest[index] = rem.shortest[last]
	rem.path[index] = rem.path[last]
	rem.free[index] = rem.free[last]
}

// scanRow is the inner loop of the shortest-path search: it relaxes the first
// n entries of rem through row i (row holds -C[i][0..cols-1]; columns beyond
// it are padding and cost 0) and returns the position in rem of the column
// with the lowest tentative cost together with that cost. Ties are broken as
// docs/SCORING.md §5.8 breaks them: the first column with the lowest value, unless
// columns with that value are free, in which case the last free one wins.
//
// The loop nest is the pseudo-code's single loop reshaped for the compiler:
// the inner loop only relaxes and stops at the first column whose value is
// "<= lowest"; the outer step then applies "< lowest or free". Together these
// are exactly "s < lowest or (s == lowest and free)", for every value, NaN
// included (each comparison with NaN is false in both forms), evaluated on
// the same columns in the same order. The split keeps index and lowest out of
// the hot loop, which lets the compiler keep it free of register shuffles
// (about 1.3× faster), and the padding test on the column doubles as the
// bounds check.
func scanRow(rem *remaining, n int, row []float64, minVal, ui float64, i int32) (int, float64) {
	index := -1
	lowest := math.Inf(1)
	cols := rem.col[:n]
	vs := rem.v[:n]
	shs := rem.shortest[:n]
	paths := rem.path[:n]
	free := rem.free[:n]
	for it := 0; it < n; it++ {
		for ; it < n; it++ {
			c := 0.0
			if j := uint(cols[it]); j < uint(len(row)) {
				c = row[j]
			}
			r := -c + minVal - ui - vs[it]
			if r < shs[it] {
				paths[it] = i
				shs[it] = r
			}
			if shs[it] <= lowest {
				break
			}
		}
		if it < n && (shs[it] < lowest || free[it]) {
			lowest = shs[it]
			index = it
		}
	}
	return index, lowest
}

// scanFullRow is scanRow for a row without padding columns (len(row) == d),
// the common case: every column index is in range, so the padding test is
// dropped and only the bounds check remains. It must stay identical to
// scanRow otherwise.
func scanFullRow(rem *remaining, n int, row []float64, minVal, ui float64, i int32) (int, float64) {
	index := -1
	lowest := math.Inf(1)
	cols := rem.col[:n]
	vs := rem.v[:n]
	shs := rem.shortest[:n]
	paths := rem.path[:n]
	free := rem.free[:n]
	for it := 0; it < n; it++ {
		for ; it < n; it++ {
			r := -row[cols[it]] + minVal - ui - vs[it]
			if r < shs[it] {
				paths[it] = i
				shs[it] = r
			}
			if shs[it] <= lowest {
				break
			}
		}
		if it < n && (shs[it] < lowest || free[it]) {
			lowest = shs[it]
			index = it
		}
	}
	return index, lowest
}

// startScan is the first scan of the search for row i = cur, fused with its
// set-up: it fills rem as "remaining = start" (lsapMin) with shortest = +inf
// and, in the same pass, relaxes every column through row i exactly as
// scanRow would. With shortest[j] = +inf the relaxation "r < shortest[j]"
// is "r < +inf", true unless r is +inf or NaN, in which case shortest[j]
// stays +inf and path[j] stays unset (-1).
func startScan(rem *remaining, start []int32, v []float64, row4col []int, row []float64, minVal, ui float64, i int32) (int, float64) {
	d := len(v)
	start = start[:d]
	cols := rem.col[:d]
	vs := rem.v[:d]
	shs := rem.shortest[:d]
	paths := rem.path[:d]
	free := rem.free[:d]
	row4col = row4col[:d]
	inf := math.Inf(1)
	index := -1
	lowest := inf
	for it := 0; it < d; it++ {
		for ; it < d; it++ {
			j := int(start[it])
			vj := v[j]
			cols[it] = int32(j)
			vs[it] = vj
			free[it] = row4col[j] == -1
			c := 0.0
			if uint(j) < uint(len(row)) {
				c = row[j]
			}
			r := -c + minVal - ui - vj
			sh, p := inf, int32(-1)
			if r < inf {
				sh, p = r, i
			}
			shs[it] = sh
			paths[it] = p
			if sh <= lowest {
				break
			}
		}
		if it < d && (shs[it] < lowest || free[it]) {
			lowest = shs[it]
			index = it
		}
	}
	return index, lowest
}

// touch reads one entry of every cache line of row in order, so that the
// scan that follows, which reads row in the order of "remaining", finds it
// in cache: read in a column order that is not s.cost's (a canonical
// order is a shuffle of the columns), a row of a large matrix would
// otherwise arrive a cache line at a time, each a miss of its own.
func touch(row []float64) uint64 {
	var x uint64
	for k := 0; k < len(row); k += 8 {
		x |= math.Float64bits(row[k])
	}
	return x
}
