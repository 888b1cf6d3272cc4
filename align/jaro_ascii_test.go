package align

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestJaroASCIIPath compares Jaro and JaroWinkler on short ASCII strings
// (which run jaroShort on the strings' own bytes) with the multi-word
// kernel on the re-encoded strings, bit for bit: strings of 0 to 64 bytes
// from small alphabets, so that matches, window edges and transpositions
// are frequent.
func TestJaroASCIIPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 64))
	word := func(alphabet string) string {
		n := rng.IntN(65)
		if rng.IntN(3) == 0 {
			n = rng.IntN(8)
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for k := range 40000 {
		alphabet := []string{"ab", "abc", "abcdefgh", "aAbB .-", "\x00\x7f~"}[k%5]
		a, b := word(alphabet), word(alphabet)
		if rng.IntN(4) == 0 {
			// b shares a's first half, for long common prefixes.
			b = a[:len(a)/2] + b
			b = b[:min(len(b), 64)]
		}
		x, y, n := encodeLong(a, b)
		jw := winkler(x, y, jaroLong(x, y, n))
		if got, want := Jaro(a, b), jaroLong(x, y, n); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("Jaro(%q, %q) = %v, multi-word kernel %v", a, b, got, want)
		}
		if got := JaroWinkler(a, b); math.Float64bits(got) != math.Float64bits(jw) {
			t.Fatalf("JaroWinkler(%q, %q) = %v, multi-word kernel %v", a, b, got, jw)
		}
	}
}

// TestJaroWinklerSet compares JaroWinklerSet's scores with JaroWinkler,
// bit for bit: sets of short ASCII strings from small alphabets (matches,
// window edges and transpositions frequent), with gold strings holding
// bytes no candidate holds, and with long and non-ASCII strings on either
// side (which take JaroWinkler itself).
func TestJaroWinklerSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 65))
	word := func(alphabet string) string {
		n := rng.IntN(66)
		if rng.IntN(3) == 0 {
			n = rng.IntN(8)
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	var s JaroWinklerSet
	for k := range 400 {
		alphabet := []string{"ab", "abc", "abcdefgh", "aAbB .-", "\x00\x7f~", "aé b"}[k%6]
		strs := make([]string, rng.IntN(30))
		for x := range strs {
			strs[x] = word(alphabet)
		}
		s.Reset(strs)
		dst := make([]float64, len(strs))
		for range 20 {
			a := word(alphabet + "xyz")
			if len(strs) > 0 && rng.IntN(3) == 0 {
				a = strs[rng.IntN(len(strs))]
			}
			s.Scores(dst, a)
			for x, b := range strs {
				if want := JaroWinkler(a, b); math.Float64bits(dst[x]) != math.Float64bits(want) {
					t.Fatalf("set %d: JaroWinklerSet score of %q against %q = %v, JaroWinkler %v", k, a, b, dst[x], want)
				}
			}
		}
	}
}

// TestJaroWinklerSetFullASCII scores against a set holding every ASCII
// byte, the largest number of byte ids a set numbers.
func TestJaroWinklerSetFullASCII(t *testing.T) {
	var all []byte
	for c := range 128 {
		all = append(all, byte(c))
	}
	strs := []string{string(all[:64]), string(all[64:]), "abc", string(all[60:70])}
	var s JaroWinklerSet
	s.Reset(strs)
	dst := make([]float64, len(strs))
	for _, a := range []string{string(all[:64]), string(all[64:]), "\x7fabc", string(all[62:72]), "", "z"} {
		s.Scores(dst, a)
		for x, b := range strs {
			if want := JaroWinkler(a, b); math.Float64bits(dst[x]) != math.Float64bits(want) {
				t.Fatalf("JaroWinklerSet score of %q against %q = %v, JaroWinkler %v", a, b, dst[x], want)
			}
		}
	}
}

// BenchmarkJaroWinklerSet scores 100 name-like gold strings against a set
// of 100 candidates, a row at a time.
func BenchmarkJaroWinklerSet(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 8))
	name := func() string {
		const letters = "abcdefghijklmnopqrstuvwxyz"
		n := 5 + rng.IntN(12)
		w := make([]byte, n)
		for i := range w {
			w[i] = letters[rng.IntN(len(letters))]
		}
		w[0] -= 'a' - 'A'
		return string(w)
	}
	gold, cand := make([]string, 100), make([]string, 100)
	for i := range gold {
		gold[i], cand[i] = name(), name()
	}
	var s JaroWinklerSet
	dst := make([]float64, len(cand))
	b.ReportAllocs()
	for b.Loop() {
		s.Reset(cand)
		for _, a := range gold {
			s.Scores(dst, a)
		}
	}
}
