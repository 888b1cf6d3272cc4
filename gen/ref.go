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
	name   string // goName of the scope's name, unique among the scopes
	field  string // the context field holding its genrt.Scope
	rec    *tnode // the record node (schema node at the record path)
	id     *tnode // the idScope node
	groups []cgroup
}

// cgroup is one carrier group of a scope (docs/SCORING.md §7.6), resolved at generation
// time: the carrier path, its node, the sorted roles, the relation strings
// of the incidences and the cross-scope references below the carrier.
type cgroup struct {
	carrier ir.Path
	node    *tnode
	roles   []ir.Path
	unary   []string // per role: wl.Tuple("unary", role)
	member  []string // per role: wl.Tuple("member", role)
	edge    []string // [r1*len(roles)+r2], r1 < r2: wl.Tuple("edge", role1, role2)
	xrefs   []xref
}

// xref is a reference path of an earlier scope strictly below a carrier.
type xref struct {
	scope int
	role  ir.Path
}

// form is the Go type in which walkers and scorers pass a value of node t:
// a pointer (nil: null) for a node that admits null, else its arg.
func form(t *tnode) string {
	if t.nullable {
		return "*" + t.base
	}
	return t.arg()
}

// formOf is the value of location l of node t in its form.
func formOf(t *tnode, l location) string {
	if t.nullable {
		return ref(l)
	}
	return val(t, l)
}

// scoreForm is the expression scoring gold and candidate values given in
// their form (see form).
func (e *emitter) scoreForm(t *tnode, g, p, build string) string {
	if t.nullable {
		return fmt.Sprintf("c.%s(%s, %s, %s)", e.method(t), g, p, build)
	}
	return e.scoreVal(t, g, p, build)
}

