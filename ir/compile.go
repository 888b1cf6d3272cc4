package ir

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/objectaligner/oagen/internal/suggest"
	"github.com/objectaligner/oagen/jsonval"
)

// DefaultMaxDepth is the schema nesting limit used when Options.MaxDepth is 0.
const DefaultMaxDepth = 256

// Options configures Compile.
type Options struct {
	// File names the schema in diagnostics ("" for none).
	File string
	// MaxDepth limits the nesting of the schema: a scoring path (properties,
	// items and prefixItems edges from the root, through resolved $refs) may
	// have at most MaxDepth edges, a $ref chain at most MaxDepth links, and
	// the JSON text may nest at most 2·MaxDepth+8 arrays/objects. 0 means
	// DefaultMaxDepth.
	MaxDepth int
	// CustomComparators lists the names of the custom comparators that will
	// be registered on the scorer, by registry ("string", "number",
	// "integer"; docs/SCORING.md §3.6). A schema may name them in "score". The integer
	// registry also sees the number registry's names.
	CustomComparators map[string][]string
	// NoEffectWarnings reports a keyword on a node where it has no effect
	// (docs/SCORING.md §2.3 and the table of docs/SCORING.md §2.1) as a warning instead of an
	// error. The reference profile sets it: the reference accepted such
	// schemas, and they must keep compiling there.
	NoEffectWarnings bool
	// Reference makes Compile accept what the reference profile accepts
	// (docs/PROFILES.md): an anyOf/oneOf other than the nullable pattern is
	// then an error, and one beside a "type" only constrains validation.
	// The default profile compiles it into a union node (docs/SCORING.md §1.8).
	Reference bool
}

// CompileFile reads and compiles the schema file at path. Diagnostics name
// opts.File, or path when opts.File is empty.
func CompileFile(path string, opts Options) (*Schema, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("ir: read schema: %w", err)
	}
	if opts.File == "" {
		opts.File = path
	}
	return Compile(data, opts)
}

// Compile parses an annotated JSON Schema (docs/SCORING.md §2.1) and compiles it into the
// IR: it resolves local $refs, applies defaults, runs the construction checks
// of docs/SCORING.md §2.3 and §13.3 and the referential discovery of docs/SCORING.md §7.1–7.2. On
// failure the error is an ErrorList holding every error found, in document
// order; an invalid Options value gives a plain error. Warnings are in
// Schema.Warnings.
func Compile(data []byte, opts Options) (*Schema, error) {
	maxDepth := opts.MaxDepth
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	registries, err := comparatorRegistries(opts.CustomComparators)
	if err != nil {
		return nil, err
	}
	src, serr := parseSource(data, 2*maxDepth+8)
	diags := &diagSink{src: src, file: opts.File, seen: map[string]bool{}}
	if serr != nil {
		return nil, ErrorList{{Pos: diags.pos(serr.ptr, serr.off), Message: "invalid JSON: " + serr.msg}}
	}
	for _, d := range src.dups {
		diags.warnf(d.ptr, d.off, "duplicate key %q: its last value is used", d.key)
	}
	c := &compiler{
		src:        src,
		diags:      diags,
		maxDepth:   maxDepth,
		registries: registries,
		memo:       map[memoKey]*Node{},
		checked:    map[*srcValue]bool{},
		weightKws:  map[*Node]kwEntry{},
		lenient:    opts.NoEffectWarnings,
		reference:  opts.Reference,
	}
	c.index = indexDocument(src.root)
	c.remoteRefs(src.root)
	root := c.compileSchema(src.root, 0)
	c.checkMemberKeywords(root)
	if root != nil && !c.reference {
		c.checkUnionReferential(root)
	}
	scopes := c.discoverScopes(root)
	if len(diags.errs) > 0 {
		return nil, ErrorList(documentOrder(diags.errs))
	}
	raw := src.root.value()
	vraw, _ := nullableDocument(raw)
	return &Schema{
		Root:          root,
		Raw:           raw,
		ValidationRaw: vraw,
		File:          opts.File,
		Scopes:        scopes,
		Warnings:      documentOrder(diags.warns),
	}, nil
}

