package align

import (
	"math"
	"math/big"
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
func WLTieBreak(dst, C, Wm []float64, n, m int, scratch []float64) {
	U := scratch[:n*m]
	copy(U, C[:n*m])
	slices.Sort(U)
	U = slices.Compact(U)
	gap := 1.0
	if len(U) >= 2 {
		gap = math.Inf(1)
		for i := 1; i < len(U); i++ {
			if d := U[i] - U[i-1]; d > 0 && d < gap {
				gap = d
			}
		}
	}
	eps := gap / float64(n*m+1)
	for i := range n * m {
		dst[i] = C[i] + float64(eps*Wm[i])
	}
}
