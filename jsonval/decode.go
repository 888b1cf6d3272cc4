package jsonval

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// DefaultMaxDepth is the nesting limit Decode applies when DecodeOptions.MaxDepth is 0.
const DefaultMaxDepth = 256

// MaxIntDigits is the largest number of decimal digits an integer-form literal may
// have. It is Python 3.11's default int_max_str_digits: the reference
// implementation cannot decode a longer integer either, and the limit keeps
// decoding time linear (decimal-to-binary conversion of a big integer is not).
const MaxIntDigits = 4300

// DecodeOptions configures Decode.
type DecodeOptions struct {
	// MaxDepth is the deepest nesting of arrays and objects accepted; a
	// top-level array or object has depth 1. 0 means DefaultMaxDepth; a
	// negative value is an error.
	MaxDepth int
	// ShareText makes the strings of the result substrings of one copy of
	// the input whatever its size, as they are for inputs of at most 64 KiB
	// without it: one allocation instead of one per string, but a string
	// that is kept keeps the whole text alive. For values that live no
	// longer than the call that decodes them.
	ShareText bool
}

// SyntaxError describes malformed JSON text.
//
// Line and Col are 1-based; Col counts bytes (not characters) from the start
// of the line, and lines end at '\n'. A leading byte order mark does not count
// towards Col. Offset is the 0-based byte offset into the input as given
// (byte order mark included).
type SyntaxError struct {
	Line, Col int
	Offset    int64
	Msg       string
}

// Error returns "line L:C: msg".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d:%d: %s", e.Line, e.Col, e.Msg)
}

// DecodeString decodes s with the default options (see Decode).
func DecodeString(s string) (Value, error) {
	return Decode([]byte(s), DecodeOptions{})
}

// Decode parses one JSON value (RFC 8259) that fills data, surrounded by optional
// whitespace, into a Value that keeps member order, duplicate-key semantics and
// number classes (docs/SCORING.md §1.2).
//
// Beyond RFC 8259 it rejects what oagen cannot represent faithfully: a float-form
// literal outside the binary64 range (underflow to zero is accepted), an
// integer-form literal of more than MaxIntDigits digits, escaped lone
// surrogates, and nesting deeper than opts.MaxDepth. NaN and Infinity are not
// JSON and are rejected. A leading UTF-8 byte order mark is skipped. Errors
// are *SyntaxError values (except for invalid options). Decode never panics and
// runs in time linear in len(data).
//
// The scanner is hand-written: encoding/json cannot at once keep member order,
// keep the integer/float class of numbers, reject escaped lone surrogates (it
// silently replaces them with U+FFFD) and report line:column positions.
func Decode(data []byte, opts DecodeOptions) (Value, error) {
	return decode(data, opts, nil)
}

// A Decoder decodes one JSON text after another, as Decode does, into
// storage it keeps from call to call: the arrays and objects of the Value
// a call returns are cut from slabs that the next call overwrites. So the
// Value, and every Value inside it, is valid only until the next call;
// its strings stay valid (they are never reused). This saves a stream of
// small documents (the lines of a batch, the requests of a server) the
// allocation, zeroing and collection of their containers' storage, which
// for a document of short strings is most of the cost of decoding it.
//
// Storage for more than maxKeptSlots members or elements is not kept. The
// zero Decoder is ready to use, with the default DecodeOptions. A Decoder
// is not safe for concurrent use.
type Decoder struct {
	// Options are the options of every call.
	Options DecodeOptions

	memSlab  []Member
	valSlab  []Value
	memStack []Member
	valStack []Value
}

// maxKeptSlots bounds the members (and, separately, the elements) whose
// storage a Decoder keeps between calls: about 400 KB each.
const maxKeptSlots = 4096

// Decode decodes data (see the package function Decode). The Value it
// returns is valid until the next call.
func (dd *Decoder) Decode(data []byte) (Value, error) {
	return decode(data, dd.Options, dd)
}

