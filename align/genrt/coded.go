package genrt

import "math"

// A link table (an array of records whose members are references and
// 0-or-1 strings) holds a handful of distinct scores, one per pattern of
// member scores, in up to a million cells. The record kernel then also
// writes it as one byte a cell (codedMatrix), and the solver reads those
// bytes (hungarian.Solver.SolveMaxCodedColumns): an eighth of the memory
// its scans stream through, each byte decoded to its float64 where the
// solver reads the entry, so the assignment is the float matrix's
// (docs/PERFORMANCE.md, "Large documents").

// codedMatrix is an n×m matrix of cells as byte codes into vals, whose
// first nvals entries are the distinct scores (by bits), the others 0.
// ok tells whether every cell of the matrix is coded.
type codedMatrix struct {
	codes []uint8
	vals  [256]float64
	nvals int
	ok    bool
}

// reset prepares c for an n×m matrix.
func (c *codedMatrix) reset(cells int) {
	if cap(c.codes) < cells {
		c.codes = make([]uint8, cells)
	}
	c.codes = c.codes[:cells]
	clear(c.vals[:c.nvals])
	c.nvals = 0
	c.ok = true
}

// code returns the code of x, adding it to vals when it is new; when vals
// is full, it clears c.ok and returns 0.
func (c *codedMatrix) code(x float64) uint8 {
	b := math.Float64bits(x)
	for k, v := range c.vals[:c.nvals] {
		if math.Float64bits(v) == b {
			return uint8(k)
		}
	}
	if c.nvals == len(c.vals) {
		c.ok = false
		return 0
	}
	c.vals[c.nvals] = x
	c.nvals++
	return uint8(c.nvals - 1)
}

// coded returns a codedMatrix for n×m cells that the caller owns until
// releaseCoded.
func (w *Workspace) coded(cells int) *codedMatrix {
	var c *codedMatrix
	if k := len(w.cm); k > 0 {
		c = w.cm[k-1]
		w.cm = w.cm[:k-1]
	} else {
		c = new(codedMatrix)
	}
	c.reset(cells)
	return c
}

// releaseCoded returns c to the workspace.
func (w *Workspace) releaseCoded(c *codedMatrix) { w.cm = append(w.cm, c) }
