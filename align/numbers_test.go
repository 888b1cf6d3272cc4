package align

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/jsonval"
)

func bigIntValue(t *testing.T, s string) jsonval.Value {
	t.Helper()
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		t.Fatalf("bad integer %q", s)
	}
	return jsonval.NewBigInt(b)
}

// TestNumberVectors checks docs/SCORING.md §3.7 and hand-computed values, bit for bit,
// through CompareNumbers.
func TestNumberVectors(t *testing.T) {
	i, f := jsonval.NewInt, jsonval.NewFloat
	p30 := "1000000000000000000000000000000" // 10^30
	tests := []struct {
		name string
		g, p jsonval.Value
		want float64
	}{
		// docs/SCORING.md §3.7.
		{"invdiff", i(50), i(52), 0.3333333333333333},
		{"invdiff", i(2025), i(2026), 0.5},
		{"relative", f(100.0), f(110.0), 0.9090909090909091},
		{"relative", i(1), i(-1), 0.0},

		// invdiff is unit-dependent and symmetric.
		{"invdiff", i(2020), i(2021), 0.5},
		{"invdiff", i(7), i(7), 1.0},
		{"invdiff", f(1.5), f(1.0), 1 / 1.5},
		{"invdiff", i(2), f(2.5), 1 / 1.5},
		{"invdiff", f(math.Copysign(0, -1)), i(0), 1.0},
		// Exact big-integer arithmetic: 1/(1+1) for 10^30 vs 10^30+1 (in
		// float64 both operands would round to the same value: 1.0).
		{"invdiff", bigIntValue(t, p30), bigIntValue(t, "1000000000000000000000000000001"), 0.5},
		// 2^53+1 vs 0: the exact quotient 1/(2^53+2) rounds to
		// 2^-53 - 2^-105; converting first would give 2^-53.
		{"invdiff", i(1<<53 + 1), i(0), math.Ldexp(1, -53) - math.Ldexp(1, -105)},
		// |MaxInt64 - MinInt64| + 1 = 2^64 does not fit an int64.
		{"invdiff", i(math.MaxInt64), i(math.MinInt64), math.Ldexp(1, -64)},
		// 1/(1 + 10^400) underflows to 0.0 (no error with two integers).
		{"invdiff", bigPow10(t, 400), i(0), 0.0},

		// relative: scale-invariant, 1.0 on equality (0 vs 0 included).
		{"relative", i(0), i(0), 1.0},
		{"relative", f(0.0), f(math.Copysign(0, -1)), 1.0},
		{"relative", i(2), f(2.0), 1.0},
		{"relative", i(100), i(110), 0.9090909090909091},
		{"relative", i(100), i(50), 0.5},
		{"relative", f(1e308), f(-1e308), 0.0},
		{"relative", i(math.MinInt64), i(math.MaxInt64), 0.0},
		{"relative", bigIntValue(t, p30), bigIntValue(t, "1100000000000000000000000000000"), 0.9090909090909091},
		{"relative", bigIntValue(t, p30), bigIntValue(t, "-"+p30), 0.0},

		// exact compares numeric values across classes, exactly.
		{"exact", i(2), f(2.0), 1.0},
		{"exact", f(2.0), i(2), 1.0},
		{"exact", i(0), f(math.Copysign(0, -1)), 1.0},
		{"exact", i(2), i(3), 0.0},
		{"exact", f(0.1), f(0.1), 1.0},
		{"exact", i(1<<53 + 1), f(9007199254740992.0), 0.0},
		{"exact", i(1 << 53), f(9007199254740992.0), 1.0},
		{"exact", i(math.MaxInt64), f(9223372036854775807.0), 0.0}, // the float is 2^63
		{"exact", bigIntValue(t, "9223372036854775808"), f(9223372036854775807.0), 1.0},
		{"exact", bigIntValue(t, p30), f(1e30), 0.0}, // 1e30 is 1000000000000000019884624838656
		{"exact", bigIntValue(t, "1000000000000000019884624838656"), f(1e30), 1.0},
		{"exact", bigIntValue(t, p30), bigIntValue(t, p30), 1.0},
		{"exact", i(3), f(3.5), 0.0},
	}
	for _, tt := range tests {
		got, err := CompareNumbers(tt.name, tt.g, tt.p)
		if err != nil || got != tt.want {
			t.Errorf("%s(%v, %v) = %v, %v; want %v", tt.name, showNumber(tt.g), showNumber(tt.p), got, err, tt.want)
		}
	}
}

func bigPow10(t *testing.T, n int) jsonval.Value {
	t.Helper()
	return jsonval.NewBigInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil))
}

func showNumber(v jsonval.Value) string {
	if v.Kind == jsonval.Float {
		return big.NewFloat(v.F).Text('g', -1)
	}
	return v.BigInt().String()
}

