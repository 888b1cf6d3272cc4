package jsonval

import (
	"encoding/json"
	"fmt"
	"math"
)

// AppendJSON appends the compact JSON text of v to dst and returns the extended
// buffer. Object members keep their order; integer-form numbers are written in
// decimal and float-form numbers in Python's repr layout (docs/SCORING.md §10.4, always
// with a '.' or an exponent, so they stay float-form when read back: 2026.0,
// 1e+16). Strings are escaped as Python's json.dumps(ensure_ascii=False) does:
// '"', '\\' and control characters below U+0020 are escaped (\b \f \n \r \t,
// others as \u00hh), everything else, non-ASCII included, is written as UTF-8.
//
// Invalid UTF-8 in a string (which Decode never produces) is written as U+FFFD.
// Non-finite floats (which Decode never produces either) are written as NaN,
// Infinity and -Infinity, as json.dumps does; that text is not JSON, and
// MarshalJSON reports an error for it instead.
func AppendJSON(dst []byte, v Value) []byte {
	switch v.Kind {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if v.B {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Int:
		return appendInt(dst, v)
	case Float:
		switch {
		case math.IsNaN(v.F):
			return append(dst, "NaN"...)
		case math.IsInf(v.F, 1):
			return append(dst, "Infinity"...)
		case math.IsInf(v.F, -1):
			return append(dst, "-Infinity"...)
		}
		return appendPyFloat(dst, v.F)
	case String:
		return appendJSONString(dst, v.S)
	case Array:
		dst = append(dst, '[')
		for i := range v.Arr {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSON(dst, v.Arr[i])
		}
		return append(dst, ']')
	case Object:
		dst = append(dst, '{')
		for i := range v.Obj {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, v.Obj[i].Key)
			dst = append(dst, ':')
			dst = AppendJSON(dst, v.Obj[i].Value)
		}
		return append(dst, '}')
	}
	// Not a Kind this package defines; write something that does not parse.
	return fmt.Appendf(dst, "<invalid jsonval.Kind %d>", v.Kind)
}

// MarshalJSON implements json.Marshaler with the output of AppendJSON. It
// fails for values that have no JSON text: non-finite floats and invalid kinds.
func (v Value) MarshalJSON() ([]byte, error) {
	if err := checkMarshalable(v); err != nil {
		return nil, fmt.Errorf("jsonval: marshal: %w", err)
	}
	return AppendJSON(nil, v), nil
}

// UnmarshalJSON implements json.Unmarshaler with Decode (default options):
// member order and number classes are kept (a repeated key as Decode keeps
// it), so that a
// generated type's JSON-valued field (an any node, docs/SCORING.md §6.9)
// reads what encoding/json hands it faithfully.
func (v *Value) UnmarshalJSON(data []byte) error {
	x, err := Decode(data, DecodeOptions{})
	if err != nil {
		return fmt.Errorf("jsonval: unmarshal: %w", err)
	}
	*v = x
	return nil
}

// checkMarshalable reports the first part of v that has no JSON text.
func checkMarshalable(v Value) error {
	switch v.Kind {
	case Null, Bool, Int, String:
		return nil
	case Float:
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) {
			return fmt.Errorf("float %v has no JSON representation", v.F)
		}
		return nil
	case Array:
		for i := range v.Arr {
			if err := checkMarshalable(v.Arr[i]); err != nil {
				return err
			}
		}
		return nil
	case Object:
		for i := range v.Obj {
			if err := checkMarshalable(v.Obj[i].Value); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("invalid Kind %d", v.Kind)
}

var _ json.Marshaler = Value{}

// String returns the compact JSON text of v (AppendJSON).
func (v Value) String() string {
	return string(AppendJSON(nil, v))
}

// appendJSONString appends s as a JSON string literal (see AppendJSON).
func appendJSONString(dst []byte, s string) []byte {
	return AppendString(dst, s, PythonStyle)
}
