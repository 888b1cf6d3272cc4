package eval

import (
	"encoding/json"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

// Case is one input line reduced to what the summary needs. Build it with
// an Observer; it is plain data (JSON-encodable), so that it can travel
// between the workers that score and the accumulator, or between the steps
// of a pipeline.
type Case struct {
	// ID is the JSON text of the line's "id" (nil: the line has none).
	ID json.RawMessage `json:"id,omitempty"`
	// Line is the line's 1-based number in its input file.
	Line int `json:"line"`
	// Key is the FNV-1a hash of the input line; it orders ties and selects
	// the sample of cases kept with their details (SampleKey).
	Key uint64 `json:"key"`
	// Error is the kind of failure of a line that was not scored ("" for
	// a scored line; a request.Kind value).
	Error string `json:"error,omitempty"`
	// Message is the error's text.
	Message string `json:"message,omitempty"`
	// Score is the score of a scored line.
	Score float64 `json:"score"`
	// Invalid is true when the candidate failed the schema's validation
	// (the line is scored, 0).
	Invalid bool `json:"invalid,omitempty"`
	// Paths are the per-location observations of a scored line, one per
	// normalized path, in first-seen order.
	Paths []PathObs `json:"paths,omitempty"`
	// NonMatches are the value errors of a scored line, the lines it
	// contributes to non_matches.jsonl. Like Paths, they are not kept in
	// a State.
	NonMatches []NonMatch `json:"non_matches,omitempty"`
	// TopFix is the first of the ranked fixes (nil: none).
	TopFix *Fix `json:"top_fix,omitempty"`
	// Detail is the report's view of the case (gold and candidate aligned,
	// the fixes, the bijections), as JSON this package does not interpret.
	// It is optional: a producer builds it only for the cases that
	// State.Wants, since only the worst cases and the sample keep it.
	Detail json.RawMessage `json:"detail,omitempty"`
}

// Entry kinds of a path entry (PathObs.Kind, PathSummary.Kind).
const (
	// KindPath is a location of the data: a normalized JSON Pointer.
	KindPath = "path"
	// KindScope is a referential scope: how the identifiers of its
	// records were paired (Path is "(scope NAME)").
	KindScope = "scope"
	// KindInvalid collects the candidates that failed validation: each
	// contributes its whole deficit, 1, here (Path is InvalidPath).
	KindInvalid = "invalid_candidate"
)

// InvalidPath is the path of the entry of invalid candidates.
const InvalidPath = "(invalid candidate)"

// ScopePath is the path of the entry of a referential scope.
func ScopePath(scope string) string { return "(scope " + scope + ")" }

// PathObs is what one case contributes to one path entry.
type PathObs struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
	// Scope is the referential scope of an identifier or reference path
	// and of a scope entry.
	Scope string `json:"scope,omitempty"`
	Outcomes
	// Deficit is the sum of the attribution contributions at the path.
	Deficit float64 `json:"deficit"`
}

// Outcomes are the counts of one path entry. Occurrences counts the gold
// values at the path (for a scope, its gold records; for the entry of
// invalid candidates, the invalid candidates). Every value observed at the
// path, leaf, object or array (see the package doc), falls in exactly one
// class; JSON null and an absent value are the same "no value" on either
// side:
//
//   - Exact: both sides have a value, similarity 1 (for a scope: a gold
//     record paired with a candidate record);
//   - Partial: both sides have a value, similarity in
//     [Config.MatchThreshold, 1);
//   - Wrong: both sides have a value, similarity below
//     Config.MatchThreshold, or a reference to the wrong record (a false
//     discovery, Stickler's FD);
//   - Invented: the candidate has a value, the gold none (a false alarm,
//     Stickler's FA; for a scope, a candidate record paired with no gold
//     record);
//   - Missing: the gold has a value, the candidate none (for a scope, a
//     gold record paired with no candidate record);
//   - BothAbsent: neither side has a value: a null against a null or an
//     absent member, and a member that the schema declares and that both
//     sides of a paired object lack (a true negative).
//
// WrongReference counts the references among Wrong. TP, FP, FN and TN are
// the confusion counts the precision and recall of PathSummary come from:
// TP = Exact + Partial, FP = Wrong + Invented, FN = Wrong + Missing (a
// wrong value is the candidate's error and a gold value not recovered), TN
// = BothAbsent.
type Outcomes struct {
	Occurrences    int64 `json:"occurrences"`
	Exact          int64 `json:"exact"`
	Partial        int64 `json:"partial"`
	Wrong          int64 `json:"wrong"`
	Invented       int64 `json:"invented"`
	Missing        int64 `json:"missing"`
	BothAbsent     int64 `json:"both_absent"`
	WrongReference int64 `json:"wrong_reference"`
	TP             int64 `json:"tp"`
	FP             int64 `json:"fp"`
	FN             int64 `json:"fn"`
	TN             int64 `json:"tn"`
}

