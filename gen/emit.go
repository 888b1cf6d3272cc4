package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
)

// emitter writes the Go source of the scoring functions. Bodies are written
// as text (the algorithms of docs/SCORING.md §5–§6 unrolled for one pair of schema
// nodes); package-level declarations and imports are assembled with jennifer
// in gen.go.
type emitter struct {
	m     *model
	w     bytes.Buffer
	done  map[string]bool
	queue [][2]*tnode
	// pairNames holds the name of every pair function (see pairFn);
	// pairUsed the names taken.
	pairNames map[string]string
	pairUsed  map[string]bool
	// aux holds package-level declarations made while a function body is
	// being written (walkers, relation tables); it is appended at the end.
	aux     bytes.Buffer
	walkers map[string]string
	// walkerUsed holds the names taken by walkers and relation tables.
	walkerUsed map[string]bool
}

func (e *emitter) p(format string, args ...any) {
	fmt.Fprintf(&e.w, format, args...)
	e.w.WriteByte('\n')
}

// lit renders a float64 as a Go literal that denotes exactly that float64.
func lit(x float64) string {
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !bytes.ContainsAny([]byte(s), ".e") {
		s += ".0"
	}
	return "float64(" + s + ")"
}

func (e *emitter) n(s string) string { return e.m.prefix + s }

// fn is the name of the per-node function verb of node t: verb followed by
// the node path (see tnode.path), e.g. toJSONOrgChartPeopleItem.
func fn(verb string, t *tnode) string { return verb + t.path }

// pair returns the name of the score function of gold node a against
// candidate node b and queues it for emission.
func (e *emitter) pair(a, b *tnode) string {
	key := pairKey(a, b)
	if !e.done[key] {
		e.done[key] = true
		e.queue = append(e.queue, [2]*tnode{a, b})
	}
	return e.pairFn("score", a, b)
}

// pairFn is the name of the function verb of the pair (gold node a,
// candidate node b): verb followed by the path of a, and for two different
// nodes "_vs_" and the path of b relative to the closest node both are
// reached from (scoreOrgChartPeopleItemName_vs_Role). The pair's name is
// fixed at its first use and made unique within the file with the suffixes
// 2, 3, …, so it is deterministic.
func (e *emitter) pairFn(verb string, a, b *tnode) string {
	key := pairKey(a, b)
	name, ok := e.pairNames[key]
	if !ok {
		name = a.path
		if a != b {
			name += "_vs_" + relPath(a, b)
		}
		if e.pairUsed[name] {
			for i := 2; ; i++ {
				if x := fmt.Sprintf("%s_%d", name, i); !e.pairUsed[x] {
					name = x
					break
				}
			}
		}
		e.pairUsed[name] = true
		e.pairNames[key] = name
	}
	return verb + name
}

// relPath is the path of b relative to the closest ancestor (or self) of b
// that is also one of a, when b's path extends that ancestor's path; else
// b's whole path.
func relPath(a, b *tnode) string {
	anc := map[*tnode]bool{}
	for x := a; x != nil; x = x.parent {
		anc[x] = true
	}
	for x := b; x != nil; x = x.parent {
		if anc[x] {
			if rest, ok := strings.CutPrefix(b.path, x.path); ok && rest != "" {
				return rest
			}
			break
		}
	}
	return b.path
}

func pairKey(a, b *tnode) string { return fmt.Sprintf("%d_%d", a.id, b.id) }

// describe is the type (and for leaves the comparator) of a schema node,
// for doc comments: "string, jaro", "object", "integer or null, exact", …
func describe(t *tnode) string {
	var s string
	switch t.kind {
	case kBool:
		s = "boolean"
	case kInt:
		s = "integer"
	case kFloat:
		s = "number"
	case kString:
		s = "string"
		if t.enum != nil {
			s = "string enum"
		}
	case kObject:
		s = "object"
	case kArray:
		s = "array"
		if t.tuple {
			s = "tuple"
		}
	}
	if t.nullable {
		s += " or null"
	}
	switch {
	case t.n.IDScope != "":
		return s + ", identifier of scope " + strconv.Quote(t.n.IDScope)
	case t.n.Ref != "":
		return s + ", reference to scope " + strconv.Quote(t.n.Ref)
	case t.kind == kString:
		s += ", " + cmp(t.n.Score, "jaro")
	case t.kind == kInt || t.kind == kFloat:
		s += ", " + cmp(t.n.Score, "invdiff")
	case t.kind == kArray && t.items != nil:
		s += ", order " + map[ir.Order]string{ir.OrderFixed: "fixed", ir.OrderAlign: "align"}[t.n.Order]
	}
	if t.n.Threshold != 0 && (t.kind == kString || t.kind == kInt || t.kind == kFloat) {
		s += fmt.Sprintf(", threshold %v", t.n.Threshold)
	}
	return s
}

