package genrt

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// WithinLimits reports whether the interpreter certainly scores the pair
// whose two JSON texts measure g and p (jsonval.Reader.Stats) without
// exceeding a resource limit of lim: typed code checks no limits, so the
// JSON entry points send a pair that might exceed one to the interpreter,
// which then returns the same limit error (or its score). scopes is the
// number of referential scopes of the schema (docs/SCORING.md §7), damerau whether the
// schema scores strings with Damerau–Levenshtein, and repair whether the
// match tree is built.
//
// The checks are conservative (bytes bound code points; every string and
// key counts). The work bound: per pass (the main one and one per scope)
// every pair of a gold and a candidate value (or key) is aligned at most
// once, an alignment spends 1 plus at most one matrix cell per pair of
// children, a string or key pair spends (|a|+|b|)/16 plus its comparator's
// cost, at most max(1, ⌈|a|/64⌉·|b|) for the bit-parallel comparators (1
// when both are at most 64 bytes long) and |a|·|b| for
// Damerau–Levenshtein, so that a pass spends at most 4·Na·Nb +
// (Nb·La + Na·Lb)/16 + La·Lb/64 + Na·Lb + Nb·La (Na·Nb for the last three
// when no string exceeds 64 bytes; La·Lb for Damerau–Levenshtein) with N
// the values and keys and L their string bytes, plus the assignments'
// relaxations (align.AssignmentWork), C·(C+1)·Na·Nb/align.AssignmentStride
// with C the largest collection;
// building the match tree for repairs is bounded by one more pass per
// nesting level.
func WithinLimits(lim align.Limits, g, p jsonval.Stats, scopes int, damerau, repair bool) bool {
	lim = lim.WithDefaults()
	if !withinSizes(lim, g, p) {
		return false
	}
	if scopes > 0 && max(g.Elems, p.Elems) > lim.MaxCollection {
		return false // scope records are pooled from every array
	}
	na, nb := float64(g.Values), float64(p.Values)
	ga, gb := float64(g.StringBytes), float64(p.StringBytes)
	var quad float64
	switch {
	case damerau:
		quad = ga * gb
	case max(g.MaxString, p.MaxString) <= 64:
		quad = na * nb // the interpreter charges a comparison of two short strings 1
	default:
		quad = ga*gb/64 + na*gb + nb*ga
	}
	// The assignments' relaxations beyond their matrices
	// (align.AssignmentWork): a pass aligns at most Na·Nb pairs of children,
	// so the squares d² of its matrices sum to at most 2·C·Na·Nb with C the
	// largest collection, and each d+1 is at most C+1.
	C := float64(max(g.MaxLen, p.MaxLen))
	assign := C * (C + 1) * na * nb / align.AssignmentStride
	bound := float64(scopes+1) * (4*na*nb + (nb*ga+na*gb)/16 + quad + assign + 1)
	if repair {
		bound *= float64(max(g.Depth, p.Depth) + 2)
	}
	return bound <= float64(lim.MaxWork)
}

// withinSizes checks the limits that Stats decide exactly: depth, the
// largest collection and the longest string.
func withinSizes(lim align.Limits, g, p jsonval.Stats) bool {
	return max(g.Depth, p.Depth) <= lim.MaxDepth-2 && max(g.MaxLen, p.MaxLen) <= lim.MaxCollection &&
		max(g.MaxString, p.MaxString) <= lim.MaxStringRunes
}

// WithinLimitsValues is WithinLimits for a pair that WithinLimits' bound
// over the whole documents does not admit: it bounds the work per aligned
// collection (WorkBound) and the records of a scope per record path, on the
// decoded values; g and p are their texts' Stats. A pair it admits
// therefore still scores within the interpreter's limits, and a document of
// many arrays (a knowledge graph) stays on the typed path.
func WithinLimitsValues(lim align.Limits, g, p jsonval.Stats, gold, cand jsonval.Value, sh Shape, repair bool) bool {
	lim = lim.WithDefaults()
	if !withinSizes(lim, g, p) {
		return false
	}
	w, records := workBound(gold, cand, sh)
	if sh.Scopes > 0 && records > lim.MaxCollection {
		return false
	}
	if repair {
		w *= float64(max(g.Depth, p.Depth) + 2)
	}
	return w <= float64(lim.MaxWork)
}
