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
	// cost is C for the real rows×cols block, row-major. The zero padding of
	// docs/SCORING.md §5.8 is never stored: padding rows and columns are read as 0.
	cost     []float64
	u        []float64 // row duals
	v        []float64 // column duals
	shortest []float64 // final shortest-path cost of each column reached in the current search
	path     []int32   // predecessor row of each column reached in the current search
	row4col  []int     // row assigned to each column, -1 if none
	col4row  []int     // column assigned to each row, -1 if none; also the result
	rem      remaining
	// scalar makes the solver use the portable scan even where the
	// vectorised one is available (tests compare the two).
	scalar  bool
	visRows []int // rows added to SR in the current search, in order
	visCols []int // columns added to SC in the current search, in order
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
	col      []uint32  // remaining[it], with freeBit set if row4col[remaining[it]] == -1
	v        []float64 // v[remaining[it]]
	shortest []float64 // shortest[remaining[it]]
	path     []int32   // path[remaining[it]]
}

// freeBit marks a free column in remaining.col. Column indices are below
// math.MaxInt32 (check), so the bit is never part of one.
const freeBit = 1 << 31

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
// negates m's entries in place for the solve and negates them back before
// it returns, on every path, errors and cancellation included (negation is
// exact, so m holds the same bits again). m must not be read or written by
// another goroutine during the call. For a large matrix this saves
// rows·cols float64 of memory, and the solver keeps no matrix between
// calls (docs/PERFORMANCE.md, "Large documents").
func (s *Solver) SolveMaxInPlace(m []float64, rows, cols int) ([]int, error) {
	s.budget = 0
	return s.solveInPlace(context.Background(), m, rows, cols)
}

// SolveMaxBudgetInPlace is SolveMaxBudget with SolveMaxInPlace's use of m.
func (s *Solver) SolveMaxBudgetInPlace(ctx context.Context, m []float64, rows, cols int, budget int64) ([]int, int64, error) {
	s.budget = max(budget, 0)
	a, err := s.solveInPlace(ctx, m, rows, cols)
	return a, s.scanned, err
}

// solveInPlace runs lsapMin on C = -M held in m itself; see SolveMaxInPlace.
func (s *Solver) solveInPlace(ctx context.Context, m []float64, rows, cols int) ([]int, error) {
	d, err := s.check(m, rows, cols)
	if err != nil {
		return nil, err
	}
	s.scanned = 0
	s.growDuals(d)
	own := s.cost
	for k := range m {
		m[k] = -m[k]
	}
	s.cost = m
	defer func() {
		for k := range m {
			m[k] = -m[k]
		}
		s.cost = own
	}()
	if err := s.lsapMin(ctx, rows, cols, d); err != nil {
		return nil, err
	}
	return s.col4row[:d], nil
}

// check validates a rows×cols matrix m as SolveMax documents and returns
// the padded size d.
func (s *Solver) check(m []float64, rows, cols int) (int, error) {
	if rows < 0 || cols < 0 {
		return 0, fmt.Errorf("hungarian: negative dimensions %d×%d", rows, cols)
	}
	d := max(rows, cols)
	if d > math.MaxInt32 || (cols > 0 && rows > math.MaxInt/cols) {
		return 0, fmt.Errorf("hungarian: dimensions %d×%d too large", rows, cols)
	}
	if len(m) != rows*cols {
		return 0, fmt.Errorf("hungarian: matrix has %d entries, want %d×%d = %d", len(m), rows, cols, rows*cols)
	}
	for k, x := range m {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, fmt.Errorf("hungarian: entry (%d,%d) is %v; entries must be finite", k/cols, k%cols, x)
		}
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
		for k, x := range m {
			cost[k] = -x
		}
	} else {
		copy(cost, m)
	}
	if err := s.lsapMin(ctx, rows, cols, d); err != nil {
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
		col:      make([]uint32, d),
		v:        make([]float64, d),
		shortest: make([]float64, d),
		path:     make([]int32, d),
	}
	s.visRows = make([]int, 0, d)
	s.visCols = make([]int, 0, d)
}

// lsapMin is docs/SCORING.md §5.8's LSAP_min on the d×d zero-padded matrix whose real
// rows×cols block is s.cost. It differs from the pseudo-code only in
// bookkeeping that cannot change a result:
//
//   - the unreached columns carry their v, shortest, path and "free" values
//     along in s.rem, in the same order as "remaining" (see remaining), and
//     the replacement test of the scan is evaluated in an equivalent form
//     (see remaining.scan);
//   - SR and SC are kept as lists of the rows and columns added during the
//     search; the dual updates touch each such row or column exactly once and
//     are independent of each other, so their order is irrelevant;
//   - shortest[j] and path[j] are copied out of s.rem when column j leaves
//     it, at which point they are final for this search; the dual update and
//     the augmentation read only those columns' values (a row k in SR other
//     than cur was reached through column col4row[k], which is in SC);
//   - padding entries are read as +0 rather than the -0 of C = -M; a zero's
//     sign can only change the sign of a zero result under addition and
//     subtraction, and comparisons treat ±0 as equal, so no comparison and
//     no non-zero value differs.
//
// The arithmetic is the pseudo-code's, operation for operation:
// r = ((minVal + C[i][j]) - u[i]) - v[j], and the comparisons are the same
// "<" and "==" tests in the same order over the same sequence of columns.
//
// It returns ctx.Err() if ctx is done before an augmentation.
func (s *Solver) lsapMin(ctx context.Context, rows, cols, d int) error {
	done := ctx.Done()
	cost := s.cost[:rows*cols]
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
	}
	simd := useSIMD && !s.scalar
	for k := range d {
		u[k] = 0
		v[k] = 0
		path[k] = -1
		row4col[k] = -1
		col4row[k] = -1
	}
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
		numRemaining := d
		minVal := 0.0
		i := cur
		sink := -1
		for first := true; sink == -1; first = false {
			visRows = append(visRows, i) // SR[i] = true
			if s.scanned += int64(numRemaining); s.budget > 0 && s.scanned > s.budget {
				return ErrBudget
			}
			var row []float64 // C[i][0..cols-1]; empty for a padding row
			if i < rows {
				row = cost[i*cols : i*cols+cols]
			}
			if first {
				rem.reset(v, row4col)
			}
			index, lowest := rem.scan(numRemaining, row, minVal, u[i], int32(i), simd)
			if index < 0 || math.IsInf(lowest, 0) {
				return errNonFinite
			}
			minVal = lowest
			j := int(rem.col[index] &^ freeBit)
			shortest[j] = rem.shortest[index]
			path[j] = rem.path[index]
			if rem.col[index]&freeBit != 0 {
				sink = j
			} else {
				i = row4col[j]
			}
			visCols = append(visCols, j) // SC[j] = true
			numRemaining--
			rem.swapRemove(index, numRemaining)
		}
		s.visRows, s.visCols = visRows, visCols

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
	}
	return nil
}

