// Package explain says what a compiled schema does when it scores: for every
// path the data can reach (array elements as "*", tuple positions by index),
// the kind, the comparator and its threshold, the null score, the array
// regime, the key pairing of objects, the share of the score the path can
// carry, the identifier scopes and references, the defaults and the
// validation keywords that gate the score (docs/SCORING.md §1.3–§7). It is
// the engine of oagen explain; the CLI only reads files and prints.
package explain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// Plan is the explanation of one schema.
type Plan struct {
	// Paths are the reachable paths in depth-first schema order (members in
	// "properties" order, tuple positions before the tail).
	Paths []*Path `json:"paths"`
	// Scopes are the identifier scopes in the order they are resolved
	// (docs/SCORING.md §7.2).
	Scopes []Scope `json:"scopes,omitempty"`
	// Warnings are the schema's compile-time warnings.
	Warnings []string `json:"warnings,omitempty"`
	// Gold is true when the plan counts the values of a gold (Path.Values).
	Gold bool `json:"gold,omitempty"`
}

// Path is what scoring does at one schema path.
type Path struct {
	// Path is the data path: "" for the root, "/people/*/name" below it, with
	// "*" for the elements of an array's tail and the index for a tuple position.
	Path string `json:"path"`
	// Schema is the JSON Pointer of the schema object the node's keywords
	// come from, as a URI fragment ("#/$defs/tree").
	Schema string `json:"schema"`
	// Kind is the node's "type": "string", or a union "string|null".
	Kind string `json:"kind"`

	// Comparator is the leaf comparator ("jaro", "invdiff", "exact" for
	// booleans, "id", "ref"); for a union, one per kind: "jaro (string),
	// invdiff (number)". Empty on containers without a primitive kind.
	Comparator string  `json:"comparator,omitempty"`
	Threshold  float64 `json:"threshold,omitempty"`
	NullScore  float64 `json:"nullScore"`

	// Order is the tail regime of an array ("align" or "fixed"); Tuple the
	// number of tuple positions and their weights.
	Order         string    `json:"order,omitempty"`
	Tuple         int       `json:"tuple,omitempty"`
	TupleWeights  []float64 `json:"tupleWeights,omitempty"`
	Ignore        string    `json:"ignore,omitempty"` // "excess" or "missing"
	HeadShare     float64   `json:"headShare,omitempty"`
	TailShare     float64   `json:"tailShare,omitempty"`
	KeyScore      string    `json:"keyScore,omitempty"`
	KeyThreshold  float64   `json:"keyThreshold,omitempty"`
	KeyImportance float64   `json:"keyImportance,omitempty"`
	ValueShare    float64   `json:"valueShare,omitempty"` // valueImportance / (keyImportance + valueImportance)

	// Weight is the member's valueWeight (1 for elements and the root).
	Weight float64 `json:"weight"`
	// Share is the path's part of its parent's value term: a member's
	// weight over the sum of its siblings' weights, a tuple position's
	// weight over the tuple's, times the head or tail share; 1 for the
	// root and for the elements of a tail-only array (which share it
	// among themselves, Values of them).
	Share float64 `json:"share"`
	// Total is the product of the value shares from the root down: the
	// most the path can contribute to the score when every declared member
	// is present (an object's own key term excluded).
	Total float64 `json:"total"`

	// IDScope and Ref name the scope the node identifies or refers to.
	IDScope string `json:"idScope,omitempty"`
	Ref     string `json:"ref,omitempty"`
	// Default is the member's "default" annotation, when it has one.
	Default *jsonval.Value `json:"default,omitempty"`
	// Validation lists the validation keywords of the node: a candidate
	// that violates one scores 0 (docs/SCORING.md §1.3).
	Validation []string `json:"validation,omitempty"`
	// Recursive names the path where this node's subtree was already
	// explained (a recursive schema); the plan does not descend again.
	Recursive string `json:"recursive,omitempty"`

	// Branch labels a branch of a union (docs/SCORING.md §1.8): the row
	// is at the union's path, and the branch's own rows follow with
	// "{Label}" in their paths ("/pet{Cat}/name"). Discriminator is the
	// union's discriminator member, Tags the values that select the branch.
	Branch        string          `json:"branch,omitempty"`
	Discriminator string          `json:"discriminator,omitempty"`
	Tags          []jsonval.Value `json:"tags,omitempty"`

	// Values is the number of gold values at this path (with a gold).
	Values int `json:"values,omitempty"`
	// PerValue is Total / Values: what one gold value there is worth at most.
	PerValue float64 `json:"perValue,omitempty"`

	node   *ir.Node
	parent *Path // the row this one is a member, element, position or branch of
}