// cmp is a comparator name, def when none is given.
func cmp(name, def string) string {
	if name == "" {
		return def
	}
	return name
}

// pointer is the schema node's JSON Pointer as a URI fragment (#/…).
func pointer(t *tnode) string { return "#" + t.n.Pos.Pointer }

// kind compatibility of two non-null values (docs/SCORING.md §1.4): equal kinds or
// numbers of either class.
func compatible(a, b vkind) bool {
	return a == b || (a == kInt || a == kFloat) && (b == kInt || b == kFloat)
}

// fieldNull, fieldRef, fieldPresent: access to property pp of struct pointer x.
func (e *emitter) fieldPresent(x string, pp *tprop) string {
	if pp.node.existing() {
		return existingPresent(x+"."+pp.field, pp)
	}
	s := x + "." + pp.field + " != nil"
	if pp.nullField != "" {
		s += " || " + x + "." + pp.nullField
	}
	return s
}

func fieldNull(x string, pp *tprop) string {
	if pp.node.existing() {
		return elemNull(x+"."+pp.field, pp.node)
	}
	if pp.nullField == "" {
		return "false"
	}
	return x + "." + pp.nullField
}

func (e *emitter) fieldRef(x string, pp *tprop) string {
	t := pp.node
	if t.existing() {
		return e.elemRef(x+"."+pp.field, t)
	}
	if t.isStructRef() || (t.kind == kArray && !t.tuple) {
		return x + "." + pp.field
	}
	return "genrt.Deref" + "(" + x + "." + pp.field + ")"
}

// when is the statement running body when the condition cond holds: body
// alone when cond is the constant true (no emitted no-op conditions).
func when(cond, body string) string {
	if cond == "true" {
		return body
	}
	return "if " + cond + " { " + body + " }"
}

// existingPresent is the presence test of field expression f of an existing
// Go type (see TypesOptions): encoding/json writes a field unless it has
// omitempty and is empty (or omitzero and is zero).
func existingPresent(f string, pp *tprop) string {
	t := pp.node
	if pp.omit == omitNone {
		return "true"
	}
	switch {
	case t.ptr:
		return f + " != nil"
	case t.kind == kArray && pp.omit == omitZero:
		return f + " != nil"
	case t.kind == kArray:
		return "len(" + f + ") > 0"
	case t.kind == kString:
		return f + ` != ""`
	case t.kind == kInt || t.kind == kFloat:
		return f + " != 0"
	case t.kind == kBool:
		return f
	}
	return "true" // a struct value: omitempty never omits it (omitzero is refused)
}

// elemNull and elemRef: access to an element expression ex of node t.
func elemNull(ex string, t *tnode) string {
	if t.existing() {
		switch {
		case !t.ptr:
			return "false"
		case t.kind == kArray:
			return ex + " == nil || *" + ex + " == nil" // encoding/json writes a nil slice as null
		}
		return ex + " == nil"
	}
	if !t.nullable {
		return "false"
	}
	return ex + " == nil"
}

func (e *emitter) elemRef(ex string, t *tnode) string {
	if t.existing() {
		v := ex
		switch {
		case t.isStructRef() && t.ptr:
			return ex
		case t.isStructRef():
			return "&" + ex
		case t.ptr:
			v = "genrt.Deref" + "(" + ex + ")"
		}
		if t.conv {
			return t.base + "(" + v + ")"
		}
		return v
	}
	if !t.nullable {
		if t.isStructRef() {
			return "&" + ex
		}
		return ex
	}
	if t.isStructRef() {
		return ex
	}
	return "genrt.Deref" + "(" + ex + ")"
}

// arrLen is the length expression of array ref x of node t.
func arrLen(x string, t *tnode) string {
	if !t.tuple {
		return "len(" + x + ")"
	}
	if t.items != nil {
		return x + ".Len + len(" + x + ".Rest)"
	}
	return x + ".Len"
}

// elemAtStatic is the element expression at static position i (< len(prefix))
// or in the tail at dynamic index idx (absolute).
func tailElem(x string, t *tnode, idx string) string {
	if !t.tuple {
		return x + "[" + idx + "]"
	}
	return fmt.Sprintf("%s.Rest[%s-%d]", x, idx, len(t.prefix))
}

