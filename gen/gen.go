// Package gen is oagen's code generator: from a compiled annotated JSON Schema
// (package ir) it writes Go source holding typed structs for the schema's
// values and a scorer specialised to the schema, which computes exactly the
// interpreter's score (package interp) and repair operations.
//
// # Generated API (root type T)
//
//	type T struct{ … }                                  // one field per property, schema order
//	func ScoreT(gold, cand *T) float64                  // no allocations in steady state
//	func RepairT(gold, cand *T) ([]align.Op, error)      // ranked repair operations
//	func ScoreTJSON(gold, cand []byte) (float64, error) // any JSON, the interpreter's score
//	func RepairTJSON(gold, cand []byte) ([]align.Op, error)
//	func ScoreTJSONDetail(gold, cand []byte) (score float64, typed bool, err error)
//	func DecodeT(v jsonval.Value) (*T, bool)            // typed value of a decoded JSON value
//	func CheckTGold(gold *T) error                      // referential schemas: gold integrity
//
// A root that is not an object becomes a named type of its representation
// (type T []TItem, type T string, …; a tuple root is a struct). A nil *T is
// JSON null where the root schema admits null.
//
// # Go representation
//
//   - An object schema becomes a struct; a property becomes an exported field
//     (see goName for the naming rule; names that collide after the
//     conversion get the suffixes 2, 3, … in property order) with a json tag
//     carrying the original name. Primitive, object and tuple properties are
//     pointers and array properties slices; nil means the key is absent. A
//     property whose schema admits null gets a second field <Field>Null
//     (json:"-"), true when the key is present with the value null.
//   - Nested object schemas become named struct types (parent type name +
//     field name, deduplicated with numeric suffixes).
//   - integer → int64 (integer-form numbers), number → float64 (float-form
//     numbers), string → string, boolean → bool; a string enum becomes a named
//     string type with one constant per value.
//   - An array with items only becomes a slice; an array with prefixItems
//     becomes a tuple struct with fields P0…Pk-1 for the positions, Len (how
//     many positions are present) and Rest (the tail, when items is declared).
//     Elements whose schema admits null are pointers (nil: null).
//
// # Scoring
//
// Every pair (gold schema node, candidate representation node) that the
// alignment can bring together gets its own function: the same node for
// ordinary comparisons, different nodes when fuzzy key alignment pairs two
// different properties (docs/SCORING.md §6.4: the gold key's schema governs). Comparator
// choice, thresholds, weights, importances, ignore flags, order regimes and
// the key-similarity matrices are constants. The arithmetic is the
// interpreter's, call for call: the same comparators, PairwiseSum,
// NeumaierSum and Clamp01 in the same order, the same assignment solver and
// DP on the same matrices.
//
// # Names of the generated functions
//
// The functions of the scorer are named after the schema node they handle,
// so that a score can be followed through the code. A node's path is the
// root type name followed, on the way from the root, by the Go field name of
// each property (goName), "Item" for items and "P<i>" for the i-th
// prefixItems position: OrgChartPeopleItemName for
// #/properties/people/items/properties/name under root OrgChart (for object
// nodes the path is the name of their struct type). Paths are made unique
// with the suffixes _2, _3, … in the order the nodes are first reached (for
// GenerateTypes across all roots of the file, the roots keeping their
// names). A function's name is a lower-case verb followed by the path:
//
//	score<path>          the score of a gold and a candidate value (a method of the context)
//	scoreObject<path>    the property alignment of two objects (docs/SCORING.md §6)
//	scoreArray<path>     the element alignment of two arrays (docs/SCORING.md §5)
//	scoreTail<path>      one cell of the tail alignment matrix
//	keySim<path>         the key-similarity table (a variable)
//	toJSON<path>, toJSONOrNull<path>, elemToJSON<path>    encoders
//	fromJSON<path>, elemFromJSON<path>                    decoders
//	member<path>, keys<path>, elemAt<path>, elemNullAt<path>
//	walk<path>To<rel>    the referential walker to the node at the relative path rel
//
// The referential pass (docs/SCORING.md §7) is named after the scope, its name converted
// by goName: records<Scope>, derive<Scope>, graph<Scope>, structural<Scope>,
// the state type oa<T>Scope<Scope> in the context field scope<Scope>, and
// the relation tables <kind>Rel<Scope>_<carrier path> (kind unary, edge or
// member).
//
// The score functions of a gold node a against a different candidate node b
// (fuzzy key alignment pairing two properties, a tuple position against an
// array's items) append "_vs_" and b's path relative to the closest node
// both are reached from: scoreOrgChartPeopleItemName_vs_Role. Because the
// root type name starts every path, the names of roots sharing a package do
// not clash unless a root's name is another root's path (the nested type
// names of Generate share that limit). Per-root support declarations keep
// the prefix "oa" + root type name (oaOrgChartCtx, oaOrgChartPool, …). Every
// generated function has a doc comment naming the JSON Pointer of its node.
//
// # JSON entry points and the fallback
//
// ScoreTJSON decodes both values with jsonval and decodes them into T when
// the JSON is faithfully representable: every object's keys are declared
// properties appearing in schema order, no number is of the other lexical
// class (a float-form value in an integer field, an integer-form value in a
// number field, an integer beyond int64), no tuple has elements beyond its
// positions, string enumerations hold one of their values. Both values must
// also pass the schema's validation; the validator is skipped when the schema
// has no validation keyword beyond types, declared properties and string
// enumerations (see typedImpliesValid), since decoding then implies validity.
// A pair that the interpreter might refuse under its resource limits
// (interp.Limits: depth, collection size, string length, work; a
// conservative bound computed from the two values) also leaves the typed
// path. Every other pair — and a candidate failing validation — is scored by
// the interpreter (package interp), compiled once from the schema embedded in
// the generated file, so the JSON entry points return exactly its score or
// error. ScoreTJSONDetail reports which path ran.
//
// # Referential schemas (docs/SCORING.md §7)
//
// For a schema with idScope/ref, the generated file also holds, per scope, a
// typed walk of its record, identifier and reference paths (docs/SCORING.md §7.3), the
// gold integrity check (CheckTGold, errors are *interp.GoldError with the
// JSON Pointer of the first violation), the bijection derivation of docs/SCORING.md
// §7.5 (masking, the record cost matrix computed by the generated record
// scorer in deriving mode, where a kind mismatch makes the record cell 0, the
// WL graphs of docs/SCORING.md §7.6 refined with align/wl and integrated with
// align.WLTieBreak) and the reference leaves scored through the
// bijections (their MappedPred feeds ref_fix in RepairT). The options are
// the interpreter's defaults (idDisambiguation "wl", wlIntegration
// "tie_break", unlimited rounds). Identifiers are compared as Go values of
// the idScope node's type, which within the typed path is JSON equality.
//
// # Existing Go types
//
// GenerateTypes writes the same scorers for struct types that already exist
// (the struct source of oagen gen, with the IR built from oa struct tags by
// package structtag): the model keeps the existing type names and reads
// each property through the field's access path, with encoding/json's
// presence rules, instead of declaring structs; see GenerateTypes.
//
// # Not supported (oagen gen reports an error)
//
// Roots that are not objects, nullable roots, unions of several non-null
// types, nodes without a type, arrays without items and prefixItems, custom
// comparators, and referential paths through the items of an array with
// prefixItems.
package gen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strconv"

	"github.com/dave/jennifer/jen"
	"github.com/objectaligner/oagen/ir"
	"golang.org/x/tools/go/ast/astutil"
)

