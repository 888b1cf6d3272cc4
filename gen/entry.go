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
	Nullable            bool // the root admits null
	// The checks of the root values gold, cand and v ("" when nothing
	// needs checking).
	CheckGold, CheckCand, CheckV string
	// The scoring arguments of the roots, the scoring of the pair without
	// and with the match tree, and the JSON values of the pair.
	GoldArg, CandArg, Score, Repair string
	EncGold, EncCand                string
	// Scopes are the scope fields of the workspace; Pairs their
	// bijections for the candidate-space gold (docs/SCORING.md §7).
	Scopes, Pairs []string
}

// entryPoints emits ScoreT, RepairT, CheckTGold, ValidateT and their
// unchecked forms.
func (e *emitter) entryPoints(src string) {
	m := e.m
	r := m.root
	d := entryData{T: m.typ, Pfx: m.prefix, Src: src, Nullable: r.nullable,
		CheckGold: e.rootCheck("gold"), CheckCand: e.rootCheck("cand"), CheckV: e.rootCheck("v"),
		GoldArg: e.rootArg("gold"), CandArg: e.rootArg("cand")}
	d.Score = e.scoreForm(r, d.GoldArg, d.CandArg, "false")
	d.Repair = e.scoreForm(r, d.GoldArg, d.CandArg, "true")
	d.EncGold, d.EncCand = e.encode(r, e.rootLoc("gold")), e.encode(r, e.rootLoc("cand"))
	for _, ts := range m.scopes {
		d.Scopes = append(d.Scopes, ts.field)
		d.Pairs = append(d.Pairs, fmt.Sprintf("c.%s.Pairs(%s)", ts.field, encoder[ts.id.kind]))
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
	type paths struct {
		Record, ID string
		Refs       []string
	}
	var ps []paths
	for _, ts := range e.m.scopes {
		var refs []string
		for _, rp := range ts.sc.RefPaths {
			refs = append(refs, strings.TrimPrefix(steps(rp), "[]align.Step"))
		}
		ps = append(ps, paths{steps(ts.sc.RecordPath), steps(ts.sc.IDSuffix), refs})
	}
	execute(&e.w, "scopePaths", struct {
		Pfx   string
		Paths []paths
	}{e.m.prefix, ps})
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
