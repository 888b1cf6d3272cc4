package interp

import (
	"errors"
	"math"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/hungarian"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// A link table (an array of records whose members are references and
// 0-or-1 strings: every row a link row of the column kernel, colmemo.go)
// holds a handful of distinct scores in up to millions of cells. The main
// pass then holds it as one byte a cell (codedCells) instead of eight, and
// the canonical order and the solver read the bytes
// (align.Canon.CanonicalColumnsCoded, hungarian.Solver.SolveMaxCodedBudget),
// each decoded to its float64 where it is read, so that the order, the
// assignment and the scores are the float matrix's. For Org2Graph-2,000
// that is 19 MB of fresh memory where the float tables took 154 MB
// (docs/PERFORMANCE.md, "Large documents", eighth round).

// codedMin is the smallest matrix (cells) held as codes: below it the
// float matrix's storage is reused call after call anyway.
const codedMin = 1 << 15

// codedMin is codedMin, or the scorer's codedMin when positive.
func (c *call) codedMin() int {
	if c.s.codedMin > 0 {
		return c.s.codedMin
	}
	return codedMin
}

// codedCells is an n×m cell matrix as byte codes into vals, whose first
// nvals entries are the distinct scores by bits (the others 0).
type codedCells struct {
	codes []uint8
	vals  [256]float64
	nvals int
}

// code returns the code of x, adding it to vals when it is new; false when
// vals is full or x is not finite (the solver takes finite entries only).
func (cm *codedCells) code(x float64) (uint8, bool) {
	b := math.Float64bits(x)
	for k, v := range cm.vals[:cm.nvals] {
		if math.Float64bits(v) == b {
			return uint8(k), true
		}
	}
	if cm.nvals == len(cm.vals) || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	cm.vals[cm.nvals] = x
	cm.nvals++
	return uint8(cm.nvals - 1), true
}

// decode writes the cells of the first len(M) codes into M.
func (cm *codedCells) decode(M []float64) {
	for k, x := range cm.codes[:len(M)] {
		M[k] = cm.vals[x]
	}
}

// codedRows fills the rows of cellScores' matrix of G and P (the column
// kernel's candidates prepared in ks.cols) into cm as codes, row after row
// while a row is a link row (linkRow) whose scores take a code and whose
// work is charged, as cellRow would fill and charge it; it returns the
// number of rows filled. The rows from there on are cellRow's.
func (c *call) codedRows(G, P []jsonval.Value, k int, items *ir.Node, ks *kernelScratch, cm *codedCells) (int, error) {
	n, m := len(G), len(P)
	if cap(cm.codes) < n*m {
		cm.codes = make([]uint8, n*m)
	}
	cm.codes = cm.codes[:n*m]
	clear(cm.vals[:cm.nvals])
	cm.nvals = 0
	buf := resizedF(ks.linkBuf, m)
	ks.linkBuf = buf
	ref := c.s.referenceProfile()
	for i := range n {
		row := c.kernelRow(ks, G[i], items)
		c.kernelFast(ks, row)
		if !row.link {
			return i, nil
		}
		work, ok := linkRow(ks, row, buf, items, ref)
		if !ok {
			return i, nil
		}
		out := cm.codes[i*m : (i+1)*m]
		last, lastCode := math.Float64bits(cm.vals[0]), uint8(0)
		for j, x := range buf {
			if b := math.Float64bits(x); b == last && cm.nvals > 0 {
				out[j] = lastCode
				continue
			}
			code, ok := cm.code(x)
			if !ok {
				return i, nil
			}
			out[j], last, lastCode = code, math.Float64bits(x), code
		}
		c.pushIndex(k + i)
		charged, err := c.chargeRow(work)
		c.pop()
		if err != nil {
			return i, err
		}
		if !charged {
			return i, nil
		}
	}
	return n, nil
}

// solveCoded is solve for the coded matrix cm (n × m) with its columns in
// the order cols (nil: as they are; solveCanon's), read from the codes:
// the same budget, errors, charge and assignment, in the candidates'
// order. A kept solve is not looked up: it is the solver's own assignment
// of its matrix.
func (c *call) solveCoded(dst []int, cm *codedCells, n, m int, cols []int) ([]int, error) {
	cells := int64(n) * int64(m)
	var budget int64 // relaxations allowed; 0: no bound (replayed passes)
	if c.replay == 0 {
		budget = align.AssignmentStride*(cells+max(c.s.opts.Limits.MaxWork-c.work, 0)) + align.AssignmentStride - 1
	}
	a, relaxed, err := c.hung.SolveMaxCodedBudget(c.ctx, cm.codes, &cm.vals, n, m, cols, budget)
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