// emitPair emits the align function of gold node a against candidate node b
// (docs/SCORING.md §1.4 dispatch, steps 3 and 4) and the object/list functions it needs.
func (e *emitter) emitPair(a, b *tnode) {
	if a == b {
		e.p("// %s scores %s (%s).", e.pairFn("score", a, b), pointer(a), describe(a))
	} else {
		e.p("// %s scores a gold value of %s (%s) against a candidate value of %s (%s); the gold node's schema governs (docs/SCORING.md §6.4).", e.pairFn("score", a, b), pointer(a), describe(a), pointer(b), describe(b))
	}
	e.p("func (c *%s) %s(gn bool, g %s, pn bool, p %s, build bool) (float64, *%s) {", e.n("Ctx"), e.pairFn("score", a, b), a.refType(), b.refType(), "genrt.Res")
	if e.emitIDRef(a, b) {
		return
	}
	if a.nullable || b.nullable {
		e.p("if gn || pn {")
		e.p("s := %s", lit(a.n.NullScore))
		e.p("if gn && pn { s = 1 }")
		e.p("if build { return s, genrt.Leaf(align.LeafNull, s, %s(gn, g), %s(pn, p), true, true) }", fn("toJSONOrNull", a), fn("toJSONOrNull", b))
		e.p("return s, nil")
		e.p("}")
	}
	plain := func(s string) {
		e.p("if build { return %s, genrt.Leaf(align.LeafPlain, %s, %s(g), %s(p), true, true) }", s, s, fn("toJSON", a), fn("toJSON", b))
		e.p("return %s, nil", s)
	}
	if !compatible(a.kind, b.kind) {
		if len(e.m.scopes) > 0 {
			// docs/SCORING.md §1.4: inside bijection derivation the record cell is 0.
			e.p("if c.deriving { c.kerr = true }")
		}
		plain("0")
		e.p("}")
		return
	}
	switch a.kind {
	case kBool:
		e.p("s := 0.0")
		e.p("if g == p { s = 1 }")
		plain("s")
	case kString:
		e.p("s := align.%s(string(g), string(p))", stringComparator(a.n.Score))
		if a.n.Threshold != 0 {
			e.p("s = align.ApplyThreshold(s, %s)", lit(a.n.Threshold))
		}
		plain("s")
	case kInt, kFloat:
		name := a.n.Score
		if name == "" {
			name = "invdiff"
		}
		fn := map[string]string{"invdiff": "InvDiff", "exact": "ExactNumber", "relative": "Relative"}[name]
		if a.kind == kInt && b.kind == kInt {
			e.p("s := align.%sInt(g, p)", fn)
		} else {
			e.p("s := align.%sFloat(float64(g), float64(p))", fn)
		}
		if a.n.Threshold != 0 {
			e.p("s = align.ApplyThreshold(s, %s)", lit(a.n.Threshold))
		}
		plain("s")
	case kObject:
		e.p("return c.%s(g, p, build)", e.pairFn("scoreObject", a, b))
		e.p("}")
		e.emitObject(a, b)
		return
	case kArray:
		e.p("return c.%s(g, p, build)", e.pairFn("scoreArray", a, b))
		e.p("}")
		e.emitList(a, b)
		return
	}
	e.p("}")
}

func stringComparator(name string) string {
	switch name {
	case "", "jaro":
		return "Jaro"
	case "exact":
		return "ExactString"
	case "jaro_winkler":
		return "JaroWinkler"
	case "levenshtein":
		return "Levenshtein"
	case "damerau_levenshtein":
		return "DamerauLevenshtein"
	case "osa":
		return "OSA"
	case "indel":
		return "Indel"
	case "lcsseq":
		return "LCSSeq"
	}
	return ""
}

// keySim is κ of docs/SCORING.md §6.1 for the gold schema node a, computed at generation
// time with the runtime's own comparator.
func keySim(a *ir.Node, gk, pk string) float64 {
	var x float64
	if a.KeyScore == "exact" {
		x = align.ExactString(gk, pk)
	} else {
		x = align.Jaro(gk, pk)
	}
	return align.ApplyThreshold(x, a.KeyThreshold)
}

