package ir

import (
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/internal/suggest"
	"github.com/objectaligner/oagen/jsonval"
)

// Use says where an Object Aligner keyword has an effect: the "on" column of
// docs/SCORING.md §2.1 as data. Compile reports a keyword on a node where it
// has no effect as an error (docs/SCORING.md §2.3); package structtag checks
// oa tags against the same table, and oagen explain prints it.
type Use struct {
	// Keyword is the keyword's name.
	Keyword string
	// Kinds are the node types the keyword applies to; 0 means every node.
	// A node whose "type" is a union uses the keyword when any of its kinds
	// can.
	Kinds TypeSet
	// Member is true for a keyword that its parent object reads: it has an
	// effect only on a member schema of "properties" (valueWeight).
	Member bool
	// NeedsPrefix and NeedsTail are true for array keywords that act only
	// beside "prefixItems", or beside a tail ("items" other than false).
	NeedsPrefix, NeedsTail bool
	// On is the "on" column of docs/SCORING.md §2.1, for messages and docs.
	On string
	// Section cites the section of docs/SCORING.md that defines the keyword.
	Section string
	// Checked marks keywords whose placement Compile checks with rules of
	// their own: the descent keywords (a warning when the type cannot use
	// them, docs/SCORING.md §2.3) and the referential ones (docs/SCORING.md §7.1).
	Checked bool
}

const scalarKinds = TString | TInteger | TNumber

// uses is the keyword applicability table, in the order of docs/SCORING.md §2.1.
var uses = []Use{
	{Keyword: "type", On: "every node data reaches", Section: "docs/SCORING.md §1.4", Checked: true},
	{Keyword: "score", Kinds: scalarKinds, On: "strings and numbers", Section: "docs/SCORING.md §3.1"},
	{Keyword: "threshold", Kinds: scalarKinds, On: "strings and numbers", Section: "docs/SCORING.md §3.5"},
	{Keyword: "nullScore", On: "every node", Section: "docs/SCORING.md §4"},
	{Keyword: "properties", Kinds: TObject, On: "objects", Section: "docs/SCORING.md §6", Checked: true},
	{Keyword: "keyScore", Kinds: TObject, On: "objects", Section: "docs/SCORING.md §6.1"},
	{Keyword: "keyThreshold", Kinds: TObject, On: "objects", Section: "docs/SCORING.md §6.1"},
	{Keyword: "keyImportance", Kinds: TObject, On: "objects", Section: "docs/SCORING.md §6.5"},
	{Keyword: "valueImportance", Kinds: TObject, On: "objects", Section: "docs/SCORING.md §6.5"},
	{Keyword: "valueWeight", Member: true, On: "member schemas of \"properties\"", Section: "docs/SCORING.md §6.5"},
	{Keyword: "items", Kinds: TArray, On: "arrays", Section: "docs/SCORING.md §5.1", Checked: true},
	{Keyword: "prefixItems", Kinds: TArray, On: "arrays", Section: "docs/SCORING.md §5.5", Checked: true},
	{Keyword: "prefixWeights", Kinds: TArray, NeedsPrefix: true, On: "arrays with \"prefixItems\"", Section: "docs/SCORING.md §5.5"},
	{Keyword: "prefixImportance", Kinds: TArray, NeedsPrefix: true, NeedsTail: true, On: "arrays with \"prefixItems\" and \"items\"", Section: "docs/SCORING.md §5.6"},
	{Keyword: "restImportance", Kinds: TArray, NeedsPrefix: true, NeedsTail: true, On: "arrays with \"prefixItems\" and \"items\"", Section: "docs/SCORING.md §5.6"},
	{Keyword: "order", Kinds: TArray, On: "arrays", Section: "docs/SCORING.md §5.1"},
	{Keyword: "ignoreExcess", Kinds: TArray, On: "arrays", Section: "docs/SCORING.md §5.7"},
	{Keyword: "ignoreMissing", Kinds: TArray, On: "arrays", Section: "docs/SCORING.md §5.7"},
	{Keyword: "idScope", Kinds: scalarKinds, On: "strings and numbers under an array", Section: "docs/SCORING.md §7.1", Checked: true},
	{Keyword: "ref", Kinds: scalarKinds, On: "strings and numbers", Section: "docs/SCORING.md §7.1", Checked: true},
	{Keyword: "absentAsDefault", On: "objects (for their members) and member schemas", Section: "docs/SCORING.md §6.10"},
}