// Scope is one identifier scope (docs/SCORING.md §7.1).
type Scope struct {
	Name string `json:"name"`
	// Order is the scope's place in resolution order (1-based).
	Order int `json:"order"`
	// Records is the path of the records, IDs the path of their identifier.
	Records string `json:"records"`
	IDs     string `json:"ids"`
	// Refs are the paths of the references to the scope.
	Refs []string `json:"refs,omitempty"`
	// Degraded is true for a scope in or behind a reference cycle: aligned
	// on record properties only (docs/SCORING.md §7.2).
	Degraded bool `json:"degraded,omitempty"`
}

// validationKeywords are the standard keywords that gate the score through
// validation (docs/SCORING.md §1.3, §9.5), in the order they are listed.
var validationKeywords = []string{
	"required", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"multipleOf", "minLength", "maxLength", "pattern", "format", "minItems", "maxItems",
	"uniqueItems", "contains", "minContains", "maxContains", "minProperties", "maxProperties",
	"additionalProperties", "patternProperties", "propertyNames", "dependentRequired",
	"dependentSchemas", "dependencies", "unevaluatedProperties", "unevaluatedItems",
	"allOf", "anyOf", "oneOf", "not", "if",
}

// New explains schema s.
func New(s *ir.Schema) *Plan {
	p := &Plan{}
	for _, w := range s.Warnings {
		p.Warnings = append(p.Warnings, w.String())
	}
	b := &builder{plan: p, onPath: map[*ir.Node]string{}}
	b.walk(s.Root, nil, "", 1, 1, 1)
	for i, sc := range s.Scopes {
		out := Scope{
			Name:     sc.Name,
			Order:    i + 1,
			Records:  pathString(sc.RecordPath),
			IDs:      pathString(append(slices.Clone(sc.RecordPath), sc.IDSuffix...)),
			Degraded: sc.Degraded,
		}
		for _, r := range sc.RefPaths {
			out.Refs = append(out.Refs, pathString(r))
		}
		p.Scopes = append(p.Scopes, out)
	}
	return p
}

// builder walks the schema graph.
type builder struct {
	plan   *Plan
	onPath map[*ir.Node]string // nodes on the current walk path, by data path
}

