// Package irequal compares compiled schemas (package ir) on every field that
// scoring reads, for tests that build the same schema from two sources (a
// JSON Schema file and Go struct tags, or a schema and its exported copy).
package irequal

import (
	"fmt"
	"slices"

	"github.com/objectaligner/oagen/ir"
)

// Diff returns "" when a and b score every pair of values alike — the same
// node graph on every scoring field (types, comparators, thresholds, null
// scores, weights, importances, order, ignore flags, referential keywords,
// enum presence, property names and order, items and tuple positions) and
// the same scopes — or a description of the first difference, naming the
// schema path where it is. Positions, the raw document (validation
// keywords) and warnings are not compared. Recursive schemas are compared as
// graphs: a pair of nodes already under comparison is assumed equal.
func Diff(a, b *ir.Schema) string {
	c := &cmp{seen: map[[2]*ir.Node]bool{}}
	if d := c.node(a.Root, b.Root, "#"); d != "" {
		return d
	}
	if len(a.Scopes) != len(b.Scopes) {
		return fmt.Sprintf("scopes: %d vs %d", len(a.Scopes), len(b.Scopes))
	}
	for i, sa := range a.Scopes {
		sb := b.Scopes[i]
		switch {
		case sa.Name != sb.Name:
			return fmt.Sprintf("scope %d: name %q vs %q", i, sa.Name, sb.Name)
		case sa.Degraded != sb.Degraded:
			return fmt.Sprintf("scope %q: degraded %v vs %v", sa.Name, sa.Degraded, sb.Degraded)
		case sa.RecordPath.String() != sb.RecordPath.String():
			return fmt.Sprintf("scope %q: record path %s vs %s", sa.Name, sa.RecordPath, sb.RecordPath)
		case sa.IDSuffix.String() != sb.IDSuffix.String():
			return fmt.Sprintf("scope %q: id suffix %s vs %s", sa.Name, sa.IDSuffix, sb.IDSuffix)
		case !slices.Equal(paths(sa.RefPaths), paths(sb.RefPaths)):
			return fmt.Sprintf("scope %q: ref paths %v vs %v", sa.Name, paths(sa.RefPaths), paths(sb.RefPaths))
		}
	}
	return ""
}

func paths(ps []ir.Path) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

type cmp struct{ seen map[[2]*ir.Node]bool }

func (c *cmp) node(a, b *ir.Node, at string) string {
	if a == nil || b == nil {
		if a != b {
			return fmt.Sprintf("%s: node present on one side only", at)
		}
		return ""
	}
	key := [2]*ir.Node{a, b}
	if c.seen[key] {
		return ""
	}
	c.seen[key] = true
	type field struct {
		name string
		x, y any
	}
	for _, f := range []field{
		{"type", a.Types, b.Types},
		{"type name", a.TypeName, b.TypeName},
		{"score", a.Score, b.Score},
		{"threshold", a.Threshold, b.Threshold},
		{"nullScore", a.NullScore, b.NullScore},
		{"keyScore", a.KeyScore, b.KeyScore},
		{"keyThreshold", a.KeyThreshold, b.KeyThreshold},
		{"keyImportance", a.KeyImportance, b.KeyImportance},
		{"valueImportance", a.ValueImportance, b.ValueImportance},
		{"valueWeight", a.ValueWeight, b.ValueWeight},
		{"prefixImportance", a.PrefixImportance, b.PrefixImportance},
		{"restImportance", a.RestImportance, b.RestImportance},
		{"order", a.Order, b.Order},
		{"ignoreExcess", a.IgnoreExcess, b.IgnoreExcess},
		{"ignoreMissing", a.IgnoreMissing, b.IgnoreMissing},
		{"idScope", a.IDScope, b.IDScope},
		{"ref", a.Ref, b.Ref},
		{"enum", a.HasEnum, b.HasEnum},
		{"prefixWeights", fmt.Sprint(a.PrefixWeights), fmt.Sprint(b.PrefixWeights)},
		{"number of properties", len(a.Properties), len(b.Properties)},
		{"number of prefixItems", len(a.PrefixItems), len(b.PrefixItems)},
	} {
		if f.x != f.y {
			return fmt.Sprintf("%s: %s %v vs %v", at, f.name, f.x, f.y)
		}
	}
	for i, pa := range a.Properties {
		pb := b.Properties[i]
		if pa.Name != pb.Name {
			return fmt.Sprintf("%s: property %d is %q vs %q", at, i, pa.Name, pb.Name)
		}
		if d := c.node(pa.Node, pb.Node, at+"/properties/"+pa.Name); d != "" {
			return d
		}
	}
	if d := c.node(a.Items, b.Items, at+"/items"); d != "" {
		return d
	}
	for i := range a.PrefixItems {
		if d := c.node(a.PrefixItems[i], b.PrefixItems[i], fmt.Sprintf("%s/prefixItems/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}