// checkPath verifies that the typed walk of p from t is supported and
// returns the node reached: every items edge is on a plain array (not a
// tuple, whose positions have other Go types).
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
		ts.field = "scope" + ts.name
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
			if rt.arg() != ts.id.arg() {
				return fmt.Errorf("%s: ref and idScope types differ", rt.n.Pos)
			}
		}
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
			g.edge = make([]string, len(g.roles)*len(g.roles))
			for a, r := range g.roles {
				if _, err := m.checkPath(g.node, r); err != nil {
					return err
				}
				g.unary = append(g.unary, wl.Tuple("unary", r.RoleText()))
				g.member = append(g.member, wl.Tuple("member", r.RoleText()))
				for b := a + 1; b < len(g.roles); b++ {
					g.edge[a*len(g.roles)+b] = wl.Tuple("edge", r.RoleText(), g.roles[b].RoleText())
				}
			}
			// Scopes derived before this one have a bijection when this one
			// runs WL (degraded scopes, last in order, run no WL).
			for oi := range i {
				for _, orp := range sch.Scopes[oi].RefPaths {
					if orp.StrictlyBelow(g.carrier) {
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
		count(slices.Concat(ts.sc.RecordPath, ts.sc.IDSuffix))
		for _, rp := range ts.sc.RefPaths {
			count(rp)
		}
	}
	return n
}

// walker returns the name of a function walking the data along schema path
// p from a value of node t (docs/SCORING.md §7.3), emitting it on first use:
//
//	func walk…(x <form of t>, ix []int, yield func(<form of the leaf>) bool) bool
//
// It yields the values found in document order; ix[k] holds the index taken
// at the k-th items edge when a value is yielded (for error pointers).
func (e *emitter) walker(t *tnode, p ir.Path) (string, *tnode) {
	leaf, err := e.m.checkPath(t, p)
	if err != nil {
		panic("gen: unchecked referential path: " + err.Error()) // buildScopes checked every path
	}
	key := strconv.Itoa(t.id) + "|" + p.String()
	if name, ok := e.walkers[key]; ok {
		return name, leaf
	}
	rel, _ := strings.CutPrefix(leaf.path, t.path)
	if rel == "" {
		rel = leaf.path
	}
	name := unique(e.n("Walk"+t.path+"To"+rel), e.walkerUsed)
	e.walkers[key] = name
	var body bytes.Buffer
	e.walkBody(&body, t, "x", p, 0, 0)
	execute(&e.aux, "walker", struct{ Name, Path, From, To, Arg, Leaf, Body string }{
		name, strconv.Quote(p.String()), pointer(t), pointer(leaf), form(t), form(leaf), strings.TrimSuffix(body.String(), "\n")})
	return name, leaf
}

// walkBody writes the walk of p from x, a value of node t in its form.
func (e *emitter) walkBody(b *bytes.Buffer, t *tnode, x string, p ir.Path, lvl, dyn int) {
	if len(p) == 0 {
		fmt.Fprintf(b, "if !yield(%s) { return false }\n", x)
		return
	}
	if t.nullable {
		fmt.Fprintf(b, "if %s != nil {\n", x)
		defer b.WriteString("}\n")
		x = val(t, location{x, true})
	}
	v := fmt.Sprintf("v%d", lvl)
	switch ed := p[0]; ed.Kind {
	case ir.EdgeProperty:
		for _, pp := range t.props {
			if pp.name != ed.Key {
				continue
			}
			cond := present(pp, x)
			if cond != "true" {
				fmt.Fprintf(b, "if %s {\n", cond)
			}
			fmt.Fprintf(b, "%s := %s\n", v, formOf(pp.node, field(pp, x)))
			e.walkBody(b, pp.node, v, p[1:], lvl+1, dyn)
			if cond != "true" {
				b.WriteString("}\n")
			}
		}
	case ir.EdgeItems:
		i := fmt.Sprintf("i%d", lvl)
		fmt.Fprintf(b, "for %s := range %s {\nix[%d] = %s\n", i, x, dyn, i)
		fmt.Fprintf(b, "%s := %s\n", v, formOf(t.items, e.elem(t.items, x+"["+i+"]")))
		e.walkBody(b, t.items, v, p[1:], lvl+1, dyn+1)
		b.WriteString("}\n")
	case ir.EdgePrefix:
		pn := t.prefix[ed.Index]
		fmt.Fprintf(b, "if %s.Len > %d {\n", x, ed.Index)
		fmt.Fprintf(b, "%s := %s\n", v, formOf(pn, e.elem(pn, fmt.Sprintf("%s.P%d", x, ed.Index))))
		e.walkBody(b, pn, v, p[1:], lvl+1, dyn)
		b.WriteString("}\n")
	}
}

// pointerExpr is a Go expression building the JSON Pointer of a value found
// by walking p from the root, from the indices c.ix of its items edges.
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
			args = append(args, fmt.Sprintf("c.ix[%d]", k))
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

// scopeType is the genrt.Scope type of a scope.
func scopeType(ts *tscope) string {
	return fmt.Sprintf("genrt.Scope[%s, %s]", ts.id.arg(), form(ts.rec))
}

// emitRefPass emits the referential pre-pass: the gold integrity check
// (checkGold), the derivation of every bijection (docs/SCORING.md §7.5) and prepare,
// which runs both before the main pass.
func (e *emitter) emitRefPass() {
	m := e.m
	type refPath struct{ Walk, Pointer, Message string }
	type scope struct {
		Field, Name, IDWalk, IDArg, IDPointer, IDMessage, Encoder, Key string
		Index                                                          int
		Refs                                                           []refPath
	}
	d := struct {
		Ctx, Root, Records, SearchScore string
		Last                            int
		Scopes                          []scope
	}{Ctx: e.ctx(), Root: form(m.root), Last: len(m.scopes) - 1}
	var records []string
	for _, ts := range m.scopes {
		full := slices.Concat(ts.sc.RecordPath, ts.sc.IDSuffix)
		w, _ := e.walker(m.root, full)
		sd := scope{Field: ts.field, Name: ts.name, IDWalk: w, IDArg: ts.id.arg(), IDPointer: pointerExpr(full),
			IDMessage: strconv.Quote(" in scope " + strconv.Quote(ts.sc.Name)), Encoder: encoder[ts.id.kind], Index: ts.idx,
			Key: map[vkind]string{kInt: "IntKey", kFloat: "FloatKey", kString: "StringKey"}[ts.id.kind]}
		for _, rp := range ts.sc.RefPaths {
			w, _ := e.walker(m.root, rp)
			sd.Refs = append(sd.Refs, refPath{w, pointerExpr(rp), strconv.Quote(" names no identifier of scope " + strconv.Quote(ts.sc.Name))})
		}
		d.Scopes = append(d.Scopes, sd)
		records = append(records, "c."+ts.field+".Records()")
	}
	d.Records = strings.Join(records, " + ")
	d.SearchScore = e.scoreForm(m.root, "g", "p", "false")
	execute(&e.w, "refPass", d)
	for _, ts := range m.scopes {
		e.emitDerive(ts)
	}
}

// emitDerive emits the derivation of one scope's bijection (docs/SCORING.md §7.5) and
// its WL graphs (docs/SCORING.md §7.6).
func (e *emitter) emitDerive(ts *tscope) {
	m := e.m
	d := struct {
		Ctx, Root, Name, Scope, Field, RecWalk, RecForm, IDWalk, IDArg, Null, Cell, Rec string
		Index                                                                           int
		Degraded                                                                        bool
	}{Ctx: e.ctx(), Root: form(m.root), Name: ts.name, Scope: strconv.Quote(ts.sc.Name), Field: ts.field,
		RecForm: form(ts.rec), IDArg: ts.id.arg(), Null: "false", Index: ts.idx, Degraded: ts.sc.Degraded}
	d.RecWalk, _ = e.walker(m.root, ts.sc.RecordPath)
	d.IDWalk, _ = e.walker(ts.rec, ts.sc.IDSuffix)
	if ts.rec.nullable {
		d.Null = "r == nil"
	}
	d.Cell = e.scoreForm(ts.rec, "g[i]", "p[j]", "false")
	if !ts.rec.nullable && e.flatRecord(ts.rec) {
		// The record kernel fills the matrix, as the main pass's for an
		// array of such records (genrt.FillRecords).
		d.Rec = fmt.Sprintf("genrt.RecordsOf(%s[:], %s, g, p)", e.n("Nodes"), e.nodeID(ts.rec))
	}
	execute(&e.w, "derive", d)
	if !ts.sc.Degraded {
		e.emitGraph(ts)
	}
}

// emitGraph emits the WL graph of one scope on one side (docs/SCORING.md §7.6).
func (e *emitter) emitGraph(ts *tscope) {
	m := e.m
	type role struct{ Walk, Arg string }
	type group struct {
		Carrier, Walk, Form, Unary, Edge, Member string
		Roles                                    []role
		Labelled                                 bool
		Key, Builder                             []string
	}
	d := struct {
		Ctx, Root, Name, Scope, Field string
		Groups                        []group
	}{Ctx: e.ctx(), Root: form(m.root), Name: ts.name, Scope: strconv.Quote(ts.sc.Name), Field: ts.field}
	for gi, g := range ts.groups {
		cw, cleaf := e.walker(m.root, g.carrier)
		gd := group{Carrier: pointerOrRoot(g.carrier.String()), Walk: cw, Form: form(cleaf)}
		for _, r := range g.roles {
			rw, _ := e.walker(g.node, r)
			gd.Roles = append(gd.Roles, role{rw, ts.id.arg()})
		}
		if len(exactMembers(g.node)) > 0 || len(g.xrefs) > 0 {
			// The label's items are first written into a byte key (no
			// allocation); the label itself is built only for a key the
			// context has not seen (genrt.WL.Label).
			gd.Labelled = true
			gd.Key = e.labelItems(g, "key")
			gd.Builder = e.labelItems(g, "lb")
		}
		gd.Unary = e.relTable(ts, gi, "Unary", g.unary)
		gd.Edge = e.relTable(ts, gi, "Edge", g.edge)
		gd.Member = e.relTable(ts, gi, "Member", g.member)
		d.Groups = append(d.Groups, gd)
	}
	execute(&e.w, "graph", d)
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "the root"
	}
	return p
}

