package eval

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/objectaligner/oagen/internal/conformance"
	"github.com/objectaligner/oagen/interp"
)

// TestPathTrie checks that a path's node is the same however it is reached
// (token by token, by position, by lookup of the whole path) and that
// nodes and paths correspond one to one, past the list of children kept
// in a pathNode and past the children kept by position.
func TestPathTrie(t *testing.T) {
	tr := newPathTrie()
	if n := tr.lookup(""); n != tr.root || n.path != "" {
		t.Fatalf("lookup(\"\") = %+v, want the root", n)
	}
	byPath := map[string]*pathNode{"": tr.root}
	ids := map[int32]string{0: ""}
	add := func(n *pathNode, want string) {
		t.Helper()
		if n.path != want {
			t.Fatalf("node of %q has path %q", want, n.path)
		}
		if m, ok := byPath[want]; ok && m != n {
			t.Fatalf("two nodes for %q", want)
		}
		if p, ok := ids[n.id]; ok && p != want {
			t.Fatalf("id %d for %q and %q", n.id, p, want)
		}
		byPath[want], ids[n.id] = n, want
		if l := tr.lookup(want); l != n {
			t.Fatalf("lookup(%q) = %q, want its node", want, l.path)
		}
	}
	for round := range 2 {
		for i := range 3 * maxListKids {
			a := tr.child(tr.root, "k"+strconv.Itoa(i))
			add(a, "/k"+strconv.Itoa(i))
			for j := range maxIndexChildren + 5 {
				tok := strconv.Itoa(j)
				if j%2 == round {
					add(tr.indexChild(a, j), "/k"+strconv.Itoa(i)+"/"+tok)
				} else {
					add(tr.child(a, tok), "/k"+strconv.Itoa(i)+"/"+tok)
				}
			}
			add(tr.child(a, "*"), "/k"+strconv.Itoa(i)+"/*")
			add(tr.child(a, ""), "/k"+strconv.Itoa(i)+"/")
			add(tr.child(tr.child(a, ""), ""), "/k"+strconv.Itoa(i)+"//")
			add(tr.child(a, "a~1b"), "/k"+strconv.Itoa(i)+"/a~1b")
		}
	}
	if int(tr.nodes) != len(byPath) {
		t.Errorf("%d nodes for %d paths", tr.nodes, len(byPath))
	}
}

// TestObserverReuse checks that an observer's reused storage (the path
// trie, the entry table, the memo of the rows' paths) carries nothing from
// one case to the next: the cases of the conformance vectors (every third;
// every tenth with -short) observed in turn by one observer, forwards and
// backwards, are those of a new observer for each.
func TestObserverReuse(t *testing.T) {
	vs, err := conformance.Load("../testdata/conformance")
	if err != nil {
		t.Fatal(err)
	}
	step := 6
	if testing.Short() {
		step = 20
	}
	type scored struct {
		sc  *interp.Scorer
		res *interp.Result
	}
	var pairs []scored
	for i := 0; i < len(vs); i += step {
		sc, err := interp.Compile(vs[i].SchemaText, vs[i].ID, interp.Options{})
		if err != nil {
			continue
		}
		res, err := sc.Align(vs[i].Gold, vs[i].Cand)
		if err != nil {
			continue
		}
		pairs = append(pairs, scored{sc, res})
	}
	if len(pairs) < 100 {
		t.Fatalf("%d pairs: too few", len(pairs))
	}
	want := make([]Case, len(pairs))
	for i, p := range pairs {
		c, err := NewObserver(DefaultConfig()).Scored(Line{Number: i + 1}, p.sc, p.res, nil)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = c
	}
	o := NewObserver(DefaultConfig())
	for pass := range 2 {
		for k := range pairs {
			i := k
			if pass == 1 {
				i = len(pairs) - 1 - k
			}
			got, err := o.Scored(Line{Number: i + 1}, pairs[i].sc, pairs[i].res, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want[i]) {
				t.Fatalf("pass %d, pair %d: reused observer\n%+v\nnew observer\n%+v", pass, i, got.Paths, want[i].Paths)
			}
		}
	}
}
