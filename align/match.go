// Package align holds what oagen's interpreter (package interp) and the
// scorers that oagen gen writes share, so that both compute the same bits:
//
//   - the primitive comparators (docs/SCORING.md §3): [Jaro], [JaroWinkler],
//     [Levenshtein], [OSA], [DamerauLevenshtein], [Indel], [LCSSeq] and the number
//     comparators, [ApplyThreshold], and the [Registry] that resolves comparator
//     names, custom ones included ([CustomComparator]);
//   - the arithmetic rules of docs/SCORING.md §10: [PairwiseSum], [NeumaierSum]
//     and [Clamp01];
//   - the match tree ([Match], docs/SCORING.md §1.5) that an alignment builds;
//   - the repair operations ([Op], docs/SCORING.md §8): [WalkRepairs] derives them
//     from a match tree, [RankOps] filters and orders them, and [Attribute]
//     decomposes the deficit by location (docs/SCORING.md §9.2);
//   - [WLTieBreak], the integration of structural colours into a bijection's
//     cost matrix (docs/SCORING.md §7.8).
//
// The assignment solver, the order-preserving alignment and the
// Weisfeiler–Leman refinement are the subpackages hungarian, seqdp and wl;
// turning operations into text is package feedback. Package align depends on
// nothing but package jsonval and the standard library: no schema model,
// validator, interpreter or generator.
package align

import "github.com/objectaligner/oagen/jsonval"

// NodeType is the shape of a match-tree node.
type NodeType uint8

// The match-tree node types of docs/SCORING.md §1.5.
const (
	LeafNode   NodeType = iota // MatchItem
	ListNode                   // MatchList
	ObjectNode                 // MatchDict
)

// LeafKind is the kind of a leaf (docs/SCORING.md §1.5).
type LeafKind uint8

// The leaf kinds.
const (
	LeafPlain  LeafKind = iota // "" : a primitive comparison or an unmatched element
	LeafID                     // "id"
	LeafRef                    // "ref"
	LeafNull                   // "null"
	LeafAbsent                 // "absent": a tuple position neither side has
	LeafBranch                 // "branch": the two values are in different branches of a union (score 0)
)

// ListKind is the kind of a list node (docs/SCORING.md §1.5).
type ListKind uint8

// The list kinds.
const (
	ListFixed    ListKind = iota // order: "fixed" tail
	ListReorder                  // order: "align" tail
	ListPrefix                   // tuple head only
	ListCombined                 // tuple head plus tail
)

// Role is the entry role of a list child (docs/SCORING.md §1.5).
type Role uint8

// The entry roles.
const (
	RoleMatched Role = iota
	RoleMissing      // a gold element left unpaired
	RoleExcess       // a candidate element left unpaired
	RoleAbsent       // tuple sentinel
)

// Match is one node of the match tree. Which fields are meaningful depends on
// Type. The tree also records the effective-weight factors ("alphas", docs/SCORING.md §8.2)
// of its children, so that the repair walk needs no schema.
type Match struct {
	Type       NodeType
	Score      float64
	Confidence float64

	// Leaf fields.
	Leaf LeafKind
	// Gold and Pred are the (aligned) values of the two sides; HasGold/HasPred
	// are false when a side is absent (an unmatched element), which is
	// distinct from a JSON null value.
	Gold, Pred       jsonval.Value
	HasGold, HasPred bool
	// MappedPred is, for a ref leaf scored through a bijection, the
	// candidate-space id the gold reference maps to (HasMapped false: ⊥, or
	// no bijection consulted).
	MappedPred jsonval.Value
	HasMapped  bool
	// Consulted is true for ref leaves scored through a bijection (rule 2 of
	// docs/SCORING.md §7.4), as opposed to masked ones.
	Consulted bool
	// GoldBranch and PredBranch label the union branches of the two values
	// of a branch leaf (LeafBranch, docs/SCORING.md §1.8); "" otherwise.
	GoldBranch, PredBranch string

	// List fields.
	List     ListKind
	Children []ListChild

	// Object fields.
	Entries []ObjectEntry
}

// ListChild is one entry of a list node.
type ListChild struct {
	Role  Role
	Alpha float64 // effective-weight factor of docs/SCORING.md §8.2 (0: skipped by the walk)
	Match *Match
	// GoldIndex and PredIndex are the indices, in the gold and candidate
	// arrays (tuple head included), of the elements the entry holds; -1 for
	// a side the entry does not have. A missing entry that a zero-score
	// pairing left behind keeps, in PredIndex, the candidate element it was
	// paired with when that element is JSON null (the null produced no entry
	// of its own, docs/SCORING.md §5.2); an excess entry likewise keeps a JSON-null gold
	// partner in GoldIndex. The interpreter and generated scorers
	// (align/genrt) set both; only the candidate-space walk reads them.
	GoldIndex, PredIndex int
}

// ObjectEntry is one (key, value) entry of an object node (docs/SCORING.md §6.2).
type ObjectEntry struct {
	GoldKey, PredKey       string
	HasGoldKey, HasPredKey bool
	KeyScore               float64
	KeyAlpha, ValueAlpha   float64 // docs/SCORING.md §8.2, with the docs/SCORING.md §8.5 corrections
	Value                  *Match
	// KeyConfidence is the pairing confidence of the entry's key pair
	// (docs/SCORING.md §9.3), set (HasKeyConfidence) on paired entries of a tree built
	// with confidences; a key rename mixes it into its confidence.
	KeyConfidence    float64
	HasKeyConfidence bool
	// GoldFill and PredFill are the values a side that lacks the member is
	// taken to hold (docs/SCORING.md §6.10: its default, or null), marked
	// by HasGoldFill and HasPredFill; the candidate-space walk shows them
	// where the side's own value is absent.
	GoldFill, PredFill       jsonval.Value
	HasGoldFill, HasPredFill bool
}
