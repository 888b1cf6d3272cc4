package jsonval

import "encoding/json"

// ToAny converts v to the representation encoding/json produces with
// UseNumber, which github.com/santhosh-tekuri/jsonschema/v6 validates: nil,
// bool, json.Number, string, []any and map[string]any (for a repeated key,
// which Decode never produces, the last member wins).
//
// Numbers keep their lexical class in the json.Number text: integer-form
// values as their decimal digits (any size), float-form values in Python's
// repr layout ("5.0", "1e+16"), so a validator can tell 5 from 5.0. A
// non-finite float (which Decode never produces) becomes json.Number("NaN"),
// "Infinity" or "-Infinity", which the validator rejects as not a number. A
// Value of a Kind this package does not define is returned as is, which the
// validator reports as an invalid JSON value.
func ToAny(v Value) any {
	switch v.Kind {
	case Null:
		return nil
	case Bool:
		return v.B
	case Int, Float:
		return json.Number(AppendJSON(nil, v))
	case String:
		return v.S
	case Array:
		out := make([]any, len(v.Arr))
		for i := range v.Arr {
			out[i] = ToAny(v.Arr[i])
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Obj))
		for i := range v.Obj {
			out[v.Obj[i].Key] = ToAny(v.Obj[i].Value)
		}
		return out
	}
	return v
}
