package align

import (
	"fmt"
	"slices"
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
// order (docs/SCORING.md §8.3), before ranking. gold and pred are the
// original root values; the walk indexes them by entry position
// (docs/SCORING.md §8.3). It is Walk in the reference profile.
func WalkRepairs(root *Match, gold, pred jsonval.Value, g Granularity) []Op {
	return Walk(root, gold, pred, WalkOptions{Granularity: g})
}

// WalkOptions select what the repair walk emits.
type WalkOptions struct {
	// Granularity is leaf (also when empty), subtree or all
	// (docs/SCORING.md §8.6).
	Granularity Granularity
	// Candidate selects the candidate-space walk of the default profile,
	// whose operations apply as written. gold is then the gold value
	// rewritten in the candidate's identifiers (every id and reference
	// through the scope's bijection, ids of gold records without a
	// counterpart replaced by fresh ones), and:
	//
	//   - the values of an operation are the true values at its site: list
	//     elements are found by their indices in the gold and candidate
	//     arrays (ListChild.GoldIndex, PredIndex), not by entry position,
	//     and a missing or extraneous element is the element itself, not
	//     its aligned form;
	//   - a JSON null paired with a value inside an array (a matched pair,
	//     or the null partner of a zero-score pair) gets a
	//     null_value_replace of the candidate element by the gold one,
	//     rather than an add beside it or a remove that leaves the gold's
	//     null unmatched;
	//   - in a tuple, the missing positions before an added one are added
	//     and the extraneous elements after a removed one removed, even at
	//     weight 0 (Δ 0), so that every element keeps its position;
	//   - every operation carries its Site.
	//
	// The tree must come from the interpreter or a generated scorer, whose
	// list children carry their indices.
	Candidate bool
	// Complete adds, to the candidate-space walk, the edits that recover
	// no credit (Δ 0) but that the repaired candidate needs to be whole once
	// every operation is applied (they are edits for package repair, not
	// feedback):
	//
	//   - the renames (kind primitive_replace) of candidate ids and
	//     references that are not the candidate-space identifier of the
	//     gold's: a record whose id the candidate gives to two records, a
	//     record the alignment pairs otherwise than the bijection does (as
	//     happens between records that tie), an identifier whose lexical
	//     form cannot be the gold's; they keep the references the other
	//     operations write pointing at the records they mean;
	//   - the operations of the list children that carry no weight: the
	//     elements an ignoreMissing or ignoreExcess list leaves out of its
	//     score, tuple positions of weight 0, a head or tail of importance
	//     0. Such parts do not count in the score, but they still take part
	//     in the pairing of records (docs/SCORING.md §7.5: a kind mismatch
	//     there makes a whole record pair score 0 while the bijection is
	//     derived).
	//
	// Renames that only trade identifiers between elements of a reorder
	// list that are equal once repaired are left out (dropRenameSwaps).
	// With Complete, the repaired candidate is the gold in the candidate's
	// identifiers wherever the two were aligned.
	Complete bool
}

// Walk walks a match tree and returns its repair operations in walk order
// (docs/SCORING.md §8.3), before ranking. gold and pred are the root values
// (see WalkOptions.Candidate for the candidate-space walk).
func Walk(root *Match, gold, pred jsonval.Value, opts WalkOptions) []Op {
	if root == nil {
		return nil
	}
	w := walker{granularity: opts.Granularity, cand: opts.Candidate, complete: opts.Candidate && opts.Complete}
	w.node(root, "", "", gold, pred, "", 1.0, &w.ops)
	if w.cand {
		for i := range w.ops {
			o := &w.ops[i]
			o.Site.Entry, o.Path = o.Path, candidatePath(o)
		}
	}
	return w.ops
}

// candidatePath is the path of an operation of the candidate-space walk
// (docs/SCORING.md §8.4): the JSON Pointer, in the candidate as it is, where
// the edit applies — its Site's pointer (an existing element by its
// candidate index, a missing one by the index it would be inserted at, a
// missing member by the key it would be added under), except for a missing
// element of an unordered list, named by the list.
func candidatePath(o *Op) string {
	if o.Kind == KindListItemMissing {
		return parentPointer(o.Site.Pointer)
	}
	return o.Site.Pointer
}

// parentPointer returns the pointer of the value holding the one at ptr
// ("" for the root and its children).
func parentPointer(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		return ptr[:i]
	}
	return ""
}

