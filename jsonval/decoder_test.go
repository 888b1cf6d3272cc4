package jsonval

import (
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
)

// TestDecoderSequence: one Decoder decoding a sequence of documents (of
// varying sizes, some malformed) returns, for each, what Decode returns:
// the same value of the same shape, or the same error.
func TestDecoderSequence(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(200, 2000, 8000)
	params.MaxSize = 6
	properties := gopter.NewProperties(params)
	properties.Property("a Decoder decodes each document as Decode does", prop.ForAll(
		func(vs []Value, cut int) string {
			var dd Decoder
			for i, v := range vs {
				text := AppendJSON(nil, v)
				if i%3 == 2 && len(text) > 1 {
					text = text[:1+cut%(len(text)-1)] // malformed (or, rarely, a scalar's prefix)
				}
				want, wantErr := Decode(text, DecodeOptions{})
				got, err := dd.Decode(text)
				if fmt.Sprint(err) != fmt.Sprint(wantErr) {
					return fmt.Sprintf("%s: error %v, want %v", text, err, wantErr)
				}
				if err != nil {
					continue
				}
				if !Equal(got, want) || shape(got) != shape(want) {
					return fmt.Sprintf("%s: decoded %v, want %v", text, got, want)
				}
			}
			return ""
		},
		gen.SliceOfN(6, genValue(3)),
		gen.IntRange(0, 1000),
	))
	properties.TestingRun(t)
}

// TestDecoderReuses: a Decoder decoding a document no larger than the
// one before takes its containers from the kept slabs: one allocation (the
// shared text), where Decode makes five for the org chart.
func TestDecoderReuses(t *testing.T) {
	text := []byte(`{"people":[{"name":"Ann","role":"CEO","reports":["b","c"]},{"name":"Bob","role":"CTO","reports":[]}],"period":[2020,2024],"tags":{"a":1,"b":[true,null]}}`)
	var dd Decoder
	if _, err := dd.Decode(text); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := dd.Decode(text); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("Decoder.Decode: %v allocations a call, want 1", allocs)
	}
	if fresh := testing.AllocsPerRun(100, func() { _, _ = Decode(text, DecodeOptions{}) }); fresh <= allocs {
		t.Errorf("Decode: %v allocations, Decoder %v: nothing saved", fresh, allocs)
	}
}

// TestDecoderLarge: documents beyond the kept storage (maxKeptSlots) decode
// right, before and after small ones, and leave the kept slabs bounded.
func TestDecoderLarge(t *testing.T) {
	big := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"a":[`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"k%d":%d}`, i, i)
		}
		b.WriteString(`]}`)
		return b.String()
	}
	var dd Decoder
	for _, text := range []string{big(maxKeptSlots + 10), `[1,{"x":[2,3]}]`, big(50), big(maxKeptSlots * 2), big(3), `"s"`, big(maxKeptSlots)} {
		want, err := DecodeString(text)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dd.Decode([]byte(text))
		if err != nil || !Equal(got, want) || shape(got) != shape(want) {
			t.Fatalf("%.40s…: decoded %.60v (%v)", text, got, err)
		}
		if cap(dd.memSlab) > maxKeptSlots || cap(dd.valSlab) > maxKeptSlots {
			t.Fatalf("%.40s…: kept %d members, %d elements (limit %d)", text, cap(dd.memSlab), cap(dd.valSlab), maxKeptSlots)
		}
	}
}

// TestDecoderShapes: the documents whose counts differ from the decoded
// entries (duplicate keys, in small objects and in objects past the
// linear-scan size), nesting past countSizes' depth, empty containers
// and white space everywhere decode with a Decoder as with Decode.
func TestDecoderShapes(t *testing.T) {
	var many strings.Builder
	many.WriteString(`{`)
	for i := range 40 {
		fmt.Fprintf(&many, `"k%d":[%d,{"x":%d}],`, i%23, i, i)
	}
	many.WriteString(`"k0":{"last":true}}`)
	docs := []string{
		`{"a":1,"b":2,"a":3}`,
		`[{"a":[1,{"a":2,"a":[3,4]}],"a":{}},[],{},[[]],"x"]`,
		many.String(),
		strings.Repeat(`[{"a":`, 40) + `1` + strings.Repeat(`}]`, 40),
		strings.Repeat(`[`, 200) + `"deep"` + strings.Repeat(`]`, 200),
		" {\n\t\"a\" : [ 1 , 2 ,\r\n 3 ] , \"b\" : { } , \"c\" : [ ] } ",
		`{"s":"a\"]}[{,:\\","t":["\u005d",":"]}`,
		`[1,2,3]`,
	}
	var dd Decoder
	for round := range 2 {
		for _, doc := range docs {
			want, err := DecodeString(doc)
			if err != nil {
				t.Fatalf("%.40s: %v", doc, err)
			}
			got, err := dd.Decode([]byte(doc))
			if err != nil || !Equal(got, want) || shape(got) != shape(want) || string(AppendJSON(nil, got)) != string(AppendJSON(nil, want)) {
				t.Fatalf("round %d, %.40s: decoded %.80v (%v), want %.80v", round, doc, got, err, want)
			}
		}
	}
}

// TestDecoderUncounted: after a text of some length, a Decoder takes the
// containers of any text no longer than it from the kept slabs without
// counting its entries first (slotBounds), even when it is as dense as
// JSON allows: a sparse text, then dense ones of at most its length, cost
// one allocation each (the shared text), and decode as Decode does.
func TestDecoderUncounted(t *testing.T) {
	sparse := `{"a":["` + strings.Repeat("x", 400) + `"]}`
	dense := "[" + strings.Repeat("1,", 190) + "1]"
	members := "{" + strings.Repeat(`"":[],`, 50) + `"a":1}` // one member: the key repeats
	nested := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	var dd Decoder
	if _, err := dd.Decode([]byte(sparse)); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{dense, members, nested} {
		if len(text) > len(sparse) {
			t.Fatalf("%.20s…: %d bytes, longer than the sparse text", text, len(text))
		}
		want, err := DecodeString(text)
		if err != nil {
			t.Fatal(err)
		}
		data := []byte(text)
		got, err := dd.Decode(data)
		if err != nil || !Equal(got, want) || shape(got) != shape(want) {
			t.Fatalf("%.20s…: decoded %.40v (%v)", text, got, err)
		}
		if allocs := testing.AllocsPerRun(20, func() { _, _ = dd.Decode(data) }); allocs > 1 {
			t.Errorf("%.20s…: %v allocations a call, want 1", text, allocs)
		}
	}
}
