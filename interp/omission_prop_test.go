package interp_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// sharedMember is a member that the gold and the candidate both have at the
// same place, reached from the root through object members only.
type sharedMember struct {
	path []string // keys from the root
	node *snode   // the member's schema
}

// sharedMembers lists the members of the objects that g and c hold at the
// same path, where the schema declares them and both sides have them.
func sharedMembers(n *snode, g, c jsonval.Value, path []string, out []sharedMember) []sharedMember {
	if n == nil || g.Kind != jsonval.Object || c.Kind != jsonval.Object || !n.has("object") {
		return out
	}
	for _, p := range n.props {
		gv, okG := g.Get(p.name)
		cv, okC := c.Get(p.name)
		if !okG || !okC {
			continue
		}
		at := append(slices.Clone(path), p.name)
		out = append(out, sharedMember{path: at, node: p.node})
		out = sharedMembers(p.node, gv, cv, at, out)
	}
	return out
}

// editMember returns a copy of v in which the member at path is replaced by
// val, or removed when remove is set.
func editMember(v jsonval.Value, path []string, val jsonval.Value, remove bool) jsonval.Value {
	obj := slices.Clone(v.Obj)
	for i, m := range obj {
		if m.Key != path[0] {
			continue
		}
		switch {
		case len(path) > 1:
			obj[i].Value = editMember(m.Value, path[1:], val, remove)
		case remove:
			obj = slices.Delete(obj, i, i+1)
		default:
			obj[i].Value = val
		}
		break
	}
	return jsonval.NewObject(obj)
}

// goldEntry returns the entry of the gold member at path in a match tree,
// descending through the key pairs of its parents; nil when a parent is not
// paired.
func goldEntry(m *align.Match, path []string) *align.ObjectEntry {
	for i, k := range path {
		if m == nil {
			return nil
		}
		var e *align.ObjectEntry
		for x := range m.Entries {
			if m.Entries[x].HasGoldKey && m.Entries[x].GoldKey == k {
				e = &m.Entries[x]
			}
		}
		if e == nil {
			return nil
		}
		if i == len(path)-1 {
			return e
		}
		if !e.HasPredKey || e.PredKey != k {
			return nil
		}
		m = e.Value
	}
	return nil
}

// referential reports whether n or a node below it is an identifier or a
// reference.
func referential(n *snode) bool {
	if n == nil {
		return false
	}
	if n.idScope != "" || n.ref != "" || referential(n.items) {
		return true
	}
	for _, p := range n.prefix {
		if referential(p) {
			return true
		}
	}
	for _, p := range n.props {
		if referential(p.node) {
			return true
		}
	}
	return false
}

// TestPropertyOmissionNeverPays is the omission invariant of docs/SCORING.md
// §6.5 in the default profile: for every member that the gold and the
// candidate both have (at any depth, through objects), leaving it out of the
// candidate never scores above replacing its value by another valid value —
// a fresh value of its schema, null where it admits null — so the worst
// value of its kind costs at least as much as an omission. Replacements
// that fail validation (they score 0 for another reason) are skipped, and
// so are omissions after which fuzzy key pairing (docs/SCORING.md §6.1)
// pairs the gold member with another candidate key (the member is then not
// missing but renamed) and members with identifiers or references below
// them (they score through the document's bijection, docs/SCORING.md §7).
func TestPropertyOmissionNeverPays(t *testing.T) {
	t.Parallel()
	props := gopter.NewProperties(propParams(t, propCases()/4))
	var checked int
	props.Property("omitting a member never scores above its worst value", prop.ForAll(
		func(seed uint64, depth int) string {
			r := rand.New(rand.NewPCG(seed, 26))
			sg := &schemaGen{r: r}
			root, lay := sg.root(depth)
			schemaJSON := jsonval.AppendJSON(nil, root.json())
			s, err := interp.Compile(schemaJSON, "random.json", interp.Options{})
			if err != nil {
				return "compile: " + err.Error() + "\n  schema: " + string(schemaJSON)
			}
			vg := &valueGen{r: r}
			gold := vg.gold(root, lay)
			cand := gold
			if r.IntN(3) > 0 {
				cand = vg.damage(root, gold, 0.2)
			}
			align := func(c jsonval.Value) (*interp.Result, error) { return s.Align(gold, c) }
			for _, sm := range sharedMembers(root, gold, cand, nil, nil) {
				if referential(sm.node) {
					// Identifiers and references score through the
					// bijection of the whole document (docs/SCORING.md
					// §7), not member by member.
					continue
				}
				where := fmt.Sprintf("\n  schema: %s\n  gold: %s\n  cand: %s\n  member: /%s",
					schemaJSON, jsonText(gold), jsonText(cand), strings.Join(sm.path, "/"))
				om, err := align(editMember(cand, sm.path, jsonval.Value{}, true))
				if err != nil {
					return "align: " + err.Error() + where
				}
				if e := goldEntry(om.Match, sm.path); om.Invalid == nil && (e == nil || e.HasPredKey) {
					// Fuzzy key pairing gave the gold member another
					// candidate key: it is not omitted but paired.
					continue
				}
				omitted := om.Score
				var worst []jsonval.Value
				for range 3 {
					worst = append(worst, vg.value(sm.node, 4))
				}
				if sm.node.has("null") {
					worst = append(worst, jsonval.Value{})
				}
				for _, w := range worst {
					rp, err := align(editMember(cand, sm.path, w, false))
					if err != nil {
						return "align: " + err.Error() + where
					}
					if rp.Invalid != nil {
						continue
					}
					if e := goldEntry(rp.Match, sm.path); e == nil || e.PredKey != e.GoldKey {
						return "the replaced member is not paired with its namesake" + where
					}
					replaced := rp.Score
					checked++
					if omitted > replaced {
						return fmt.Sprintf("omitted scores %.17g, the value %s scores %.17g%s",
							omitted, jsonText(w), replaced, where)
					}
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(1, 4),
	))
	runProps(t, props)
	t.Logf("omission: %d (omitted, replaced) pairs compared", checked)
}
