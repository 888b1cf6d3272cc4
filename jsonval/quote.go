package jsonval

import "unicode/utf8"

// An EscapeStyle selects how AppendString escapes a string.
type EscapeStyle uint8

const (
	// PythonStyle escapes as Python's json.dumps(ensure_ascii=False) does
	// (the style of AppendJSON): '"' and '\\' backslash-escaped, control
	// characters below U+0020 as \b, \f, \n, \r, \t or \u00hh, everything
	// else, non-ASCII included, written as UTF-8; an invalid UTF-8 byte is
	// written as U+FFFD.
	PythonStyle EscapeStyle = iota
	// MarshalStyle escapes as encoding/json's json.Marshal does (with HTML
	// escaping): as PythonStyle, and also '<', '>' and '&' as \u00hh,
	// U+2028 and U+2029 as \u2028 and \u2029, and an invalid UTF-8 byte as
	// \ufffd.
	MarshalStyle
)

// plainASCII[style][c] reports whether the ASCII byte c is written as it
// is in that style.
var plainASCII = [2][utf8.RuneSelf]bool{plainTable(""), plainTable("<>&")}

// plainTable returns the table of the ASCII bytes written as they are:
// all but the control characters, '"', '\\' and the bytes of also.
func plainTable(also string) [utf8.RuneSelf]bool {
	var t [utf8.RuneSelf]bool
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = false, false
	for i := range len(also) {
		t[also[i]] = false
	}
	return t
}

// AppendString appends s as a JSON string literal escaped in the given
// style and returns the extended buffer.
func AppendString(dst []byte, s string, style EscapeStyle) []byte {
	marshal := style == MarshalStyle
	plain := &plainASCII[0]
	if marshal {
		plain = &plainASCII[1]
	}
	dst = append(dst, '"')
	start := 0 // s[start:i] is pending, copied verbatim
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = appendEscapedASCII(dst, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			if marshal {
				dst = append(dst, `\ufffd`...)
			} else {
				dst = append(dst, "\uFFFD"...)
			}
		case marshal && (r == '\u2028' || r == '\u2029'):
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', lowerHex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendEscapedASCII appends the escape of an ASCII byte that is not
// written as it is.
func appendEscapedASCII(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, `\b`...)
	case '\f':
		return append(dst, `\f`...)
	case '\n':
		return append(dst, `\n`...)
	case '\r':
		return append(dst, `\r`...)
	case '\t':
		return append(dst, `\t`...)
	}
	return append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xF])
}
