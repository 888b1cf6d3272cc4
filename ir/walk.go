package ir

// Walk calls visit once for every node reachable from root, root first, in
// document order: a node, then its properties, patternProperties,
// additionalProperties, items, prefixItems and union branches. Recursive
// schemas are visited once per node (nodes are compared by pointer).
func Walk(root *Node, visit func(*Node)) {
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		visit(n)
		for _, p := range n.Properties {
			walk(p.Node)
		}
		for _, p := range n.Patterns {
			walk(p.Node)
		}
		walk(n.Additional)
		walk(n.Items)
		for _, p := range n.PrefixItems {
			walk(p)
		}
		if n.Union != nil {
			for _, b := range n.Union.Branches {
				walk(b.Node)
			}
		}
	}
	walk(root)
}
