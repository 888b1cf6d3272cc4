// Package ir is oagen's schema model. [Compile] parses an annotated JSON
// Schema — standard JSON Schema plus the Object Aligner keywords of
// docs/SCORING.md §2.1 — into a typed intermediate representation: a graph
// of [Node] values with every keyword read and every default applied, local
// $ref/$defs/definitions resolved (docs/SCORING.md §1.7), and the referential
// scopes discovered and ordered (docs/SCORING.md §7.1–7.2).
//
// Compile runs every check of docs/SCORING.md §2.3 and reports all problems
// at once, as an [ErrorList] of [Diagnostic] values located by file, line,
// column and JSON Pointer ("schema.json:4:32: #/properties/name: unknown
// keyword "scroe" (did you mean "score"?)"); warnings are kept in
// [Schema.Warnings]. Every node keeps its source [Position].
//
// One IR feeds two back ends: the interpreter (package interp) and the code
// generator (package gen). Package structtag builds the same IR from Go
// struct types with oa tags.
package ir

import (
	"regexp"
	"slices"

	"github.com/objectaligner/oagen/jsonval"
)

// TypeSet is the set of JSON types a schema node's "type" keyword permits.
type TypeSet uint8

// The JSON Schema type names as TypeSet bits.
const (
	TNull TypeSet = 1 << iota
	TBoolean
	TInteger
	TNumber
	TString
	TArray
	TObject
)

// Has reports whether every type of t2 is in t.
func (t TypeSet) Has(t2 TypeSet) bool { return t&t2 == t2 && t2 != 0 }

// Order is the tail regime of an array node (docs/SCORING.md §5.1).
type Order uint8

// The order regimes.
const (
	OrderFixed Order = iota // "fixed": order-preserving DP (docs/SCORING.md §5.3), the default
	OrderAlign              // "align": order-agnostic assignment (docs/SCORING.md §5.2)
)

// Position locates a schema node in its source.
type Position struct {
	File    string // file name, "" when the schema did not come from a file
	Line    int    // 1-based; 0 when unknown
	Col     int    // 1-based, in bytes; 0 when unknown
	Pointer string // RFC 6901 JSON Pointer of the node inside the schema document
}

// String renders the position as "file:line:col: #pointer" ("line:col:
// #pointer" when no file is known, "#pointer" when no line is known).
func (p Position) String() string {
	return p.format()
}

