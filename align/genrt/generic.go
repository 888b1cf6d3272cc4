package genrt

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// Node is one schema node as Generic reads it; generated code declares the
// table of the nodes of its schema (a package-level array) and refers to
// nodes by their index in it.
type Node struct {
	// Kind is the node's JSON type besides null: Bool, Int ("integer"),
	// Float ("number"), String, Array or Object.
	Kind      jsonval.Kind
	NullScore float64
	// Str is the comparator of a string node; Num names the comparator of a
	// number node ("invdiff", "exact" or "relative").
	Str       func(a, b string) float64
	Num       string
	Threshold float64
	// ID marks an idScope node; Ref is 1 + the index of the scope of a ref
	// node (0: not a reference).
	ID  bool
	Ref int
	// Object nodes: the spec and the node index of each property.
	Object *ObjectSpec
	Props  []int
	// Array nodes: the spec, the node index of the items (-1: none) and of
	// each tuple position.
	Array  *ArraySpec
	Items  int
	Prefix []int
	// Any marks a node that constrains no type (docs/SCORING.md §6.9).
	Any bool
	// Map marks a map (docs/SCORING.md §6.8): Object holds its key
	// keywords, Patterns its patternProperties and Items the node index of
	// its additionalProperties schema (-1: none). A member's schema is that
	// of the first pattern matching its key, else Items; a member without
	// one compares by the JSON-value rule.
	Map      bool
	Patterns []MapPattern
	// Weighted is set on a map whose member schema has a valueWeight
	// other than 1, Weight: a key pair and a missing gold key weigh Weight
	// (Object.WeighKeys).
	Weighted bool
	Weight   float64
	// Members is set on a node that is a map and an array (a "type"
	// list of both, whose Items are the array's): 1 + the node index of
	// its additionalProperties schema, -1 for none; 0 on every other node.
	Members int
	// Union is the description of a union node (docs/SCORING.md §1.8).
	Union *UnionSpec
	// Fills are the absent-member rules of an object node
	// (docs/SCORING.md §6.10), in property order.
	Fills []Fill
}

// Fill is the rule of an object property that one side may lack
// (docs/SCORING.md §6.10): the side that lacks it holds Value (its
// default, in canonical form), or, when NullOnly, null where the other
// side holds null.
type Fill struct {
	Prop     int
	Value    jsonval.Value
	NullOnly bool
}

// fillAbsent applies the fills of object node S to the pair, as the
// interpreter does before it aligns two objects: it returns the two objects
// with the members added (in canonical order under S) and, per side, the
// properties it added.
func fillAbsent(S *Node, g, p jsonval.Value) (gf, pf jsonval.Value, addG, addP []int) {
	var mg, mp []jsonval.Member
	for _, f := range S.Fills {
		key := S.Object.Keys[f.Prop]
		gv, inG := g.Get(key)
		pv, inP := p.Get(key)
		if inG == inP {
			continue
		}
		present := gv
		if inP {
			present = pv
		}
		fill := f.Value
		if f.NullOnly {
			if !present.IsNull() {
				continue
			}
			fill = jsonval.Value{}
		}
		if inG {
			mp, addP = append(mp, jsonval.Member{Key: key, Value: fill}), append(addP, f.Prop)
		} else {
			mg, addG = append(mg, jsonval.Member{Key: key, Value: fill}), append(addG, f.Prop)
		}
	}
	return withMembers(S.Object, g, mg), withMembers(S.Object, p, mp), addG, addP
}

// withMembers returns object v with the members add, in canonical order
// under spec (its properties in schema order, then the other keys by code
// point); v itself when add is empty.
func withMembers(spec *ObjectSpec, v jsonval.Value, add []jsonval.Member) jsonval.Value {
	if len(add) == 0 {
		return v
	}
	index := func(k string) int { return slices.Index(spec.Keys, k) }
	out := append(append(make([]jsonval.Member, 0, len(v.Obj)+len(add)), v.Obj...), add...)
	slices.SortStableFunc(out, func(a, b jsonval.Member) int { return memberOrder(index, a.Key, b.Key) })
	return jsonval.NewObject(out)
}

// MapPattern is one patternProperties entry of a map node.
type MapPattern struct {
	Re   *regexp.Regexp
	Node int
}

// memberNode is the node index of the schema of map member key, -1 for
// none.
func (S *Node) memberNode(key string) int {
	for _, p := range S.Patterns {
		if p.Re.MatchString(key) {
			return p.Node
		}
	}
	if S.Members != 0 {
		return max(S.Members-1, -1)
	}
	return S.Items
}

