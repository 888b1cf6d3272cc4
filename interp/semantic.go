package interp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// The referential feedback modes (docs/SCORING.md §2.2, §8.11).
const (
	RefFeedbackLiteral  = "literal"  // ref_fix lines name ids (the default)
	RefFeedbackSemantic = "semantic" // ref_fix lines describe the records
)

// RefProp is one definer property of a referenced record: a member of the
// record that identifies it to a reader (docs/SCORING.md §8.11 step 3).
type RefProp struct {
	Key   string
	Value jsonval.Value
}

// RefSemantic describes the endpoints of one reference repair operation
// (ref_fix or ref_fix_no_target) for the semantic referential feedback of
// docs/SCORING.md §8.11. Computing it needs the schema and both documents:
// RefSemantics computes it, package feedback renders it.
type RefSemantic struct {
	// Scope is the name of the scope the reference points into.
	Scope string
	// Target are the definer properties of the gold endpoint, the record the
	// reference should point to, in schema order. The literal line is
	// rendered when it is empty.
	Target []RefProp
	// Ambiguous is true when another gold record of the scope has exactly
	// the same properties (feedback.refsem.target_ambiguous).
	Ambiguous bool
	// Relation are the values of the exact scalars of the record carrying
	// the reference, in the order of docs/SCORING.md §8.11 step 6; empty when none.
	Relation []jsonval.Value
	// Dangling is true when the candidate's reference names no candidate
	// record (feedback.refsem.used_dangling); used by ref_fix only.
	Dangling bool
	// Used are the definer properties of the candidate record the reference
	// names, when it is not Dangling; used by ref_fix only.
	Used []RefProp
}

// RefSemanticsFunc returns the semantic description of a ref_fix or
// ref_fix_no_target operation, or ok false to have the operation rendered
// with its literal template ("give up" in docs/SCORING.md §8.11). It must not modify o.
type RefSemanticsFunc func(o *align.Op) (sem RefSemantic, ok bool)

// RefSemantics returns the provider of the semantic referential feedback of
// docs/SCORING.md §8.11 for this result: set it as feedback.FeedbackOptions.RefSemantics
// to render ref_fix and ref_fix_no_target lines by the properties of the
// records a reference should point to. feedback.ForResult does so by itself
// when the scorer's ReferentialFeedback option is "semantic".
//
// For each operation the provider maps the operation path back to schema
// edges, finds the gold endpoint (the gold record whose id is the
// operation's gold value) and its definer properties, decides whether they
// single it out among the scope's gold records, finds the candidate record
// the reference names (or reports it dangling) and reads the relation label
// from the candidate record carrying the reference. Whenever a step fails it
// returns ok false ("give up": the literal line). It never panics.
//
// The provider memoises the per-scope record indices it builds, so it is
// not safe for concurrent use; call RefSemantics once per goroutine.
func (r *Result) RefSemantics() RefSemanticsFunc {
	if r.scorer == nil || r.Match == nil {
		return func(*align.Op) (RefSemantic, bool) { return RefSemantic{}, false }
	}
	gold := r.gold
	if !r.scorer.referenceProfile() {
		// The operations' gold values are in the candidate's identifiers.
		gold = r.CandidateSpaceGold()
	}
	sx := &semContext{s: r.scorer, gold: gold, cand: r.cand, scopes: map[int]*scopeRecords{}}
	return sx.describe
}

// semContext computes semantic descriptions for the operations of one pair.
type semContext struct {
	s          *Scorer
	gold, cand jsonval.Value
	scopes     map[int]*scopeRecords // by scope index, built on first use
}

// scopeRecords are the records of one scope on both sides, indexed by id
// (the first record with an id wins, docs/SCORING.md §8.11 step 2).
type scopeRecords struct {
	recNode   *ir.Node
	goldProps [][]RefProp // per gold record, walk order
	goldByID  map[idKey]int
	cand      []jsonval.Value
	candByID  map[idKey]int
}

func (sx *semContext) records(idx int) *scopeRecords {
	if sr, ok := sx.scopes[idx]; ok {
		return sr
	}
	sc := sx.s.schema.Scopes[idx]
	sr := &scopeRecords{recNode: sx.s.schema.Root.At(sc.RecordPath), goldByID: map[idKey]int{}, candByID: map[idKey]int{}}
	for i, rec := range walkValues(sx.gold, sc.RecordPath) {
		sr.goldProps = append(sr.goldProps, definerProps(rec, sr.recNode))
		if k := keyOf(firstID(rec, sc.IDSuffix)); !hasKey(sr.goldByID, k) {
			sr.goldByID[k] = i
		}
	}
	sr.cand = walkValues(sx.cand, sc.RecordPath)
	for j, rec := range sr.cand {
		if k := keyOf(firstID(rec, sc.IDSuffix)); !hasKey(sr.candByID, k) {
			sr.candByID[k] = j
		}
	}
	sx.scopes[idx] = sr
	return sr
}

func hasKey(m map[idKey]int, k idKey) bool {
	_, ok := m[k]
	return ok
}

