// Package gen is oagen's code generator: from a compiled annotated JSON Schema
// (package ir) it writes Go source holding typed structs for the schema's
// values and a scorer specialised to the schema, which computes exactly the
// interpreter's score (package interp) and repair operations.
//
// # Generated API (root type T)
//
//	type T struct{ … }                                    // see "Go representation"
//	func ScoreT(gold, cand *T) (float64, error)           // no allocations in steady state
//	func RepairT(gold, cand *T) ([]align.Op, error)       // ranked repair operations
//	func CheckTGold(gold *T) error                        // why a gold cannot be scored against
//	func ValidateT(v *T) error                            // why a candidate scores 0
//	func ScoreTJSON(gold, cand []byte) (float64, error)   // any JSON: the interpreter's score
//	func ScoreTJSONDetail(gold, cand []byte) (score float64, typed bool, err error)
//	func RepairTJSON(gold, cand []byte) ([]align.Op, error)
//
// The JSON entry points need the interpreter (package interp) for the
// pairs the types cannot hold; Options.TypedOnly leaves them out, and the
// generated file then depends on packages align, align/genrt, the kernels
// and jsonval only.
//
// # Go representation
//
//   - An object schema becomes a struct type, one per $defs entry shared by
//     every use of it, named after the $defs key, else the "title", else the
//     path it is reached by (the parent type's name and the field name); the
//     root is T. "description" becomes the doc comment. Names follow Go's
//     initialisms (ID, URL, HTTP, …); names that collide get the suffixes 2,
//     3, ….
//   - A property becomes an exported field with a json tag of its name. A
//     required property that does not admit null holds its value (a nil
//     slice is the empty array); an optional one is a pointer (a slice),
//     nil when absent; a required property that admits null is a pointer,
//     nil for null; an optional property that admits null is a pointer and
//     a flag <Field>Null, true for the value null (absent: nil and false).
//   - integer → int64, number → float64, string → string (a named type with
//     one constant per value for a string enum), boolean → bool.
//   - An array with items only becomes a slice; an array with prefixItems
//     becomes a tuple struct with fields P0…Pk-1 for the positions, Len (how
//     many positions are present) and Rest (the tail, when items is declared).
//     Elements that admit null are pointers (nil: null).
//   - An object without properties is a map (docs/SCORING.md §6.8) and
//     becomes map[string]V, V the type of its value schema; like a slice it
//     is nil when absent.
//   - A node that constrains no type (docs/SCORING.md §6.9), the members of
//     a schema-less map or of one whose members have several schemas, and a
//     "type" list of several primitive types become jsonval.Value, null
//     included (an optional member is a *jsonval.Value, nil when absent).
//   - A union (anyOf/oneOf of several schemas, docs/SCORING.md §1.8)
//     becomes a struct with one pointer per branch, exactly one set: the
//     branch the interpreter assigns the value (interp.Scorer.UnionBranch),
//     which the decoders choose; see docs/GENERATED.md.
//
// A value stands for the JSON value that this representation describes;
// ScoreT gives the interpreter's score of those JSON values in the default
// profile (numbers by value, object members in canonical order), see
// docs/GENERATED.md.
//
// # Scoring
//
// The schema's constants (comparators, thresholds, weights, importances,
// ignore flags, order regimes) are folded into the code; the algorithms are
// the support package's (align/genrt), which generated code calls with
// closures over the typed values: genrt.Object for the key alignment and
// object score of docs/SCORING.md §6, genrt.Array for tuples and the two array
// regimes of docs/SCORING.md §5, the leaves of genrt for primitives, genrt.Derive and
// genrt.Ref for the referential pass of docs/SCORING.md §7. The arithmetic is the
// interpreter's, call for call. The generated code has one method per
// object, array and nullable node (score<path>); when fuzzy key alignment
// pairs two different properties of an object (docs/SCORING.md §6.4: the gold key's
// schema governs), a pair of the same Go type is scored by the gold
// property's code and any other pair by genrt.Generic, over the JSON
// encodings of the two values and the table of the schema's nodes (which
// allocates; it runs only when the gold and the candidate have different
// keys). Its size is therefore linear in the schema.
//
// # Validation
//
// ScoreT, RepairT and the JSON entry points validate both values as the
// interpreter does (docs/SCORING.md §1.3): the types hold the schema's types and
// declared properties by construction, and generated code checks enum,
// const, required, minLength, maxLength, pattern, minimum, maximum,
// exclusiveMinimum, exclusiveMaximum, minItems, maxItems, minProperties and
// maxProperties. Other validation keywords (allOf, anyOf beside a type, not,
// if/then/else, dependentRequired, patternProperties, uniqueItems,
// multipleOf, …) are not checked by the typed path; the JSON entry points
// then validate with the validator, and ScoreT's doc comment names them.
//
// # JSON entry points
//
// ScoreTJSON decodes the two texts straight into T (genrt.JSON) when they
// fit it: every member a declared property, none repeated, in any order
// (objects are scored in the canonical order of their members), every
// number held exactly by its field (an integral value for an integer field,
// 12.0 as well as 12), required members present. It then checks both values
// and the interpreter's resource limits (a conservative bound,
// genrt.WithinLimits) and scores them with the typed code. Every other pair
// is scored by the interpreter, compiled once from the schema embedded in
// the generated file (interp.JSONFallback), so the JSON entry points return
// exactly its score or error. ScoreTJSONDetail reports which path ran.
//
// # Several roots in one package
//
// The files of any number of runs build in one package: besides its types
// and exported functions, a file declares only names prefixed oa<T> (the
// codecs of a struct type shared by the roots of one GenerateTypes call
// carry the first root's prefix), and what roots have in common is in the
// support packages. Types named after $defs keys and titles may still
// collide: Options.Declared (PackageDeclarations) turns a collision into
// an error naming both files, and Options.TypePrefix avoids it.
//
// # Existing Go types
//
// GenerateTypes writes the same scorers for struct types that already exist
// (the struct source of oagen gen, with the IR built from oa struct tags by
// package structtag): the model keeps the existing types and reads each
// property through the field's access path, with encoding/json's presence
// rules; see GenerateTypes.
//
// # Not supported (oagen gen reports an error)
//
// Unions with Options.TypedOnly or for existing Go types (the interpreter
// chooses branches), "type" lists of several non-null types one of which is
// array or object, maps, JSON values, several primitive types and unions in
// a schema with identifier scopes, maps whose members have several schemas
// one of which is not primitive, arrays without items and prefixItems,
// custom comparators, and referential paths through the items of an array
// with prefixItems.
package gen

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align/genrt"
	"github.com/objectaligner/oagen/ir"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Import paths used by generated code.
