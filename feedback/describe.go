package feedback

import (
	"github.com/objectaligner/oagen/align"
	"math"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/jsonval"
)

// DescribeOptions configures Describe and DescribeValidationError.
type DescribeOptions struct {
	// Templates is the template set (nil: DefaultTemplates()); user
	// overrides of describe.* keys in it apply.
	Templates *Templates
	// Profile selects the text conventions (see Describe).
	Profile Profile
}

// Describe renders the prose description of a match tree (docs/SCORING.md §9.1): if
// score is exactly 1, describe.intro.perfect alone; otherwise
// describe.intro.imperfect followed by a walk of the whole tree, with
// trailing whitespace removed.
//
// The walk, at depth d (indent = 2·d spaces, the root at depth 0):
//
//   - a leaf renders describe.<kind>.<outcome>, kind item (plain and absent
//     leaves), id, ref or null; outcome match when the score is exactly 1,
//     no_target for a ref leaf without a mapped candidate id, else mismatch.
//     gold and pred are the sides (showValue: Python str(), "None" when
//     absent, in the reference profile; JSON text, null when absent, in the
//     default one), value (ref leaves) that of MappedPred, score_pct the
//     leaf score;
//   - a list renders describe.list.match or mismatch, then for each child at
//     depth d+1: nothing when the child is a leaf with both sides null or
//     absent; describe.list.excess when it is a leaf whose gold side is null
//     or absent; describe.list.missing when its candidate side is; else the
//     child's own walk;
//   - an object renders describe.dict.match or mismatch, then for each entry
//     at depth d+1 the key line (describe.dict.key.match when the key score
//     is exactly 1, else mismatch; gold and pred are the keys, shown like
//     values, "None" when a side has none), then describe.dict.value.prefix,
//     the walk of the value at depth d+1 with its leading whitespace removed,
//     and "\n". In the default profile a key one side lacks renders
//     describe.dict.key.missing or describe.dict.key.extra (with the value
//     of the side that has it) and no value line, and an entry whose value
//     walk is empty (an identifier field) has no value line; a blank line
//     still ends every entry.
//
// Percentages render as round-half-even of 100·v followed by "%". docs/SCORING.md §9.1
// leaves open the depth at which an entry's value is walked; this uses d+1,
// so that the lines below a nested container are indented one step deeper
// than its key line. The optional confidence notes (describe.list.ambiguous,
// describe.dict.ambiguous and the docs/SCORING.md §9.3 suffixes) belong to the opt-in
// confidence feature and are not emitted.
func Describe(score float64, root *align.Match, opts DescribeOptions) string {
	set := opts.Templates.set(opts.profile(), styleIdxGepa)
	var a argSet
	if score == 1 {
		a.setString(slotScorePct, pctString(score))
		return set[keyDescribeIntroPerfect].renderString(&a)
	}
	d := describer{set: set, profile: opts.profile()}
	d.walk(root, 0)
	return describeImperfect(set, score, d.buf)
}

// DescribeKindMismatch renders the description of a candidate whose root is
// of another kind than the gold's (docs/SCORING.md §1.3), which has no match
// tree: describe.intro.imperfect followed by describe.root.kind_mismatch, the
// two values shown as in Describe, trailing whitespace removed. Only the
// default profile describes such a pair so; the reference profile's
// description is Describe with a nil tree (the intro line alone).
func DescribeKindMismatch(score float64, gold, pred jsonval.Value, opts DescribeOptions) string {
	set := opts.Templates.set(opts.profile(), styleIdxGepa)
	var a argSet
	a.setString(slotGold, showValue(gold, true, opts.profile()))
	a.setString(slotPred, showValue(pred, true, opts.profile()))
	a.setString(slotScorePct, pctString(score))
	return describeImperfect(set, score, set[keyDescribeRootKindMismatch].render(nil, &a))
}

// describeImperfect returns describe.intro.imperfect followed by body, with
// trailing whitespace removed.
func describeImperfect(set *templateSet, score float64, body []byte) string {
	var a argSet
	a.setString(slotScorePct, pctString(score))
	return set[keyDescribeIntroImperfect].renderString(&a) + strings.TrimRightFunc(string(body), isPyWhitespace)
}