// labelItems emits the items of a carrier's label (docs/SCORING.md §7.6): its exact
// scalars and its cross-scope references. In mode "lb" they go to the label
// builder lb; in mode "key" they are appended to the byte key k with the
// same content (an injective encoding of the item sequence).
func (e *emitter) labelItems(g cgroup, mode string) []string {
	m := e.m
	var out []string
	if len(exactMembers(g.node)) > 0 {
		if g.node.nullable {
			items := e.exactScalars(g.node, val(g.node, location{"cv", true}), mode)
			out = append(out, "if cv != nil {\n"+strings.Join(items, "\n")+"\n}")
		} else {
			out = append(out, e.exactScalars(g.node, "cv", mode)...)
		}
	}
	for _, x := range g.xrefs {
		other := m.scopes[x.scope]
		xw, _ := e.walker(g.node, x.role)
		name, role := strconv.Quote(other.sc.Name), strconv.Quote(x.role.RoleText())
		d := struct{ Walk, Arg, Field, Missing, Item string }{Walk: xw, Arg: other.id.arg(), Field: other.field,
			Missing: e.item(mode, "", `"xref"`, name, role)}
		switch other.id.kind {
		case kString:
			d.Item = e.item(mode, "", `"xref"`, name, role, "img")
		case kInt:
			d.Item = e.item(mode, "img", `"xref"`, name, role)
		default:
			d.Item = e.item(mode, "", `"xref"`, name, role, "align.IDKey(genrt.JSONFloat(img))")
		}
		var b bytes.Buffer
		execute(&b, "xref", d)
		out = append(out, b.String())
	}
	return out
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
		return "k = genrt.AppendLabelItemInt(k, " + intExpr + ", " + strings.Join(parts, ", ") + ")"
	}
	return "k = genrt.AppendLabelItem(k, " + strings.Join(parts, ", ") + ")"
}

