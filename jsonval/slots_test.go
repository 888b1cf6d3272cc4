package jsonval

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
)

// slots counts the members and elements of v's containers.
func slots(v Value) (members, elems int) {
	for _, e := range v.Arr {
		m, n := slots(e)
		members, elems = members+m, elems+n+1
	}
	for _, mb := range v.Obj {
		m, n := slots(mb.Value)
		members, elems = members+m+1, elems+n
	}
	return members, elems
}

// TestCountSlotsProperty: on well-formed text (compact, and with white
// space after every structural character) countSlots counts exactly the
// members and elements Decode makes, so that every container is cut from
// the slabs; and the decoded value is the same either way.
func TestCountSlotsProperty(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(300, 3000, 12000)
	params.MaxSize = 6
	properties := gopter.NewProperties(params)
	properties.Property("countSlots counts the containers' entries", prop.ForAll(
		func(v Value) string {
			text := AppendJSON(nil, v)
			var spaced []byte
			inString := false
			for i := 0; i < len(text); i++ {
				c := text[i]
				spaced = append(spaced, c)
				switch {
				case inString && c == '\\':
					i++
					spaced = append(spaced, text[i])
				case c == '"':
					inString = !inString
				case !inString && strings.IndexByte("{}[]:,", c) >= 0:
					spaced = append(spaced, " \n\t\r"[i%4])
				}
			}
			wantM, wantE := slots(v)
			for _, in := range [][]byte{text, spaced} {
				m, e, ok := countSlots(in)
				if ok && (m != wantM || e != wantE) {
					return fmt.Sprintf("%s: countSlots %d members %d elements, want %d, %d", in, m, e, wantM, wantE)
				}
				got, err := Decode(in, DecodeOptions{})
				if err != nil || !Equal(got, v) || shape(got) != shape(v) {
					return fmt.Sprintf("%s: decoded %v (%v)", in, got, err)
				}
			}
			return ""
		},
		genValue(3),
	))
	properties.TestingRun(t)
}

// TestCountSlotsMalformed: on malformed or deeply nested text the counts
// are only a guess, and Decode still decodes or rejects the text as before.
func TestCountSlotsMalformed(t *testing.T) {
	deep := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	if _, _, ok := countSlots([]byte(deep)); ok {
		t.Errorf("countSlots of 100 nested arrays: ok, want a guess")
	}
	if v, err := DecodeString(deep); err != nil || shape(v) == "" {
		t.Errorf("Decode of 100 nested arrays: %v", err)
	}
	for _, in := range []string{`[1,2`, `{"a":1,"b"}`, `]]]`, `[[1],[2],`, `{"a":"\"]"}`, `["\\",1]`} {
		_, _, _ = countSlots([]byte(in))
		_, err := DecodeString(in)
		ref := json.Valid([]byte(in))
		if (err == nil) != ref {
			t.Errorf("Decode(%s): %v, encoding/json valid %v", in, err, ref)
		}
	}
}