// swapRemove is "remaining[index] = remaining[last]" applied to every slice.
func (rem *remaining) swapRemove(index, last int) {
	rem.col[index] = rem.col[last]
	rem.v[index] = rem.v[last]
	rem.shortest[index] = rem.shortest[last]
	rem.path[index] = rem.path[last]
}

// reset sets rem up for a new search: "remaining = [d-1, ..., 0]" with
// shortest = +inf and no path, and each column's v and free flag.
func (rem *remaining) reset(v []float64, row4col []int) {
	d := len(v)
	cols := rem.col[:d]
	vs := rem.v[:d]
	shs := rem.shortest[:d]
	paths := rem.path[:d]
	row4col = row4col[:d]
	inf := math.Inf(1)
	for it := range cols {
		j := d - 1 - it
		// row4col[j] is -1 or a row below 2³¹: bit 31 of row4col[j]>>1
		// is set iff the column is free.
		cols[it] = uint32(j) | uint32(row4col[j]>>1)&freeBit
		vs[it] = v[j]
		shs[it] = inf
		paths[it] = -1
	}
}

// scan is the inner loop of the shortest-path search: it relaxes the first
// n entries of rem through row i (row holds C[i][0..cols-1]; columns beyond
// it are padding and cost 0) and returns the position in rem of the column
// with the lowest tentative cost together with that cost. Ties are broken as
// docs/SCORING.md §5.8 breaks them: the first column with the lowest value,
// unless columns with that value are free, in which case the last free one
// wins; that is, position it replaces the best so far iff
// "s < lowest or (s == lowest and free)", evaluated over the positions in
// order. A relaxation ("r < shortest" sets shortest = r and path = i) is
// idempotent: relaxing an entry a second time through the same row changes
// nothing.
//
// Once lowest is finite, the replacement test is one comparison with a
// bound chosen by the free flag: lowest for a column that is not free, and
// for a free one the successor of lowest, since for every s but NaN and
// every lowest below +inf, s <= lowest iff s < nextUp(lowest) (±0 included,
// both below the least subnormal; -inf's successor is -MaxFloat64); NaN
// fails every form. With simd, runs of that test are evaluated four entries
// at a time by relaxAVX2, which stops at the first entry that passes it;
// the entries after it in its block are relaxed again by the next call,
// which changes nothing.
func (rem *remaining) scan(n int, row []float64, minVal, ui float64, i int32, simd bool) (int, float64) {
	cols := rem.col[:n]
	vs := rem.v[:n]
	shs := rem.shortest[:n]
	paths := rem.path[:n]
	relax := func(k int) float64 {
		c := 0.0
		if j := cols[k] &^ freeBit; j < uint32(len(row)) {
			c = row[j]
		}
		r := minVal + c - ui - vs[k]
		if r < shs[k] {
			paths[k] = i
			shs[k] = r
		}
		return shs[k]
	}
	if simd {
		prefetchRowOf(row)
	}
	index := -1
	lowest := math.Inf(1)
	it := 0
	for it < n {
		k := it
		it++
		if sh := relax(k); sh < lowest || (sh == lowest && cols[k]&freeBit != 0) {
			lowest, index = sh, k
			if lowest < math.Inf(1) {
				break
			}
		}
	}
	thr := [2]float64{lowest, nextUp(lowest)}
	for it < n {
		k := it
		if simd && n-k >= 4 {
			end := k + (n-k)&^3
			stop, tie := relaxBlocks(cols[k:end], vs[k:end], shs[k:end], paths[k:end], row, minVal, ui, i, thr)
			if stop == end-k {
				if tie >= 0 {
					index = k + tie
					lowest = shs[index]
				}
				it = end
				continue
			}
			k += stop
		} else {
			relax(k)
		}
		it = k + 1
		if sh := shs[k]; sh < thr[cols[k]>>31] {
			lowest, index = sh, k
			thr = [2]float64{lowest, nextUp(lowest)}
		}
	}
	return index, lowest
}

// nextUp is math.Nextafter(x, +inf) for every x but NaN and +inf.
func nextUp(x float64) float64 {
	switch b := math.Float64bits(x); {
	case x == 0:
		return math.SmallestNonzeroFloat64
	case x > 0:
		return math.Float64frombits(b + 1)
	default:
		return math.Float64frombits(b - 1)
	}
}
