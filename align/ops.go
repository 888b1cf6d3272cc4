package align

import "github.com/objectaligner/oagen/jsonval"

// OpKind is the fine-grained kind of a repair operation (docs/SCORING.md §8.3).
type OpKind string

// The operation kinds of docs/SCORING.md §8.3.
const (
	KindPrimitiveReplace        OpKind = "primitive_replace"
	KindPrimitiveReplaceReorder OpKind = "primitive_replace_reorder"
	KindKeyAdd                  OpKind = "key_add"
	KindKeyRemove               OpKind = "key_remove"
	KindKeyRenameAdd            OpKind = "key_rename_add"
	KindKeyRenameRemove         OpKind = "key_rename_remove"
	KindListItemAdd             OpKind = "list_item_add"
	KindListItemRemove          OpKind = "list_item_remove"
	KindListItemMissing         OpKind = "list_item_missing"
	KindListItemExcess          OpKind = "list_item_excess"
	KindRefFix                  OpKind = "ref_fix"
	KindRefFixNoTarget          OpKind = "ref_fix_no_target"
	KindSubtreeReplace          OpKind = "subtree_replace"
	KindNullValueReplace        OpKind = "null_value_replace"
	KindPairingAmbiguous        OpKind = "pairing_ambiguous"
	// KindBranchReplace replaces a value that is in another branch of a
	// union than the gold's by the gold (docs/SCORING.md §1.8).
	KindBranchReplace OpKind = "branch_replace"
)

// Op is one repair operation (docs/SCORING.md §8.1).
type Op struct {
	Op    string // "add", "remove", "replace" or "describe"
	Kind  OpKind
	Path  string  // RFC 6901 JSON Pointer
	Delta float64 // scoreDelta: how much of 1 - score the operation recovers
	// Value is the value to write (add/replace); null for remove.
	Value jsonval.Value
	// Gold and Pred are the gold and candidate values at the site.
	// HasGold and HasPred are false for a side the site does not have (the
	// gold side of an extraneous key or list item, the candidate side of a
	// missing one), which is distinct from a JSON null value there.
	Gold, Pred       jsonval.Value
	HasGold, HasPred bool
	PairID           string // "" or "repair_pair_<N>"
	// GoldBranch and PredBranch label the union branches of the gold and
	// candidate values of a branch_replace (docs/SCORING.md §1.8); "" for
	// every other kind.
	GoldBranch, PredBranch string
	Confidence             float64
	// Site is where the operation applies in the candidate as it was
	// scored; only the candidate-space walk sets it (nil otherwise).
	Site *Site

	rename bool // a rename of WalkOptions.Complete (the walk's bookkeeping)
}

// Site locates an operation in the candidate value it was computed for. In
// the candidate-space walk Path is derived from it (docs/SCORING.md §8.4);
// in the reference's walk Path names the gold key of an object step and the
// position in the aligned entry sequence of an array step.
//
// Pointer is an RFC 6901 JSON Pointer into that candidate, before any
// operation is applied: for a replace or a remove, the value replaced or
// removed; for an add into an object, the member to create (the object's
// pointer and the new key); for an add into an array, the array's pointer and
// the index of the candidate element the new element goes before (the
// array's length to append). Adds before the same element go in the order of
// their Seq (their positions in the aligned entry sequence; an object's adds,
// the entry positions of their keys).
//
// Entry is the operation's place in the match tree: its path with the gold
// key of every object step and the entry position of every array step, the
// path the reference profile shows (a report links a fix to the row of the
// alignment it belongs to by it).
type Site struct {
	Pointer string
	Seq     int
	Entry   string
}

// AppendJSON appends the JSON object of an operation to dst:
//
//	{"op","kind","path","delta","value","gold","candidate","pair_id","confidence"}
//
// in that order, with "gold_branch" and "candidate_branch" after
// "candidate" for a branch_replace. "value" is present for add and replace operations only;
// "gold" and "candidate" are present when the operation has that side
// (HasGold, HasPred): a missing side is an absent member, a JSON null side is
// null. Numbers are written as AppendJSON of package jsonval writes floats.
func (o *Op) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"op":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewString(o.Op))
	dst = append(dst, `,"kind":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewString(string(o.Kind)))
	dst = append(dst, `,"path":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewString(o.Path))
	dst = append(dst, `,"delta":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewFloat(o.Delta))
	if o.Op == "add" || o.Op == "replace" {
		dst = append(dst, `,"value":`...)
		dst = jsonval.AppendJSON(dst, o.Value)
	}
	if o.HasGold {
		dst = append(dst, `,"gold":`...)
		dst = jsonval.AppendJSON(dst, o.Gold)
	}
	if o.HasPred {
		dst = append(dst, `,"candidate":`...)
		dst = jsonval.AppendJSON(dst, o.Pred)
	}
	if o.Kind == KindBranchReplace {
		dst = append(dst, `,"gold_branch":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(o.GoldBranch))
		dst = append(dst, `,"candidate_branch":`...)
		dst = jsonval.AppendJSON(dst, jsonval.NewString(o.PredBranch))
	}
	dst = append(dst, `,"pair_id":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewString(o.PairID))
	dst = append(dst, `,"confidence":`...)
	dst = jsonval.AppendJSON(dst, jsonval.NewFloat(o.Confidence))
	return append(dst, '}')
}

// AppendOpsJSON appends a JSON array of operations (see Op.AppendJSON).
func AppendOpsJSON(dst []byte, ops []Op) []byte {
	dst = append(dst, '[')
	for i := range ops {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = ops[i].AppendJSON(dst)
	}
	return append(dst, ']')
}