func decode(data []byte, opts DecodeOptions, keep *Decoder) (Value, error) {
	maxDepth := opts.MaxDepth
	switch {
	case maxDepth < 0:
		return Value{}, fmt.Errorf("jsonval: invalid DecodeOptions.MaxDepth %d (must be ≥ 0)", maxDepth)
	case maxDepth == 0:
		maxDepth = DefaultMaxDepth
	}
	d := decoder{data: data, maxDepth: maxDepth}
	if len(data) <= maxSharedText || opts.ShareText {
		d.text = string(data)
	}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		d.pos, d.bom = 3, 3
	}
	d.skipSpace()
	if d.pos >= len(d.data) {
		return Value{}, d.errorf(d.pos, "empty input")
	}
	if c := d.data[d.pos]; c == '{' || c == '[' {
		maxMembers, maxElems := slotBounds(len(d.data) - d.pos)
		if keep != nil && cap(keep.memSlab) >= maxMembers && cap(keep.valSlab) >= maxElems {
			// The kept slabs hold as many entries as a text of this
			// length can have: no need to count them.
			d.memSlab, d.memStack = keep.memSlab[:cap(keep.memSlab)], keep.memStack[:0]
			d.valSlab, d.valStack = keep.valSlab[:cap(keep.valSlab)], keep.valStack[:0]
		} else {
			members, elems, _ := countSlots(d.data[d.pos:])
			d.slabs(members, elems, maxMembers, maxElems, keep)
		}
	}
	v, err := d.value()
	if err != nil {
		return Value{}, err
	}
	d.skipSpace()
	if d.pos < len(d.data) {
		return Value{}, d.errorf(d.pos, "unexpected %s after top-level value", d.describe(d.pos))
	}
	return v, nil
}

// takeSlab returns a slab of n slots and an empty stack for one kind of
// slot: those kept in keepSlab and keepStack when n is at most
// maxKeptSlots, the slab made anew (and kept) with room for want slots
// (at most maxKeptSlots) when it has fewer; else new ones not kept
// (keepSlab nil: nothing is kept).
func takeSlab[T any](n, want int, keepSlab, keepStack *[]T) (slab, stack []T) {
	if keepSlab == nil || n > maxKeptSlots {
		return make([]T, n), make([]T, 0, min(n, 256))
	}
	if want = min(max(n, want), maxKeptSlots); cap(*keepSlab) < want {
		*keepSlab = make([]T, n, max(want, 64))
		if cap(*keepStack) < min(want, 256) {
			*keepStack = make([]T, 0, min(want, 256))
		}
	}
	return (*keepSlab)[:n], (*keepStack)[:0]
}

// slotBounds returns the most members and the most array elements a JSON
// text of n bytes can hold: a member takes at least its key's opening
// quote, its colon and the comma or brace after it, an element its first
// byte and the comma or bracket after it (and no two entries share these
// bytes).
func slotBounds(n int) (members, elems int) { return n/3 + 1, n/2 + 1 }

// slabs sets up the slabs and stacks for a document of the given member
// and element counts: taken from keep (and kept there for the next call)
// when it has, or may keep, enough of them, else allocated. A slab kept
// anew has room for wantMembers or wantElems (slotBounds of the text), so
// that the next text no longer than this one needs no count. A reused slab
// is not cleared: every slot a container takes is overwritten whole.
func (d *decoder) slabs(members, elems, wantMembers, wantElems int, keep *Decoder) {
	// The stacks hold at most the open containers' entries: a small
	// document's fit in their first allocation.
	if members > 0 {
		var keepSlab, keepStack *[]Member
		if keep != nil {
			keepSlab, keepStack = &keep.memSlab, &keep.memStack
		}
		d.memSlab, d.memStack = takeSlab(members, wantMembers, keepSlab, keepStack)
	}
	if elems > 0 {
		var keepSlab, keepStack *[]Value
		if keep != nil {
			keepSlab, keepStack = &keep.valSlab, &keep.valStack
		}
		d.valSlab, d.valStack = takeSlab(elems, wantElems, keepSlab, keepStack)
	}
}

// decoder is the state of one Decode call.
type decoder struct {
	data     []byte
	pos      int
	bom      int // length of the skipped byte order mark (0 or 3)
	depth    int
	maxDepth int
	buf      []byte // scratch space for strings with escapes

	// The members and elements of the containers being parsed are collected
	// on these stacks and copied into an exactly sized slice when the
	// container ends, which saves the repeated growth of one slice per
	// container (nested containers finish before their parent resumes).
	memStack []Member
	valStack []Value

	// The members and elements of finished containers are cut from these
	// slabs, sized by countSlots: a document costs two allocations, not one
	// per container.
	memSlab []Member
	valSlab []Value

	// keys interns object keys, which repeat across the objects of an array.
	keys map[string]string

	// text is the input as one string, for an input of at most
	// maxSharedText bytes or with DecodeOptions.ShareText: strings without escapes are substrings of it, so
	// that a small document costs one string allocation, not one per
	// string. (A value then keeps the whole text alive, which for such
	// inputs costs less than the headers of the strings it saves.)
	text string
}

