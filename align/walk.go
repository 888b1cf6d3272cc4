package align

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// Granularity selects which repair operations the walk emits (docs/SCORING.md §8.6).
type Granularity string

// The granularities.
const (
	GranularityLeaf    Granularity = "leaf"
	GranularitySubtree Granularity = "subtree"
	GranularityAll     Granularity = "all"
)

// ParseGranularity validates a granularity name ("" means leaf).
func ParseGranularity(s string) (Granularity, error) {
	switch Granularity(s) {
	case "", GranularityLeaf:
		return GranularityLeaf, nil
	case GranularitySubtree, GranularityAll:
		return Granularity(s), nil
	}
	return "", fmt.Errorf("granularity %q: want leaf, subtree or all", s)
}

// WalkRepairs walks a match tree and returns its repair operations in walk
// order (docs/SCORING.md §8.3), before ranking. gold and pred are the original root
// values; the walk indexes them by entry position (docs/SCORING.md §8.3).
func WalkRepairs(root *Match, gold, pred jsonval.Value, g Granularity) []Op {
	if root == nil {
		return nil
	}
	w := walker{granularity: g}
	w.node(root, "", gold, pred, true, true, "", 1.0, &w.ops)
	return w.ops
}

type walker struct {
	granularity Granularity
	pairs       int
	ops         []Op
}

// listKindName is the reference's name of a list kind.
func listKindName(k ListKind) string {
	switch k {
	case ListReorder:
		return "reorder"
	case ListPrefix:
		return "prefix"
	case ListCombined:
		return "combined"
	}
	return "fixed"
}

func (w *walker) node(m *Match, path string, goldSub, predSub jsonval.Value, hasG, hasP bool, plk string, c float64, out *[]Op) {
	switch m.Type {
	case LeafNode:
		w.leaf(m, path, plk, c, out)
	case ListNode:
		w.list(m, path, goldSub, predSub, c, out)
	case ObjectNode:
		w.object(m, path, goldSub, predSub, c, out)
	}
}

func delta(c, s float64) float64 { return float64(c * (1 - s)) }

// leaf handles a leaf reached directly: as the root or as an object value.
func (w *walker) leaf(m *Match, path, plk string, c float64, out *[]Op) {
	if m.Score >= 1 && m.Leaf != LeafNull {
		return
	}
	switch m.Leaf {
	case LeafID, LeafAbsent:
		return
	case LeafNull:
		if m.Score < 1 {
			*out = append(*out, Op{Op: "replace", Kind: KindNullValueReplace, Path: path, Delta: delta(c, m.Score),
				Value: m.Gold, Gold: m.Gold, Pred: m.Pred, Confidence: m.Confidence})
		}
	case LeafRef:
		if m.HasMapped {
			*out = append(*out, Op{Op: "replace", Kind: KindRefFix, Path: path, Delta: delta(c, m.Score),
				Value: m.MappedPred, Gold: m.Gold, Pred: m.Pred, Confidence: m.Confidence})
		} else {
			*out = append(*out, Op{Op: "replace", Kind: KindRefFixNoTarget, Path: path, Delta: delta(c, m.Score),
				Value: m.Gold, Gold: m.Gold, Pred: m.Pred, Confidence: m.Confidence})
		}
	default:
		gNull, pNull := !m.HasGold || m.Gold.IsNull(), !m.HasPred || m.Pred.IsNull()
		if gNull && pNull {
			return
		}
		kind := KindPrimitiveReplace
		if !gNull && !pNull && plk == "reorder" {
			kind = KindPrimitiveReplaceReorder
		}
		*out = append(*out, Op{Op: "replace", Kind: kind, Path: path, Delta: delta(c, m.Score),
			Value: m.Gold, Gold: m.Gold, Pred: m.Pred, Confidence: m.Confidence})
	}
}

func (w *walker) subtree(m *Match, path string, goldSub, predSub jsonval.Value, c float64, out *[]Op) (stop bool) {
	if w.granularity == GranularityLeaf || w.granularity == "" || m.Score >= 1 {
		return false
	}
	*out = append(*out, Op{Op: "replace", Kind: KindSubtreeReplace, Path: path, Delta: delta(c, m.Score),
		Value: goldSub, Gold: goldSub, Pred: predSub, Confidence: m.Confidence})
	return w.granularity == GranularitySubtree
}

func elementAt(v jsonval.Value, i int) jsonval.Value {
	if v.Kind == jsonval.Array && i < len(v.Arr) {
		return v.Arr[i]
	}
	return jsonval.Value{}
}

func memberOf(v jsonval.Value, key string) jsonval.Value {
	if v.Kind != jsonval.Object {
		return jsonval.Value{}
	}
	x, _ := v.Get(key)
	return x
}

