package genrt

import (
	"math"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// The primitive leaves (docs/SCORING.md §3, §4). Generated code passes the node's
// comparator (a function of package align) and constants; in build mode
// the leaf of the match tree holds the two values.

// StrLeaf, IntLeaf and FloatLeaf return the score s of two primitive values
// (the node's comparator applied to them, then its threshold, docs/SCORING.md
// §3.1) and, in build mode, the leaf holding them. Generated code calls the
// comparator itself, so that it is a direct call:
//
//	genrt.StrLeaf(align.ApplyThreshold(align.Jaro(g, p), 0.3), g, p, build)
func StrLeaf(s float64, g, p string, build bool) (float64, *Res) {
	if build {
		return s, Leaf(align.LeafPlain, s, jsonval.NewString(g), jsonval.NewString(p), true, true)
	}
	return s, nil
}

// IntLeaf is StrLeaf for integers.
func IntLeaf(s float64, g, p int64, build bool) (float64, *Res) {
	if build {
		return s, Leaf(align.LeafPlain, s, jsonval.NewInt(g), jsonval.NewInt(p), true, true)
	}
	return s, nil
}

// FloatLeaf is StrLeaf for numbers (written by value, see JSONFloat).
func FloatLeaf(s float64, g, p float64, build bool) (float64, *Res) {
	if build {
		return s, floatLeaf(s, g, p)
	}
	return s, nil
}

func floatLeaf(s float64, g, p float64) *Res {
	return Leaf(align.LeafPlain, s, JSONFloat(g), JSONFloat(p), true, true)
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

// Number compares two values of a "number" node with the comparator cmp
// (docs/SCORING.md §3.3), by value: as the interpreter compares the
// canonical forms of the two numbers, in which an integral value is an
// integer (compared in exact integer arithmetic) and any other value a
// binary64 number.
func Number(cmp NumberCmp, g, p float64) float64 {
	gi, gInt := exactInt64(g)
	pi, pInt := exactInt64(p)
	switch {
	case gInt && pInt:
		return intComparators[cmp](gi, pi)
	case integral(g) && integral(p):
		// Integers beyond int64: exact big-integer arithmetic.
		x, _ := align.CompareNumbers(numberNames[cmp], jsonval.NumberByValue(jsonval.NewFloat(g)), jsonval.NumberByValue(jsonval.NewFloat(p)))
		return x
	}
	return floatComparators[cmp](g, p)
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
	if build {
		return s, Leaf(align.LeafPlain, s, jsonval.NewBool(g), jsonval.NewBool(p), true, true)
	}
	return s, nil
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
	if build {
		return 1, Leaf(align.LeafID, 1, enc(g), enc(p), true, true)
	}
	return 1, nil
}
