package jsonval

import (
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// PyRepr returns Python's repr of the value json.loads would produce for v
// (docs/SCORING.md §10.4): None, True, False, integers in decimal, floats in Python's
// shortest round-trip layout, quoted and escaped strings, lists as [a, b] and
// dicts as {'k': v} in member order.
//
// Strings are escaped as CPython's str.__repr__ does: a code point that is not
// printable (Unicode categories Cc, Cf, Cs, Co, Cn, Zl, Zp, and Zs other than
// U+0020) is written as \xhh, \uhhhh or \Uhhhhhhhh. That set is exactly the
// complement of Go's unicode.IsPrint (categories L, M, N, P, S and U+0020), so
// the test uses Go's tables, which are Unicode 15.0 (see unicode.Version); the
// vectors were made with Python 3.11, whose tables are Unicode 14.0. A code
// point first assigned in Unicode 15.0 or later (such as U+1FAE8 or the CJK
// Extension H block) is therefore kept as is here where Python 3.11 escapes it.
//
// A string holding invalid UTF-8 (which Decode never produces) is rendered
// with U+FFFD in place of each invalid byte. Non-finite floats (which Decode
// never produces either) render as inf, -inf and nan, as in Python.
func PyRepr(v Value) string {
	return string(AppendPyRepr(nil, v))
}

// AppendPyRepr appends PyRepr(v) to dst and returns the extended buffer.
func AppendPyRepr(dst []byte, v Value) []byte {
	switch v.Kind {
	case Null:
		return append(dst, "None"...)
	case Bool:
		if v.B {
			return append(dst, "True"...)
		}
		return append(dst, "False"...)
	case Int:
		return appendInt(dst, v)
	case Float:
		return appendPyFloat(dst, v.F)
	case String:
		return appendPyString(dst, v.S)
	case Array, Object:
		return appendSpaced(dst, v, appendPyString, AppendPyRepr)
	}
	return append(dst, "<invalid jsonval.Kind "+strconv.Itoa(int(v.Kind))+">"...)
}

// PyStr returns Python's str of the decoded value: a string's contents without
// quotes or escapes, and PyRepr(v) for every other kind.
func PyStr(v Value) string {
	if v.Kind == String {
		return v.S
	}
	return PyRepr(v)
}

// appendInt appends an integer-form value in decimal.
func appendInt(dst []byte, v Value) []byte {
	if v.Big != nil {
		return v.Big.Append(dst, 10)
	}
	return strconv.AppendInt(dst, v.I, 10)
}

// appendPyFloat appends f the way Python's float.__repr__ writes it (docs/SCORING.md
// §10.4): the shortest round-tripping digits d1…dk with decimal exponent E, in
// positional notation when -4 ≤ E < 16 and in exponent notation otherwise.
// strconv's 'g' format switches at different exponents, so the layout is done
// here from the 'e' digits.
func appendPyFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	case f == 0:
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64) // [-]d[.ddd]e±dd
	if s[0] == '-' {
		dst = append(dst, '-')
		s = s[1:]
	}
	e := 0
	for e < len(s) && s[e] != 'e' {
		e++
	}
	mant, expPart := s[:e], s[e+1:]
	exp := atoiExp(expPart)
	if exp < -4 || exp >= 16 {
		// Exponent notation; strconv already writes d[.ddd]e±dd with at least
		// two exponent digits, as Python does.
		return append(dst, s...)
	}
	var digs [24]byte
	digits := append(digs[:0], mant[0])
	if len(mant) > 2 {
		digits = append(digits, mant[2:]...)
	}
	if exp < 0 {
		dst = append(dst, "0."...)
		for range -exp - 1 {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	if len(digits) <= exp+1 {
		dst = append(dst, digits...)
		for range exp + 1 - len(digits) {
			dst = append(dst, '0')
		}
		return append(dst, ".0"...)
	}
	dst = append(dst, digits[:exp+1]...)
	dst = append(dst, '.')
	return append(dst, digits[exp+1:]...)
}

// atoiExp reads the exponent strconv wrote (±dd or ±ddd) without
// converting it to a string.
func atoiExp(b []byte) int {
	neg := len(b) > 0 && b[0] == '-'
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		b = b[1:]
	}
	n := 0
	for _, c := range b {
		n = n*10 + int(c-'0')
	}
	if neg {
		return -n
	}
	return n
}

const lowerHex = "0123456789abcdef"

// appendPyString appends the Python repr of s (see PyRepr).
func appendPyString(dst []byte, s string) []byte {
	quote := byte('\'')
	hasSingle, hasDouble := false, false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			hasSingle = true
		case '"':
			hasDouble = true
		}
	}
	if hasSingle && !hasDouble {
		quote = '"'
	}
	dst = append(dst, quote)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == quote || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\t':
				dst = append(dst, `\t`...)
			case c == '\n':
				dst = append(dst, `\n`...)
			case c == '\r':
				dst = append(dst, `\r`...)
			case c < 0x20 || c == 0x7F:
				dst = append(dst, '\\', 'x', lowerHex[c>>4], lowerHex[c&0xF])
			default:
				dst = append(dst, c)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case unicode.IsPrint(r):
			dst = utf8.AppendRune(dst, r)
		case r <= 0xFF:
			dst = append(dst, '\\', 'x', lowerHex[r>>4], lowerHex[r&0xF])
		case r <= 0xFFFF:
			dst = append(dst, '\\', 'u')
			dst = appendHex(dst, r, 4)
		default:
			dst = append(dst, '\\', 'U')
			dst = appendHex(dst, r, 8)
		}
	}
	return append(dst, quote)
}

// appendHex appends the n low hex digits of r in lower case.
func appendHex(dst []byte, r rune, n int) []byte {
	for shift := 4 * (n - 1); shift >= 0; shift -= 4 {
		dst = append(dst, lowerHex[(r>>uint(shift))&0xF])
	}
	return dst
}