// MapMember aligns the values of a key pair of a map under node k of
// nodes (docs/SCORING.md §6.8): under the schema of the gold key, by the
// JSON-value rule when it has none.
func (w *Workspace) MapMember(nodes []Node, refs Refs, k int, key string, g, p jsonval.Value, build bool) (float64, *Res) {
	if i := nodes[k].memberNode(key); i >= 0 {
		return w.Member(nodes, refs, i, CanonAt(nodes, i, g), CanonAt(nodes, i, p), build)
	}
	return Value(g, p, build)
}

// Refs scores references (docs/SCORING.md §7.4) for Generic: the referential state
// lives in the generated context, which implements it. A schema without
// references passes nil.
type Refs interface {
	// Ref scores a reference of the scope-th scope (processing order).
	Ref(scope int, g, p jsonval.Value, build bool) (float64, *Res)
}

// Generic aligns two JSON values under node k of nodes (docs/SCORING.md §1.4) the way
// the interpreter does, for the pairs that the typed code of a generated
// scorer cannot hold: a gold value paired with a candidate value of another
// Go type (fuzzy key alignment of two properties of different struct or
// slice types). Both values are the JSON encodings of typed values, so
// every gold object key is a property of its node. It allocates (the
// values are JSON trees); typed code calls it only when the gold and the
// candidate have different keys somewhere.
func (w *Workspace) Generic(nodes []Node, refs Refs, k int, g, p jsonval.Value, build bool) (float64, *Res) {
	S := &nodes[k]
	switch {
	case S.ID:
		if build {
			return 1, Leaf(align.LeafID, 1, g, p, true, true)
		}
		return 1, nil
	case S.Ref > 0:
		return refs.Ref(S.Ref-1, g, p, build)
	case g.IsNull() || p.IsNull():
		return Null(S.NullScore, g.IsNull(), p.IsNull(), g, p, build)
	case S.Union != nil:
		return w.genericUnion(nodes, refs, S, g, p, build)
	case !kindsCompatible(g.Kind, p.Kind):
		// docs/SCORING.md §1.4: 0 in place; inside a bijection derivation the record
		// cell is 0.
		if w.Deriving {
			w.Kerr = true
		}
		return plain(0, g, p, build)
	case S.Any:
		return plain(align.ValueSimilarity(g, p), g, p, build)
	case S.Map && g.Kind == jsonval.Object:
		// A node whose "type" lists object beside other types is a map
		// for its object values only.
		return w.genericMap(nodes, refs, S, g, p, build)
	}
	switch g.Kind {
	case jsonval.Bool:
		return Bool(g.B, p.B, build)
	case jsonval.Int, jsonval.Float:
		x, err := align.CompareNumbers(S.Num, g, p)
		if err != nil {
			w.Fail(err) // cannot happen: both are numbers of a typed value
		}
		return plain(align.ApplyThreshold(x, S.Threshold), g, p, build)
	case jsonval.String:
		return StrLeaf(align.ApplyThreshold(S.Str(g.S, p.S), S.Threshold), g.S, p.S, build)
	case jsonval.Array:
		if S.Array != nil {
			return w.genericArray(nodes, refs, S, g, p, build)
		}
	case jsonval.Object:
		if S.Object != nil {
			return w.genericObject(nodes, refs, S, g, p, build)
		}
	}
	// A kind the node does not admit: validation rejects the value.
	return plain(0, g, p, build)
}

// Fit reports whether Generic can align the value *v under node k of
// nodes, and puts it in the canonical form the interpreter scores it in
// (CanonAt). A value fits when every object below an object node (one
// with properties, not a map) has only members the node declares.
// Generated code holds the values of a node whose "type" lists containers
// beside other types, and the members of a map with several member
// schemas, as jsonval.Value; it decodes a value only when it fits, and
// leaves any other to the interpreter, which scores undeclared members
// (docs/SCORING.md §6.9).
func Fit(nodes []Node, k int, v *jsonval.Value) bool {
	if !fits(nodes, k, *v) {
		return false
	}
	*v = CanonAt(nodes, k, *v)
	return true
}

// FitMap is Fit for every member of map m under the schema of its key in
// map node k.
func FitMap(nodes []Node, k int, m map[string]jsonval.Value) bool {
	for key, v := range m {
		if !Fit(nodes, nodes[k].memberNode(key), &v) {
			return false
		}
		m[key] = v
	}
	return true
}