func (w *walker) list(m *Match, path string, goldSub, predSub jsonval.Value, c float64, out *[]Op) {
	if w.subtree(m, path, goldSub, predSub, c, out) {
		return
	}
	lk := listKindName(m.List)
	reorder := m.List == ListReorder
	for i, ch := range m.Children {
		if ch.Alpha == 0 {
			continue
		}
		cc := float64(c * ch.Alpha)
		childPath := path + "/" + strconv.Itoa(i)
		cm := ch.Match
		if cm.Type != LeafNode {
			w.node(cm, childPath, elementAt(goldSub, i), elementAt(predSub, i), true, true, lk, cc, out)
			continue
		}
		gNull := !cm.HasGold || cm.Gold.IsNull()
		pNull := !cm.HasPred || cm.Pred.IsNull()
		d := delta(cc, cm.Score)
		switch {
		case ch.Role == RoleAbsent:
		case ch.Role == RoleMissing || (ch.Role == RoleMatched && pNull && !gNull):
			op := Op{Op: "add", Value: cm.Gold, Gold: cm.Gold, Pred: cm.Pred, Delta: d, Confidence: m.Confidence}
			if reorder {
				op.Kind, op.Path = KindListItemMissing, path
			} else {
				op.Kind, op.Path = KindListItemAdd, childPath
			}
			*out = append(*out, op)
		case ch.Role == RoleExcess || (ch.Role == RoleMatched && gNull && !pNull):
			op := Op{Op: "remove", Gold: cm.Gold, Pred: cm.Pred, Delta: d, Confidence: m.Confidence}
			if reorder {
				op.Kind, op.Path = KindListItemExcess, path
			} else {
				op.Kind, op.Path = KindListItemRemove, childPath
			}
			*out = append(*out, op)
		case gNull && pNull:
		case cm.Score < 1:
			op := Op{Op: "replace", Value: cm.Gold, Gold: cm.Gold, Pred: cm.Pred, Delta: d, Confidence: cm.Confidence}
			if reorder {
				op.Kind, op.Path = KindPrimitiveReplaceReorder, path
			} else {
				op.Kind, op.Path = KindPrimitiveReplace, childPath
			}
			*out = append(*out, op)
		}
	}
}

// EscapePointerToken escapes a JSON Pointer token (RFC 6901).
func EscapePointerToken(t string) string {
	if !strings.ContainsAny(t, "~/") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func (w *walker) object(m *Match, path string, goldSub, predSub jsonval.Value, c float64, out *[]Op) {
	if w.subtree(m, path, goldSub, predSub, c, out) {
		return
	}
	for _, e := range m.Entries {
		ck := float64(c * e.KeyAlpha)
		cv := float64(c * e.ValueAlpha)
		vleaf := 0.0
		if e.Value != nil && e.Value.Type == LeafNode {
			vleaf = delta(cv, e.Value.Score)
		}
		switch {
		case !e.HasGoldKey:
			pv := memberOf(predSub, e.PredKey)
			*out = append(*out, Op{Op: "remove", Kind: KindKeyRemove, Path: path + "/" + EscapePointerToken(e.PredKey),
				Delta: delta(ck, e.KeyScore) + vleaf, Pred: pv, Confidence: m.Confidence})
		case !e.HasPredKey:
			gv := memberOf(goldSub, e.GoldKey)
			*out = append(*out, Op{Op: "add", Kind: KindKeyAdd, Path: path + "/" + EscapePointerToken(e.GoldKey),
				Delta: delta(ck, e.KeyScore) + vleaf, Value: gv, Gold: gv, Confidence: m.Confidence})
		case e.GoldKey == e.PredKey:
			w.node(e.Value, path+"/"+EscapePointerToken(e.GoldKey), memberOf(goldSub, e.GoldKey), memberOf(predSub, e.PredKey), true, true, "", cv, out)
		default:
			w.pairs++
			pairID := "repair_pair_" + strconv.Itoa(w.pairs)
			var private []Op
			gv, pv := memberOf(goldSub, e.GoldKey), memberOf(predSub, e.PredKey)
			w.node(e.Value, path+"/"+EscapePointerToken(e.GoldKey), gv, pv, true, true, "", cv, &private)
			gains := make([]float64, len(private))
			for i, op := range private {
				gains[i] = op.Delta
			}
			valueGain := NeumaierSum(gains)
			keyGain := delta(ck, e.KeyScore)
			// docs/SCORING.md §9.3: the gain-weighted mix of the key pair's confidence
			// and the value operations' confidences (the key pair's alone
			// when nothing is gained).
			keyConf := m.Confidence
			if e.HasKeyConfidence {
				keyConf = e.KeyConfidence
			}
			conf := keyConf
			if tot := keyGain + valueGain; tot > 0 {
				mix := float64(keyGain * keyConf)
				for _, op := range private {
					mix += float64(op.Delta * op.Confidence)
				}
				conf = mix / tot
			}
			*out = append(*out,
				Op{Op: "remove", Kind: KindKeyRenameRemove, Path: path + "/" + EscapePointerToken(e.PredKey),
					Pred: pv, PairID: pairID, Confidence: conf},
				Op{Op: "add", Kind: KindKeyRenameAdd, Path: path + "/" + EscapePointerToken(e.GoldKey),
					Delta: keyGain + valueGain, Value: gv, Gold: gv, Pred: pv, PairID: pairID, Confidence: conf})
		}
	}
}

// PairingDiagnostics returns one pairing_ambiguous operation for every reorder
// list node and every object node whose confidence is below threshold, in
// pre-order (docs/SCORING.md §8.7 item 2; object children are visited through gold keys
// only).
func PairingDiagnostics(root *Match, threshold float64) []Op {
	var out []Op
	var visit func(m *Match, path string)
	visit = func(m *Match, path string) {
		if m == nil {
			return
		}
		switch m.Type {
		case ListNode:
			if m.List == ListReorder && m.Confidence < threshold {
				out = append(out, diagnostic(path, m.Confidence))
			}
			for i, ch := range m.Children {
				visit(ch.Match, path+"/"+strconv.Itoa(i))
			}
		case ObjectNode:
			if m.Confidence < threshold {
				out = append(out, diagnostic(path, m.Confidence))
			}
			for _, e := range m.Entries {
				if e.HasGoldKey {
					visit(e.Value, path+"/"+EscapePointerToken(e.GoldKey))
				}
			}
		}
	}
	visit(root, "")
	return out
}

func diagnostic(path string, conf float64) Op {
	if path == "" {
		path = "/"
	}
	return Op{Op: "describe", Kind: KindPairingAmbiguous, Path: path, Confidence: conf}
}
