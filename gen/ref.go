package gen

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align/wl"
	"github.com/objectaligner/oagen/ir"
)

// tscope is one referential scope (docs/SCORING.md §7.1) with the Go representation of
// its nodes and the static parts of its WL graph (docs/SCORING.md §7.6).
type tscope struct {
	sc     *ir.Scope
	idx    int
	name   string // goName of the scope's name, unique among the scopes: names its state and functions
	rec    *tnode // the record node (schema node at the record path)
	id     *tnode // the idScope node
	groups []cgroup
}

// cgroup is one carrier group of a scope (docs/SCORING.md §7.6), resolved at generation
// time: the carrier path, its node, the sorted roles, the relation strings of
// the incidences and the cross-scope references below the carrier.
type cgroup struct {
	carrier ir.Path
	node    *tnode
	roles   []ir.Path
	unary   []string   // per role: wl.Tuple("unary", role)
	member  []string   // per role: wl.Tuple("member", role)
	edge    [][]string // [r1][r2], r1 < r2: wl.Tuple("edge", role1, role2)
	xrefs   []xref
}

// xref is a reference path of an earlier scope strictly below a carrier.
type xref struct {
	scope int
	role  ir.Path
}

// keyType is the Go type in which the identifiers of a scope are compared:
// the underlying type of the idScope node (JSON equality within one kind).
func keyType(t *tnode) string {
	switch t.kind {
	case kInt:
		return "int64"
	case kFloat:
		return "float64"
	}
	return "string"
}

// keyConv converts a value of node t (an id or ref node) to its key type.
func keyConv(t *tnode, x string) string {
	if t.kind == kString && t.enum != nil {
		return "string(" + x + ")"
	}
	return x
}

// keyJSON is the jsonval.Value of a key-typed expression.
func keyJSON(t *tnode, x string) string {
	switch t.kind {
	case kInt:
		return "jsonval.NewInt(" + x + ")"
	case kFloat:
		return "jsonval.NewFloat(" + x + ")"
	}
	return "jsonval.NewString(" + x + ")"
}

// checkPath verifies that the typed walk of p from t is supported: every
// items edge is on a plain array (not a tuple, whose prefix positions have
// other Go types), and it returns the node reached.
func (m *model) checkPath(t *tnode, p ir.Path) (*tnode, error) {
	cur := t
	for _, e := range p {
		var next *tnode
		switch e.Kind {
		case ir.EdgeProperty:
			if cur.kind == kObject {
				for _, pp := range cur.props {
					if pp.name == e.Key {
						next = pp.node
					}
				}
			}
		case ir.EdgeItems:
			if cur.kind == kArray {
				if cur.tuple {
					return nil, fmt.Errorf("%s: a referential path through the items of an array with prefixItems is not supported by oagen gen", cur.n.Pos)
				}
				next = cur.items
			}
		case ir.EdgePrefix:
			if cur.tuple && e.Index < len(cur.prefix) {
				next = cur.prefix[e.Index]
			}
		}
		if next == nil {
			return nil, fmt.Errorf("%s: referential path %s does not lead to a typed node", t.n.Pos, p)
		}
		cur = next
	}
	return cur, nil
}