// comparatorRegistries builds the comparator names each registry accepts:
// built-ins plus customs, the integer registry also taking the number
// registry's customs (docs/SCORING.md §3.6).
func comparatorRegistries(custom map[string][]string) (map[string][]string, error) {
	reg := map[string][]string{}
	for r, names := range builtinComparators {
		reg[r] = slices.Clone(names)
	}
	for _, r := range []string{"number", "string", "integer"} {
		for _, name := range custom[r] {
			if slices.Contains(builtinComparators[r], name) {
				return nil, fmt.Errorf("ir: custom comparator %q shadows the built-in %s comparator of that name", name, r)
			}
			if name == "" {
				return nil, fmt.Errorf("ir: custom %s comparator with an empty name", r)
			}
			if !slices.Contains(reg[r], name) {
				reg[r] = append(reg[r], name)
			}
			if r == "number" && !slices.Contains(reg["integer"], name) {
				reg["integer"] = append(reg["integer"], name)
			}
		}
	}
	for r := range custom {
		if _, ok := builtinComparators[r]; !ok {
			return nil, fmt.Errorf("ir: unknown comparator registry %q (want \"string\", \"number\" or \"integer\")", r)
		}
	}
	return reg, nil
}

// memoKey identifies a compiled node: the target schema object and, when the
// node carries keywords of a referring or wrapping object, that object.
type memoKey struct {
	target, outer *srcValue
}

// compiler holds the state of one Compile call.
type compiler struct {
	src        *source
	diags      *diagSink
	maxDepth   int
	registries map[string][]string
	memo       map[memoKey]*Node
	checked    map[*srcValue]bool
	deepSeen   bool
	// weightKws are the valueWeight keywords by node, checked against the
	// nodes that are members once the graph is complete.
	weightKws map[*Node]kwEntry
	// lenient reports keywords without effect as warnings (Options.NoEffectWarnings).
	lenient bool
	// reference compiles for the reference profile (Options.Reference).
	reference bool
	index     *docIndex
}

// compileSchema compiles the subschema v reached at the given depth (number of
// scoring edges from the root). Nodes are memoised before their children are
// compiled, so a recursive schema yields a cyclic graph. It returns nil after
// reporting an error when v cannot become a node.
func (c *compiler) compileSchema(v *srcValue, depth int) *Node {
	if depth > c.maxDepth {
		if !c.deepSeen {
			c.deepSeen = true
			c.diags.errorf(v.ptr, v.off, "schema nesting exceeds the limit of %d levels", c.maxDepth)
		}
		return nil
	}
	switch v.kind {
	case jsonval.Object:
	case jsonval.Bool:
		if !v.b {
			c.diags.errorf(v.ptr, v.off, "the schema false permits no value; a node that data reaches needs a schema that permits some")
			return nil
		}
		// true permits any value: an any node (docs/SCORING.md §2.4).
		v = &srcValue{kind: jsonval.Object, off: v.off, ptr: v.ptr, idx: map[string]int{}}
	default:
		c.diags.errorf(v.ptr, v.off, "a schema must be an object, got %s", describeValue(v))
		return nil
	}
	e, ok := c.flatten(v, nil)
	if !ok {
		return nil
	}
	key := memoKey{target: e.target}
	posObj := e.target
	if e.overridden() {
		key.outer, posObj = v, v
	}
	if n := c.memo[key]; n != nil {
		return n
	}
	n := &Node{Pos: c.diags.pos(posObj.ptr, posObj.off)}
	c.memo[key] = n
	c.fill(n, e, depth)
	return n
}

// kwError reports an error about keyword k.
func (c *compiler) kwError(k kwEntry, format string, args ...any) {
	c.diags.errorf(k.owner.ptr, k.keyOff, format, args...)
}

// kwWarn reports a warning about keyword k.
func (c *compiler) kwWarn(k kwEntry, format string, args ...any) {
	c.diags.warnf(k.owner.ptr, k.keyOff, format, args...)
}

// number reads keyword key as a finite number (booleans are not numbers).
func (c *compiler) number(e *effSchema, key string) (float64, kwEntry, bool) {
	k, ok := e.get(key)
	if !ok {
		return 0, k, false
	}
	if k.val.kind != jsonval.Int && k.val.kind != jsonval.Float {
		c.kwError(k, "%q must be a number, got %s", key, describeValue(k.val))
		return 0, k, false
	}
	f := k.val.num.Float64()
	if math.IsInf(f, 0) || math.IsNaN(f) {
		c.kwError(k, "%q must be a finite number, got %s", key, k.val.text())
		return 0, k, false
	}
	return f, k, true
}

