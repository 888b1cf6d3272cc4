package jsonval

import (
	"os"
	"testing"
)

// BenchmarkDecodeOrgChart decodes the paper's org chart gold value.
func BenchmarkDecodeOrgChart(b *testing.B) {
	data, err := os.ReadFile("../examples/orgchart/gold.json")
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data, DecodeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecoderOrgChart decodes the org chart gold value with one
// Decoder, as a batch worker does line after line.
func BenchmarkDecoderOrgChart(b *testing.B) {
	data, err := os.ReadFile("../examples/orgchart/gold.json")
	if err != nil {
		b.Skip(err)
	}
	var dd Decoder
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dd.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendJSONOrgChart encodes the org chart gold value.
func BenchmarkAppendJSONOrgChart(b *testing.B) {
	data, err := os.ReadFile("../examples/orgchart/gold.json")
	if err != nil {
		b.Skip(err)
	}
	v, err := Decode(data, DecodeOptions{})
	if err != nil {
		b.Fatal(err)
	}
	buf := AppendJSON(nil, v)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendJSON(buf[:0], v)
	}
}

// BenchmarkPyReprOrgChart renders the org chart gold value as Python repr.
func BenchmarkPyReprOrgChart(b *testing.B) {
	data, err := os.ReadFile("../examples/orgchart/gold.json")
	if err != nil {
		b.Skip(err)
	}
	v, err := Decode(data, DecodeOptions{})
	if err != nil {
		b.Fatal(err)
	}
	buf := AppendPyRepr(nil, v)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendPyRepr(buf[:0], v)
	}
}
