package jsonval

// Reader reads one JSON text value by value, for decoders that fill their
// own types instead of building a Value tree (the JSON entry points of
// generated scorers). It accepts exactly the texts Decode accepts and reads
// strings and numbers as Decode does; its methods report a *SyntaxError
// where Decode would, and a *KindError when the next value is not of the
// kind asked for, after which the Reader is unusable (Err returns the first
// error).
//
// A Reader keeps the object keys it has seen interned across Reset, so a
// Reader reused for texts of one shape reads their keys without allocating.
// It also measures what it reads (Stats), for resource checks.
type Reader struct {
	d     decoder
	err   error
	first []bool // per open container: no member or element read yet
	stats Stats
	open  []int // per open container: members or elements read so far
}

// Stats measures the values a Reader has read.
type Stats struct {
	// Values counts the values and object keys read.
	Values int
	// Elems counts the array elements read.
	Elems int
	// Depth is the deepest nesting of a value: a top-level value has depth
	// 1, the members and elements of a top-level container depth 2.
	Depth int
	// MaxLen is the largest number of members or elements of one container.
	MaxLen int
	// MaxString is the length in bytes of the longest string or key.
	MaxString int
	// StringBytes is the total length in bytes of the strings and keys.
	StringBytes int
}

// KindError reports a value of another kind than the one asked for.
type KindError struct {
	Offset int64 // byte offset of the value
	Want   Kind
}

// Error implements error.
func (e *KindError) Error() string {
	return "offset " + itoa(e.Offset) + ": not " + e.Want.String()
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	for n >= 10 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	b[i] = byte('0' + n)
	return string(b[i:])
}

// Reset starts reading data with the options of Decode. It keeps the
// interned keys of earlier texts.
func (r *Reader) Reset(data []byte, opts DecodeOptions) error {
	keys := r.d.keys
	maxDepth := opts.MaxDepth
	switch {
	case maxDepth < 0:
		return &SyntaxError{Msg: "invalid DecodeOptions.MaxDepth"}
	case maxDepth == 0:
		maxDepth = DefaultMaxDepth
	}
	r.d = decoder{data: data, maxDepth: maxDepth, keys: keys, buf: r.d.buf[:0]}
	if opts.ShareText {
		r.d.text = string(data)
	}
	r.err = nil
	r.first = r.first[:0]
	r.open = r.open[:0]
	r.stats = Stats{}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		r.d.pos, r.d.bom = 3, 3
	}
	r.d.skipSpace()
	if r.d.pos >= len(r.d.data) {
		r.err = r.d.errorf(r.d.pos, "empty input")
	}
	return r.err
}

// Err returns the first error of the Reader, or nil.
func (r *Reader) Err() error { return r.err }

// Stats returns the measures of what has been read so far.
func (r *Reader) Stats() Stats { return r.stats }

func (r *Reader) fail(err error) error {
	if r.err == nil {
		r.err = err
	}
	return r.err
}

// value counts one value at the current nesting depth.
func (r *Reader) value() {
	r.stats.Values++
	r.stats.Depth = max(r.stats.Depth, len(r.open)+1)
}

// Next returns the kind of the next value without reading it: Null, Bool,
// Int for any number (Number tells integer-form from float-form), String,
// Array or Object. On an error it returns Null and Err reports it.
func (r *Reader) Next() Kind {
	if r.err != nil {
		return Null
	}
	if r.d.pos >= len(r.d.data) {
		r.fail(r.d.errorf(r.d.pos, "unexpected end of input, expected a value"))
		return Null
	}
	switch c := r.d.data[r.d.pos]; {
	case c == '{':
		return Object
	case c == '[':
		return Array
	case c == '"':
		return String
	case c == 't' || c == 'f':
		return Bool
	case c == 'n':
		return Null
	case c == '-' || c >= '0' && c <= '9':
		return Int
	}
	// Let Decode's scanner word the error.
	_, err := r.d.value()
	r.fail(err)
	return Null
}

func (r *Reader) kindError(want Kind) error {
	return r.fail(&KindError{Offset: int64(r.d.pos), Want: want})
}

// done skips the whitespace after a value.
func (r *Reader) done() { r.d.skipSpace() }

// Null reads a null.
func (r *Reader) Null() error {
	if r.Next() != Null || r.err != nil {
		return r.kindError(Null)
	}
	if err := r.d.literal("null"); err != nil {
		return r.fail(err)
	}
	r.value()
	r.done()
	return nil
}

// Bool reads a boolean.
func (r *Reader) Bool() (bool, error) {
	if r.Next() != Bool {
		return false, r.kindError(Bool)
	}
	v := r.d.data[r.d.pos] == 't'
	lit := "false"
	if v {
		lit = "true"
	}
	if err := r.d.literal(lit); err != nil {
		return false, r.fail(err)
	}
	r.value()
	r.done()
	return v, nil
}

