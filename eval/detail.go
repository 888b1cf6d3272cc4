package eval

import (
	"encoding/json"
	"strconv"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/interp"
)

// Limits of a Detail: a case whose gold and candidate JSON together exceed
// MaxDetailBytes, or whose alignment has more than MaxDetailNodes nodes, is
// kept without its values and alignment (Detail.Truncated).
const (
	MaxDetailBytes = 256 << 10
	MaxDetailNodes = 20000
	// MaxDetailFixes is the number of ranked fixes a Detail keeps.
	MaxDetailFixes = 20
)

// Detail is the full view of one case, for the report: both values, their
// alignment, the ranked fixes and the identifier bijections.
type Detail struct {
	// Gold and Candidate are the two values (nil when Truncated).
	Gold      json.RawMessage `json:"gold,omitempty"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
	// Invalid is the validation error of a candidate that failed it.
	Invalid string `json:"invalid,omitempty"`
	// Alignment is the match tree (nil when the candidate failed
	// validation, the root kinds differ, or Truncated).
	Alignment *Node `json:"alignment,omitempty"`
	// Fixes are the first MaxDetailFixes ranked fixes.
	Fixes []Fix `json:"fixes,omitempty"`
	// FixCount is the number of fixes before the cut.
	FixCount int `json:"fix_count"`
	// Bijections are the identifier pairings, one per scope.
	Bijections []Bijection `json:"bijections,omitempty"`
	// Truncated is true when the values were too large to keep.
	Truncated bool `json:"truncated,omitempty"`
}

// Node is one node of an alignment: gold and candidate side by side.
type Node struct {
	// Type is "object", "list" or "leaf".
	Type string `json:"type"`
	// Path is the node's JSON Pointer (entry positions for list steps, as
	// in the attribution).
	Path string `json:"path"`
	// Score is the node's similarity; Weight its share of the root score
	// (the effective weight of the repair walk).
	Score  float64 `json:"score"`
	Weight float64 `json:"weight"`
	// Role is the node's role in its parent: "matched", "missing" (gold
	// only), "excess" (candidate only) or "absent" (a tuple position
	// neither side has); "" for the root.
	Role string `json:"role,omitempty"`
	// GoldKey and CandidateKey are the member names of an object entry
	// (nil: that side has no such member).
	GoldKey      *string `json:"gold_key,omitempty"`
	CandidateKey *string `json:"candidate_key,omitempty"`
	// Leaf fields: the leaf kind ("", "id", "ref", "null", "absent"), the
	// two sides (nil when absent) and, for a reference, the candidate id
	// the gold reference maps to.
	Kind      string          `json:"kind,omitempty"`
	Gold      json.RawMessage `json:"gold,omitempty"`
	Candidate json.RawMessage `json:"candidate,omitempty"`
	Expected  json.RawMessage `json:"expected,omitempty"`
	// Children are the entries of a list or an object, in entry order.
	Children []*Node `json:"children,omitempty"`
}

// Bijection is the identifier pairing of one scope.
type Bijection struct {
	Scope string `json:"scope"`
	// Pairs are [gold id, candidate id] in gold record order; the
	// candidate id is null for a gold record paired with none.
	Pairs [][2]json.RawMessage `json:"pairs"`
	// Excess are the candidate ids paired with no gold id.
	Excess []json.RawMessage `json:"excess,omitempty"`
}

// NewDetail builds the detail of a scored case; ops are its ranked repair
// operations.
func NewDetail(res *interp.Result, ops []align.Op) *Detail {
	d := &Detail{FixCount: len(ops)}
	for _, o := range ops[:min(len(ops), MaxDetailFixes)] {
		d.Fixes = append(d.Fixes, newFix(o))
	}
	if res.Invalid != nil {
		d.Invalid = res.Invalid.Error()
	}
	for _, b := range res.Bijections {
		vb := Bijection{Scope: b.Scope, Pairs: make([][2]json.RawMessage, 0, len(b.Pairs))}
		for _, p := range b.Pairs {
			c := json.RawMessage("null")
			if p.HasCandidate {
				c = rawJSON(p.Candidate)
			}
			vb.Pairs = append(vb.Pairs, [2]json.RawMessage{rawJSON(p.Gold), c})
		}
		for _, x := range b.Excess {
			vb.Excess = append(vb.Excess, rawJSON(x))
		}
		d.Bijections = append(d.Bijections, vb)
	}
	d.Gold, d.Candidate = rawJSON(res.Gold), rawJSON(res.Candidate)
	if len(d.Gold)+len(d.Candidate) > MaxDetailBytes {
		d.Gold, d.Candidate, d.Truncated = nil, nil, true
		return d
	}
	if res.Match != nil {
		nodes := 0
		d.Alignment = viewNode(res.Match, "", 1, "", &nodes)
		if nodes > MaxDetailNodes {
			d.Gold, d.Candidate, d.Alignment, d.Truncated = nil, nil, nil, true
		}
	}
	return d
}

var roleNames = [...]string{align.RoleMatched: "matched", align.RoleMissing: "missing", align.RoleExcess: "excess", align.RoleAbsent: "absent"}

// viewNode converts a match node; it stops descending (the result is then
// discarded) once more than MaxDetailNodes nodes were made.
func viewNode(m *align.Match, path string, weight float64, role string, nodes *int) *Node {
	*nodes++
	n := &Node{Path: path, Score: m.Score, Weight: weight, Role: role}
	if *nodes > MaxDetailNodes {
		return n
	}
	switch m.Type {
	case align.ListNode:
		n.Type = "list"
		for i, ch := range m.Children {
			if ch.Match == nil {
				continue
			}
			n.Children = append(n.Children, viewNode(ch.Match, path+"/"+strconv.Itoa(i), weight*ch.Alpha, roleNames[ch.Role], nodes))
		}
	case align.ObjectNode:
		n.Type = "object"
		for i := range m.Entries {
			e := &m.Entries[i]
			key, role := e.GoldKey, "matched"
			switch {
			case !e.HasGoldKey:
				key, role = e.PredKey, "excess"
			case !e.HasPredKey:
				role = "missing"
			}
			var c *Node
			if e.Value != nil {
				c = viewNode(e.Value, path+"/"+align.EscapePointerToken(key), weight*e.ValueAlpha, role, nodes)
			} else {
				*nodes++
				c = &Node{Type: "leaf", Path: path + "/" + align.EscapePointerToken(key), Role: role}
			}
			if e.HasGoldKey {
				c.GoldKey = &e.GoldKey
			}
			if e.HasPredKey {
				c.CandidateKey = &e.PredKey
			}
			n.Children = append(n.Children, c)
		}
	default:
		n.Type = "leaf"
		n.Kind = align.LeafKindName(m.Leaf)
		if m.HasGold {
			n.Gold = rawJSON(m.Gold)
		}
		if m.HasPred {
			n.Candidate = rawJSON(m.Pred)
		}
		if m.Leaf == align.LeafRef && m.Consulted {
			n.Expected = json.RawMessage("null")
			if m.HasMapped {
				n.Expected = rawJSON(m.MappedPred)
			}
		}
	}
	return n
}
