package genrt

import (
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// size measures a JSON value for WithinLimits.
type size struct {
	n, elems, depth, coll, str int     // values and keys, array elements, nesting depth, largest collection, longest string or key (bytes)
	bytes                      float64 // total bytes of strings and keys
}

func (z *size) walk(v jsonval.Value, depth, maxDepth int) {
	z.n++
	z.depth = max(z.depth, depth)
	if depth > maxDepth {
		return
	}
	switch v.Kind {
	case jsonval.String:
		z.str = max(z.str, len(v.S))
		z.bytes += float64(len(v.S))
	case jsonval.Array:
		z.coll = max(z.coll, len(v.Arr))
		z.elems += len(v.Arr)
		for _, x := range v.Arr {
			z.walk(x, depth+1, maxDepth)
		}
	case jsonval.Object:
		z.coll = max(z.coll, len(v.Obj))
		for _, m := range v.Obj {
			z.n++
			z.str = max(z.str, len(m.Key))
			z.bytes += float64(len(m.Key))
			z.walk(m.Value, depth+1, maxDepth)
		}
	}
}

// WithinLimits reports whether the interpreter certainly scores the pair
// (g, p) without exceeding a resource limit of lim: generated typed code
// checks no limits, so a pair that might exceed one goes to the
// interpreter, which then returns the same limit error (or its score).
// scopes is the number of referential scopes of the schema (docs/SCORING.md §7),
// damerau whether the schema scores strings with Damerau–Levenshtein, and
// repair whether the match tree is built.
//
// The checks are conservative (bytes bound code points; every string and
// key counts). The work bound: per pass (the main one and one per scope)
// every pair of a gold and a candidate value (or key) is aligned at most
// once, an alignment spends 1 plus at most one matrix cell per pair of
// children, a string or key pair spends (|a|+|b|)/16 plus its comparator's
// cost, at most max(1, ⌈|a|/64⌉·|b|) for the bit-parallel comparators and
// |a|·|b| for Damerau–Levenshtein, so that a pass spends at most 4·Na·Nb +
// (Nb·La + Na·Lb)/16 + La·Lb/64 + Na·Lb + Nb·La (La·Lb for
// Damerau–Levenshtein) with N the values and keys and L their string bytes;
// building the match tree for repairs is bounded by one more pass per
// nesting level.
func WithinLimits(lim interp.Limits, g, p jsonval.Value, scopes int, damerau, repair bool) bool {
	var a, b size
	a.walk(g, 1, lim.MaxDepth)
	b.walk(p, 1, lim.MaxDepth)
	if max(a.depth, b.depth) > lim.MaxDepth-2 || max(a.coll, b.coll) > lim.MaxCollection || max(a.str, b.str) > lim.MaxStringRunes {
		return false
	}
	if scopes > 0 && max(a.elems, b.elems) > lim.MaxCollection {
		return false // scope records are pooled from every array
	}
	na, nb := float64(a.n), float64(b.n)
	quad := a.bytes*b.bytes/64 + na*b.bytes + nb*a.bytes
	if damerau {
		quad = a.bytes * b.bytes
	}
	bound := float64(scopes+1) * (4*na*nb + (nb*a.bytes+na*b.bytes)/16 + quad + 1)
	if repair {
		bound *= float64(max(a.depth, b.depth) + 2)
	}
	return bound <= float64(lim.MaxWork)
}
