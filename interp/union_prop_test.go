package interp_test

// Property tests of unions (docs/SCORING.md §1.8) on random schemas that
// nest anyOf/oneOf unions — discriminated object branches (with or without
// a "discriminator" keyword: the const tag alone makes validation find the
// branch), primitive branches of distinct kinds, a null branch — inside
// objects and arrays, and random gold values under them with candidates
// damaged, moved to another branch or with their members reordered:
//
//   - the gold scores exactly 1 against itself;
//   - the deltas of the operations add up to 1 − score (docs/SCORING.md §8.5);
//   - applying every edit gives a candidate that scores exactly 1;
//   - the score does not depend on the order of object members.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
)

// unode is a generated schema node of the union generator.
type unode struct {
	kind   string // "string", "integer", "number", "boolean", "object", "array", "union"
	props  []uprop
	items  *unode
	order  string
	tag    string   // object branch of a union: the const of its "kind" member
	alts   []*unode // union branches
	disc   bool     // union: write a discriminator keyword
	null   bool     // union: a {"type": "null"} branch
	oneOf  bool
	title  string
	nullSc float64
}

type uprop struct {
	name string
	node *unode
}

func (n *unode) schema() jsonval.Value {
	var m []jsonval.Member
	add := func(k string, v jsonval.Value) { m = append(m, jsonval.Member{Key: k, Value: v}) }
	switch n.kind {
	case "object":
		add("type", jsonval.NewString("object"))
		if n.title != "" {
			add("title", jsonval.NewString(n.title))
		}
		var ps []jsonval.Member
		req := []jsonval.Value{}
		if n.tag != "" {
			ps = append(ps, jsonval.Member{Key: "kind", Value: jsonval.NewObject([]jsonval.Member{
				{Key: "type", Value: jsonval.NewString("string")}, {Key: "const", Value: jsonval.NewString(n.tag)}})})
			req = append(req, jsonval.NewString("kind"))
		}
		for _, p := range n.props {
			ps = append(ps, jsonval.Member{Key: p.name, Value: p.node.schema()})
			req = append(req, jsonval.NewString(p.name))
		}
		add("properties", jsonval.NewObject(ps))
		add("required", jsonval.NewArray(req))
		add("additionalProperties", jsonval.NewBool(false))
	case "array":
		add("type", jsonval.NewString("array"))
		add("items", n.items.schema())
		add("order", jsonval.NewString(n.order))
	case "union":
		var alts []jsonval.Value
		for _, a := range n.alts {
			alts = append(alts, a.schema())
		}
		if n.null {
			alts = append(alts, jsonval.NewObject([]jsonval.Member{{Key: "type", Value: jsonval.NewString("null")}}))
		}
		kw := "anyOf"
		if n.oneOf {
			kw = "oneOf"
		}
		add(kw, jsonval.NewArray(alts))
		if n.disc {
			add("discriminator", jsonval.NewObject([]jsonval.Member{{Key: "propertyName", Value: jsonval.NewString("kind")}}))
		}
		if n.nullSc > 0 {
			add("nullScore", jsonval.NewFloat(n.nullSc))
		}
	default:
		add("type", jsonval.NewString(n.kind))
	}
	return jsonval.NewObject(m)
}

type ugen struct {
	r     *rand.Rand
	names int
}

func (g *ugen) name() string {
	g.names++
	return "m" + strconv.Itoa(g.names)
}

func (g *ugen) primitive(kinds ...string) *unode {
	return &unode{kind: kinds[g.r.IntN(len(kinds))]}
}

func (g *ugen) node(depth int) *unode {
	if depth <= 0 {
		return g.primitive("string", "integer", "number", "boolean")
	}
	switch g.r.IntN(5) {
	case 0:
		return g.primitive("string", "integer", "number", "boolean")
	case 1:
		return g.object(depth-1, "")
	case 2:
		order := "fixed"
		if g.r.IntN(2) == 0 {
			order = "align"
		}
		return &unode{kind: "array", items: g.node(depth - 1), order: order}
	}
	return g.union(depth - 1)
}

