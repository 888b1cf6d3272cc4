package align

import (
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"

	"github.com/objectaligner/oagen/jsonval"
)

// IDKey returns a canonical text for a primitive JSON value under the JSON
// equality of docs/SCORING.md §1.2 (docs/SCORING.md §7.3): two identifiers are the same exactly when
// their keys are equal, so 1 and 1.0 give the same key ("n1"). Strings give
// "s" followed by the string, booleans "b0"/"b1", null "z"; arrays and
// objects (never identifiers) give "j" followed by their text.
//
// The interpreter keys its identifier sets and bijections with it, and both
// the interpreter and generated scorers use it for identifier values inside
// WL labels (docs/SCORING.md §7.6), where only equality matters.
func IDKey(v jsonval.Value) string {
	switch v.Kind {
	case jsonval.Null:
		return "z"
	case jsonval.Bool:
		if v.B {
			return "b1"
		}
		return "b0"
	case jsonval.Int:
		if v.Big != nil {
			return "n" + v.Big.String()
		}
		return "n" + strconv.FormatInt(v.I, 10)
	case jsonval.Float:
		f := v.F
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			if math.Abs(f) < 1<<62 {
				return "n" + strconv.FormatInt(int64(f), 10)
			}
			bi, _ := new(big.Float).SetFloat64(f).Int(nil)
			return "n" + bi.String()
		}
		return "f" + strconv.FormatFloat(f, 'g', -1, 64)
	case jsonval.String:
		return "s" + v.S
	}
	return "j" + v.String()
}

// WLTieBreak integrates the structural matches Wm into the record costs C in
// the tie_break mode of docs/SCORING.md §7.8 and writes S into dst: with U the sorted
// distinct values of C (exact equality), gap the smallest positive difference
// of consecutive elements of U (1 when |U| < 2) and ε = gap / (n·m + 1),
// S[i] = C[i] + ε·Wm[i]. C, Wm and dst hold n×m row-major matrices; scratch
// must have room for n·m values and is overwritten. dst may alias neither C
// nor scratch. It does not allocate.
//
// The distinct values are found with a hash set kept in scratch, so only
// they are sorted (a record matrix of 245,000 cells holds a few thousand);
// when they fill more than a quarter of scratch, or a value is NaN, all
// the values are sorted instead. The gap is the same either way.
func WLTieBreak(dst, C, Wm []float64, n, m int, scratch []float64) {
	eps := tieBreakEpsilon(distinctSorted(scratch[:n*m], C[:n*m]), n, m)
	for i := range n * m {
		dst[i] = C[i] + float64(eps*Wm[i])
	}
}

// WLTieBreakEpsilon returns the ε of WLTieBreak for the n×m record costs C,
// for a caller that applies S[i] = C[i] + ε·Wm[i] itself (to the cells it
// needs, with Wm held in another form). scratch is storage for the
// distinct values of C: it is grown as needed and returned for reuse. A
// matrix with few distinct values needs about eight times as many (the
// hash set's room); one with many, or with a NaN, has all n·m of its values
// sorted, as in WLTieBreak.
func WLTieBreakEpsilon(C []float64, n, m int, scratch []float64) (float64, []float64) {
	c := C[:n*m]
	for size := min(len(c), max(cap(scratch), 1<<13)); ; size = min(len(c), 8*size) {
		if cap(scratch) < size {
			scratch = make([]float64, size)
		}
		if size == len(c) {
			return tieBreakEpsilon(distinctSorted(scratch[:size], c), n, m), scratch
		}
		if U, ok := distinctHashed(scratch[:size], c); ok {
			return tieBreakEpsilon(U, n, m), scratch
		}
	}
}

// tieBreakEpsilon is the ε of docs/SCORING.md §7.8 for the sorted distinct
// values U of an n×m matrix.
func tieBreakEpsilon(U []float64, n, m int) float64 {
	gap := 1.0
	if len(U) >= 2 {
		gap = math.Inf(1)
		for i := 1; i < len(U); i++ {
			if d := U[i] - U[i-1]; d > 0 && d < gap {
				gap = d
			}
		}
	}
	return gap / float64(n*m+1)
}

// distinctSorted writes the distinct values of c (+0 and -0 one value)
// into the front of scratch, len(scratch) == len(c), sorted, and returns
// them: those of distinctHashed, or all of c sorted when it fails.
func distinctSorted(scratch, c []float64) []float64 {
	if U, ok := distinctHashed(scratch, c); ok {
		return U
	}
	return sortedCopy(scratch, c)
}

// distinctHashed writes the distinct values of c (+0 and -0 one value)
// into the front of scratch, sorted, and returns them; scratch may be
// shorter than c. The values found so far are listed at the front of
// scratch and hashed into a table at its back (Float64bits; empty slots
// hold a NaN pattern), doubled while it is more than a quarter full. It
// fails (false) for fewer than 64 values, for a NaN value, and beyond an
// eighth of scratch.
func distinctHashed(scratch, c []float64) ([]float64, bool) {
	const empty = 0x7ff8_dead_beef_0001
	maxSize := 1
	for maxSize*2 <= len(scratch)/2 {
		maxSize *= 2
	}
	if len(c) < 64 {
		return nil, false
	}
	size := min(1024, maxSize)
	var table []float64
	// rebuild makes an empty table of size slots and hashes the k values
	// listed into it.
	k := 0
	insert := func(x float64) bool {
		b := math.Float64bits(x)
		shift := 64 - uint(bits.TrailingZeros(uint(len(table))))
		h := (b * 0x9e3779b97f4a7c15) >> shift
		for {
			t := math.Float64bits(table[h])
			if t == b {
				return false
			}
			if t == empty {
				table[h] = x
				return true
			}
			h = (h + 1) & uint64(len(table)-1)
		}
	}
	rebuild := func() {
		table = scratch[len(scratch)-size:]
		for i := range table {
			table[i] = math.Float64frombits(empty)
		}
		for _, x := range scratch[:k] {
			insert(x)
		}
	}
	rebuild()
	for _, x := range c {
		if x != x {
			return nil, false
		}
		if x == 0 {
			x = 0 // -0 and +0 are one value, as == has them
		}
		if !insert(x) {
			continue
		}
		scratch[k] = x
		k++
		if k > size/4 {
			if size == maxSize {
				return nil, false
			}
			size *= 2
			rebuild()
		}
	}
	U := scratch[:k]
	slices.Sort(U)
	return U, true
}

// sortedCopy is distinctSorted by sorting all of c.
func sortedCopy(scratch, c []float64) []float64 {
	U := scratch[:len(c)]
	copy(U, c)
	slices.Sort(U)
	return slices.Compact(U)
}