// weight reads keyword key as a non-negative number, or returns def.
func (c *compiler) weight(e *effSchema, key string, def float64) (float64, bool) {
	f, k, ok := c.number(e, key)
	if !ok {
		return def, false
	}
	if f < 0 {
		c.kwError(k, "%q must not be negative, got %s (docs/SCORING.md §2.3)", key, k.val.text())
		return def, false
	}
	return f, true
}

// fraction reads keyword key as a number in [0, 1] (thresholds, nullScore:
// a comparator's result is in [0, 1], so a bound outside it is a mistake:
// threshold 1.5 would zero every comparison).
func (c *compiler) fraction(e *effSchema, key string) (float64, kwEntry, bool) {
	f, k, ok := c.number(e, key)
	if !ok {
		return 0, k, false
	}
	if !(f >= 0 && f <= 1) {
		c.kwError(k, "%q must be a number in [0, 1], got %s", key, describeValue(k.val))
		return 0, k, false
	}
	return f, k, true
}

// boolean reads keyword key as a JSON boolean.
func (c *compiler) boolean(e *effSchema, key string) bool {
	k, ok := e.get(key)
	if !ok {
		return false
	}
	if k.val.kind != jsonval.Bool {
		c.kwError(k, "%q must be true or false, got %s", key, describeValue(k.val))
		return false
	}
	return k.val.b
}

// str reads keyword key as a string.
func (c *compiler) str(e *effSchema, key string) (string, kwEntry, bool) {
	k, ok := e.get(key)
	if !ok {
		return "", k, false
	}
	if k.val.kind != jsonval.String {
		c.kwError(k, "%q must be a string, got %s", key, describeValue(k.val))
		return "", k, false
	}
	return k.val.str, k, true
}

// scopeName reads idScope or ref: a non-empty string; null counts as absent
// (the reference tests for a non-null value, docs/SCORING.md §1.4).
func (c *compiler) scopeName(e *effSchema, key string) (string, bool) {
	k, ok := e.get(key)
	if !ok || k.val.kind == jsonval.Null {
		return "", false
	}
	if k.val.kind != jsonval.String || k.val.str == "" {
		c.kwError(k, "%q must be a non-empty string, got %s", key, describeValue(k.val))
		return "", false
	}
	return k.val.str, true
}

// typeNameList lists the type names for suggestions.
func typeNameList() []string {
	out := make([]string, len(typeNames))
	for i, t := range typeNames {
		out[i] = t.name
	}
	return out
}

func typeBit(name string) (TypeSet, bool) {
	for _, t := range typeNames {
		if t.name == name {
			return t.bit, true
		}
	}
	return 0, false
}

// parseType reads the "type" keyword.
func (c *compiler) parseType(n *Node, e *effSchema) {
	k, ok := e.get("type")
	if !ok {
		c.inferType(n, e)
		return
	}
	unknown := func(name string) {
		c.kwError(k, "unknown type %q%s", name, suggest.DidYouMean(name, typeNameList()))
	}
	switch k.val.kind {
	case jsonval.String:
		bit, ok := typeBit(k.val.str)
		if !ok {
			unknown(k.val.str)
			return
		}
		n.Types, n.TypeName = bit, k.val.str
	case jsonval.Array:
		if len(k.val.arr) == 0 {
			c.kwError(k, "\"type\" must not be an empty array")
			return
		}
		for _, el := range k.val.arr {
			if el.kind != jsonval.String {
				c.kwError(k, "\"type\" must be a string or an array of strings, got an element %s", describeValue(el))
				return
			}
			bit, ok := typeBit(el.str)
			if !ok {
				unknown(el.str)
				return
			}
			if n.Types&bit != 0 {
				c.kwError(k, "\"type\" lists %q twice", el.str)
				return
			}
			n.Types |= bit
		}
	default:
		c.kwError(k, "\"type\" must be a string or an array of strings, got %s", describeValue(k.val))
	}
}

