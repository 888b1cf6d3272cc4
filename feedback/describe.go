package feedback

import (
	"github.com/objectaligner/oagen/align"
	"math"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// Describe renders the prose description of a match tree (docs/SCORING.md §9.1): if
// score is exactly 1, describe.intro.perfect alone; otherwise
// describe.intro.imperfect followed by a walk of the whole tree, with
// trailing whitespace removed. t nil means DefaultTemplates(); user overrides
// of describe.* keys in t apply.
//
// The walk, at depth d (indent = 2·d spaces, the root at depth 0):
//
//   - a leaf renders describe.<kind>.<outcome>, kind item (plain and absent
//     leaves), id, ref or null; outcome match when the score is exactly 1,
//     no_target for a ref leaf without a mapped candidate id, else mismatch.
//     gold and pred are Python str() of the sides ("None" when absent),
//     value (ref leaves) that of MappedPred, score_pct the leaf score;
//   - a list renders describe.list.match or mismatch, then for each child at
//     depth d+1: nothing when the child is a leaf with both sides null or
//     absent; describe.list.excess when it is a leaf whose gold side is null
//     or absent; describe.list.missing when its candidate side is; else the
//     child's own walk;
//   - an object renders describe.dict.match or mismatch, then for each entry
//     at depth d+1 the key line (describe.dict.key.match when the key score
//     is exactly 1, else mismatch; gold and pred are the keys, "None" when a
//     side has none), then describe.dict.value.prefix, the walk of the value
//     at depth d+1 with its leading whitespace removed, and "\n".
//
// Percentages render as round-half-even of 100·v followed by "%". docs/SCORING.md §9.1
// leaves open the depth at which an entry's value is walked; this uses d+1,
// so that the lines below a nested container are indented one step deeper
// than its key line. The optional confidence notes (describe.list.ambiguous,
// describe.dict.ambiguous and the docs/SCORING.md §9.3 suffixes) belong to the opt-in
// confidence feature and are not emitted.
func Describe(score float64, root *align.Match, t *Templates) string {
	set := t.set(styleIdxGepa)
	var a argSet
	if score == 1 {
		a.setString(slotScorePct, pctString(score))
		return set[keyDescribeIntroPerfect].renderString(&a)
	}
	d := describer{set: set}
	d.walk(root, 0)
	body := strings.TrimRightFunc(string(d.buf), isPyWhitespace)
	a.setString(slotScorePct, pctString(score))
	return set[keyDescribeIntroImperfect].renderString(&a) + body
}

// DescribeValidationError renders describe.validation_error (docs/SCORING.md §9.1) for
// a candidate that fails validation at the JSON Pointer path.
func DescribeValidationError(path, message string, t *Templates) string {
	var a argSet
	a.setString(slotPath, path)
	a.setString(slotMessage, message)
	return t.set(styleIdxGepa)[keyDescribeValidationError].renderString(&a)
}

// describer accumulates the walk of Describe.
type describer struct {
	set *templateSet
	buf []byte
	a   argSet
}

// indent returns the indentation of depth d.
func indent(d int) string { return strings.Repeat("  ", d) }

// pctString renders round(100·v) followed by "%", rounding half to even as
// Python's round does.
func pctString(v float64) string {
	r := math.RoundToEven(100 * v)
	if r == 0 {
		r = 0 // no "-0%"
	}
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return pyFloatRepr(r) + "%"
	}
	return strconv.FormatFloat(r, 'f', 0, 64) + "%"
}

// pyStrSide renders one side of a leaf with Python's str(); an absent side
// is None.
func pyStrSide(v jsonval.Value, has bool) string {
	if !has {
		return "None"
	}
	return jsonval.PyStr(v)
}

// sideNull reports whether a leaf side is absent or JSON null.
func sideNull(v jsonval.Value, has bool) bool { return !has || v.IsNull() }