func (b *builder) walk(n *ir.Node, parent *Path, path string, weight, share, total float64) *Path {
	if n == nil {
		return nil
	}
	row := &Path{
		Path:      path,
		Schema:    "#" + n.Def,
		Kind:      kindString(n.Types),
		NullScore: n.NullScore,
		Weight:    weight,
		Share:     share,
		Total:     total,
		IDScope:   n.IDScope,
		Ref:       n.Ref,
		node:      n,
		parent:    parent,
	}
	b.plan.Paths = append(b.plan.Paths, row)
	for _, k := range n.Keywords {
		switch {
		case k.Key == "default":
			v := k.Value
			row.Default = &v
		case slices.Contains(validationKeywords, k.Key):
			if k.Key == "additionalProperties" && k.Value.Kind == jsonval.Bool && k.Value.B {
				continue // true permits everything
			}
			row.Validation = append(row.Validation, k.Key)
		}
	}
	row.Comparator = comparator(n)
	if row.Comparator != "" && n.IDScope == "" && n.Ref == "" {
		row.Threshold = n.Threshold
	}
	if seen, ok := b.onPath[n]; ok {
		row.Recursive = seen
		return row
	}
	b.onPath[n] = path
	defer delete(b.onPath, n)

	if u := n.Union; u != nil {
		// A value is scored under the one branch it belongs to: each
		// branch can carry the whole of the union's share.
		for _, br := range u.Branches {
			if r := b.walk(br.Node, row, path+"{"+br.Label+"}", weight, 1, total); r != nil {
				r.Branch, r.Discriminator, r.Tags = br.Label, u.Discriminator, br.Tags
			}
		}
		return row
	}

	if n.Types&ir.TObject != 0 && len(n.Properties) > 0 {
		row.KeyScore = n.KeyScore
		row.KeyThreshold = n.KeyThreshold
		row.KeyImportance = n.KeyImportance
		row.ValueShare = n.ValueImportance / (n.KeyImportance + n.ValueImportance)
		sum := 0.0
		for _, p := range n.Properties {
			if p.Node != nil {
				sum += p.Node.ValueWeight
			}
		}
		for _, p := range n.Properties {
			if p.Node == nil {
				continue
			}
			s := 0.0
			if sum > 0 {
				s = p.Node.ValueWeight / sum * row.ValueShare
			}
			b.walk(p.Node, row, path+"/"+escape(p.Name), p.Node.ValueWeight, s, total*s)
		}
	}
	if n.Types&ir.TArray != 0 {
		b.array(n, row, path, total)
	}
	return row
}

// array explains the head and tail of array node n.
func (b *builder) array(n *ir.Node, row *Path, path string, total float64) {
	head, tail := len(n.PrefixItems), n.Items != nil
	if tail {
		row.Order = "fixed"
		if n.Order == ir.OrderAlign {
			row.Order = "align"
		}
	}
	switch {
	case n.IgnoreExcess:
		row.Ignore = "excess"
	case n.IgnoreMissing:
		row.Ignore = "missing"
	}
	headShare, tailShare := 0.0, 0.0
	switch {
	case head > 0 && tail:
		headShare = n.PrefixImportance / (n.PrefixImportance + n.RestImportance)
		tailShare = n.RestImportance / (n.PrefixImportance + n.RestImportance)
		row.HeadShare, row.TailShare = headShare, tailShare
	case head > 0:
		headShare = 1
	default:
		tailShare = 1
	}
	if head > 0 {
		row.Tuple = head
		sum := 0.0
		for i := range head {
			w := n.PrefixWeight(i)
			row.TupleWeights = append(row.TupleWeights, w)
			sum += w
		}
		for i, c := range n.PrefixItems {
			s := n.PrefixWeight(i) / sum * headShare
			b.walk(c, row, path+"/"+strconv.Itoa(i), 1, s, total*s)
		}
	}
	if tail {
		b.walk(n.Items, row, path+"/*", 1, tailShare, total*tailShare)
	}
}

