package validate

import (
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// maxExact is 2^53: every int64 of at most this magnitude converts to
// binary64 exactly, so it compares with a float64 without rounding.
const maxExact = 1 << 53

// cmpNum compares two numbers exactly, as Python compares int and float
// values (no rounding of the integer to binary64). ok is false when either is
// NaN, which compares false with everything.
func cmpNum(a, b jsonval.Value) (c int, ok bool) {
	switch {
	case a.Kind == jsonval.Int && b.Kind == jsonval.Int:
		if a.Big == nil && b.Big == nil {
			return cmpOrdered(a.I, b.I), true
		}
		return a.BigInt().Cmp(b.BigInt()), true
	case a.Kind == jsonval.Float && b.Kind == jsonval.Float:
		if math.IsNaN(a.F) || math.IsNaN(b.F) {
			return 0, false
		}
		return cmpOrdered(a.F, b.F), true
	case a.Kind == jsonval.Int:
		c, ok := cmpIntFloat(a, b.F)
		return c, ok
	default:
		c, ok := cmpIntFloat(b, a.F)
		return -c, ok
	}
}

func cmpOrdered[T int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpIntFloat compares an integer-form value with a float exactly.
func cmpIntFloat(i jsonval.Value, f float64) (int, bool) {
	switch {
	case math.IsNaN(f):
		return 0, false
	case math.IsInf(f, 1):
		return -1, true
	case math.IsInf(f, -1):
		return 1, true
	case i.Big == nil && i.I >= -maxExact && i.I <= maxExact:
		return cmpOrdered(float64(i.I), f), true
	}
	fr := new(big.Rat).SetFloat64(f)
	return new(big.Rat).SetInt(i.BigInt()).Cmp(fr), true
}

// isIntegral reports whether a number has no fractional part (Python's
// float.is_integer for floats: false for infinities and NaN).
func isIntegral(v jsonval.Value) bool {
	switch v.Kind {
	case jsonval.Int:
		return true
	case jsonval.Float:
		return !math.IsInf(v.F, 0) && v.F == math.Trunc(v.F)
	}
	return false
}

// hasDuplicates reports whether two elements of arr are equal (jsonval.Equal).
// A short array is checked pair by pair, which allocates nothing; in a longer
// one the elements are reduced to canonical keys (equal values, and only
// those, share a key), so the check is linear in the size of arr rather than
// quadratic in its length.
func hasDuplicates(arr []jsonval.Value) bool {
	const pairwiseMax = 16
	if len(arr) <= pairwiseMax {
		for i := 1; i < len(arr); i++ {
			for j := range i {
				if jsonval.Equal(arr[i], arr[j]) {
					return true
				}
			}
		}
		return false
	}
	seen := make(map[string]struct{}, len(arr))
	var sb strings.Builder
	for _, e := range arr {
		sb.Reset()
		canonKey(&sb, e)
		k := sb.String()
		if _, dup := seen[k]; dup {
			return true
		}
		seen[k] = struct{}{}
	}
	return false
}

// canonKey writes a self-delimiting key for v such that two values get the
// same key exactly when jsonval.Equal holds between them (NaN aside, which JSON
// cannot express).
func canonKey(sb *strings.Builder, v jsonval.Value) {
	switch v.Kind {
	case jsonval.Null:
		sb.WriteByte('z')
	case jsonval.Bool:
		if v.B {
			sb.WriteByte('t')
		} else {
			sb.WriteByte('f')
		}
	case jsonval.Int:
		sb.WriteByte('n')
		if v.Big != nil {
			sb.WriteString(v.Big.String())
		} else {
			sb.WriteString(strconv.FormatInt(v.I, 10))
		}
		sb.WriteByte(';')
	case jsonval.Float:
		if isIntegral(v) {
			// An integral float equals the integer of the same value.
			bi, _ := new(big.Float).SetFloat64(v.F).Int(nil)
			sb.WriteByte('n')
			sb.WriteString(bi.String())
		} else {
			sb.WriteByte('r')
			sb.WriteString(strconv.FormatFloat(v.F, 'g', -1, 64))
		}
		sb.WriteByte(';')
	case jsonval.String:
		writeString(sb, v.S)
	case jsonval.Array:
		sb.WriteByte('[')
		for i := range v.Arr {
			canonKey(sb, v.Arr[i])
		}
		sb.WriteByte(']')
	case jsonval.Object:
		members := append([]jsonval.Member(nil), v.Obj...)
		sort.Slice(members, func(i, j int) bool { return members[i].Key < members[j].Key })
		sb.WriteByte('{')
		for _, m := range members {
			writeString(sb, m.Key)
			canonKey(sb, m.Value)
		}
		sb.WriteByte('}')
	}
}

func writeString(sb *strings.Builder, s string) {
	sb.WriteByte('s')
	sb.WriteString(strconv.Itoa(len(s)))
	sb.WriteByte(':')
	sb.WriteString(s)
}

// notMultipleOf mirrors jsonschema's multipleOf check: for a float divisor
// the quotient is computed in binary64 and must be integral (falling back to
// exact rational arithmetic when it overflows); for an integer divisor the
// remainder must be zero (exact for integers, binary64 fmod for floats).
func notMultipleOf(inst, by jsonval.Value) bool {
	if c, ok := cmpNum(by, jsonval.NewInt(0)); !ok || c == 0 {
		return true // every draft's metaschema requires a positive divisor
	}
	if by.Kind == jsonval.Float {
		q := inst.Float64() / by.F
		switch {
		case math.IsNaN(q):
			return true
		case math.IsInf(q, 0):
			r := new(big.Rat).Quo(exactRat(inst), exactRat(by))
			return !r.IsInt()
		}
		return q != math.Trunc(q)
	}
	if inst.Kind == jsonval.Int {
		return new(big.Int).Rem(inst.BigInt(), by.BigInt()).Sign() != 0
	}
	return math.Mod(inst.F, by.Float64()) != 0
}

// exactRat returns a finite number as an exact rational.
func exactRat(v jsonval.Value) *big.Rat {
	if v.Kind == jsonval.Int {
		return new(big.Rat).SetInt(v.BigInt())
	}
	if math.IsInf(v.F, 0) || math.IsNaN(v.F) {
		return new(big.Rat)
	}
	return new(big.Rat).SetFloat64(v.F)
}
