package align

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// The rankBy criteria of docs/SCORING.md §8.7.
const (
	RankByScoreDelta   = "score_delta"
	RankByExpectedGain = "expected_gain"
	RankByConfidence   = "confidence"
)

// RankOptions configures RankOps (docs/SCORING.md §8.7).
type RankOptions struct {
	// MinContribution drops operations whose delta is below it when > 0
	// (0 keeps everything; negative is an error). A key-rename pair is kept
	// or dropped as a unit according to its add half.
	MinContribution float64
	// RankBy is RankByScoreDelta (also when empty), RankByExpectedGain or
	// RankByConfidence.
	RankBy string
}

// RankOps filters and orders repair operations (docs/SCORING.md §8.7): it applies the
// MinContribution filter to ops (given in walk order), appends diagnostics
// (pairing_ambiguous operations, never filtered), and sorts the result with a
// stable sort on
//
//	score_delta:   (−Δ, path, op, kind)
//	expected_gain: (−Δ·confidence, −Δ, path, op, kind)
//	confidence:    (−confidence, −Δ, path, op, kind)
//
// where strings compare bytewise (code point order) and remaining ties keep
// their order. The inputs are not modified. A NaN delta or confidence, a
// negative or NaN MinContribution and an unknown RankBy are errors.
func RankOps(ops []Op, opts RankOptions, diagnostics []Op) ([]Op, error) {
	if opts.MinContribution < 0 || math.IsNaN(opts.MinContribution) {
		return nil, fmt.Errorf("rank ops: MinContribution %v must be a number ≥ 0", opts.MinContribution)
	}
	var cmpFn func(a, b *Op) int
	switch opts.RankBy {
	case RankByScoreDelta, "":
		cmpFn = cmpScoreDelta
	case RankByExpectedGain:
		cmpFn = cmpExpectedGain
	case RankByConfidence:
		cmpFn = cmpConfidence
	default:
		return nil, fmt.Errorf("rank ops: unknown RankBy %q (want %q, %q or %q)",
			opts.RankBy, RankByScoreDelta, RankByExpectedGain, RankByConfidence)
	}
	for _, list := range [2][]Op{ops, diagnostics} {
		for i := range list {
			if math.IsNaN(list[i].Delta) || math.IsNaN(list[i].Confidence) {
				return nil, fmt.Errorf("rank ops: operation %s %s at %q has a NaN delta or confidence",
					list[i].Op, list[i].Kind, list[i].Path)
			}
		}
	}
	all := ops
	if opts.MinContribution > 0 {
		all = appendAtLeast(make([]Op, 0, len(ops)+len(diagnostics)), ops, opts.MinContribution)
	}
	if len(diagnostics) > 0 {
		all = append(all[:len(all):len(all)], diagnostics...)
	}
	// Sort a permutation rather than the operations themselves: an Op is a
	// few hundred bytes, and a stable sort moves elements many times.
	var permStack [64]int
	perm := permStack[:0]
	if len(all) > len(permStack) {
		perm = make([]int, len(all))
	} else {
		perm = perm[:len(all)]
	}
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(i, j int) int { return cmpFn(&all[i], &all[j]) })
	out := make([]Op, len(all))
	for k, i := range perm {
		out[k] = all[i]
	}
	return out, nil
}

// cmpTail compares (path, op, kind), the common end of every sort key.
func cmpTail(a, b *Op) int {
	if c := cmp.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Op, b.Op); c != 0 {
		return c
	}
	return cmp.Compare(a.Kind, b.Kind)
}

// cmpDesc orders larger floats first; equal values (0.0 and −0.0 included)
// tie, as Python's tuple comparison of negated keys does.
func cmpDesc(x, y float64) int {
	switch {
	case x > y:
		return -1
	case x < y:
		return 1
	}
	return 0
}

func cmpScoreDelta(a, b *Op) int {
	if c := cmpDesc(a.Delta, b.Delta); c != 0 {
		return c
	}
	return cmpTail(a, b)
}

func cmpExpectedGain(a, b *Op) int {
	if c := cmpDesc(float64(a.Delta*a.Confidence), float64(b.Delta*b.Confidence)); c != 0 {
		return c
	}
	return cmpScoreDelta(a, b)
}

func cmpConfidence(a, b *Op) int {
	if c := cmpDesc(a.Confidence, b.Confidence); c != 0 {
		return c
	}
	return cmpScoreDelta(a, b)
}

// appendAtLeast appends to dst the operations of ops whose delta is ≥ min,
// keeping key-rename pairs atomic: every operation with a PairID follows the
// decision of its pair's add half (op "add"), when that half is in ops.
func appendAtLeast(dst, ops []Op, min float64) []Op {
	var pairKeep map[string]bool
	for i := range ops {
		if ops[i].PairID != "" && ops[i].Op == "add" {
			if pairKeep == nil {
				pairKeep = make(map[string]bool)
			}
			pairKeep[ops[i].PairID] = ops[i].Delta >= min
		}
	}
	for i := range ops {
		keep := ops[i].Delta >= min
		if ops[i].PairID != "" {
			if k, ok := pairKeep[ops[i].PairID]; ok {
				keep = k
			}
		}
		if keep {
			dst = append(dst, ops[i])
		}
	}
	return dst
}