func fits(nodes []Node, k int, v jsonval.Value) bool {
	if k < 0 {
		return true
	}
	S := &nodes[k]
	switch {
	case S.ID || S.Ref > 0 || S.Any || v.IsNull():
		return true
	case S.Union != nil:
		b := S.Union.Of(v)
		return b < 0 || fits(nodes, S.Union.Branches[b], v)
	case v.Kind == jsonval.Object && S.Map:
		for _, m := range v.Obj {
			if !fits(nodes, S.memberNode(m.Key), m.Value) {
				return false
			}
		}
	case v.Kind == jsonval.Object && S.Object != nil:
		for _, m := range v.Obj {
			i := slices.Index(S.Object.Keys, m.Key)
			if i < 0 || !fits(nodes, S.Props[i], m.Value) {
				return false
			}
		}
	case v.Kind == jsonval.Array && S.Array != nil:
		for i, x := range v.Arr {
			if !fits(nodes, S.elem(i), x) {
				return false
			}
		}
	}
	return true
}

// elem is the node index of element i of an array node.
func (S *Node) elem(i int) int {
	if i < len(S.Prefix) {
		return S.Prefix[i]
	}
	return S.Items
}

// CanonAt returns v in the canonical form the interpreter scores a value
// of node k in: Canon, and the members of every object below an object
// node in that node's order (its properties in schema order, then the
// other keys in code-point order). It returns v itself when it is
// canonical.
func CanonAt(nodes []Node, k int, v jsonval.Value) jsonval.Value {
	return orderAt(nodes, k, Canon(v))
}

// CanonAtPtr is CanonAt of *p, null for nil.
func CanonAtPtr(nodes []Node, k int, p *jsonval.Value) jsonval.Value {
	if p == nil {
		return jsonval.Value{}
	}
	return CanonAt(nodes, k, *p)
}

// EncodeMapAt returns the JSON value of map m of map node k: its members
// in code-point order of their keys, each in the canonical form of its
// schema (CanonAt).
func EncodeMapAt(nodes []Node, k int, m map[string]jsonval.Value) jsonval.Value {
	ms := make([]jsonval.Member, 0, len(m))
	for _, key := range MapKeys(m) {
		ms = append(ms, jsonval.Member{Key: key, Value: CanonAt(nodes, nodes[k].memberNode(key), m[key])})
	}
	return jsonval.NewObject(ms)
}

func orderAt(nodes []Node, k int, v jsonval.Value) jsonval.Value {
	if k < 0 || v.Kind != jsonval.Object && v.Kind != jsonval.Array {
		return v
	}
	S := &nodes[k]
	switch {
	case S.ID || S.Ref > 0 || S.Any:
	case S.Union != nil:
		if b := S.Union.Of(v); b >= 0 {
			return orderAt(nodes, S.Union.Branches[b], v)
		}
	case v.Kind == jsonval.Object && (S.Map || S.Object != nil):
		var out []jsonval.Member
		for i, m := range v.Obj {
			sub := S.memberNode(m.Key)
			if !S.Map {
				sub = -1
				if j := slices.Index(S.Object.Keys, m.Key); j >= 0 {
					sub = S.Props[j]
				}
			}
			x := orderAt(nodes, sub, m.Value)
			if out == nil && !same(x, m.Value) {
				out = slices.Clone(v.Obj)
			}
			if out != nil {
				out[i].Value = x
			}
		}
		if out == nil {
			out = v.Obj
		}
		if !S.Map {
			index := func(key string) int { return slices.Index(S.Object.Keys, key) }
			sorted := slices.IsSortedFunc(out, func(a, b jsonval.Member) int { return memberOrder(index, a.Key, b.Key) })
			if !sorted {
				out = slices.Clone(out)
				slices.SortStableFunc(out, func(a, b jsonval.Member) int { return memberOrder(index, a.Key, b.Key) })
			}
		}
		if len(out) > 0 && &out[0] != &v.Obj[0] {
			return jsonval.NewObject(out)
		}
	case v.Kind == jsonval.Array && S.Array != nil:
		var out []jsonval.Value
		for i, x := range v.Arr {
			y := orderAt(nodes, S.elem(i), x)
			if out == nil && !same(y, x) {
				out = slices.Clone(v.Arr)
			}
			if out != nil {
				out[i] = y
			}
		}
		if out != nil {
			return jsonval.NewArray(out)
		}
	}
	return v
}

// same reports whether orderAt returned its argument x as it was.
func same(a, b jsonval.Value) bool {
	switch a.Kind {
	case jsonval.Object:
		return b.Kind == jsonval.Object && len(a.Obj) == len(b.Obj) && (len(a.Obj) == 0 || &a.Obj[0] == &b.Obj[0])
	case jsonval.Array:
		return b.Kind == jsonval.Array && len(a.Arr) == len(b.Arr) && (len(a.Arr) == 0 || &a.Arr[0] == &b.Arr[0])
	}
	return true
}