// buildScopes resolves the scopes of the schema for generation.
func (m *model) buildScopes() error {
	sch := m.schema
	used := map[string]bool{}
	for i, sc := range sch.Scopes {
		ts := &tscope{sc: sc, idx: i, name: unique(goName(sc.Name), used)}
		var err error
		if ts.rec, err = m.checkPath(m.root, sc.RecordPath); err != nil {
			return err
		}
		if ts.id, err = m.checkPath(ts.rec, sc.IDSuffix); err != nil {
			return err
		}
		if ts.id.kind != kString && ts.id.kind != kInt && ts.id.kind != kFloat {
			return fmt.Errorf("%s: idScope node of unsupported type", ts.id.n.Pos)
		}
		for _, rp := range sc.RefPaths {
			rt, err := m.checkPath(m.root, rp)
			if err != nil {
				return err
			}
			if keyType(rt) != keyType(ts.id) {
				return fmt.Errorf("%s: ref and idScope types differ", rt.n.Pos)
			}
		}
		// Carrier groups, in first-appearance order, roles sorted.
		for _, rp := range sc.RefPaths {
			carrier, role := ir.Carrier(sch.Root, rp)
			gi := slices.IndexFunc(ts.groups, func(g cgroup) bool { return slices.Equal(g.carrier, carrier) })
			if gi < 0 {
				ts.groups = append(ts.groups, cgroup{carrier: carrier})
				gi = len(ts.groups) - 1
			}
			ts.groups[gi].roles = append(ts.groups[gi].roles, role)
		}
		for gi := range ts.groups {
			g := &ts.groups[gi]
			slices.SortStableFunc(g.roles, func(a, b ir.Path) int { return strings.Compare(a.RoleText(), b.RoleText()) })
			if g.node, err = m.checkPath(m.root, g.carrier); err != nil {
				return err
			}
			for _, r := range g.roles {
				if _, err := m.checkPath(g.node, r); err != nil {
					return err
				}
				g.unary = append(g.unary, wl.Tuple("unary", r.RoleText()))
				g.member = append(g.member, wl.Tuple("member", r.RoleText()))
			}
			g.edge = make([][]string, len(g.roles))
			for a := range g.roles {
				g.edge[a] = make([]string, len(g.roles))
				for b := a + 1; b < len(g.roles); b++ {
					g.edge[a][b] = wl.Tuple("edge", g.roles[a].RoleText(), g.roles[b].RoleText())
				}
			}
			// Scopes derived before this one have a bijection when this one
			// runs WL (degraded scopes, last in order, run no WL).
			for oi := 0; oi < i; oi++ {
				for _, orp := range sch.Scopes[oi].RefPaths {
					if len(orp) > len(g.carrier) && slices.Equal(orp[:len(g.carrier)], g.carrier) {
						x := xref{scope: oi, role: orp[len(g.carrier):]}
						if _, err := m.checkPath(g.node, x.role); err != nil {
							return err
						}
						g.xrefs = append(g.xrefs, x)
					}
				}
			}
		}
		m.scopes = append(m.scopes, ts)
	}
	for _, t := range m.nodes {
		if t.n.Ref != "" && m.scopeIndex(t.n.Ref) < 0 {
			return fmt.Errorf("%s: ref to undefined scope %q", t.n.Pos, t.n.Ref)
		}
	}
	return nil
}

func (m *model) scopeIndex(name string) int {
	for i, ts := range m.scopes {
		if ts.sc.Name == name {
			return i
		}
	}
	return -1
}

// maxDyn is the number of items edges of the longest scope path, the size of
// the index buffer of the walkers.
func (m *model) maxDyn() int {
	n := 1
	count := func(p ir.Path) {
		k := 0
		for _, e := range p {
			if e.Kind == ir.EdgeItems {
				k++
			}
		}
		n = max(n, k)
	}
	for _, ts := range m.scopes {
		count(append(slices.Clone(ts.sc.RecordPath), ts.sc.IDSuffix...))
		for _, rp := range ts.sc.RefPaths {
			count(rp)
		}
	}
	return n
}

// leafAt returns the node reached from t along p (checked by buildScopes).
func (m *model) leafAt(t *tnode, p ir.Path) *tnode {
	n, err := m.checkPath(t, p)
	if err != nil {
		panic("gen: unchecked referential path: " + err.Error()) // buildScopes checked every path
	}
	return n
}

// walker returns the name of a function walking the data along schema path
// p from a value of node t (docs/SCORING.md §7.3), emitting it on first use:
//
//	func walk<t path>To<leaf path>(xn bool, x <t ref>, ix []int, yield func(null bool, v <leaf ref>) bool) bool
//
// It yields the values found in document order; ix[k] holds the index taken
// at the k-th items edge when a value is yielded (for error pointers).
func (e *emitter) walker(t *tnode, p ir.Path) (string, *tnode) {
	leaf := e.m.leafAt(t, p)
	key := strconv.Itoa(t.id) + "|" + p.String()
	if name, ok := e.walkers[key]; ok {
		return name, leaf
	}
	name := "walk" + t.path + "To" + relPath(t, leaf)
	for i := 2; e.walkerUsed[name]; i++ {
		name = fmt.Sprintf("walk%sTo%s_%d", t.path, relPath(t, leaf), i)
	}
	e.walkerUsed[name] = true
	e.walkers[key] = name
	b := &e.aux
	fmt.Fprintf(b, "// %s walks %q from a value of %s to the values of %s (docs/SCORING.md §7.3).\n", name, p.String(), pointer(t), pointer(leaf))
	fmt.Fprintf(b, "func %s(xn bool, x %s, ix []int, yield func(bool, %s) bool) bool {\n", name, t.refType(), leaf.refType())
	e.walkBody(b, t, "xn", "x", p, 0, 0)
	b.WriteString("return true\n}\n\n")
	return name, leaf
}

