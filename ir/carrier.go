package ir

import (
	"slices"
	"strconv"
	"strings"
)

// Carrier splits a reference path of a scope into its carrier path and its
// role (docs/SCORING.md §7.6): the carrier is the shortest prefix of rp that ends with an
// items or prefixItems edge whose node permits "object"; failing that, the
// prefix up to and including rp's last items or prefixItems edge; failing
// that, rp without its last edge (a top-level reference: the whole document
// carries it). The role is the remainder of rp. The interpreter and generated
// scorers both build their WL graphs from it.
func Carrier(root *Node, rp Path) (carrier, role Path) {
	node := root
	lastArrayEdge := -1
	for i, e := range rp {
		if node != nil {
			node = node.At(Path{e})
		}
		if e.Kind == EdgeItems || e.Kind == EdgePrefix {
			if node != nil && node.Types&TObject != 0 {
				return rp[:i+1], rp[i+1:]
			}
			lastArrayEdge = i
		}
	}
	if lastArrayEdge >= 0 {
		return rp[:lastArrayEdge+1], rp[lastArrayEdge+1:]
	}
	if len(rp) == 0 {
		return rp, nil
	}
	return rp[:len(rp)-1], rp[len(rp)-1:]
}

// RoleText renders a schema path in the text form the reference sorts roles
// by, e.g. "(('properties', \"mentee\")," — any fixed total order gives the
// same WL partition (docs/SCORING.md §7.6), and sharing this one keeps the interpreter
// and generated scorers identical.
func (p Path) RoleText() string {
	var b strings.Builder
	for _, e := range p {
		switch e.Kind {
		case EdgeProperty:
			b.WriteString("(('properties', ")
			b.WriteString(strconv.Quote(e.Key))
			b.WriteString(")")
		case EdgeItems:
			b.WriteString("(('items',)")
		case EdgePrefix:
			b.WriteString("(('prefixItems', ")
			b.WriteString(strconv.Itoa(e.Index))
			b.WriteString(")")
		}
		b.WriteString(",")
	}
	return b.String()
}

// StrictlyBelow reports whether p extends prefix by at least one edge.
func (p Path) StrictlyBelow(prefix Path) bool {
	return len(p) > len(prefix) && slices.Equal(p[:len(prefix)], prefix)
}
