package eval

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/objectaligner/oagen/jsonval"
)

// AppendJSON appends the JSON text of nm to dst, byte for byte what
// json.Marshal(nm) writes, and returns the extended buffer: the members in
// the order of the struct's fields ("id", "line" and the raw values left
// out when empty), strings escaped as encoding/json escapes them (HTML
// characters as \u003c, \u003e and \u0026, U+2028 and U+2029 escaped,
// invalid UTF-8 as \ufffd), the raw values compacted and HTML-escaped, and
// the delta formatted as encoding/json formats a float64. Like
// json.Marshal, it fails for a non-finite delta and for a raw value that
// is not JSON; dst is then returned as it was.
func (nm *NonMatch) AppendJSON(dst []byte) ([]byte, error) {
	if math.IsInf(nm.Delta, 0) || math.IsNaN(nm.Delta) {
		return dst, fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(nm.Delta, 'g', -1, 64))
	}
	orig := len(dst)
	var err error
	dst = append(dst, '{')
	if len(nm.ID) > 0 {
		dst = append(dst, `"id":`...)
		if dst, err = appendRawJSON(dst, nm.ID); err != nil {
			return dst[:orig], err
		}
		dst = append(dst, ',')
	}
	if nm.Line != 0 {
		dst = append(dst, `"line":`...)
		dst = strconv.AppendInt(dst, int64(nm.Line), 10)
		dst = append(dst, ',')
	}
	dst = append(dst, `"path":`...)
	dst = appendJSONString(dst, nm.Path)
	dst = append(dst, `,"gold_pointer":`...)
	dst = appendStringPointer(dst, nm.GoldPointer)
	dst = append(dst, `,"candidate_pointer":`...)
	dst = appendStringPointer(dst, nm.CandidatePointer)
	dst = append(dst, `,"class":`...)
	dst = appendJSONString(dst, nm.Class)
	if len(nm.Gold) > 0 {
		dst = append(dst, `,"gold":`...)
		if dst, err = appendRawJSON(dst, nm.Gold); err != nil {
			return dst[:orig], err
		}
	}
	if len(nm.Candidate) > 0 {
		dst = append(dst, `,"candidate":`...)
		if dst, err = appendRawJSON(dst, nm.Candidate); err != nil {
			return dst[:orig], err
		}
	}
	dst = append(dst, `,"delta":`...)
	dst = appendJSONFloat(dst, nm.Delta)
	return append(dst, '}'), nil
}

// appendStringPointer appends *s as a JSON string, or null for nil.
func appendStringPointer(dst []byte, s *string) []byte {
	if s == nil {
		return append(dst, "null"...)
	}
	return appendJSONString(dst, *s)
}

const lowerHex = "0123456789abcdef"

// appendJSONString appends s as json.Marshal writes a string (with HTML
// escaping).
func appendJSONString(dst []byte, s string) []byte {
	return jsonval.AppendString(dst, s, jsonval.MarshalStyle)
}

// appendJSONFloat appends a finite f as encoding/json writes a float64:
// the shortest decimal that reads back as f, in the 'f' layout, or the 'e'
// layout for magnitudes below 1e-6 or from 1e21 on, with a one-digit
// negative exponent unpadded (1e-7, not 1e-07).
func appendJSONFloat(dst []byte, f float64) []byte {
	layout := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		layout = 'e'
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, layout, -1, 64)
	if layout == 'e' {
		if n := len(dst) - start; n >= 4 && dst[len(dst)-4] == 'e' && dst[len(dst)-3] == '-' && dst[len(dst)-2] == '0' {
			dst[len(dst)-2] = dst[len(dst)-1]
			dst = dst[:len(dst)-1]
		}
	}
	return dst
}