// Import paths used by generated code.
const (
	pathRuntime   = "github.com/objectaligner/oagen/align"
	pathJSONVal   = "github.com/objectaligner/oagen/jsonval"
	pathHungarian = "github.com/objectaligner/oagen/align/hungarian"
	pathSeqDP     = "github.com/objectaligner/oagen/align/seqdp"
	pathInterp    = "github.com/objectaligner/oagen/interp"
	pathWL        = "github.com/objectaligner/oagen/align/wl"
	pathValidate  = "github.com/objectaligner/oagen/validate"
	pathGenRT     = "github.com/objectaligner/oagen/align/genrt"
)

// Options configure Generate.
type Options struct {
	// TypeName is the Go name of the root type T (an exported identifier).
	TypeName string
	// Package is the Go package name of the generated file.
	Package string
	// SchemaFile is the schema's file name as shown in the header comment.
	SchemaFile string
	// SchemaJSON is the schema text, embedded for the interpreter fallback.
	SchemaJSON []byte
}

// Generate compiles schemaJSON and returns the gofmt-formatted Go source of
// the generated scorer.
func Generate(opts Options) ([]byte, error) {
	if !isExportedIdent(opts.TypeName) {
		return nil, fmt.Errorf("gen: type name %q is not an exported Go identifier", opts.TypeName)
	}
	if !isIdent(opts.Package) {
		return nil, fmt.Errorf("gen: package name %q is not a Go identifier", opts.Package)
	}
	sch, err := ir.Compile(opts.SchemaJSON, ir.Options{File: opts.SchemaFile})
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	m, err := buildModel(sch, opts.TypeName)
	if err != nil {
		return nil, fmt.Errorf("gen: %s: %w", opts.SchemaFile, err)
	}
	if err := checkComparators(m); err != nil {
		return nil, err
	}
	return render(m, opts)
}