// emitObject emits the object alignment of docs/SCORING.md §6 for gold node a against
// candidate node b. The key-similarity matrix over the two property lists is
// a constant; the assignment runs only when the present key sets differ
// (identical key sets have the identity as unique optimum when every
// off-diagonal similarity is below 1, checked here at generation time).
func (e *emitter) emitObject(a, b *tnode) {
	NA, NB := len(a.props), len(b.props)
	sim := make([]float64, NA*NB)
	for i, pa := range a.props {
		for j, pb := range b.props {
			sim[i*NB+j] = keySim(a.n, pa.name, pb.name)
		}
	}
	identity := a == b
	if identity {
		for i := range NA {
			for j := range NB {
				if (i == j && sim[i*NB+j] != 1) || (i != j && sim[i*NB+j] >= 1) {
					identity = false
				}
			}
		}
	}
	simName := e.pairFn("keySim", a, b)
	if NA*NB > 0 {
		e.p("// %s holds the key similarities (docs/SCORING.md §6.1) of the properties of %s (rows) and %s (columns).", simName, pointer(a), pointer(b))
		e.p("var %s = [%d]float64{", simName, NA*NB)
		for _, x := range sim {
			e.p("%s,", lit(x))
		}
		e.p("}")
	}
	E := NA + NB
	if E == 0 {
		E = 1
	}
	e.p("// %s aligns the properties of %s and %s (docs/SCORING.md §6).", e.pairFn("scoreObject", a, b), pointer(a), pointer(b))
	e.p("func (c *%s) %s(g *%s, p *%s, build bool) (float64, *%s) {", e.n("Ctx"), e.pairFn("scoreObject", a, b), a.base, b.base, "genrt.Res")
	e.p("var gi [%d]int", max(NA, 1))
	e.p("n := 0")
	for i, pp := range a.props {
		e.p("%s", when(e.fieldPresent("g", pp), fmt.Sprintf("gi[n] = %d; n++", i)))
	}
	e.p("var pj [%d]int", max(NB, 1))
	e.p("m := 0")
	for j, pp := range b.props {
		e.p("%s", when(e.fieldPresent("p", pp), fmt.Sprintf("pj[m] = %d; m++", j)))
	}
	e.p("if n == 0 && m == 0 {")
	e.p("if build { return 1, genrt.EmptyObject() }")
	e.p("return 1, nil")
	e.p("}")
	e.p("var eg, ep [%d]int", E)
	e.p("var eks, ews, evs [%d]float64", E)
	e.p("E := 0")
	if NA*NB > 0 {
		if identity {
			e.p("same := n == m")
			e.p("for i := 0; same && i < n; i++ { same = gi[i] == pj[i] }")
			e.p("if same {")
			e.p("for i := 0; i < n; i++ { eg[E], ep[E], eks[E] = gi[i], gi[i], 1; E++ }")
			e.p("} else {")
		}
		e.p("K := c.Floats(n * m)")
		e.p("for i := 0; i < n; i++ { for j := 0; j < m; j++ { K[i*m+j] = %s[gi[i]*%d+pj[j]] } }", simName, NB)
		e.p("asg := c.Solve(K, n, m)")
		e.p("for r := 0; r < max(n, m); r++ {")
		e.p("col := asg[r]")
		e.p("switch {")
		e.p("case r < n && col < m && K[r*m+col] > 0: eg[E], ep[E], eks[E] = gi[r], pj[col], K[r*m+col]; E++")
		e.p("case r < n && col < m: eg[E], ep[E] = -1, pj[col]; eg[E+1], ep[E+1] = gi[r], -1; E += 2")
		e.p("case r < n: eg[E], ep[E] = gi[r], -1; E++")
		e.p("case col < m: eg[E], ep[E] = -1, pj[col]; E++")
		e.p("}")
		e.p("}")
		e.p("c.ReleaseInts(asg)")
		e.p("c.Release(K)")
		if identity {
			e.p("}")
		}
	} else {
		e.p("for i := 0; i < n; i++ { eg[E], ep[E] = gi[i], -1; E++ }")
		e.p("for j := 0; j < m; j++ { eg[E], ep[E] = -1, pj[j]; E++ }")
	}
	e.p("var rs []*%s", "genrt.Res")
	e.p("if build { rs = make([]*%s, E) }", "genrt.Res")
	e.p("for x := 0; x < E; x++ {")
	e.p("ews[x] = 1")
	e.p("if eg[x] < 0 || ep[x] < 0 {")
	e.p("if build { rs[x] = genrt.Leaf(align.LeafPlain, 0, %s(g, eg[x]), %s(p, ep[x]), eg[x] >= 0, ep[x] >= 0) }", fn("member", a), fn("member", b))
	e.p("continue")
	e.p("}")
	e.p("switch eg[x]*%d + ep[x] {", max(NB, 1))
	for i, pa := range a.props {
		for j, pb := range b.props {
			if sim[i*NB+j] <= 0 {
				continue
			}
			e.p("case %d:", i*NB+j)
			e.p("ews[x] = %s", lit(pa.node.n.ValueWeight))
			score := e.pair(pa.node, pb.node)
			call := fmt.Sprintf("evs[x], r = c.%s(%s, %s, %s, %s, build)", score, fieldNull("g", pa), e.fieldRef("g", pa), fieldNull("p", pb), e.fieldRef("p", pb))
			zero := fmt.Sprintf("if build { r = genrt.Leaf(align.LeafPlain, 0, %s(%s, %s), %s(%s, %s), true, true) }",
				fn("toJSONOrNull", pa.node), fieldNull("g", pa), e.fieldRef("g", pa),
				fn("toJSONOrNull", pb.node), fieldNull("p", pb), e.fieldRef("p", pb))
			e.p("var r *%s", "genrt.Res")
			switch {
			case pa.node.kind == pb.node.kind:
				e.p("%s", call)
			case pa.node.nullable || pb.node.nullable:
				// docs/SCORING.md §6.4: different kinds score 0 unless a side is null.
				e.p("if %s || %s { %s } else { %s }", fieldNull("g", pa), fieldNull("p", pb), call, zero)
			default:
				e.p("%s", zero)
			}
			e.p("if build { rs[x] = r }")
		}
	}
	e.p("}")
	e.p("}")
	wK, wV := a.n.KeyImportance, a.n.ValueImportance
	e.p("W := align.PairwiseSum(ews[:E])")
	e.p("var score float64")
	e.p("if W == 0 {")
	e.p("score = 1")
	e.p("} else {")
	e.p("var terms [%d]float64", E)
	e.p("for x := 0; x < E; x++ { terms[x] = (ews[x] / W) * evs[x] }")
	e.p("sVal := align.PairwiseSum(terms[:E])")
	if wK != 0 {
		e.p("sKey := align.PairwiseSum(eks[:E]) / float64(E)")
		e.p("score = align.Clamp01((float64(%s*sKey) + float64(%s*sVal)) / %s)", lit(wK), lit(wV), lit(wK+wV))
	} else {
		// float64(0*sKey) is +0 for the finite sKey, and 0 + x == x.
		e.p("score = align.Clamp01(float64(%s*sVal) / %s)", lit(wV), lit(wK+wV))
	}
	e.p("}")
	e.p("if !build { return score, nil }")
	e.p("ents := make([]align.ObjectEntry, E)")
	e.p("var agM, apM []jsonval.Member")
	e.p("sumW := align.NeumaierSum(ews[:E])")
	e.p("for x := 0; x < E; x++ {")
	e.p("oe := align.ObjectEntry{KeyScore: eks[x], Value: rs[x].Match}")
	e.p("if eg[x] >= 0 { oe.GoldKey, oe.HasGoldKey = %s[eg[x]], true; agM = append(agM, jsonval.Member{Key: oe.GoldKey, Value: rs[x].Gold}) }", fn("keys", a))
	e.p("if ep[x] >= 0 { oe.PredKey, oe.HasPredKey = %s[ep[x]], true; apM = append(apM, jsonval.Member{Key: oe.PredKey, Value: rs[x].Pred}) }", fn("keys", b))
	e.p("if W != 0 {")
	e.p("oe.KeyAlpha = %s / float64(E)", lit(wK/(wK+wV)))
	e.p("if sumW != 0 { oe.ValueAlpha = float64(%s*ews[x]) / sumW }", lit(wV/(wK+wV)))
	e.p("}")
	e.p("ents[x] = oe")
	e.p("}")
	e.p("mt := &align.Match{Type: align.ObjectNode, Score: score, Confidence: 1, Entries: ents}")
	e.p("return score, &%s{Gold: jsonval.NewObject(agM), Pred: jsonval.NewObject(apM), Match: mt}", "genrt.Res")
	e.p("}")
}