func (o *Outcomes) add(p Outcomes) {
	o.Occurrences += p.Occurrences
	o.Exact += p.Exact
	o.Partial += p.Partial
	o.Wrong += p.Wrong
	o.Invented += p.Invented
	o.Missing += p.Missing
	o.BothAbsent += p.BothAbsent
	o.WrongReference += p.WrongReference
	o.TP += p.TP
	o.FP += p.FP
	o.FN += p.FN
	o.TN += p.TN
}

// The classes of Outcomes, as non_matches.jsonl and the report name them.
const (
	ClassExact      = "exact"
	ClassPartial    = "partial"
	ClassWrong      = "wrong"
	ClassInvented   = "invented"
	ClassMissing    = "missing"
	ClassBothAbsent = "both_absent"
)

// count adds one value of class c.
func (o *Outcomes) count(c string) {
	switch c {
	case ClassExact:
		o.Exact++
		o.TP++
	case ClassPartial:
		o.Partial++
		o.TP++
	case ClassWrong:
		o.Wrong++
		o.FP++
		o.FN++
	case ClassInvented:
		o.Invented++
		o.FP++
	case ClassMissing:
		o.Missing++
		o.FN++
	case ClassBothAbsent:
		o.BothAbsent++
		o.TN++
	}
}

// Fix is one ranked repair operation, as the report shows it.
type Fix struct {
	Op        string          `json:"op"`
	Kind      string          `json:"kind"`
	Path      string          `json:"path"`
	Delta     float64         `json:"delta"`
	Value     json.RawMessage `json:"value"`
	Gold      json.RawMessage `json:"gold"`
	Candidate json.RawMessage `json:"candidate"`
}

func newFix(o align.Op) Fix {
	return Fix{Op: o.Op, Kind: string(o.Kind), Path: o.Path, Delta: o.Delta,
		Value: rawJSON(o.Value), Gold: rawJSON(o.Gold), Candidate: rawJSON(o.Pred)}
}

// rawJSON is the JSON text of a value.
func rawJSON(v jsonval.Value) json.RawMessage { return jsonval.AppendJSON(nil, v) }

// SampleKey is the key of an input line (Case.Key): the 64-bit FNV-1a hash
// of its bytes, terminator excluded. It depends only on the line, so that
// shards of a dataset select the same sample as the whole.
func SampleKey(line []byte) uint64 {
	h := fnv.New64a()
	h.Write(line)
	return h.Sum64()
}

// Observer turns scored requests into Cases. It is safe for concurrent use.
type Observer struct {
	cfg Config
	mu  sync.Mutex
	// patterns memoizes normalized attribution paths per schema.
	patterns map[patternKey]pattern
	// scratch pools the storage a case's observation uses and drops (the
	// attribution rows, the path index): *observeScratch.
	scratch sync.Pool
	// pathsHint is the number of path entries of the last case observed,
	// the capacity the next case's list starts with.
	pathsHint atomic.Int64
}