// memberSlice returns a slice of n members, cut from the member slab
// while it lasts.
func (d *decoder) memberSlice(n int) []Member {
	if n > len(d.memSlab) {
		return make([]Member, n)
	}
	out := d.memSlab[:n:n]
	d.memSlab = d.memSlab[n:]
	return out
}

// valueSlice returns a slice of n values, cut from the value slab while it
// lasts.
func (d *decoder) valueSlice(n int) []Value {
	if n > len(d.valSlab) {
		return make([]Value, n)
	}
	out := d.valSlab[:n:n]
	d.valSlab = d.valSlab[n:]
	return out
}

// maxCountDepth is the nesting up to which countSlots counts.
const maxCountDepth = 64

// countSlots counts, in one pass over well-formed JSON text, the members of
// its objects and the elements of its arrays, so that Decode can cut every
// container's slice from two slabs. It does not validate: on malformed
// text, or nesting deeper than maxCountDepth, the counts are only a guess
// (ok false for the latter) and the decoder allocates what the slabs lack.
func countSlots(data []byte) (members, elems int, ok bool) {
	var stack [maxCountDepth]byte
	depth := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			if depth == maxCountDepth {
				return members, elems, false
			}
			stack[depth] = data[i]
			depth++
			if data[i] == '[' {
				j := i + 1
				for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
					j++
				}
				if j < len(data) && data[j] != ']' {
					elems++
				}
			}
		case '}', ']':
			if depth > 0 {
				depth--
			}
		case ':':
			if depth > 0 && stack[depth-1] == '{' {
				members++
			}
		case ',':
			if depth > 0 && stack[depth-1] == '[' {
				elems++
			}
		}
	}
	return members, elems, true
}

// Interning limits: keys longer than maxInternLen or beyond maxInterned
// distinct keys are allocated each time.
const (
	maxInternLen = 64
	maxInterned  = 1024
)

// maxSharedText bounds the inputs whose strings share one allocation.
const maxSharedText = 64 << 10

