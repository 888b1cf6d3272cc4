// Package annotate proposes Object Aligner annotations for a plain JSON
// Schema from gold data: identifier scopes and references where the golds
// show them, array regimes, and comparators for enumerations, codes, short
// tokens, free text and measures (docs/SCORING.md §2.1, §3, §5, §7). Every
// proposed keyword is explained in an "x-oagen-why" member of the schema
// object that carries it. Without a schema, one is inferred from the golds.
// It is the engine of oagen annotate.
package annotate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/objectaligner/oagen/jsonval"
)

// WhyKey is the member that explains the proposals on a schema object.
const WhyKey = "x-oagen-why"

// oaKeywords are the keywords annotate may propose or that an input schema
// may already carry (and that annotate then leaves as they are).
var oaKeywords = []string{
	"score", "threshold", "nullScore", "keyScore", "keyThreshold", "keyImportance",
	"valueImportance", "valueWeight", "prefixWeights", "prefixImportance", "restImportance",
	"order", "ignoreExcess", "ignoreMissing", "idScope", "ref",
}

// Result is an annotated schema.
type Result struct {
	// Schema is the annotated schema, member order kept.
	Schema jsonval.Value
	// Proposals lists every proposed keyword in schema order.
	Proposals []Proposal
}

// Proposal is one proposed keyword.
type Proposal struct {
	Pointer string        // JSON Pointer of the schema object
	Path    string        // data path it was observed at ("/people/*/id")
	Keyword string        // "idScope", "ref", "order", "score"
	Value   jsonval.Value // the keyword's value
	Why     string        // the evidence
}

