package hungarian

import (
	"context"
	"fmt"
	"math"
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
	s.codes = codes
	defer func() { s.codes = nil }()
	if err := s.lsapMin(context.Background(), rows, cols, d, order); err != nil {
		return nil, err
	}
	return s.col4row[:d], nil
}

// scanCoded is lsapMin's scan of row i of the coded matrix (s.codes):
// startScan, scanFullRow or scanRow with each entry decoded where those
// read it. A padding row (i ≥ rows) has no codes and takes scanRow's and
// startScan's own reading of padding.
func (s *Solver) scanCoded(rem *remaining, start []int32, v []float64, row4col []int, rows, cols, n int, first bool, minVal, ui float64, i int) (int, float64) {
	if i >= rows {
		if first {
			return startScan(rem, start, v, row4col, nil, minVal, ui, int32(i))
		}
		return scanRow(rem, n, nil, minVal, ui, int32(i))
	}
	row := s.codes[i*cols : i*cols+cols]
	s.touched |= touchCodes(row)
	switch {
	case first:
		return startScanCoded(rem, start, v, row4col, row, &s.vals, minVal, ui, int32(i))
	case len(row) == len(v):
		return scanFullCodedRow(rem, n, row, &s.vals, minVal, ui, int32(i))
	default:
		return scanCodedRow(rem, n, row, &s.vals, minVal, ui, int32(i))
	}
}

// scanCodedRow is scanRow on a coded row: row holds the codes of
// -C[i][0..cols-1] (entries vals[code]). It must stay identical to scanRow
// otherwise.
func scanCodedRow(rem *remaining, n int, row []uint8, vals *[256]float64, minVal, ui float64, i int32) (int, float64) {
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
				c = vals[row[j]]
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

// scanFullCodedRow is scanFullRow on a coded row (len(row) == d). It must
// stay identical to scanFullRow otherwise.
func scanFullCodedRow(rem *remaining, n int, row []uint8, vals *[256]float64, minVal, ui float64, i int32) (int, float64) {
	index := -1
	lowest := math.Inf(1)
	cols := rem.col[:n]
	vs := rem.v[:n]
	shs := rem.shortest[:n]
	paths := rem.path[:n]
	free := rem.free[:n]
	for it := 0; it < n; it++ {
		for ; it < n; it++ {
			r := -vals[row[cols[it]]] + minVal - ui - vs[it]
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

// startScanCoded is startScan on a coded row. It must stay identical to
// startScan otherwise.
func startScanCoded(rem *remaining, start []int32, v []float64, row4col []int, row []uint8, vals *[256]float64, minVal, ui float64, i int32) (int, float64) {
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
				c = vals[row[j]]
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

// touchCodes is touch for a coded row: it reads one code of every cache
// line of row in order.
func touchCodes(row []uint8) uint64 {
	var x uint64
	for k := 0; k < len(row); k += 64 {
		x |= uint64(row[k])
	}
	return x
}