// emitList emits the array alignment of docs/SCORING.md §5 for gold node a against
// candidate node b.
func (e *emitter) emitList(a, b *tnode) {
	kA, kB := len(a.prefix), len(b.prefix)
	res := "genrt.Res"
	if a.items != nil {
		e.emitTailCell(a, b)
	}
	e.p("// %s aligns the elements of %s and %s (docs/SCORING.md §5).", e.pairFn("scoreArray", a, b), pointer(a), pointer(b))
	e.p("func (c *%s) %s(g %s, p %s, build bool) (float64, *%s) {", e.n("Ctx"), e.pairFn("scoreArray", a, b), a.refType(), b.refType(), res)
	e.p("nG, nP := %s, %s", arrLen("g", a), arrLen("p", b))
	if kA > 0 {
		e.p("var hw, hs [%d]float64", kA)
		e.p("var hents []%s", "genrt.Entry")
		e.p("if build { hents = make([]%s, %d) }", "genrt.Entry", kA)
		for i := range kA {
			ga := a.prefix[i]
			e.p("hw[%d] = %s", i, lit(a.n.PrefixWeight(i)))
			e.p("switch hasG, hasP := %d < nG, %d < nP; {", i, i)
			e.p("case hasG && hasP:")
			// candidate element i
			var pex string
			var pn *tnode
			if i < kB {
				pex, pn = fmt.Sprintf("p.P%d", i), b.prefix[i]
			} else if b.items != nil {
				pex, pn = tailElem("p", b, strconv.Itoa(i)), b.items
			}
			if pn == nil {
				e.p("// unreachable: the candidate's type has no position %d", i)
			} else {
				gex := fmt.Sprintf("g.P%d", i)
				e.p("s, r := c.%s(%s, %s, %s, %s, build)", e.pair(ga, pn), elemNull(gex, ga), e.elemRef(gex, ga), elemNull(pex, pn), e.elemRef(pex, pn))
				e.p("hs[%d] = s", i)
				e.p("if build { hents[%d] = %s{Role: align.RoleMatched, Gold: r.Gold, Pred: r.Pred, Match: r.Match} }", i, "genrt.Entry")
			}
			e.p("case hasG:")
			e.p("if build { v := %s(g, %d); hents[%d] = %s{Role: align.RoleMissing, Gold: v, Match: genrt.Leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false).Match} }", fn("elemAt", a), i, i, "genrt.Entry")
			e.p("case hasP:")
			e.p("if build { v := %s(p, %d); hents[%d] = %s{Role: align.RoleExcess, Pred: v, Match: genrt.Leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true).Match} }", fn("elemAt", b), i, i, "genrt.Entry")
			e.p("default:")
			e.p("hw[%d] = 0", i)
			e.p("if build { hents[%d] = %s{Role: align.RoleAbsent, Match: genrt.Leaf(align.LeafAbsent, 0, jsonval.Value{}, jsonval.Value{}, false, false).Match} }", i, "genrt.Entry")
			e.p("}")
		}
		e.p("var head float64")
		e.p("if T := align.PairwiseSum(hw[:]); T <= 0 {")
		e.p("head = 1")
		e.p("} else {")
		e.p("var terms [%d]float64", kA)
		e.p("for i := range terms { terms[i] = hs[i] * (hw[i] / T) }")
		e.p("head = align.Clamp01(align.PairwiseSum(terms[:]))")
		e.p("}")
		e.p("var halphas []float64")
		e.p("if build {")
		e.p("halphas = make([]float64, %d)", kA)
		e.p("if Tc := align.NeumaierSum(hw[:]); Tc > 0 { for i := range halphas { halphas[i] = hw[i] / Tc } }")
		e.p("}")
		if a.items == nil {
			e.p("if !build { return head, nil }")
			e.p("return head, genrt.FinishList(align.ListPrefix, head, hents, halphas, false, %s(g), %s(p))", fn("toJSON", a), fn("toJSON", b))
			e.p("}")
			return
		}
	}
	// Tail.
	e.p("n, m := max(nG-%d, 0), max(nP-%d, 0)", kA, kA)
	e.p("var tail float64")
	e.p("var tents []%s", "genrt.Entry")
	if kA == 0 {
		e.p("raw := false // both tails empty: the aligned values are the arrays themselves")
	}
	ie, im := a.n.IgnoreExcess, a.n.IgnoreMissing
	count := func(role string) {
		switch {
		case role == "excess" && ie, role == "missing" && im:
		default:
			e.p("D++")
		}
	}
	cell := e.pairFn("scoreTail", a, b)
	gAt := fn("elemAt", a)
	pAt := fn("elemAt", b)
	gNull := fn("elemNullAt", a)
	pNull := fn("elemNullAt", b)
	ent := "genrt.Entry"
	e.p("switch {")
	e.p("case n == 0 && m == 0:")
	if kA == 0 {
		e.p("tail, raw = 1, true")
	} else {
		e.p("tail = 1")
	}
	if a.n.Order == ir.OrderFixed {
		e.p("case n == 0:")
		e.p("tail = %s", map[bool]string{true: "1", false: "0"}[ie])
		e.p("if build { for j := 0; j < m; j++ { v := %s(p, %d+j); tents = append(tents, %s{Role: align.RoleExcess, Pred: v, Match: genrt.Leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true).Match}) } }", pAt, kA, ent)
		e.p("case m == 0:")
		e.p("tail = %s", map[bool]string{true: "1", false: "0"}[im])
		e.p("if build { for i := 0; i < n; i++ { v := %s(g, %d+i); tents = append(tents, %s{Role: align.RoleMissing, Gold: v, Match: genrt.Leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false).Match}) } }", gAt, kA, ent)
	}
	e.p("default:")
	e.p("M := c.Floats(n * m)")
	e.p("for i := 0; i < n; i++ { for j := 0; j < m; j++ { M[i*m+j], _ = c.%s(g, p, i, j, false) } }", cell)
	e.p("D := 0")
	if a.n.Order == ir.OrderAlign {
		e.p("asg := c.Solve(M, n, m)")
		e.p("sc := c.Floats(n + m)")
		e.p("E := 0")
		e.p("for r := 0; r < max(n, m); r++ {")
		e.p("col := asg[r]")
		e.p("switch {")
		e.p("case r < n && col < m:")
		e.p("s := M[r*m+col]")
		e.p("if s > 0 {")
		count("matched")
		e.p("sc[E] = s; E++")
		e.p("if build { _, cr := c.%s(g, p, r, col, true); tents = append(tents, %s{Role: align.RoleMatched, Gold: cr.Gold, Pred: cr.Pred, Match: cr.Match}) }", cell, ent)
		e.p("continue")
		e.p("}")
		e.p("var cr *%s", res)
		e.p("if build { _, cr = c.%s(g, p, r, col, true) }", cell)
		e.p("if !%s(p, %d+col) {", pNull, kA)
		count("excess")
		e.p("sc[E] = 0; E++")
		e.p("if build { tents = append(tents, %s{Role: align.RoleExcess, Pred: cr.Pred, Match: genrt.Leaf(align.LeafPlain, 0, jsonval.Value{}, cr.Pred, false, true).Match}) }", ent)
		e.p("}")
		e.p("if !%s(g, %d+r) {", gNull, kA)
		count("missing")
		e.p("sc[E] = 0; E++")
		e.p("if build { tents = append(tents, %s{Role: align.RoleMissing, Gold: cr.Gold, Match: genrt.Leaf(align.LeafPlain, 0, cr.Gold, jsonval.Value{}, true, false).Match}) }", ent)
		e.p("}")
		e.p("case r < n:")
		count("missing")
		e.p("sc[E] = 0; E++")
		e.p("if build { v := %s(g, %d+r); tents = append(tents, %s{Role: align.RoleMissing, Gold: v, Match: genrt.Leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false).Match}) }", gAt, kA, ent)
		e.p("case col < m:")
		count("excess")
		e.p("sc[E] = 0; E++")
		e.p("if build { v := %s(p, %d+col); tents = append(tents, %s{Role: align.RoleExcess, Pred: v, Match: genrt.Leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true).Match}) }", pAt, kA, ent)
		e.p("}")
		e.p("}")
		e.p("c.ReleaseInts(asg)")
		e.p("if D == 0 { tail = 1 } else { tail = align.Clamp01(align.PairwiseSum(sc[:E]) / float64(D)) }")
		e.p("c.Release(sc)")
	} else {
		e.p("total, steps := c.Align(M, n, m)")
		e.p("for _, st := range steps {")
		e.p("switch st.Move {")
		e.p("case seqdp.Diag:")
		e.p("s := M[st.I*m+st.J]")
		e.p("if s > 0 {")
		count("matched")
		e.p("if build { _, cr := c.%s(g, p, st.I, st.J, true); tents = append(tents, %s{Role: align.RoleMatched, Gold: cr.Gold, Pred: cr.Pred, Match: cr.Match}) }", cell, ent)
		e.p("continue")
		e.p("}")
		e.p("var cr *%s", res)
		e.p("if build { _, cr = c.%s(g, p, st.I, st.J, true) }", cell)
		e.p("if !%s(g, %d+st.I) {", gNull, kA)
		count("missing")
		e.p("if build { tents = append(tents, %s{Role: align.RoleMissing, Gold: cr.Gold, Match: genrt.Leaf(align.LeafPlain, 0, cr.Gold, jsonval.Value{}, true, false).Match}) }", ent)
		e.p("}")
		e.p("if !%s(p, %d+st.J) {", pNull, kA)
		count("excess")
		e.p("if build { tents = append(tents, %s{Role: align.RoleExcess, Pred: cr.Pred, Match: genrt.Leaf(align.LeafPlain, 0, jsonval.Value{}, cr.Pred, false, true).Match}) }", ent)
		e.p("}")
		e.p("case seqdp.Up:")
		count("missing")
		e.p("if build {")
		e.p("v := %s(g, %d+st.I)", gAt, kA)
		e.p("if st.CellDiag { _, cr := c.%s(g, p, st.I, st.J, true); v = cr.Gold }", cell)
		e.p("tents = append(tents, %s{Role: align.RoleMissing, Gold: v, Match: genrt.Leaf(align.LeafPlain, 0, v, jsonval.Value{}, true, false).Match})", ent)
		e.p("}")
		e.p("case seqdp.Left:")
		count("excess")
		e.p("if build {")
		e.p("v := %s(p, %d+st.J)", pAt, kA)
		e.p("if st.CellDiag { _, cr := c.%s(g, p, st.I, st.J, true); v = cr.Pred }", cell)
		e.p("tents = append(tents, %s{Role: align.RoleExcess, Pred: v, Match: genrt.Leaf(align.LeafPlain, 0, jsonval.Value{}, v, false, true).Match})", ent)
		e.p("}")
		e.p("}")
		e.p("}")
		e.p("c.ReleaseSteps(steps)")
		e.p("if D == 0 { tail = 1 } else { tail = align.Clamp01(total / float64(D)) }")
	}
	e.p("c.Release(M)")
	e.p("}")
	talphas := fmt.Sprintf("%s(tents, %v, %v)", "genrt.UniformAlphas", ie, im)
	listKind := "align.ListFixed"
	if a.n.Order == ir.OrderAlign {
		listKind = "align.ListReorder"
	}
	if kA == 0 {
		e.p("if !build { return tail, nil }")
		e.p("return tail, genrt.FinishList(%s, tail, tents, %s, raw, %s(g), %s(p))", listKind, talphas, fn("toJSON", a), fn("toJSON", b))
		e.p("}")
		return
	}
	tot := a.n.PrefixImportance + a.n.RestImportance
	wp, wr := a.n.PrefixImportance/tot, a.n.RestImportance/tot
	e.p("score := float64(%s*head) + float64(%s*tail)", lit(wp), lit(wr))
	e.p("if !build { return score, nil }")
	e.p("ta := %s", talphas)
	e.p("return score, genrt.FinishCombined(score, %s, %s, hents, halphas, tents, ta)", lit(wp), lit(wr))
	e.p("}")
}

