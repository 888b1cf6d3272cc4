package hungarian

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
)

// SolveMaxCodedColumns is SolveMaxColumnsInPlace on the rows×cols matrix
// whose entry (i, j) is values[codes[i*cols+j]]: a matrix of few distinct
// scores (the link tables of docs/PERFORMANCE.md, "Large documents") held
// as one byte a cell instead of eight. Each entry is read as its float64
// at the point of use, so the arithmetic, the comparisons and therefore
// the assignment, ties included, are those SolveMaxColumnsInPlace computes
// for the decoded matrix. order is a permutation of 0, ..., cols-1, or nil
// for the columns as they are. codes and values are read, never written;
// every entry of values must be finite, those no code names included.
//
// An error is returned as SolveMaxColumnsInPlace returns one.
func (s *Solver) SolveMaxCodedColumns(codes []uint8, values *[256]float64, rows, cols int, order []int) ([]int, error) {
	s.budget = 0
	return s.solveCoded(context.Background(), codes, values, rows, cols, order)
}

// SolveMaxCodedBudget is SolveMaxCodedColumns with SolveMaxBudget's
// context and bound on the relaxations, and their count: the same
// assignment, count and errors as SolveMaxBudgetInPlace of the decoded
// matrix with its columns in the order order.
func (s *Solver) SolveMaxCodedBudget(ctx context.Context, codes []uint8, values *[256]float64, rows, cols int, order []int, budget int64) ([]int, int64, error) {
	s.budget = max(budget, 0)
	a, err := s.solveCoded(ctx, codes, values, rows, cols, order)
	return a, s.scanned, err
}

// solveCoded is SolveMaxCodedColumns under ctx and s.budget.
func (s *Solver) solveCoded(ctx context.Context, codes []uint8, values *[256]float64, rows, cols int, order []int) ([]int, error) {
	d, err := checkDims(len(codes), rows, cols)
	if err != nil {
		return nil, err
	}
	for k, x := range values {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("hungarian: value %d of the codes is %v; values must be finite", k, x)
		}
	}
	if order != nil {
		if err := s.checkOrder(order, cols); err != nil {
			return nil, err
		}
	}
	s.scanned = 0
	s.growDuals(d)
	s.vals = *values
	s.nv = 1 << bits.Len8(orCodes(codes))
	if s.nv < len(s.vals) && cols < d {
		// A row is scanned as a copy of its codes padded to d
		// columns with the code nv (see scanCoded).
		if cap(s.full) < d {
			s.full = make([]uint8, d)
		}
		s.full = s.full[:d]
		for j := cols; j < d; j++ {
			s.full[j] = uint8(s.nv)
		}
	}
	s.codes = codes
	defer func() { s.codes = nil }()
	if err := s.lsapMin(ctx, rows, cols, d, order); err != nil {
		return nil, err
	}
	return s.col4row[:d], nil
}

// orCodes returns the bitwise OR of codes: every code is below
// 1 << bits.Len8(orCodes(codes)).
func orCodes(codes []uint8) uint8 {
	var x uint64
	k := 0
	for ; k+8 <= len(codes); k += 8 {
		x |= binary.LittleEndian.Uint64(codes[k:])
	}
	for ; k < len(codes); k++ {
		x |= uint64(codes[k])
	}
	x |= x >> 32
	x |= x >> 16
	x |= x >> 8
	return uint8(x)
}

