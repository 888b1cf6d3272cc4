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

// entryPoints emits ScoreT, RepairT, CheckTGold, ValidateT and their
// unchecked forms.
func (e *emitter) entryPoints(src string) {
	m := e.m
	T, r := m.typ, m.root
	refd := len(m.scopes) > 0
	nilCheck := ""
	if !r.nullable {
		nilCheck = "if gold == nil || cand == nil { return false, errors.New(\"nil " + T + " value (the root schema does not admit null)\") }\n"
	}
	goldCheck, candCheck := "", "return true, nil"
	if c := e.rootCheck("gold"); c != "" {
		goldCheck = "if err := " + c + "; err != nil { return false, genrt.GoldError(err) }\n"
		candCheck = "return " + e.rootCheck("cand") + " == nil, nil"
	}
	validate := "return nil"
	if c := e.rootCheck("v"); c != "" {
		validate = "return " + c
		if !r.nullable {
			validate = "if v == nil { return errors.New(\"nil " + T + " value\") }\n" + validate
		}
	}
	prepare := func(zero string) string {
		if !refd {
			return ""
		}
		return "if err := c.prepare(" + e.rootArg("gold") + ", " + e.rootArg("cand") + "); err != nil { return " + zero + ", err }\n"
	}
	score := e.scoreForm(r, e.rootArg("gold"), e.rootArg("cand"), "%s")
	unchecked := m.unchecked()
	validDoc := "the schema's validation keywords (checked by generated code)"
	if len(unchecked) > 0 {
		validDoc = "the schema's validation keywords that generated code checks (not " + strings.Join(unchecked, ", ") + ": the JSON entry points leave those to the validator)"
	}
	integrity := ""
	if refd {
		integrity = " or lacks referential integrity (docs/SCORING.md §7.3)"
	}
	e.p(`// Score%[1]s returns the similarity of cand to gold in [0, 1] under the schema
// %[2]s: exactly the interpreter's score for the JSON values the two stand
// for (see %[1]s). A candidate that fails %[3]s scores 0;
// a gold that fails them%[4]s is an *align.GoldError.
// It makes no heap allocations in steady state while gold and candidate have
// the same members everywhere.
func Score%[1]s(gold, cand *%[1]s) (float64, error) {
	if ok, err := %[5]sCheck(gold, cand); !ok {
		return 0, err
	}
	return %[5]sScore(gold, cand)
}

// Repair%[1]s returns the ranked repair operations of the pair (docs/SCORING.md §8,
// granularity leaf, ranked by score delta): the interpreter's operations for
// the JSON values the two stand for. A candidate that fails validation has
// none.
func Repair%[1]s(gold, cand *%[1]s) ([]align.Op, error) {
	if ok, err := %[5]sCheck(gold, cand); !ok {
		return nil, err
	}
	return %[5]sRepair(gold, cand)
}

// Check%[1]sGold reports why gold cannot be scored against: it fails
// %[3]s%[4]s (an *align.GoldError), or nil.
func Check%[1]sGold(gold *%[1]s) error {
	%[6]s
}

// Validate%[1]s reports the first of %[3]s that v fails (a
// *genrt.ValidationError), or nil: why a candidate scores 0.
func Validate%[1]s(v *%[1]s) error {
	%[7]s
}

// %[5]sCheck checks a pair: the gold's validity (an error) and the
// candidate's (false: the pair scores 0).
func %[5]sCheck(gold, cand *%[1]s) (bool, error) {
	%[8]s%[9]s%[10]s
}

// %[5]sScore scores a valid pair.
func %[5]sScore(gold, cand *%[1]s) (float64, error) {
	c := %[5]sPool.Get().(*%[5]sCtx)
	defer %[5]sPool.Put(c)
	c.Reset()
	%[11]ss, _ := %[12]s
	if c.Err != nil {
		return 0, c.Err
	}
	return s, nil
}

// %[5]sRepair returns the ranked repair operations of a valid pair.
func %[5]sRepair(gold, cand *%[1]s) ([]align.Op, error) {
	c := %[5]sPool.Get().(*%[5]sCtx)
	defer %[5]sPool.Put(c)
	c.Reset()
	%[13]s_, r := %[14]s
	if c.Err != nil {
		return nil, c.Err
	}
	%[15]s
	return align.RankOps(ops, align.RankOptions{}, nil)
}`, T, src, validDoc, integrity, m.prefix, e.goldIntegrity(), validate,
		nilCheck, goldCheck, candCheck,
		prepare("0"), fmt.Sprintf(score, "false"),
		prepare("nil"), fmt.Sprintf(score, "true"),
		e.repairWalk())
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
	e.p(`// %[2]sSchema is the schema %[3]s, for the interpreter behind the JSON entry points.
const %[2]sSchema = %[4]s

// %[2]sJSON is the skeleton of the JSON entry points: the texts are decoded
// straight into %[1]s when they fit it; the interpreter, compiled once from
// %[2]sSchema, scores every other pair.
var %[2]sJSON = genrt.JSON[%[1]s]{
	Decode:  %[5]s,
	Check:   %[6]s,
	Checked: %[7]v,
	Score:   %[2]sScore,
	Repair:  %[2]sRepair,
	Scopes:  %[8]d,
	Damerau: %[9]v,%[10]s
	Fallback: interp.JSONFallback(%[2]sSchema, %[3]q),
}

// Score%[1]sJSON scores two JSON texts under %[3]s. Any candidate gets the
// interpreter's score (0 when it fails validation); an error means the gold
// is invalid or a text is not JSON.
func Score%[1]sJSON(gold, cand []byte) (float64, error) {
	s, _, err := %[2]sJSON.ScoreJSON(gold, cand)
	return s, err
}

// Score%[1]sJSONDetail is Score%[1]sJSON that also reports whether the typed
// scorer ran (true) or the interpreter (false).
func Score%[1]sJSONDetail(gold, cand []byte) (score float64, typed bool, err error) {
	return %[2]sJSON.ScoreJSON(gold, cand)
}

// Repair%[1]sJSON returns the ranked repair operations of two JSON texts
// under %[3]s: exactly the interpreter's.
func Repair%[1]sJSON(gold, cand []byte) ([]align.Op, error) {
	return %[2]sJSON.RepairJSON(gold, cand)
}

// Decode%[1]s decodes a JSON text into a %[1]s. It fails when the text is not
// JSON or holds a value %[1]s does not represent faithfully; it does not
// validate (see Validate%[1]s).
func Decode%[1]s(data []byte) (*%[1]s, error) {
	return %[2]sJSON.Unmarshal(data)
}`, T, pfx, src, goString(schema), decode, check, len(m.unchecked()) == 0, len(m.scopes), usesDL(m), branchesField(m))
}

// goString is a Go literal of s: a raw string when s allows one.
func goString(s []byte) string {
	if !bytes.ContainsAny(s, "`\r") && utf8.Valid(s) {
		return "`" + string(s) + "`"
	}
	return strconv.Quote(string(s))
}

// branchesField is the Branches field of the JSON skeleton: the largest
// number of branches of a union node, which the work bound of the typed
// path counts (genrt.Shape); empty when the schema has no union, so that
// files without unions read as before.
func branchesField(m *model) string {
	most := 0
	for _, t := range m.nodes {
		if t.n.Union != nil {
			most = max(most, len(t.n.Union.Branches))
		}
	}
	if most == 0 {
		return ""
	}
	return fmt.Sprintf("\n\tBranches: %d,", most)
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
