// Package jsonval is oagen's JSON value model (docs/SCORING.md §1.2): object
// members keep document order, duplicate keys keep the position of their
// first occurrence and the value of their last, numbers keep their lexical
// class (integer-form or float-form) and integers of any size are exact.
//
// encoding/json's map[string]any loses key order and float64 loses the number
// class, and both can drive scores, so oagen decodes into [Value] instead.
//
// [Decode] reads JSON text (RFC 8259) into a Value, with errors located by
// line and column; a leading UTF-8 byte order mark (EF BB BF) is accepted and
// skipped. [AppendJSON] writes a Value back as compact JSON, [PyRepr] renders
// it the way Python's repr shows the decoded value (docs/SCORING.md §10.4),
// [Equal] is the JSON equality of docs/SCORING.md §1.2, and [ToAny] converts a
// Value for the JSON Schema validator.
package jsonval

import "math/big"

// Kind is the kind of a JSON value, with the integer/float distinction of docs/SCORING.md §1.2.
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota
	Bool
	Int   // integer-form number: -?(0|[1-9][0-9]*)
	Float // float-form number: has a fraction part or an exponent
	String
	Array
	Object
)

// String returns the kind's name as Python's type() would print it for the
// decoded value (NoneType, bool, int, float, str, list, dict).
func (k Kind) String() string {
	switch k {
	case Null:
		return "NoneType"
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Float:
		return "float"
	case String:
		return "str"
	case Array:
		return "list"
	case Object:
		return "dict"
	}
	return "invalid"
}

// Value is one JSON value. The zero Value is JSON null.
//
// Exactly the fields that belong to Kind are meaningful: B for Bool; I (or Big,
// when the integer does not fit in int64) for Int; F for Float; S for String;
// Arr for Array; Obj for Object.
type Value struct {
	Kind Kind
	B    bool
	I    int64
	Big  *big.Int // non-nil only for Int values outside the int64 range
	F    float64
	S    string
	Arr  []Value
	Obj  []Member
}

// Member is one object member.
type Member struct {
	Key   string
	Value Value
}

// NullValue returns JSON null.
func NullValue() Value { return Value{} }

// NewBool returns a boolean value.
func NewBool(b bool) Value { return Value{Kind: Bool, B: b} }

// NewInt returns an integer-form number.
func NewInt(i int64) Value { return Value{Kind: Int, I: i} }

// NewBigInt returns an integer-form number of any size; it is stored as an int64
// when it fits.
func NewBigInt(b *big.Int) Value {
	if b.IsInt64() {
		return Value{Kind: Int, I: b.Int64()}
	}
	return Value{Kind: Int, Big: new(big.Int).Set(b)}
}

// NewFloat returns a float-form number.
func NewFloat(f float64) Value { return Value{Kind: Float, F: f} }

// NewString returns a string value.
func NewString(s string) Value { return Value{Kind: String, S: s} }

// NewArray returns an array value holding elems (not copied).
func NewArray(elems []Value) Value { return Value{Kind: Array, Arr: elems} }

// NewObject returns an object value holding members (not copied) in their order.
func NewObject(members []Member) Value { return Value{Kind: Object, Obj: members} }

// IsNull reports whether v is JSON null.
func (v Value) IsNull() bool { return v.Kind == Null }

// IsNumber reports whether v is a number of either lexical class.
func (v Value) IsNumber() bool { return v.Kind == Int || v.Kind == Float }

// Get returns the value of the member named key and whether it exists.
func (v Value) Get(key string) (Value, bool) {
	for i := range v.Obj {
		if v.Obj[i].Key == key {
			return v.Obj[i].Value, true
		}
	}
	return Value{}, false
}

// Float64 returns a number as binary64 (integer-form values are rounded to
// nearest). It returns 0 for non-numbers.
func (v Value) Float64() float64 {
	switch v.Kind {
	case Int:
		if v.Big != nil {
			f, _ := new(big.Float).SetInt(v.Big).Float64()
			return f
		}
		return float64(v.I)
	case Float:
		return v.F
	}
	return 0
}

// BigInt returns an integer-form value as a big.Int (a new one).
func (v Value) BigInt() *big.Int {
	if v.Big != nil {
		return new(big.Int).Set(v.Big)
	}
	return big.NewInt(v.I)
}