// scanCoded is lsapMin's scan of row i of the coded matrix (s.codes):
// startScan, scanFullRow or scanRow with each entry decoded where those
// read it. A padding row (i ≥ rows) has no codes and takes scanRow's and
// startScan's own reading of padding.
//
// Along a scan, minVal and u[i] are fixed, so the first two operations
// of the relaxation, (-C[i][j] + minVal) - u[i], take one of a handful of
// values, one per code: they are computed once per scan into s.part
// (the padding's, with C = 0, into pad), and the scans compute
// part[code] - v[j], which is the relaxation's value operation for
// operation.
func (s *Solver) scanCoded(rem *remaining, start []int32, v []float64, row4col []int, rows, cols, n int, first bool, minVal, ui float64, i int) (int, float64) {
	if i >= rows {
		if first {
			return startScan(rem, start, v, row4col, nil, minVal, ui, int32(i))
		}
		return scanRow(rem, n, nil, minVal, ui, int32(i))
	}
	row := s.codes[i*cols : i*cols+cols]
	part := s.part[:]
	for k, c := range s.vals[:s.nv] {
		part[k] = -c + minVal - ui
	}
	c := 0.0
	pad := -c + minVal - ui
	if len(row) < len(v) && s.nv < len(part) {
		// The row with its padding columns as the code nv, whose
		// part is pad: every column is then read as the scans
		// without padding read them, and the copy reads the row in
		// order (the scans read it in the order of "remaining").
		part[s.nv] = pad
		copy(s.full, row)
		row = s.full[:len(v)]
	} else {
		s.touched |= touchCodes(row)
	}
	switch {
	case first:
		return startScanCoded(rem, start, v, row4col, row, part, pad, int32(i))
	case len(row) == len(v):
		return scanFullCodedRow(rem, n, row, part, int32(i))
	default:
		return scanCodedRow(rem, n, row, part, pad, int32(i))
	}
}

// scanCodedRow is scanRow on a coded row: row holds the codes of
// -C[i][0..cols-1], and part[code] (pad for a padding column) is
// (-C[i][j] + minVal) - u[i] (see scanCoded). It must stay identical to
// scanRow otherwise.
func scanCodedRow(rem *remaining, n int, row []uint8, part []float64, pad float64, i int32) (int, float64) {
	index := -1
	lowest := math.Inf(1)
	cols := rem.col[:n]
	vs := rem.v[:n]
	shs := rem.shortest[:n]
	paths := rem.path[:n]
	free := rem.free[:n]
	part = part[:256] // a code indexes it without a bounds check
	for it := 0; it < n; it++ {
		for ; it < n; it++ {
			x := pad
			if j := uint(cols[it]); j < uint(len(row)) {
				x = part[row[j]]
			}
			r := x - vs[it]
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

// scanFullCodedRow is scanFullRow on a coded row (len(row) == d), with
// part as scanCodedRow's. It must stay identical to scanFullRow
// otherwise.
func scanFullCodedRow(rem *remaining, n int, row []uint8, part []float64, i int32) (int, float64) {
	index := -1
	lowest := math.Inf(1)
	cols := rem.col[:n]
	vs := rem.v[:n]
	shs := rem.shortest[:n]
	paths := rem.path[:n]
	free := rem.free[:n]
	part = part[:256] // a code indexes it without a bounds check
	for it := 0; it < n; it++ {
		for ; it < n; it++ {
			r := part[row[cols[it]]] - vs[it]
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

// startScanCoded is startScan on a coded row, with part and pad as
// scanCodedRow's. It must stay identical to startScan otherwise.
func startScanCoded(rem *remaining, start []int32, v []float64, row4col []int, row []uint8, part []float64, pad float64, i int32) (int, float64) {
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
	part = part[:256] // a code indexes it without a bounds check
	for it := 0; it < d; it++ {
		for ; it < d; it++ {
			j := int(start[it])
			vj := v[j]
			cols[it] = int32(j)
			vs[it] = vj
			free[it] = row4col[j] == -1
			x := pad
			if uint(j) < uint(len(row)) {
				x = part[row[j]]
			}
			r := x - vj
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

// touchCodes is touch for a coded row: it reads one code of every cache
// line of row in order.
func touchCodes(row []uint8) uint64 {
	var x uint64
	for k := 0; k < len(row); k += 64 {
		x |= uint64(row[k])
	}
	return x
}