// Node is one schema node after $ref resolution and defaults. Nodes reachable
// through a recursive $ref form a graph with cycles; every node is immutable
// after Compile returns.
type Node struct {
	// Pos locates the node: the schema object it was compiled from (the
	// $ref target, or the referring object when that adds keywords of its own).
	Pos Position

	// Types is the set of permitted kinds; the nullable anyOf/oneOf pattern
	// (docs/SCORING.md §1.7) and OpenAPI's "nullable": true have already
	// added TNull. A node without "type" takes the types its keywords imply
	// (docs/SCORING.md §2.4): those of its "enum"/"const" values, object for
	// "properties", array for "items"; an any node permits every type.
	Types TypeSet
	// Any marks a node that constrains no type ({}, true, or a node whose
	// keywords imply none): its values compare by the JSON-value rule of
	// docs/SCORING.md §6.9.
	Any bool
	// Nullable is true when the node carries OpenAPI 3.0's "nullable": true
	// (docs/SCORING.md §2.4); Types then has TNull, TypeName does not change.
	Nullable bool
	// TypeName is the "type" keyword when it is a single string ("" otherwise).
	// Several rules test "type is exactly X" (docs/SCORING.md §7.1, §7.6).
	TypeName string

	// Primitive keywords (docs/SCORING.md §3).
	Score     string  // comparator name; "" means the default for the type
	Threshold float64 // default 0
	NullScore float64 // default 0

	// Object keywords (docs/SCORING.md §6).
	Properties []Property // schema order
	KeyScore   string     // "jaro" (default) or "exact"
	// KeyScoreGiven is true when the schema gives "keyScore": a map's keys
	// pair exactly unless it does (docs/SCORING.md §6.8).
	KeyScoreGiven   bool
	KeyThreshold    float64
	KeyImportance   float64 // default 0
	ValueImportance float64 // default 1

	// Additional is the schema of the members "properties" does not name:
	// the "additionalProperties" schema (nil when absent, true or false).
	Additional *Node
	// Patterns are the "patternProperties" in schema order.
	Patterns []PatternProperty
	// Required lists the names in "required" (allOf members joined).
	Required []string
	// AbsentAsDefault is false when the node's "absentAsDefault": false
	// turns off the rules of docs/SCORING.md §6.10 (on an object:
	// for its members; on a member: for that member). Default true.
	AbsentAsDefault bool

	// Default is the node's "default" value when HasDefault.
	Default    jsonval.Value
	HasDefault bool

	// ValueWeight is this node's weight as a member of its parent's properties
	// (docs/SCORING.md §2.1 valueWeight, default 1).
	ValueWeight float64

	// Array keywords (docs/SCORING.md §5).
	Items            *Node   // nil when absent or false (docs/SCORING.md §1.7)
	PrefixItems      []*Node // nil when absent or empty (docs/SCORING.md §2.3)
	PrefixWeights    []float64
	PrefixImportance float64
	RestImportance   float64
	Order            Order
	// OrderGiven is true when the schema gives "order": a uniqueItems array
	// aligns unless it does (docs/SCORING.md §5.10).
	OrderGiven    bool
	UniqueItems   bool // "uniqueItems": true
	IgnoreExcess  bool
	IgnoreMissing bool

	// Referential keywords (docs/SCORING.md §7).
	IDScope string
	Ref     string

	// Union is the branch list of a union node (anyOf/oneOf of several
	// schemas, docs/SCORING.md §1.8), nil for every other node. A union
	// node's Types is the union of its branches' (with TNull for a null
	// branch); its scoring keywords are those of the chosen branch, except
	// ValueWeight and NullScore, which are the union's own.
	Union *Union

	// HasEnum is true when the node carries "enum" (it makes a member exactly
	// comparable for WL labels, docs/SCORING.md §7.6).
	HasEnum bool
	// HasConst is true when the node carries "const".
	HasConst bool

	// Title and Description are the node's "title" and "description"
	// annotations ("" when absent or not strings). The code generator names
	// types and writes doc comments from them.
	Title, Description string
	// Def is the JSON Pointer of the schema object the node's keywords come
	// from after $ref substitution: the innermost $ref target, or the node's
	// own object when it was not reached through $ref. Every use of a $defs
	// entry has the same Def, also where a referring object adds keywords
	// of its own (Pos then names the referring object).
	Def string
	// Keywords are the node's effective keywords after $ref substitution
	// (the referring objects' keywords laid over the target's) and the
	// nullable pattern (the inner schema's keywords with the wrapper's
	// own), scoring and validation keywords alike, for back ends that check
	// validation keywords themselves. When the nullable pattern added null
	// to Types, the "type" keyword among them does not list it.
	Keywords []jsonval.Member

	propIndex     map[string]int
	hasProperties bool // the node has a "properties" keyword
}

// PatternProperty is one member of "patternProperties".
type PatternProperty struct {
	Pattern string
	Re      *regexp.Regexp
	Node    *Node
}

// IsMap reports whether the node is a map (docs/SCORING.md §6.8): an
// object node without a "properties" keyword (an empty "properties" declares
// a record without members) whose members are described by
// "additionalProperties" or "patternProperties", or by nothing at all.
func (n *Node) IsMap() bool {
	return n.Types&TObject != 0 && !n.Any && !n.hasProperties
}

