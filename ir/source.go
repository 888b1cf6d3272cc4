package ir

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/objectaligner/oagen/jsonval"
)

// This file holds a small JSON parser that records, for every value and every
// object key, its byte offset in the schema text and its JSON Pointer. The
// project's general decoder (jsonval) does not keep positions, and
// diagnostics need them; the parser follows RFC 8259 strictly (no comments, no
// trailing commas, no NaN/Infinity) and the value-model rules of docs/SCORING.md §1.2
// (key order kept; a duplicated key keeps the position of its first occurrence
// and the value of its last).

// srcValue is one JSON value of the schema document with its location.
type srcValue struct {
	kind jsonval.Kind
	off  int    // byte offset of the value's first byte
	ptr  string // RFC 6901 JSON Pointer ("" for the document root)

	b   bool          // Bool
	num jsonval.Value // Int, Float
	str string        // String
	arr []*srcValue   // Array
	obj []srcMember   // Object, in document order
	idx map[string]int
}

// srcMember is one object member with the offset of its key.
type srcMember struct {
	key    string
	keyOff int
	val    *srcValue
}

// get returns the member named key of an object value.
func (v *srcValue) get(key string) (srcMember, bool) {
	if v == nil || v.kind != jsonval.Object {
		return srcMember{}, false
	}
	i, ok := v.idx[key]
	if !ok {
		return srcMember{}, false
	}
	return v.obj[i], true
}

// value converts the located tree to a jsonval.Value.
func (v *srcValue) value() jsonval.Value {
	switch v.kind {
	case jsonval.Bool:
		return jsonval.NewBool(v.b)
	case jsonval.Int, jsonval.Float:
		return v.num
	case jsonval.String:
		return jsonval.NewString(v.str)
	case jsonval.Array:
		elems := make([]jsonval.Value, len(v.arr))
		for i, e := range v.arr {
			elems[i] = e.value()
		}
		return jsonval.NewArray(elems)
	case jsonval.Object:
		members := make([]jsonval.Member, len(v.obj))
		for i, m := range v.obj {
			members[i] = jsonval.Member{Key: m.key, Value: m.val.value()}
		}
		return jsonval.NewObject(members)
	}
	return jsonval.NullValue()
}

// kindName names a JSON value's kind the way JSON Schema does.
func kindName(v *srcValue) string {
	switch v.kind {
	case jsonval.Null:
		return "null"
	case jsonval.Bool:
		return "boolean"
	case jsonval.Int, jsonval.Float:
		return "number"
	case jsonval.String:
		return "string"
	case jsonval.Array:
		return "array"
	}
	return "object"
}