// objectKeywords and arrayKeywords imply the type of a node without
// "type" (docs/SCORING.md §2.4).
var (
	objectKeywords = []string{"properties", "additionalProperties", "patternProperties", "required", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas"}
	arrayKeywords  = []string{"items", "prefixItems", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems"}
)

// allTypes is the TypeSet of an any node.
const allTypes = TNull | TBoolean | TInteger | TNumber | TString | TArray | TObject

// inferType sets the types of a node without "type" (docs/SCORING.md §2.4):
// the types of its "const" value or "enum" values; else object when it has
// object keywords, array when it has array keywords; else it is an any node.
// An enumeration of arrays or objects is an any node too: its values
// compare as JSON values.
func (c *compiler) inferType(n *Node, e *effSchema) {
	var vals []*srcValue
	if k, ok := e.get("const"); ok {
		vals = []*srcValue{k.val}
	} else if k, ok := e.get("enum"); ok && k.val.kind == jsonval.Array && len(k.val.arr) > 0 {
		vals = k.val.arr
	}
	if len(vals) > 0 {
		var t TypeSet
		for _, v := range vals {
			switch v.kind {
			case jsonval.Null:
				t |= TNull
			case jsonval.Bool:
				t |= TBoolean
			case jsonval.Int:
				t |= TInteger
			case jsonval.Float:
				t |= TNumber
			case jsonval.String:
				t |= TString
			default:
				n.Types, n.Any = allTypes, true
				return
			}
		}
		n.Types = t
		for _, tn := range typeNames {
			if tn.bit == t {
				n.TypeName = tn.name
			}
		}
		return
	}
	for _, kw := range objectKeywords {
		if _, ok := e.get(kw); ok {
			n.Types |= TObject
			break
		}
	}
	for _, kw := range arrayKeywords {
		if _, ok := e.get(kw); ok {
			n.Types |= TArray
			break
		}
	}
	switch n.Types {
	case 0:
		n.Types, n.Any = allTypes, true
	case TObject:
		n.TypeName = "object"
	case TArray:
		n.TypeName = "array"
	}
}

// comparatorRegistry names the registries a "score" name must be valid in
// for a node permitting types t (docs/SCORING.md §3.1), with the article for messages.
func comparatorRegistryList(t TypeSet) [][2]string {
	var out [][2]string
	if t&TString != 0 {
		out = append(out, [2]string{"string", "a string"})
	}
	switch {
	case t&TInteger != 0:
		out = append(out, [2]string{"integer", "an integer"})
	case t&TNumber != 0:
		out = append(out, [2]string{"number", "a number"})
	}
	return out
}

// fill sets every field of n from its effective keywords and compiles its
// children.
func (c *compiler) fill(n *Node, e *effSchema, depth int) {
	if e.union != nil {
		c.fillUnion(n, e, depth)
		return
	}
	c.parseType(n, e)
	n.Def = e.target.ptr
	n.Keywords = make([]jsonval.Member, len(e.kws))
	for i, k := range e.kws {
		n.Keywords[i] = jsonval.Member{Key: k.key, Value: k.val.value()}
		switch {
		case k.key == "title" && k.val.kind == jsonval.String:
			n.Title = k.val.str
		case k.key == "description" && k.val.kind == jsonval.String:
			n.Description = k.val.str
		}
	}
	if e.addNull {
		n.Types |= TNull
		n.TypeName = ""
	}
	if k, ok := e.get("nullable"); ok && k.val.kind == jsonval.Bool && k.val.b {
		// OpenAPI 3.0: "X or null" (docs/SCORING.md §2.4).
		n.Nullable = true
		n.Types |= TNull
	}
	if k, ok := e.get("default"); ok {
		n.Default, n.HasDefault = k.val.value(), true
	}
	_, n.HasConst = e.get("const")
	n.AbsentAsDefault = true
	if k, ok := e.get("absentAsDefault"); ok {
		if k.val.kind != jsonval.Bool {
			c.kwError(k, "%q must be true or false, got %s", k.key, describeValue(k.val))
		} else {
			n.AbsentAsDefault = k.val.b
		}
	}
	if k, ok := e.get("required"); ok && k.val.kind == jsonval.Array {
		for _, el := range k.val.arr {
			if el.kind == jsonval.String && !slices.Contains(n.Required, el.str) {
				n.Required = append(n.Required, el.str)
			}
		}
	}

	// Referential keywords (docs/SCORING.md §7.1).
	n.IDScope, _ = c.scopeName(e, "idScope")
	n.Ref, _ = c.scopeName(e, "ref")
	referential := n.IDScope != "" || n.Ref != ""
	if n.IDScope != "" && n.Ref != "" {
		c.diags.errorAt(n.Pos, "a node cannot carry both \"idScope\" and \"ref\"")
	}
	if referential && n.Types != 0 {
		switch n.TypeName {
		case "string", "integer", "number":
		default:
			kw := "idScope"
			if n.IDScope == "" {
				kw = "ref"
			}
			k, _ := e.get("type")
			got := "a nullable type"
			switch {
			case n.Any || (k.val == nil && !e.addNull):
				got = "no \"type\""
			case k.val != nil && !e.addNull:
				got = k.val.text()
			}
			c.diags.errorAt(n.Pos, "a node with %q needs \"type\" exactly \"string\", \"integer\" or \"number\", got %s", kw, got)
		}
	}

	c.checkApplicability(n, e, referential)

	// Primitive keywords (docs/SCORING.md §3).
	if s, k, ok := c.str(e, "score"); ok {
		n.Score = s
		if referential {
			c.kwWarn(k, "\"score\" is ignored on %s node", referentialKind(n))
		} else {
			for _, r := range comparatorRegistryList(n.Types) {
				if !slices.Contains(c.registries[r[0]], s) {
					c.kwError(k, "unknown comparator %q for %s%s", s, r[1], suggest.DidYouMean(s, c.registries[r[0]]))
				}
			}
		}
	}
	if f, k, ok := c.fraction(e, "threshold"); ok {
		n.Threshold = f
		if referential {
			c.kwWarn(k, "\"threshold\" is ignored on %s node", referentialKind(n))
		}
	}
	if f, _, ok := c.fraction(e, "nullScore"); ok {
		n.NullScore = f
	}
	n.ValueWeight, _ = c.weight(e, "valueWeight", 1)
	if k, ok := e.get("valueWeight"); ok {
		c.weightKws[n] = k
	}
	if k, ok := e.get("enum"); ok {
		n.HasEnum = true
		if k.val.kind != jsonval.Array {
			c.kwError(k, "\"enum\" must be an array, got %s", describeValue(k.val))
		}
	}
	n.IgnoreExcess = c.boolean(e, "ignoreExcess")
	n.IgnoreMissing = c.boolean(e, "ignoreMissing")
	if n.IgnoreExcess && n.IgnoreMissing {
		c.diags.errorAt(n.Pos, "\"ignoreExcess\" and \"ignoreMissing\" cannot both be true")
	}

	// Object keywords (docs/SCORING.md §6), checked on every node permitting objects (docs/SCORING.md §2.3).
	n.KeyScore = "jaro"
	n.ValueImportance = 1
	isObject := n.Types&TObject != 0
	if isObject {
		if s, k, ok := c.str(e, "keyScore"); ok {
			if s != "jaro" && s != "exact" {
				c.kwError(k, "unknown keyScore %q%s; keyScore is \"jaro\" or \"exact\"", s, suggest.DidYouMean(s, []string{"jaro", "exact"}))
			} else {
				n.KeyScore, n.KeyScoreGiven = s, true
			}
		}
		if f, _, ok := c.fraction(e, "keyThreshold"); ok {
			n.KeyThreshold = f
		}
		ki, ok1 := c.weight(e, "keyImportance", 0)
		vi, ok2 := c.weight(e, "valueImportance", 1)
		n.KeyImportance, n.ValueImportance = ki, vi
		if ok1 || ok2 {
			if ki+vi == 0 {
				c.diags.errorAt(n.Pos, "\"keyImportance\" + \"valueImportance\" is 0")
			}
		}
	}

	// Array keywords (docs/SCORING.md §5), checked on every node permitting arrays.
	isArray := n.Types&TArray != 0
	if isArray {
		if k, ok := e.get("uniqueItems"); ok && k.val.kind == jsonval.Bool {
			n.UniqueItems = k.val.b
		}
		if s, k, ok := c.str(e, "order"); ok {
			switch s {
			case "fixed":
				n.Order, n.OrderGiven = OrderFixed, true
			case "align":
				n.Order, n.OrderGiven = OrderAlign, true
			default:
				c.kwError(k, "unknown order %q%s; order is \"align\" or \"fixed\"", s, suggest.DidYouMean(s, []string{"align", "fixed"}))
			}
		}
		if k, ok := e.get("prefixWeights"); ok {
			c.prefixWeights(n, k)
		}
		pi, okP := c.weight(e, "prefixImportance", 0)
		ri, okR := c.weight(e, "restImportance", 0)
		n.PrefixImportance, n.RestImportance = pi, ri
		if okP && okR && pi+ri == 0 {
			c.diags.errorAt(n.Pos, "\"prefixImportance\" + \"restImportance\" is 0")
		}
	}

	if referential || n.Any {
		// Discovery does not descend below id and ref nodes, and their types
		// have no children; an any node has none either.
		return
	}

	// Children.
	if k, ok := e.get("properties"); ok {
		switch {
		case !isObject:
			if n.Types != 0 {
				c.kwWarn(k, "\"properties\" is ignored: the node's type does not permit objects")
			}
		case k.val.kind != jsonval.Object:
			c.kwError(k, "\"properties\" must be an object, got %s", describeValue(k.val))
		default:
			c.properties(n, k, depth)
		}
	}
	if isObject {
		c.memberSchemas(n, e, depth)
	}
	if isArray {
		c.arrayChildren(n, e, depth)
	} else if n.Types != 0 {
		for _, kw := range []string{"items", "prefixItems"} {
			if k, ok := e.get(kw); ok {
				c.kwWarn(k, "%q is ignored: the node's type does not permit arrays", kw)
			}
		}
	}
}

// referentialKind names an id or ref node with its article, for messages.
func referentialKind(n *Node) string {
	if n.IDScope != "" {
		return "an idScope"
	}
	return "a ref"
}

// properties compiles the members of an object node.
func (c *compiler) properties(n *Node, k kwEntry, depth int) {
	props := k.val
	n.hasProperties = true
	n.Properties = make([]Property, 0, len(props.obj))
	n.propIndex = make(map[string]int, len(props.obj))
	for _, m := range props.obj {
		child := c.compileSchema(m.val, depth+1)
		n.propIndex[m.key] = len(n.Properties)
		n.Properties = append(n.Properties, Property{Name: m.key, Node: child})
	}
	if len(n.Properties) == 0 {
		return
	}
	// Children are memoised before their fields are read, and every node's
	// scalar keywords are set before its children compile, so a recursive
	// member (an ancestor) already has its ValueWeight here.
	sum := 0.0
	var zero []string
	complete := true
	for _, p := range n.Properties {
		if p.Node == nil {
			complete = false
			continue
		}
		sum += p.Node.ValueWeight
		if p.Node.ValueWeight == 0 {
			zero = append(zero, fmt.Sprintf("%q", p.Name))
		}
	}
	if !complete {
		return
	}
	if sum == 0 {
		c.kwError(k, "the \"valueWeight\"s of the members of \"properties\" sum to 0")
		return
	}
	if len(zero) > 0 {
		subject := "member " + zero[0] + " has"
		if len(zero) > 1 {
			subject = "members " + strings.Join(zero, ", ") + " have"
		}
		c.kwWarn(k, "%s valueWeight 0: the object scores 1.0 when only zero-weight members are present (docs/SCORING.md §6.5)", subject)
	}
}

// memberSchemas compiles "additionalProperties" and "patternProperties"
// (docs/SCORING.md §6.8). A pattern Go's regexp package cannot compile is
// left to validation with a warning: its members fall to
// additionalProperties.
func (c *compiler) memberSchemas(n *Node, e *effSchema, depth int) {
	if k, ok := e.get("additionalProperties"); ok && k.val.kind == jsonval.Object {
		n.Additional = c.compileSchema(k.val, depth+1)
	}
	k, ok := e.get("patternProperties")
	if !ok || k.val.kind != jsonval.Object {
		return
	}
	for _, m := range k.val.obj {
		if m.val.kind == jsonval.Bool && !m.val.b {
			continue
		}
		re, err := regexp.Compile(m.key)
		if err != nil {
			c.diags.warnf(k.val.ptr, m.keyOff, "pattern %q of \"patternProperties\" is not a Go regular expression (%v): scoring ignores it, validation does not", m.key, err)
			continue
		}
		n.Patterns = append(n.Patterns, PatternProperty{Pattern: m.key, Re: re, Node: c.compileSchema(m.val, depth+1)})
	}
}

// prefixWeights reads prefixWeights (docs/SCORING.md §5.5, §2.3); the length check
// against prefixItems happens in arrayChildren.
func (c *compiler) prefixWeights(n *Node, k kwEntry) {
	if k.val.kind != jsonval.Array {
		c.kwError(k, "\"prefixWeights\" must be an array of numbers, got %s", describeValue(k.val))
		return
	}
	ws := make([]float64, 0, len(k.val.arr))
	sum := 0.0
	for i, el := range k.val.arr {
		if el.kind != jsonval.Int && el.kind != jsonval.Float {
			c.kwError(k, "\"prefixWeights\"[%d] must be a number, got %s", i, describeValue(el))
			return
		}
		f := el.num.Float64()
		if math.IsInf(f, 0) {
			c.kwError(k, "\"prefixWeights\"[%d] must be a finite number, got %s", i, el.text())
			return
		}
		if f < 0 {
			c.kwError(k, "\"prefixWeights\"[%d] must not be negative, got %s (docs/SCORING.md §2.3)", i, el.text())
			return
		}
		ws = append(ws, f)
		sum += f
	}
	if sum == 0 {
		c.kwError(k, "\"prefixWeights\" sum to 0")
		return
	}
	n.PrefixWeights = ws
}

// arrayChildren compiles items and prefixItems and checks that the array has
// an element schema.
func (c *compiler) arrayChildren(n *Node, e *effSchema, depth int) {
	itemsK, hasItems := e.get("items")
	prefixK, hasPrefix := e.get("prefixItems")
	if hasItems && itemsK.val.kind == jsonval.Array && c.index.dialect != draft2020 && !hasPrefix {
		// Draft 2019-09 and earlier: array-form "items" are the tuple
		// positions and "additionalItems" the tail (docs/SCORING.md §2.4).
		prefixK, hasPrefix = itemsK, true
		itemsK, hasItems = e.get("additionalItems")
	}
	tail, head, reported := false, 0, false
	if hasItems {
		switch v := itemsK.val; {
		case v.kind == jsonval.Object:
			tail = true
			n.Items = c.compileSchema(v, depth+1)
		case v.kind == jsonval.Bool && !v.b:
			// items: false — no tail (docs/SCORING.md §1.7).
		case v.kind == jsonval.Bool:
			// items: true — any element (docs/SCORING.md §2.4).
			tail = true
			n.Items = c.compileSchema(v, depth+1)
		case v.kind == jsonval.Array:
			c.kwError(itemsK, "array-form \"items\" belongs to draft 2019-09 and earlier: declare that \"$schema\" or use \"prefixItems\" for tuple positions (docs/SCORING.md §2.4)")
			reported = true
		default:
			c.kwError(itemsK, "\"items\" must be a schema, got %s", describeValue(v))
			reported = true
		}
	}
	if hasPrefix {
		if prefixK.val.kind != jsonval.Array {
			c.kwError(prefixK, "\"prefixItems\" must be an array of schemas, got %s", describeValue(prefixK.val))
			reported = true
		} else {
			head = len(prefixK.val.arr)
			for _, el := range prefixK.val.arr {
				n.PrefixItems = append(n.PrefixItems, c.compileSchema(el, depth+1))
			}
		}
	}
	switch {
	case reported:
	case !hasItems && !hasPrefix:
		c.diags.errorAt(n.Pos, "an array node needs \"items\" or \"prefixItems\"")
	case !tail && head == 0:
		what := "\"items\": false"
		if !hasItems {
			what = "\"prefixItems\": []"
		} else if hasPrefix {
			what = "\"items\": false with \"prefixItems\": []"
		}
		c.diags.errorAt(n.Pos, "%s leaves the array node no element schema", what)
	case tail && head > 0:
		for _, kw := range []string{"prefixImportance", "restImportance"} {
			if _, ok := e.get(kw); !ok {
				c.diags.errorAt(n.Pos, "%q is required when both \"prefixItems\" and \"items\" are present", kw)
			}
		}
	}
	if l := len(n.PrefixWeights); l > 1 && hasPrefix && prefixK.val.kind == jsonval.Array && l != head {
		k, _ := e.get("prefixWeights")
		c.kwError(k, "\"prefixWeights\" has %d entries but \"prefixItems\" has %d; give one weight per position or a single weight for all (docs/SCORING.md §2.3)", l, head)
	}
}