// checkComparators refuses comparators that are not built in.
func checkComparators(m *model) error {
	for _, t := range m.nodes {
		if t.n.IDScope != "" || t.n.Ref != "" {
			continue // score is ignored on identifier and reference nodes (docs/SCORING.md §7.1)
		}
		if t.kind == kString && stringComparator(t.n.Score) == "" {
			return fmt.Errorf("gen: %s: comparator %q is not built in (custom comparators are not supported by oagen gen)", t.n.Pos, t.n.Score)
		}
		if (t.kind == kInt || t.kind == kFloat) && t.n.Score != "" && t.n.Score != "invdiff" && t.n.Score != "exact" && t.n.Score != "relative" {
			return fmt.Errorf("gen: %s: comparator %q is not built in (custom comparators are not supported by oagen gen)", t.n.Pos, t.n.Score)
		}
	}
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func isExportedIdent(s string) bool { return isIdent(s) && s[0] >= 'A' && s[0] <= 'Z' }

func render(m *model, opts Options) ([]byte, error) {
	f := newFile(opts.Package, fmt.Sprintf("Code generated by oagen from %s. DO NOT EDIT.", opts.SchemaFile))
	renderModel(f, m, opts)
	return formatFile(f)
}

// formatFile renders f with gofmt, adding the imports of the code written
// as text (see addImports).
func formatFile(f *jen.File) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("gen: formatting the generated code: %w", err)
	}
	out, err := addImports(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: formatting the generated code: %w", err)
	}
	return out, nil
}

// textImports are the packages that function bodies written as text may
// use, by the name they are referred to.
var textImports = map[string]string{
	"errors":    "errors",
	"fmt":       "fmt",
	"sync":      "sync",
	"align":     pathRuntime,
	"jsonval":   pathJSONVal,
	"hungarian": pathHungarian,
	"seqdp":     pathSeqDP,
	"interp":    pathInterp,
	"wl":        pathWL,
	"validate":  pathValidate,
	"genrt":     pathGenRT,
}

// addImports adds to the Go file src the imports of textImports that its
// code uses but jennifer did not add: jennifer manages the imports of the
// declarations built with it, while most function bodies are written as
// text (see emitter). Generated code declares no identifier with one of
// these names, so a selector on such a name is a package reference.
func addImports(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && textImports[id.Name] != "" {
				used[id.Name] = true
			}
		}
		return true
	})
	added := false
	for _, name := range sortedKeys(used) {
		if astutil.AddImport(fset, file, textImports[name]) {
			added = true
		}
	}
	if !added {
		return src, nil
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}