func (e *emitter) walkBody(b *bytes.Buffer, t *tnode, nul, x string, p ir.Path, lvl, dyn int) {
	if len(p) == 0 {
		fmt.Fprintf(b, "if !yield(%s, %s) { return false }\n", nul, x)
		return
	}
	if nul != "false" {
		fmt.Fprintf(b, "if !%s {\n", nul)
		defer b.WriteString("}\n")
	}
	nv, vv := fmt.Sprintf("n%d", lvl), fmt.Sprintf("v%d", lvl)
	// bind declares the null flag and value of the next level and returns
	// the null flag's expression: the constant false, undeclared, for a
	// node that does not admit null.
	bind := func(null, ref string) string {
		if null == "false" {
			fmt.Fprintf(b, "%s := %s\n", vv, ref)
			return "false"
		}
		fmt.Fprintf(b, "%s, %s := %s, %s\n", nv, vv, null, ref)
		return nv
	}
	switch ed := p[0]; ed.Kind {
	case ir.EdgeProperty:
		for _, pp := range t.props {
			if pp.name != ed.Key {
				continue
			}
			present := e.fieldPresent(x, pp)
			if present != "true" { // an existing type's field that is always written
				fmt.Fprintf(b, "if %s {\n", present)
			}
			e.walkBody(b, pp.node, bind(fieldNull(x, pp), e.fieldRef(x, pp)), vv, p[1:], lvl+1, dyn)
			if present != "true" {
				b.WriteString("}\n")
			}
		}
	case ir.EdgeItems:
		iv := fmt.Sprintf("i%d", lvl)
		el := fmt.Sprintf("%s[%s]", x, iv)
		fmt.Fprintf(b, "for %s := range %s {\nix[%d] = %s\n", iv, x, dyn, iv)
		e.walkBody(b, t.items, bind(elemNull(el, t.items), e.elemRef(el, t.items)), vv, p[1:], lvl+1, dyn+1)
		b.WriteString("}\n")
	case ir.EdgePrefix:
		el := fmt.Sprintf("%s.P%d", x, ed.Index)
		pn := t.prefix[ed.Index]
		fmt.Fprintf(b, "if %s.Len > %d {\n", x, ed.Index)
		e.walkBody(b, pn, bind(elemNull(el, pn), e.elemRef(el, pn)), vv, p[1:], lvl+1, dyn)
		b.WriteString("}\n")
	}
}

// pointerExpr is a Go expression building the JSON Pointer of a value found
// by walking p from the root, from the indices ix of its items edges.
func pointerExpr(p ir.Path) string {
	var f strings.Builder
	var args []string
	k := 0
	for _, ed := range p {
		switch ed.Kind {
		case ir.EdgeProperty:
			tok := strings.ReplaceAll(strings.ReplaceAll(ed.Key, "~", "~0"), "/", "~1")
			f.WriteString("/" + strings.ReplaceAll(tok, "%", "%%"))
		case ir.EdgeItems:
			f.WriteString("/%d")
			args = append(args, fmt.Sprintf("ix[%d]", k))
			k++
		case ir.EdgePrefix:
			f.WriteString("/" + strconv.Itoa(ed.Index))
		}
	}
	if len(args) == 0 {
		return strconv.Quote(f.String())
	}
	return fmt.Sprintf("fmt.Sprintf(%q, %s)", f.String(), strings.Join(args, ", "))
}

// scopeTypes emits the per-scope state types.
func (e *emitter) scopeTypes() {
	for _, ts := range e.m.scopes {
		K := keyType(ts.id)
		e.p("// %s is the per-call state of scope %q (docs/SCORING.md §7.3–7.5).", e.n("Scope"+ts.name), ts.sc.Name)
		e.p("type %s struct {", e.n("Scope"+ts.name))
		e.p("done bool // the bijection exists")
		e.p("rn [2][]bool // records of each side: null flags")
		e.p("recs [2][]%s // records of each side", ts.rec.refType())
		e.p("ids [2][]%s // first identifier of each record", K)
		e.p("ok [2][]bool // whether the record has an identifier")
		e.p("pi map[%s]int32 // π: gold id → index into ids[1], -1 for ⊥", K)
		e.p("used map[%s]struct{}", K)
		e.p("gset map[%s]struct{} // gold ids (integrity check)", K)
		e.p("verts [2]map[%s]int32 // WL vertex of each id, per side", K)
		e.p("}")
		e.p("// reset empties the state for the next call, keeping the allocated maps and slices.")
		e.p("func (st *%s) reset() {", e.n("Scope"+ts.name))
		e.p("st.done = false")
		e.p("if st.pi == nil { st.pi, st.used, st.gset = map[%[1]s]int32{}, map[%[1]s]struct{}{}, map[%[1]s]struct{}{}; st.verts = [2]map[%[1]s]int32{{}, {}} }", K)
		e.p("clear(st.pi); clear(st.used); clear(st.gset); clear(st.verts[0]); clear(st.verts[1])")
		e.p("for s := range 2 { clear(st.recs[s]); st.rn[s], st.recs[s], st.ids[s], st.ok[s] = st.rn[s][:0], st.recs[s][:0], st.ids[s][:0], st.ok[s][:0] }")
		e.p("}")
	}
}