// observeScratch is the storage of one observation that does not outlive
// it.
type observeScratch struct {
	rows   []attrRow
	paired []pairedNode
	paths  *pathSet
}

// maxKeptRows and maxKeptPaths bound the attribution rows and the path
// index an observeScratch keeps (and maxKeptPaths the capacity a case's
// path list starts with).
const (
	maxKeptRows  = 1 << 12
	maxKeptPaths = 1 << 10
)

type patternKey struct {
	root *ir.Node
	path string
}

// pattern is a normalized path and the schema node it ends at.
type pattern struct {
	path string
	node *ir.Node
}

// maxPatterns bounds the memo of an Observer (it is cleared when full).
const maxPatterns = 1 << 16

// NewObserver returns an observer for states of cfg.
func NewObserver(cfg Config) *Observer {
	return &Observer{cfg: cfg.withDefaults(), patterns: map[patternKey]pattern{}}
}

// Line identifies an input line.
type Line struct {
	// ID is the JSON text of the line's "id" (nil: none).
	ID json.RawMessage
	// Number is the line's 1-based number in its input.
	Number int
	// Key is SampleKey of the line's bytes.
	Key uint64
}

// Failed is the Case of a line that could not be scored: kind is its
// request.Kind, msg the error text.
func (o *Observer) Failed(l Line, kind, msg string) Case {
	return Case{ID: l.ID, Line: l.Number, Key: l.Key, Error: kind, Message: msg}
}

// Scored is the Case of a line that sc scored as res. ops are its ranked
// repair operations (Result.Repair or feedback.ForResult), for the top fix;
// nil is fine when there are none.
func (o *Observer) Scored(l Line, sc *interp.Scorer, res *interp.Result, ops []align.Op) (Case, error) {
	c := Case{ID: l.ID, Line: l.Number, Key: l.Key, Score: res.Score, Invalid: res.Invalid != nil}
	if len(ops) > 0 {
		f := newFix(ops[0])
		c.TopFix = &f
	}
	sch := sc.Schema()
	scr, _ := o.scratch.Get().(*observeScratch)
	if scr == nil || scr.paths.trie.nodes > maxTrieNodes || len(scr.paths.index) > maxKeptPaths {
		// A new scratch, or one whose paths have grown too many.
		scr = &observeScratch{paths: newPathSet()}
	}
	defer o.scratch.Put(scr)
	obs := scr.paths
	obs.reset(int(min(o.pathsHint.Load(), maxKeptPaths)))
	countGold(obs, sch.Root, res.Gold)
	switch {
	case res.Invalid != nil:
		e := obs.get(InvalidPath, KindInvalid, "")
		e.Occurrences++
		e.Deficit = 1
	case res.Match == nil:
		// The root kinds differ (the score is 0): the whole value is
		// wrong. This is what observeRow makes of the default profile's
		// attribution row at the root (similarity 0), counted here so
		// that the reference profile, whose attribution has no row,
		// counts it the same.
		e := obs.get("", KindPath, "")
		e.count(ClassWrong)
		e.Deficit = 1
	default:
		w := attrWalk{o: o, t: obs.trie, rows: scr.rows[:0]}
		w.node(res.Match, obs.trie.root, sch.Root, 1.0)
		w.observe(obs)
		if cap(w.rows) <= maxKeptRows {
			scr.rows = w.rows[:0]
		}
		scr.paired = appendPaired(scr.paired[:0], obs.trie, sch.Root, res.Match)
		o.countPairedContainers(obs, scr.paired)
		countBothAbsent(obs, scr.paired)
		if cap(scr.paired) > maxKeptRows {
			scr.paired = nil
		}
	}
	for _, b := range res.Bijections {
		e := obs.get(ScopePath(b.Scope), KindScope, b.Scope)
		e.Occurrences += int64(len(b.Pairs))
		for _, p := range b.Pairs {
			if p.HasCandidate {
				e.count(ClassExact)
			} else {
				e.count(ClassMissing)
			}
		}
		for range b.Excess {
			e.count(ClassInvented)
		}
	}
	c.Paths = obs.list
	obs.list = nil // the case's now
	o.pathsHint.Store(int64(len(c.Paths)))
	c.NonMatches = o.nonMatches(l, sch.Root, res)
	return c, nil
}