func (g *ugen) object(depth int, tag string) *unode {
	n := &unode{kind: "object", tag: tag}
	for range 1 + g.r.IntN(3) {
		n.props = append(n.props, uprop{name: g.name(), node: g.node(depth)})
	}
	return n
}

// union makes either tagged object branches or primitive branches of
// distinct kinds (so that a oneOf is satisfiable and every value belongs
// to exactly one branch).
func (g *ugen) union(depth int) *unode {
	u := &unode{kind: "union", oneOf: g.r.IntN(2) == 0, null: g.r.IntN(3) == 0}
	if g.r.IntN(5) == 0 {
		u.nullSc = 0.25
	}
	if g.r.IntN(2) == 0 {
		u.disc = g.r.IntN(2) == 0
		for i := range 2 + g.r.IntN(2) {
			b := g.object(depth, "t"+strconv.Itoa(i))
			if g.r.IntN(2) == 0 {
				b.title = "B" + strconv.Itoa(i)
			}
			u.alts = append(u.alts, b)
		}
		return u
	}
	kinds := []string{"string", "integer", "boolean", "object", "array"}
	g.r.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for _, k := range kinds[:2+g.r.IntN(2)] {
		switch k {
		case "object":
			u.alts = append(u.alts, g.object(max(depth-1, 0), ""))
		case "array":
			u.alts = append(u.alts, &unode{kind: "array", items: g.primitive("string", "integer"), order: "align"})
		default:
			u.alts = append(u.alts, &unode{kind: k})
		}
	}
	return u
}

// value generates a value under n.
func (g *ugen) value(n *unode) jsonval.Value {
	switch n.kind {
	case "string":
		return jsonval.NewString([]string{"a", "b", "ab", "abc", "x"}[g.r.IntN(5)])
	case "integer":
		return jsonval.NewInt(int64(g.r.IntN(5)))
	case "number":
		return jsonval.NewFloat(float64(g.r.IntN(8)) / 2)
	case "boolean":
		return jsonval.NewBool(g.r.IntN(2) == 0)
	case "array":
		var el []jsonval.Value
		for range g.r.IntN(4) {
			el = append(el, g.value(n.items))
		}
		return jsonval.NewArray(el)
	case "object":
		var m []jsonval.Member
		if n.tag != "" {
			m = append(m, jsonval.Member{Key: "kind", Value: jsonval.NewString(n.tag)})
		}
		for _, p := range n.props {
			m = append(m, jsonval.Member{Key: p.name, Value: g.value(p.node)})
		}
		return jsonval.NewObject(m)
	}
	if n.null && g.r.IntN(4) == 0 {
		return jsonval.NullValue()
	}
	return g.value(n.alts[g.r.IntN(len(n.alts))])
}

