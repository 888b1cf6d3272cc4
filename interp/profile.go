package interp

import (
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// The default profile scores the canonical form of each value: a form that
// depends only on the JSON data, so that every rule downstream (kind checks,
// comparators, identifiers, WL labels, validation, key alignment and its
// ties, the repair walk and the rendered values) depends only on the data
// too. Two values that are equal as JSON data have the same canonical form:
//
//   - every number is written by value (jsonval.NumberByValue): an integral
//     value is an integer-form number (12.0, 1.2e1 and 120e-1 become 12),
//     any other stays float-form;
//   - the members of every object are in canonical order (memberCompare):
//     the members its schema node declares, in the schema's property order,
//     then the others in code-point order of their keys. The schema node of a
//     value is found by following properties, prefixItems and items from the
//     root; an object the schema does not describe (below an undeclared key,
//     or beyond the tuple head of an array without items) has all its members
//     in key order.
//
// Arrays keep their order: it is data.

// canonical returns the canonical form of v under schema node S (nil when
// the schema does not describe v). It returns v itself, sharing its storage,
// when v is already canonical, which is the common case for values written by
// programs that follow the schema; otherwise only the containers on the way
// to a change are copied.
func (s *Scorer) canonical(v jsonval.Value, S *ir.Node) jsonval.Value {
	cv, _ := s.canonicalize(v, S)
	return cv
}

// canonicalize is canonical, also reporting whether anything changed.
func (s *Scorer) canonicalize(v jsonval.Value, S *ir.Node) (jsonval.Value, bool) {
	S = s.canonicalBranch(S, v)
	switch v.Kind {
	case jsonval.Float:
		if jsonval.IsCanonicalNumber(v) {
			return v, false
		}
		return jsonval.NumberByValue(v), true
	case jsonval.Array:
		var out []jsonval.Value
		for i := range v.Arr {
			if !mayChange(v.Arr[i].Kind) {
				continue
			}
			e, changed := s.canonicalize(v.Arr[i], elementSchema(S, i))
			if !changed {
				continue
			}
			if out == nil {
				out = slices.Clone(v.Arr)
			}
			out[i] = e
		}
		if out == nil {
			return v, false
		}
		return jsonval.NewArray(out), true
	case jsonval.Object:
		var out []jsonval.Member
		// sorted: the members are in canonical order so far (each
		// compares ≤ 0 with the next under memberCompare), read off the
		// property positions found with the member schemas.
		sorted, prev := true, -1
		for i := range v.Obj {
			key := v.Obj[i].Key
			idx, sub := -1, (*ir.Node)(nil)
			if S != nil {
				idx, sub = S.MemberAt(key, i)
			}
			if i > 0 && sorted {
				sorted = align.CompareMembers(prev, idx, v.Obj[i-1].Key, key) <= 0
			}
			prev = idx
			if !mayChange(v.Obj[i].Value.Kind) {
				continue
			}
			e, changed := s.canonicalize(v.Obj[i].Value, sub)
			if !changed {
				continue
			}
			if out == nil {
				out = slices.Clone(v.Obj)
			}
			out[i].Value = e
		}
		if !sorted {
			less := func(a, b jsonval.Member) int { return memberCompare(S, a.Key, b.Key) }
			if out == nil {
				out = slices.Clone(v.Obj)
			}
			slices.SortStableFunc(out, less)
		}
		if out == nil {
			return v, false
		}
		return jsonval.NewObject(out), true
	}
	return v, false
}

// mayChange reports whether a value of kind k may have a canonical form
// other than itself: null, booleans, integer-form numbers and strings are
// canonical.
func mayChange(k jsonval.Kind) bool {
	return k == jsonval.Float || k == jsonval.Array || k == jsonval.Object
}

// elementSchema is the schema node of element i of an array under S: its
// tuple position, else items (nil when there is neither).
func elementSchema(S *ir.Node, i int) *ir.Node {
	if S == nil {
		return nil
	}
	if i < len(S.PrefixItems) {
		return S.PrefixItems[i]
	}
	return S.Items
}

// memberCompare orders two keys of an object under schema node S (nil: no
// schema): a key S declares comes before one it does not; two declared keys
// follow the schema's property order; two undeclared keys compare by code
// point (byte order of their UTF-8). The order is total on distinct keys, so
// the canonical order of an object's members depends only on its key set.
func memberCompare(S *ir.Node, a, b string) int {
	ia, ib := -1, -1
	if S != nil {
		ia, ib = S.PropertyIndex(a), S.PropertyIndex(b)
	}
	return align.CompareMembers(ia, ib, a, b)
}

// referenceProfile reports whether the scorer reproduces the reference.
func (s *Scorer) referenceProfile() bool { return s.opts.Compat == CompatReference }

// comparator is the name of the comparator of a string or number node
// (docs/SCORING.md §3.8), def when the node names none.
func (s *Scorer) comparator(S *ir.Node, def string) string {
	if s.referenceProfile() {
		if S.Score != "" {
			return S.Score
		}
		return def
	}
	return S.Comparator(def)
}

// keyScore is the key comparator of an object node (docs/SCORING.md §6.8).
func (s *Scorer) keyScore(S *ir.Node) string {
	if s.referenceProfile() {
		return S.KeyScore
	}
	return S.KeyComparator()
}

// order is the tail regime of an array node (docs/SCORING.md §5.10).
func (s *Scorer) order(S *ir.Node) ir.Order {
	if s.referenceProfile() {
		return S.Order
	}
	return S.TailOrder()
}

// show renders a value inside an error or warning message: as Python's repr
// in the reference profile, as JSON (jsonval.Readable) in the default one.
func (s *Scorer) show(v jsonval.Value) string {
	if s.referenceProfile() {
		return jsonval.PyRepr(v)
	}
	return jsonval.Readable(v)
}
