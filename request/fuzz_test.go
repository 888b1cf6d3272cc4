package request

import (
	"errors"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// FuzzParse: Parse never panics; it returns a request or an *Error of a
// known kind, and a request it returns applies to the default settings.
//
//	go test -fuzz FuzzParse ./request
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"gold":1,"candidate":2}`,
		`{"gold":{"a":[1,2]},"candidate":null,"schema":{"type":"object"},"feedback":true,"top_k":-1}`,
		`{"gold":1,"candidate":1,"options":{"wl_rounds":0,"compat":"reference","rank_by":"confidence"}}`,
		`{"gold":1,"candidate":1,"options":{"wl_rounds":null,"granularity":"all","style":"json"}}`,
		`{"gold":1}`, `[]`, `{"gold":1,"candidate":1,"id":{}}`, `{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse(data, jsonval.DecodeOptions{})
		if err != nil {
			var re *Error
			if !errors.As(err, &re) || KindOf(err) != re.Kind || (re.Kind != BadJSON && re.Kind != BadRequest) {
				t.Fatalf("Parse(%q): %v (%T)", data, err, err)
			}
			return
		}
		s := r.Apply(DefaultSettings())
		if s.Scoring.WLRounds != nil && *s.Scoring.WLRounds < 0 {
			t.Fatalf("Parse(%q): negative wl_rounds", data)
		}
	})
}
