package interp

import (
	"context"
	"fmt"
	"testing"

	"github.com/objectaligner/oagen/jsonval"
)

// TestKernelColumnsPerCall checks that the columns kernelColumns keeps
// for an array of the candidate tree serve that call only, and never a
// list of the workspace: candidates rewritten in place (the same elements
// at the same addresses) get columns of their new strings in the next
// call and as a list of the workspace, and the same columns again within
// the call.
func TestKernelColumnsPerCall(t *testing.T) {
	s, err := Compile([]byte(`{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}}`), "t.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	P := make([]jsonval.Value, 10)
	fill := func(tag string) {
		for j := range P {
			P[j] = jsonval.Value{Kind: jsonval.Object, Obj: []jsonval.Member{
				{Key: "a", Value: jsonval.Value{Kind: jsonval.String, S: fmt.Sprintf("%s%d", tag, j)}},
				{Key: "b", Value: jsonval.Value{Kind: jsonval.String, S: tag}},
			}}
		}
	}
	var c *call
	check := func(what, tag string) {
		t.Helper()
		kc := &c.frame().kernel.cols
		if !kc.on || kc.np != 2 {
			t.Fatalf("%s: columns on %v, %d columns", what, kc.on, kc.np)
		}
		for j := range P {
			if got, want := kc.str[j*kc.np+kc.names["a"]], fmt.Sprintf("%s%d", tag, j); got != want {
				t.Fatalf("%s: element %d's column a holds %q, want %q", what, j, got, want)
			}
		}
	}
	fill("x")
	c = newCall(context.Background(), s, jsonval.Value{}, jsonval.Value{})
	c.kernelColumns(&c.frame().kernel, 10, P, true)
	check("first call", "x")
	ws := c.workspace
	c.kernelColumns(&c.frame().kernel, 10, P, true)
	check("first call again", "x")
	c.release()
	fill("y")
	// The workspace is taken again explicitly: a sync.Pool need not hand
	// back what was put (the race detector drops puts at random).
	c = newCallIn(context.Background(), s, ws, jsonval.Value{}, jsonval.Value{})
	c.kernelColumns(&c.frame().kernel, 10, P, true)
	check("second call", "y")
	fill("z")
	c.kernelColumns(&c.frame().kernel, 10, P, false)
	check("a list of the workspace", "z")
	fill("w")
	c.kernelColumns(&c.frame().kernel, 10, P, true)
	check("the tree's array after the list", "w")
	c.release()
	fill("v")
	c = newCallIn(context.Background(), s, ws, jsonval.Value{}, jsonval.Value{})
	c.workspace.frames[0].kernel.cols.gen = c.callGen // as if kept in this call: only p tells
	c.kernelColumns(&c.frame().kernel, 10, P, true)
	check("a call after release", "v")
	c.release()
}

// TestKernelColumnOrder checks the column kernel's positional key lookup
// (kernelColumns.column): candidates listing their keys in other orders,
// with keys only some of them have, get the columns the key map gives, and
// column i is tried for a member at position i only while it is that key's.
func TestKernelColumnOrder(t *testing.T) {
	s, err := Compile([]byte(`{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}}}}`), "t.json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	str := func(x string) jsonval.Value { return jsonval.Value{Kind: jsonval.String, S: x} }
	orders := [][]string{{"a", "b", "c"}, {"b", "a", "c"}, {"c", "b"}, {"a", "d", "b"}, {"d", "c", "a", "b"}}
	var P []jsonval.Value
	for j := range 16 {
		keys := orders[j%len(orders)]
		var obj []jsonval.Member
		for _, k := range keys {
			obj = append(obj, jsonval.Member{Key: k, Value: str(fmt.Sprintf("%s%d", k, j))})
		}
		P = append(P, jsonval.Value{Kind: jsonval.Object, Obj: obj})
	}
	c := newCall(context.Background(), s, jsonval.Value{}, jsonval.Value{})
	kc := &c.frame().kernel.cols
	c.kernelColumns(&c.frame().kernel, 8, P, false)
	if !kc.on || kc.np != 4 || len(kc.order) != 4 {
		t.Fatalf("columns on %v, %d columns, order %v", kc.on, kc.np, kc.order)
	}
	for k, key := range kc.order {
		if kc.names[key] != k {
			t.Fatalf("order %v does not invert names %v", kc.order, kc.names)
		}
	}
	for j, p := range P {
		for i, mb := range p.Obj {
			k, ok := kc.column(i, mb.Key)
			if want, wantOK := kc.names[mb.Key]; k != want || ok != wantOK {
				t.Fatalf("element %d member %d (%s): column %d, %v; names %d, %v", j, i, mb.Key, k, ok, want, wantOK)
			}
			if got := kc.str[j*kc.np+k]; got != mb.Value.S {
				t.Fatalf("element %d's column %d holds %q, want %q", j, k, got, mb.Value.S)
			}
		}
	}
	if _, ok := kc.column(0, "e"); ok {
		t.Fatal("a key no candidate has got a column")
	}
}
