package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
)

// rootLoc is the location of a root argument x (a *T): a pointer to the
// root node's base type, nil for JSON null.
func (e *emitter) rootLoc(x string) location {
	r := e.m.root
	if r.base == e.m.typ || e.m.shapes != nil {
		return location{x, true}
	}
	return location{"(*" + r.base + ")(" + x + ")", true}
}

// rootArg is the root node's scoring argument for a root argument x that is
// not nil (or may be, when the root admits null).
func (e *emitter) rootArg(x string) string { return formOf(e.m.root, e.rootLoc(x)) }

// rootCheck is the check of a root value x, "" when nothing needs checking.
func (e *emitter) rootCheck(x string) string {
	if !e.needsCheck(e.m.root) {
		return ""
	}
	return fmt.Sprintf("%s(%s)", e.checkName(e.m.root), e.rootArg(x))
}

// entryData is the data of the entry template: the typed entry points of
// a root.
type entryData struct {
	T, Pfx string // the root type and the prefix of its declarations
	Src    string // the schema file, for doc comments
	// ValidDoc names the validation keywords checked, Integrity the
	// referential integrity when the schema has scopes.
	ValidDoc, Integrity string
	// The bodies of CheckTGold and ValidateT, and the parts of the pair
	// check: the nil roots, the gold's check, the candidate's.
	GoldIntegrity, Validate        string
	NilCheck, GoldCheck, CandCheck string
	RepairWalk                     string // the end of the repair function (see repairWalk)
	prepare                        bool   // the schema has scopes: c.prepare indexes the pair
	e                              *emitter
}

// Prepare is the statement indexing the pair's scopes (docs/SCORING.md §7),
// returning zero and the error when it fails; "" without scopes.
func (d entryData) Prepare(zero string) string {
	if !d.prepare {
		return ""
	}
	return "if err := c.prepare(" + d.e.rootArg("gold") + ", " + d.e.rootArg("cand") + "); err != nil { return " + zero + ", err }\n"
}

// Score is the call scoring the root pair, building the match tree when
// build is set.
func (d entryData) Score(build bool) string {
	return d.e.scoreForm(d.e.m.root, d.e.rootArg("gold"), d.e.rootArg("cand"), strconv.FormatBool(build))
}

// entryPoints emits ScoreT, RepairT, CheckTGold, ValidateT and their
// unchecked forms.
func (e *emitter) entryPoints(src string) {
	m := e.m
	T, r := m.typ, m.root
	d := entryData{T: T, Pfx: m.prefix, Src: src, prepare: len(m.scopes) > 0, e: e,
		GoldIntegrity: e.goldIntegrity(), Validate: "return nil", CandCheck: "return true, nil", RepairWalk: e.repairWalk()}
	if !r.nullable {
		d.NilCheck = "if gold == nil || cand == nil { return false, errors.New(\"nil " + T + " value (the root schema does not admit null)\") }\n"
	}
	if c := e.rootCheck("gold"); c != "" {
		d.GoldCheck = "if err := " + c + "; err != nil { return false, genrt.GoldError(err) }\n"
		d.CandCheck = "return " + e.rootCheck("cand") + " == nil, nil"
	}
	if c := e.rootCheck("v"); c != "" {
		d.Validate = "return " + c
		if !r.nullable {
			d.Validate = "if v == nil { return errors.New(\"nil " + T + " value\") }\n" + d.Validate
		}
	}
	d.ValidDoc = "the schema's validation keywords (checked by generated code)"
	if unchecked := m.unchecked(); len(unchecked) > 0 {
		d.ValidDoc = "the schema's validation keywords that generated code checks (not " + strings.Join(unchecked, ", ") + ": the JSON entry points leave those to the validator)"
	}
	if len(m.scopes) > 0 {
		d.Integrity = " or lacks referential integrity (docs/SCORING.md §7.3)"
	}
	execute(&e.w, "entry", d)
}

// repairWalk is the end of the repair function: the candidate-space walk of
// the default profile (align.WalkOptions.Candidate) over the JSON values of
// the pair, the gold rewritten in the candidate's identifiers (through the
// bijections of its scopes, align.CandidateSpaceGold) when the schema has
// scopes.
func (e *emitter) repairWalk() string {
	r := e.m.root
	var b strings.Builder
	fmt.Fprintf(&b, "gj, pj := %s, %s\n", e.encode(r, e.rootLoc("gold")), e.encode(r, e.rootLoc("cand")))
	if len(e.m.scopes) > 0 {
		var pairs []string
		for _, ts := range e.m.scopes {
			pairs = append(pairs, fmt.Sprintf("c.%s.Pairs(%s)", ts.field, encoder[ts.id.kind]))
		}
		fmt.Fprintf(&b, "gj = align.CandidateSpaceGold(gj, pj, %sScopePaths[:], [][]align.IDPair{%s})\n", e.m.prefix, strings.Join(pairs, ", "))
	}
	b.WriteString("ops := align.Walk(r.Match, gj, pj, align.WalkOptions{Candidate: true})")
	return b.String()
}

