package genrt

import (
	"math"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// The primitive leaves (docs/SCORING.md §3, §4). Generated code passes the node's
// comparator (a function of package align) and constants; in build mode
// the leaf of the match tree holds the two values.

// Str scores two strings with the comparator cmp and the node's threshold
// (docs/SCORING.md §3.1, §3.2).
func Str(cmp func(a, b string) float64, threshold float64, g, p string, build bool) (float64, *Res) {
	s := align.ApplyThreshold(cmp(g, p), threshold)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewString(g), jsonval.NewString(p), true, true)
}

// Int scores two integers with the comparator cmp (InvDiffInt,
// ExactNumberInt or RelativeInt of package align) and the node's threshold
// (docs/SCORING.md §3.3).
func Int(cmp func(a, b int64) float64, threshold float64, g, p int64, build bool) (float64, *Res) {
	s := align.ApplyThreshold(cmp(g, p), threshold)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewInt(g), jsonval.NewInt(p), true, true)
}

// NumberCmp names a number comparator (docs/SCORING.md §3.3).
type NumberCmp uint8

// The number comparators.
const (
	InvDiff NumberCmp = iota
	ExactNumber
	Relative
)

var (
	intComparators   = [...]func(a, b int64) float64{align.InvDiffInt, align.ExactNumberInt, align.RelativeInt}
	floatComparators = [...]func(a, b float64) float64{align.InvDiffFloat, align.ExactNumberFloat, align.RelativeFloat}
	numberNames      = [...]string{align.NumberInvDiff, align.NumberExact, align.NumberRelative}
)

// Float scores two values of a "number" node with the comparator cmp and
// the node's threshold (docs/SCORING.md §3.3), by value: as the interpreter
// compares the canonical forms of the two numbers, in which an integral
// value is an integer (compared in exact integer arithmetic) and any other
// value a binary64 number.
func Float(cmp NumberCmp, threshold float64, g, p float64, build bool) (float64, *Res) {
	var x float64
	gi, gInt := exactInt64(g)
	pi, pInt := exactInt64(p)
	switch {
	case gInt && pInt:
		x = intComparators[cmp](gi, pi)
	case integral(g) && integral(p):
		// Integers beyond int64: exact big-integer arithmetic.
		x, _ = align.CompareNumbers(numberNames[cmp], jsonval.NumberByValue(jsonval.NewFloat(g)), jsonval.NumberByValue(jsonval.NewFloat(p)))
	default:
		x = floatComparators[cmp](g, p)
	}
	s := align.ApplyThreshold(x, threshold)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, JSONFloat(g), JSONFloat(p), true, true)
}

// integral reports whether f is a finite integer.
func integral(f float64) bool { return f == math.Trunc(f) && !math.IsInf(f, 0) }

// exactInt64 returns f as an int64 when it is an integer within the int64
// range (both bounds are exact binary64 values, ±2^63).
func exactInt64(f float64) (int64, bool) {
	if integral(f) && f >= -9223372036854775808.0 && f < 9223372036854775808.0 {
		return int64(f), true
	}
	return 0, false
}

// Bool scores two booleans: 1 when equal (docs/SCORING.md §3.4).
func Bool(g, p bool, build bool) (float64, *Res) {
	s := 0.0
	if g == p {
		s = 1
	}
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewBool(g), jsonval.NewBool(p), true, true)
}

// Null scores a pair of which at least one side is null (docs/SCORING.md §4): 1 when
// both are, else the node's nullScore. In build mode the leaf holds g and
// p, null where gn and pn are set (their values are then ignored).
func Null(nullScore float64, gn, pn bool, g, p jsonval.Value, build bool) (float64, *Res) {
	s := nullScore
	if gn && pn {
		s = 1
	}
	if !build {
		return s, nil
	}
	if gn {
		g = jsonval.Value{}
	}
	if pn {
		p = jsonval.Value{}
	}
	return s, Leaf(align.LeafNull, s, g, p, true, true)
}

// ID scores two identifiers: always 1 (docs/SCORING.md §1.4 step 1). enc encodes them
// in build mode.
func ID[V any](enc func(V) jsonval.Value, g, p V, build bool) (float64, *Res) {
	if !build {
		return 1, nil
	}
	return 1, Leaf(align.LeafID, 1, enc(g), enc(p), true, true)
}