// relTable emits a package-level table of relation strings and returns its
// name.
func (e *emitter) relTable(ts *tscope, gi int, kind string, rels []string) string {
	g := ts.groups[gi]
	name := e.decl(kind+" "+ts.sc.Name+" "+g.carrier.String(), kind+ts.name+g.node.path)
	var items []string
	for _, r := range rels {
		items = append(items, strconv.Quote(r))
	}
	execute(&e.aux, "table", table{Name: name, Doc: fmt.Sprintf("holds the %s relations of the carrier %q of scope %q (docs/SCORING.md §7.6).", strings.ToLower(kind), g.carrier.String(), ts.sc.Name), Elem: "string", Items: items})
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
// and is not an array or object, (kind, key, value); see labelItems.
func (e *emitter) exactScalars(t *tnode, x, mode string) []string {
	var out []string
	for _, pp := range exactMembers(t) {
		sub := pp.node
		if sub.kind == kArray || sub.kind == kObject {
			continue // never a scalar (null of such a member: below)
		}
		name := strconv.Quote(pp.name)
		v := val(sub, field(pp, x))
		var item string
		switch sub.kind {
		case kAny, kKinds:
			// A JSON value (an enum without "type"): its kind decides, as
			// for the interpreter.
			item = fmt.Sprintf("if sv := %s; sv.Kind != jsonval.Array && sv.Kind != jsonval.Object { %s }", v, e.item(mode, "", "sv.Kind.String()", name, "align.IDKey(sv)"))
		case kUnion, kMap:
			continue // never an exact scalar: no enum, no single "type"
		// In mode "lb" the items are the interpreter's, byte for byte
		// (interp/wlgraph.go, exactScalars: the value's kind, the key and
		// align.IDKey of the value), since the structural key of a label
		// only the candidate shows hashes them (docs/SCORING.md §7.13); the
		// byte key only has to be injective.
		case kString:
			if mode == "lb" {
				item = e.item(mode, "", `"str"`, name, `"s"+`+v)
			} else {
				item = e.item(mode, "", `"str"`, name, v)
			}
		case kInt:
			item = e.item(mode, v, `"int"`, name)
		case kFloat:
			if mode == "lb" {
				fv := "genrt.JSONFloat(" + v + ")"
				item = e.item(mode, "", fv+".Kind.String()", name, "align.IDKey("+fv+")")
			} else {
				item = e.item(mode, "", `"float"`, name, "align.IDKey(genrt.JSONFloat("+v+"))")
			}
		case kBool:
			item = fmt.Sprintf("if %s { %s } else { %s }", v, e.item(mode, "", `"bool"`, name, `"b1"`), e.item(mode, "", `"bool"`, name, `"b0"`))
		}
		if null := fieldNull(pp, x); null != "false" {
			item = fmt.Sprintf("if %s { %s } else { %s }", null, e.item(mode, "", `"NoneType"`, name, `"z"`), item)
		}
		if c := present(pp, x); c != "true" {
			item = "if " + c + " { " + item + " }"
		}
		out = append(out, item)
	}
	return out
}
