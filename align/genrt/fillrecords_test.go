package genrt

import (
	"math/rand/v2"
	"testing"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/jsonval"
)

// person is a flat record for the record kernel: an identifier, a name
// (Jaro–Winkler) and an optional title (exact).
type person struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Title *string `json:"title"`
}

var personSpec = ObjectSpec{Keys: []string{"id", "name", "title"}, Weights: []float64{1, 1, 1.5},
	Shares: []float64{1 / 3.5, 1 / 3.5, 1.5 / 3.5}, ValueImportance: 1, Layout: LayoutOf[person]()}

// personNodes is the node table of person: node 0 the record, 1–3 its
// properties; exactNodes compares names exactly, so that every member
// score is 0 or 1 (the kernel's pattern rows, bitRow).
var personNodes, exactNodes = nodesWith(align.JaroWinkler), nodesWith(exactString)

func nodesWith(name func(a, b string) float64) []Node {
	return []Node{
		{Kind: jsonval.Object, Object: &personSpec, Props: []int{1, 2, 3}},
		{Kind: jsonval.String, ID: true},
		{Kind: jsonval.String, Str: name},
		{Kind: jsonval.String, Str: exactString},
	}
}

func exactString(a, b string) float64 {
	if a == b {
		return 1
	}
	return 0
}

// personCell is the score of two persons as the generated scorer computes
// it when both have every property (the kernel's reference), and -1 when
// one lacks the title (the kernel leaves those cells to cell).
func personCell(nodes []Node, g, p *person) float64 {
	if g.Title == nil || p.Title == nil {
		return -1
	}
	vs := []float64{1, nodes[2].Str(g.Name, p.Name), exactString(*g.Title, *p.Title)}
	return personSpec.Paired(vs)
}

// TestRecordsOf checks that RecordsOf fits the kernel exactly to records
// that are the elements of one slice in order.
func TestRecordsOf(t *testing.T) {
	g, p := make([]person, 5), make([]person, 3)
	ptrs := func(s []person) []*person {
		out := make([]*person, len(s))
		for i := range s {
			out[i] = &s[i]
		}
		return out
	}
	gp, pp := ptrs(g), ptrs(p)
	if r := RecordsOf(personNodes, 0, gp, pp); r.nodes == nil || r.n != 5 || r.m != 3 || r.g != RecordOf(personNodes, 0, g, p).g {
		t.Errorf("contiguous records: %+v, want the Record of the slices", r)
	}
	if r := RecordsOf(personNodes, 0, gp[:0], pp); r.nodes == nil || r.n != 0 {
		t.Errorf("no gold records: %+v, want a Record of 0×3", r)
	}
	swapped := append([]*person(nil), gp...)
	swapped[1], swapped[2] = swapped[2], swapped[1]
	other := append([]*person(nil), gp...)
	other[3] = &person{}
	holed := append([]*person(nil), pp...)
	holed[2] = nil
	for name, c := range map[string][2][]*person{"swapped": {swapped, pp}, "foreign": {other, pp}, "nil": {gp, holed}, "gaps": {{gp[0], gp[2]}, pp}} {
		if r := RecordsOf(personNodes, 0, c[0], c[1]); r.nodes != nil {
			t.Errorf("%s: %+v, want the zero Record", name, r)
		}
	}
}

// TestFillRecords checks FillRecords against the cell-by-cell fill, with
// names compared by Jaro–Winkler and exactly (every score 0 or 1), on
// contiguous records (the kernel: cell is called only for the cells of a
// record without a title) and on the same records out of order (the
// zero Record: every cell through cell).
func TestFillRecords(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 8))
	names := []string{"Ada Lovelace", "Ada Lovelace", "Alan Turing", "Grace Hopper", "Grace Hoper", "", "Édith Piaf"}
	titles := []string{"CEO", "CTO", "", "ceo"}
	gen := func(k int) []person {
		s := make([]person, k)
		for i := range s {
			s[i] = person{ID: names[r.IntN(len(names))], Name: names[r.IntN(len(names))]}
			if r.IntN(5) > 0 {
				s[i].Title = &titles[r.IntN(len(titles))]
			}
		}
		return s
	}
	for trial := range 40 {
		nodes := personNodes
		if trial%4 >= 2 {
			nodes = exactNodes
		}
		n, m := 1+r.IntN(40), 1+r.IntN(40)
		if trial%2 == 0 {
			n, m = 16+r.IntN(30), 16+r.IntN(30) // at least kernelMin cells
		}
		gs, ps := gen(n), gen(m)
		g, p := make([]*person, n), make([]*person, m)
		for i := range gs {
			g[i] = &gs[i]
		}
		for j := range ps {
			p[j] = &ps[j]
		}
		for _, order := range []string{"document", "shuffled"} {
			if order == "shuffled" {
				r.Shuffle(n, func(a, b int) { g[a], g[b] = g[b], g[a] })
			}
			var w Workspace
			C := make([]float64, n*m)
			calls := 0
			w.FillRecords(C, n, m, RecordsOf(nodes, 0, g, p), func(i, j int) float64 {
				calls++
				if s := personCell(nodes, g[i], p[j]); s >= 0 {
					return s
				}
				return 0.25 // the generated scorer's score of such a pair
			})
			wantCalls := 0
			for i := range n {
				for j := range m {
					want := personCell(nodes, g[i], p[j])
					if want < 0 {
						want, wantCalls = 0.25, wantCalls+1
					}
					if C[i*m+j] != want {
						t.Fatalf("trial %d (%s, %d×%d): cell (%d, %d) = %v, want %v", trial, order, n, m, i, j, C[i*m+j], want)
					}
				}
			}
			kernel := n*m >= kernelMin && (order == "document" || n == 1)
			if !kernel {
				wantCalls = n * m
			}
			if calls != wantCalls {
				t.Errorf("trial %d (%s, %d×%d): %d calls of cell, want %d", trial, order, n, m, calls, wantCalls)
			}
		}
	}
}

// TestIsJaroWinkler checks that the kernel recognises align.JaroWinkler,
// and only it, as the comparator it computes with a JaroWinklerSet.
func TestIsJaroWinkler(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(a, b string) float64
		want bool
	}{{"JaroWinkler", align.JaroWinkler, true}, {"Jaro", align.Jaro, false}, {"exactString", exactString, false},
		{"a closure over JaroWinkler", func(a, b string) float64 { return align.JaroWinkler(a, b) }, false}} {
		if got := isJaroWinkler(c.f); got != c.want {
			t.Errorf("isJaroWinkler(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}
