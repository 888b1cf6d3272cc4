package align

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/objectaligner/oagen/jsonval"
)

// Number comparators of docs/SCORING.md §3.3.
//
// With two integer-form operands the arithmetic is exact: differences and
// maxima are exact integers and each division is the correctly rounded
// quotient of two integers (the reference's integer true division). Below
// 2^53 that is plain float64 arithmetic, which is what the typed fast paths
// do; beyond it they switch to math/big. With a float-form operand both
// operands are converted to float64 (round to nearest even) first.

// The names of the built-in number comparators (registries "number" and
// "integer").
const (
	NumberExact    = "exact"
	NumberInvDiff  = "invdiff"
	NumberRelative = "relative"
)

// ErrNotNumber is returned (wrapped) by CompareNumbers when an operand is not
// a number. Callers that score kind mismatches as 0.0 (docs/SCORING.md §1.4) test for
// it with errors.Is.
var ErrNotNumber = errors.New("operand is not a number")

// exactFloatInt is the largest magnitude below which every integer converts to
// float64 exactly.
const exactFloatInt = 1 << 53

// InvDiffInt is "invdiff" for two integer-form operands: 1/(1+|a-b|), the
// division correctly rounded.
func InvDiffInt(a, b int64) float64 {
	d := absDiffInt64(a, b)
	if d < exactFloatInt {
		return 1 / (1 + float64(d))
	}
	den := new(big.Int).SetUint64(d)
	return roundedQuotient(big.NewInt(1), den.Add(den, big.NewInt(1)))
}

// InvDiffFloat is "invdiff" for float operands: 1/(1+|a-b|).
func InvDiffFloat(a, b float64) float64 {
	return 1 / (1 + math.Abs(a-b))
}

// RelativeInt is "relative" for two integer-form operands: 1.0 if a == b,
// else max(0, 1 - |a-b|/max(|a|,|b|)), the division correctly rounded.
func RelativeInt(a, b int64) float64 {
	if a == b {
		return 1.0
	}
	d, m := absDiffInt64(a, b), max(absInt64(a), absInt64(b))
	var q float64
	if d <= exactFloatInt && m <= exactFloatInt {
		q = float64(d) / float64(m)
	} else {
		q = roundedQuotient(new(big.Int).SetUint64(d), new(big.Int).SetUint64(m))
	}
	return positiveOrZero(1 - q)
}

// RelativeFloat is "relative" for float operands: 1.0 if a == b, else
// max(0, 1 - |a-b|/max(|a|,|b|)).
func RelativeFloat(a, b float64) float64 {
	if a == b {
		return 1.0
	}
	return positiveOrZero(1 - math.Abs(a-b)/math.Max(math.Abs(a), math.Abs(b)))
}

// ExactNumberInt is "exact" for two integer-form operands.
func ExactNumberInt(a, b int64) float64 {
	if a == b {
		return 1.0
	}
	return 0.0
}

// ExactNumberFloat is "exact" for float operands (IEEE equality, so
// -0.0 == 0.0).
func ExactNumberFloat(a, b float64) float64 {
	if a == b {
		return 1.0
	}
	return 0.0
}

// CompareNumbers applies the built-in number comparator name ("exact",
// "invdiff" or "relative") to two number values of either lexical class. It
// fails on an unknown name, on a non-number operand (ErrNotNumber) and,
// like the reference, when an integer too large for float64 meets a
// float-form operand.
func CompareNumbers(name string, g, p jsonval.Value) (float64, error) {
	if !g.IsNumber() || !p.IsNumber() {
		return 0, fmt.Errorf("number comparator %q: %w (gold %s, candidate %s)", name, ErrNotNumber, g.Kind, p.Kind)
	}
	switch name {
	case NumberExact:
		return exactNumbers(g, p), nil
	case NumberInvDiff:
		return invDiffValues(g, p)
	case NumberRelative:
		return relativeValues(g, p)
	}
	return 0, fmt.Errorf("unknown number comparator %q", name)
}

func invDiffValues(g, p jsonval.Value) (float64, error) {
	if g.Kind == jsonval.Int && p.Kind == jsonval.Int {
		if g.Big == nil && p.Big == nil {
			return InvDiffInt(g.I, p.I), nil
		}
		d := new(big.Int).Sub(g.BigInt(), p.BigInt())
		d.Abs(d).Add(d, big.NewInt(1))
		return roundedQuotient(big.NewInt(1), d), nil
	}
	a, b, err := floatOperands(g, p)
	if err != nil {
		return 0, fmt.Errorf("number comparator %q: %w", NumberInvDiff, err)
	}
	return InvDiffFloat(a, b), nil
}

