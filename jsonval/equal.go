package jsonval

import (
	"math"
	"math/big"
)

// Equal reports whether a and b are equal as JSON values (docs/SCORING.md §1.2): null
// equals null; booleans equal by value and never equal a number; numbers equal
// by numeric value regardless of lexical class (2 == 2.0, -0.0 == 0); strings
// equal byte for byte (which, for valid UTF-8, is code point by code point);
// arrays element-wise; objects by key set and per-key value, ignoring order.
//
// An integer-form and a float-form number are compared exactly, as Python
// compares int and float: 2**53 + 1 does not equal 9007199254740992.0 although
// it rounds to it. NaN equals nothing. For an object that holds a key more than
// once (which Decode never produces), the last member with that key counts, as
// in the dict Python would build.
func Equal(a, b Value) bool {
	switch a.Kind {
	case Int, Float:
		return b.IsNumber() && numEqual(a, b)
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool:
		return a.B == b.B
	case String:
		return a.S == b.S
	case Array:
		if len(a.Arr) != len(b.Arr) {
			return false
		}
		for i := range a.Arr {
			if !Equal(a.Arr[i], b.Arr[i]) {
				return false
			}
		}
		return true
	case Object:
		return objEqual(a.Obj, b.Obj)
	}
	return false
}

// numEqual compares two numbers of either class by exact numeric value.
func numEqual(a, b Value) bool {
	switch {
	case a.Kind == Float && b.Kind == Float:
		return a.F == b.F
	case a.Kind == Int && b.Kind == Int:
		if a.Big == nil && b.Big == nil {
			return a.I == b.I
		}
		return a.BigInt().Cmp(b.BigInt()) == 0
	case a.Kind == Float:
		return intEqualsFloat(b, a.F)
	default:
		return intEqualsFloat(a, b.F)
	}
}

// intEqualsFloat reports whether the integer-form value i equals f exactly.
func intEqualsFloat(i Value, f float64) bool {
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
		return false
	}
	if i.Big == nil {
		// Both bounds are exact powers of two, so the conversion below is exact.
		if f < -(1<<63) || f >= 1<<63 {
			return false
		}
		return int64(f) == i.I
	}
	fi, _ := new(big.Float).SetFloat64(f).Int(nil) // f is integral: exact
	return fi.Cmp(i.Big) == 0
}

// objEqual compares two member lists as Python dicts.
func objEqual(a, b []Member) bool {
	if len(a) <= smallObject && len(b) <= smallObject {
		n := 0 // distinct keys of a
		for i := range a {
			if lastIndex(a, a[i].Key) != i {
				continue
			}
			n++
			j := lastIndex(b, a[i].Key)
			if j < 0 || !Equal(a[i].Value, b[j].Value) {
				return false
			}
		}
		return n == distinctKeys(b)
	}
	ma, mb := lastIndexMap(a), lastIndexMap(b)
	if len(ma) != len(mb) {
		return false
	}
	for k, i := range ma {
		j, ok := mb[k]
		if !ok || !Equal(a[i].Value, b[j].Value) {
			return false
		}
	}
	return true
}

// lastIndex returns the index of the last member named key, or -1.
func lastIndex(obj []Member, key string) int {
	for i := len(obj) - 1; i >= 0; i-- {
		if obj[i].Key == key {
			return i
		}
	}
	return -1
}

// distinctKeys counts the distinct keys of a small member list.
func distinctKeys(obj []Member) int {
	n := 0
	for i := range obj {
		if lastIndex(obj, obj[i].Key) == i {
			n++
		}
	}
	return n
}

// lastIndexMap maps each key to the index of its last member.
func lastIndexMap(obj []Member) map[string]int {
	m := make(map[string]int, len(obj))
	for i := range obj {
		m[obj[i].Key] = i
	}
	return m
}
