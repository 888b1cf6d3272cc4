package jsonval

import (
	"math"
	"math/big"
)

// This file holds the view of numbers that follows the JSON data model, in
// which a number is its value whatever its spelling: 12, 12.0, 1.2e1 and
// 120e-1 are one number. oagen's default scoring profile uses it; the
// reference profile keeps the lexical class of docs/SCORING.md §1.2.
//
// The value of an integer-form literal is the exact integer it writes; the
// value of a float-form literal is the binary64 number it rounds to (Decode
// keeps no more of it). So integers beyond 2^53 are exact only when written
// in integer form.

// IsCanonicalNumber reports whether v is a number in its canonical form
// (NumberByValue): an integer-form number, or a float-form number whose value
// is not an integer. It reports false for every other kind.
func IsCanonicalNumber(v Value) bool {
	switch v.Kind {
	case Int:
		return true
	case Float:
		return !isIntegralFloat(v.F)
	}
	return false
}

// NumberByValue returns the canonical form of a number, which depends on its
// value only: an integral value (12.0, 1.2e1, -0.0) becomes the integer-form
// number of that value (12, 0), exact at any magnitude; any other value stays
// float-form. Two numbers have equal canonical forms exactly when Equal holds
// between them. Values of other kinds are returned unchanged.
func NumberByValue(v Value) Value {
	if v.Kind != Float || !isIntegralFloat(v.F) {
		return v
	}
	f := v.F
	// Both bounds are exact binary64 values (±2^63), so the conversion of a
	// value inside them is exact.
	if f >= -9223372036854775808.0 && f < 9223372036854775808.0 {
		return Value{Kind: Int, I: int64(f)}
	}
	b, _ := new(big.Float).SetFloat64(f).Int(nil) // f is integral: exact
	return Value{Kind: Int, Big: b}
}

// isIntegralFloat reports whether f is a finite integer.
func isIntegralFloat(f float64) bool {
	return !math.IsInf(f, 0) && f == math.Trunc(f)
}

// Readable returns v as JSON text for people (AppendReadable).
func Readable(v Value) string {
	return string(AppendReadable(nil, v))
}

// AppendReadable appends v as JSON text laid out for reading, the way
// oagen's default profile shows values in feedback and descriptions: members
// separated by ", " and keys by ": " ({"id": 6, "name": "Eve"}), strings
// quoted and escaped as AppendJSON does, null, true and false as in JSON, and
// numbers by value (NumberByValue): an integral value as an integer (12.0 is
// shown as 12), any other in the layout of AppendJSON (0.5, 1.5e-07). The
// text is valid JSON and depends only on the value, except for the order of
// object members, which it keeps. Non-finite floats (which Decode never
// produces) are written as NaN, Infinity and -Infinity, as AppendJSON does.
func AppendReadable(dst []byte, v Value) []byte {
	switch v.Kind {
	case Int, Float:
		if n := NumberByValue(v); n.Kind == Int {
			return appendInt(dst, n)
		}
		return AppendJSON(dst, v)
	case Array, Object:
		return appendSpaced(dst, v, appendJSONString, AppendReadable)
	}
	return AppendJSON(dst, v)
}

// appendSpaced appends the array or object v laid out for reading, elements
// and members separated by ", " and keys by ": ", writing keys with key and
// elements and member values with elem. The readable JSON form and the
// Python form share this layout.
func appendSpaced(dst []byte, v Value, key func([]byte, string) []byte, elem func([]byte, Value) []byte) []byte {
	if v.Kind == Array {
		dst = append(dst, '[')
		for i := range v.Arr {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = elem(dst, v.Arr[i])
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i := range v.Obj {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = key(dst, v.Obj[i].Key)
		dst = append(dst, ": "...)
		dst = elem(dst, v.Obj[i].Value)
	}
	return append(dst, '}')
}
