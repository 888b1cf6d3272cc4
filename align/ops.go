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
	Gold, Pred jsonval.Value
	PairID     string // "" or "repair_pair_<N>"
	Confidence float64
}