// scopePaths emits the data paths of the scopes for align.CandidateSpaceGold.
func (e *emitter) scopePaths() {
	if len(e.m.scopes) == 0 {
		return
	}
	steps := func(p ir.Path) string {
		var parts []string
		for _, ed := range p {
			switch ed.Kind {
			case ir.EdgeProperty:
				parts = append(parts, fmt.Sprintf("{Key: %q}", ed.Key))
			case ir.EdgeItems:
				parts = append(parts, "{Kind: align.StepItems}")
			case ir.EdgePrefix:
				parts = append(parts, fmt.Sprintf("{Kind: align.StepPrefix, Index: %d}", ed.Index))
			}
		}
		if len(parts) == 0 {
			return "nil"
		}
		return "[]align.Step{" + strings.Join(parts, ", ") + "}"
	}
	e.p("// %sScopePaths are the data paths of the scopes (record, id suffix, references), for the candidate-space gold of repairs.", e.m.prefix)
	e.p("var %sScopePaths = [...]align.ScopePaths{", e.m.prefix)
	for _, ts := range e.m.scopes {
		var refs []string
		for _, rp := range ts.sc.RefPaths {
			refs = append(refs, strings.TrimPrefix(steps(rp), "[]align.Step"))
		}
		e.p("{Record: %s, ID: %s, Refs: [][]align.Step{%s}},", steps(ts.sc.RecordPath), steps(ts.sc.IDSuffix), strings.Join(refs, ", "))
	}
	e.p("}")
}

// goldIntegrity is the body of CheckTGold.
func (e *emitter) goldIntegrity() string {
	check := e.m.prefix + "Check(gold, gold)"
	if len(e.m.scopes) == 0 {
		return "_, err := " + check + "\nreturn err"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "if _, err := %s; err != nil {\nreturn err\n}\n", check)
	fmt.Fprintf(&b, "c := %sPool.Get().(*%sCtx)\ndefer %sPool.Put(c)\nc.Reset()\n", e.m.prefix, e.m.prefix, e.m.prefix)
	for _, ts := range e.m.scopes {
		fmt.Fprintf(&b, "c.%s.Reset()\n", ts.field)
	}
	return b.String() + "return c.checkGold(" + e.rootArg("gold") + ")"
}

// jsonEntryPoints emits ScoreTJSON, ScoreTJSONDetail and RepairTJSON over
// genrt.JSON, with the interpreter fallback compiled from the embedded
// schema.
func (e *emitter) jsonEntryPoints(src string, schema []byte) {
	m := e.m
	T, pfx, r := m.typ, m.prefix, m.root
	var decode string
	switch {
	case r.nullable:
		decode = fmt.Sprintf("func(r *jsonval.Reader, x *%s) bool { return r.Next() != jsonval.Null && %s(r, %s) }", T, e.decoder(r, false), e.rootArg("x"))
	case r.isStruct():
		decode = e.decoderName(r)
	case r.kind == kArray || r.kind == kMap:
		decode = fmt.Sprintf("func(r *jsonval.Reader, x *%s) bool { return %s(r, (*%s)(x)) }", T, e.decoder(r, false), r.base)
	case r.base == T:
		decode = e.decoder(r, false) + "[" + T + "]"
	default:
		decode = fmt.Sprintf("func(r *jsonval.Reader, x *%s) bool { return %s(r, (*%s)(x)) }", T, e.decoder(r, false), r.base)
	}
	check := fmt.Sprintf("func(*%s) error { return nil }", T)
	if c := e.rootCheck("x"); c != "" {
		check = fmt.Sprintf("func(x *%s) error { return %s }", T, c)
		if e.rootArg("x") == "x" {
			check = e.checkName(r)
		}
	}
	execute(&e.w, "json", jsonData{T: T, Pfx: pfx, Src: src, Schema: goString(schema), Decode: decode, Check: check,
		Checked: len(m.unchecked()) == 0, Scopes: len(m.scopes), Damerau: usesDL(m), Branches: mostBranches(m), Unions: m.hasUnion()})
}

// jsonData is the data of the json template: the JSON entry points of a
// root.
type jsonData struct {
	T, Pfx, Src string
	Schema      string // the schema as a Go string literal
	// Decode and Check are the skeleton's decoder and check of a root
	// value (Go expressions).
	Decode, Check string
	Checked       bool // generated code checks every validation keyword of the schema
	Scopes        int
	Damerau       bool // a node compares strings with a quadratic comparator
	Branches      int  // the most branches of a union node, 0 without unions
	// Unions: the fallback is a variable of its own, Pfx+"Interp", which
	// the union chooser asks too (one interpreter per root).
	Unions bool
}

// goString is a Go literal of s: a raw string when s allows one.
func goString(s []byte) string {
	if !bytes.ContainsAny(s, "`\r") && utf8.Valid(s) {
		return "`" + string(s) + "`"
	}
	return strconv.Quote(string(s))
}

// mostBranches is the Branches field of the JSON skeleton: the largest
// number of branches of a union node, which the work bound of the typed
// path counts (genrt.Shape); 0 (no field: files without unions read as
// before) when the schema has no union.
func mostBranches(m *model) int {
	most := 0
	for _, t := range m.nodes {
		if t.n.Union != nil {
			most = max(most, len(t.n.Union.Branches))
		}
	}
	return most
}

// usesDL reports whether a node of the schema scores strings with a
// quadratic comparator (Damerau–Levenshtein; align.BuiltinComparator's
// Quadratic), whose work bounds the typed path (see genrt.WithinLimits).
func usesDL(m *model) bool {
	for _, t := range m.nodes {
		str := t.kind == kString || t.kind == kKinds && t.n.Types&ir.TString != 0
		if c, _ := align.Builtin(align.RegistryString, t.n.Comparator(align.DefaultStringComparator)); str && c.Quadratic() && t.n.IDScope == "" && t.n.Ref == "" {
			return true
		}
	}
	return false
}
