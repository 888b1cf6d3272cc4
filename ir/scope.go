package ir

import (
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/internal/suggest"
)

// maxDiscoveryVisits bounds the scope discovery walk. A schema that shares
// subschemas through $ref can have exponentially many schema paths; past this
// many the schema is rejected instead of hanging the compiler.
const maxDiscoveryVisits = 1 << 16

// String renders the path as a JSON Pointer into the resolved schema, e.g.
// "/properties/people/items/properties/id" ("" for the root).
func (p Path) String() string {
	var b strings.Builder
	for _, e := range p {
		switch e.Kind {
		case EdgeProperty:
			b.WriteString("/properties/" + escapePointerToken(e.Key))
		case EdgeItems:
			b.WriteString("/items")
		case EdgePrefix:
			b.WriteString("/prefixItems/" + strconv.Itoa(e.Index))
		}
	}
	return b.String()
}

// hasStrictPrefix reports whether prefix is a proper prefix of p.
func (p Path) hasStrictPrefix(prefix Path) bool {
	return len(p) > len(prefix) && slices.Equal(p[:len(prefix)], prefix)
}

// discoverScopes runs the referential discovery walk of docs/SCORING.md §7.1 over the
// compiled graph and orders the scopes per docs/SCORING.md §7.2. It tolerates nil nodes left
// by earlier errors.
func (c *compiler) discoverScopes(root *Node) []*Scope {
	type refSite struct {
		node *Node
		path Path
	}
	var (
		declared = map[string]*Scope{}
		declPath = map[string]Path{}
		refs     []refSite
		onPath   = map[*Node]bool{}
		path     Path
		visits   int
	)
	relevant := referentialNodes(root)
	var visit func(n *Node) bool
	visit = func(n *Node) bool {
		if n == nil {
			return true
		}
		if visits++; visits > maxDiscoveryVisits {
			c.diags.errorAt(root.Pos, "scope discovery gave up after %d schema paths: the schema shares subschemas too widely", maxDiscoveryVisits)
			return false
		}
		switch {
		case n.IDScope != "":
			c.declare(n, slices.Clone(path), declared, declPath)
			return true
		case n.Ref != "":
			refs = append(refs, refSite{node: n, path: slices.Clone(path)})
			return true
		}
		if onPath[n] || !relevant[n] {
			// A recursive schema (this node is already being walked), or a
			// subgraph without any idScope or ref.
			return true
		}
		onPath[n] = true
		defer delete(onPath, n)
		for _, p := range n.Properties {
			path = append(path, Edge{Kind: EdgeProperty, Key: p.Name})
			ok := visit(p.Node)
			path = path[:len(path)-1]
			if !ok {
				return false
			}
		}
		if n.Items != nil {
			path = append(path, Edge{Kind: EdgeItems})
			ok := visit(n.Items)
			path = path[:len(path)-1]
			if !ok {
				return false
			}
		}
		for i, pn := range n.PrefixItems {
			path = append(path, Edge{Kind: EdgePrefix, Index: i})
			ok := visit(pn)
			path = path[:len(path)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	if !visit(root) {
		return nil
	}

	names := make([]string, 0, len(declared))
	for name := range declared {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, r := range refs {
		sc := declared[r.node.Ref]
		if sc == nil {
			c.diags.errorAt(r.node.Pos, "ref to undefined scope %q%s", r.node.Ref, suggest.DidYouMean(r.node.Ref, names))
			continue
		}
		if r.node.TypeName != "" && sc.IDNode.TypeName != "" && r.node.TypeName != sc.IDNode.TypeName {
			c.diags.errorAt(r.node.Pos, "ref %q has type %q but the idScope node of scope %q has type %q", r.node.Ref, r.node.TypeName, sc.Name, sc.IDNode.TypeName)
		}
		sc.RefPaths = append(sc.RefPaths, r.path)
	}
	return c.orderScopes(declared, names)
}

// referentialNodes returns the nodes from which an idScope or ref node can be
// reached (themselves included). The discovery walk skips every other
// subgraph, so that a schema whose shared subschemas expand into very many
// paths costs nothing unless those paths lead to declarations.
func referentialNodes(root *Node) map[*Node]bool {
	parents := map[*Node][]*Node{}
	seen := map[*Node]bool{}
	var queue []*Node
	stack := []*Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || seen[n] {
			continue
		}
		seen[n] = true
		if n.IDScope != "" || n.Ref != "" {
			queue = append(queue, n)
			continue
		}
		children := make([]*Node, 0, len(n.Properties)+1+len(n.PrefixItems))
		for _, p := range n.Properties {
			children = append(children, p.Node)
		}
		children = append(append(children, n.Items), n.PrefixItems...)
		for _, ch := range children {
			if ch != nil {
				parents[ch] = append(parents[ch], n)
				stack = append(stack, ch)
			}
		}
	}
	relevant := map[*Node]bool{}
	for _, n := range queue {
		relevant[n] = true
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, p := range parents[n] {
			if !relevant[p] {
				relevant[p] = true
				queue = append(queue, p)
			}
		}
	}
	return relevant
}

// declare records the idScope node n found at path.
func (c *compiler) declare(n *Node, path Path, declared map[string]*Scope, declPath map[string]Path) {
	name := n.IDScope
	if _, dup := declared[name]; dup {
		c.diags.errorAt(n.Pos, "idScope %q is declared more than once: at schema paths %s and %s", name, pathText(declPath[name]), pathText(path))
		return
	}
	last := -1
	for i, e := range path {
		if e.Kind == EdgeItems || e.Kind == EdgePrefix {
			last = i
		}
	}
	sc := &Scope{Name: name, IDNode: n}
	if last < 0 {
		c.diags.errorAt(n.Pos, "idScope %q is not under an array: its schema path %s has no \"items\" or \"prefixItems\" edge", name, pathText(path))
	} else {
		sc.RecordPath, sc.IDSuffix = path[:last+1], path[last+1:]
	}
	declared[name] = sc
	declPath[name] = path
}

func pathText(p Path) string { return "#" + p.String() }

// orderScopes orders the scopes by Kahn's algorithm with a FIFO queue (docs/SCORING.md
// §7.2): the initial batch and every batch freed by one emission are sorted
// by name and appended to the back; scopes never emitted (in or behind a
// cycle) follow in name order, degraded, with a warning.
func (c *compiler) orderScopes(declared map[string]*Scope, names []string) []*Scope {
	deps := make(map[string]map[string]bool, len(names))
	for _, a := range names {
		deps[a] = map[string]bool{}
		sa := declared[a]
		if sa.RecordPath == nil {
			continue
		}
		for _, b := range names {
			if a == b {
				continue // self-references create no dependency
			}
			for _, rp := range declared[b].RefPaths {
				if rp.hasStrictPrefix(sa.RecordPath) {
					deps[a][b] = true
					break
				}
			}
		}
	}
	var queue []string
	for _, a := range names {
		if len(deps[a]) == 0 {
			queue = append(queue, a)
		}
	}
	emitted := map[string]bool{}
	order := make([]*Scope, 0, len(names))
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		emitted[b] = true
		order = append(order, declared[b])
		var freed []string
		for _, a := range names {
			if deps[a][b] {
				delete(deps[a], b)
				if len(deps[a]) == 0 && !emitted[a] {
					freed = append(freed, a)
				}
			}
		}
		// names is sorted, so freed already is.
		queue = append(queue, freed...)
	}
	var degraded []string
	for _, a := range names {
		if !emitted[a] {
			sc := declared[a]
			sc.Degraded = true
			order = append(order, sc)
			degraded = append(degraded, strconv.Quote(a))
		}
	}
	if len(degraded) > 0 {
		first := declared[names[slices.IndexFunc(names, func(a string) bool { return !emitted[a] })]]
		subject, pronoun := "scope "+degraded[0]+" is", "it is"
		if len(degraded) > 1 {
			subject, pronoun = "scopes "+strings.Join(degraded, ", ")+" are", "they are"
		}
		c.diags.warnAt(first.IDNode.Pos, "%s in or behind a reference cycle between scopes; %s aligned on properties only (docs/SCORING.md §7.2)", subject, pronoun)
	}
	return order
}
