package genrt

import (
	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// The primitive leaves (SPEC §3, §4). Generated code passes the node's
// comparator (a function of package align) and constants; in build mode
// the leaf of the match tree holds the two values.

// Str scores two strings with the comparator cmp and the node's threshold
// (SPEC §3.1, §3.2).
func Str(cmp func(a, b string) float64, threshold float64, g, p string, build bool) (float64, *Res) {
	s := align.ApplyThreshold(cmp(g, p), threshold)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewString(g), jsonval.NewString(p), true, true)
}

// Int scores two integers with the comparator cmp (InvDiffInt,
// ExactNumberInt or RelativeInt of package align) and the node's threshold
// (SPEC §3.3).
func Int(cmp func(a, b int64) float64, threshold float64, g, p int64, build bool) (float64, *Res) {
	s := align.ApplyThreshold(cmp(g, p), threshold)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewInt(g), jsonval.NewInt(p), true, true)
}

// Float scores two numbers with the comparator cmp (InvDiffFloat,
// ExactNumberFloat or RelativeFloat of package align) and the node's
// threshold (SPEC §3.3).
func Float(cmp func(a, b float64) float64, threshold float64, g, p float64, build bool) (float64, *Res) {
	s := align.ApplyThreshold(cmp(g, p), threshold)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewFloat(g), jsonval.NewFloat(p), true, true)
}

// Bool scores two booleans: 1 when equal (SPEC §3.4).
func Bool(g, p bool, build bool) (float64, *Res) {
	s := 0.0
	if g == p {
		s = 1
	}
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, jsonval.NewBool(g), jsonval.NewBool(p), true, true)
}

// Null scores a pair of which at least one side is null (SPEC §4): 1 when
// both are, else the node's nullScore. In build mode the leaf holds g and
// p, null where gn and pn are set (their values are then ignored).
func Null(nullScore float64, gn, pn bool, g, p jsonval.Value, build bool) (float64, *Res) {
	s := nullScore
	if gn && pn {
		s = 1
	}
	if !build {
		return s, nil
	}
	if gn {
		g = jsonval.Value{}
	}
	if pn {
		p = jsonval.Value{}
	}
	return s, Leaf(align.LeafNull, s, g, p, true, true)
}

// ID scores two identifiers: always 1 (SPEC §1.4 step 1). enc encodes them
// in build mode.
func ID[V any](enc func(V) jsonval.Value, g, p V, build bool) (float64, *Res) {
	if !build {
		return 1, nil
	}
	return 1, Leaf(align.LeafID, 1, enc(g), enc(p), true, true)
}