// comparator names the leaf comparison of node n (docs/SCORING.md §3.1).
func comparator(n *ir.Node) string {
	switch {
	case n.IDScope != "":
		return "id"
	case n.Ref != "":
		return "ref"
	}
	var parts []string
	add := func(name, kind string, several bool) {
		if several {
			name += " (" + kind + ")"
		}
		parts = append(parts, name)
	}
	prim := 0
	for _, t := range []ir.TypeSet{ir.TBoolean, ir.TString, ir.TInteger | ir.TNumber} {
		if n.Types&t != 0 {
			prim++
		}
	}
	several := prim > 1
	if n.Types&ir.TBoolean != 0 {
		add("exact", "boolean", several)
	}
	if n.Types&ir.TString != 0 {
		add(or(n.Score, "jaro"), "string", several)
	}
	switch {
	case n.Types&ir.TInteger != 0:
		add(or(n.Score, "invdiff"), "integer", several)
	case n.Types&ir.TNumber != 0:
		add(or(n.Score, "invdiff"), "number", several)
	}
	return strings.Join(parts, ", ")
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// kindString renders a type set as "string" or "string|null".
func kindString(t ir.TypeSet) string {
	var names []string
	for _, tn := range []struct {
		bit  ir.TypeSet
		name string
	}{
		{ir.TObject, "object"}, {ir.TArray, "array"}, {ir.TString, "string"}, {ir.TInteger, "integer"},
		{ir.TNumber, "number"}, {ir.TBoolean, "boolean"}, {ir.TNull, "null"},
	} {
		if t&tn.bit != 0 {
			names = append(names, tn.name)
		}
	}
	return strings.Join(names, "|")
}

// escape escapes a member name for a JSON Pointer (RFC 6901).
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// pathString renders a schema path as a data path.
func pathString(p ir.Path) string {
	var b strings.Builder
	for _, e := range p {
		switch e.Kind {
		case ir.EdgeProperty:
			b.WriteString("/" + escape(e.Key))
		case ir.EdgeItems:
			b.WriteString("/*")
		case ir.EdgePrefix:
			b.WriteString("/" + strconv.Itoa(e.Index))
		}
	}
	return b.String()
}

// Display renders a data path for people: "/" for the root.
func Display(path string) string {
	if path == "" {
		return "/"
	}
	return path
}

// CountGold counts the values of gold at every path of the plan
// (Path.Values) and sets Path.PerValue. Values the schema does not describe
// (undeclared members, kinds the node does not take) are not counted, nor
// yet the values below a union's branches (their rows show 0).
func (p *Plan) CountGold(gold jsonval.Value) {
	p.Gold = true
	rows := map[string]*Path{}
	for _, r := range p.Paths {
		if r.Recursive == "" {
			rows[r.Path] = r
		}
	}
	// A recursive row shares the counts of the path it repeats: count
	// under the first path and map repeats onto it.
	alias := map[string]string{}
	for _, r := range p.Paths {
		if r.Recursive != "" {
			alias[r.Path] = r.Recursive
		}
	}
	var count func(v jsonval.Value, path string, depth int)
	count = func(v jsonval.Value, path string, depth int) {
		if depth > 512 {
			return
		}
		if a, ok := alias[path]; ok {
			path = a
		}
		r := rows[path]
		if r == nil {
			return
		}
		r.Values++
		switch v.Kind {
		case jsonval.Object:
			for _, m := range v.Obj {
				if r.node.PropertyIndex(m.Key) >= 0 {
					count(m.Value, path+"/"+escape(m.Key), depth+1)
				}
			}
		case jsonval.Array:
			for i, el := range v.Arr {
				if i < len(r.node.PrefixItems) {
					count(el, path+"/"+strconv.Itoa(i), depth+1)
				} else if r.node.Items != nil {
					count(el, path+"/*", depth+1)
				}
			}
		}
	}
	count(gold, "", 0)
	for _, r := range p.Paths {
		if r.Values > 0 {
			r.PerValue = r.Total / float64(r.Values)
		}
	}
}

// String renders a number for the text form: up to 4 significant digits.
func num(f float64) string {
	return strconv.FormatFloat(f, 'g', 4, 64)
}

// Text renders the plan as a table and a list of scopes.
func (p *Plan) Text() string {
	var b strings.Builder
	header := []string{"path", "kind", "compare", "share", "total"}
	if p.Gold {
		header = append(header, "values", "per value")
	}
	header = append(header, "notes")
	rows := [][]string{header}
	for _, r := range p.Paths {
		row := []string{Display(r.Path), r.Kind, r.compare(), num(r.Share), num(r.Total)}
		if p.Gold {
			pv := ""
			if r.Values > 0 {
				pv = num(r.PerValue)
			}
			row = append(row, strconv.Itoa(r.Values), pv)
		}
		row = append(row, r.notes())
		rows = append(rows, row)
	}
	widths := make([]int, len(header))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for i, c := range row {
			if i == len(row)-1 {
				line.WriteString(c)
				break
			}
			line.WriteString(c + strings.Repeat(" ", widths[i]-len([]rune(c))+2))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if len(p.Scopes) > 0 {
		b.WriteString("\nidentifier scopes, in resolution order (docs/SCORING.md §7.2):\n")
		for _, s := range p.Scopes {
			fmt.Fprintf(&b, "%d. %s: records %s, ids %s", s.Order, s.Name, Display(s.Records), Display(s.IDs))
			if len(s.Refs) > 0 {
				b.WriteString(", referenced from " + strings.Join(s.Refs, ", "))
			} else {
				b.WriteString(", no references")
			}
			if s.Degraded {
				b.WriteString(" (in or behind a reference cycle: aligned on properties only)")
			}
			b.WriteString("\n")
		}
	}
	if len(p.Warnings) > 0 {
		b.WriteString("\nwarnings:\n")
		for _, w := range p.Warnings {
			b.WriteString(w + "\n")
		}
	}
	return b.String()
}

// compare is the "compare" column: the comparator, regime or key pairing.
func (r *Path) compare() string {
	var parts []string
	switch {
	case r.IDScope != "":
		parts = append(parts, "id of "+r.IDScope)
	case r.Ref != "":
		parts = append(parts, "ref to "+r.Ref)
	case r.Comparator != "":
		c := r.Comparator
		if r.Threshold > 0 {
			c += " ≥" + num(r.Threshold)
		}
		parts = append(parts, c)
	}
	if r.Order != "" {
		parts = append(parts, r.Order)
	}
	if r.Tuple > 0 {
		parts = append(parts, "tuple["+strconv.Itoa(r.Tuple)+"]")
	}
	if r.KeyScore != "" {
		k := "keys " + r.KeyScore
		if r.KeyThreshold > 0 {
			k += " ≥" + num(r.KeyThreshold)
		}
		parts = append(parts, k)
	}
	return strings.Join(parts, ", ")
}

// notes is the "notes" column.
func (r *Path) notes() string {
	var parts []string
	if r.Weight != 1 {
		parts = append(parts, "valueWeight "+num(r.Weight))
	}
	if r.NullScore != 0 {
		parts = append(parts, "nullScore "+num(r.NullScore))
	}
	if r.KeyImportance > 0 {
		parts = append(parts, "key term "+num(1-r.ValueShare))
	}
	if r.HeadShare > 0 || r.TailShare > 0 {
		parts = append(parts, "head "+num(r.HeadShare)+" tail "+num(r.TailShare))
	}
	if len(r.TupleWeights) > 0 && slices.ContainsFunc(r.TupleWeights, func(w float64) bool { return w != r.TupleWeights[0] }) {
		ws := make([]string, len(r.TupleWeights))
		for i, w := range r.TupleWeights {
			ws[i] = num(w)
		}
		parts = append(parts, "prefixWeights ["+strings.Join(ws, ",")+"]")
	}
	if r.Ignore != "" {
		parts = append(parts, "ignores "+r.Ignore)
	}
	if r.Default != nil {
		parts = append(parts, "default "+r.Default.String())
	}
	if len(r.Validation) > 0 {
		parts = append(parts, "validates "+strings.Join(r.Validation, " "))
	}
	if r.Branch != "" {
		b := "union branch " + r.Branch
		if r.Discriminator != "" && len(r.Tags) > 0 {
			tags := make([]string, len(r.Tags))
			for i, t := range r.Tags {
				tags[i] = t.String()
			}
			b += " (" + r.Discriminator + " = " + strings.Join(tags, " | ") + ")"
		}
		parts = append(parts, b)
	}
	if r.Recursive != "" {
		parts = append(parts, "recursive: as at "+Display(r.Recursive))
	}
	return strings.Join(parts, "; ")
}

// Parent returns the row this one is a member, element, tuple position or
// union branch of (nil for the root).
func (r *Path) Parent() *Path { return r.parent }

// Types returns the type set of the path's schema node.
func (r *Path) Types() ir.TypeSet { return r.node.Types }
