package main

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/request"
)

// TestBatchInputProperty: for random inputs made of request lines, broken
// lines, pieces of pretty-printed documents and blank lines, readBatch
// either refuses the input as a JSON document (only when it begins with a
// JSON value spread over several lines) or yields every non-blank line,
// in order, with its own line number: the look-ahead of the document check
// loses nothing and reorders nothing.
func TestBatchInputProperty(t *testing.T) {
	e, err := request.NewEngine(request.EngineConfig{Base: request.DefaultSettings(), Schema: []byte(`{"type":"integer"}`)})
	if err != nil {
		t.Fatal(err)
	}
	ls := &eval.LineScorer{Engine: e}
	pieces := []string{
		`{"gold":1,"candidate":1}`, `{"gold":1,"candidate":`, `{`, `}`, `[`, `]`, `  "gold": 1,`,
		`"candidate": 2`, ``, `   `, "\t", `"x"`, `not json`, `{"gold":1}`, `1`,
	}
	props := gopter.NewProperties(proptest.Parameters(t))
	props.Property("the batch reader loses no line", prop.ForAll(func(seed uint64) bool {
		r := rand.New(rand.NewPCG(seed, 5))
		lines := make([]string, 1+r.IntN(12))
		for i := range lines {
			lines[i] = pieces[r.IntN(len(pieces))]
		}
		input := strings.Join(lines, "\n")
		if r.IntN(2) == 0 {
			input += "\n"
		}
		b, err := readBatch(strings.NewReader(input), ls)
		if errors.Is(err, errJSONDocument) {
			return isMultiLineDocument(lines)
		}
		if err != nil {
			t.Logf("%q: %v", input, err)
			return false
		}
		if b.first != nil && request.KindOf(b.first.Err) == request.BadJSON && isMultiLineDocument(lines) {
			t.Logf("%q: a JSON document not refused", input)
			return false
		}
		var want []int
		for i, l := range lines {
			if strings.TrimSpace(l) != "" {
				want = append(want, i+1)
			}
		}
		var got []int
		var texts []string
		if b.first != nil {
			got = append(got, firstNumber(want))
			texts = append(texts, lines[firstNumber(want)-1])
		}
		for {
			j, err := b.next()
			if err != nil || j == nil {
				break
			}
			got = append(got, j.seq)
			texts = append(texts, string(j.line))
		}
		if len(got) != len(want) {
			t.Logf("%q: lines %v, want %v", input, got, want)
			return false
		}
		for i := range got {
			if got[i] != want[i] || texts[i] != lines[want[i]-1] {
				t.Logf("%q: line %d = %q, want line %d = %q", input, got[i], texts[i], want[i], lines[want[i]-1])
				return false
			}
		}
		return true
	}, gen.UInt64()))
	props.TestingRun(t)
}

func firstNumber(want []int) int {
	if len(want) == 0 {
		return 0
	}
	return want[0]
}

// isMultiLineDocument reports whether the lines begin (after blank lines)
// with one JSON value that ends past the first non-blank line (the oracle
// of the document check, on the whole text at once).
func isMultiLineDocument(lines []string) bool {
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	if first == len(lines) {
		return false
	}
	dec := json.NewDecoder(strings.NewReader(strings.Join(lines[first:], "\n")))
	var v json.RawMessage
	return dec.Decode(&v) == nil && dec.InputOffset() > int64(len(lines[first]))
}