// emitRefPass emits the referential pre-pass: the gold integrity check
// (checkGold), the derivation of every bijection (derive) and prepare, which
// runs both before the main pass.
func (e *emitter) emitRefPass() {
	m := e.m
	R := m.root.refType()
	e.scopeTypes()
	// Gold check, per scope in order (docs/SCORING.md §7.3).
	e.p("// checkGold verifies the gold's referential integrity (docs/SCORING.md §7.3): unique ids per scope, every reference names a gold id.")
	e.p("func (c *%s) checkGold(gn bool, g %s) error {", e.n("Ctx"), R)
	e.p("var err error")
	for _, ts := range m.scopes {
		st := "c.scope" + ts.name
		full := append(slices.Clone(ts.sc.RecordPath), ts.sc.IDSuffix...)
		w, leaf := e.walker(m.root, full)
		e.p("%s(gn, g, c.ix[:], func(_ bool, v %s) bool {", w, leaf.refType())
		e.p("id := %s", keyConv(leaf, "v"))
		e.p("if _, dup := %s.gset[id]; dup {", st)
		e.p("err = &interp.GoldError{Pointer: %s, Message: \"duplicate identifier \" + jsonval.PyRepr(%s) + %q}", strings.ReplaceAll(pointerExpr(full), "ix[", "c.ix["), keyJSON(leaf, "id"), " in scope "+strconv.Quote(ts.sc.Name))
		e.p("return false")
		e.p("}")
		e.p("%s.gset[id] = struct{}{}", st)
		e.p("return true")
		e.p("})")
		e.p("if err != nil { return err }")
		for _, rp := range ts.sc.RefPaths {
			w, leaf := e.walker(m.root, rp)
			e.p("%s(gn, g, c.ix[:], func(_ bool, v %s) bool {", w, leaf.refType())
			e.p("if _, ok := %s.gset[%s]; !ok {", st, keyConv(leaf, "v"))
			e.p("err = &interp.GoldError{Pointer: %s, Message: \"reference \" + jsonval.PyRepr(%s) + %q}", strings.ReplaceAll(pointerExpr(rp), "ix[", "c.ix["), keyJSON(leaf, keyConv(leaf, "v")), " names no identifier of scope "+strconv.Quote(ts.sc.Name))
			e.p("return false")
			e.p("}")
			e.p("return true")
			e.p("})")
			e.p("if err != nil { return err }")
		}
	}
	e.p("return nil")
	e.p("}")

	// prepare.
	e.p("// prepare runs the referential pre-pass of docs/SCORING.md §7 before the main pass.")
	e.p("func (c *%s) prepare(gn bool, g %s, pn bool, p %s) error {", e.n("Ctx"), R, R)
	e.p("c.cur, c.maskAll, c.deriving = 0, false, false")
	e.p("if c.labels == nil { c.labels = map[string]wl.Label{} }")
	for _, ts := range m.scopes {
		e.p("c.scope%s.reset()", ts.name)
	}
	e.p("if err := c.checkGold(gn, g); err != nil { return err }")
	for _, ts := range m.scopes {
		e.p("c.derive%s(gn, g, pn, p)", ts.name)
	}
	e.p("return nil")
	e.p("}")

	for _, ts := range m.scopes {
		e.emitDerive(ts)
	}
}

