package request

import (
	"reflect"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
)

// nonZero sets v (settable) to a value other than its zero value, for the
// kinds interp.Options holds; false for a kind it does not know.
func nonZero(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(0.25)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if !nonZero(p.Elem()) {
			return false
		}
		v.Set(p)
	case reflect.Slice:
		if v.Type() != reflect.TypeFor[[]align.CustomComparator]() {
			return false
		}
		v.Set(reflect.ValueOf([]align.CustomComparator{{Registry: align.RegistryString, Name: "mine"}}))
	default:
		return false
	}
	return true
}

// TestOptionsKeyCoversOptions sets each field of interp.Options (each
// field of a struct field) in turn and requires the scorer cache key to
// change: a field added to interp.Options that the key does not render
// fails here instead of sharing scorers compiled with other options.
func TestOptionsKeyCoversOptions(t *testing.T) {
	zero := optionsKey(interp.Options{})
	typ := reflect.TypeFor[interp.Options]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		var leaves [][]int
		if f.Type.Kind() == reflect.Struct {
			for j := range f.Type.NumField() {
				leaves = append(leaves, []int{i, j})
			}
		} else {
			leaves = append(leaves, []int{i})
		}
		for _, idx := range leaves {
			var o interp.Options
			v := reflect.ValueOf(&o).Elem().FieldByIndex(idx)
			if !nonZero(v) {
				t.Errorf("interp.Options.%s (%s): a kind the test cannot set; teach optionsKey and this test", f.Name, v.Type())
				continue
			}
			if optionsKey(o) == zero {
				t.Errorf("optionsKey does not render interp.Options field %v (%s)", idx, f.Name)
			}
		}
	}
}

// TestOptionsKeyByValue checks that pointers enter the key by the value
// they point to: two options with equal WLRounds behind different pointers
// share a scorer, and nil differs from new(0).
func TestOptionsKeyByValue(t *testing.T) {
	a, b := 3, 3
	if optionsKey(interp.Options{WLRounds: &a}) != optionsKey(interp.Options{WLRounds: &b}) {
		t.Error("equal WLRounds behind two pointers give two keys")
	}
	zero := 0
	if optionsKey(interp.Options{}) == optionsKey(interp.Options{WLRounds: &zero}) {
		t.Error("WLRounds nil (unlimited) and new(0) give one key")
	}
}