func relativeValues(g, p jsonval.Value) (float64, error) {
	if g.Kind == jsonval.Int && p.Kind == jsonval.Int {
		if g.Big == nil && p.Big == nil {
			return RelativeInt(g.I, p.I), nil
		}
		a, b := g.BigInt(), p.BigInt()
		if a.Cmp(b) == 0 {
			return 1.0, nil
		}
		d := new(big.Int).Sub(a, b)
		d.Abs(d)
		a.Abs(a)
		b.Abs(b)
		m := a
		if b.Cmp(a) > 0 {
			m = b
		}
		return positiveOrZero(1 - roundedQuotient(d, m)), nil
	}
	if exactNumbers(g, p) == 1.0 {
		return 1.0, nil
	}
	a, b, err := floatOperands(g, p)
	if err != nil {
		return 0, fmt.Errorf("number comparator %q: %w", NumberRelative, err)
	}
	return RelativeFloat(a, b), nil
}

// exactNumbers compares two numbers by exact numeric value across lexical
// classes: 2 == 2.0, but 2^53+1 != 9007199254740992.0.
func exactNumbers(g, p jsonval.Value) float64 {
	var eq bool
	switch {
	case g.Kind == jsonval.Float && p.Kind == jsonval.Float:
		eq = g.F == p.F
	case g.Kind == jsonval.Int && p.Kind == jsonval.Int:
		if g.Big == nil && p.Big == nil {
			eq = g.I == p.I
		} else {
			eq = g.BigInt().Cmp(p.BigInt()) == 0
		}
	case g.Kind == jsonval.Int:
		eq = intEqualsFloat(g, p.F)
	default:
		eq = intEqualsFloat(p, g.F)
	}
	if eq {
		return 1.0
	}
	return 0.0
}

// intEqualsFloat reports whether the integer-form value v equals f exactly.
func intEqualsFloat(v jsonval.Value, f float64) bool {
	if math.IsInf(f, 0) || math.IsNaN(f) || f != math.Trunc(f) {
		return false
	}
	if v.Big == nil {
		// Integral floats in [-2^63, 2^63) convert to int64 exactly.
		return f >= -(1<<63) && f < 1<<63 && int64(f) == v.I
	}
	fi, _ := big.NewFloat(f).Int(nil)
	return fi.Cmp(v.Big) == 0
}

// floatOperands converts two numbers to float64, integer-form ones rounded
// to nearest even; an integer beyond the float64 range is an error, as in
// the reference.
func floatOperands(g, p jsonval.Value) (float64, float64, error) {
	a, err := numberToFloat(g)
	if err != nil {
		return 0, 0, err
	}
	b, err := numberToFloat(p)
	if err != nil {
		return 0, 0, err
	}
	return a, b, nil
}

func numberToFloat(v jsonval.Value) (float64, error) {
	switch {
	case v.Kind == jsonval.Float:
		return v.F, nil
	case v.Big == nil:
		return float64(v.I), nil
	}
	f, _ := new(big.Float).SetInt(v.Big).Float64()
	if math.IsInf(f, 0) {
		return 0, fmt.Errorf("integer %s too large to convert to float", v.Big)
	}
	return f, nil
}

// roundedQuotient returns num/den correctly rounded to float64 (den > 0).
func roundedQuotient(num, den *big.Int) float64 {
	f, _ := new(big.Rat).SetFrac(num, den).Float64()
	return f
}

// absDiffInt64 returns |a-b| exactly (it always fits in a uint64).
func absDiffInt64(a, b int64) uint64 {
	if a >= b {
		return uint64(a) - uint64(b)
	}
	return uint64(b) - uint64(a)
}

// absInt64 returns |a| exactly (|MinInt64| fits in a uint64).
func absInt64(a int64) uint64 {
	if a < 0 {
		return -uint64(a)
	}
	return uint64(a)
}

// positiveOrZero is the reference's max(0, x): x when x > 0, else 0.0 (so
// -0.0 and NaN give 0.0).
func positiveOrZero(x float64) float64 {
	if x > 0 {
		return x
	}
	return 0.0
}
