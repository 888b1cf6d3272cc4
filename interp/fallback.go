package interp

import (
	"fmt"
	"sync"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/align/genrt"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// JSONFallback returns the interpreter behind the JSON entry points of a
// generated scorer (genrt.JSON's Fallback): the schema text, compiled with
// the default options on the first call and only once; a compile error
// names file. Every root of a generated package calls it with its own
// embedded schema, so the package declares no adapter type of its own.
func JSONFallback(schema, file string) func() (genrt.Fallback, error) {
	return sync.OnceValues(func() (genrt.Fallback, error) {
		sc, err := Compile([]byte(schema), file, Options{})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		return fallback{sc, sc.defaults()}, nil
	})
}

// fallback adapts a Scorer to genrt.Fallback.
type fallback struct {
	sc    *Scorer
	fills []jsonval.Value
}

// Fills are the schema's defaults, which an absent member may be filled
// with (docs/SCORING.md §6.10); the typed path's work bound counts them
// (genrt.Shape.Fills).
func (f fallback) Fills() []jsonval.Value { return f.fills }

func (f fallback) Score(g, p jsonval.Value) (float64, error) { return f.sc.Score(g, p) }

func (f fallback) Repair(g, p jsonval.Value) ([]align.Op, error) {
	r, err := f.sc.Align(g, p)
	if err != nil {
		return nil, err
	}
	return r.Repair(RepairOptions{})
}

func (f fallback) Valid(v jsonval.Value) bool { return f.sc.Validate(v) == nil }

// UnionBranch is the branch of the union node at the schema position ptr
// that v belongs to (Scorer.UnionBranch): generated code chooses the
// branches of union values with the interpreter behind its JSON entry
// points (genrt.UnionBranch).
func (f fallback) UnionBranch(ptr string, v jsonval.Value) int { return f.sc.UnionBranch(ptr, v) }

func (f fallback) Limits() align.Limits { return f.sc.Options().Limits }

// defaults returns the defaults of the schema's nodes that the default
// profile fills absent members with (docs/SCORING.md §6.10), each once.
func (s *Scorer) defaults() []jsonval.Value {
	var out []jsonval.Value
	ir.Walk(s.schema.Root, func(n *ir.Node) {
		if n.HasDefault && !n.Default.IsNull() {
			out = append(out, n.Default)
		}
	})
	return out
}