// Class is the class of a value observed at a path (see Outcomes): hasGold
// and hasCand tell whether each side has a value (JSON null is none), s is
// the similarity of a value present on both sides.
func (o *Observer) Class(hasGold, hasCand bool, s float64) string {
	switch {
	case !hasGold && !hasCand:
		return ClassBothAbsent
	case !hasGold:
		return ClassInvented
	case !hasCand:
		return ClassMissing
	case s >= 1:
		return ClassExact
	case s >= o.cfg.MatchThreshold:
		return ClassPartial
	}
	return ClassWrong
}

// countPairedContainers counts the outcome of every array and object paired
// on both sides (the root included) at its normalized path, by its
// similarity: the list and object nodes of the match tree (an unpaired
// value is a leaf of the tree, counted by its attribution row), as
// appendPaired lists them. It visits the nodes that the attribution walks
// (align.Attribute), so that a container is counted where its members
// are: not below an array whose elements all weigh 0.
func (o *Observer) countPairedContainers(obs *pathSet, paired []pairedNode) {
	for i := range paired {
		v := &paired[i]
		obs.node(v.path, scopeOf(v.node)).count(o.Class(true, true, v.m.Score))
	}
}

// pairedNode is a list or object node of a match tree (m) with its
// normalized path (a node of a pathTrie) and schema node.
type pairedNode struct {
	path *pathNode
	node *ir.Node
	m    *align.Match
}

// appendPaired appends to dst every list and object node of the match
// tree m that the attribution walks, in walk order, with its normalized
// path (a node of t) and schema node.
func appendPaired(dst []pairedNode, t *pathTrie, root *ir.Node, m *align.Match) []pairedNode {
	var walk func(m *align.Match, p *pathNode, node *ir.Node)
	walk = func(m *align.Match, p *pathNode, node *ir.Node) {
		if m == nil || m.Type == align.LeafNode {
			return
		}
		dst = append(dst, pairedNode{p, node, m})
		switch m.Type {
		case align.ListNode:
			if !slices.ContainsFunc(m.Children, func(ch align.ListChild) bool { return ch.Alpha != 0 }) {
				return
			}
			for i, ch := range m.Children {
				if ch.Match != nil && ch.Match.Type != align.LeafNode {
					q, child := stepIndex(t, p, node, i)
					walk(ch.Match, q, child)
				}
			}
		case align.ObjectNode:
			for _, e := range m.Entries {
				if e.Value != nil && e.Value.Type != align.LeafNode {
					key := e.GoldKey
					if !e.HasGoldKey {
						key = e.PredKey
					}
					tok, child := step(node, align.EscapePointerToken(key))
					walk(e.Value, t.child(p, tok), child)
				}
			}
		}
	}
	walk(m, t.root, root)
	return dst
}

// stepIndex is step for the position i of an array: the child of p at the
// normalized token and the child schema node.
func stepIndex(t *pathTrie, p *pathNode, node *ir.Node, i int) (*pathNode, *ir.Node) {
	switch {
	case node == nil:
		return t.indexChild(p, i), nil
	case node.Types.Has(ir.TArray) && (node.Items != nil || node.PrefixItems != nil):
		if i < len(node.PrefixItems) {
			return t.indexChild(p, i), node.PrefixItems[i]
		}
		return t.child(p, "*"), node.Items
	}
	tok, child := step(node, strconv.Itoa(i))
	return t.child(p, tok), child
}

