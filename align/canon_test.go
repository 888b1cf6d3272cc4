package align

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/internal/proptest"
	"github.com/objectaligner/oagen/jsonval"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func TestCanonicalColumnsHand(t *testing.T) {
	// Two rows, three columns: column 2 equals column 0; column 1 differs.
	M := []float64{
		0.5, 0.25, 0.5,
		1, 0, 1,
	}
	var cn Canon
	perm, identity := cn.CanonicalColumns(M, 2, 3, nil)
	if identity || len(perm) != 3 {
		t.Fatalf("perm %v, identity %v", perm, identity)
	}
	P := make([]float64, 6)
	PermuteMatrix(P, M, 2, 3, nil, perm)
	// The same columns listed in another order give the same matrix.
	M2 := []float64{
		0.25, 0.5, 0.5,
		0, 1, 1,
	}
	perm2, _ := cn.CanonicalColumns(M2, 2, 3, nil)
	P2 := make([]float64, 6)
	PermuteMatrix(P2, M2, 2, 3, nil, perm2)
	if !slices.Equal(P, P2) {
		t.Errorf("canonical matrices differ: %v and %v", P, P2)
	}
	// Equal columns go by the tie rule, then by position.
	perm, _ = cn.CanonicalColumns(M, 2, 3, func(a, b int) int { return -cmpInt(a, b) })
	if i0, i2 := slices.Index(perm, 0), slices.Index(perm, 2); i2 > i0 {
		t.Errorf("tie rule ignored: %v", perm)
	}
	if _, identity := cn.CanonicalColumns(M, 2, 1, nil); !identity {
		t.Error("a single column is in canonical order")
	}
}

func cmpInt(a, b int) int { return a - b }

