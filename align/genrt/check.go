package genrt

import (
	"math/big"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// The validation checks of generated code (docs/SCORING.md §1.3, §9.5): a typed value
// already has the types, the declared properties and the required members
// of its schema; generated code checks the other keywords it supports with
// these functions, which word their errors as the validator does. A check
// that passes costs a comparison and allocates nothing.

// ValidationError reports a value that fails a validation keyword of its
// schema, at the JSON Pointer of the value.
type ValidationError struct {
	Pointer string
	Message string
}

// Error implements error: "at <pointer>: <message>".
func (e *ValidationError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return "at " + p + ": " + e.Message
}

// At prefixes the pointer of err, a *ValidationError of a member value,
// with the member's key, on the way out of the check of its object.
func At(err error, key string) error {
	if e, ok := err.(*ValidationError); ok {
		e.Pointer = "/" + align.EscapePointerToken(key) + e.Pointer
	}
	return err
}

// AtIndex is At for the element at index i of an array.
func AtIndex(err error, i int) error {
	if e, ok := err.(*ValidationError); ok {
		e.Pointer = "/" + strconv.Itoa(i) + e.Pointer
	}
	return err
}

// GoldError turns the error of a gold value's check into the error the
// interpreter reports for an invalid gold (align.GoldError).
func GoldError(err error) error {
	if e, ok := err.(*ValidationError); ok {
		return &align.GoldError{Pointer: e.Pointer, Message: e.Message}
	}
	return err
}

func invalid(v jsonval.Value, text string) error {
	return &ValidationError{Message: jsonval.Readable(v) + " " + text}
}

// sized words the minLength/minItems/minProperties family of errors: special
// text at the special limit ("should be non-empty" for a minimum of 1).
func sized(v jsonval.Value, limit, special int, specialText, text string) error {
	if limit == special {
		return invalid(v, specialText)
	}
	return invalid(v, text)
}

// MinLength checks minLength (code points).
func MinLength(s string, n int) error {
	if len(s) >= 4*n || utf8.RuneCountInString(s) >= n {
		return nil
	}
	return sized(jsonval.NewString(s), n, 1, "should be non-empty", "is too short")
}

// MaxLength checks maxLength (code points).
func MaxLength(s string, n int) error {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return nil
	}
	return sized(jsonval.NewString(s), n, 0, "is expected to be empty", "is too long")
}

// Pattern checks pattern; src is the pattern as written in the schema.
func Pattern(s string, re *regexp.Regexp, src string) error {
	if re.MatchString(s) {
		return nil
	}
	return invalid(jsonval.NewString(s), "does not match "+jsonval.Readable(jsonval.NewString(src)))
}

// MinItems checks minItems of an array of n elements; v encodes it for the
// message.
func MinItems(n, limit int, v func() jsonval.Value) error {
	if n >= limit {
		return nil
	}
	return sized(v(), limit, 1, "should be non-empty", "is too short")
}

// MaxItems checks maxItems.
func MaxItems(n, limit int, v func() jsonval.Value) error {
	if n <= limit {
		return nil
	}
	return sized(v(), limit, 0, "is expected to be empty", "is too long")
}

// Count is 1 for a present member and 0 for an absent one, for the member
// counts of minProperties and maxProperties.
func Count(present bool) int {
	if present {
		return 1
	}
	return 0
}

// MinProperties checks minProperties of an object of n members.
func MinProperties(n, limit int, v func() jsonval.Value) error {
	if n >= limit {
		return nil
	}
	return sized(v(), limit, 1, "should be non-empty", "does not have enough properties")
}

// MaxProperties checks maxProperties.
func MaxProperties(n, limit int, v func() jsonval.Value) error {
	if n <= limit {
		return nil
	}
	return sized(v(), limit, 0, "is expected to be empty", "has too many properties")
}

// Bound names a numeric bound keyword.
type Bound uint8

// The numeric bounds.
const (
	Minimum Bound = iota
	Maximum
	ExclusiveMinimum
	ExclusiveMaximum
)

// CheckBound checks the numeric bound b with the limit lim on v (both
// numbers, compared by exact value).
func CheckBound(v, lim jsonval.Value, b Bound) error {
	c := CompareNumbers(v, lim)
	var ok bool
	var text string
	switch b {
	case Minimum:
		ok, text = c >= 0, "less than the minimum of"
	case Maximum:
		ok, text = c <= 0, "greater than the maximum of"
	case ExclusiveMinimum:
		ok, text = c > 0, "less than or equal to the minimum of"
	default:
		ok, text = c < 0, "greater than or equal to the maximum of"
	}
	if ok {
		return nil
	}
	return invalid(v, "is "+text+" "+jsonval.Readable(lim))
}

// CompareNumbers compares two numbers by exact value: -1, 0 or +1.
func CompareNumbers(a, b jsonval.Value) int {
	switch {
	case a.Kind == jsonval.Float && b.Kind == jsonval.Float:
		return cmp3(a.F < b.F, a.F > b.F)
	case a.Kind == jsonval.Int && b.Kind == jsonval.Int && a.Big == nil && b.Big == nil:
		return cmp3(a.I < b.I, a.I > b.I)
	case a.Kind == jsonval.Int && b.Kind == jsonval.Float && a.Big == nil && a.I > -exactInt && a.I < exactInt:
		return cmp3(float64(a.I) < b.F, float64(a.I) > b.F)
	case a.Kind == jsonval.Float && b.Kind == jsonval.Int && b.Big == nil && b.I > -exactInt && b.I < exactInt:
		return cmp3(a.F < float64(b.I), a.F > float64(b.I))
	}
	return rat(a).Cmp(rat(b))
}

func cmp3(less, more bool) int {
	switch {
	case less:
		return -1
	case more:
		return 1
	}
	return 0
}

func rat(v jsonval.Value) *big.Rat {
	if v.Kind == jsonval.Float {
		r, _ := new(big.Rat).SetString(strconv.FormatFloat(v.F, 'g', -1, 64))
		return r
	}
	return new(big.Rat).SetInt(v.BigInt())
}

// Required reports the required property name that a value lacks.
func Required(name string) error {
	return invalid(jsonval.NewString(name), "is a required property")
}

// Enum checks enum: v must be JSON-equal to one of values (docs/SCORING.md §1.2).
func Enum(v jsonval.Value, values []jsonval.Value) error {
	for _, x := range values {
		if jsonval.Equal(v, x) {
			return nil
		}
	}
	return invalid(v, "is not one of "+jsonval.Readable(jsonval.NewArray(values)))
}

// Const checks const.
func Const(v, c jsonval.Value) error {
	if jsonval.Equal(v, c) {
		return nil
	}
	return &ValidationError{Message: jsonval.Readable(c) + " was expected"}
}
