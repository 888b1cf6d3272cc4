package eval

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// checkAppendJSON fails unless nm.AppendJSON, appending after a prefix,
// writes what json.Marshal writes, and fails where it fails leaving the
// prefix as it was.
func checkAppendJSON(t *testing.T, nm *NonMatch) {
	t.Helper()
	want, werr := json.Marshal(nm)
	prefix := []byte("prefix")
	got, gerr := nm.AppendJSON(bytes.Clone(prefix))
	switch {
	case (werr == nil) != (gerr == nil):
		t.Fatalf("%#v: AppendJSON error %v, json.Marshal error %v", nm, gerr, werr)
	case werr != nil:
		if !bytes.Equal(got, prefix) {
			t.Fatalf("%#v: AppendJSON failed (%v) but changed dst to %q", nm, gerr, got)
		}
	case !bytes.Equal(got[len(prefix):], want) || !bytes.Equal(got[:len(prefix)], prefix):
		t.Fatalf("%#v:\nAppendJSON  %q\njson.Marshal %q", nm, got[len(prefix):], want)
	}
}

func TestNonMatchAppendJSONCases(t *testing.T) {
	s := func(x string) *string { return &x }
	raw := func(x string) json.RawMessage { return json.RawMessage(x) }
	cases := []NonMatch{
		{},
		{ID: raw(`7`), Path: "/people/*/name", GoldPointer: s("/people/0/name"), CandidatePointer: s("/people/1/name"),
			Class: ClassWrong, Gold: raw(`"Alice"`), Candidate: raw(`"Alicia"`), Delta: 0.125},
		{Line: 12, Path: "", GoldPointer: s(""), Class: ClassMissing, Gold: raw(`{"a":[1,2.5,-0.0,1e+16,null,true,false]}`), Delta: 1},
		{Line: -3, Path: "/a~1b/~0c", CandidatePointer: s("/x"), Class: ClassInvented, Candidate: raw(`[]`), Delta: 0},
		// HTML characters, the JavaScript line separators, control
		// characters, DEL and invalid UTF-8, in strings and raw values.
		{ID: raw(`"<id>&"`), Path: "<a>&\u2028\u2029\x7f\x00\x1f\b\f\n\r\t\"\\/", GoldPointer: s("\xff\xfe"), CandidatePointer: s("a\xe2\x80"),
			Class: "\xe2\x80\xa8x", Gold: raw("\"<>&\u2028\u2029\xff\xe2\x80\""), Candidate: raw(`{"<":"&"}`), Delta: -0.5},
		// Raw values that encoding/json compacts, or rejects.
		{ID: raw(" 7 "), Gold: raw("{ \"a\" : [ 1 , 2 ] }\n")},
		{Gold: raw(`{"a":1,}`)},
		{Gold: raw(`01`)},
		{Candidate: raw(`"\x01"`)},
		{Candidate: raw(`"\u12"`)},
		{Candidate: raw(`"\uD834\uDD1E\u00e9\/"`)},
		{Candidate: raw(`1.`)},
		{Candidate: raw(`-`)},
		{Candidate: raw(`1e`)},
		{Candidate: raw(`1E+2`)},
		{Candidate: raw(`nul`)},
		{Candidate: raw(`truefalse`)},
		{Candidate: raw(` `)},
		{Candidate: raw(`[1]]`)},
		{Candidate: raw(strings.Repeat("[", 200) + strings.Repeat("]", 200))},
		{Candidate: raw(strings.Repeat("[", 10001) + strings.Repeat("]", 10001))},
		// Non-finite deltas fail.
		{Delta: math.NaN()},
		{Delta: math.Inf(1)},
		{Delta: math.Inf(-1)},
	}
	for _, f := range []float64{math.Copysign(0, -1), 1e-6, 9.999999e-7, 1e-7, 1e21, 1e20, 123456789e13, -1e-300,
		math.SmallestNonzeroFloat64, math.MaxFloat64, 1.0 / 3, 2.5e-5, 5e-324, 0.1 + 0.2} {
		cases = append(cases, NonMatch{Delta: f})
	}
	for i := range cases {
		checkAppendJSON(t, &cases[i])
	}
}

// TestNonMatchAppendJSONRandom compares AppendJSON with json.Marshal on
// random non-matches: strings mixing the runes encoding/json treats apart,
// deltas across the float64 range, raw values as the observer makes them
// (jsonval.AppendJSON), with whitespace added, and mangled.
func TestNonMatchAppendJSONRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 25))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		nm := randomNonMatch(r)
		checkAppendJSON(t, &nm)
	}
}

