package genrt

import (
	"github.com/objectaligner/oagen/jsonval"
)

// Encoding typed values as JSON (build mode, the generic path) and decoding
// JSON texts into them (the JSON entry points). Generated code writes one
// encoder and one decoder per struct type and composes these for the rest.

// Integer is the set of Go integer types that hold JSON integers.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32
}

// JSONString, JSONInt, JSONFloat and JSONBool encode a primitive of any type
// of its kind.
func JSONString[S ~string](v S) jsonval.Value { return jsonval.NewString(string(v)) }

// JSONInt encodes an integer.
func JSONInt[I Integer](v I) jsonval.Value { return jsonval.NewInt(int64(v)) }

// JSONFloat encodes a number by value, as the interpreter's canonical form
// writes it: an integral value as an integer (jsonval.NumberByValue).
func JSONFloat[F ~float64](v F) jsonval.Value {
	return jsonval.NumberByValue(jsonval.NewFloat(float64(v)))
}

// JSONBool encodes a boolean.
func JSONBool[B ~bool](v B) jsonval.Value { return jsonval.NewBool(bool(v)) }

// JSONPtr encodes *p with enc, or null for a nil p.
func JSONPtr[V any](p *V, enc func(V) jsonval.Value) jsonval.Value {
	if p == nil {
		return jsonval.Value{}
	}
	return enc(*p)
}

// NilSlice returns nil for a pointer to a nil slice, which encoding/json
// writes as null, and p otherwise.
func NilSlice[E any](p *[]E) *[]E {
	if p != nil && *p == nil {
		return nil
	}
	return p
}

// DecodeString, DecodeInt, DecodeFloat and DecodeBool read a primitive into
// *dst; they report false when the next value is not one of that kind that
// the type holds faithfully.
func DecodeString[S ~string](r *jsonval.Reader, dst *S) bool {
	s, err := r.String()
	*dst = S(s)
	return err == nil
}

// DecodeInt reads a number of integral value that fits the type (12 or
// 12.0: numbers are compared by value).
func DecodeInt[I Integer](r *jsonval.Reader, dst *I) bool {
	v, err := r.Number()
	if err != nil {
		return false
	}
	v = jsonval.NumberByValue(v)
	if v.Kind != jsonval.Int || v.Big != nil || int64(I(v.I)) != v.I {
		return false
	}
	*dst = I(v.I)
	return true
}

// DecodeFloat reads a number that a float64 holds exactly (an integer
// beyond 2^53 in integer form does not fit).
func DecodeFloat[F ~float64](r *jsonval.Reader, dst *F) bool {
	v, err := r.Number()
	switch {
	case err != nil:
		return false
	case v.Kind == jsonval.Float:
		*dst = F(v.F)
		return true
	case v.Big == nil && v.I > -exactInt && v.I < exactInt:
		*dst = F(v.I)
		return true
	}
	return false
}

// DecodeBool reads a boolean.
func DecodeBool[B ~bool](r *jsonval.Reader, dst *B) bool {
	b, err := r.Bool()
	*dst = B(b)
	return err == nil
}

// DecodePtr reads a value that may be null into *dst: nil for null, else a
// new value read with dec.
func DecodePtr[V any](r *jsonval.Reader, dst **V, dec func(*jsonval.Reader, *V) bool) bool {
	if r.Next() == jsonval.Null {
		*dst = nil
		return r.Null() == nil
	}
	return DecodeNew(r, dst, dec)
}

// DecodeNew reads a non-null value into a new *V stored in *dst.
func DecodeNew[V any](r *jsonval.Reader, dst **V, dec func(*jsonval.Reader, *V) bool) bool {
	v := new(V)
	*dst = v
	return dec(r, v)
}

// DecodeOptNull reads an optional property that admits null: null sets
// *null, a value goes into a new *V.
func DecodeOptNull[V any](r *jsonval.Reader, dst **V, null *bool, dec func(*jsonval.Reader, *V) bool) bool {
	if r.Next() == jsonval.Null {
		*dst, *null = nil, true
		return r.Null() == nil
	}
	return DecodeNew(r, dst, dec)
}

// DecodeSlice reads an array into *dst (a non-nil slice, also when empty),
// its elements with dec.
func DecodeSlice[E any](r *jsonval.Reader, dst *[]E, dec func(*jsonval.Reader, *E) bool) bool {
	if r.BeginArray() != nil {
		return false
	}
	s := []E{}
	for {
		more, err := r.NextElem()
		if err != nil {
			return false
		}
		if !more {
			*dst = s
			return true
		}
		var zero E
		s = append(s, zero)
		if !dec(r, &s[len(s)-1]) {
			return false
		}
	}
}

// DecodeRest reads the remaining elements of an array whose tuple positions
// have been read into *dst (nil when there are none).
func DecodeRest[E any](r *jsonval.Reader, dst *[]E, dec func(*jsonval.Reader, *E) bool) bool {
	for {
		more, err := r.NextElem()
		if err != nil {
			return false
		}
		if !more {
			return true
		}
		var zero E
		*dst = append(*dst, zero)
		if !dec(r, &(*dst)[len(*dst)-1]) {
			return false
		}
	}
}

// Members tracks the members of an object being decoded: Take accepts each
// property once (a repeated member, whose first position and last value
// JSON parsers disagree on, goes to the interpreter), Has reports which
// were read. Member order does not matter: objects are scored in the
// canonical order of their members (docs/SCORING.md §13.1).
type Members struct {
	seen [4]uint64
}

// Take records that property i (schema order) was read; false when it
// cannot be held (a repeated member, or beyond the 256th property).
func (m *Members) Take(i int) bool {
	if i >= 256 || m.Has(i) {
		return false
	}
	m.seen[i/64] |= 1 << (i % 64)
	return true
}

// Has reports whether property i was read.
func (m *Members) Has(i int) bool { return i < 256 && m.seen[i/64]&(1<<(i%64)) != 0 }