// Uses returns the keyword applicability table (a fresh copy), in the order
// of docs/SCORING.md §2.1.
func Uses() []Use { return slices.Clone(uses) }

// UseOf returns the table row of keyword k.
func UseOf(k string) (Use, bool) {
	for _, u := range uses {
		if u.Keyword == k {
			return u, true
		}
	}
	return Use{}, false
}

// AppliesTo reports whether the keyword has an effect on a node permitting
// types t: some kind of t is among u.Kinds. The extra conditions (Member,
// NeedsPrefix, NeedsTail) are the caller's to test.
func (u Use) AppliesTo(t TypeSet) bool { return u.Kinds == 0 || t&u.Kinds != 0 }

// Misplaced returns the message for keyword u on a node permitting types t
// that cannot use it, naming where it would apply, or "" when some kind of t
// can use it. The message speaks of JSON Schema; package structtag words its
// own hint for Go types.
func (u Use) Misplaced(t TypeSet) string {
	if u.AppliesTo(t) {
		return ""
	}
	return u.Applies() + "; " + u.hint(t)
}

// Applies returns `"score" applies to strings and numbers`.
func (u Use) Applies() string {
	return strconv.Quote(u.Keyword) + " applies to " + u.On
}

// hint says where keyword u would have an effect, seen from a node of types t.
func (u Use) hint(t TypeSet) string {
	on := "on " + typeSetPhrase(t)
	switch {
	case u.Kinds == TArray && t&TObject != 0:
		return on + ` it has no effect; put it on an array: a member schema in "properties", or the array whose "items" this is`
	case t&TArray != 0 && u.Kinds&TArray == 0:
		return on + `, put it in "items"`
	case t&TObject != 0 && u.Kinds&TObject == 0:
		return on + `, put it on the member schemas in "properties"`
	case u.Kinds == TArray:
		return on + " it has no effect; put it on the array that holds these values"
	case u.Kinds == TObject:
		return on + " it has no effect; put it on the object that holds these values"
	case t == TBoolean:
		return on + " it has no effect: booleans always compare exactly (docs/SCORING.md §3.4)"
	}
	return on + " it has no effect"
}

