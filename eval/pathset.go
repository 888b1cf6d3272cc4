package eval

import (
	"strconv"
	"strings"
)

// pathNode is a normalized data path ("" the root, "/people/*/name"), a node
// of a pathTrie: its children extend it by one token each. The walks of an
// observation carry the node of the path they are at, so that an entry is
// found by its node's id instead of by hashing the path.
type pathNode struct {
	path string
	id   int32
	// star is the child "*"; index the children "0", "1", … (the positions
	// of a tuple head, or of an array no schema describes) up to
	// maxIndexChildren; kids the other children, by token: a list while
	// short, then the map.
	star  *pathNode
	index []*pathNode
	kids  []pathKid
	kidm  map[string]*pathNode
}

type pathKid struct {
	tok  string
	node *pathNode
}

// maxIndexChildren and maxListKids bound a pathNode's children kept by
// position and in its list.
const (
	maxIndexChildren = 64
	maxListKids      = 8
)

// pathTrie are the normalized data paths an observeScratch has seen, each
// with its id. It is not safe for concurrent use.
type pathTrie struct {
	root  *pathNode
	nodes int32
}

// maxTrieNodes bounds a pathTrie (a trie that has grown past it is
// dropped before the next observation).
const maxTrieNodes = 1 << 16

func newPathTrie() *pathTrie {
	return &pathTrie{root: &pathNode{}, nodes: 1}
}

// child returns the child of n at the (escaped, normalized) token tok.
func (t *pathTrie) child(n *pathNode, tok string) *pathNode {
	if tok == "*" {
		if n.star == nil {
			n.star = t.newNode(n, tok)
		}
		return n.star
	}
	if n.kidm != nil {
		if c, ok := n.kidm[tok]; ok {
			return c
		}
	} else {
		for i := range n.kids {
			if n.kids[i].tok == tok {
				return n.kids[i].node
			}
		}
	}
	c := t.newNode(n, tok)
	switch {
	case n.kidm != nil:
		n.kidm[tok] = c
	case len(n.kids) < maxListKids:
		n.kids = append(n.kids, pathKid{tok, c})
	default:
		n.kidm = make(map[string]*pathNode, 2*maxListKids)
		for _, k := range n.kids {
			n.kidm[k.tok] = k.node
		}
		n.kidm[tok] = c
		n.kids = nil
	}
	return c
}

// indexChild returns the child of n at the position token of i (≥ 0).
func (t *pathTrie) indexChild(n *pathNode, i int) *pathNode {
	if i < len(n.index) && n.index[i] != nil {
		return n.index[i]
	}
	c := t.child(n, strconv.Itoa(i))
	if i < maxIndexChildren {
		if i >= len(n.index) {
			n.index = append(n.index, make([]*pathNode, i+1-len(n.index))...)
		}
		n.index[i] = c
	}
	return c
}

func (t *pathTrie) newNode(parent *pathNode, tok string) *pathNode {
	c := &pathNode{path: parent.path + "/" + tok, id: t.nodes}
	t.nodes++
	return c
}

// lookup returns the node of the normalized data path path.
func (t *pathTrie) lookup(path string) *pathNode {
	n := t.root
	for rest := path; rest != ""; {
		rest = rest[1:] // the "/"
		tok := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			tok, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		n = t.child(n, tok)
	}
	return n
}

// pathSet collects the observations of one case, by path, in first-seen
// order: the data paths by their pathTrie node, the other entries (scopes,
// invalid candidates) by path.
type pathSet struct {
	trie *pathTrie
	// at is, by node id, 1 + the index in list of the node's entry (0:
	// none yet); seen are the ids set, for reset.
	at    []int32
	seen  []int32
	index map[string]int
	list  []PathObs
}

func newPathSet() *pathSet {
	return &pathSet{trie: newPathTrie(), index: map[string]int{}}
}

// reset empties s for the next case, keeping its storage and trie, and
// sets the list's initial capacity.
func (s *pathSet) reset(listCap int) {
	for _, id := range s.seen {
		s.at[id] = 0
	}
	s.seen = s.seen[:0]
	clear(s.index)
	s.list = make([]PathObs, 0, listCap)
}

// get returns the entry of path, of kind kind and scope scope, adding it
// if the case has none yet (kind and scope are those of the first get).
func (s *pathSet) get(path, kind, scope string) *PathObs {
	if kind == KindPath {
		return s.node(s.trie.lookup(path), scope)
	}
	if i, ok := s.index[path]; ok {
		return &s.list[i]
	}
	s.index[path] = len(s.list)
	s.list = append(s.list, PathObs{Path: path, Kind: kind, Scope: scope})
	return &s.list[len(s.list)-1]
}

// node is get for the data path of n.
func (s *pathSet) node(n *pathNode, scope string) *PathObs {
	if int(n.id) < len(s.at) {
		if i := s.at[n.id]; i > 0 {
			return &s.list[i-1]
		}
	} else {
		s.at = append(s.at, make([]int32, int(n.id)+1-len(s.at))...)
	}
	s.list = append(s.list, PathObs{Path: n.path, Kind: KindPath, Scope: scope})
	s.at[n.id] = int32(len(s.list))
	s.seen = append(s.seen, n.id)
	return &s.list[len(s.list)-1]
}