// MemberSchema returns the schema of member key: its "properties" entry,
// else the first "patternProperties" entry whose pattern matches it, else
// "additionalProperties"; nil when none describes it.
func (n *Node) MemberSchema(key string) *Node {
	if p := n.Property(key); p != nil {
		return p
	}
	if _, declared := n.propIndex[key]; declared {
		return nil
	}
	for _, pp := range n.Patterns {
		if pp.Re != nil && pp.Re.MatchString(key) {
			return pp.Node
		}
	}
	return n.Additional
}

// Member returns, with one lookup, the position of member key among the
// node's "properties" (PropertyIndex: -1 when it declares no member of that
// name) and the member's schema (MemberSchema).
func (n *Node) Member(key string) (index int, schema *Node) {
	if i, ok := n.propIndex[key]; ok {
		return i, n.Properties[i].Node
	}
	for _, pp := range n.Patterns {
		if pp.Re != nil && pp.Re.MatchString(key) {
			return -1, pp.Node
		}
	}
	return -1, n.Additional
}

// MemberAt is Member for a member expected at position i of the node's
// "properties" (an object whose keys follow the schema's order): when the
// i-th property is named key it answers without a lookup, since the
// properties' names are distinct (a duplicated key keeps one position).
func (n *Node) MemberAt(key string, i int) (index int, schema *Node) {
	if uint(i) < uint(len(n.Properties)) && n.Properties[i].Name == key {
		return i, n.Properties[i].Node
	}
	return n.Member(key)
}

// MemberSchemaAt is MemberSchema for a member expected at position i of
// the node's "properties" (MemberAt).
func (n *Node) MemberSchemaAt(key string, i int) *Node {
	if uint(i) < uint(len(n.Properties)) && n.Properties[i].Name == key {
		return n.Properties[i].Node
	}
	return n.MemberSchema(key)
}

// PropertyAt is Property for a member expected at position i of the
// node's "properties" (MemberAt).
func (n *Node) PropertyAt(name string, i int) *Node {
	if uint(i) < uint(len(n.Properties)) && n.Properties[i].Name == name {
		return n.Properties[i].Node
	}
	return n.Property(name)
}

// IsRequired reports whether "required" names the member.
func (n *Node) IsRequired(name string) bool { return slices.Contains(n.Required, name) }

// Property is one member of an object node's "properties".
type Property struct {
	Name string
	Node *Node
}

// Property returns the member schema named name, or nil.
func (n *Node) Property(name string) *Node {
	if i, ok := n.propIndex[name]; ok {
		return n.Properties[i].Node
	}
	return nil
}

// PropertyIndex returns the position of the member named name in
// Properties, or -1 when the node does not declare it.
func (n *Node) PropertyIndex(name string) int {
	if i, ok := n.propIndex[name]; ok {
		return i
	}
	return -1
}

// PrefixWeight returns the weight of tuple position i (docs/SCORING.md §5.5): the i-th
// prefixWeights entry, the single entry of a length-1 list, or 1.
func (n *Node) PrefixWeight(i int) float64 {
	switch len(n.PrefixWeights) {
	case 0:
		return 1
	case 1:
		return n.PrefixWeights[0]
	}
	return n.PrefixWeights[i]
}

// Permits reports whether the node's type permits kind k of a value (docs/SCORING.md §1.4).
func (n *Node) Permits(k jsonval.Kind) bool {
	switch k {
	case jsonval.Null:
		return n.Types&TNull != 0
	case jsonval.Bool:
		return n.Types&TBoolean != 0
	case jsonval.Int, jsonval.Float:
		return n.Types&(TInteger|TNumber) != 0
	case jsonval.String:
		return n.Types&TString != 0
	case jsonval.Array:
		return n.Types&TArray != 0
	case jsonval.Object:
		return n.Types&TObject != 0
	}
	return false
}

// EdgeKind is the kind of a schema descent edge (docs/SCORING.md §7.1).
type EdgeKind uint8

