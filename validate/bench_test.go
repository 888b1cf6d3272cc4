package validate

import (
	"os"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// BenchmarkValidateFig1 measures Validate on the paper's fig1 org chart
// (examples/orgchart): its schema, the gold and the (valid) candidate, on
// the fast path and on the full (santhosh) path.
func BenchmarkValidateFig1(b *testing.B) {
	read := func(name string) jsonval.Value {
		data, err := os.ReadFile("../examples/orgchart/" + name)
		if err != nil {
			b.Fatal(err)
		}
		v, err := jsonval.Decode(data, jsonval.DecodeOptions{})
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		return v
	}
	schema := read("schema.json")
	for _, path := range []struct {
		name string
		opts []Option
	}{{"fast", nil}, {"full", []Option{WithoutFastPath()}}} {
		v, err := Compile(schema, path.opts...)
		if err != nil {
			b.Fatal(err)
		}
		for _, side := range []string{"gold", "candidate"} {
			inst := read(side + ".json")
			if e := v.Validate(inst); e != nil {
				b.Fatalf("%s invalid: %v", side, e)
			}
			b.Run(path.name+"/"+side, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					v.Validate(inst)
				}
			})
		}
	}
}