// emitTailCell emits the function aligning gold tail element i with candidate
// tail element j (indices relative to the tail start len(a.prefix)).
func (e *emitter) emitTailCell(a, b *tnode) {
	kA, kB := len(a.prefix), len(b.prefix)
	e.p("// %s scores gold tail element i of %s against candidate tail element j of %s.", e.pairFn("scoreTail", a, b), pointer(a), pointer(b))
	e.p("func (c *%s) %s(g %s, p %s, i, j int, build bool) (float64, *%s) {", e.n("Ctx"), e.pairFn("scoreTail", a, b), a.refType(), b.refType(), "genrt.Res")
	gex := "g[i]"
	if a.tuple {
		gex = "g.Rest[i]" // i counts from the end of the gold's positions
	}
	gargs := fmt.Sprintf("%s, %s", elemNull(gex, a.items), e.elemRef(gex, a.items))
	// Candidate element j of the tail is at absolute index kA+j: one of the
	// candidate's positions while below kB, else in its items.
	var rest string // the candidate's items element
	if b.items != nil {
		switch off := kA - kB; {
		case !b.tuple && kA == 0:
			rest = "p[j]"
		case !b.tuple:
			rest = fmt.Sprintf("p[%d+j]", kA)
		case off == 0:
			rest = "p.Rest[j]"
		case off > 0:
			rest = fmt.Sprintf("p.Rest[j+%d]", off)
		default:
			rest = fmt.Sprintf("p.Rest[j-%d]", -off)
		}
	}
	if kB > kA {
		e.p("switch j {")
		for x := kA; x < kB; x++ {
			pex := fmt.Sprintf("p.P%d", x)
			pn := b.prefix[x]
			e.p("case %d:", x-kA)
			e.p("return c.%s(%s, %s, %s, build)", e.pair(a.items, pn), gargs, elemNull(pex, pn), e.elemRef(pex, pn))
		}
		e.p("}")
	}
	if b.items != nil {
		e.p("return c.%s(%s, %s, %s, build)", e.pair(a.items, b.items), gargs, elemNull(rest, b.items), e.elemRef(rest, b.items))
	} else {
		e.p("return 0, nil // unreachable: the candidate's type has no element beyond its positions")
	}
	e.p("}")
}
