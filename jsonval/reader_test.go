package jsonval

import (
	"errors"
	"testing"
)

// readValue reads one value with r into a Value tree, keeping the first
// position and the last value of a repeated key as Decode does.
func readValue(r *Reader) (Value, error) {
	switch r.Next() {
	case Null:
		return Value{}, r.Null()
	case Bool:
		b, err := r.Bool()
		return NewBool(b), err
	case Int:
		return r.Number()
	case String:
		s, err := r.String()
		return NewString(s), err
	case Array:
		if err := r.BeginArray(); err != nil {
			return Value{}, err
		}
		var out []Value
		for {
			more, err := r.NextElem()
			if err != nil {
				return Value{}, err
			}
			if !more {
				return Value{Kind: Array, Arr: out}, nil
			}
			v, err := readValue(r)
			if err != nil {
				return Value{}, err
			}
			out = append(out, v)
		}
	case Object:
		if err := r.BeginObject(); err != nil {
			return Value{}, err
		}
		var out []Member
		for {
			k, ok, err := r.NextKey()
			if err != nil {
				return Value{}, err
			}
			if !ok {
				return Value{Kind: Object, Obj: out}, nil
			}
			v, err := readValue(r)
			if err != nil {
				return Value{}, err
			}
			dup := false
			for i := range out {
				if out[i].Key == k {
					out[i].Value, dup = v, true
				}
			}
			if !dup {
				out = append(out, Member{Key: k, Value: v})
			}
		}
	}
	return Value{}, r.Err()
}

func TestReaderMatchesDecode(t *testing.T) {
	var r Reader
	for _, doc := range []string{
		`{"a": [1, 2.5, -0, 1e3, "x\u00e9\ud83d\ude00"], "b": {"c": null, "d": true, "a": false}, "a": {}}`,
		"\ufeff [ ] ", `"s"`, `12345678901234567890123`, `[[[]], {}]`, `{"k": 1, "k": 2}`,
		// Errors: each must be Decode's.
		``, `   `, `[1,]`, `{"a" 1}`, `{"a": 1,}`, `[1 2]`, `"\ud800"`, `{"a": 1} x`, `[01]`, `NaN`, `{1: 2}`, `[`, `tru`,
	} {
		want, werr := Decode([]byte(doc), DecodeOptions{})
		var got Value
		err := r.Reset([]byte(doc), DecodeOptions{})
		if err == nil {
			got, err = readValue(&r)
		}
		if err == nil {
			err = r.End()
		}
		var se *SyntaxError
		switch {
		case werr != nil:
			if err == nil || err.Error() != werr.Error() || !errors.As(err, &se) {
				t.Errorf("%q: Reader error %v, Decode error %v", doc, err, werr)
			}
		case err != nil:
			t.Errorf("%q: Reader error %v, Decode accepts it", doc, err)
		case !Equal(got, want) || string(AppendJSON(nil, got)) != string(AppendJSON(nil, want)):
			t.Errorf("%q: Reader %s, Decode %s", doc, AppendJSON(nil, got), AppendJSON(nil, want))
		}
	}
}

func TestReaderStats(t *testing.T) {
	var r Reader
	if err := r.Reset([]byte(`{"ab": [1, "xyz", [true]], "c": {}}`), DecodeOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := readValue(&r); err != nil {
		t.Fatal(err)
	}
	// Values: the object, 2 keys, the array, 1, "xyz", [true], true, {}.
	want := Stats{Values: 9, Elems: 4, Depth: 4, MaxLen: 3, MaxString: 3, StringBytes: 6}
	if got := r.Stats(); got != want {
		t.Errorf("Stats = %+v, want %+v", got, want)
	}
	if err := r.Reset([]byte(`[1]`), DecodeOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.String(); err == nil {
		t.Error("String on an array did not fail")
	}
	var ke *KindError
	if !errors.As(r.Err(), &ke) || ke.Want != String {
		t.Errorf("Err = %v, want a KindError for a string", r.Err())
	}
}

func TestReaderKeysDoNotAllocate(t *testing.T) {
	var r Reader
	doc := []byte(`{"name": 1, "title": 2}`)
	n := testing.AllocsPerRun(100, func() {
		r.Reset(doc, DecodeOptions{})
		r.BeginObject()
		for {
			_, ok, _ := r.NextKey()
			if !ok {
				break
			}
			r.Number()
		}
	})
	if n != 0 {
		t.Errorf("reading known keys allocates %v times", n)
	}
}