// describe is the RefSemanticsFunc of docs/SCORING.md §8.11.
func (sx *semContext) describe(o *align.Op) (RefSemantic, bool) {
	var none RefSemantic
	if o == nil || (o.Kind != align.KindRefFix && o.Kind != align.KindRefFixNoTarget) {
		return none, false
	}
	// Step 1: the operation path as schema edges, ending on a ref node.
	root := sx.s.schema.Root
	toks := pointerTokens(o.Path)
	edges := make(ir.Path, 0, len(toks))
	node := root
	for _, t := range toks {
		if node == nil {
			return none, false
		}
		if p := node.Property(t); p != nil {
			edges = append(edges, ir.Edge{Kind: ir.EdgeProperty, Key: t})
			node = p
			continue
		}
		i, ok := arrayIndex(t)
		switch {
		case !ok:
			return none, false
		case i < len(node.PrefixItems):
			edges = append(edges, ir.Edge{Kind: ir.EdgePrefix, Index: i})
			node = node.PrefixItems[i]
		case node.Items != nil:
			edges = append(edges, ir.Edge{Kind: ir.EdgeItems})
			node = node.Items
		default:
			return none, false
		}
	}
	if node == nil || node.Ref == "" {
		return none, false
	}
	idx, ok := sx.s.scopeIndex[node.Ref]
	if !ok {
		return none, false
	}
	// Steps 2–4: the gold endpoint, its definer properties, certainty.
	sr := sx.records(idx)
	gi, ok := sr.goldByID[keyOf(o.Gold)]
	if !ok || len(sr.goldProps[gi]) == 0 {
		return none, false
	}
	sem := RefSemantic{Scope: node.Ref, Target: sr.goldProps[gi]}
	for j, ps := range sr.goldProps {
		if j != gi && propsEqual(ps, sem.Target) {
			sem.Ambiguous = true
			break
		}
	}
	// Step 5: the candidate endpoint (ref_fix only).
	if o.Kind == align.KindRefFix {
		if cj, ok := sr.candByID[keyOf(o.Pred)]; ok {
			sem.Used = definerProps(sr.cand[cj], sr.recNode)
		} else {
			sem.Dangling = true
		}
	}
	// Step 6: the relation label, from the candidate's carrier.
	carrier, _ := ir.Carrier(root, edges)
	sem.Relation = relationLabel(sx.cand, toks[:len(carrier)], root.At(carrier))
	return sem, true
}

// arrayIndex parses a pointer token as an array index: ASCII digits only.
func arrayIndex(t string) (int, bool) {
	if t == "" || strings.TrimLeft(t, "0123456789") != "" {
		return 0, false
	}
	i, err := strconv.Atoi(t)
	return i, err == nil
}

// definerProps returns the definer properties of a record (docs/SCORING.md §8.11 step
// 3): for each member of the record schema's properties, in schema order,
// that carries neither idScope nor ref, whose type permits a string,
// integer, number or boolean, and that is present in the record with a value
// that is neither an array nor an object, the pair (key, value).
func definerProps(rec jsonval.Value, recNode *ir.Node) []RefProp {
	if recNode == nil || rec.Kind != jsonval.Object {
		return nil
	}
	var out []RefProp
	for _, prop := range recNode.Properties {
		ms := prop.Node
		if ms == nil || ms.IDScope != "" || ms.Ref != "" || ms.Types&(ir.TString|ir.TInteger|ir.TNumber|ir.TBoolean) == 0 {
			continue
		}
		v, ok := rec.Get(prop.Name)
		if !ok || v.Kind == jsonval.Array || v.Kind == jsonval.Object {
			continue
		}
		out = append(out, RefProp{Key: prop.Name, Value: v})
	}
	return out
}

// propsEqual reports whether two property sequences are the same (keys in
// order, values under JSON equality).
func propsEqual(a, b []RefProp) bool {
	return slices.EqualFunc(a, b, func(x, y RefProp) bool {
		return x.Key == y.Key && jsonval.Equal(x.Value, y.Value)
	})
}

// relationLabel reads the carrier at toks in the candidate document and
// returns the values of its exact scalars (docs/SCORING.md §7.6) ordered by the text
// form ('<class>', '<key>', <value repr>) of each triple (docs/SCORING.md §8.11 step
// 6); nil when the carrier is missing or not an object.
func relationLabel(cand jsonval.Value, toks []string, carrierNode *ir.Node) []jsonval.Value {
	cur := cand
	for _, t := range toks {
		switch cur.Kind {
		case jsonval.Object:
			v, ok := cur.Get(t)
			if !ok {
				return nil
			}
			cur = v
		case jsonval.Array:
			i, ok := arrayIndex(t)
			if !ok || i >= len(cur.Arr) {
				return nil
			}
			cur = cur.Arr[i]
		default:
			return nil
		}
	}
	if carrierNode == nil || cur.Kind != jsonval.Object {
		return nil
	}
	type labelled struct {
		text string
		v    jsonval.Value
	}
	var items []labelled
	for _, prop := range carrierNode.Properties {
		if !exactScalarMember(prop.Node) {
			continue
		}
		v, ok := cur.Get(prop.Name)
		if !ok || v.Kind == jsonval.Array || v.Kind == jsonval.Object {
			continue
		}
		text := "(" + jsonval.PyRepr(jsonval.NewString(v.Kind.String())) + ", " +
			jsonval.PyRepr(jsonval.NewString(prop.Name)) + ", " + jsonval.PyRepr(v) + ")"
		items = append(items, labelled{text, v})
	}
	slices.SortStableFunc(items, func(a, b labelled) int { return strings.Compare(a.text, b.text) })
	out := make([]jsonval.Value, len(items))
	for i, it := range items {
		out[i] = it.v
	}
	return out
}
