// Package fuzz holds oagen's fuzz targets.
package fuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// FuzzDecode checks that Decode never panics, that its errors are
// *jsonval.SyntaxError values, that it accepts only what encoding/json
// considers valid (and rejects valid JSON only for the documented reasons),
// and that AppendJSON of a decoded value decodes to an Equal value with the
// same text.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"people": [{"id": 1, "name": "Alice"}], "period": [2023, 2025]}`,
		`[1, -0, -0.0, 2026.0, 1e16, 1E-5, 123456789012345678901234567890]`,
		`{"a": 1, "b": 2, "a": {"a": [null, true, false]}}`,
		`"\ud83d\ude00 \u00e9 \" \\ \/ \b\f\n\r\t"`,
		"\xEF\xBB\xBF {}",
		`"\ud800"`,
		`1e400`,
		`[[[[[[[[]]]]]]]]`,
		`{"x":`,
		"\"\xff\"",
		`NaN`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := jsonval.Decode(data, jsonval.DecodeOptions{})
		valid := json.Valid(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF")))
		if err != nil {
			var se *jsonval.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is a %T, not a *SyntaxError", err, err)
			}
			if se.Line < 1 || se.Col < 1 || se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("bad error position %+v", *se)
			}
			if valid && !documentedRejection(se.Msg) {
				t.Fatalf("encoding/json accepts %q but Decode says %v", data, err)
			}
			return
		}
		if !valid {
			t.Fatalf("Decode accepts %q, which encoding/json rejects", data)
		}
		text := jsonval.AppendJSON(nil, v)
		w, err := jsonval.Decode(text, jsonval.DecodeOptions{})
		if err != nil {
			t.Fatalf("re-decoding %s (from %q): %v", text, data, err)
		}
		if !jsonval.Equal(v, w) || !jsonval.Equal(w, v) {
			t.Fatalf("%q re-encoded as %s decodes to a different value", data, text)
		}
		if again := jsonval.AppendJSON(nil, w); !bytes.Equal(again, text) {
			t.Fatalf("%q: text changed from %s to %s", data, text, again)
		}
		if b, err := v.MarshalJSON(); err != nil || !bytes.Equal(b, text) {
			t.Fatalf("MarshalJSON = %s, %v; want %s", b, err, text)
		}
		_ = jsonval.PyRepr(v)
		_ = jsonval.ToAny(v)
	})
}

// documentedRejection reports whether msg is one of the errors Decode gives
// for JSON text that encoding/json accepts.
func documentedRejection(msg string) bool {
	for _, s := range []string{"lone surrogate escape", "invalid UTF-8 byte", "out of the float64 range", "exceeds the limit of 4300 digits", "exceeds the MaxDepth limit"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