// emitDerive emits the derivation of one scope's bijection (docs/SCORING.md §7.5) and
// its WL graphs (docs/SCORING.md §7.6).
func (e *emitter) emitDerive(ts *tscope) {
	m := e.m
	R := m.root.refType()
	K := keyType(ts.id)
	st := "c.scope" + ts.name
	recW, recLeaf := e.walker(m.root, ts.sc.RecordPath)
	idW, idLeaf := e.walker(ts.rec, ts.sc.IDSuffix)
	_ = recLeaf

	// Records and their ids.
	e.p("// records%s collects the records of scope %q on one side, with their first ids.", ts.name, ts.sc.Name)
	e.p("func (c *%s) records%s(side int, xn bool, x %s) {", e.n("Ctx"), ts.name, R)
	e.p("st := &%s", st)
	e.p("%s(xn, x, c.ix[:], func(rn bool, r %s) bool {", recW, ts.rec.refType())
	e.p("var id %s", K)
	e.p("ok := false")
	e.p("%s(rn, r, c.ix[:], func(_ bool, v %s) bool { id, ok = %s, true; return false })", idW, idLeaf.refType(), keyConv(idLeaf, "v"))
	e.p("st.rn[side] = append(st.rn[side], rn)")
	e.p("st.recs[side] = append(st.recs[side], r)")
	e.p("st.ids[side] = append(st.ids[side], id)")
	e.p("st.ok[side] = append(st.ok[side], ok)")
	e.p("return true")
	e.p("})")
	e.p("}")

	recFn := e.pair(ts.rec, ts.rec)
	wlOn := !ts.sc.Degraded
	e.p("// derive%s derives the bijection of scope %q (docs/SCORING.md §7.5).", ts.name, ts.sc.Name)
	e.p("func (c *%s) derive%s(gn bool, g %s, pn bool, p %s) {", e.n("Ctx"), ts.name, R, R)
	e.p("st := &%s", st)
	e.p("c.records%s(0, gn, g)", ts.name)
	e.p("c.records%s(1, pn, p)", ts.name)
	e.p("n, m := len(st.recs[0]), len(st.recs[1])")
	e.p("if n == 0 && m == 0 { st.done = true; return }")
	e.p("C := c.Floats(n * m)")
	e.p("c.cur, c.maskAll, c.deriving = %d, %v, true", ts.idx+1, ts.sc.Degraded)
	e.p("for i := 0; i < n; i++ {")
	e.p("for j := 0; j < m; j++ {")
	e.p("c.kerr = false")
	e.p("s, _ := c.%s(st.rn[0][i], st.recs[0][i], st.rn[1][j], st.recs[1][j], false)", recFn)
	e.p("if c.kerr { s = 0 } // docs/SCORING.md §7.5, §1.4: a kind mismatch makes the record cell 0")
	e.p("C[i*m+j] = s")
	e.p("}")
	e.p("}")
	e.p("c.cur, c.maskAll, c.deriving, c.kerr = 0, false, false, false")
	e.p("S := C")
	if wlOn {
		e.p("var Sx []float64")
		e.p("if n > 1 || m > 1 {")
		e.p("Wm := c.Floats(n * m)")
		e.p("clear(Wm)")
		e.p("c.structural%s(gn, g, pn, p, Wm, n, m)", ts.name)
		e.p("Sx = c.Floats(n * m)")
		e.p("sc := c.Floats(n * m)")
		e.p("align.WLTieBreak(Sx, C, Wm, n, m, sc)")
		e.p("c.Release(sc)")
		e.p("c.Release(Wm)")
		e.p("S = Sx")
		e.p("}")
	}
	e.p("asg := c.Solve(S, n, m)")
	e.p("for r := 0; r < max(n, m); r++ {")
	e.p("col := asg[r]")
	e.p("if r >= n || !st.ok[0][r] { continue }")
	e.p("k := st.ids[0][r]")
	e.p("if col >= m || !st.ok[1][col] { st.pi[k] = -1; continue }")
	e.p("if _, u := st.used[st.ids[1][col]]; u { st.pi[k] = -1; continue }")
	e.p("st.pi[k] = int32(col)")
	e.p("st.used[st.ids[1][col]] = struct{}{}")
	e.p("}")
	e.p("c.ReleaseInts(asg)")
	if wlOn {
		e.p("if Sx != nil { c.Release(Sx) }")
	}
	e.p("c.Release(C)")
	e.p("st.done = true")
	e.p("}")

	if wlOn {
		e.emitStructural(ts)
	}
}