// renderModel adds the declarations of one root type to f.
func renderModel(f *jen.File, m *model, opts Options) {
	T := m.typ
	pfx := m.prefix
	existing := m.shapes != nil

	// Types.
	for _, t := range m.nodes {
		if existing {
			break // the types exist
		}
		switch {
		case t.kind == kObject:
			var fields []jen.Code
			for _, pp := range t.props {
				fields = append(fields, jen.Id(pp.field).Id(pp.node.fieldType()).Tag(map[string]string{"json": pp.name + ",omitempty"}))
				if pp.nullField != "" {
					fields = append(fields, jen.Id(pp.nullField).Bool().Tag(map[string]string{"json": "-"}))
				}
			}
			doc := fmt.Sprintf("%s holds a value of the object schema at %s.", t.base, pointerOrRoot(t.n.Pos.Pointer))
			if t == m.root {
				doc = fmt.Sprintf("%s is the root type of the schema %s.", t.base, opts.SchemaFile)
			}
			f.Comment(doc)
			f.Type().Id(t.base).Struct(fields...)
		case t.tuple:
			var fields []jen.Code
			for i, pn := range t.prefix {
				fields = append(fields, jen.Id(fmt.Sprintf("P%d", i)).Id(pn.elemType()))
			}
			fields = append(fields, jen.Id("Len").Int().Comment("number of positions present"))
			if t.items != nil {
				fields = append(fields, jen.Id("Rest").Index().Id(t.items.elemType()).Comment("elements after the positions"))
			}
			f.Comment(fmt.Sprintf("%s holds a tuple (prefixItems) of the schema at %s.", t.base, pointerOrRoot(t.n.Pos.Pointer)))
			f.Type().Id(t.base).Struct(fields...)
		case t.enum != nil:
			f.Comment(fmt.Sprintf("%s is the enumeration of the schema at %s.", t.base, pointerOrRoot(t.n.Pos.Pointer)))
			f.Type().Id(t.base).String()
			var defs []jen.Code
			for i, name := range m.enumConstNames(t) {
				defs = append(defs, jen.Id(name).Id(t.base).Op("=").Lit(t.enum[i]))
			}
			f.Comment(fmt.Sprintf("The values of %s.", t.base))
			f.Const().Defs(defs...)
		}
	}

	if r := m.root; !existing && !r.isStructRef() && r.base != T {
		f.Comment(fmt.Sprintf("%s is the root type of the schema %s (nil: JSON null where the schema admits it).", T, opts.SchemaFile))
		f.Type().Id(T).Id(r.base)
	}

	// Per-call context and result types (declared with jennifer so that the
	// imports they need are managed).
	f.Comment(fmt.Sprintf("%sCtx is the per-call workspace of the %s scorer; it is pooled.", pfx, T))
	ctxFields := []jen.Code{
		jen.Qual(pathGenRT, "Workspace").Comment("buffers, assignment solver, DP; Err is an internal error of the call"),
	}
	if len(m.scopes) > 0 {
		ctxFields = append(ctxFields,
			jen.Line().Comment("Referential state (docs/SCORING.md §7): cur is the index+1 of the scope being derived (0: none),"),
			jen.Comment("maskAll masks every reference (degraded scope), kerr records a kind mismatch while deriving."),
			jen.Id("cur").Int(),
			jen.List(jen.Id("maskAll"), jen.Id("deriving"), jen.Id("kerr")).Bool(),
			jen.Id("ix").Index(jen.Lit(m.maxDyn())).Int().Comment("array indices of the value a walker yields"),
			jen.Id("lb").Qual(pathWL, "LabelBuilder"),
			jen.Id("lk").Index().Byte().Comment("label key being built"),
			jen.Id("labels").Map(jen.String()).Qual(pathWL, "Label").Comment("labels by key, kept across calls (bounded)"),
			jen.Id("wg").Index(jen.Lit(2)).Qual(pathWL, "Graph"),
			jen.Id("wlws").Qual(pathWL, "Workspace"),
			jen.Id("eps").Index().Qual(pathGenRT, "Endpoint"),
		)
		for _, ts := range m.scopes {
			ctxFields = append(ctxFields, jen.Id("scope"+ts.name).Id(pfx+"Scope"+ts.name))
		}
	}
	f.Type().Id(pfx + "Ctx").Struct(ctxFields...)
	f.Comment(fmt.Sprintf("%sPool pools the workspaces of Score%s.", pfx, T))
	f.Var().Id(pfx+"Pool").Op("=").Qual("sync", "Pool").Values(jen.Dict{
		jen.Id("New"): jen.Func().Params().Any().Block(jen.Return(jen.New(jen.Id(pfx + "Ctx")))),
	})
	if !existing {
		f.Comment(fmt.Sprintf("%sFallback is the interpreter and validator behind the JSON entry points.", pfx))
		f.Type().Id(pfx+"Fallback").Struct(
			jen.Id("scorer").Op("*").Qual(pathInterp, "Scorer"),
			jen.Id("validator").Op("*").Qual(pathValidate, "Validator"),
		)
		f.Comment(fmt.Sprintf("%sWrap adds what failed to err.", pfx))
		f.Func().Id(pfx+"Wrap").Params(jen.Id("what").String(), jen.Err().Error()).Error().Block(
			jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("%s: %w"), jen.Id("what"), jen.Err())),
		)
	}

	e := &emitter{m: m, done: map[string]bool{}, walkers: map[string]string{}, walkerUsed: map[string]bool{}, pairNames: map[string]string{}, pairUsed: map[string]bool{}}
	if len(m.scopes) > 0 {
		e.emitRefPass()
	}
	for _, t := range m.nodes {
		e.emitValueFuncs(t)
	}
	e.entryPoints(opts)
	e.pair(m.root, m.root)
	for len(e.queue) > 0 {
		pr := e.queue[0]
		e.queue = e.queue[1:]
		e.emitPair(pr[0], pr[1])
	}
	f.Add(jen.Op(e.w.String()))
	f.Add(jen.Op(e.aux.String()))
}