// typeSetPhrase names the kinds of t for messages: "an array", "a boolean or null".
func typeSetPhrase(t TypeSet) string {
	var names []string
	for _, tn := range typeNames {
		if t&tn.bit != 0 {
			names = append(names, tn.name)
		}
	}
	if len(names) == 0 {
		return "a node without a type"
	}
	first := names[0]
	article := "a "
	if strings.ContainsRune("aeiou", rune(first[0])) {
		article = "an "
	}
	if len(names) == 1 {
		return article + first
	}
	return article + strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// keywordSynonyms are words users write for an Object Aligner keyword that
// edit distance would not find ("comparator" is far from "score").
var keywordSynonyms = map[string]string{
	"comparator": "score", "compare": "score", "metric": "score", "similarity": "score", "scorer": "score",
	"weight": "valueWeight", "importance": "valueWeight",
	"unordered": "order", "ordered": "order", "sorted": "order", "ordering": "order",
	"identifier": "idScope", "idscope": "idScope", "scope": "idScope",
	"reference": "ref", "refersTo": "ref", "references": "ref",
	"nullable_score": "nullScore",
}

// nearestKeyword returns the Object Aligner keyword closest to the unknown
// keyword k, whatever the distance (a known synonym first).
func nearestKeyword(k string) string {
	if w, ok := keywordSynonyms[k]; ok {
		return w
	}
	if w, ok := keywordSynonyms[strings.ToLower(k)]; ok {
		return w
	}
	return suggest.Nearest(k, oaKeywords)
}

// unknownKeyword reports whether k is neither an Object Aligner keyword, nor
// a standard JSON Schema or OpenAPI keyword, nor an x- extension.
func unknownKeyword(k string) bool {
	return !standardKeywords[k] && !isOAKeyword(k) && !strings.HasPrefix(k, "x-")
}

// noEffect reports keyword k, which has no effect where it is, as an error
// (a warning under Options.NoEffectWarnings).
func (c *compiler) noEffect(k kwEntry, msg string) {
	if c.lenient {
		c.kwWarn(k, "%s", msg+" (ignored)")
		return
	}
	c.kwError(k, "%s", msg)
}

// checkApplicability reports the keywords of node n that have no effect on a
// node of its type (docs/SCORING.md §2.1, §2.3). A node without "type" is
// reported by parseType instead.
func (c *compiler) checkApplicability(n *Node, e *effSchema, referential bool) {
	if n.Types == 0 {
		return
	}
	for _, k := range e.kws {
		u, ok := UseOf(k.key)
		if !ok || u.Checked || u.Member {
			continue
		}
		if referential && (k.key == "score" || k.key == "threshold") {
			continue // ignored with a warning of its own
		}
		if msg := u.Misplaced(n.Types); msg != "" {
			c.noEffect(k, msg)
			continue
		}
		if n.Types&TArray == 0 || !(u.NeedsPrefix || u.NeedsTail) {
			continue
		}
		prefix, hasPrefix := e.get("prefixItems")
		items, hasItems := e.get("items")
		if hasItems && items.val.kind == jsonval.Array && c.index.dialect != draft2020 && !hasPrefix {
			// Draft 2019-09 and earlier (docs/SCORING.md §2.4).
			prefix, hasPrefix = items, true
			items, hasItems = e.get("additionalItems")
		}
		switch {
		case u.NeedsPrefix && !hasPrefix:
			c.noEffect(k, u.Applies()+`; this array has no "prefixItems"`)
		case u.NeedsPrefix && prefix.val.kind == jsonval.Array && len(prefix.val.arr) == 0:
			c.noEffect(k, u.Applies()+`; "prefixItems": [] has no positions`)
		// Without a tail the two weights have nothing to weigh. The
		// reference's own random schemas carry them on tuples, so this is a
		// warning in every profile.
		case u.NeedsTail && !hasItems:
			c.kwWarn(k, "%s", u.Applies()+`; this array has no "items" (ignored)`)
		case u.NeedsTail && items.val.kind == jsonval.Bool && !items.val.b:
			c.kwWarn(k, "%s", u.Applies()+`; "items": false leaves no tail (ignored)`)
		}
	}
}

// checkMemberKeywords reports valueWeight on nodes that are never a member
// of an object (the root, array elements, tuple positions): only a parent's
// "properties" reads it.
func (c *compiler) checkMemberKeywords(root *Node) {
	if len(c.weightKws) == 0 || root == nil {
		return
	}
	members := map[*Node]bool{}
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		for _, p := range n.Properties {
			if p.Node != nil {
				members[p.Node] = true
			}
			walk(p.Node)
		}
		// A map's value schemas weigh its members (docs/SCORING.md §6.8).
		if n.Additional != nil {
			members[n.Additional] = true
			walk(n.Additional)
		}
		for _, pp := range n.Patterns {
			if pp.Node != nil {
				members[pp.Node] = true
			}
			walk(pp.Node)
		}
		walk(n.Items)
		for _, p := range n.PrefixItems {
			walk(p)
		}
	}
	walk(root)
	var bad []*Node
	for n := range c.weightKws {
		if seen[n] && !members[n] {
			bad = append(bad, n)
		}
	}
	for _, n := range bad {
		where := "an array element or tuple position"
		if n == root {
			where = "the root"
		}
		c.noEffect(c.weightKws[n], `"valueWeight" applies to member schemas of "properties"; on `+where+` it has no effect (an array's elements weigh alike; use "prefixWeights" for tuple positions)`)
	}
}
