package genrt

import (
	"maps"
	"slices"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// JSON values and maps in generated code. A node that constrains no type
// (an any node, docs/SCORING.md §6.9), a union of several primitive types
// ("type": ["string", "integer"]) and the members of a schema-less map are
// held as jsonval.Value; a map (docs/SCORING.md §6.8) with one value schema
// is a map[string]V.

// Canon returns v in the canonical form the interpreter scores a value in
// that no schema describes (docs/SCORING.md §13.1): every number written by
// value (jsonval.NumberByValue) and the members of every object in
// code-point order of their keys. It returns v itself, sharing its storage,
// when v is already canonical.
func Canon(v jsonval.Value) jsonval.Value {
	cv, _ := canon(v)
	return cv
}

func canon(v jsonval.Value) (jsonval.Value, bool) {
	switch v.Kind {
	case jsonval.Float:
		if jsonval.IsCanonicalNumber(v) {
			return v, false
		}
		return jsonval.NumberByValue(v), true
	case jsonval.Array:
		var out []jsonval.Value
		for i := range v.Arr {
			e, changed := canon(v.Arr[i])
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
		for i := range v.Obj {
			e, changed := canon(v.Obj[i].Value)
			if !changed {
				continue
			}
			if out == nil {
				out = slices.Clone(v.Obj)
			}
			out[i].Value = e
		}
		less := func(a, b jsonval.Member) int { return strings.Compare(a.Key, b.Key) }
		if !slices.IsSortedFunc(v.Obj, less) {
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

// Value scores the values of a key pair of a map member that no schema
// describes (a schema-less map, "additionalProperties": true;
// docs/SCORING.md §6.8, §6.9): align.ValueSimilarity, one plain leaf.
func Value(g, p jsonval.Value, build bool) (float64, *Res) {
	s := align.ValueSimilarity(g, p)
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, Canon(g), Canon(p), true, true)
}

// MapKeys returns the keys of m in code-point order: the canonical order
// of a map's members (docs/SCORING.md §13.1).
func MapKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// EncodeMap returns the JSON object of m, its members in code-point order
// of their keys, each value encoded with enc (a nil map is {}).
func EncodeMap[V any](m map[string]V, enc func(V) jsonval.Value) jsonval.Value {
	ms := make([]jsonval.Member, 0, len(m))
	for _, k := range MapKeys(m) {
		ms = append(ms, jsonval.Member{Key: k, Value: enc(m[k])})
	}
	return jsonval.NewObject(ms)
}

// Map starts the alignment of two maps (docs/SCORING.md §6.8) under spec:
// the key keywords of spec apply, its Keys, Weights and Shares are ignored.
// gk and pk are the keys of the gold and the candidate in code-point order
// (MapKeys). Every entry weighs 1 unless the caller sets the valueWeight of
// the member schema for the gold keys with Object.WeighKeys (docs/SCORING.md
// §6.4, §6.8). The alignment then runs as for Object:
// Align, NextPair, Entry (the indices into gk and pk of a key pair), Set,
// Done.
func (w *Workspace) Map(spec *ObjectSpec, gk, pk []string, build bool) *Object {
	o := w.Object(nil, build)
	o.dyn = ObjectSpec{Keys: gk, KeyExact: spec.KeyExact, KeyThreshold: spec.KeyThreshold, KeyImportance: spec.KeyImportance, ValueImportance: spec.ValueImportance}
	o.dynW = o.dynW[:0]
	for range gk {
		o.dynW = append(o.dynW, 1)
	}
	o.dyn.Weights = o.dynW
	o.spec = &o.dyn
	for i := range gk {
		o.Gold(i)
	}
	for j, k := range pk {
		o.CandKey(j, k)
	}
	o.foreign = true
	return o
}

// Kinds is a set of JSON types, for the values of a node whose "type"
// lists several types (DecodeKinds, CheckKinds).
type Kinds uint8

// The JSON types of Kinds.
const (
	KindNull Kinds = 1 << iota
	KindBoolean
	KindInteger
	KindNumber
	KindString
	KindArray
	KindObject
)

// has reports whether the canonical value v is of a type of ks.
func (ks Kinds) has(v jsonval.Value) bool {
	switch v.Kind {
	case jsonval.Null:
		return ks&KindNull != 0
	case jsonval.Bool:
		return ks&KindBoolean != 0
	case jsonval.Int:
		return ks&(KindInteger|KindNumber) != 0
	case jsonval.Float:
		return ks&KindNumber != 0
	case jsonval.String:
		return ks&KindString != 0
	case jsonval.Array:
		return ks&KindArray != 0
	case jsonval.Object:
		return ks&KindObject != 0
	}
	return false
}

// names lists the types of ks as the validator words them.
func (ks Kinds) names() string {
	var out []string
	for i, n := range []string{"null", "boolean", "integer", "number", "string", "array", "object"} {
		if ks&(1<<i) != 0 {
			out = append(out, `"`+n+`"`)
		}
	}
	return strings.Join(out, ", ")
}

// CheckKinds checks that v is of one of the types ks ("type"): generated
// code holds the values of a node with several types as jsonval.Value.
func CheckKinds(v jsonval.Value, ks Kinds) error {
	if ks.has(Canon(v)) {
		return nil
	}
	return invalid(v, "is not of type "+ks.names())
}

// DecodeValue reads any JSON value into *dst in canonical form (Canon).
// It reports false for an object with a repeated key, whose first position
// and last value JSON parsers disagree on: the interpreter decides then.
func DecodeValue(r *jsonval.Reader, dst *jsonval.Value) bool {
	switch r.Next() {
	case jsonval.Null:
		*dst = jsonval.Value{}
		return r.Null() == nil
	case jsonval.Bool:
		b, err := r.Bool()
		*dst = jsonval.NewBool(b)
		return err == nil
	case jsonval.String:
		s, err := r.String()
		*dst = jsonval.NewString(s)
		return err == nil
	case jsonval.Array:
		if r.BeginArray() != nil {
			return false
		}
		var vs []jsonval.Value
		for {
			more, err := r.NextElem()
			if err != nil {
				return false
			}
			if !more {
				*dst = jsonval.NewArray(vs)
				return true
			}
			vs = append(vs, jsonval.Value{})
			if !DecodeValue(r, &vs[len(vs)-1]) {
				return false
			}
		}
	case jsonval.Object:
		if r.BeginObject() != nil {
			return false
		}
		var ms []jsonval.Member
		for {
			k, more, err := r.NextKey()
			if err != nil {
				return false
			}
			if !more {
				break
			}
			for _, m := range ms {
				if m.Key == k {
					return false
				}
			}
			ms = append(ms, jsonval.Member{Key: k})
			if !DecodeValue(r, &ms[len(ms)-1].Value) {
				return false
			}
		}
		slices.SortFunc(ms, func(a, b jsonval.Member) int { return strings.Compare(a.Key, b.Key) })
		*dst = jsonval.NewObject(ms)
		return true
	}
	v, err := r.Number()
	*dst = jsonval.NumberByValue(v)
	return err == nil
}

// DecodeKinds reads a value of one of the types ks into *dst (DecodeValue);
// false for a value of another type.
func DecodeKinds(r *jsonval.Reader, dst *jsonval.Value, ks Kinds) bool {
	return DecodeValue(r, dst) && ks.has(*dst)
}

// DecodeMap reads an object into *dst (a non-nil map, also when empty), its
// member values with dec; false for a repeated key.
func DecodeMap[V any](r *jsonval.Reader, dst *map[string]V, dec func(*jsonval.Reader, *V) bool) bool {
	if r.BeginObject() != nil {
		return false
	}
	m := map[string]V{}
	for {
		k, more, err := r.NextKey()
		if err != nil {
			return false
		}
		if !more {
			*dst = m
			return true
		}
		if _, dup := m[k]; dup {
			return false
		}
		var v V
		if !dec(r, &v) {
			return false
		}
		m[k] = v
	}
}

// MustJSON decodes the JSON text of a constant that generated code embeds
// (an enum member, a default): the generator writes it from a decoded
// value, so it is valid; MustJSON panics otherwise, at initialisation.
func MustJSON(text string) jsonval.Value {
	v, err := jsonval.DecodeString(text)
	if err != nil {
		panic("genrt: generated constant " + text + ": " + err.Error())
	}
	return v
}