// walk appends the description of m at depth depth.
func (d *describer) walk(m *align.Match, depth int) {
	if m == nil {
		return
	}
	switch m.Type {
	case align.LeafNode:
		d.leaf(m, depth)
	case align.ListNode:
		k := keyDescribeListMismatch
		if m.Score == 1 {
			k = keyDescribeListMatch
		}
		d.header(k, depth, m.Score)
		for _, c := range m.Children {
			cm := c.Match
			if cm == nil {
				continue
			}
			if cm.Type == align.LeafNode {
				gNull, pNull := sideNull(cm.Gold, cm.HasGold), sideNull(cm.Pred, cm.HasPred)
				switch {
				case gNull && pNull:
					continue
				case gNull:
					d.a.setString(slotIndent, indent(depth+1))
					d.a.setString(slotGold, "None")
					d.a.setString(slotPred, pyStrSide(cm.Pred, cm.HasPred))
					d.buf = d.set[keyDescribeListExcess].render(d.buf, &d.a)
					continue
				case pNull:
					d.a.setString(slotIndent, indent(depth+1))
					d.a.setString(slotGold, pyStrSide(cm.Gold, cm.HasGold))
					d.a.setString(slotPred, "None")
					d.buf = d.set[keyDescribeListMissing].render(d.buf, &d.a)
					continue
				}
			}
			d.walk(cm, depth+1)
		}
	case align.ObjectNode:
		k := keyDescribeDictMismatch
		if m.Score == 1 {
			k = keyDescribeDictMatch
		}
		d.header(k, depth, m.Score)
		for i := range m.Entries {
			e := &m.Entries[i]
			kk := keyDescribeDictKeyMismatch
			if e.KeyScore == 1 {
				kk = keyDescribeDictKeyMatch
			}
			d.a.setString(slotIndent, indent(depth+1))
			d.a.setString(slotGold, pyStrSide(jsonval.NewString(e.GoldKey), e.HasGoldKey))
			d.a.setString(slotPred, pyStrSide(jsonval.NewString(e.PredKey), e.HasPredKey))
			d.a.setString(slotScorePct, pctString(e.KeyScore))
			d.buf = d.set[kk].render(d.buf, &d.a)
			d.a.setString(slotIndent, indent(depth+1))
			d.buf = d.set[keyDescribeDictValuePrefix].render(d.buf, &d.a)
			sub := describer{set: d.set}
			sub.walk(e.Value, depth+1)
			d.buf = append(d.buf, strings.TrimLeftFunc(string(sub.buf), isPyWhitespace)...)
			d.buf = append(d.buf, '\n')
		}
	}
}

// header appends a list or object header.
func (d *describer) header(k tkey, depth int, score float64) {
	d.a.setString(slotIndent, indent(depth))
	d.a.setString(slotScorePct, pctString(score))
	d.buf = d.set[k].render(d.buf, &d.a)
}

// leaf appends the line of a leaf.
func (d *describer) leaf(m *align.Match, depth int) {
	var k tkey
	match := m.Score == 1
	switch m.Leaf {
	case align.LeafID:
		k = pick(match, keyDescribeIDMatch, keyDescribeIDMismatch)
	case align.LeafRef:
		switch {
		case match:
			k = keyDescribeRefMatch
		case sideNull(m.MappedPred, m.HasMapped):
			k = keyDescribeRefNoTarget
		default:
			k = keyDescribeRefMismatch
		}
	case align.LeafNull:
		k = pick(match, keyDescribeNullMatch, keyDescribeNullMismatch)
	default:
		k = pick(match, keyDescribeItemMatch, keyDescribeItemMismatch)
	}
	d.a.setString(slotIndent, indent(depth))
	d.a.setString(slotGold, pyStrSide(m.Gold, m.HasGold))
	d.a.setString(slotPred, pyStrSide(m.Pred, m.HasPred))
	d.a.setString(slotValue, pyStrSide(m.MappedPred, m.HasMapped))
	d.a.setString(slotScorePct, pctString(m.Score))
	d.buf = d.set[k].render(d.buf, &d.a)
}

func pick(cond bool, a, b tkey) tkey {
	if cond {
		return a
	}
	return b
}