// DescribeValidationError renders describe.validation_error (docs/SCORING.md §9.1) for
// a candidate that fails validation at the JSON Pointer path.
func DescribeValidationError(path, message string, opts DescribeOptions) string {
	var a argSet
	a.setString(slotPath, path)
	a.setString(slotMessage, message)
	return opts.Templates.set(opts.profile(), styleIdxGepa)[keyDescribeValidationError].renderString(&a)
}

// profile is the profile of the options; an unknown one reads as the
// default profile.
func (o DescribeOptions) profile() Profile {
	if !validProfile(o.Profile) {
		return ProfileDefault
	}
	return o.Profile
}

// describer accumulates the walk of Describe.
type describer struct {
	set     *templateSet
	profile Profile
	buf     []byte
	a       argSet
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
					d.a.setString(slotGold, showValue(jsonval.Value{}, false, d.profile))
					d.a.setString(slotPred, showValue(cm.Pred, cm.HasPred, d.profile))
					d.buf = d.set[keyDescribeListExcess].render(d.buf, &d.a)
					continue
				case pNull:
					d.a.setString(slotIndent, indent(depth+1))
					d.a.setString(slotGold, showValue(cm.Gold, cm.HasGold, d.profile))
					d.a.setString(slotPred, showValue(jsonval.Value{}, false, d.profile))
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
			d.entry(&m.Entries[i], depth+1)
		}
	}
}

// entry appends the key and value lines of an object entry at depth depth.
func (d *describer) entry(e *align.ObjectEntry, depth int) {
	d.a.setString(slotIndent, indent(depth))
	d.a.setString(slotGold, showValue(jsonval.NewString(e.GoldKey), e.HasGoldKey, d.profile))
	d.a.setString(slotPred, showValue(jsonval.NewString(e.PredKey), e.HasPredKey, d.profile))
	d.a.setString(slotScorePct, pctString(e.KeyScore))
	reference := d.profile == ProfileReference
	if !reference && e.HasGoldKey != e.HasPredKey && e.Value != nil {
		k, side, has := keyDescribeDictKeyMissing, e.Value.Gold, e.Value.HasGold
		if e.HasPredKey {
			k, side, has = keyDescribeDictKeyExtra, e.Value.Pred, e.Value.HasPred
		}
		d.a.setString(slotValue, showValue(side, has, d.profile))
		d.buf = d.set[k].render(d.buf, &d.a)
		d.buf = append(d.buf, '\n')
		return
	}
	d.buf = d.set[pick(e.KeyScore == 1, keyDescribeDictKeyMatch, keyDescribeDictKeyMismatch)].render(d.buf, &d.a)
	sub := describer{set: d.set, profile: d.profile}
	sub.walk(e.Value, depth)
	value := strings.TrimLeftFunc(string(sub.buf), isPyWhitespace)
	if value == "" && !reference {
		d.buf = append(d.buf, '\n')
		return
	}
	d.a.setString(slotIndent, indent(depth))
	d.buf = d.set[keyDescribeDictValuePrefix].render(d.buf, &d.a)
	d.buf = append(d.buf, value...)
	d.buf = append(d.buf, '\n')
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
	case align.LeafBranch:
		k = keyDescribeBranchMismatch
		d.a.setString(slotGoldBranch, m.GoldBranch)
		d.a.setString(slotPredBranch, m.PredBranch)
	default:
		k = pick(match, keyDescribeItemMatch, keyDescribeItemMismatch)
	}
	d.a.setString(slotIndent, indent(depth))
	d.a.setString(slotGold, showValue(m.Gold, m.HasGold, d.profile))
	d.a.setString(slotPred, showValue(m.Pred, m.HasPred, d.profile))
	d.a.setString(slotValue, showValue(m.MappedPred, m.HasMapped, d.profile))
	d.a.setString(slotScorePct, pctString(m.Score))
	d.buf = d.set[k].render(d.buf, &d.a)
}

func pick(cond bool, a, b tkey) tkey {
	if cond {
		return a
	}
	return b
}