const (
	pathAlign   = "github.com/objectaligner/oagen/align"
	pathJSONVal = "github.com/objectaligner/oagen/jsonval"
	pathInterp  = "github.com/objectaligner/oagen/interp"
	pathWL      = "github.com/objectaligner/oagen/align/wl"
	pathGenRT   = "github.com/objectaligner/oagen/align/genrt"
	modulePath  = "github.com/objectaligner/oagen"
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
	// TypedOnly leaves out the JSON entry points and with them the
	// interpreter: the file then links the support package and the kernels
	// only.
	TypedOnly bool
	// Version is the oagen version named in the header; "" takes the
	// version of this module from the build information (see Version).
	Version string
	// TypePrefix is put before the names the schema's types take from
	// their $defs keys and titles (Organization → TicketOrganization), so
	// that two schemas that name a type alike generate into one package;
	// "" for none. Types named after their path start with TypeName.
	TypePrefix string
	// Declared are the package-level names that the package's other files
	// declare, with where (see PackageDeclarations): a name of the
	// generated file among them is an error naming both, not a file that
	// does not build. nil checks nothing.
	Declared map[string]string
}

// Version returns the version of the oagen module that this program was
// built with, as generated files name it: a release version (v1.2.3) when
// the module is a tagged dependency or was installed at a tag, "(devel)"
// otherwise (a local build, a pseudo-version, a modified tree), so that
// generating in a checkout is reproducible.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	v := bi.Main.Version
	if bi.Main.Path != modulePath {
		v = ""
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				v = d.Version
				if d.Replace != nil {
					v = ""
				}
			}
		}
	}
	if !semver.IsValid(v) || semver.Prerelease(v) != "" || semver.Build(v) != "" || module.IsPseudoVersion(v) {
		return "(devel)"
	}
	return v
}

// Generate compiles schemaJSON and returns the gofmt-formatted Go source of
// the generated scorer.
func Generate(opts Options) (_ []byte, err error) {
	defer catchTemplate(&err)
	if opts.TypePrefix != "" && !isExportedIdent(opts.TypePrefix) {
		return nil, fmt.Errorf("gen: type prefix %q is not an exported Go identifier", opts.TypePrefix)
	}
	f := newFile(opts.Package, opts.Version, "from "+opts.SchemaFile)
	f.declared = opts.Declared
	ns := newNamespace()
	ns.typePrefix = opts.TypePrefix
	if err := generateInto(f, ns, opts); err != nil {
		return nil, err
	}
	return f.render()
}