// TestTypedNumberFastPaths checks the typed entry points of generated code
// against the value-level comparators.
func TestTypedNumberFastPaths(t *testing.T) {
	if got := InvDiffInt(50, 52); got != 0.3333333333333333 {
		t.Errorf("InvDiffInt(50, 52) = %v", got)
	}
	if got := InvDiffFloat(2025, 2026); got != 0.5 {
		t.Errorf("InvDiffFloat(2025, 2026) = %v", got)
	}
	if got := RelativeFloat(100.0, 110.0); got != 0.9090909090909091 {
		t.Errorf("RelativeFloat(100, 110) = %v", got)
	}
	if got := RelativeInt(1, -1); got != 0.0 {
		t.Errorf("RelativeInt(1, -1) = %v", got)
	}
	if ExactNumberInt(3, 3) != 1 || ExactNumberInt(3, 4) != 0 || ExactNumberFloat(0.0, math.Copysign(0, -1)) != 1 || ExactNumberFloat(0.1, 0.2) != 0 {
		t.Error("ExactNumberInt/ExactNumberFloat")
	}
}

// ratOracle computes num/den with 2000-bit big.Float arithmetic and rounds
// once to float64: an implementation independent of the big.Rat one.
func ratOracle(num, den *big.Int) float64 {
	const prec = 2000
	q := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).SetInt(num), new(big.Float).SetPrec(prec).SetInt(den))
	f, _ := q.Float64()
	return f
}

// TestIntegerArithmeticIsExact checks InvDiffInt and RelativeInt on random
// int64 pairs (small, near 2^53 and full range) against the big.Float
// oracle, and against plain float64 arithmetic where that is exact.
func TestIntegerArithmeticIsExact(t *testing.T) {
	props := comparatorProperties(t, 3000)
	anyInt := gen.OneGenOf(
		gen.Int64Range(-1000, 1000),
		gen.Int64Range(1<<53-50, 1<<53+50),
		gen.Int64Range(-(1<<53)-50, -(1<<53)+50),
		gen.Int64(),
	)
	props.Property("invdiff and relative exact", prop.ForAll(func(a, b int64) string {
		ba, bb := big.NewInt(a), big.NewInt(b)
		d := new(big.Int).Sub(ba, bb)
		d.Abs(d)
		wantInv := ratOracle(big.NewInt(1), new(big.Int).Add(d, big.NewInt(1)))
		if got := InvDiffInt(a, b); got != wantInv {
			return "invdiff"
		}
		if v, _ := CompareNumbers("invdiff", jsonval.NewInt(a), jsonval.NewInt(b)); v != wantInv {
			return "invdiff value"
		}
		wantRel := 1.0
		if a != b {
			m := new(big.Int).Abs(ba)
			if mb := new(big.Int).Abs(bb); mb.Cmp(m) > 0 {
				m = mb
			}
			wantRel = max(0, 1-ratOracle(d, m))
		}
		if got := RelativeInt(a, b); got != wantRel {
			return "relative"
		}
		if v, _ := CompareNumbers("relative", jsonval.NewInt(a), jsonval.NewInt(b)); v != wantRel {
			return "relative value"
		}
		// The value level agrees when the same integers are stored as big.
		bigA, bigB := jsonval.Value{Kind: jsonval.Int, Big: ba}, jsonval.Value{Kind: jsonval.Int, Big: bb}
		if v, _ := CompareNumbers("invdiff", bigA, bigB); v != wantInv {
			return "invdiff big"
		}
		if v, _ := CompareNumbers("relative", bigA, bigB); v != wantRel {
			return "relative big"
		}
		if small := func(x int64) bool { return x > -(1<<52) && x < 1<<52 }; small(a) && small(b) {
			if wantInv != 1/(1+math.Abs(float64(a)-float64(b))) {
				return "float64 invdiff differs below 2^52"
			}
		}
		return ""
	}, anyInt, anyInt))
	props.TestingRun(t)
}

// TestCompareNumbersErrors checks the failure modes.
func TestCompareNumbersErrors(t *testing.T) {
	i, f := jsonval.NewInt, jsonval.NewFloat
	if _, err := CompareNumbers("invdiff", i(1), jsonval.NewString("1")); !errors.Is(err, ErrNotNumber) {
		t.Errorf("string operand: %v", err)
	}
	if _, err := CompareNumbers("exact", jsonval.NewBool(true), i(1)); !errors.Is(err, ErrNotNumber) {
		t.Errorf("boolean operand: %v", err)
	}
	if _, err := CompareNumbers("nope", i(1), i(2)); err == nil {
		t.Error("unknown comparator accepted")
	}
	// An integer beyond float64 meeting a float: the reference raises
	// OverflowError; exact comparison needs no conversion.
	for _, name := range []string{"invdiff", "relative"} {
		if _, err := CompareNumbers(name, bigPow10(t, 400), f(1.0)); err == nil {
			t.Errorf("%s: overflow accepted", name)
		}
	}
	if v, err := CompareNumbers("exact", bigPow10(t, 400), f(1.0)); err != nil || v != 0 {
		t.Errorf("exact with huge integer: %v, %v", v, err)
	}
	// Below the float64 maximum the conversion rounds to nearest even.
	if v, err := CompareNumbers("invdiff", bigPow10(t, 300), f(1e300)); err != nil || v != 1.0 {
		t.Errorf("invdiff(10^300, 1e300) = %v, %v", v, err)
	}
}