// text renders a short JSON form of a scalar value for messages.
func (v *srcValue) text() string {
	switch v.kind {
	case jsonval.Null:
		return "null"
	case jsonval.Bool:
		return strconv.FormatBool(v.b)
	case jsonval.Int:
		return v.num.BigInt().String()
	case jsonval.Float:
		return strconv.FormatFloat(v.num.F, 'g', -1, 64)
	case jsonval.String:
		return strconv.Quote(v.str)
	case jsonval.Array:
		parts := make([]string, 0, len(v.arr))
		for _, e := range v.arr {
			parts = append(parts, e.text())
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return "{…}"
}

// escapePointerToken escapes one reference token per RFC 6901.
func escapePointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// dupKey records a duplicated object key (the later occurrence).
type dupKey struct {
	ptr string // pointer of the object
	key string
	off int // offset of the later key
}

// source is a parsed schema document.
type source struct {
	data       []byte
	root       *srcValue
	lineStarts []int // byte offsets at which lines begin
	dups       []dupKey
}

// lineCol converts a byte offset into a 1-based line and byte column.
func (s *source) lineCol(off int) (line, col int) {
	i := sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, off - s.lineStarts[i] + 1
}

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off int
	ptr string // pointer of the innermost value being parsed
	msg string
}

func (e *syntaxError) Error() string { return fmt.Sprintf("offset %d: %s", e.off, e.msg) }

// parser is a recursive-descent JSON parser with a nesting limit.
type parser struct {
	data     []byte
	i        int
	maxDepth int
	dups     []dupKey
}

// parseSource parses data as one JSON document. Nesting deeper than maxDepth
// arrays/objects is a syntax error (it keeps hostile input from exhausting the
// stack).
func parseSource(data []byte, maxDepth int) (*source, *syntaxError) {
	s := &source{data: data, lineStarts: []int{0}}
	for i, c := range data {
		if c == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	p := &parser{data: data, maxDepth: maxDepth}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		p.i = 3 // a UTF-8 byte order mark
	}
	p.skipSpace()
	root, err := p.value("", 0)
	if err != nil {
		return s, err
	}
	p.skipSpace()
	if p.i < len(p.data) {
		return s, p.errorf("", "unexpected %s after the JSON value", p.describe())
	}
	s.root = root
	s.dups = p.dups
	return s, nil
}

func (p *parser) errorf(ptr, format string, args ...any) *syntaxError {
	return &syntaxError{off: p.i, ptr: ptr, msg: fmt.Sprintf(format, args...)}
}

// describe names the byte at the cursor for an error message.
func (p *parser) describe() string {
	if p.i >= len(p.data) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(p.data[p.i:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", p.data[p.i])
	}
	return strconv.QuoteRune(r)
}

func (p *parser) skipSpace() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value(ptr string, depth int) (*srcValue, *syntaxError) {
	if p.i >= len(p.data) {
		return nil, p.errorf(ptr, "unexpected end of input, expected a JSON value")
	}
	start := p.i
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(ptr, depth)
	case c == '[':
		return p.array(ptr, depth)
	case c == '"':
		s, err := p.string(ptr)
		if err != nil {
			return nil, err
		}
		return &srcValue{kind: jsonval.String, off: start, ptr: ptr, str: s}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number(ptr)
	case p.literal("true"):
		return &srcValue{kind: jsonval.Bool, off: start, ptr: ptr, b: true}, nil
	case p.literal("false"):
		return &srcValue{kind: jsonval.Bool, off: start, ptr: ptr}, nil
	case p.literal("null"):
		return &srcValue{kind: jsonval.Null, off: start, ptr: ptr}, nil
	}
	return nil, p.errorf(ptr, "unexpected %s, expected a JSON value", p.describe())
}

func (p *parser) literal(word string) bool {
	if bytes.HasPrefix(p.data[p.i:], []byte(word)) {
		p.i += len(word)
		return true
	}
	return false
}

func (p *parser) enter(ptr string, depth int) *syntaxError {
	if depth >= p.maxDepth {
		return p.errorf(ptr, "schema nesting exceeds the limit of %d JSON levels", p.maxDepth)
	}
	return nil
}

func (p *parser) object(ptr string, depth int) (*srcValue, *syntaxError) {
	if err := p.enter(ptr, depth); err != nil {
		return nil, err
	}
	v := &srcValue{kind: jsonval.Object, off: p.i, ptr: ptr, idx: map[string]int{}}
	p.i++ // '{'
	p.skipSpace()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return v, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, p.errorf(ptr, "unexpected %s, expected a string key", p.describe())
		}
		keyOff := p.i
		key, err := p.string(ptr)
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.errorf(ptr, "unexpected %s, expected ':' after object key", p.describe())
		}
		p.i++
		p.skipSpace()
		val, err := p.value(ptr+"/"+escapePointerToken(key), depth+1)
		if err != nil {
			return nil, err
		}
		if i, ok := v.idx[key]; ok {
			// docs/SCORING.md §1.2: first position, last value.
			v.obj[i].val = val
			p.dups = append(p.dups, dupKey{ptr: ptr, key: key, off: keyOff})
		} else {
			v.idx[key] = len(v.obj)
			v.obj = append(v.obj, srcMember{key: key, keyOff: keyOff, val: val})
		}
		p.skipSpace()
		if p.i >= len(p.data) {
			return nil, p.errorf(ptr, "unexpected end of input, expected ',' or '}'")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return v, nil
		default:
			return nil, p.errorf(ptr, "unexpected %s, expected ',' or '}'", p.describe())
		}
	}
}

func (p *parser) array(ptr string, depth int) (*srcValue, *syntaxError) {
	if err := p.enter(ptr, depth); err != nil {
		return nil, err
	}
	v := &srcValue{kind: jsonval.Array, off: p.i, ptr: ptr}
	p.i++ // '['
	p.skipSpace()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.skipSpace()
		elem, err := p.value(ptr+"/"+strconv.Itoa(len(v.arr)), depth+1)
		if err != nil {
			return nil, err
		}
		v.arr = append(v.arr, elem)
		p.skipSpace()
		if p.i >= len(p.data) {
			return nil, p.errorf(ptr, "unexpected end of input, expected ',' or ']'")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return v, nil
		default:
			return nil, p.errorf(ptr, "unexpected %s, expected ',' or ']'", p.describe())
		}
	}
}