// emitStructural emits the WL graphs of one scope (docs/SCORING.md §7.6), the joint
// refinement (docs/SCORING.md §7.7) and the structural match matrix Wm.
func (e *emitter) emitStructural(ts *tscope) {
	m := e.m
	R := m.root.refType()
	K := keyType(ts.id)
	st := "c.scope" + ts.name
	e.p("// graph%s builds the WL graph of scope %q on one side (docs/SCORING.md §7.6).", ts.name, ts.sc.Name)
	e.p("func (c *%s) graph%s(side int, xn bool, x %s) {", e.n("Ctx"), ts.name, R)
	e.p("st := &%s", st)
	e.p("gr := &c.wg[side]")
	e.p("gr.Reset()")
	e.p("verts := st.verts[side]")
	e.p("for r, id := range st.ids[side] {")
	e.p("if !st.ok[side][r] { continue }")
	e.p("if _, seen := verts[id]; seen { continue }")
	e.p("verts[id] = int32(gr.AddVertex(wl.Label{}))")
	e.p("}")
	for gi, g := range ts.groups {
		cw, cleaf := e.walker(m.root, g.carrier)
		e.p("// Carrier group %d: %s.", gi, pointerOrRoot(g.carrier.String()))
		e.p("%s(xn, x, c.ix[:], func(cn bool, cv %s) bool {", cw, cleaf.refType())
		e.p("eps := c.eps[:0]")
		for ri, r := range g.roles {
			rw, rleaf := e.walker(g.node, r)
			e.p("%s(cn, cv, c.ix[:], func(rn bool, v %s) bool {", rw, rleaf.refType())
			e.p("if rn { return true }")
			if keyType(rleaf) == K {
				e.p("if vx, ok := verts[%s]; ok { eps = append(eps, genrt.Endpoint{Role: %d, Vertex: int(vx)}) }", keyConv(rleaf, "v"), ri)
			}
			e.p("return true")
			e.p("})")
		}
		e.p("c.eps = eps")
		e.p("if len(eps) == 0 { return true }")
		// The label's items are first written into a byte key (no
		// allocation); the canonical wl.Label, which costs an allocation, is
		// built only for a key not seen before by this context (docs/SCORING.md §7.6
		// labels repeat: relation types, identifier images).
		if len(exactMembers(g.node)) == 0 && len(g.xrefs) == 0 {
			e.p("label := wl.Label{} // the carrier has no exact scalars and no cross-scope references")
		} else {
			e.p("k := c.lk[:0]")
			e.labelItems(g, "key")
			e.p("c.lk = k")
			e.p("label, seen := c.labels[string(k)]")
			e.p("if !seen {")
			e.p("lb := &c.lb")
			e.p("lb.Reset()")
			e.labelItems(g, "lb")
			e.p("label = lb.Label()")
			e.p("// Bound the cache.")
			e.p("if len(c.labels) >= 4096 { clear(c.labels) }")
			e.p("c.labels[string(k)] = label")
			e.p("}")
		}
		e.p("switch {")
		e.p("case len(eps) == 1:")
		e.p("gr.AddIncidence(eps[0].Vertex, eps[0].Vertex, %s[eps[0].Role], label)", e.relTable(ts, gi, "unary", g.unary))
		if len(g.roles) > 1 {
			var flat []string
			for a := range g.roles {
				flat = append(flat, g.edge[a]...)
			}
			e.p("case len(eps) == 2 && eps[0].Role != eps[1].Role:")
			e.p("gr.AddIncidence(eps[0].Vertex, eps[1].Vertex, %s[eps[0].Role*%d+eps[1].Role], label)", e.relTable(ts, gi, "edge", flat), len(g.roles))
		}
		e.p("default:")
		e.p("hub := gr.AddVertex(wl.Label{})")
		e.p("for _, ep := range eps { gr.AddIncidence(ep.Vertex, hub, %s[ep.Role], label) }", e.relTable(ts, gi, "member", g.member))
		e.p("}")
		e.p("return true")
		e.p("})")
	}
	e.p("}")

	e.p("// structural%s runs the joint WL refinement of scope %q (docs/SCORING.md §7.7) and sets Wm[i*m+j] = 1 where gold record i and candidate record j have the same colour.", ts.name, ts.sc.Name)
	e.p("func (c *%s) structural%s(gn bool, g %s, pn bool, p %s, Wm []float64, n, m int) {", e.n("Ctx"), ts.name, R, R)
	e.p("st := &%s", st)
	e.p("c.graph%s(0, gn, g)", ts.name)
	e.p("c.graph%s(1, pn, p)", ts.name)
	e.p("colG, colP := wl.Refine(&c.wg[0], &c.wg[1], -1, &c.wlws)")
	e.p("for i := 0; i < n; i++ {")
	e.p("if !st.ok[0][i] { continue }")
	e.p("vi := st.verts[0][st.ids[0][i]]")
	e.p("for j := 0; j < m; j++ {")
	e.p("if st.ok[1][j] && colG[vi] == colP[st.verts[1][st.ids[1][j]]] { Wm[i*m+j] = 1 }")
	e.p("}")
	e.p("}")
	e.p("}")
}

