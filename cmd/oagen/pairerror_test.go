package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/objectaligner/oagen/interp"
)

// TestPairErrorWrapped checks that pairError recognises a GoldError and a
// LimitError also when they are wrapped, and keeps them reachable.
func TestPairErrorWrapped(t *testing.T) {
	le := &interp.LimitError{Limit: "MaxWork", Value: 10, Pointer: "/a"}
	for _, err := range []error{le, fmt.Errorf("scoring: %w", le)} {
		got := pairError(err, "g.json", "c.json")
		if !strings.Contains(got.Error(), "(a JSON Pointer into g.json)") {
			t.Errorf("pairError(%v) = %v: the limit's pointer is not located", err, got)
		}
		var back *interp.LimitError
		if !errors.As(got, &back) || back != le {
			t.Errorf("pairError(%v) = %v: the LimitError is lost", err, got)
		}
	}
	ge := &interp.GoldError{Pointer: "/x", Message: "bad gold"}
	if got := pairError(fmt.Errorf("x: %w", ge), "g.json", "c.json"); !strings.HasPrefix(got.Error(), "g.json: ") {
		t.Errorf("a wrapped GoldError: %v", got)
	}
}