func TestUnpermuteAssignment(t *testing.T) {
	// rows [1 0], cols [2 0 1]: permuted row 0 is row 1, permuted column 0
	// is column 2.
	rows, cols := []int{1, 0}, []int{2, 0, 1}
	asg := []int{0, 2, 1} // padding row 2 takes permuted column 1
	got := make([]int, 3)
	UnpermuteAssignment(got, asg, rows, cols)
	if want := []int{1, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	M := []float64{1, 2, 3, 4, 5, 6}
	P := make([]float64, 6)
	PermuteMatrix(P, M, 2, 3, rows, cols)
	if want := []float64{6, 4, 5, 3, 1, 2}; !slices.Equal(P, want) {
		t.Errorf("PermuteMatrix = %v, want %v", P, want)
	}
}

func TestValueHash(t *testing.T) {
	parse := func(s string) jsonval.Value {
		v, err := jsonval.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	same := [][2]string{
		{`{"a": 1, "b": [1, 2]}`, `{"b": [2, 1], "a": 1.0}`},
		{`2`, `2.0`},
		{`-0.0`, `0`},
		{`[[1, 2], [3]]`, `[[3], [2, 1]]`},
	}
	for _, p := range same {
		if ValueHash(parse(p[0])) != ValueHash(parse(p[1])) {
			t.Errorf("%s and %s hash differently", p[0], p[1])
		}
	}
	differ := []string{`null`, `false`, `true`, `0`, `1`, `0.5`, `""`, `"a"`, `"b"`, `[]`, `[null]`, `[1, 1]`, `[1]`, `{}`,
		`{"a": null}`, `{"b": null}`, `{"a": 1}`, `[[1], [2]]`, `[[1, 2]]`, `{"a": {"b": 1}}`, `{"a": {"c": 1}}`}
	seen := map[uint64]string{}
	for _, s := range differ {
		h := ValueHash(parse(s))
		if o, dup := seen[h]; dup {
			t.Errorf("%s and %s hash alike", o, s)
		}
		seen[h] = s
	}
}

func TestCompareValues(t *testing.T) {
	parse := func(s string) jsonval.Value {
		v, err := jsonval.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// In canonical order.
	order := []string{`null`, `false`, `true`, `-1`, `0.5`, `2`, `""`, `"a"`, `"ab"`, `"b"`, `[]`, `[1]`, `[1, 1]`, `[2]`, `["a"]`,
		`{}`, `{"a": 1}`, `{"a": 1, "b": 1}`, `{"a": 2}`, `{"b": 0}`}
	for i := range order {
		for j := range order {
			got := CompareValues(parse(order[i]), parse(order[j]))
			if want := cmpInt(i, j); (got < 0) != (want < 0) || (got == 0) != (want == 0) {
				t.Errorf("CompareValues(%s, %s) = %d", order[i], order[j], got)
			}
		}
	}
	for _, p := range [][2]string{{`[2, 1]`, `[1, 2]`}, {`{"b": 1, "a": [1, 2]}`, `{"a": [2, 1], "b": 1.0}`}, {`2`, `2.0`}} {
		if c := CompareValues(parse(p[0]), parse(p[1])); c != 0 {
			t.Errorf("CompareValues(%s, %s) = %d, want 0", p[0], p[1], c)
		}
	}
}

func TestCanonicalKeys(t *testing.T) {
	var cn Canon
	g := []jsonval.Member{{Key: "b"}, {Key: "a"}}
	p := []jsonval.Member{{Key: "a"}, {Key: "c"}}
	rows, cols := cn.CanonicalKeys(g, p)
	if !slices.Equal(rows, []int{1, 0}) || cols != nil {
		t.Errorf("rows %v, cols %v", rows, cols)
	}
}

// TestPropertyCanonicalColumns checks that permuting the columns of a
// matrix with many ties (values from a pool of three) and a tie rule that
// follows the columns yields the same canonical matrix and the same order
// of tie keys: the solver sees the same problem.
func TestPropertyCanonicalColumns(t *testing.T) {
	params := proptest.Parameters(t)
	params.MinSuccessfulTests = longtest.Count(50, 500, 5000)
	props := gopter.NewProperties(params)
	props.Property("the canonical matrix does not depend on the column order", prop.ForAll(
		func(seed uint64, n, m int) string {
			r := rand.New(rand.NewPCG(seed, 5))
			pool := []float64{0, 0.5, 1}
			M := make([]float64, n*m)
			for i := range M {
				M[i] = pool[r.IntN(len(pool))]
			}
			keys := make([]int, m) // tie keys: few distinct
			for j := range keys {
				keys[j] = r.IntN(3)
			}
			shuffle := r.Perm(m)
			M2 := make([]float64, n*m)
			keys2 := make([]int, m)
			for c, j := range shuffle {
				keys2[c] = keys[j]
				for i := range n {
					M2[i*m+c] = M[i*m+j]
				}
			}
			var cn, cn2 Canon
			p1, _ := cn.CanonicalColumns(M, n, m, func(a, b int) int { return cmpInt(keys[a], keys[b]) })
			p2, _ := cn2.CanonicalColumns(M2, n, m, func(a, b int) int { return cmpInt(keys2[a], keys2[b]) })
			A, B := make([]float64, n*m), make([]float64, n*m)
			PermuteMatrix(A, M, n, m, nil, p1)
			PermuteMatrix(B, M2, n, m, nil, p2)
			if !slices.Equal(A, B) {
				return fmt.Sprintf("canonical matrices differ:\n%v\n%v", A, B)
			}
			for c := range m {
				if keys[p1[c]] != keys2[p2[c]] {
					return fmt.Sprintf("tie keys differ at column %d", c)
				}
			}
			return ""
		},
		gen.UInt64(), gen.IntRange(0, 6), gen.IntRange(0, 8),
	))
	props.Property("ValueHash ignores the order of arrays and members", prop.ForAll(
		func(seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 6))
			v := randomValue(r, 3)
			w := shuffleValue(r, v)
			if ValueHash(v) != ValueHash(w) {
				return fmt.Sprintf("%v and %v hash differently", v, w)
			}
			return ""
		},
		gen.UInt64(),
	))
	props.Property("CompareValues is an order that ignores the order of arrays and members", prop.ForAll(
		func(seed uint64) string {
			r := rand.New(rand.NewPCG(seed, 7))
			a, b, c := randomValue(r, 3), randomValue(r, 3), randomValue(r, 3)
			if x := CompareValues(a, shuffleValue(r, a)); x != 0 {
				return fmt.Sprintf("%v against a shuffled copy: %d", a, x)
			}
			if CompareValues(a, b) != -CompareValues(b, a) {
				return fmt.Sprintf("not antisymmetric on %v, %v", a, b)
			}
			if CompareValues(a, b) <= 0 && CompareValues(b, c) <= 0 && CompareValues(a, c) > 0 {
				return fmt.Sprintf("not transitive on %v, %v, %v", a, b, c)
			}
			if (CompareValues(a, b) == 0) != (ValueHash(a) == ValueHash(b)) && CompareValues(a, b) == 0 {
				return fmt.Sprintf("%v and %v are equal but hash differently", a, b)
			}
			return ""
		},
		gen.UInt64(),
	))
	props.TestingRun(t)
}

func randomValue(r *rand.Rand, depth int) jsonval.Value {
	k := r.IntN(7)
	if depth == 0 {
		k %= 4
	}
	switch k {
	case 0:
		return jsonval.NullValue()
	case 1:
		return jsonval.NewBool(r.IntN(2) == 0)
	case 2:
		return jsonval.NewInt(int64(r.IntN(4)))
	case 3:
		return jsonval.NewString(string(rune('a' + r.IntN(3))))
	case 4, 5:
		arr := make([]jsonval.Value, r.IntN(4))
		for i := range arr {
			arr[i] = randomValue(r, depth-1)
		}
		return jsonval.NewArray(arr)
	}
	var obj []jsonval.Member
	for i := range r.IntN(4) {
		obj = append(obj, jsonval.Member{Key: string(rune('a' + i)), Value: randomValue(r, depth-1)})
	}
	return jsonval.NewObject(obj)
}

func shuffleValue(r *rand.Rand, v jsonval.Value) jsonval.Value {
	switch v.Kind {
	case jsonval.Array:
		arr := make([]jsonval.Value, len(v.Arr))
		for i, e := range v.Arr {
			arr[i] = shuffleValue(r, e)
		}
		r.Shuffle(len(arr), func(i, j int) { arr[i], arr[j] = arr[j], arr[i] })
		return jsonval.NewArray(arr)
	case jsonval.Object:
		obj := make([]jsonval.Member, len(v.Obj))
		for i, mb := range v.Obj {
			obj[i] = jsonval.Member{Key: mb.Key, Value: shuffleValue(r, mb.Value)}
		}
		r.Shuffle(len(obj), func(i, j int) { obj[i], obj[j] = obj[j], obj[i] })
		return jsonval.NewObject(obj)
	}
	return v
}

// TestCompareMembers sorts the keys of one object under a schema that
// declares "name" then "id": declared keys first in schema order, then the
// others by code point ("Z" < "a" < "é").
func TestCompareMembers(t *testing.T) {
	declared := []string{"name", "id"}
	keys := []string{"é", "id", "a", "Z", "name"}
	slices.SortFunc(keys, func(a, b string) int {
		return CompareMembers(slices.Index(declared, a), slices.Index(declared, b), a, b)
	})
	want := []string{"name", "id", "Z", "a", "é"}
	if !slices.Equal(keys, want) {
		t.Fatalf("order %q, want %q", keys, want)
	}
	for _, k := range want {
		if c := CompareMembers(slices.Index(declared, k), slices.Index(declared, k), k, k); c != 0 {
			t.Errorf("CompareMembers(%q, %q) = %d, want 0", k, k, c)
		}
	}
}

// TestCanonicalColumnsCoded checks CanonicalColumnsCoded against
// CanonicalColumns of the decoded matrix on matrices of few values (zeros
// of both signs, which hash alike and compare equal, included), with and
// without a tie rule: the same order.
func TestCanonicalColumnsCoded(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	negZero := math.Copysign(0, -1)
	var cn, ref Canon
	for i := range 500 {
		n, m := r.IntN(8), r.IntN(12)
		levels := []float64{0, negZero, 0.5, 1, 0.25}[:1+r.IntN(5)]
		var values [256]float64
		base := r.IntN(256 - len(levels) + 1)
		copy(values[base:], levels)
		codes := make([]uint8, n*m)
		M := make([]float64, n*m)
		for k := range codes {
			x := r.IntN(len(levels))
			codes[k], M[k] = uint8(base+x), levels[x]
		}
		var tie func(a, b int) int
		if i%2 == 1 {
			key := r.Perm(m)
			tie = func(a, b int) int { return cmpInt(key[a]%3, key[b]%3) }
		}
		want, wantID := ref.CanonicalColumns(M, n, m, tie)
		got, gotID := cn.CanonicalColumnsCoded(codes, &values, n, m, tie)
		if !slices.Equal(got, want) || gotID != wantID {
			t.Fatalf("%d×%d: %v, %v; want %v, %v", n, m, got, gotID, want, wantID)
		}
	}
}