// labelItems emits the items of a carrier's label (docs/SCORING.md §7.6): its exact
// scalars and its cross-scope references. In mode "lb" they go to the label
// builder lb; in mode "key" they are appended to the byte key k with the
// same content (an injective encoding of the item sequence).
func (e *emitter) labelItems(g cgroup, mode string) {
	m := e.m
	if len(exactMembers(g.node)) > 0 {
		e.p("if !cn {")
		e.exactScalars(g.node, "cv", mode)
		e.p("}")
	}
	for _, x := range g.xrefs {
		other := m.scopes[x.scope]
		xw, xleaf := e.walker(g.node, x.role)
		name, role := strconv.Quote(other.sc.Name), strconv.Quote(x.role.RoleText())
		e.p("%s(cn, cv, c.ix[:], func(vn bool, v %s) bool {", xw, xleaf.refType())
		e.p("if vn && side == 0 { %s; return true }", e.item(mode, "", `"xref"`, name, role))
		e.p("if vn { %s; return true }", e.item(mode, "", `"xref"`, name, role, `"z"`, `""`))
		e.p("img := %s", keyConv(xleaf, "v"))
		e.p("if side == 0 {")
		e.p("ix, ok := c.scope%s.pi[img]", other.name)
		e.p("if !ok || ix < 0 { %s; return true }", e.item(mode, "", `"xref"`, name, role))
		e.p("img = c.scope%s.ids[1][ix]", other.name)
		e.p("}")
		switch other.id.kind {
		case kString:
			e.p("%s", e.item(mode, "", `"xref"`, name, role, "img"))
		case kInt:
			e.p("%s", e.item(mode, "img", `"xref"`, name, role))
		default:
			e.p("%s", e.item(mode, "", `"xref"`, name, role, "align.IDKey(jsonval.NewFloat(img))"))
		}
		e.p("return true")
		e.p("})")
	}
}

// item is the statement adding one label item: the string parts and, when
// intExpr is not empty, a last part holding the integer's identifier key.
func (e *emitter) item(mode, intExpr string, parts ...string) string {
	if mode == "lb" {
		if intExpr != "" {
			parts = append(parts, "align.IDKey(jsonval.NewInt("+intExpr+"))")
		}
		return "lb.AddTuple(" + strings.Join(parts, ", ") + ")"
	}
	if intExpr != "" {
		return "k = " + "genrt.AppendLabelItemInt" + "(k, " + intExpr + ", " + strings.Join(parts, ", ") + ")"
	}
	return "k = " + "genrt.AppendLabelItem" + "(k, " + strings.Join(parts, ", ") + ")"
}

// relTable emits a package-level table of relation strings and returns its name.
func (e *emitter) relTable(ts *tscope, gi int, kind string, rels []string) string {
	g := ts.groups[gi]
	name := fmt.Sprintf("%sRel%s_%s", kind, ts.name, g.node.path)
	for i := 2; e.walkerUsed[name]; i++ {
		name = fmt.Sprintf("%sRel%s_%s_%d", kind, ts.name, g.node.path, i)
	}
	e.walkerUsed[name] = true
	fmt.Fprintf(&e.aux, "// %s holds the %s relations of the carrier %q of scope %q, by role (docs/SCORING.md §7.6).\n", name, kind, g.carrier.String(), ts.sc.Name)
	fmt.Fprintf(&e.aux, "var %s = [...]string{", name)
	for _, r := range rels {
		fmt.Fprintf(&e.aux, "%s,", strconv.Quote(r))
	}
	e.aux.WriteString("}\n\n")
	return name
}

// exactMembers returns the members of an object node whose values are
// exact scalars (docs/SCORING.md §7.6): neither identifier nor reference, with enum or
// of type exactly string, integer or boolean.
func exactMembers(t *tnode) []*tprop {
	var out []*tprop
	if t.kind != kObject {
		return nil
	}
	for _, pp := range t.props {
		ms := pp.node.n
		if ms.IDScope != "" || ms.Ref != "" {
			continue
		}
		if !ms.HasEnum && ms.TypeName != "string" && ms.TypeName != "integer" && ms.TypeName != "boolean" {
			continue
		}
		out = append(out, pp)
	}
	return out
}

