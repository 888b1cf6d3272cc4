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