// errorf returns a *SyntaxError located at byte offset off. Line and column are
// computed here, once, so the scanner does not track them on the hot path.
func (d *decoder) errorf(off int, format string, args ...any) error {
	line, lineStart := 1, d.bom
	for i := d.bom; i < off && i < len(d.data); i++ {
		if d.data[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	return &SyntaxError{Line: line, Col: off - lineStart + 1, Offset: int64(off), Msg: fmt.Sprintf(format, args...)}
}

// describe names the byte at off for an error message.
func (d *decoder) describe(off int) string {
	if off >= len(d.data) {
		return "end of input"
	}
	c := d.data[off]
	if c >= 0x20 && c < 0x7F {
		if c == '\'' {
			return `character "'"`
		}
		return "character '" + string(rune(c)) + "'"
	}
	if c >= 0x80 {
		r, size := utf8.DecodeRune(d.data[off:])
		if r != utf8.RuneError || size > 1 {
			return fmt.Sprintf("character %U", r)
		}
		return fmt.Sprintf("invalid UTF-8 byte 0x%02x", c)
	}
	return fmt.Sprintf("control character %U", rune(c))
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// value parses a value starting at d.pos (which is not whitespace).
func (d *decoder) value() (Value, error) {
	if d.pos >= len(d.data) {
		return Value{}, d.errorf(d.pos, "unexpected end of input, expected a value")
	}
	switch c := d.data[d.pos]; c {
	case '{':
		return d.object()
	case '[':
		return d.array()
	case '"':
		s, err := d.str()
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: String, S: s}, nil
	case 't':
		return NewBool(true), d.literal("true")
	case 'f':
		return NewBool(false), d.literal("false")
	case 'n':
		return Value{}, d.literal("null")
	case 'N', 'I':
		return Value{}, d.nonFinite()
	case '-':
		if d.pos+1 < len(d.data) && d.data[d.pos+1] == 'I' {
			return Value{}, d.nonFinite()
		}
		return d.number()
	default:
		if c >= '0' && c <= '9' {
			return d.number()
		}
		return Value{}, d.errorf(d.pos, "unexpected %s, expected a value", d.describe(d.pos))
	}
}

// nonFinite reports NaN / Infinity literals with a specific message.
func (d *decoder) nonFinite() error {
	rest := d.data[d.pos:]
	for _, lit := range []string{"NaN", "Infinity", "-Infinity"} {
		if len(rest) >= len(lit) && string(rest[:len(lit)]) == lit {
			return d.errorf(d.pos, "%s is not a JSON number", lit)
		}
	}
	return d.errorf(d.pos, "unexpected %s, expected a value", d.describe(d.pos))
}

// literal consumes the keyword lit (true, false or null).
func (d *decoder) literal(lit string) error {
	for i := 0; i < len(lit); i++ {
		if d.pos >= len(d.data) {
			return d.errorf(d.pos, "unexpected end of input in literal %s", lit)
		}
		if d.data[d.pos] != lit[i] {
			return d.errorf(d.pos, "unexpected %s in literal %s", d.describe(d.pos), lit)
		}
		d.pos++
	}
	return nil
}

// enter increments the nesting depth of a container starting at d.pos.
func (d *decoder) enter() error {
	if d.depth >= d.maxDepth {
		return d.errorf(d.pos, "nesting depth exceeds the MaxDepth limit of %d", d.maxDepth)
	}
	d.depth++
	d.pos++ // '{' or '['
	return nil
}

// smallObject is the member count up to which duplicate keys are found by a
// linear scan; larger objects get a key index so decoding stays linear.
const smallObject = 16

// object parses an object starting at d.pos ('{').
func (d *decoder) object() (Value, error) {
	if err := d.enter(); err != nil {
		return Value{}, err
	}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == '}' {
		d.pos++
		d.depth--
		return Value{Kind: Object}, nil
	}
	base := len(d.memStack)
	var index map[string]int // key → position in members, once len(members) > smallObject
	for {
		if d.pos >= len(d.data) {
			return Value{}, d.errorf(d.pos, "unexpected end of input in object, expected a string key")
		}
		if d.data[d.pos] != '"' {
			return Value{}, d.errorf(d.pos, "unexpected %s in object, expected a string key", d.describe(d.pos))
		}
		key, err := d.key()
		if err != nil {
			return Value{}, err
		}
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return Value{}, d.errorf(d.pos, "unexpected %s after object key, expected ':'", d.describe(d.pos))
		}
		d.pos++
		d.skipSpace()
		val, err := d.value()
		if err != nil {
			return Value{}, err
		}
		// docs/SCORING.md §1.2 rule 2: a repeated key keeps its first position and its last value.
		members := d.memStack[base:]
		at := -1
		if index != nil {
			if i, ok := index[key]; ok {
				at = i
			}
		} else {
			for i := range members {
				if members[i].Key == key {
					at = i
					break
				}
			}
		}
		if at >= 0 {
			members[at].Value = val
		} else {
			d.memStack = append(d.memStack, Member{Key: key, Value: val})
			members = d.memStack[base:]
			if index != nil {
				index[key] = len(members) - 1
			} else if len(members) > smallObject {
				index = make(map[string]int, 2*len(members))
				for i := range members {
					index[members[i].Key] = i
				}
			}
		}
		d.skipSpace()
		if d.pos >= len(d.data) {
			return Value{}, d.errorf(d.pos, "unexpected end of input in object, expected ',' or '}'")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
			d.skipSpace()
		case '}':
			d.pos++
			d.depth--
			members := d.memberSlice(len(d.memStack) - base)
			copy(members, d.memStack[base:])
			clear(d.memStack[base:]) // drop references for the collector
			d.memStack = d.memStack[:base]
			return Value{Kind: Object, Obj: members}, nil
		default:
			return Value{}, d.errorf(d.pos, "unexpected %s in object, expected ',' or '}'", d.describe(d.pos))
		}
	}
}

// array parses an array starting at d.pos ('[').
func (d *decoder) array() (Value, error) {
	if err := d.enter(); err != nil {
		return Value{}, err
	}
	d.skipSpace()
	if d.pos < len(d.data) && d.data[d.pos] == ']' {
		d.pos++
		d.depth--
		return Value{Kind: Array}, nil
	}
	base := len(d.valStack)
	for {
		val, err := d.value()
		if err != nil {
			return Value{}, err
		}
		d.valStack = append(d.valStack, val)
		d.skipSpace()
		if d.pos >= len(d.data) {
			return Value{}, d.errorf(d.pos, "unexpected end of input in array, expected ',' or ']'")
		}
		switch d.data[d.pos] {
		case ',':
			d.pos++
			d.skipSpace()
		case ']':
			d.pos++
			d.depth--
			elems := d.valueSlice(len(d.valStack) - base)
			copy(elems, d.valStack[base:])
			clear(d.valStack[base:])
			d.valStack = d.valStack[:base]
			return Value{Kind: Array, Arr: elems}, nil
		default:
			return Value{}, d.errorf(d.pos, "unexpected %s in array, expected ',' or ']'", d.describe(d.pos))
		}
	}
}

// key parses an object key starting at d.pos ('"'), interning short keys
// without escapes.
func (d *decoder) key() (string, error) {
	if d.text != "" {
		return d.str() // a substring of the shared text: nothing to save
	}
	i := d.pos + 1
	for i < len(d.data) && i-d.pos <= maxInternLen {
		c := d.data[i]
		if c == '"' {
			raw := d.data[d.pos+1 : i]
			if k, ok := d.keys[string(raw)]; ok { // no allocation for the lookup
				d.pos = i + 1
				return k, nil
			}
			break
		}
		if c == '\\' || c < 0x20 {
			break // str decodes or rejects these
		}
		// Other bytes are compared raw: a hit means they equal a key str
		// has already decoded and validated.
		i++
	}
	k, err := d.str()
	if err != nil || len(k) > maxInternLen || len(d.keys) >= maxInterned {
		return k, err
	}
	if d.keys == nil {
		d.keys = make(map[string]string)
	}
	d.keys[k] = k
	return k, nil
}

// str parses a string literal starting at d.pos ('"') and returns its contents.
func (d *decoder) str() (string, error) {
	start := d.pos
	d.pos++
	// Fast path: no escapes, so the contents are a sub-slice of the input.
	i := d.pos
	for data := d.data; i < len(data); {
		// The bytes the switch below only steps over, a run at a time.
		for i < len(data) && plainStringByte[data[i]] {
			i++
		}
		if i == len(data) {
			break
		}
		c := data[i]
		switch {
		case c == '"':
			var s string
			if d.text != "" {
				s = d.text[d.pos:i]
			} else {
				s = string(d.data[d.pos:i])
			}
			d.pos = i + 1
			return s, nil
		case c == '\\':
			return d.strEscaped(start, i)
		case c < 0x20:
			return "", d.errorf(i, "unescaped control character %U in string", rune(c))
		default: // the first byte of a multi-byte character
			r, size := utf8.DecodeRune(d.data[i:])
			if r == utf8.RuneError && size == 1 {
				return "", d.errorf(i, "invalid UTF-8 byte 0x%02x in string", c)
			}
			i += size
		}
	}
	return "", d.errorf(start, "unterminated string")
}

// plainStringByte marks the bytes str steps over one by one: printable
// ASCII other than the quote and the backslash.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// strEscaped continues str from the first backslash at i, building the
// contents in d.buf.
func (d *decoder) strEscaped(start, i int) (string, error) {
	buf := append(d.buf[:0], d.data[d.pos:i]...)
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			d.buf = buf
			return string(buf), nil
		case c == '\\':
			if i+1 >= len(d.data) {
				return "", d.errorf(start, "unterminated string")
			}
			switch e := d.data[i+1]; e {
			case '"', '\\', '/':
				buf = append(buf, e)
				i += 2
			case 'b':
				buf = append(buf, '\b')
				i += 2
			case 'f':
				buf = append(buf, '\f')
				i += 2
			case 'n':
				buf = append(buf, '\n')
				i += 2
			case 'r':
				buf = append(buf, '\r')
				i += 2
			case 't':
				buf = append(buf, '\t')
				i += 2
			case 'u':
				r, ok := hex4(d.data[i+2:])
				if !ok {
					return "", d.errorf(i, "invalid \\u escape in string, expected 4 hex digits")
				}
				switch {
				case utf16.IsSurrogate(r) && r < 0xDC00:
					// A high surrogate must be followed by an escaped low surrogate.
					lo, ok := rune(0), false
					if j := i + 6; j+1 < len(d.data) && d.data[j] == '\\' && d.data[j+1] == 'u' {
						lo, ok = hex4(d.data[j+2:])
					}
					if !ok || lo < 0xDC00 || lo > 0xDFFF {
						return "", d.errorf(i, "lone surrogate escape %s in string", d.data[i:i+6])
					}
					buf = utf8.AppendRune(buf, utf16.DecodeRune(r, lo))
					i += 12
				case utf16.IsSurrogate(r):
					return "", d.errorf(i, "lone surrogate escape %s in string", d.data[i:i+6])
				default:
					buf = utf8.AppendRune(buf, r)
					i += 6
				}
			default:
				return "", d.errorf(i, "invalid escape sequence: backslash followed by %s", d.describe(i+1))
			}
		case c < 0x20:
			return "", d.errorf(i, "unescaped control character %U in string", rune(c))
		case c < utf8.RuneSelf:
			buf = append(buf, c)
			i++
		default:
			r, size := utf8.DecodeRune(d.data[i:])
			if r == utf8.RuneError && size == 1 {
				return "", d.errorf(i, "invalid UTF-8 byte 0x%02x in string", c)
			}
			buf = append(buf, d.data[i:i+size]...)
			i += size
		}
	}
	return "", d.errorf(start, "unterminated string")
}

