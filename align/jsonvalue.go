package align

import "github.com/objectaligner/oagen/jsonval"

// ValueSimilarity is the JSON-value rule of docs/SCORING.md §6.9: how two
// values that no schema describes compare (an any node, a member of an
// object that its schema does not declare, a map of any values). It is in
// [0, 1], it is 1 exactly when the two values are equal as JSON data
// (jsonval.Equal: numbers by value, members in any order), and it gives
// partial credit for nested structure:
//
//   - two scalars (null, booleans, numbers, strings) score 1 when equal and
//     0 otherwise: without a schema there is no comparator to say how close
//     two different strings or numbers are;
//   - values of different kinds score 0 (integer- and float-form numbers
//     are one kind);
//   - two arrays score the sum of their elements' similarities position by
//     position, divided by the length of the longer (two empty arrays: 1);
//   - two objects score the sum of the similarities of the members they
//     share by key, divided by the number of distinct keys of both (two
//     empty objects: 1).
//
// Sums of element scores are plain left-to-right sums: when the values are
// equal every term is 1 and the quotient is exactly 1.
func ValueSimilarity(g, p jsonval.Value) float64 {
	switch {
	case g.IsNumber() && p.IsNumber():
		if jsonval.Equal(g, p) {
			return 1
		}
		return 0
	case g.Kind != p.Kind:
		return 0
	}
	switch g.Kind {
	case jsonval.Null:
		return 1
	case jsonval.Bool:
		if g.B == p.B {
			return 1
		}
		return 0
	case jsonval.String:
		if g.S == p.S {
			return 1
		}
		return 0
	case jsonval.Array:
		n := max(len(g.Arr), len(p.Arr))
		if n == 0 {
			return 1
		}
		sum := 0.0
		for i := range min(len(g.Arr), len(p.Arr)) {
			sum += ValueSimilarity(g.Arr[i], p.Arr[i])
		}
		return sum / float64(n)
	case jsonval.Object:
		return objectSimilarity(g.Obj, p.Obj)
	}
	return 0
}

// objectSimilarity is ValueSimilarity of two objects.
func objectSimilarity(g, p []jsonval.Member) float64 {
	if len(g) == 0 && len(p) == 0 {
		return 1
	}
	var index map[string]int
	if len(p) > 16 {
		index = make(map[string]int, len(p))
		for j, m := range p {
			index[m.Key] = j
		}
	}
	find := func(key string) int {
		if index != nil {
			if j, ok := index[key]; ok {
				return j
			}
			return -1
		}
		for j := range p {
			if p[j].Key == key {
				return j
			}
		}
		return -1
	}
	shared, sum := 0, 0.0
	for _, m := range g {
		if j := find(m.Key); j >= 0 {
			shared++
			sum += ValueSimilarity(m.Value, p[j].Value)
		}
	}
	union := len(g) + len(p) - shared
	return sum / float64(union)
}

// ValueSize is the number of JSON values in v (v itself and everything
// nested in it): the work ValueSimilarity does is bounded by the smaller
// of two such sizes.
func ValueSize(v jsonval.Value) int64 {
	n := int64(1)
	switch v.Kind {
	case jsonval.Array:
		for _, e := range v.Arr {
			n += ValueSize(e)
		}
	case jsonval.Object:
		for _, m := range v.Obj {
			n += ValueSize(m.Value)
		}
	}
	return n
}
