package request

import (
	"encoding/json"
	"testing"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestAppendBijectionsKeys: a gold id that is not a string is written as
// the JSON string of its JSON text, whatever its kind; the response parses
// as JSON.
func TestAppendBijectionsKeys(t *testing.T) {
	ids := []string{`"e1"`, `"a\"b\\c"`, `7`, `-12`, `123456789012345678901234567890`, `2.5`, `1e+300`, `true`, `null`}
	var pairs []interp.IDPair
	for i, text := range ids {
		v, err := jsonval.DecodeString(text)
		if err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, interp.IDPair{Gold: v, Candidate: jsonval.NewInt(int64(i)), HasCandidate: i%2 == 0})
	}
	got := string(AppendBijections(nil, []interp.Bijection{{Scope: "p", Pairs: pairs}}))
	want := `{"p":{"e1":0,"a\"b\\c":null,"7":2,"-12":null,"123456789012345678901234567890":4,"2.5":null,"1e+300":6,"true":null,"null":8}}`
	if got != want {
		t.Errorf("AppendBijections:\n got %s\nwant %s", got, want)
	}
	if !json.Valid([]byte(got)) {
		t.Errorf("not JSON: %s", got)
	}
}
