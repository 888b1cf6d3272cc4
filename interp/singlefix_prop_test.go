package interp_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// TestPropertySingleFix checks docs/SCORING.md §8.4's promise in the default
// profile: applying one fix alone, at its path in the candidate (a missing
// element of an unordered list appended to the list its path names), changes
// the score by exactly its Δ when no other fix interacts with it.
//
// A fix interacts with another when:
//
//   - it removes a member or an element (key_remove, list_item_remove,
//     list_item_excess) and another fix of the pair lies in the same object
//     or array: the removal shrinks that container's denominator, so its
//     gain depends on how the container's other entries score (and in a
//     tuple the elements after it move into its position);
//   - it renames a key to one the candidate uses for another member, which
//     another rename frees (two keys swapped): alone, the name is taken;
//   - it inserts an element where another fix inserts one too (two
//     missing elements before the same candidate element, or at the end):
//     alone, in a tuple, it lands at the position of the first one;
//   - its value refers to a record the candidate lacks, by the fresh id
//     the fix that adds the record gives it (docs/SCORING.md §8.12): alone,
//     the reference has no target;
//   - the fixed candidate aligns otherwise than the candidate did: its
//     bijections differ, a gold element or member paired before is paired
//     no more (an ordered list's alignment maximises the sum of its pairs'
//     similarities, not their mean, docs/SCORING.md §5.3, so a fix can make
//     it dissolve a pair), or the gain exceeds Δ (a better pairing once the
//     value is fixed).
//
// Every other fix must earn exactly its Δ (within 1e-12). The halves of a
// key rename are applied together, as one fix. 1,000 random schemas (100
// under -short), 10,000 with OAGEN_LONG=1; the counts are logged.
func TestPropertySingleFix(t *testing.T) {
	t.Parallel()
	props := gopter.NewProperties(propParams(t, propCases()))
	var fixes, exact, removals, inserts, swaps, fresh, realigned, higher int
	props.Property("a fix alone earns its Δ", prop.ForAll(
		func(seed uint64, depth int) string {
			r := rand.New(rand.NewPCG(seed, 84))
			sg := &schemaGen{r: r}
			root, lay := sg.root(depth)
			schemaJSON := jsonval.AppendJSON(nil, root.json())
			s, err := interp.Compile(schemaJSON, "random.json", interp.Options{})
			if err != nil {
				return "compile: " + err.Error() + "\n  schema: " + string(schemaJSON)
			}
			vg := &valueGen{r: r}
			gold := vg.gold(root, lay)
			cand := vg.damage(root, gold, 0.2)
			where := fmt.Sprintf("\n  schema: %s\n  gold: %s\n  cand: %s", schemaJSON, jsonText(gold), jsonText(cand))
			res, err := s.Align(gold, cand)
			if err != nil {
				return "align: " + err.Error() + where
			}
			ops, err := res.Repair(interp.RepairOptions{})
			if err != nil {
				return "repair: " + err.Error() + where
			}
			freshIDs := freshIDs(res)
			for i, o := range ops {
				if o.Delta == 0 || o.Kind == align.KindKeyRenameRemove {
					continue
				}
				unit := []align.Op{o}
				if o.PairID != "" {
					for _, p := range ops {
						if p.PairID == o.PairID && p.Kind == align.KindKeyRenameRemove {
							unit = []align.Op{p, o}
						}
					}
				}
				fixed, taken := cand, false
				for _, u := range unit {
					var err error
					fixed, err = applyAtPath(fixed, u)
					if err != nil && u.Kind == align.KindKeyRenameAdd && errors.Is(err, errMemberTaken) {
						taken = true
						break
					}
					if err != nil {
						return fmt.Sprintf("fix %d (%s %s at %q): %v%s", i, u.Op, u.Kind, u.Path, err, where)
					}
				}
				if taken {
					swaps++
					continue
				}
				after, err := s.Align(gold, fixed)
				if err != nil {
					return fmt.Sprintf("fix %d (%s at %q): scoring the fixed candidate: %v%s", i, o.Kind, o.Path, err, where)
				}
				fixes++
				gain := after.Score - res.Score
				switch {
				case math.Abs(gain-o.Delta) <= 1e-12:
					exact++
				case isRemoval(o) && sharesContainer(i, ops):
					removals++
				case o.Kind == align.KindListItemAdd && sameInsertion(i, ops):
					inserts++
				case holdsAny(o.Value, freshIDs):
					fresh++
				case !sameIDs(after.Bijections, res.Bijections) || lostPairs(res.Match, after.Match):
					realigned++
				case gain > o.Delta:
					higher++
				default:
					return fmt.Sprintf("fix %d (%s %s at %q, Δ %.17g) alone changes the score by %.17g (%.17g → %.17g)%s\n  fixed: %s",
						i, o.Op, o.Kind, o.Path, o.Delta, gain, res.Score, after.Score, where, jsonText(fixed))
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 4),
	))
	runProps(t, props)
	t.Logf("%d fixes applied alone: %d earn exactly their Δ; interacting: %d removals beside other fixes of their container, %d insertions at the place of another, %d renames to a key another rename frees, %d referring to a record another fix adds, %d that align otherwise once fixed (records, elements or members paired otherwise), %d that gain more (a better alignment)", fixes+swaps, exact, removals, inserts, swaps, fresh, realigned, higher)
	if fixes > 0 && exact == 0 {
		t.Error("no fix earned its Δ exactly")
	}
}

// lostPairs reports whether a gold element or member that before pairs
// with a candidate one is unpaired in after (the trees are compared by gold
// paths: gold indices and gold keys).
func lostPairs(before, after *align.Match) bool {
	paired := func(m *align.Match) map[string]bool {
		out := map[string]bool{}
		var walk func(m *align.Match, path string)
		walk = func(m *align.Match, path string) {
			if m == nil {
				return
			}
			for _, ch := range m.Children {
				p := path + "/" + strconv.Itoa(ch.GoldIndex)
				if ch.GoldIndex >= 0 && ch.PredIndex >= 0 {
					out[p] = true
				}
				if ch.GoldIndex >= 0 {
					walk(ch.Match, p)
				}
			}
			for _, e := range m.Entries {
				if e.HasGoldKey {
					p := path + "/" + align.EscapePointerToken(e.GoldKey)
					if e.HasPredKey {
						out[p] = true
					}
					walk(e.Value, p)
				}
			}
		}
		walk(m, "")
		return out
	}
	a := paired(after)
	for p := range paired(before) {
		if !a[p] {
			return true
		}
	}
	return false
}

// sameInsertion reports whether another operation of ops than ops[i] adds
// an element at its path.
func sameInsertion(i int, ops []align.Op) bool {
	for j, p := range ops {
		if j != i && p.Kind == align.KindListItemAdd && p.Path == ops[i].Path {
			return true
		}
	}
	return false
}

// freshIDs returns the fresh identifiers the operations of res give the
// gold records the candidate lacks.
func freshIDs(res *interp.Result) []jsonval.Value {
	var out []jsonval.Value
	written := res.CandidateIDs()
	for si, b := range res.Bijections {
		for k, p := range b.Pairs {
			if !p.HasCandidate {
				out = append(out, written[si].Pairs[k].Candidate)
			}
		}
	}
	return out
}

// holdsAny reports whether v is, or holds, one of ids.
func holdsAny(v jsonval.Value, ids []jsonval.Value) bool {
	for _, id := range ids {
		if jsonval.Equal(v, id) {
			return true
		}
	}
	for _, e := range v.Arr {
		if holdsAny(e, ids) {
			return true
		}
	}
	for _, m := range v.Obj {
		if holdsAny(m.Value, ids) {
			return true
		}
	}
	return false
}

// isRemoval reports whether o removes a member or an element.
func isRemoval(o align.Op) bool {
	switch o.Kind {
	case align.KindKeyRemove, align.KindListItemRemove, align.KindListItemExcess:
		return true
	}
	return false
}

// sharesContainer reports whether another fix of ops than ops[i] lies in
// the object or array that its path is in (one of Δ 0 included: a tuple
// removes the positions after a removed one to keep them in place).
func sharesContainer(i int, ops []align.Op) bool {
	o := ops[i]
	parent := o.Path[:strings.LastIndexByte(o.Path, '/')]
	for j, p := range ops {
		if j != i && (p.Path == parent || strings.HasPrefix(p.Path, parent+"/")) {
			return true
		}
	}
	return false
}

// applyAtPath applies one operation to v at its Path, read as an RFC 6902
// operation on the candidate as it is (docs/SCORING.md §8.4), except that
// the missing element of an unordered list (list_item_missing, whose path is
// the list's) is appended to it.
func applyAtPath(v jsonval.Value, o align.Op) (jsonval.Value, error) {
	var toks []string
	if o.Path != "" {
		toks = strings.Split(o.Path[1:], "/")
		for i, t := range toks {
			toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		}
	}
	if o.Kind == align.KindListItemMissing {
		return editAt(v, toks, func(list jsonval.Value) (jsonval.Value, error) {
			if list.Kind != jsonval.Array {
				return list, fmt.Errorf("not an array")
			}
			return jsonval.NewArray(append(slices.Clone(list.Arr), o.Value)), nil
		})
	}
	if len(toks) == 0 {
		if o.Op != "replace" {
			return v, fmt.Errorf("%s at the root", o.Op)
		}
		return o.Value, nil
	}
	last := toks[len(toks)-1]
	return editAt(v, toks[:len(toks)-1], func(c jsonval.Value) (jsonval.Value, error) {
		switch c.Kind {
		case jsonval.Object:
			members := slices.Clone(c.Obj)
			k := slices.IndexFunc(members, func(m jsonval.Member) bool { return m.Key == last })
			switch {
			case o.Op == "add" && k < 0:
				members = append(members, jsonval.Member{Key: last, Value: o.Value})
			case o.Op == "remove" && k >= 0:
				members = slices.Delete(members, k, k+1)
			case o.Op == "replace" && k >= 0:
				members[k].Value = o.Value
			case o.Op == "add":
				return c, fmt.Errorf("add of member %q: %w", last, errMemberTaken)
			default:
				return c, fmt.Errorf("%s of member %q (present: %v)", o.Op, last, k >= 0)
			}
			return jsonval.NewObject(members), nil
		case jsonval.Array:
			i, err := strconv.Atoi(last)
			n := len(c.Arr)
			if o.Op != "add" {
				n--
			}
			if err != nil || i < 0 || i > n {
				return c, fmt.Errorf("%s at index %q of an array of %d", o.Op, last, len(c.Arr))
			}
			elems := slices.Clone(c.Arr)
			switch o.Op {
			case "add":
				elems = slices.Insert(elems, i, o.Value)
			case "remove":
				elems = slices.Delete(elems, i, i+1)
			default:
				elems[i] = o.Value
			}
			return jsonval.NewArray(elems), nil
		}
		return c, fmt.Errorf("%s inside a %v", o.Op, c.Kind)
	})
}

// errMemberTaken is the error of an add of a member the object has.
var errMemberTaken = errors.New("the object has the member")

// editAt returns v with the value at the pointer tokens toks replaced by
// f's result.
func editAt(v jsonval.Value, toks []string, f func(jsonval.Value) (jsonval.Value, error)) (jsonval.Value, error) {
	if len(toks) == 0 {
		return f(v)
	}
	switch v.Kind {
	case jsonval.Object:
		for k, m := range v.Obj {
			if m.Key == toks[0] {
				sub, err := editAt(m.Value, toks[1:], f)
				if err != nil {
					return v, err
				}
				members := slices.Clone(v.Obj)
				members[k].Value = sub
				return jsonval.NewObject(members), nil
			}
		}
		return v, fmt.Errorf("no member %q", toks[0])
	case jsonval.Array:
		i, err := strconv.Atoi(toks[0])
		if err != nil || i < 0 || i >= len(v.Arr) {
			return v, fmt.Errorf("no element %q in an array of %d", toks[0], len(v.Arr))
		}
		sub, err := editAt(v.Arr[i], toks[1:], f)
		if err != nil {
			return v, err
		}
		elems := slices.Clone(v.Arr)
		elems[i] = sub
		return jsonval.NewArray(elems), nil
	}
	return v, fmt.Errorf("no %q inside a %v", toks[0], v.Kind)
}