// memberOrder orders two keys of an object under an object node:
// properties in schema order (index), then the other keys by code point.
func memberOrder(index func(string) int, a, b string) int {
	return align.CompareMembers(index(a), index(b), a, b)
}

// Member aligns the values of a key pair of an object entry under node k
// (docs/SCORING.md §6.4): two non-null values of different kinds score 0 in
// place (numbers are one kind: the default profile compares them by value),
// anything else is aligned by Generic.
func (w *Workspace) Member(nodes []Node, refs Refs, k int, g, p jsonval.Value, build bool) (float64, *Res) {
	if !kindsCompatible(g.Kind, p.Kind) && !g.IsNull() && !p.IsNull() && nodes[k].Union == nil {
		// A union tells its branches apart itself (docs/SCORING.md §1.8).
		return plain(0, g, p, build)
	}
	return w.Generic(nodes, refs, k, g, p, build)
}

// kindsCompatible reports whether two non-null kinds may be compared:
// equal kinds, or numbers of either lexical class (docs/SCORING.md §1.4).
func kindsCompatible(a, b jsonval.Kind) bool {
	number := func(k jsonval.Kind) bool { return k == jsonval.Int || k == jsonval.Float }
	return a == b || number(a) && number(b)
}

func plain(s float64, g, p jsonval.Value, build bool) (float64, *Res) {
	if !build {
		return s, nil
	}
	return s, Leaf(align.LeafPlain, s, g, p, true, true)
}

func (w *Workspace) genericArray(nodes []Node, refs Refs, S *Node, g, p jsonval.Value, build bool) (float64, *Res) {
	G, P := g.Arr, p.Arr
	return w.Array(S.Array, len(G), len(P), build, &Elems{
		Pos: func(i int, build bool) (float64, *Res) {
			return w.Generic(nodes, refs, S.Prefix[i], G[i], P[i], build)
		},
		Cell: func(i, j int, build bool) (float64, *Res) {
			return w.Generic(nodes, refs, S.Items, G[i], P[j], build)
		},
		Value: func(gold bool, i int) jsonval.Value {
			if gold {
				return G[i]
			}
			return P[i]
		},
		Null: func(gold bool, i int) bool {
			if gold {
				return G[i].IsNull()
			}
			return P[i].IsNull()
		},
	})
}

func (w *Workspace) genericObject(nodes []Node, refs Refs, S *Node, g, p jsonval.Value, build bool) (float64, *Res) {
	spec := S.Object
	var addG, addP []int
	if len(S.Fills) > 0 {
		g, p, addG, addP = fillAbsent(S, g, p)
	}
	index := func(key string) int { return slices.Index(spec.Keys, key) }
	for _, m := range g.Obj {
		if index(m.Key) < 0 {
			// A typed gold has declared members only, and the JSON entry
			// points decode only values that fit (Fits).
			w.Fail(fmt.Errorf("gold member %q is not declared by its schema (the JSON entry points score such values)", m.Key))
			return 0, nil
		}
	}
	o := w.Object(spec, build)
	for _, m := range g.Obj {
		o.Gold(index(m.Key))
	}
	for j, m := range p.Obj {
		o.CandKey(j, m.Key)
	}
	if build {
		o.Values(g, p)
		for _, i := range addG {
			o.Filled(i, true)
		}
		for _, i := range addP {
			o.Filled(i, false)
		}
	}
	o.Align()
	for o.NextPair() {
		i, j := o.Entry()
		gv, _ := g.Get(spec.Keys[i])
		o.Set(w.Member(nodes, refs, S.Props[i], gv, p.Obj[j].Value, build))
	}
	return o.Done()
}

// genericMap aligns two maps (docs/SCORING.md §6.8): the members of the
// JSON encodings of typed values are in code-point order of their keys.
func (w *Workspace) genericMap(nodes []Node, refs Refs, S *Node, g, p jsonval.Value, build bool) (float64, *Res) {
	gk, pk := make([]string, len(g.Obj)), make([]string, len(p.Obj))
	for i, m := range g.Obj {
		gk[i] = m.Key
	}
	for j, m := range p.Obj {
		pk[j] = m.Key
	}
	o := w.Map(S.Object, gk, pk, build)
	if S.Weighted {
		o.WeighKeys(S.Weight)
	}
	if build {
		o.Values(g, p)
	}
	o.Align()
	for o.NextPair() {
		i, j := o.Entry()
		if k := S.memberNode(gk[i]); k >= 0 {
			o.Set(w.Member(nodes, refs, k, g.Obj[i].Value, p.Obj[j].Value, build))
		} else {
			o.Set(Value(g.Obj[i].Value, p.Obj[j].Value, build))
		}
	}
	return o.Done()
}