// Number reads a number as Decode does: an Int (with Big beyond int64) for
// an integer-form literal, a Float otherwise.
func (r *Reader) Number() (Value, error) {
	if r.Next() != Int {
		return Value{}, r.kindError(Float)
	}
	v, err := r.d.number()
	if err != nil {
		return Value{}, r.fail(err)
	}
	r.value()
	r.done()
	return v, nil
}

// String reads a string.
func (r *Reader) String() (string, error) {
	if r.Next() != String {
		return "", r.kindError(String)
	}
	s, err := r.d.str()
	if err != nil {
		return "", r.fail(err)
	}
	r.value()
	r.stats.MaxString = max(r.stats.MaxString, len(s))
	r.stats.StringBytes += len(s)
	r.done()
	return s, nil
}

// enter opens a container.
func (r *Reader) enter() error {
	if err := r.d.enter(); err != nil {
		return r.fail(err)
	}
	r.value()
	r.first = append(r.first, true)
	r.open = append(r.open, 0)
	r.d.skipSpace()
	return nil
}

// leave closes the innermost container at its closing bracket.
func (r *Reader) leave() {
	k := len(r.open) - 1
	r.stats.MaxLen = max(r.stats.MaxLen, r.open[k])
	r.first, r.open = r.first[:k], r.open[:k]
	r.d.pos++
	r.d.depth--
	r.done()
}

// next reads the separator before a member or element of the innermost
// container, or its closing bracket (then it reports false).
func (r *Reader) next(end byte, what string) (bool, error) {
	if r.err != nil {
		return false, r.err
	}
	k := len(r.first) - 1
	if r.d.pos >= len(r.d.data) {
		switch {
		case !r.first[k]:
			return false, r.fail(r.d.errorf(r.d.pos, "unexpected end of input in %s, expected ',' or '%c'", what, end))
		case end == ']':
			return false, r.fail(r.d.errorf(r.d.pos, "unexpected end of input, expected a value"))
		}
		return false, r.fail(r.d.errorf(r.d.pos, "unexpected end of input in object, expected a string key"))
	}
	c := r.d.data[r.d.pos]
	if c == end {
		r.leave()
		return false, nil
	}
	if !r.first[k] {
		if c != ',' {
			return false, r.fail(r.d.errorf(r.d.pos, "unexpected %s in %s, expected ',' or '%c'", r.d.describe(r.d.pos), what, end))
		}
		r.d.pos++
		r.d.skipSpace()
	}
	r.first[k] = false
	r.open[k]++
	return true, nil
}

// BeginObject reads the opening brace of an object; NextKey then reads its
// members.
func (r *Reader) BeginObject() error {
	if r.Next() != Object {
		return r.kindError(Object)
	}
	return r.enter()
}

// NextKey reads the key of the next member of the innermost object and the
// colon after it, or the closing brace (then ok is false). The key is
// interned: repeated keys do not allocate. The caller reads the member's
// value next. A key repeated within one object is returned again (Decode
// keeps its first position and last value; callers decide).
func (r *Reader) NextKey() (key string, ok bool, err error) {
	more, err := r.next('}', "object")
	if !more || err != nil {
		return "", false, err
	}
	if r.d.pos >= len(r.d.data) || r.d.data[r.d.pos] != '"' {
		return "", false, r.fail(r.d.errorf(r.d.pos, "unexpected %s in object, expected a string key", r.d.describe(r.d.pos)))
	}
	key, err = r.d.key()
	if err != nil {
		return "", false, r.fail(err)
	}
	r.stats.Values++
	r.stats.MaxString = max(r.stats.MaxString, len(key))
	r.stats.StringBytes += len(key)
	r.d.skipSpace()
	if r.d.pos >= len(r.d.data) || r.d.data[r.d.pos] != ':' {
		return "", false, r.fail(r.d.errorf(r.d.pos, "unexpected %s after object key, expected ':'", r.d.describe(r.d.pos)))
	}
	r.d.pos++
	r.d.skipSpace()
	return key, true, nil
}

// BeginArray reads the opening bracket of an array; NextElem then reads its
// elements.
func (r *Reader) BeginArray() error {
	if r.Next() != Array {
		return r.kindError(Array)
	}
	return r.enter()
}

// NextElem reports whether another element of the innermost array follows
// (the caller reads it next), or reads the closing bracket.
func (r *Reader) NextElem() (bool, error) {
	more, err := r.next(']', "array")
	if more {
		r.stats.Elems++
	}
	return more, err
}

// End checks that only whitespace follows the top-level value.
func (r *Reader) End() error {
	if r.err != nil {
		return r.err
	}
	if r.d.pos < len(r.d.data) {
		return r.fail(r.d.errorf(r.d.pos, "unexpected %s after top-level value", r.d.describe(r.d.pos)))
	}
	return nil
}