type walker struct {
	granularity Granularity
	cand        bool // candidate-space walk
	complete    bool // with the edits of WalkOptions.Complete
	pairs       int
	ops         []Op
}

// site returns the Site of an operation at the candidate pointer ptr, or nil
// outside the candidate-space walk.
func (w *walker) site(ptr string, seq int) *Site {
	if !w.cand {
		return nil
	}
	return &Site{Pointer: ptr, Seq: seq}
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

// node walks one match node. path is its gold-side path (docs/SCORING.md
// §8.4), at the pointer of its candidate value, goldSub and predSub the
// values at the node.
func (w *walker) node(m *Match, path, at string, goldSub, predSub jsonval.Value, plk string, c float64, out *[]Op) {
	switch m.Type {
	case LeafNode:
		w.leaf(m, path, at, goldSub, predSub, plk, c, out)
	case ListNode:
		w.list(m, path, at, goldSub, predSub, c, out)
	case ObjectNode:
		w.object(m, path, at, goldSub, predSub, c, out)
	}
}

func delta(c, s float64) float64 { return float64(c * (1 - s)) }

// leaf handles a leaf reached directly: as the root or as an object value.
func (w *walker) leaf(m *Match, path, at string, goldSub, predSub jsonval.Value, plk string, c float64, out *[]Op) {
	if w.complete && renamable(m) {
		w.rename(m, path, at, goldSub, predSub, plk == "reorder", c, out)
		return
	}
	if m.Score >= 1 && m.Leaf != LeafNull {
		return
	}
	g, p := m.Gold, m.Pred
	if w.cand {
		g, p = goldSub, predSub
	}
	op := Op{Op: "replace", Path: path, Delta: delta(c, m.Score), Value: g, Gold: g, Pred: p,
		HasGold: m.HasGold, HasPred: m.HasPred, Confidence: m.Confidence, Site: w.site(at, 0)}
	switch m.Leaf {
	case LeafID, LeafAbsent:
		return
	case LeafBranch:
		op.Kind, op.GoldBranch, op.PredBranch = KindBranchReplace, m.GoldBranch, m.PredBranch
	case LeafNull:
		if m.Score >= 1 {
			return
		}
		op.Kind = KindNullValueReplace
	case LeafRef:
		// The candidate-space walk writes the gold's reference in the
		// candidate's identifiers (gold); the reference walk, mappedPred.
		op.Kind = KindRefFixNoTarget
		if m.HasMapped {
			op.Kind = KindRefFix
			if !w.cand {
				op.Value = m.MappedPred
			}
		}
	default:
		gNull, pNull := !m.HasGold || m.Gold.IsNull(), !m.HasPred || m.Pred.IsNull()
		if gNull && pNull {
			return
		}
		op.Kind = KindPrimitiveReplace
		if !gNull && !pNull && plk == "reorder" {
			op.Kind = KindPrimitiveReplaceReorder
		}
	}
	*out = append(*out, op)
}

// renamable reports whether a leaf holds an identifier the candidate-space
// walk may have to rename (WalkOptions.Complete): an id, or a reference that
// scores 1 (one that does not gets a fix of its own).
func renamable(m *Match) bool {
	return m.Leaf == LeafID || (m.Leaf == LeafRef && m.Score >= 1)
}

// rename emits the rename of a candidate id, or of a reference, that is not
// the candidate-space identifier of the gold's (WalkOptions.Complete).
func (w *walker) rename(m *Match, path, at string, g, p jsonval.Value, inReorder bool, c float64, out *[]Op) {
	if !m.HasGold || !m.HasPred || jsonval.Equal(g, p) {
		return
	}
	kind := KindPrimitiveReplace
	if inReorder {
		kind = KindPrimitiveReplaceReorder
	}
	*out = append(*out, Op{Op: "replace", Kind: kind, Path: path, Delta: delta(c, m.Score), Value: g, Gold: g, Pred: p,
		HasGold: true, HasPred: true, Confidence: m.Confidence, Site: w.site(at, 0), rename: true})
}

func (w *walker) subtree(m *Match, path, at string, goldSub, predSub jsonval.Value, c float64, out *[]Op) (stop bool) {
	if w.granularity == GranularityLeaf || w.granularity == "" || m.Score >= 1 {
		return false
	}
	*out = append(*out, Op{Op: "replace", Kind: KindSubtreeReplace, Path: path, Delta: delta(c, m.Score),
		Value: goldSub, Gold: goldSub, Pred: predSub, HasGold: true, HasPred: true, Confidence: m.Confidence,
		Site: w.site(at, 0)})
	return w.granularity == GranularitySubtree
}

// elementAt returns element i of an array, or null (i out of range, v not an
// array).
func elementAt(v jsonval.Value, i int) jsonval.Value {
	if v.Kind == jsonval.Array && i >= 0 && i < len(v.Arr) {
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

// anchors returns, for the candidate-space walk, the candidate index every
// entry of a list node would be inserted before: the index of the next entry
// holding a candidate element, or the array's length (always, for a reorder
// list, where order does not matter).
func anchors(m *Match, predSub jsonval.Value) []int {
	a := make([]int, len(m.Children))
	next := len(predSub.Arr)
	for i := len(m.Children) - 1; i >= 0; i-- {
		a[i] = next
		if ch := m.Children[i]; ch.PredIndex >= 0 && m.List != ListReorder {
			next = ch.PredIndex
		}
	}
	return a
}

// heldPositions returns, for the candidate-space walk of a tuple (prefix or
// combined list), where missing and extraneous elements must be added or
// removed even at weight 0 (Δ 0), because a tuple position is its index:
// missing entries before addBefore (the last entry the walk adds an element
// for), so that the added elements land at their positions; extraneous
// entries after removeFrom (the first entry the walk removes), so that no
// element moves into the position of a removed one.
func heldPositions(m *Match) (addBefore, removeFrom int) {
	addBefore, removeFrom = 0, len(m.Children)
	if m.List != ListPrefix && m.List != ListCombined {
		return addBefore, removeFrom
	}
	for i, ch := range m.Children {
		if ch.Alpha == 0 {
			continue
		}
		switch ch.Role {
		case RoleMissing:
			addBefore = i
		case RoleExcess:
			removeFrom = min(removeFrom, i)
		}
	}
	return addBefore, removeFrom
}

func (w *walker) list(m *Match, path, at string, goldSub, predSub jsonval.Value, c float64, out *[]Op) {
	if w.subtree(m, path, at, goldSub, predSub, c, out) {
		return
	}
	lk := listKindName(m.List)
	reorder := m.List == ListReorder
	var anchor []int
	addBefore, removeFrom := 0, len(m.Children) // tuple positions held in place
	if w.cand {
		anchor = anchors(m, predSub)
		addBefore, removeFrom = heldPositions(m)
	}
	var matched []matchedSpan // the operations of matched children, for dropRenameSwaps
	for i, ch := range m.Children {
		held := w.complete || (ch.Role == RoleMissing && i < addBefore) || (ch.Role == RoleExcess && i > removeFrom)
		if ch.Alpha == 0 && !held {
			continue
		}
		cc := float64(c * ch.Alpha)
		childPath := path + "/" + strconv.Itoa(i)
		// The element path of an operation: the list's own for the
		// elements of a reorder list (docs/SCORING.md §8.4).
		elemPath := childPath
		if reorder {
			elemPath = path
		}
		cm := ch.Match
		gv, pv := elementAt(goldSub, i), elementAt(predSub, i)
		hasG, hasP := ch.Role != RoleExcess, ch.Role != RoleMissing
		childAt := ""
		if w.cand {
			gv, pv = elementAt(goldSub, ch.GoldIndex), elementAt(predSub, ch.PredIndex)
			hasG, hasP = ch.GoldIndex >= 0, ch.PredIndex >= 0
			childAt = at + "/" + strconv.Itoa(ch.PredIndex)
		}
		if cm.Type != LeafNode {
			start := len(*out)
			w.node(cm, childPath, childAt, gv, pv, lk, cc, out)
			matched = append(matched, matchedSpan{gv, childAt, start, len(*out)})
			continue
		}
		if w.complete && ch.Role == RoleMatched && renamable(cm) {
			start := len(*out)
			w.rename(cm, elemPath, childAt, gv, pv, reorder, cc, out)
			matched = append(matched, matchedSpan{gv, childAt, start, len(*out)})
			continue
		}
		if !w.cand {
			// The reference reports leaves by their aligned values.
			gv, pv = cm.Gold, cm.Pred
		}
		gNull := !cm.HasGold || cm.Gold.IsNull()
		pNull := !cm.HasPred || cm.Pred.IsNull()
		d := delta(cc, cm.Score)
		switch {
		case ch.Role == RoleAbsent:
		case w.cand && hasG && hasP && gv.IsNull() != pv.IsNull():
			if cm.Score < 1 {
				*out = append(*out, Op{Op: "replace", Kind: KindNullValueReplace, Path: elemPath, Delta: d,
					Value: gv, Gold: gv, Pred: pv, HasGold: true, HasPred: true, Confidence: cm.Confidence,
					Site: w.site(childAt, i)})
			}
		case ch.Role == RoleMissing || (ch.Role == RoleMatched && pNull && !gNull):
			op := Op{Op: "add", Value: gv, Gold: gv, Pred: pv, HasGold: true, HasPred: hasP, Delta: d, Confidence: m.Confidence}
			if reorder {
				op.Kind, op.Path = KindListItemMissing, path
			} else {
				op.Kind, op.Path = KindListItemAdd, childPath
			}
			if w.cand {
				op.Site = w.site(at+"/"+strconv.Itoa(anchor[i]), i)
			}
			*out = append(*out, op)
		case ch.Role == RoleExcess || (ch.Role == RoleMatched && gNull && !pNull):
			op := Op{Op: "remove", Gold: gv, Pred: pv, HasGold: hasG, HasPred: true, Delta: d, Confidence: m.Confidence,
				Site: w.site(childAt, i)}
			if reorder {
				op.Kind, op.Path = KindListItemExcess, path
			} else {
				op.Kind, op.Path = KindListItemRemove, childPath
			}
			*out = append(*out, op)
		case gNull && pNull:
		case cm.Score < 1:
			op := Op{Op: "replace", Value: gv, Gold: gv, Pred: pv, HasGold: true, HasPred: true, Delta: d,
				Confidence: cm.Confidence, Path: elemPath, Site: w.site(childAt, i)}
			op.Kind = KindPrimitiveReplace
			switch {
			case cm.Leaf == LeafBranch:
				op.Kind, op.GoldBranch, op.PredBranch = KindBranchReplace, cm.GoldBranch, cm.PredBranch
			case reorder:
				op.Kind = KindPrimitiveReplaceReorder
			}
			*out = append(*out, op)
		}
	}
	if w.complete && reorder {
		dropRenameSwaps(out, matched)
	}
	if w.cand && m.List == ListPrefix && removeFrom < len(m.Children) {
		// The elements beyond a tuple without items are not aligned; they
		// would move into the positions removed.
		for j := len(m.Children); j < len(predSub.Arr); j++ {
			jp := "/" + strconv.Itoa(j)
			*out = append(*out, Op{Op: "remove", Kind: KindListItemRemove, Path: path + jp, Pred: predSub.Arr[j],
				HasPred: true, Confidence: m.Confidence, Site: w.site(at+jp, j)})
		}
	}
}

// matchedSpan is the operations *out[start:end] that a matched list child
// emitted, with its gold value (in the candidate's identifiers) and its
// candidate pointer.
type matchedSpan struct {
	gold       jsonval.Value
	at         string
	start, end int
}

// dropRenameSwaps removes the renames (WalkOptions.Complete) among the
// operations of the matched children of a reorder list when all they do is
// trade identifiers between elements that are equal once repaired: undoing
// them gives the same elements in another order, which a reorder list does
// not tell apart. Twin records (equal but for their ids) that the alignment
// pairs in document order and the bijection by their references are the
// case. Once repaired, a child is its gold value; without the renames, its
// gold value with the candidate's identifiers put back. A rename below an
// array inside a child is not undone that way (the candidate's indices are
// not the gold's): such renames are always kept.
func dropRenameSwaps(out *[]Op, spans []matchedSpan) {
	var with, without []string
	for _, s := range spans {
		back, renamed := s.gold, false
		for _, o := range (*out)[s.start:s.end] {
			if !o.rename {
				continue
			}
			var ok bool
			if back, ok = setMember(back, pointerTokens(strings.TrimPrefix(o.Site.Pointer, s.at)), o.Pred); !ok {
				return
			}
			renamed = true
		}
		if renamed {
			with = append(with, string(jsonval.AppendJSON(nil, s.gold)))
			without = append(without, string(jsonval.AppendJSON(nil, back)))
		}
	}
	slices.Sort(with)
	slices.Sort(without)
	if len(with) == 0 || !slices.Equal(with, without) {
		return
	}
	kept := (*out)[:spans[0].start]
	for _, o := range (*out)[spans[0].start:] {
		if !o.rename {
			kept = append(kept, o)
		}
	}
	*out = kept
}

// setMember returns v with the value at the pointer tokens toks, a path of
// object members, replaced by x, copying the objects on the way; ok is false
// when toks do not lead to a value through objects only.
func setMember(v jsonval.Value, toks []string, x jsonval.Value) (_ jsonval.Value, ok bool) {
	if len(toks) == 0 {
		return x, true
	}
	if v.Kind != jsonval.Object {
		return v, false
	}
	for i, m := range v.Obj {
		if m.Key == toks[0] {
			sub, ok := setMember(m.Value, toks[1:], x)
			if !ok {
				return v, false
			}
			obj := slices.Clone(v.Obj)
			obj[i].Value = sub
			return jsonval.NewObject(obj), true
		}
	}
	return v, false
}

// pointerTokens splits a JSON Pointer into unescaped tokens.
func pointerTokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

// EscapePointerToken escapes a JSON Pointer token (RFC 6901).
func EscapePointerToken(t string) string {
	// A byte loop: strings.ContainsAny costs several times as much on the
	// short member names and indices of a walk.
	i := 0
	for i < len(t) && t[i] != '~' && t[i] != '/' {
		i++
	}
	if i == len(t) {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func (w *walker) object(m *Match, path, at string, goldSub, predSub jsonval.Value, c float64, out *[]Op) {
	if w.subtree(m, path, at, goldSub, predSub, c, out) {
		return
	}
	for i, e := range m.Entries {
		ck := float64(c * e.KeyAlpha)
		cv := float64(c * e.ValueAlpha)
		vleaf := 0.0
		if e.Value != nil && e.Value.Type == LeafNode {
			vleaf = delta(cv, e.Value.Score)
		}
		gPath, pAt := path+"/"+EscapePointerToken(e.GoldKey), at+"/"+EscapePointerToken(e.PredKey)
		switch {
		case !e.HasGoldKey:
			pv := memberOf(predSub, e.PredKey)
			*out = append(*out, Op{Op: "remove", Kind: KindKeyRemove, Path: path + "/" + EscapePointerToken(e.PredKey),
				Delta: delta(ck, e.KeyScore) + vleaf, Pred: pv, HasPred: true, Confidence: m.Confidence, Site: w.site(pAt, i)})
		case !e.HasPredKey:
			gv := memberOf(goldSub, e.GoldKey)
			*out = append(*out, Op{Op: "add", Kind: KindKeyAdd, Path: gPath,
				Delta: delta(ck, e.KeyScore) + vleaf, Value: gv, Gold: gv, HasGold: true, Confidence: m.Confidence,
				Site: w.site(at+"/"+EscapePointerToken(e.GoldKey), i)})
		case e.GoldKey == e.PredKey:
			gv, pv := memberOf(goldSub, e.GoldKey), memberOf(predSub, e.PredKey)
			if e.HasGoldFill {
				gv = e.GoldFill
			}
			if !e.HasPredFill {
				w.node(e.Value, gPath, pAt, gv, pv, "", cv, out)
				break
			}
			// The candidate lacks the member and was taken to hold its
			// default: its fix adds the gold's value, with the gain of the
			// fixes of the value.
			var private []Op
			w.node(e.Value, gPath, pAt, gv, e.PredFill, "", cv, &private)
			if len(private) == 0 {
				break
			}
			gains := make([]float64, len(private))
			for k, op := range private {
				gains[k] = op.Delta
			}
			*out = append(*out, Op{Op: "add", Kind: KindKeyAdd, Path: gPath,
				Delta: NeumaierSum(gains), Value: gv, Gold: gv, HasGold: true, Confidence: m.Confidence,
				Site: w.site(at+"/"+EscapePointerToken(e.GoldKey), i)})
		default:
			w.pairs++
			pairID := "repair_pair_" + strconv.Itoa(w.pairs)
			var private []Op
			gv, pv := memberOf(goldSub, e.GoldKey), memberOf(predSub, e.PredKey)
			w.node(e.Value, gPath, pAt, gv, pv, "", cv, &private)
			gains := make([]float64, len(private))
			for k, op := range private {
				gains[k] = op.Delta
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
					Pred: pv, HasPred: true, PairID: pairID, Confidence: conf, Site: w.site(pAt, i)},
				Op{Op: "add", Kind: KindKeyRenameAdd, Path: gPath,
					Delta: keyGain + valueGain, Value: gv, Gold: gv, Pred: pv, HasGold: true, HasPred: true,
					PairID: pairID, Confidence: conf, Site: w.site(at+"/"+EscapePointerToken(e.GoldKey), i)})
		}
	}
}

// PairingDiagnostics returns one pairing_ambiguous operation for every reorder
// list node and every object node whose confidence is below threshold, in
// pre-order (docs/SCORING.md §8.7 item 2; object children are visited through gold keys
// only).
func PairingDiagnostics(root *Match, threshold float64) []Op {
	return pairingDiagnostics(root, threshold, false)
}

// CandidatePairingDiagnostics is PairingDiagnostics with the paths of the
// candidate-space walk (docs/SCORING.md §8.4): each node is named by its
// pointer in the candidate (candidate indices and keys); the nodes only the
// gold has are not visited.
func CandidatePairingDiagnostics(root *Match, threshold float64) []Op {
	return pairingDiagnostics(root, threshold, true)
}

func pairingDiagnostics(root *Match, threshold float64, cand bool) []Op {
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
				switch {
				case !cand:
					visit(ch.Match, path+"/"+strconv.Itoa(i))
				case ch.PredIndex >= 0 && ch.GoldIndex >= 0:
					visit(ch.Match, path+"/"+strconv.Itoa(ch.PredIndex))
				}
			}
		case ObjectNode:
			if m.Confidence < threshold {
				out = append(out, diagnostic(path, m.Confidence))
			}
			for _, e := range m.Entries {
				switch {
				case !cand && e.HasGoldKey:
					visit(e.Value, path+"/"+EscapePointerToken(e.GoldKey))
				case cand && e.HasGoldKey && e.HasPredKey && !e.HasPredFill:
					visit(e.Value, path+"/"+EscapePointerToken(e.PredKey))
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
