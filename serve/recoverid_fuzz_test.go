package serve

import (
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// FuzzRecoverID: recoverID never panics; what it recovers is a scalar;
// and for a well-formed object whose first member is a scalar "id", it
// recovers exactly that id (the Python client puts "id" first).
//
//	go test -fuzz FuzzRecoverID ./serve
func FuzzRecoverID(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"gold":1,"candidate":1}`,
		`{"id":"a","gold":{"x":["\ud83d"]},"candidate":1}`,
		`{"gold":1,"id":null}`, `{"id":[1]}`, `{"id":`, `[1]`, `{"id":1e400}`,
		`{"id":"\ud800","gold":1}`, `{"id":12345678901234567890123}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		id, ok := recoverID(data)
		if ok && (id.Kind == jsonval.Array || id.Kind == jsonval.Object) {
			t.Fatalf("recoverID(%q) = %v, not a scalar", data, id)
		}
		v, err := jsonval.Decode(data, jsonval.DecodeOptions{})
		if err != nil || v.Kind != jsonval.Object || len(v.Obj) == 0 || v.Obj[0].Key != "id" {
			return
		}
		want := v.Obj[0].Value
		if want.Kind == jsonval.Array || want.Kind == jsonval.Object {
			return
		}
		if !ok || string(jsonval.AppendJSON(nil, id)) != string(jsonval.AppendJSON(nil, want)) {
			t.Fatalf("recoverID(%q) = %v, %v; want %s", data, id, ok, jsonval.AppendJSON(nil, want))
		}
	})
}
