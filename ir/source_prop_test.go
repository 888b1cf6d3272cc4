package ir

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	gprop "github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/jsonval"
)

// randomDoc builds a random JSON document with random whitespace, and the
// value it denotes. Object keys within one object are distinct.
func randomDoc(r *rand.Rand, depth int) (string, jsonval.Value) {
	var b strings.Builder
	ws := func() {
		for range r.IntN(3) {
			b.WriteByte(" \t\n\r"[r.IntN(4)])
		}
	}
	var gen func(d int) jsonval.Value
	gen = func(d int) jsonval.Value {
		ws()
		defer ws()
		k := r.IntN(8)
		if d >= depth && k >= 6 {
			k = r.IntN(6)
		}
		switch k {
		case 0:
			b.WriteString("null")
			return jsonval.NullValue()
		case 1:
			v := r.IntN(2) == 0
			b.WriteString(strconv.FormatBool(v))
			return jsonval.NewBool(v)
		case 2:
			i := r.Int64N(1<<40) - 1<<39
			b.WriteString(strconv.FormatInt(i, 10))
			return jsonval.NewInt(i)
		case 3:
			f := (r.Float64() - 0.5) * float64(r.IntN(1000))
			text := strconv.FormatFloat(f, 'e', -1, 64)
			b.WriteString(text)
			g, _ := strconv.ParseFloat(text, 64)
			return jsonval.NewFloat(g)
		case 4, 5:
			s := randomString(r)
			b.WriteString(jsonQuote(s))
			return jsonval.NewString(s)
		case 6:
			b.WriteByte('[')
			n := r.IntN(4)
			elems := make([]jsonval.Value, 0, n)
			for i := range n {
				if i > 0 {
					b.WriteByte(',')
				}
				elems = append(elems, gen(d+1))
			}
			if n == 0 {
				ws()
			}
			b.WriteByte(']')
			return jsonval.NewArray(elems)
		default:
			b.WriteByte('{')
			n := r.IntN(4)
			members := make([]jsonval.Member, 0, n)
			seen := map[string]bool{}
			for len(members) < n {
				key := randomString(r)
				if seen[key] {
					continue
				}
				seen[key] = true
				if len(members) > 0 {
					b.WriteByte(',')
				}
				ws()
				b.WriteString(jsonQuote(key))
				ws()
				b.WriteByte(':')
				members = append(members, jsonval.Member{Key: key, Value: gen(d + 1)})
			}
			if n == 0 {
				ws()
			}
			b.WriteByte('}')
			return jsonval.NewObject(members)
		}
	}
	v := gen(0)
	return b.String(), v
}

// jsonQuote renders s as a JSON string literal.
func jsonQuote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func randomString(r *rand.Rand) string {
	const alphabet = "ab/~é日\"\\\n\x01😀"
	runes := []rune(alphabet)
	var b strings.Builder
	for range r.IntN(5) {
		b.WriteRune(runes[r.IntN(len(runes))])
	}
	return b.String()
}

// checkLocations verifies that every recorded offset points at the value's or
// key's first byte and that every pointer resolves back to its value.
func checkLocations(src *source, v *srcValue) bool {
	first := map[jsonval.Kind]string{
		jsonval.Null: "n", jsonval.Bool: "tf", jsonval.Int: "-0123456789", jsonval.Float: "-0123456789",
		jsonval.String: `"`, jsonval.Array: "[", jsonval.Object: "{",
	}
	if v.off >= len(src.data) || !strings.ContainsRune(first[v.kind], rune(src.data[v.off])) {
		return false
	}
	var tokens []string
	if v.ptr != "" {
		for _, t := range strings.Split(v.ptr[1:], "/") {
			tokens = append(tokens, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
		}
	}
	if got, ok := src.lookup(tokens); !ok || got != v {
		return false
	}
	for _, e := range v.arr {
		if !checkLocations(src, e) {
			return false
		}
	}
	for _, m := range v.obj {
		if src.data[m.keyOff] != '"' || !checkLocations(src, m.val) {
			return false
		}
	}
	return true
}

func TestParserProperties(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(200, 2000, 8000)
	props := gopter.NewProperties(params)
	props.Property("parse recovers the generated value, offsets and pointers", gprop.ForAll(
		func(seed uint64) bool {
			text, want := randomDoc(rand.New(rand.NewPCG(seed, 7)), 5)
			src, err := parseSource([]byte(text), 64)
			if err != nil {
				t.Logf("%q: %v", text, err)
				return false
			}
			return reflect.DeepEqual(src.root.value(), want) && checkLocations(src, src.root)
		},
		gen.UInt64(),
	))
	props.Property("line and column agree with the text", gprop.ForAll(
		func(seed uint64) bool {
			text, _ := randomDoc(rand.New(rand.NewPCG(seed, 9)), 3)
			src, err := parseSource([]byte(text), 64)
			if err != nil {
				return false
			}
			for off := range len(text) {
				line, col := src.lineCol(off)
				lines := strings.SplitAfter(text, "\n")
				pre := strings.Join(lines[:line-1], "")
				if len(pre)+col-1 != off || strings.Contains(text[len(pre):off], "\n") {
					return false
				}
			}
			return true
		},
		gen.UInt64(),
	))
	props.Property("a truncated document parses exactly when encoding/json finds it valid", gprop.ForAll(
		func(seed uint64, cut int) bool {
			text, _ := randomDoc(rand.New(rand.NewPCG(seed, 11)), 4)
			trimmed := strings.TrimRight(text, " \t\r\n")
			if len(trimmed) < 2 {
				return true
			}
			cut = cut % (len(trimmed) - 1)
			_, err := parseSource([]byte(trimmed[:cut]), 64)
			return (err == nil) == json.Valid([]byte(trimmed[:cut]))
		},
		gen.UInt64(), gen.IntRange(0, 1<<20),
	))
	props.TestingRun(t)
}

// FuzzCompile checks that Compile never panics or hangs, and that every
// diagnostic it returns is located.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("../testdata/schemas/*.json")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, tc := range badSchemas {
		f.Add([]byte(tc.schema))
	}
	f.Add([]byte(`{"$ref": "#/$defs/n", "$defs": {"n": {"type": "object", "properties": {"k": {"type": "array", "items": {"$ref": "#/$defs/n"}}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Compile(data, Options{MaxDepth: 32})
		if err != nil {
			list, ok := err.(ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %T %v", err, err)
			}
			for _, d := range list {
				if d.Pos.Line == 0 || d.Message == "" {
					t.Fatalf("unlocated diagnostic %q", d.String())
				}
			}
			return
		}
		if s.Root == nil {
			t.Fatal("nil root without an error")
		}
		for _, w := range s.Warnings {
			if w.Pos.Line == 0 {
				t.Fatalf("unlocated warning %q", w.String())
			}
		}
	})
}