// number parses -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? and keeps its
// lexical class (docs/SCORING.md §1.2).
func (p *parser) number(ptr string) (*srcValue, *syntaxError) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.data[p.i] == '-' {
		p.i++
	}
	intStart := p.i
	if digits() == 0 {
		return nil, p.errorf(ptr, "invalid number: expected a digit")
	}
	if p.data[intStart] == '0' && p.i-intStart > 1 {
		return nil, &syntaxError{off: intStart, ptr: ptr, msg: "invalid number: leading zero"}
	}
	isFloat := false
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		isFloat = true
		if digits() == 0 {
			return nil, p.errorf(ptr, "invalid number: expected a digit after '.'")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		isFloat = true
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.errorf(ptr, "invalid number: expected a digit in the exponent")
		}
	}
	lit := string(p.data[start:p.i])
	v := &srcValue{off: start, ptr: ptr}
	if isFloat {
		// Out-of-range literals become ±Inf or 0, as Python's float() does.
		f, _ := strconv.ParseFloat(lit, 64)
		v.kind, v.num = jsonval.Float, jsonval.NewFloat(f)
		return v, nil
	}
	v.kind = jsonval.Int
	if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
		v.num = jsonval.NewInt(i)
	} else {
		b, _ := new(big.Int).SetString(lit, 10)
		v.num = jsonval.NewBigInt(b)
	}
	return v, nil
}

// string parses a JSON string at the cursor. Invalid UTF-8 and raw control
// characters are errors; an escaped lone surrogate becomes U+FFFD.
func (p *parser) string(ptr string) (string, *syntaxError) {
	p.i++ // opening quote
	start := p.i
	// Fast path: no escapes.
	for p.i < len(p.data) {
		c := p.data[p.i]
		if c == '"' {
			s := string(p.data[start:p.i])
			p.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
		p.i++
	}
	var b strings.Builder
	b.Write(p.data[start:p.i])
	for {
		if p.i >= len(p.data) {
			return "", p.errorf(ptr, "unexpected end of input in a string")
		}
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c < 0x20:
			return "", p.errorf(ptr, "invalid control character %U in a string", rune(c))
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(p.data[p.i:])
			if r == utf8.RuneError && size == 1 {
				return "", p.errorf(ptr, "invalid UTF-8 byte 0x%02x in a string", c)
			}
			b.WriteRune(r)
			p.i += size
		case c != '\\':
			b.WriteByte(c)
			p.i++
		default:
			p.i++
			if p.i >= len(p.data) {
				return "", p.errorf(ptr, "unexpected end of input in a string escape")
			}
			e := p.data[p.i]
			p.i++
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, err := p.hex4(ptr)
				if err != nil {
					return "", err
				}
				if utf16.IsSurrogate(r) {
					r2 := utf8.RuneError
					if r < 0xDC00 && p.i+1 < len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						lo, err := p.hex4(ptr)
						if err != nil {
							return "", err
						}
						if d := utf16.DecodeRune(r, lo); d != utf8.RuneError {
							r2 = d
						} else {
							p.i = save
						}
					}
					r = r2
				}
				b.WriteRune(r)
			default:
				p.i--
				return "", p.errorf(ptr, "invalid escape '\\%c' in a string", e)
			}
		}
	}
}

func (p *parser) hex4(ptr string) (rune, *syntaxError) {
	if p.i+4 > len(p.data) {
		return 0, p.errorf(ptr, "invalid \\u escape: expected 4 hex digits")
	}
	var r rune
	for k := 0; k < 4; k++ {
		c := p.data[p.i+k]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, &syntaxError{off: p.i + k, ptr: ptr, msg: "invalid \\u escape: expected 4 hex digits"}
		}
		r = r<<4 | rune(d)
	}
	p.i += 4
	return r, nil
}

// lookup resolves an unescaped-token JSON Pointer against the document.
func (s *source) lookup(tokens []string) (*srcValue, bool) {
	cur := s.root
	for _, t := range tokens {
		switch cur.kind {
		case jsonval.Object:
			m, ok := cur.get(t)
			if !ok {
				return nil, false
			}
			cur = m.val
		case jsonval.Array:
			if t == "" || (len(t) > 1 && t[0] == '0') || strings.TrimLeft(t, "0123456789") != "" {
				return nil, false
			}
			i, err := strconv.Atoi(t)
			if err != nil || i >= len(cur.arr) {
				return nil, false
			}
			cur = cur.arr[i]
		default:
			return nil, false
		}
	}
	return cur, true
}