// generateInto adds the declarations of one schema's scorer to f, with the
// package names of ns (shared by the files of one package).
func generateInto(f *file, ns *namespace, opts Options) error {
	if !isExportedIdent(opts.TypeName) {
		return fmt.Errorf("gen: type name %q is not an exported Go identifier", opts.TypeName)
	}
	if !isIdent(opts.Package) {
		return fmt.Errorf("gen: package name %q is not a Go identifier", opts.Package)
	}
	sch, err := ir.Compile(opts.SchemaJSON, ir.Options{File: opts.SchemaFile})
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	m, err := buildModel(sch, opts.TypeName, ns, nil, opts.TypedOnly)
	if err != nil {
		return fmt.Errorf("gen: %s: %w", opts.SchemaFile, err)
	}
	if err := checkComparators(m); err != nil {
		return err
	}
	declareTypes(f, m, opts.SchemaFile)
	renderScorer(f, m, opts.SchemaFile, !opts.TypedOnly, opts.SchemaJSON)
	return nil
}

// checkComparators refuses comparators that are not built in.
func checkComparators(m *model) error {
	for _, t := range m.nodes {
		if t.n.IDScope != "" || t.n.Ref != "" {
			continue // score is ignored on identifier and reference nodes (docs/SCORING.md §7.1)
		}
		str := t.kind == kString || t.kind == kKinds && t.n.Types&ir.TString != 0
		number := t.kind == kInt || t.kind == kFloat || t.kind == kKinds && t.n.Types&(ir.TInteger|ir.TNumber) != 0
		if str && stringComparator(t.n.Comparator("jaro")) == "" || number && numberComparator(t.n.Comparator("invdiff")) == "" {
			return fmt.Errorf("gen: %s: comparator %q is not built in (custom comparators are not supported by oagen gen)", t.n.Pos, t.n.Score)
		}
	}
	return nil
}

// newFile starts a generated file: the header names the oagen version
// (version "" asks Version) and the source, and the file checks the support
// package's contract window (genrt.EnforceVersion).
func newFile(pkg, version, source string) *file {
	if version == "" {
		version = Version()
	}
	return &file{Source: source, Version: version, Package: pkg, GenVersion: genrt.GenVersion}
}

// docLines turns a description into doc comment lines.
func docLines(s string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		out = append(out, strings.TrimRight(l, " \t\r"))
	}
	return out
}

// structType is the data of the struct template.
type structType struct {
	Name   string
	Doc    []string
	Fields []structField
}

// structField is a field of a struct template.
type structField struct {
	Name, Type string
	Tag        string // the Go literal of the tag, "" for none
	Doc        []string
	Comment    string // a line comment
}

// namedType is the data of the alias template: a type declared as another.
type namedType struct {
	Name, Type string
	Doc        []string
}

// enumType is the data of the enum template.
type enumType struct {
	Name   string
	Doc    []string
	Consts []enumConst
}

// enumConst is a constant of an enumeration: its name and value (a Go
// literal).
type enumConst struct{ Name, Value string }

// jsonTag is the struct tag literal `json:"name"`.
func jsonTag(name string) string {
	tag := fmt.Sprintf("json:%q", name)
	if strconv.CanBackquote(tag) {
		return "`" + tag + "`"
	}
	return strconv.Quote(tag)
}