// damage returns a candidate derived from v under n: a leaf changed, a
// union value regenerated (often in another branch), an array element
// dropped, object members reordered.
func (g *ugen) damage(n *unode, v jsonval.Value) jsonval.Value {
	if g.r.IntN(4) == 0 {
		return v
	}
	switch n.kind {
	case "union":
		if v.IsNull() || g.r.IntN(3) == 0 {
			return g.value(n)
		}
		for _, a := range n.alts {
			if a.kind == kindOf(v) && (a.tag == "" || tagOf(v) == a.tag) {
				return g.damage(a, v)
			}
		}
		return v
	case "object":
		m := append([]jsonval.Member(nil), v.Obj...)
		for i := range m {
			if m[i].Key == "kind" {
				continue
			}
			m[i].Value = g.damage(n.props[i-boolInt(n.tag != "")].node, m[i].Value)
		}
		g.r.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		return jsonval.NewObject(m)
	case "array":
		el := append([]jsonval.Value(nil), v.Arr...)
		for i := range el {
			el[i] = g.damage(n.items, el[i])
		}
		if len(el) > 0 && g.r.IntN(3) == 0 {
			el = el[1:]
		}
		return jsonval.NewArray(el)
	}
	return g.value(n)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func kindOf(v jsonval.Value) string {
	switch v.Kind {
	case jsonval.String:
		return "string"
	case jsonval.Int:
		return "integer"
	case jsonval.Float:
		return "number"
	case jsonval.Bool:
		return "boolean"
	case jsonval.Array:
		return "array"
	case jsonval.Object:
		return "object"
	}
	return "null"
}

func tagOf(v jsonval.Value) string {
	if t, ok := v.Get("kind"); ok && t.Kind == jsonval.String {
		return t.S
	}
	return ""
}

// shuffleMembers reorders the members of every object of v.
func shuffleMembers(v jsonval.Value, r *rand.Rand) jsonval.Value {
	switch v.Kind {
	case jsonval.Array:
		el := make([]jsonval.Value, len(v.Arr))
		for i := range v.Arr {
			el[i] = shuffleMembers(v.Arr[i], r)
		}
		return jsonval.NewArray(el)
	case jsonval.Object:
		m := make([]jsonval.Member, len(v.Obj))
		for i := range v.Obj {
			m[i] = jsonval.Member{Key: v.Obj[i].Key, Value: shuffleMembers(v.Obj[i].Value, r)}
		}
		r.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		return jsonval.NewObject(m)
	}
	return v
}

func TestPropertyUnions(t *testing.T) {
	props := gopter.NewProperties(propParams(t, longtest.Count(20, 100, 2000)))
	props.Property("unions: gold scores 1, deltas add up, repair reaches 1, member order is free", prop.ForAll(
		func(seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 17))
			g := &ugen{r: r}
			root := &unode{kind: "object"}
			for range 1 + r.IntN(3) {
				root.props = append(root.props, uprop{name: g.name(), node: g.union(2)})
			}
			if r.IntN(3) == 0 {
				root = &unode{kind: "array", items: g.union(2), order: "align"}
			}
			schema := string(jsonval.AppendJSON(nil, root.schema()))
			s, err := interp.Compile([]byte(schema), "", interp.Options{})
			if err != nil {
				return fmt.Sprintf("schema %s: %v", schema, err)
			}
			gold := g.value(root)
			cand := g.damage(root, gold)
			fail := func(format string, args ...any) string {
				return fmt.Sprintf("schema %s\n  gold %s\n  cand %s\n  ", schema, jsonText(gold), jsonText(cand)) + fmt.Sprintf(format, args...)
			}
			if self, err := s.Score(gold, gold); err != nil || self != 1 {
				return fail("gold against itself: %v, %v", self, err)
			}
			res, err := s.Align(gold, cand)
			if err != nil {
				return fail("align: %v", err)
			}
			if res.Invalid != nil {
				return "" // a damaged candidate may break a oneOf or a required member
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				return fail("repair: %v", err)
			}
			sum := 0.0
			for _, o := range ops {
				sum += o.Delta
			}
			if math.Abs(sum-(1-res.Score)) > 1e-9 {
				return fail("deltas sum to %v, deficit %v", sum, 1-res.Score)
			}
			fixed, err := repair.Apply(cand, res.Edits())
			if err != nil {
				return fail("apply: %v", err)
			}
			if again, err := s.Score(gold, fixed); err != nil || again != 1 {
				return fail("repaired %s scores %v, %v", jsonText(fixed), again, err)
			}
			shuffled, err := s.Score(shuffleMembers(gold, r), shuffleMembers(cand, r))
			if err != nil || shuffled != res.Score {
				return fail("members reordered: %v (%v), was %v", shuffled, err, res.Score)
			}
			return ""
		},
		gen.UInt64(),
	))
	runProps(t, props)
}
