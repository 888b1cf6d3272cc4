package hungarian

import "math"

// SameBits reports whether a and b hold the same float64 values bit for bit
// (so NaNs of one payload are equal and 0 and -0 are not). The solver is a
// deterministic function of its matrix, so a solve kept for one matrix
// serves any later matrix with the same bits.
func SameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i, x := range a {
		if math.Float64bits(x) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
