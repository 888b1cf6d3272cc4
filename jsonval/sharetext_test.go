package jsonval

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// bigStringDoc is an array of n objects of short strings, some escaped:
// over 64 KiB for n of a few thousand.
func bigStringDoc(n int) []byte {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":"p%d","name":"N\u00e9 %d","title":"t%d"}`, i, i%7, i%3)
	}
	b.WriteString("]")
	return []byte(b.String())
}

// TestShareText: with DecodeOptions.ShareText, Decode and the Reader give
// the same values and strings as without it, on a document over 64 KiB, and
// Decode allocates far fewer times (one text instead of a string per value).
func TestShareText(t *testing.T) {
	data := bigStringDoc(3000)
	if len(data) <= maxSharedText {
		t.Fatalf("document of %d bytes; want more than %d", len(data), maxSharedText)
	}
	plain, err := Decode(data, DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	shared, err := Decode(data, DecodeOptions{ShareText: true})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(plain, shared) {
		t.Fatal("ShareText changed the decoded value")
	}
	read := func(opts DecodeOptions) []string {
		var r Reader
		var out []string
		if err := r.Reset(data, opts); err != nil {
			t.Fatal(err)
		}
		if err := r.BeginArray(); err != nil {
			t.Fatal(err)
		}
		for {
			ok, err := r.NextElem()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			if err := r.BeginObject(); err != nil {
				t.Fatal(err)
			}
			for {
				k, ok, err := r.NextKey()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				s, err := r.String()
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, k, s)
			}
		}
		if err := r.End(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if a, b := read(DecodeOptions{}), read(DecodeOptions{ShareText: true}); !reflect.DeepEqual(a, b) {
		t.Fatal("ShareText changed the strings the Reader returns")
	}
	allocs := func(opts DecodeOptions) float64 {
		return testing.AllocsPerRun(3, func() {
			if _, err := Decode(data, opts); err != nil {
				t.Fatal(err)
			}
		})
	}
	if p, s := allocs(DecodeOptions{}), allocs(DecodeOptions{ShareText: true}); !(s < p/2) {
		t.Errorf("Decode allocated %v times with ShareText, %v without; want under half", s, p)
	}
}