// The descent edges that scoring reads.
const (
	EdgeProperty EdgeKind = iota // ("properties", Key)
	EdgeItems                    // ("items")
	EdgePrefix                   // ("prefixItems", Index)
)

// Edge is one step of a schema path.
type Edge struct {
	Kind  EdgeKind
	Key   string // EdgeProperty
	Index int    // EdgePrefix
}

// Path is a schema path: the sequence of edges from the root.
type Path []Edge

// Scope is one referential scope (docs/SCORING.md §7.1).
type Scope struct {
	Name       string
	IDNode     *Node  // the node carrying idScope
	RecordPath Path   // up to and including the last items/prefixItems edge
	IDSuffix   Path   // remainder after RecordPath (may be empty)
	RefPaths   []Path // reference paths in discovery order
	// Degraded is true for scopes in or depending on a cycle (docs/SCORING.md §7.2).
	Degraded bool
}

// RecordNode returns the schema node at the scope's record path.
func (s *Scope) RecordNode(root *Node) *Node { return root.At(s.RecordPath) }

// At returns the node reached from n along p, or nil.
func (n *Node) At(p Path) *Node {
	cur := n
	for _, e := range p {
		if cur == nil {
			return nil
		}
		switch e.Kind {
		case EdgeProperty:
			cur = cur.Property(e.Key)
		case EdgeItems:
			cur = cur.Items
		case EdgePrefix:
			if e.Index < len(cur.PrefixItems) {
				cur = cur.PrefixItems[e.Index]
			} else {
				cur = nil
			}
		}
	}
	return cur
}

// Schema is a compiled schema.
type Schema struct {
	Root *Node
	// Raw is the schema document as decoded (key order kept), for JSON Schema
	// validation (docs/SCORING.md §9.5).
	Raw jsonval.Value
	// ValidationRaw is Raw where OpenAPI's "nullable": true also lets null
	// validate (docs/SCORING.md §2.4), for the default profile; it is Raw
	// when the schema does not use "nullable".
	ValidationRaw jsonval.Value
	// File is the file name the schema came from ("" if none).
	File string
	// Scopes in processing order (docs/SCORING.md §7.2): dependency order, degraded last.
	Scopes []*Scope
	// Warnings raised at compile time (ignored score keywords on id/ref nodes,
	// scope cycles, valueWeight 0 members, ...).
	Warnings []Diagnostic
}

// Scope returns the scope named name, or nil.
func (s *Schema) Scope(name string) *Scope {
	for _, sc := range s.Scopes {
		if sc.Name == name {
			return sc
		}
	}
	return nil
}

// Diagnostic is one compile-time error or warning, located in the schema source.
type Diagnostic struct {
	Pos     Position
	Message string
}

// String renders the diagnostic as "file:line:col: #pointer: message".
func (d Diagnostic) String() string { return d.Pos.format() + ": " + d.Message }

// Comparator is the comparator name of a string or number node in the
// default profile: its "score", else "exact" for an enumeration or a
// constant (docs/SCORING.md §3.8: a label is right or wrong), else base
// (the type's default). The reference profile reads Score alone.
func (n *Node) Comparator(base string) string {
	switch {
	case n.Score != "":
		return n.Score
	case n.HasEnum || n.HasConst:
		return "exact"
	}
	return base
}

// KeyComparator is the key comparator of an object node in the default
// profile: its "keyScore", else "exact" for a map (docs/SCORING.md §6.8),
// else KeyScore's default "jaro". The reference profile reads KeyScore.
func (n *Node) KeyComparator() string {
	if !n.KeyScoreGiven && n.IsMap() {
		return "exact"
	}
	return n.KeyScore
}

// TailOrder is the tail regime of an array node in the default profile:
// its "order", else align for "uniqueItems": true (docs/SCORING.md §5.10),
// else fixed. The reference profile reads Order.
func (n *Node) TailOrder() Order {
	if !n.OrderGiven && n.UniqueItems {
		return OrderAlign
	}
	return n.Order
}