// JSON renders the annotated schema indented by two spaces, with a final newline.
func (r *Result) JSON() []byte {
	var buf bytes.Buffer
	if err := json.Indent(&buf, jsonval.AppendJSON(nil, r.Schema), "", "  "); err != nil {
		// AppendJSON of a decoded value is valid JSON.
		panic(err)
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

// Annotate proposes annotations for schema (nil: infer one from the golds)
// from the gold values. Keywords the schema already has are kept and not
// proposed again. The golds must be valid under the schema for the evidence
// to mean anything; values the schema does not describe are skipped.
func Annotate(schema *jsonval.Value, golds []jsonval.Value) (*Result, error) {
	if len(golds) == 0 {
		return nil, fmt.Errorf("annotate: no gold values")
	}
	var root jsonval.Value
	if schema != nil {
		root = *schema
	} else {
		root = Infer(golds)
	}
	if root.Kind != jsonval.Object {
		return nil, fmt.Errorf("annotate: the schema must be an object")
	}
	a := &annotator{root: root, nodes: map[string]*node{}}
	for i, g := range golds {
		a.walk(root, "", g, i, "", "", 0)
	}
	a.golds = len(golds)
	a.propose()
	res := &Result{Schema: a.apply(root, ""), Proposals: a.list()}
	return res, nil
}

// node is the evidence gathered at one schema object (the target of $refs).
type node struct {
	ptr    string
	schema jsonval.Value
	path   string // first data path
	name   string // member name of the nearest property above ("" at the root)
	exact  bool   // "type" is exactly "string", "integer" or "number"

	kinds   [7]int            // counts by jsonval.Kind
	strs    []string          // string values
	floats  []float64         // number values
	allInt  bool              // every number is integral in integer form
	perGold map[int][]string  // canonical scalar values per gold
	arrays  []arrayInst       // array instances
	items   string            // pointer of the tail element schema
	props   map[string]string // member schemas by name
	order   []string          // member names in schema order
	parent  string            // pointer of the object this is a member of
	array   string            // for an items node: the array's pointer

	proposals []Proposal
}

type arrayInst struct {
	gold  int
	elems []jsonval.Value
}

type annotator struct {
	root  jsonval.Value
	nodes map[string]*node
	seq   []string // node pointers in first-visit order
	golds int
}

// get returns the member key of object v.
func get(v jsonval.Value, key string) (jsonval.Value, bool) {
	if v.Kind != jsonval.Object {
		return jsonval.Value{}, false
	}
	for i := len(v.Obj) - 1; i >= 0; i-- {
		if v.Obj[i].Key == key {
			return v.Obj[i].Value, true
		}
	}
	return jsonval.Value{}, false
}

// lookup resolves a local JSON Pointer fragment ("#/$defs/a").
func (a *annotator) lookup(ref string) (jsonval.Value, string, bool) {
	if !strings.HasPrefix(ref, "#") {
		return jsonval.Value{}, "", false
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil {
		return jsonval.Value{}, "", false
	}
	cur := a.root
	if frag == "" {
		return cur, "", true
	}
	if !strings.HasPrefix(frag, "/") {
		return jsonval.Value{}, "", false
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur.Kind {
		case jsonval.Object:
			v, ok := get(cur, tok)
			if !ok {
				return jsonval.Value{}, "", false
			}
			cur = v
		case jsonval.Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Arr) {
				return jsonval.Value{}, "", false
			}
			cur = cur.Arr[i]
		default:
			return jsonval.Value{}, "", false
		}
	}
	return cur, frag, true
}

// resolve follows $ref and the nullable anyOf/oneOf wrapper to the schema
// object that describes the values.
func (a *annotator) resolve(s jsonval.Value, ptr string) (jsonval.Value, string, bool) {
	for range 64 {
		if ref, ok := get(s, "$ref"); ok && ref.Kind == jsonval.String {
			t, tp, ok := a.lookup(ref.S)
			if !ok {
				return s, ptr, false
			}
			s, ptr = t, tp
			continue
		}
		if _, hasType := get(s, "type"); !hasType {
			for _, comb := range []string{"anyOf", "oneOf"} {
				alts, ok := get(s, comb)
				if !ok || alts.Kind != jsonval.Array || len(alts.Arr) != 2 {
					continue
				}
				for i, alt := range alts.Arr {
					if t, ok := get(alt, "type"); ok && t.Kind == jsonval.String && t.S == "null" {
						other := 1 - i
						s, ptr = alts.Arr[other], ptr+"/"+comb+"/"+strconv.Itoa(other)
						return s, ptr, true // nullable: not exact
					}
				}
			}
		}
		return s, ptr, exactType(s)
	}
	return s, ptr, false
}

// exactType reports whether s has "type" exactly "string", "integer" or "number".
func exactType(s jsonval.Value) bool {
	t, ok := get(s, "type")
	return ok && t.Kind == jsonval.String && (t.S == "string" || t.S == "integer" || t.S == "number")
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// walk records gold value v under schema s (at pointer ptr).
func (a *annotator) walk(s jsonval.Value, ptr string, v jsonval.Value, gold int, path, name string, depth int) *node {
	if depth > 256 || s.Kind != jsonval.Object {
		return nil
	}
	s, ptr, exact := a.resolve(s, ptr)
	n := a.nodes[ptr]
	if n == nil {
		n = &node{ptr: ptr, schema: s, path: path, name: name, exact: exact, allInt: true, perGold: map[int][]string{}, props: map[string]string{}}
		a.nodes[ptr] = n
		a.seq = append(a.seq, ptr)
		if props, ok := get(s, "properties"); ok && props.Kind == jsonval.Object {
			for _, m := range props.Obj {
				n.order = append(n.order, m.Key)
			}
		}
	}
	if int(v.Kind) < len(n.kinds) {
		n.kinds[v.Kind]++
	}
	switch v.Kind {
	case jsonval.String:
		n.strs = append(n.strs, v.S)
		n.perGold[gold] = append(n.perGold[gold], "s:"+v.S)
	case jsonval.Int, jsonval.Float:
		f := v.Float64()
		n.floats = append(n.floats, f)
		if v.Kind == jsonval.Float {
			n.allInt = false
		}
		n.perGold[gold] = append(n.perGold[gold], "n:"+strconv.FormatFloat(f, 'g', -1, 64))
	case jsonval.Object:
		props, _ := get(s, "properties")
		for _, m := range v.Obj {
			ps, ok := get(props, m.Key)
			if !ok {
				continue
			}
			cptr := ptr + "/properties/" + escape(m.Key)
			if c := a.walk(ps, cptr, m.Value, gold, path+"/"+escape(m.Key), m.Key, depth+1); c != nil {
				n.props[m.Key] = c.ptr
				if c.parent == "" {
					c.parent = ptr
				}
			}
		}
	case jsonval.Array:
		n.arrays = append(n.arrays, arrayInst{gold: gold, elems: v.Arr})
		prefix, _ := get(s, "prefixItems")
		items, hasItems := get(s, "items")
		for i, el := range v.Arr {
			if prefix.Kind == jsonval.Array && i < len(prefix.Arr) {
				a.walk(prefix.Arr[i], ptr+"/prefixItems/"+strconv.Itoa(i), el, gold, path+"/"+strconv.Itoa(i), name, depth+1)
				continue
			}
			if hasItems && items.Kind == jsonval.Object {
				if c := a.walk(items, ptr+"/items", el, gold, path+"/*", name, depth+1); c != nil {
					n.items = c.ptr
					if c.array == "" {
						c.array = ptr
					}
				}
			}
		}
	}
	return n
}

// has reports whether schema object s already has keyword k.
func has(s jsonval.Value, k string) bool {
	_, ok := get(s, k)
	return ok
}

func (n *node) add(k string, v jsonval.Value, why string) {
	if has(n.schema, k) {
		return
	}
	for _, p := range n.proposals {
		if p.Keyword == k {
			return
		}
	}
	n.proposals = append(n.proposals, Proposal{Pointer: n.ptr, Path: n.path, Keyword: k, Value: v, Why: why})
}

// scope is an identifier scope found in the golds.
type scope struct {
	name   string
	id     *node // the identifier member
	record *node // the record (items) node
	array  *node
	ids    []map[string]bool // per gold
	refs   []*node
}

// propose computes every proposal from the gathered evidence.
func (a *annotator) propose() {
	scopes := a.findScopes()
	referential := map[*node]bool{}
	for _, sc := range scopes {
		referential[sc.id] = true
		for _, r := range sc.refs {
			referential[r] = true
		}
	}
	withIDs := map[*node]*scope{}
	for _, sc := range scopes {
		withIDs[sc.array] = sc
		refPaths := make([]string, len(sc.refs))
		for i, r := range sc.refs {
			refPaths[i] = r.path
		}
		sc.id.add("idScope", jsonval.NewString(sc.name), fmt.Sprintf(
			"idScope: the values of %s are unique in every gold (%d of them) and %s name%s them",
			sc.id.path, count(sc.ids), strings.Join(refPaths, ", "), plural(len(refPaths))))
		for _, r := range sc.refs {
			r.add("ref", jsonval.NewString(sc.name), fmt.Sprintf(
				"ref: every value of %s in every gold is an identifier of %s (%d value%s)",
				r.path, sc.id.path, len(r.strs)+len(r.floats), plural2(len(r.strs)+len(r.floats))))
		}
	}
	for _, ptr := range a.seq {
		n := a.nodes[ptr]
		if referential[n] {
			continue
		}
		typ := typeName(n.schema)
		switch {
		case hasType(n.schema, "array"):
			a.proposeOrder(n, withIDs[n])
		case typ == "string":
			proposeString(n)
		case typ == "integer" || typ == "number":
			proposeNumber(n)
		case hasType(n.schema, "string") && len(n.strs) > 0:
			proposeString(n)
		}
	}
}

func count(ids []map[string]bool) int {
	t := 0
	for _, m := range ids {
		t += len(m)
	}
	return t
}

func plural(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// nouns is "1 noun" or "n nouns".
func nouns(n int, noun string) string {
	return fmt.Sprintf("%d %s%s", n, noun, plural2(n))
}

func plural2(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// typeName returns the "type" keyword when it is one string.
func typeName(s jsonval.Value) string {
	t, ok := get(s, "type")
	if ok && t.Kind == jsonval.String {
		return t.S
	}
	return ""
}

// hasType reports whether s's "type" permits kind name.
func hasType(s jsonval.Value, name string) bool {
	t, ok := get(s, "type")
	if !ok {
		return false
	}
	if t.Kind == jsonval.String {
		return t.S == name
	}
	for _, e := range t.Arr {
		if e.Kind == jsonval.String && e.S == name {
			return true
		}
	}
	return false
}

// idNames are member names that hold identifiers, never references.
var idNames = map[string]bool{"id": true, "_id": true, "key": true, "uuid": true, "@id": true}

// findScopes finds identifier members of records (unique within the gold,
// present in every record) that other members name.
func (a *annotator) findScopes() []*scope {
	var cands []*scope
	for _, ptr := range a.seq {
		arr := a.nodes[ptr]
		if arr.items == "" || !hasType(arr.schema, "array") {
			continue
		}
		rec := a.nodes[arr.items]
		if rec == nil || rec.array != arr.ptr || !hasType(rec.schema, "object") {
			continue
		}
		records := 0
		for _, in := range arr.arrays {
			records += len(in.elems)
		}
		if records < 2 {
			continue
		}
		for _, name := range rec.order {
			fptr, ok := rec.props[name]
			if !ok {
				continue
			}
			f := a.nodes[fptr]
			if f == nil || !f.exact || f.parent != rec.ptr || hasType(f.schema, "number") && !f.allInt {
				continue
			}
			if ids, ok := uniqueIDs(arr, name, a.golds); ok {
				cands = append(cands, &scope{id: f, record: rec, array: arr, ids: ids})
			}
		}
	}
	// A unique member whose values are all identifiers of another
	// candidate is a foreign key (a link's "from"), not an identifier of
	// its own, unless its name says it is one; of two candidates with the
	// same identifiers the first in schema order is kept.
	var kept []*scope
	for i, c := range cands {
		foreign := false
		for j, c2 := range cands {
			if i == j || c2.array == c.array || typeName(c2.id.schema) != typeName(c.id.schema) || idNames[strings.ToLower(c.id.name)] {
				continue
			}
			if within(c.id, c2.ids) && (!within(c2.id, c.ids) || j < i) {
				foreign = true
				break
			}
		}
		if !foreign {
			kept = append(kept, c)
		}
	}
	cands = kept
	isID := map[*node]bool{}
	for _, c := range cands {
		isID[c.id] = true
	}
	// References: members of the same type whose every value is an id.
	for _, ptr := range a.seq {
		g := a.nodes[ptr]
		if !g.exact || idNames[strings.ToLower(g.name)] || len(g.strs)+len(g.floats) < 2 {
			continue
		}
		if isID[g] && g.name == "id" {
			continue
		}
		var best *scope
		for _, c := range cands {
			if c.id == g || typeName(c.id.schema) != typeName(g.schema) {
				continue
			}
			if !within(g, c.ids) {
				continue
			}
			if best == nil || count(c.ids) < count(best.ids) {
				best = c
			}
		}
		if best != nil {
			best.refs = append(best.refs, g)
		}
	}
	// One scope per record: the candidate with references, "id" first,
	// then the most referenced.
	byRecord := map[*node]*scope{}
	var order []*node
	for _, c := range cands {
		if len(c.refs) == 0 {
			continue
		}
		cur := byRecord[c.record]
		if cur == nil {
			order = append(order, c.record)
			byRecord[c.record] = c
			continue
		}
		if better(c, cur) {
			byRecord[c.record] = c
		}
	}
	var out []*scope
	used := map[string]bool{}
	claimed := map[*node]bool{}
	for _, r := range order {
		sc := byRecord[r]
		claimed[sc.id] = true
		out = append(out, sc)
	}
	for _, sc := range out {
		// A member cannot be both an identifier and a reference.
		sc.refs = slices.DeleteFunc(sc.refs, func(g *node) bool { return claimed[g] })
		sc.name = scopeName(sc.array.name, used)
	}
	return slices.DeleteFunc(out, func(sc *scope) bool { return len(sc.refs) == 0 })
}

func better(c, cur *scope) bool {
	ci, cu := strings.EqualFold(c.id.name, "id"), strings.EqualFold(cur.id.name, "id")
	if ci != cu {
		return ci
	}
	return len(c.refs) > len(cur.refs)
}

// uniqueIDs reports whether member name is present with a scalar value in
// every element of every instance of arr and unique within each gold, and
// returns the identifiers per gold.
func uniqueIDs(arr *node, name string, golds int) ([]map[string]bool, bool) {
	ids := make([]map[string]bool, golds)
	for i := range ids {
		ids[i] = map[string]bool{}
	}
	for _, in := range arr.arrays {
		for _, el := range in.elems {
			v, ok := get(el, name)
			if !ok {
				return nil, false
			}
			var key string
			switch v.Kind {
			case jsonval.String:
				key = "s:" + v.S
			case jsonval.Int:
				key = "n:" + strconv.FormatFloat(v.Float64(), 'g', -1, 64)
			default:
				return nil, false
			}
			if ids[in.gold][key] {
				return nil, false
			}
			ids[in.gold][key] = true
		}
	}
	return ids, true
}

// within reports whether every value of g in every gold is an identifier of that gold.
func within(g *node, ids []map[string]bool) bool {
	for gold, vals := range g.perGold {
		for _, v := range vals {
			if !ids[gold][v] {
				return false
			}
		}
	}
	return true
}

// scopeName derives a scope name from the records' array member name.
func scopeName(member string, used map[string]bool) string {
	base := singular(member)
	if base == "" {
		base = "record"
	}
	name := base
	for i := 2; used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	used[name] = true
	return name
}

func singular(s string) string {
	l := strings.ToLower(s)
	switch {
	case l == "people":
		return s[:len(s)-6] + "person"
	case l == "children":
		return s[:len(s)-3]
	case strings.HasSuffix(l, "ies") && len(l) > 3:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(l, "sses"), strings.HasSuffix(l, "xes"), strings.HasSuffix(l, "ches"), strings.HasSuffix(l, "shes"):
		return s[:len(s)-2]
	case strings.HasSuffix(l, "s") && !strings.HasSuffix(l, "ss") && len(l) > 1:
		return s[:len(s)-1]
	}
	return s
}

// proposeOrder proposes order "align" for sets: arrays of records with
// identifiers, arrays with uniqueItems, arrays of records.
func (a *annotator) proposeOrder(n *node, sc *scope) {
	if u, ok := get(n.schema, "uniqueItems"); ok && u.Kind == jsonval.Bool && u.B {
		n.add("order", jsonval.NewString("align"), "order: \"uniqueItems\": true makes the elements a set")
		return
	}
	if sc != nil {
		n.add("order", jsonval.NewString("align"), fmt.Sprintf("order: the records are identified by %s; their position carries no meaning", sc.id.path))
		return
	}
	if rec := a.nodes[n.items]; rec != nil && hasType(rec.schema, "object") && len(rec.order) > 0 {
		n.add("order", jsonval.NewString("align"), "order: an array of records is compared as a set (write \"fixed\" if the golds' order matters)")
	}
}

// exactFormats are string formats whose values are codes.
var exactFormats = map[string]bool{
	"date": true, "date-time": true, "time": true, "duration": true, "email": true, "idn-email": true,
	"hostname": true, "idn-hostname": true, "ipv4": true, "ipv6": true, "uri": true, "uri-reference": true,
	"iri": true, "iri-reference": true, "uuid": true, "uri-template": true, "json-pointer": true,
	"relative-json-pointer": true, "regex": true,
}

// Short tokens: at most this many code points and no white space.
const shortToken = 16

// proposeString proposes a comparator for a string node.
func proposeString(n *node) {
	s := n.schema
	switch {
	case has(s, "enum"):
		n.add("score", jsonval.NewString("exact"), "score: \"enum\" makes the values labels of a closed set")
		return
	case has(s, "const"):
		n.add("score", jsonval.NewString("exact"), "score: \"const\" allows one value")
		return
	}
	if f, ok := get(s, "format"); ok && f.Kind == jsonval.String && exactFormats[f.S] {
		n.add("score", jsonval.NewString("exact"), fmt.Sprintf("score: format %q values are codes: a near miss is wrong", f.S))
		return
	}
	if has(s, "pattern") {
		n.add("score", jsonval.NewString("exact"), "score: a \"pattern\" makes the values codes")
		return
	}
	if len(n.strs) == 0 {
		return
	}
	short, total, multi := true, 0, 0
	for _, v := range n.strs {
		l := utf8.RuneCountInString(v)
		total += l
		if l > shortToken || strings.IndexFunc(v, unicode.IsSpace) >= 0 {
			short = false
		}
		if strings.IndexFunc(v, unicode.IsSpace) >= 0 {
			multi++
		}
	}
	if short {
		n.add("score", jsonval.NewString("exact"), fmt.Sprintf("score: every gold value (%d) is one short token of at most %d characters: a code or label", len(n.strs), shortToken))
		return
	}
	if multi == 0 {
		distinct := map[string]bool{}
		urls := 0
		for _, v := range n.strs {
			distinct[v] = true
			if strings.Contains(v, "://") || strings.Contains(v, "@") {
				urls++
			}
		}
		switch {
		case urls == len(n.strs):
			n.add("score", jsonval.NewString("exact"), fmt.Sprintf("score: every gold value (%d) is a URL or address: a near miss is wrong", len(n.strs)))
			return
		case len(n.strs) >= 4 && 2*len(distinct) <= len(n.strs):
			n.add("score", jsonval.NewString("exact"), fmt.Sprintf("score: %d single-word values from a vocabulary of %d: labels", len(n.strs), len(distinct)))
			return
		}
	}
	mean := float64(total) / float64(len(n.strs))
	if mean > 32 {
		n.add("score", jsonval.NewString("levenshtein"), fmt.Sprintf("score: free text (%s, %.0f characters on average): edit distance grades long strings", nouns(len(n.strs), "value"), mean))
		return
	}
	n.add("score", jsonval.NewString("jaro_winkler"), fmt.Sprintf("score: free text (%s, %d with several words, %.0f characters on average): names and phrases", nouns(len(n.strs), "value"), multi, mean))
}

// codeName reports whether a member name denotes a code rather than a quantity.
func codeName(name string) bool {
	l := strings.ToLower(name)
	for _, w := range []string{"id", "code", "year", "index", "indices", "number", "no", "zip", "rank", "position"} {
		if l == w || strings.HasSuffix(l, "_"+w) || strings.HasSuffix(l, w) && len(l) > len(w) && w != "no" && w != "id" {
			return true
		}
	}
	return strings.HasSuffix(name, "Id") || strings.HasSuffix(l, "_id")
}

// proposeNumber proposes a comparator for a number or integer node.
func proposeNumber(n *node) {
	s := n.schema
	switch {
	case has(s, "enum"), has(s, "const"):
		n.add("score", jsonval.NewString("exact"), "score: \"enum\"/\"const\" makes the numbers labels")
		return
	}
	if len(n.floats) == 0 {
		return
	}
	if typeName(s) == "integer" && codeName(n.name) {
		n.add("score", jsonval.NewString("exact"), fmt.Sprintf("score: %q names a code or position, not a quantity", n.name))
		return
	}
	if n.allInt {
		n.add("score", jsonval.NewString("invdiff"), fmt.Sprintf("score: a count or measure (%s): closeness is graded by 1/(1+|difference|)", nouns(len(n.floats), "integer value")))
		return
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, f := range n.floats {
		lo, hi = min(lo, math.Abs(f)), max(hi, math.Abs(f))
	}
	n.add("score", jsonval.NewString("relative"), fmt.Sprintf("score: a measure with fractions (%s, |x| from %g to %g): graded by relative difference", nouns(len(n.floats), "value"), lo, hi))
}

// list returns every proposal in schema order.
func (a *annotator) list() []Proposal {
	var out []Proposal
	ptrs := slices.Clone(a.seq)
	sort.Strings(ptrs)
	for _, p := range ptrs {
		out = append(out, a.nodes[p].proposals...)
	}
	return out
}

// apply returns schema object s at pointer ptr with the proposals of its
// node and of every subschema added.
func (a *annotator) apply(s jsonval.Value, ptr string) jsonval.Value {
	switch s.Kind {
	case jsonval.Object:
		out := make([]jsonval.Member, 0, len(s.Obj)+2)
		for _, m := range s.Obj {
			out = append(out, jsonval.Member{Key: m.Key, Value: a.apply(m.Value, ptr+"/"+escape(m.Key))})
		}
		n := a.nodes[ptr]
		if n == nil || len(n.proposals) == 0 {
			return jsonval.NewObject(out)
		}
		at := len(out)
		for i, m := range out {
			if m.Key == "type" {
				at = i + 1
				break
			}
		}
		var add []jsonval.Member
		var why []string
		for _, p := range n.proposals {
			add = append(add, jsonval.Member{Key: p.Keyword, Value: p.Value})
			why = append(why, p.Why)
		}
		add = append(add, jsonval.Member{Key: WhyKey, Value: jsonval.NewString(strings.Join(why, "; "))})
		out = slices.Insert(out, at, add...)
		return jsonval.NewObject(out)
	case jsonval.Array:
		out := make([]jsonval.Value, len(s.Arr))
		for i, e := range s.Arr {
			out[i] = a.apply(e, ptr+"/"+strconv.Itoa(i))
		}
		return jsonval.NewArray(out)
	}
	return s
}

// Strip returns schema s without its Object Aligner keywords and "x-oagen-why"
// members: the plain schema annotate starts from (for tests that measure
// how much of a hand annotation it recovers). Only schema objects are
// touched: a member named "score" under "properties" stays.
func Strip(s jsonval.Value) jsonval.Value {
	return strip(s, true)
}

// schemaMaps are keywords whose value maps names to schemas.
var schemaMaps = map[string]bool{"properties": true, "$defs": true, "definitions": true, "patternProperties": true, "dependentSchemas": true}

// schemaLists are keywords whose value is a list of schemas.
var schemaLists = map[string]bool{"prefixItems": true, "anyOf": true, "oneOf": true, "allOf": true}

func strip(s jsonval.Value, isSchema bool) jsonval.Value {
	if s.Kind != jsonval.Object {
		return s
	}
	var out []jsonval.Member
	for _, m := range s.Obj {
		if isSchema && (slices.Contains(oaKeywords, m.Key) || m.Key == WhyKey) {
			continue
		}
		v := m.Value
		switch {
		case !isSchema:
			v = strip(v, true)
		case schemaMaps[m.Key]:
			v = strip(v, false)
		case schemaLists[m.Key] && v.Kind == jsonval.Array:
			arr := make([]jsonval.Value, len(v.Arr))
			for i, e := range v.Arr {
				arr[i] = strip(e, true)
			}
			v = jsonval.NewArray(arr)
		case m.Key == "items" || m.Key == "additionalProperties" || m.Key == "not" || m.Key == "contains" ||
			m.Key == "if" || m.Key == "then" || m.Key == "else" || m.Key == "propertyNames":
			v = strip(v, true)
		}
		out = append(out, jsonval.Member{Key: m.Key, Value: v})
	}
	return jsonval.NewObject(out)
}