// rootAdapters emits In (a *T as the null flag and value of the root node;
// nil is JSON null), NilRoot (a nil argument for a root that is not
// nullable) and Out (a decoded JSON value as *T).
func (e *emitter) rootAdapters() {
	m := e.m
	r := m.root
	T, pfx := m.typ, m.prefix
	e.p("// %sIn returns the null flag and the value of a root argument; nil is JSON null.", pfx)
	e.p("func %sIn(x *%s) (bool, %s) {", pfx, T, r.refType())
	if r.isStructRef() {
		e.p("return x == nil, x")
	} else {
		e.p("if x == nil { var z %s; return true, z }", r.refType())
		e.p("return false, %s(*x)", r.refType())
	}
	e.p("}")
	e.p("// %sNilRoot reports a nil argument where the root schema does not admit null.", pfx)
	e.p("func %sNilRoot(gold, cand *%s) bool {", pfx, T)
	if r.nullable {
		e.p("return false")
	} else {
		e.p("return gold == nil || cand == nil")
	}
	e.p("}")
	if m.shapes != nil {
		return // no JSON entry points for existing types
	}
	e.p("// %sOut converts a decoded JSON value into *%s when it is faithfully representable.", pfx, T)
	e.p("func %sOut(v jsonval.Value) (*%s, bool) {", pfx, T)
	if r.nullable {
		e.p("if v.Kind == jsonval.Null { return nil, true }")
	}
	e.p("x, ok := %s(v)", fn("fromJSON", r))
	e.p("if !ok { return nil, false }")
	if r.isStructRef() {
		e.p("return x, true")
	} else {
		e.p("t := %s(x)", T)
		e.p("return &t, true")
	}
	e.p("}")
}

// usesDL reports whether a node of the schema scores strings with
// Damerau–Levenshtein, whose work is quadratic (see genrt.WithinLimits).
func usesDL(m *model) bool {
	for _, t := range m.nodes {
		if t.kind == kString && t.n.Score == "damerau_levenshtein" && t.n.IDScope == "" && t.n.Ref == "" {
			return true
		}
	}
	return false
}

// resetAll is the Go statement resetting the state of every scope.
func resetAll(m *model) string {
	var b []byte
	for _, ts := range m.scopes {
		b = fmt.Appendf(b, "c.scope%s.reset(); ", ts.name)
	}
	return string(b)
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "the root"
	}
	return p
}

