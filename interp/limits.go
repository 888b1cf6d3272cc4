package interp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// frame is one container on the path of checkValueDepth.
type frame struct {
	v    jsonval.Value
	next int // index of the next child to visit
}

// checkValueDepth reports the first array or object of v nested deeper than
// limit (a top-level array or object has depth 1, as in jsonval.Decode). It
// runs before validation so that a value decoded with a larger
// DecodeOptions.MaxDepth fails with a LimitError naming MaxDepth rather
// than deep inside the validator. It is iterative: the values it guards
// against are the ones too deep for recursion.
func checkValueDepth(v jsonval.Value, limit int) error {
	if v.Kind != jsonval.Array && v.Kind != jsonval.Object {
		return nil
	}
	stack := []frame{{v: v}}
	for len(stack) > 0 {
		if len(stack) > limit {
			return &LimitError{Limit: "MaxDepth", Value: int64(limit), Pointer: stackPointer(stack[:len(stack)-1])}
		}
		top := &stack[len(stack)-1]
		var child jsonval.Value
		switch top.v.Kind {
		case jsonval.Array:
			if top.next >= len(top.v.Arr) {
				stack = stack[:len(stack)-1]
				continue
			}
			child = top.v.Arr[top.next]
		case jsonval.Object:
			if top.next >= len(top.v.Obj) {
				stack = stack[:len(stack)-1]
				continue
			}
			child = top.v.Obj[top.next].Value
		}
		top.next++
		if child.Kind == jsonval.Array || child.Kind == jsonval.Object {
			stack = append(stack, frame{v: child})
		}
	}
	return nil
}

// stackPointer renders the JSON Pointer of the child last taken from each
// container on the path.
func stackPointer(path []frame) string {
	var b strings.Builder
	for _, f := range path {
		b.WriteByte('/')
		if f.v.Kind == jsonval.Array {
			b.WriteString(strconv.Itoa(f.next - 1))
		} else {
			b.WriteString(escapeToken(f.v.Obj[f.next-1].Key))
		}
	}
	return b.String()
}

// checkDepths applies checkValueDepth to both sides of a pair.
func (s *Scorer) checkDepths(gold, cand jsonval.Value) error {
	lim := s.opts.Limits.MaxDepth
	if !tooDeep(gold, lim) && !tooDeep(cand, lim) {
		return nil // the common case, without allocating
	}
	if err := checkValueDepth(gold, lim); err != nil {
		return fmt.Errorf("gold: %w", err)
	}
	if err := checkValueDepth(cand, lim); err != nil {
		return fmt.Errorf("candidate: %w", err)
	}
	return nil
}

// tooDeep reports whether v nests containers more than room levels deep,
// as checkValueDepth does (which also locates the excess); it recurses at
// most room+1 levels and does not allocate.
func tooDeep(v jsonval.Value, room int) bool {
	switch v.Kind {
	case jsonval.Array:
		if room == 0 {
			return true
		}
		for i := range v.Arr {
			if k := v.Arr[i].Kind; (k == jsonval.Array || k == jsonval.Object) && tooDeep(v.Arr[i], room-1) {
				return true
			}
		}
	case jsonval.Object:
		if room == 0 {
			return true
		}
		for i := range v.Obj {
			if k := v.Obj[i].Value.Kind; (k == jsonval.Array || k == jsonval.Object) && tooDeep(v.Obj[i].Value, room-1) {
				return true
			}
		}
	}
	return false
}