// countBothAbsent counts, in every paired object of the match tree (of
// paired, from appendPaired), each member that its schema node declares
// and that neither side has (BothAbsent), at the member's normalized path.
func countBothAbsent(obs *pathSet, paired []pairedNode) {
	for i := range paired {
		v := &paired[i]
		m, node := v.m, v.node
		if m.Type != align.ObjectNode || node == nil {
			continue
		}
		for j, p := range node.Properties {
			if j < len(m.Entries) && hasKey(&m.Entries[j], p.Name) {
				// The common case: the entries in the schema's order.
				continue
			}
			if slices.ContainsFunc(m.Entries, func(e align.ObjectEntry) bool { return hasKey(&e, p.Name) }) {
				continue
			}
			obs.node(obs.trie.child(v.path, align.EscapePointerToken(p.Name)), scopeOf(p.Node)).count(ClassBothAbsent)
		}
	}
}

// hasKey reports whether the entry e has the key name on either side.
func hasKey(e *align.ObjectEntry, name string) bool {
	return e.HasGoldKey && e.GoldKey == name || e.HasPredKey && e.PredKey == name
}

// scopeOf is the referential scope of a schema node ("" for none, or for
// a nil node).
func scopeOf(node *ir.Node) string {
	switch {
	case node == nil:
		return ""
	case node.IDScope == "":
		return node.Ref
	case node.Ref == "":
		return node.IDScope
	}
	return node.Ref + node.IDScope
}

// pattern normalizes an attribution path (entry positions for list steps)
// under the schema: array steps become "*", except the positions of a tuple
// head (prefixItems), which keep their index; object steps keep their
// (escaped) key. It also returns the schema node reached (nil below an
// undeclared member).
func (o *Observer) pattern(root *ir.Node, path string) pattern {
	k := patternKey{root, path}
	o.mu.Lock()
	p, ok := o.patterns[k]
	o.mu.Unlock()
	if ok {
		return p
	}
	var b strings.Builder
	node := root
	for rest := path; rest != ""; {
		rest = rest[1:] // the "/"
		tok := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			tok, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		b.WriteByte('/')
		tok, node = step(node, tok)
		b.WriteString(tok)
	}
	p = pattern{b.String(), node}
	o.mu.Lock()
	if len(o.patterns) >= maxPatterns {
		clear(o.patterns)
	}
	o.patterns[k] = p
	o.mu.Unlock()
	return p
}

// step normalizes one pointer token under node and returns the child node.
func step(node *ir.Node, tok string) (string, *ir.Node) {
	if node == nil {
		return tok, nil
	}
	if node.Types.Has(ir.TArray) && (node.Items != nil || node.PrefixItems != nil) {
		if i, err := strconv.Atoi(tok); err == nil && i >= 0 {
			if i < len(node.PrefixItems) {
				return tok, node.PrefixItems[i]
			}
			return "*", node.Items
		}
	}
	return tok, node.Property(unescapeToken(tok))
}

func unescapeToken(t string) string {
	if !strings.Contains(t, "~") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

// countGold counts the occurrences of every normalized path of the gold
// value (containers and leaves, the root "" included).
func countGold(obs *pathSet, root *ir.Node, gold jsonval.Value) {
	t := obs.trie
	var walk func(v jsonval.Value, p *pathNode, node *ir.Node)
	walk = func(v jsonval.Value, p *pathNode, node *ir.Node) {
		obs.node(p, scopeOf(node)).Occurrences++
		switch v.Kind {
		case jsonval.Array:
			for i, e := range v.Arr {
				switch {
				case node == nil:
					walk(e, t.indexChild(p, i), nil)
				case i < len(node.PrefixItems):
					walk(e, t.indexChild(p, i), node.PrefixItems[i])
				default:
					walk(e, t.child(p, "*"), node.Items)
				}
			}
		case jsonval.Object:
			for _, m := range v.Obj {
				var child *ir.Node
				if node != nil {
					child = node.Property(m.Key)
				}
				walk(m.Value, t.child(p, align.EscapePointerToken(m.Key)), child)
			}
		}
	}
	walk(gold, t.root, root)
}

// sortedPaths returns the keys of m in order (for deterministic output).
func sortedPaths[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