// entryPoints emits ScoreT, RepairT and the JSON entry points.
func (e *emitter) entryPoints(opts Options) {
	T := e.m.typ
	pfx := e.m.prefix
	root := e.m.root
	rootFn := e.pair(root, root)
	rid := root.path
	e.rootAdapters()
	var scoreFuncs, repairDoc, repairPrep string
	if len(e.m.scopes) == 0 {
		scoreFuncs = fmt.Sprintf(`// Score%[2]s returns the similarity of cand to gold in [0, 1] under the schema
// %[3]s, exactly as the interpreter computes it for the JSON encodings of the
// two values (docs/SCORING.md §1.3 step 5). Both must be non-nil and satisfy the schema's
// validation keywords (the typed path does not validate); nil stands for JSON
// null where the root schema admits null, and otherwise scores 0. It makes no
// heap allocations in steady state. It returns 0 on an internal error of the
// assignment solver or DP, which cannot occur (see genrt.Workspace.Solve).
func Score%[2]s(gold, cand *%[2]s) float64 {
	s, _ := %[1]sScore(gold, cand)
	return s
}

// %[1]sScore is Score%[2]s that reports an internal error (see genrt.Workspace.Solve).
func %[1]sScore(gold, cand *%[2]s) (float64, error) {
	gn, g := %[1]sIn(gold)
	pn, p := %[1]sIn(cand)
	if %[1]sNilRoot(gold, cand) {
		return 0, nil
	}
	c := %[1]sPool.Get().(*%[1]sCtx)
	defer %[1]sPool.Put(c)
	c.Err = nil
	s, _ := c.%[4]s(gn, g, pn, p, false)
	if c.Err != nil {
		return 0, c.Err
	}
	return s, nil
}`, pfx, T, opts.SchemaFile, rootFn)
	} else {
		scoreFuncs = fmt.Sprintf(`// Score%[2]s returns the similarity of cand to gold in [0, 1] under the schema
// %[3]s, exactly as the interpreter computes it for the JSON encodings of the
// two values (docs/SCORING.md §1.3 step 5). Both must be non-nil and satisfy the schema's
// validation keywords (the typed path does not validate). The schema is
// referential (docs/SCORING.md §7): the gold must also have referential integrity (see
// Check%[2]sGold); a gold that does not scores 0, as do a nil argument where
// the root schema does not admit null (nil is JSON null where it does) and
// the internal errors that cannot occur (see genrt.Workspace.Solve). It makes no heap
// allocations in steady state: the WL labels of docs/SCORING.md §7.6 are cached by
// content in the pooled context (at most 4096 per context), so only a label
// not seen before allocates, as does a float-typed identifier or exact
// scalar inside a label.
func Score%[2]s(gold, cand *%[2]s) float64 {
	s, _ := %[1]sScore(gold, cand)
	return s
}

// %[1]sScore is Score%[2]s that reports a gold without referential integrity.
func %[1]sScore(gold, cand *%[2]s) (float64, error) {
	gn, g := %[1]sIn(gold)
	pn, p := %[1]sIn(cand)
	if %[1]sNilRoot(gold, cand) {
		return 0, nil
	}
	c := %[1]sPool.Get().(*%[1]sCtx)
	defer %[1]sPool.Put(c)
	c.Err = nil
	if err := c.prepare(gn, g, pn, p); err != nil {
		return 0, err
	}
	s, _ := c.%[4]s(gn, g, pn, p, false)
	if c.Err != nil {
		return 0, c.Err
	}
	return s, nil
}

// Check%[2]sGold verifies the referential integrity of a gold value (docs/SCORING.md
// §7.3): identifiers unique within their scope, every reference naming a gold
// identifier. The error is an *interp.GoldError naming the JSON Pointer of the
// first violation, as the interpreter reports it.
func Check%[2]sGold(gold *%[2]s) error {
	c := %[1]sPool.Get().(*%[1]sCtx)
	defer %[1]sPool.Put(c)
	%[5]s
	gn, g := %[1]sIn(gold)
	if %[1]sNilRoot(gold, gold) {
		return errors.New("nil gold")
	}
	return c.checkGold(gn, g)
}`, pfx, T, opts.SchemaFile, rootFn, resetAll(e.m))
		repairDoc = "\n// A gold without referential integrity is an *interp.GoldError."
		repairPrep = "\n\tif err := c.prepare(gn, g, pn, p); err != nil {\n\t\treturn nil, err\n\t}"
	}
	repair := fmt.Sprintf(`// Repair%[2]s returns the ranked repair operations of the pair (docs/SCORING.md §8,
// granularity leaf, ranked by score delta), the interpreter's operations for
// the JSON encodings of the two values.%[5]s
func Repair%[2]s(gold, cand *%[2]s) ([]align.Op, error) {
	gn, g := %[1]sIn(gold)
	pn, p := %[1]sIn(cand)
	if %[1]sNilRoot(gold, cand) {
		return nil, errors.New("nil value for a root that is not nullable")
	}
	c := %[1]sPool.Get().(*%[1]sCtx)
	defer %[1]sPool.Put(c)
	c.Err = nil%[6]s
	_, r := c.%[3]s(gn, g, pn, p, true)
	if c.Err != nil {
		return nil, c.Err
	}
	ops := align.WalkRepairs(r.Match, toJSONOrNull%[4]s(gn, g), toJSONOrNull%[4]s(pn, p), align.GranularityLeaf)
	return align.RankOps(ops, align.RankOptions{}, nil)
}`, pfx, T, rootFn, rid, repairDoc, repairPrep)
	if e.m.shapes != nil {
		e.p("%s\n\n%s", scoreFuncs, repair)
		return
	}
	e.p(`// %[1]sSchema is the schema %[3]s, for the interpreter fallback of the JSON entry points.
const %[1]sSchema = %[4]s

var %[1]sState = sync.OnceValues(func() (*%[1]sFallback, error) {
	sc, err := interp.Compile([]byte(%[1]sSchema), %[3]q, interp.Options{Compat: interp.CompatReference})
	if err != nil {
		return nil, err
	}
	raw, err := jsonval.Decode([]byte(%[1]sSchema), jsonval.DecodeOptions{})
	if err != nil {
		return nil, err
	}
	v, err := validate.Compile(raw)
	if err != nil {
		return nil, err
	}
	return &%[1]sFallback{scorer: sc, validator: v}, nil
})

%[7]s

%[13]s
func %[1]sDecodePair(gold, cand []byte) (*%[1]sFallback, jsonval.Value, jsonval.Value, error) {
	st, err := %[1]sState()
	if err != nil {
		return nil, jsonval.Value{}, jsonval.Value{}, %[1]sWrap(%[3]q, err)
	}
	g, err := jsonval.Decode(gold, jsonval.DecodeOptions{})
	if err != nil {
		return nil, jsonval.Value{}, jsonval.Value{}, %[1]sWrap("gold", err)
	}
	p, err := jsonval.Decode(cand, jsonval.DecodeOptions{})
	if err != nil {
		return nil, jsonval.Value{}, jsonval.Value{}, %[1]sWrap("candidate", err)
	}
	return st, g, p, nil
}

// Decode%[2]s converts a decoded JSON value into %[2]s when it is faithfully
// representable (see the package documentation of oagen's gen); it does not
// validate.
func Decode%[2]s(v jsonval.Value) (*%[2]s, bool) { return %[1]sOut(v) }

// typed decodes a valid pair into %[2]s when the JSON is faithfully
// representable (see package gen), else reports false.
func (st *%[1]sFallback) typed(g, p jsonval.Value, repair bool) (*%[2]s, *%[2]s, bool) {
	if !genrt.WithinLimits(st.scorer.Options().Limits, g, p, %[10]d, %[12]v, repair) {
		return nil, nil, false
	}
	gt, ok := %[1]sOut(g)
	if !ok {
		return nil, nil, false
	}
	pt, ok := %[1]sOut(p)
	if !ok {
		return nil, nil, false
	}
	if !%[1]sTypedIsValid && (st.validator.Validate(g) != nil || st.validator.Validate(p) != nil) {
		return nil, nil, false
	}
	return gt, pt, true
}

// %[1]sTypedIsValid is true when every value the decoder accepts satisfies
// the schema's validation keywords (the schema has none beyond types, declared
// properties and string enumerations), so the typed path skips the validator.
const %[1]sTypedIsValid = %[11]v

// Score%[2]sJSON scores two JSON texts under %[3]s. Any candidate gets the
// interpreter's score (0 when it fails validation); an error means the gold
// is invalid or a text is not JSON.
func Score%[2]sJSON(gold, cand []byte) (float64, error) {
	s, _, err := Score%[2]sJSONDetail(gold, cand)
	return s, err
}

// Score%[2]sJSONDetail is Score%[2]sJSON that also reports whether the typed
// scorer ran (true) or the pair fell back to the interpreter (false).
func Score%[2]sJSONDetail(gold, cand []byte) (score float64, typed bool, err error) {
	st, g, p, err := %[1]sDecodePair(gold, cand)
	if err != nil {
		return 0, false, err
	}
	if gt, pt, ok := st.typed(g, p, false); ok {
		s, err := %[1]sScore(gt, pt)
		return s, true, err
	}
	s, err := st.scorer.Score(g, p)
	return s, false, err
}

// Repair%[2]sJSON returns the ranked repair operations of two JSON texts
// under %[3]s: exactly the interpreter's.
func Repair%[2]sJSON(gold, cand []byte) ([]align.Op, error) {
	st, g, p, err := %[1]sDecodePair(gold, cand)
	if err != nil {
		return nil, err
	}
	if gt, pt, ok := st.typed(g, p, true); ok {
		return Repair%[2]s(gt, pt)
	}
	res, err := st.scorer.Align(g, p)
	if err != nil {
		return nil, err
	}
	return res.Repair(interp.RepairOptions{})
}
`, pfx, T, opts.SchemaFile, strconv.Quote(string(opts.SchemaJSON)), rootFn, rid, scoreFuncs, repairDoc, repairPrep, len(e.m.scopes), typedImpliesValid(e.m.schema.Raw), usesDL(e.m), repair)
}