// awkward are the pieces random strings are made of.
var awkward = []string{"a", "Z", "0", " ", "/", "~", "*", "<", ">", "&", `"`, `\`, "\x00", "\x1f", "\b", "\f", "\n",
	"\r", "\t", "\x7f", "é", "€", "\u2028", "\u2029", "\u2027", "\u202a", "\U0001F600", "\xff", "\xe2\x80", "\xe2",
	"\xed\xa0\x80", "\xc0\xaf", "\uFFFD", "\u00a0"}

func randomString(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(8) {
		b.WriteString(awkward[r.IntN(len(awkward))])
	}
	return b.String()
}

func randomFloat(r *rand.Rand) float64 {
	switch r.IntN(6) {
	case 0:
		return math.Float64frombits(r.Uint64()) // any bit pattern, NaN and infinities included
	case 1:
		return float64(r.IntN(2001)-1000) / 8
	case 2:
		return math.Copysign(0, -1)
	case 3:
		// Around the layout cutoffs, 1e-6 and 1e21.
		c := []float64{1e-6, 1e21}[r.IntN(2)]
		return c * (1 + (r.Float64()-0.5)*1e-9) * float64(1-2*r.IntN(2))
	}
	return math.Pow(10, r.Float64()*640-330) * float64(1-2*r.IntN(2))
}

func randomValue(r *rand.Rand, depth int) jsonval.Value {
	k := r.IntN(7)
	if depth > 3 && k >= 5 {
		k = r.IntN(5)
	}
	switch k {
	case 0:
		return jsonval.NullValue()
	case 1:
		return jsonval.NewBool(r.IntN(2) == 0)
	case 2:
		return jsonval.NewInt(r.Int64N(1<<40) - 1<<39)
	case 3:
		f := randomFloat(r)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 0.5
		}
		return jsonval.NewFloat(f)
	case 4:
		return jsonval.NewString(randomString(r))
	case 5:
		var a []jsonval.Value
		for range r.IntN(4) {
			a = append(a, randomValue(r, depth+1))
		}
		return jsonval.NewArray(a)
	}
	var m []jsonval.Member
	for range r.IntN(4) {
		m = append(m, jsonval.Member{Key: randomString(r), Value: randomValue(r, depth+1)})
	}
	return jsonval.NewObject(m)
}

// randomRaw is a raw value: absent, as the observer writes it, with
// whitespace around and between its tokens, or mangled (cut, a byte
// changed), which is often no JSON.
func randomRaw(r *rand.Rand) json.RawMessage {
	if r.IntN(8) == 0 {
		return nil
	}
	b := jsonval.AppendJSON(nil, randomValue(r, 0))
	switch r.IntN(8) {
	case 0:
		var sp []byte
		for i, c := range b {
			if c == ',' || c == ':' || i == 0 {
				sp = append(sp, " \t\n\r"[r.IntN(4)])
			}
			sp = append(sp, c)
		}
		return sp
	case 1:
		return b[:r.IntN(len(b)+1)]
	case 2:
		const mangle = "{}[],:\"\\ 0-.eE+tfn\x01\xe2<"
		b[r.IntN(len(b))] = mangle[r.IntN(len(mangle))]
	}
	return b
}

func randomNonMatch(r *rand.Rand) NonMatch {
	ptr := func() *string {
		if r.IntN(4) == 0 {
			return nil
		}
		s := randomString(r)
		return &s
	}
	nm := NonMatch{ID: randomRaw(r), Path: randomString(r), GoldPointer: ptr(), CandidatePointer: ptr(),
		Class: randomString(r), Gold: randomRaw(r), Candidate: randomRaw(r), Delta: randomFloat(r)}
	if r.IntN(2) == 0 {
		nm.Line = r.IntN(1000) - 10
	}
	return nm
}

// FuzzNonMatchAppendJSON compares AppendJSON with json.Marshal on fuzzed
// non-matches.
//
//	go test ./eval -run '^$' -fuzz FuzzNonMatchAppendJSON -fuzztime 1m
func FuzzNonMatchAppendJSON(f *testing.F) {
	f.Add([]byte(`7`), 0, "/a/*/b", "/a/0/b", true, "", false, "wrong", []byte(`"x"`), []byte(`null`), 0.25)
	f.Add([]byte(nil), 3, "<&>", "\u2028", true, "\xff", true, "missing", []byte("{ \"<\" : [1, 2.0e-7] }"), []byte(nil), 1e-7)
	f.Add([]byte(`"\u00e9"`), -1, "", "", false, "", false, "", []byte(`[1,]`), []byte("\"\xe2\x80\xa9\""), 1e21)
	f.Fuzz(func(t *testing.T, id []byte, line int, path, gp string, hasGP bool, cp string, hasCP bool, class string, gold, cand []byte, delta float64) {
		nm := NonMatch{ID: id, Line: line, Path: path, Class: class, Gold: gold, Candidate: cand, Delta: delta}
		if hasGP {
			nm.GoldPointer = &gp
		}
		if hasCP {
			nm.CandidatePointer = &cp
		}
		checkAppendJSON(t, &nm)
	})
}