// hex4 decodes four hex digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number parses a number starting at d.pos ('-' or a digit).
func (d *decoder) number() (Value, error) {
	start, i := d.pos, d.pos
	neg := d.data[i] == '-'
	if neg {
		i++
	}
	if i >= len(d.data) || !isDigit(d.data[i]) {
		return Value{}, d.errorf(i, "unexpected %s in number, expected a digit", d.describe(i))
	}
	if d.data[i] == '0' {
		i++
		if i < len(d.data) && isDigit(d.data[i]) {
			return Value{}, d.errorf(start, "invalid number: leading zero")
		}
	} else {
		for i < len(d.data) && isDigit(d.data[i]) {
			i++
		}
	}
	intEnd := i
	isFloat := false
	if i < len(d.data) && d.data[i] == '.' {
		i++
		if i >= len(d.data) || !isDigit(d.data[i]) {
			return Value{}, d.errorf(i, "unexpected %s in number, expected a digit after the decimal point", d.describe(i))
		}
		for i < len(d.data) && isDigit(d.data[i]) {
			i++
		}
		isFloat = true
	}
	if i < len(d.data) && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		if i < len(d.data) && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		if i >= len(d.data) || !isDigit(d.data[i]) {
			return Value{}, d.errorf(i, "unexpected %s in number, expected a digit in the exponent", d.describe(i))
		}
		for i < len(d.data) && isDigit(d.data[i]) {
			i++
		}
		isFloat = true
	}
	lit := d.data[start:i]
	d.pos = i
	if isFloat {
		f, err := strconv.ParseFloat(string(lit), 64)
		if math.IsInf(f, 0) {
			return Value{}, d.errorf(start, "number %s is out of the float64 range", clip(lit))
		}
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return Value{}, d.errorf(start, "invalid number %s: %v", clip(lit), err)
		}
		return Value{Kind: Float, F: f}, nil
	}
	digits := intEnd - start
	if neg {
		digits--
	}
	if digits > MaxIntDigits {
		return Value{}, d.errorf(start, "integer literal of %d digits exceeds the limit of %d digits", digits, MaxIntDigits)
	}
	if digits <= 18 { // fits in int64 without overflow checks
		var n int64
		for _, c := range d.data[intEnd-digits : intEnd] {
			n = n*10 + int64(c-'0')
		}
		if neg {
			n = -n
		}
		return Value{Kind: Int, I: n}, nil
	}
	if n, err := strconv.ParseInt(string(lit), 10, 64); err == nil {
		return Value{Kind: Int, I: n}, nil
	}
	b, ok := new(big.Int).SetString(string(lit), 10)
	if !ok {
		return Value{}, d.errorf(start, "invalid number %s", clip(lit))
	}
	return Value{Kind: Int, Big: b}, nil
}

// clip shortens a literal quoted in an error message.
func clip(lit []byte) string {
	const max = 40
	if len(lit) <= max {
		return string(lit)
	}
	return string(lit[:max]) + "…"
}
