package repair_test

import (
	"strings"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

func mustJSON(t *testing.T, s string) jsonval.Value {
	t.Helper()
	v, err := jsonval.DecodeString(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// op is an operation with a site, as the candidate-space walk makes them.
func op(kind, ptr string, seq int, value string) align.Op {
	o := align.Op{Op: kind, Site: &align.Site{Pointer: ptr, Seq: seq}}
	if value != "" {
		o.Value, _ = jsonval.DecodeString(value)
	}
	return o
}

func checkRepair(t *testing.T, cand string, ops []align.Op, wantRepaired, wantPatch string) {
	t.Helper()
	c := mustJSON(t, cand)
	got, err := repair.Apply(c, ops)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(jsonval.AppendJSON(nil, got)); s != wantRepaired {
		t.Errorf("repaired\n got  %s\n want %s", s, wantRepaired)
	}
	p, err := repair.NewPatch(c, ops)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(p.AppendJSON(nil)); s != wantPatch {
		t.Errorf("patch\n got  %s\n want %s", s, wantPatch)
	}
	if s := string(jsonval.AppendJSON(nil, c)); s != string(jsonval.AppendJSON(nil, mustJSON(t, cand))) {
		t.Errorf("the candidate was modified: %s", s)
	}
}

// TestArrayOrder works the ordering rule by hand: [a,b,c,d] with x inserted
// before b, b removed, y inserted before d, d replaced by D and z appended.
// Applied in order: add /1 x → [a,x,b,c,d]; remove /2 → [a,x,c,d]; add /3 y
// → [a,x,c,y,d]; replace /4 → [a,x,c,y,D]; add /- z → [a,x,c,y,D,z].
func TestArrayOrder(t *testing.T) {
	ops := []align.Op{ // in no particular order
		op("add", "/4", 9, `"z"`),
		op("replace", "/3", 0, `"D"`),
		op("remove", "/1", 0, ""),
		op("add", "/3", 4, `"y"`),
		op("add", "/1", 1, `"x"`),
	}
	checkRepair(t, `["a","b","c","d"]`, ops,
		`["a","x","c","y","D","z"]`,
		`[{"op":"add","path":"/1","value":"x"},{"op":"remove","path":"/2"},{"op":"add","path":"/3","value":"y"},{"op":"replace","path":"/4","value":"D"},{"op":"add","path":"/-","value":"z"}]`)
}

// TestSeqOrdersAdds checks that additions before the same element follow
// their Seq, whatever the order of the operations (ranked fixes come in
// delta order).
func TestSeqOrdersAdds(t *testing.T) {
	ops := []align.Op{op("add", "/0", 3, `"c"`), op("add", "/0", 1, `"a"`), op("add", "/0", 2, `"b"`)}
	checkRepair(t, `["d"]`, ops, `["a","b","c","d"]`,
		`[{"op":"add","path":"/0","value":"a"},{"op":"add","path":"/1","value":"b"},{"op":"add","path":"/2","value":"c"}]`)
}

// TestObjectOrder: removals (a renamed key's old name included) first, then
// the changes inside kept members, then the additions; keys are escaped.
func TestObjectOrder(t *testing.T) {
	ops := []align.Op{
		op("add", "/nme~1x", 1, `2`), // the rename's new name
		op("remove", "/name", 1, ""), // the rename's old name
		op("replace", "/in/0/v", 0, `true`),
		op("remove", "/extra", 3, ""),
		op("add", "/new", 4, `{"k":1}`),
	}
	checkRepair(t, `{"name":1,"extra":null,"in":[{"v":false}]}`, ops,
		`{"in":[{"v":true}],"nme/x":2,"new":{"k":1}}`,
		`[{"op":"remove","path":"/name"},{"op":"remove","path":"/extra"},{"op":"replace","path":"/in/0/v","value":true},{"op":"add","path":"/nme~1x","value":2},{"op":"add","path":"/new","value":{"k":1}}]`)
}

// TestSwappedKeys: two renames that trade names apply because removals come
// before additions.
func TestSwappedKeys(t *testing.T) {
	ops := []align.Op{
		op("remove", "/a", 0, ""), op("add", "/b", 0, `"was a"`),
		op("remove", "/b", 1, ""), op("add", "/a", 1, `"was b"`),
	}
	checkRepair(t, `{"a":1,"b":2}`, ops, `{"b":"was a","a":"was b"}`,
		`[{"op":"remove","path":"/a"},{"op":"remove","path":"/b"},{"op":"add","path":"/b","value":"was a"},{"op":"add","path":"/a","value":"was b"}]`)
}

func TestRootReplace(t *testing.T) {
	checkRepair(t, `"x"`, []align.Op{op("replace", "", 0, `[1]`)}, `[1]`, `[{"op":"replace","path":"","value":[1]}]`)
}

// TestDiagnosticsSkipped: describe operations (pairing_ambiguous) carry no
// edit.
func TestDiagnosticsSkipped(t *testing.T) {
	ops := []align.Op{{Op: "describe", Kind: align.KindPairingAmbiguous, Path: "/"}, op("replace", "/0", 0, `2`)}
	checkRepair(t, `[1]`, ops, `[2]`, `[{"op":"replace","path":"/0","value":2}]`)
}

func TestErrors(t *testing.T) {
	cand := `{"a":[1,2],"b":{"c":1}}`
	for _, tc := range []struct {
		name string
		ops  []align.Op
		want string
	}{
		{"no site", []align.Op{{Op: "replace", Kind: align.KindPrimitiveReplace, Path: "/a/0"}}, "no site"},
		{"unknown op", []align.Op{op("move", "/a", 0, "")}, `unknown op "move"`},
		{"not a pointer", []align.Op{op("remove", "a", 0, "")}, "not a JSON Pointer"},
		{"bad escape", []align.Op{op("remove", "/a~2", 0, "")}, "bad escape"},
		{"no member", []align.Op{op("replace", "/z/0", 0, "1")}, `no member "z" at /`},
		{"index out of range", []align.Op{op("remove", "/a/2", 0, "")}, `index "2" out of range at /a`},
		{"leading zero", []align.Op{op("remove", "/a/01", 0, "")}, `index "01" out of range`},
		{"into a number", []align.Op{op("replace", "/b/c/d", 0, "1")}, "/b/c is not an object or array"},
		{"add at root", []align.Op{op("add", "", 0, "1")}, "add at the root"},
		{"inside a removed value", []align.Op{op("remove", "/a", 0, ""), op("replace", "/a/0", 0, "3")}, "overlaps"},
		{"around a changed value", []align.Op{op("replace", "/a/0", 0, "3"), op("replace", "/a", 0, "[]")}, "overlaps"},
		{"twice", []align.Op{op("replace", "/b/c", 0, "3"), op("replace", "/b/c", 0, "4")}, "overlaps"},
		{"root and inside", []align.Op{op("replace", "/b/c", 0, "3"), op("replace", "", 0, "4")}, "overlaps"},
		{"member kept", []align.Op{op("add", "/b", 0, "3")}, `member "b" added at /, where the candidate has it`},
		{"member added twice", []align.Op{op("add", "/n", 0, "3"), op("add", "/n", 1, "4")}, `member "n" added twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := mustJSON(t, cand)
			_, err := repair.Apply(c, tc.ops)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Apply: %v, want an error containing %q", err, tc.want)
			}
			if _, perr := repair.NewPatch(c, tc.ops); (perr == nil) != (err == nil) {
				t.Errorf("NewPatch: %v, Apply: %v", perr, err)
			}
		})
	}
}