// exactScalars emits the collection of the exact scalars of an object value
// x of node t (docs/SCORING.md §7.6): one item per qualifying member that is present
// and is not an array or object, (kind, key, value); see labelItems for mode.
func (e *emitter) exactScalars(t *tnode, x, mode string) {
	for _, pp := range exactMembers(t) {
		name := strconv.Quote(pp.name)
		if pp.node.existing() {
			e.existingExactScalar(x, pp, mode)
			continue
		}
		if pp.nullField != "" {
			e.p("if %s.%s { %s }", x, pp.nullField, e.item(mode, "", `"NoneType"`, name))
		}
		sub := pp.node
		v := x + "." + pp.field
		switch sub.kind {
		case kString:
			e.p("if %s != nil { %s }", v, e.item(mode, "", `"str"`, name, "string(*"+v+")"))
		case kInt:
			e.p("if %s != nil { %s }", v, e.item(mode, "*"+v, `"int"`, name))
		case kFloat:
			e.p("if %s != nil { %s }", v, e.item(mode, "", `"float"`, name, "align.IDKey(jsonval.NewFloat(*"+v+"))"))
		case kBool:
			e.p("if %s != nil { if *%s { %s } else { %s } }", v, v, e.item(mode, "", `"bool"`, name, `"b1"`), e.item(mode, "", `"bool"`, name, `"b0"`))
		}
	}
}

// existingExactScalar is exactScalars for one member of an existing Go type.
func (e *emitter) existingExactScalar(x string, pp *tprop, mode string) {
	name := strconv.Quote(pp.name)
	sub := pp.node
	v := e.fieldRef(x, pp)
	var item string
	switch sub.kind {
	case kString:
		item = e.item(mode, "", `"str"`, name, v)
	case kInt:
		item = e.item(mode, v, `"int"`, name)
	case kFloat:
		item = e.item(mode, "", `"float"`, name, "align.IDKey(jsonval.NewFloat("+v+"))")
	case kBool:
		item = fmt.Sprintf("if %s { %s } else { %s }", v, e.item(mode, "", `"bool"`, name, `"b1"`), e.item(mode, "", `"bool"`, name, `"b0"`))
	}
	null := fieldNull(x, pp)
	var body string
	switch {
	case null != "false" && item != "":
		body = fmt.Sprintf("if %s { %s } else { %s }", null, e.item(mode, "", `"NoneType"`, name), item)
	case null != "false":
		body = fmt.Sprintf("if %s { %s }", null, e.item(mode, "", `"NoneType"`, name))
	default:
		body = item
	}
	if body != "" {
		e.p("%s", when(e.fieldPresent(x, pp), body))
	}
}

// emitIDRef emits the body of an align function whose gold node is an
// identifier or a reference (docs/SCORING.md §1.4 steps 1–2, docs/SCORING.md §7.4). It reports whether
// it did.
func (e *emitter) emitIDRef(a, b *tnode) bool {
	switch {
	case a.n.IDScope != "":
		e.p("if build { return 1, genrt.Leaf(align.LeafID, 1, %s(gn, g), %s(pn, p), true, true) }", fn("toJSONOrNull", a), fn("toJSONOrNull", b))
		e.p("return 1, nil")
		e.p("}")
		return true
	case a.n.Ref != "":
		si := e.m.scopeIndex(a.n.Ref)
		ts := e.m.scopes[si]
		K := keyType(ts.id)
		e.p("s := 0.0")
		e.p("var mp %s", K)
		e.p("hasMP, consulted := false, false")
		e.p("if c.maskAll || c.cur == %d || !c.scope%s.done {", si+1, ts.name)
		e.p("s = 1")
		e.p("} else {")
		e.p("consulted = true")
		e.p("if !gn { if ix, ok := c.scope%s.pi[%s]; ok && ix >= 0 { mp, hasMP = c.scope%s.ids[1][ix], true } }", ts.name, keyConv(a, "g"), ts.name)
		switch {
		case b.kind == ts.id.kind:
			e.p("if hasMP && !pn && mp == %s { s = 1 }", keyConv(b, "p"))
		case (b.kind == kInt || b.kind == kFloat) && (ts.id.kind == kInt || ts.id.kind == kFloat):
			// 1 and 1.0 are the same identifier (docs/SCORING.md §1.2).
			e.p("if hasMP && !pn && align.IDKey(%s) == align.IDKey(%s) { s = 1 }", keyJSON(ts.id, "mp"), keyJSON(b, "p"))
		default:
			e.p("// a candidate value of another kind never equals an identifier")
		}
		e.p("}")
		e.p("if !build { return s, nil }")
		e.p("r := genrt.Leaf(align.LeafRef, s, %s(gn, g), %s(pn, p), true, true)", fn("toJSONOrNull", a), fn("toJSONOrNull", b))
		e.p("if hasMP { r.Match.MappedPred, r.Match.HasMapped = %s, true }", keyJSON(ts.id, "mp"))
		e.p("r.Match.Consulted = consulted")
		e.p("return s, r")
		e.p("}")
		return true
	}
	return false
}