// appendRawJSON appends the JSON text raw as encoding/json writes a
// json.RawMessage member: compacted, with '<', '>', '&', U+2028 and U+2029
// escaped as \u00hh and \u202h wherever they are. Text that rawPlain
// accepts (valid and compact, as jsonval.AppendJSON writes it) is escaped
// here; anything else (whitespace between tokens, deep nesting, text that
// is not JSON) is left to json.Marshal, whose error it returns.
func appendRawJSON(dst []byte, raw json.RawMessage) ([]byte, error) {
	if !rawPlain(raw) {
		data, err := json.Marshal(raw)
		if err != nil {
			return dst, err
		}
		return append(dst, data...), nil
	}
	start := 0
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '<' || c == '>' || c == '&':
			dst = append(dst, raw[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xF])
			start = i + 1
		case c == 0xE2 && i+2 < len(raw) && raw[i+1] == 0x80 && raw[i+2]&^1 == 0xA8:
			dst = append(dst, raw[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', lowerHex[raw[i+2]&0xF])
			i += 2
			start = i + 1
		}
	}
	return append(dst, raw[start:]...), nil
}

// maxPlainDepth bounds the nesting rawPlain accepts (encoding/json's own
// bound is deeper; deeper text takes json.Marshal's path).
const maxPlainDepth = 64

// rawPlain reports whether raw is one JSON value with no whitespace
// between its tokens, nested at most maxPlainDepth deep. It may reject
// such text (then appendRawJSON asks json.Marshal) but never accepts
// anything else.
func rawPlain(raw []byte) bool {
	end, ok := plainValue(raw, 0, 0)
	return ok && end == len(raw)
}

// plainValue scans the value that starts at raw[i] and returns the index
// just after it.
func plainValue(raw []byte, i, depth int) (int, bool) {
	if i >= len(raw) {
		return i, false
	}
	switch c := raw[i]; {
	case c == '"':
		return plainString(raw, i)
	case c == '{':
		if depth >= maxPlainDepth {
			return i, false
		}
		i++
		if i < len(raw) && raw[i] == '}' {
			return i + 1, true
		}
		for {
			var ok bool
			if i >= len(raw) || raw[i] != '"' {
				return i, false
			}
			if i, ok = plainString(raw, i); !ok || i >= len(raw) || raw[i] != ':' {
				return i, false
			}
			if i, ok = plainValue(raw, i+1, depth+1); !ok || i >= len(raw) {
				return i, false
			}
			switch raw[i] {
			case ',':
				i++
			case '}':
				return i + 1, true
			default:
				return i, false
			}
		}
	case c == '[':
		if depth >= maxPlainDepth {
			return i, false
		}
		i++
		if i < len(raw) && raw[i] == ']' {
			return i + 1, true
		}
		for {
			var ok bool
			if i, ok = plainValue(raw, i, depth+1); !ok || i >= len(raw) {
				return i, false
			}
			switch raw[i] {
			case ',':
				i++
			case ']':
				return i + 1, true
			default:
				return i, false
			}
		}
	case c == '-' || '0' <= c && c <= '9':
		return plainNumber(raw, i)
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(raw)-i >= len(lit) && string(raw[i:i+len(lit)]) == lit {
			return i + len(lit), true
		}
	}
	return i, false
}

// plainString scans the string literal that starts at raw[i] (a '"'):
// any byte from 0x20 on but '"' and '\\' stands for itself (invalid UTF-8
// included, as encoding/json's scanner accepts it), and the escapes are
// JSON's.
func plainString(raw []byte, i int) (int, bool) {
	for i++; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return i, false
		case c == '\\':
			i++
			if i >= len(raw) {
				return i, false
			}
			switch raw[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(raw)-i <= 4 {
					return i, false
				}
				for _, h := range raw[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return i, false
					}
				}
				i += 4
			default:
				return i, false
			}
		}
	}
	return i, false
}

// plainNumber scans the number that starts at raw[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func plainNumber(raw []byte, i int) (int, bool) {
	digits := func(i int) (int, bool) {
		j := i
		for j < len(raw) && '0' <= raw[j] && raw[j] <= '9' {
			j++
		}
		return j, j > i
	}
	if raw[i] == '-' {
		i++
	}
	if i < len(raw) && raw[i] == '0' {
		i++
	} else if j, ok := digits(i); ok {
		i = j
	} else {
		return i, false
	}
	if i < len(raw) && raw[i] == '.' {
		j, ok := digits(i + 1)
		if !ok {
			return j, false
		}
		i = j
	}
	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		i++
		if i < len(raw) && (raw[i] == '+' || raw[i] == '-') {
			i++
		}
		j, ok := digits(i)
		if !ok {
			return j, false
		}
		i = j
	}
	return i, true
}
