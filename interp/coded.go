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
	uniform, keys := ks.cols.uniform()
	ks.linkCols.reset(ks.cols.np)
	for i := range n {
		row := c.kernelRow(ks, G[i], items)
		c.kernelFast(ks, row)
		if !row.link {
			return i, nil
		}
		out := cm.codes[i*m : (i+1)*m]
		var work int64
		var ok bool
		if uniform && row.keys == keys && plainLink(row) {
			work, ok = codedLinkRow(ks, row, cm, out, items, ref)
		} else {
			work, ok = codedFloatRow(ks, row, cm, buf, out, items, ref)
		}
		if !ok {
			return i, nil
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

// codedFloatRow fills a link row (row.link) into out as codes through
// linkRow's float row buf, and returns its work; false when linkRow fails
// or a score takes no code.
func codedFloatRow(ks *kernelScratch, row *kernelRow, cm *codedCells, buf []float64, out []uint8, items *ir.Node, ref bool) (int64, bool) {
	work, ok := linkRow(ks, row, buf, items, ref)
	if !ok {
		return 0, false
	}
	last, lastCode := math.Float64bits(cm.vals[0]), uint8(0)
	for j, x := range buf {
		if b := math.Float64bits(x); b == last && cm.nvals > 0 {
			out[j] = lastCode
			continue
		}
		code, ok := cm.code(x)
		if !ok {
			return 0, false
		}
		out[j], last, lastCode = code, math.Float64bits(x), code
	}
	return work, true
}

// codedColumns holds, for the link members' columns of one matrix, the
// candidates' codes and string lengths column by column (code[k][j] is
// kernelColumns.code[j*np+k], size[k][j] the length of its string), built
// when a column is first read.
type codedColumns struct {
	have []bool
	code [][]int32
	size [][]int32
}

// reset empties cc for a matrix of np columns.
func (cc *codedColumns) reset(np int) {
	for len(cc.have) < np {
		cc.have = append(cc.have, false)
		cc.code = append(cc.code, nil)
		cc.size = append(cc.size, nil)
	}
	clear(cc.have)
}

// column returns column k's codes and string lengths.
func (cc *codedColumns) column(kc *kernelColumns, k int) ([]int32, []int32) {
	if !cc.have[k] {
		m := len(kc.ok)
		code, size := cc.code[k][:0], cc.size[k][:0]
		for j := range m {
			code = append(code, kc.code[j*kc.np+k])
			size = append(size, int32(len(kc.str[j*kc.np+k])))
		}
		cc.code[k], cc.size[k], cc.have[k] = code, size, true
	}
	return cc.code[k], cc.size[k]
}

// uniform reports whether every candidate of kc qualifies and has the
// same key set, and that set: linkRow's test on a cell, kc.ok[j] and
// kc.keys[j] == row.keys, is then the row's test alone.
func (kc *kernelColumns) uniform() (bool, uint64) {
	if len(kc.ok) == 0 {
		return false, 0
	}
	keys := kc.keys[0]
	for j, ok := range kc.ok {
		if !ok || kc.keys[j] != keys {
			return false, 0
		}
	}
	return true, keys
}

// codedLinkRow is codedFloatRow for a plain link row (plainLink) whose key
// set every candidate has (kernelColumns.uniform): the cells' patterns of the members that
// score 1 are formed member by member over the row (linkCell's tests on
// the columns of codedColumns), each pattern's code is found once per
// row, and the row's work is linkRow's sum of its cells' work (the same
// integers, added in another order). False when a score takes no code.
func codedLinkRow(ks *kernelScratch, row *kernelRow, cm *codedCells, out []uint8, items *ir.Node, ref bool) (int64, bool) {
	m := len(out)
	masks := ks.linkMask
	if cap(masks) < m {
		masks = make([]uint8, m)
	}
	masks = masks[:m]
	ks.linkMask = masks
	clear(masks)
	kc := &ks.cols
	work := row.base * int64(m)
	for r := range row.members {
		km := &row.members[r]
		bit := uint8(1) << r
		code, size := ks.linkCols.column(kc, km.col)
		if km.kind != kernelRef {
			lg := int64(len(km.gv.S))
			for _, x := range size[:m] {
				work += (lg + int64(x)) / 16
			}
		}
		if want := km.code; want >= 0 {
			for j, x := range code[:m] {
				if x == want {
					masks[j] |= bit
				}
			}
		}
	}
	var codeOf [1 << maxTableMembers]int16
	for k := range codeOf[:len(row.table)] {
		codeOf[k] = -1
	}
	for j, mask := range masks {
		x := codeOf[mask]
		if x < 0 {
			code, ok := cm.code(linkScore(ks, row, int(mask), items, ref))
			if !ok {
				return 0, false
			}
			x = int16(code)
			codeOf[mask] = x
		}
		out[j] = uint8(x)
	}
	return work, true
}

// plainLink reports whether every member of a link row is a reference
// that is not masked or an exact leaf (no identifier, no member that
// scores 1 whatever the candidate holds): the rows codedLinkRow takes.
func plainLink(row *kernelRow) bool {
	for r := range row.members {
		km := &row.members[r]
		if km.kind == kernelID || (km.kind == kernelRef && km.masked) {
			return false
		}
	}
	return true
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