// declareTypes adds the named types of a generated model to f.
func declareTypes(f *file, m *model, schemaFile string) {
	r := m.root
	if r.named == nil {
		execute(&f.body, "alias", namedType{Name: m.typ, Type: r.base, Doc: []string{fmt.Sprintf("%s is the root type of the schema %s.", m.typ, schemaFile)}})
	}
	if f.origins == nil {
		f.origins = map[string]string{}
	}
	f.origins[m.typ] = "the root type of " + schemaFile
	if f.root == "" {
		f.root = m.typ
	}
	declared := map[*gotype]bool{}
	for _, t := range m.nodes {
		if !t.tableOnly && t.named != nil {
			declared[t.named] = true
		}
	}
	for _, gt := range m.types {
		if !declared[gt] {
			continue // only tableOnly nodes have it
		}
		t := gt.node
		f.origins[gt.name] = "the type of " + schemaFile + " " + pointer(t)
		var doc []string
		if d := t.n.Description; d != "" {
			doc = docLines(d)
			if !strings.HasPrefix(doc[0], gt.name+" ") {
				doc = append([]string{gt.name + " is " + describeType(t, m, schemaFile) + ".", ""}, doc...)
			}
		} else {
			doc = []string{gt.name + " is " + describeType(t, m, schemaFile) + "."}
		}
		st := structType{Name: gt.name, Doc: doc}
		switch {
		case t.kind == kObject:
			var flags []string
			for _, pp := range t.props {
				var fdoc []string
				if d := pp.doc; d != "" && pp.node.named == nil {
					fdoc = docLines(d)
				}
				tag := pp.name
				typ := pp.node.base
				switch pp.rep {
				case repPtr:
					if pp.node.slice() {
						tag += ",omitzero"
					} else {
						typ, tag = "*"+typ, tag+",omitempty"
					}
				case repNullPtr:
					typ = "*" + typ
				case repOptNull:
					typ, tag = "*"+typ, tag+",omitempty"
				}
				st.Fields = append(st.Fields, structField{Name: pp.field, Type: typ, Tag: jsonTag(tag), Doc: fdoc})
				if pp.rep == repOptNull {
					st.Fields = append(st.Fields, structField{Name: pp.nullField, Type: "bool", Tag: jsonTag("-")})
					flags = append(flags, fmt.Sprintf("%s is nil both when %q is absent and when it is null; %s is true when it is null.", pp.field, pp.name, pp.nullField))
				}
			}
			if len(flags) > 0 {
				st.Doc = append(st.Doc, "")
				st.Doc = append(st.Doc, flags...)
			}
			execute(&f.body, "struct", st)
		case t.kind == kUnion:
			for _, b := range t.branches {
				st.Fields = append(st.Fields, structField{Name: b.field, Type: "*" + b.node.base, Comment: fmt.Sprintf("branch %q", b.label)})
			}
			st.Doc = append(st.Doc, "", fmt.Sprintf("A %s value holds exactly one branch: the one the interpreter's rule assigns it (docs/SCORING.md §1.8: its discriminator value, else the first branch it validates against), which Decode%s and UnmarshalJSON choose.", gt.name, m.typ))
			execute(&f.body, "struct", st)
		case t.tuple:
			for i, pn := range t.prefix {
				st.Fields = append(st.Fields, structField{Name: fmt.Sprintf("P%d", i), Type: pn.elemType()})
			}
			st.Fields = append(st.Fields, structField{Name: "Len", Type: "int", Comment: "number of positions present"})
			if t.items != nil {
				st.Fields = append(st.Fields, structField{Name: "Rest", Type: "[]" + t.items.elemType(), Comment: "elements after the positions"})
			}
			execute(&f.body, "struct", st)
		case t.enum != nil:
			et := enumType{Name: gt.name, Doc: doc}
			for i, name := range m.enumConstNames(t) {
				f.origins[name] = fmt.Sprintf("the value %q of %s", t.enum[i], gt.name)
				et.Consts = append(et.Consts, enumConst{name, strconv.Quote(t.enum[i])})
			}
			execute(&f.body, "enum", et)
		}
	}
}

// describeType is the phrase a named type's doc comment starts with.
func describeType(t *tnode, m *model, schemaFile string) string {
	switch {
	case t == m.root:
		return "the root type of the schema " + schemaFile
	case t.tuple:
		return "a tuple (prefixItems) of the schema at " + pointer(t)
	case t.kind == kUnion:
		return "the union (" + t.n.Union.Keyword + ") of the schema at " + pointer(t)
	case t.enum != nil:
		return "the enumeration of the schema at " + pointer(t)
	}
	where := pointer(t)
	if t.n.Def != t.n.Pos.Pointer {
		where = "#" + t.n.Def
	}
	return "a value of the object schema at " + where
}

// renderScorer adds the scorer of model m to f: the per-call context, the
// node methods, the codecs, the checks, the referential pass and the entry
// points (with the JSON entry points when json is set).
func renderScorer(f *file, m *model, src string, json bool, schema []byte) {
	e := newEmitter(m, json)
	// Per-call context.
	type scopeField struct{ Field, Type, Name string }
	ctx := struct {
		Pfx, T string
		Scopes []scopeField
		MaxDyn int
	}{Pfx: m.prefix, T: m.typ}
	if len(m.scopes) > 0 {
		ctx.MaxDyn = m.maxDyn()
		for _, ts := range m.scopes {
			ctx.Scopes = append(ctx.Scopes, scopeField{ts.field, scopeType(ts), ts.sc.Name})
		}
	}
	execute(&e.w, "ctx", ctx)
	e.emitTable()
	for _, t := range m.nodes {
		if !t.tableOnly {
			e.emitNodeMethod(t)
		}
	}
	if len(m.scopes) > 0 {
		e.emitRefPass()
	}
	for _, t := range m.nodes {
		if t.tableOnly {
			continue // scored from the node table, held as jsonval.Value
		}
		e.emitEncoder(t)
		if json {
			e.emitDecoder(t)
		}
		e.emitCheck(t)
	}
	e.entryPoints(src)
	e.scopePaths()
	if json {
		e.jsonEntryPoints(src, schema)
	}
	f.body.Write(e.w.Bytes())
	f.body.WriteByte('\n')
	f.body.Write(e.aux.Bytes())
	f.body.WriteByte('\n')
}
