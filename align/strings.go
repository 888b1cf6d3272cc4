package align

import (
	"math/bits"
	"unicode/utf8"
)

// String similarities of docs/SCORING.md §3.2.
//
// These kernels are hand-written on purpose. The reference scores strings
// with a particular library whose conventions are normative here: code
// points rather than bytes, its Jaro match window floor(max/2)-1 with a
// special case for two one-character strings, Jaro–Winkler's prefix bonus
// only above 0.7, and normalised similarities computed as
// 1.0 - (dist / maximum) in float64. No Go library reproduces all of these
// bit for bit, and the scorer calls them in its innermost loops, so they are
// written here to be exact and allocation-free for the common case.
//
// Every comparator first re-encodes both strings as symbol ids: two strings
// of at most 64 code points become uint8 ids below 128 in stack arrays (ASCII
// bytes are their own ids), so the kernels run on single 64-bit words with
// 128-entry match tables and allocate nothing. Longer strings become int32
// ids and run on multi-word bit vectors (Levenshtein, OSA, LCS, Jaro) or a
// linear-memory dynamic programme (Damerau–Levenshtein). Equal ids mean equal
// code points, so every result depends only on the code-point sequences.
// Invalid UTF-8 bytes decode to U+FFFD, as range over a string does.

// shortRunes is the longest string, in code points, handled on the stack.
const shortRunes = 64

// shortAlphabet bounds the symbol ids of the short path: two strings of at
// most 64 code points hold at most 128 distinct ones, and ASCII is below 128.
const shortAlphabet = 128

// denseMatchLimit is the largest dense match table (in 64-bit words) that
// newMatchTable builds; beyond it the table is stored per symbol and block,
// which keeps memory linear in the pattern length for huge alphabets.
const denseMatchLimit = 1 << 18

// ExactString is the "exact" string comparator: 1.0 when a and b are the same
// code-point sequence, else 0.0.
func ExactString(a, b string) float64 {
	if a == b {
		return 1.0
	}
	return 0.0
}

// Jaro is the "jaro" string comparator of docs/SCORING.md §3.2: the reference's Jaro
// similarity with match window floor(max(|a|,|b|)/2)-1, greedy left-to-right
// matching of a's code points against b's, and 1.0 for two empty strings.
func Jaro(a, b string) float64 {
	if isShortASCII(a, b) {
		return jaroShort(a, b)
	}
	var p shortPair
	if p.encode(a, b) {
		return jaroShort(p.slices())
	}
	x, y, k := encodeLong(a, b)
	return jaroLong(x, y, k)
}

// JaroWinkler is the "jaro_winkler" string comparator of docs/SCORING.md §3.2: Jaro
// plus 0.1 per common-prefix code point (at most 4), applied only when the
// Jaro similarity exceeds 0.7.
func JaroWinkler(a, b string) float64 {
	if isShortASCII(a, b) {
		return winklerBytes(a, b, jaroShort(a, b))
	}
	var p shortPair
	if p.encode(a, b) {
		x, y := p.slices()
		return winkler(x, y, jaroShort(x, y))
	}
	x, y, k := encodeLong(a, b)
	return winkler(x, y, jaroLong(x, y, k))
}

// Levenshtein is the "levenshtein" string comparator of docs/SCORING.md §3.2:
// 1.0 - dist/max(|a|,|b|) with unit insert, delete and substitute costs.
func Levenshtein(a, b string) float64 {
	var p shortPair
	if p.encode(a, b) {
		x, y := p.slices()
		return normalizedSimilarity(levenshteinShort(x, y), max(len(x), len(y)))
	}
	x, y, k := encodeLong(a, b)
	return normalizedSimilarity(levenshteinLong(x, y, k), max(len(x), len(y)))
}

// DamerauLevenshtein is the "damerau_levenshtein" string comparator of docs/SCORING.md
// §3.2: the Levenshtein normalisation of the unrestricted Damerau–Levenshtein
// distance (adjacent transpositions; a substring may be edited more than
// once).
func DamerauLevenshtein(a, b string) float64 {
	var p shortPair
	if p.encode(a, b) {
		x, y := p.slices()
		return normalizedSimilarity(damerauShort(x, y), max(len(x), len(y)))
	}
	x, y, k := encodeLong(a, b)
	return normalizedSimilarity(damerauLong(x, y, k), max(len(x), len(y)))
}

// OSA is the "osa" string comparator of docs/SCORING.md §3.2: the Levenshtein
// normalisation of the optimal string alignment (restricted Damerau–
// Levenshtein) distance, where no substring is edited twice.
func OSA(a, b string) float64 {
	var p shortPair
	if p.encode(a, b) {
		x, y := p.slices()
		return normalizedSimilarity(osaShort(x, y), max(len(x), len(y)))
	}
	x, y, k := encodeLong(a, b)
	return normalizedSimilarity(osaLong(x, y, k), max(len(x), len(y)))
}

// Indel is the "indel" string comparator of docs/SCORING.md §3.2:
// 1.0 - (|a|+|b|-2·LCS)/(|a|+|b|), and 1.0 when both are empty.
func Indel(a, b string) float64 {
	var p shortPair
	var lcs, total int
	if p.encode(a, b) {
		x, y := p.slices()
		lcs, total = lcsShort(x, y), len(x)+len(y)
	} else {
		x, y, k := encodeLong(a, b)
		lcs, total = lcsLong(x, y, k), len(x)+len(y)
	}
	return normalizedSimilarity(total-2*lcs, total)
}

// LCSSeq is the "lcsseq" string comparator of docs/SCORING.md §3.2:
// 1.0 - (max(|a|,|b|)-LCS)/max(|a|,|b|), and 1.0 when both are empty.
func LCSSeq(a, b string) float64 {
	var p shortPair
	var lcs, longest int
	if p.encode(a, b) {
		x, y := p.slices()
		lcs, longest = lcsShort(x, y), max(len(x), len(y))
	} else {
		x, y, k := encodeLong(a, b)
		lcs, longest = lcsLong(x, y, k), max(len(x), len(y))
	}
	return normalizedSimilarity(longest-lcs, longest)
}

// normalizedSimilarity is the reference's normalisation: divide first, then
// subtract from 1.0; 1.0 when maximum is 0 (both strings empty).
func normalizedSimilarity(dist, maximum int) float64 {
	if maximum == 0 {
		return 1.0
	}
	return 1.0 - float64(dist)/float64(maximum)
}

// symbol is the type of a re-encoded code point: uint8 on the short path,
// int32 on the long one.
type symbol interface{ ~uint8 | ~int32 }

// shortPair holds two strings of at most shortRunes code points each,
// re-encoded as symbol ids below shortAlphabet.
type shortPair struct {
	a, b   [shortRunes]uint8
	na, nb int
}

// slices returns the encoded strings.
func (p *shortPair) slices() ([]uint8, []uint8) { return p.a[:p.na], p.b[:p.nb] }

// isShortASCII reports whether a and b are ASCII strings of at most
// shortRunes bytes: their bytes are then their own symbol ids, and the
// short kernels that take a byteSeq run on them without re-encoding.
func isShortASCII(a, b string) bool {
	return len(a) <= shortRunes && len(b) <= shortRunes && isASCIIString(a) && isASCIIString(b)
}

// byteSeq is a string or a slice of symbol ids below shortAlphabet, for the
// short kernels that run on either.
type byteSeq interface{ ~string | ~[]uint8 }

// encode fills p from a and b and reports whether both fit the short path.
func (p *shortPair) encode(a, b string) bool {
	if isShortASCII(a, b) {
		p.na = copy(p.a[:], a)
		p.nb = copy(p.b[:], b)
		return true
	}
	if utf8.RuneCountInString(a) > shortRunes || utf8.RuneCountInString(b) > shortRunes {
		return false
	}
	var t symbolTable
	p.na = t.encode(p.a[:], a)
	p.nb = t.encode(p.b[:], b)
	return true
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// symbolTable numbers the distinct code points of two short strings
// 0, 1, 2, … in order of first appearance: a fixed open-addressing hash
// table, so that encoding does not allocate.
type symbolTable struct {
	keys [2 * shortAlphabet]uint32 // code point + 1; 0 marks a free slot
	ids  [2 * shortAlphabet]uint8
	n    int
}

// encode writes the ids of s's code points to dst and returns their count;
// s has at most len(dst) code points.
func (t *symbolTable) encode(dst []uint8, s string) int {
	n := 0
	for _, r := range s {
		dst[n] = t.id(r)
		n++
	}
	return n
}

func (t *symbolTable) id(r rune) uint8 {
	k := uint32(r) + 1
	h := (k * 0x9E3779B1) >> 24 // Fibonacci hashing onto 256 slots
	for {
		switch t.keys[h] {
		case k:
			return t.ids[h]
		case 0:
			t.keys[h] = k
			t.ids[h] = uint8(t.n)
			t.n++
			return t.ids[h]
		}
		h = (h + 1) % uint32(len(t.keys))
	}
}

// encodeLong re-encodes two strings of any length as int32 ids: ASCII code
// points are their own ids and others are numbered from 128 on. It returns
// the alphabet size (one more than the largest id).
func encodeLong(a, b string) (x, y []int32, alphabet int) {
	var ids map[rune]int32
	next := int32(shortAlphabet)
	conv := func(s string) []int32 {
		out := make([]int32, 0, utf8.RuneCountInString(s))
		for _, r := range s {
			if r < utf8.RuneSelf {
				out = append(out, r)
				continue
			}
			id, ok := ids[r]
			if !ok {
				if ids == nil {
					ids = make(map[rune]int32)
				}
				id = next
				next++
				ids[r] = id
			}
			out = append(out, id)
		}
		return out
	}
	x = conv(a)
	y = conv(b)
	return x, y, int(next)
}

// trimAffix removes the common prefix and suffix of a and b and returns the
// remainders and the number of symbols removed. Edit distances and LCS
// lengths do not depend on a common affix (beyond adding it to the LCS).
func trimAffix[T symbol](a, b []T) ([]T, []T, int) {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	a, b = a[n:], b[n:]
	m := 0
	for m < len(a) && m < len(b) && a[len(a)-1-m] == b[len(b)-1-m] {
		m++
	}
	return a[:len(a)-m], b[:len(b)-m], n + m
}

// lowBitMask returns a word with the n lowest bits set (0 <= n <= 64).
func lowBitMask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// ---------------------------------------------------------------- Jaro

// jaroSpecial handles the cases docs/SCORING.md §3.2 decides before matching.
func jaroSpecial[T symbol](a, b []T) (float64, bool) {
	switch {
	case len(a) == 0 && len(b) == 0:
		return 1.0, true
	case len(a) == 0 || len(b) == 0:
		return 0.0, true
	case len(a) == 1 && len(b) == 1:
		if a[0] == b[0] {
			return 1.0, true
		}
		return 0.0, true
	}
	return 0, false
}

// jaroWindow is the reference's match window floor(max(|a|,|b|)/2) - 1; it is
// never negative once jaroSpecial has run.
func jaroWindow(la, lb int) int { return max(la, lb)/2 - 1 }

// jaroFormula evaluates ((m/|a| + m/|b|) + (m - t)/m) / 3 in that order, t
// being the halved transposition count.
func jaroFormula(la, lb, m, half int) float64 {
	mf := float64(m)
	return ((mf/float64(la) + mf/float64(lb)) + (mf-float64(half))/mf) / 3
}

// jaroShort is Jaro for strings of at most 64 symbols below shortAlphabet:
// the match flags of each side are single words and the candidates of a[i]
// in its window are a mask over b, so the greedy "first free match in the
// window" is the lowest set bit. The window [max(0, i-w), min(|b|-1, i+w)]
// is kept as two masks that grow by one bit a step: hi holds the bits below
// min(|b|, i+w+1), lo those below max(0, i-w); the window is empty from
// i = |b|+w on, and stays so, since lo only grows.
func jaroShort[S byteSeq](a, b S) float64 {
	la, lb := len(a), len(b)
	switch {
	case la == 0 && lb == 0:
		return 1.0
	case la == 0 || lb == 0:
		return 0.0
	case la == 1 && lb == 1:
		if a[0] == b[0] {
			return 1.0
		}
		return 0.0
	}
	var pm [shortAlphabet]uint64
	for j := range lb {
		pm[b[j]&(shortAlphabet-1)] |= 1 << uint(j)
	}
	w := jaroWindow(la, lb)
	all := lowBitMask(lb)
	hi := lowBitMask(min(lb, w+1))
	var lo, flagA, flagB uint64
	m := 0
	for i := range min(la, lb+w) {
		x := pm[a[i]&(shortAlphabet-1)] &^ flagB & hi &^ lo
		if x != 0 {
			flagB |= x & -x
			flagA |= 1 << uint(i)
			m++
		}
		hi = (hi<<1 | 1) & all
		if i >= w {
			lo = lo<<1 | 1
		}
	}
	if m == 0 {
		return 0.0
	}
	t := 0
	for flagA != 0 {
		if a[bits.TrailingZeros64(flagA)] != b[bits.TrailingZeros64(flagB)] {
			t++
		}
		flagA &= flagA - 1
		flagB &= flagB - 1
	}
	return jaroFormula(la, lb, m, t/2)
}

// jaroLong is Jaro for strings of any length, with multi-word match flags
// and a match table over b: finding a[i]'s first free match scans only the
// words of its window.
func jaroLong(a, b []int32, alphabet int) float64 {
	if s, ok := jaroSpecial(a, b); ok {
		return s
	}
	pm := newMatchTable(b, alphabet, denseMatchLimit)
	flagA := make([]uint64, (len(a)+63)/64)
	flagB := make([]uint64, pm.words)
	w := jaroWindow(len(a), len(b))
	m := 0
	for i, c := range a {
		lo, hi := max(0, i-w), min(len(b)-1, i+w)
		if lo > hi {
			break
		}
		col := pm.column(c)
		for k := lo / 64; k <= hi/64; k++ {
			x := col[k] &^ flagB[k]
			if k == lo/64 {
				x &^= lowBitMask(lo % 64)
			}
			if k == hi/64 {
				x &= lowBitMask(hi%64 + 1)
			}
			if x != 0 {
				flagB[k] |= x & -x
				flagA[i/64] |= 1 << uint(i%64)
				m++
				break
			}
		}
	}
	if m == 0 {
		return 0.0
	}
	t := 0
	ka, kb := 0, 0
	fa, fb := flagA[0], flagB[0]
	for n := 0; n < m; n++ {
		for fa == 0 {
			ka++
			fa = flagA[ka]
		}
		for fb == 0 {
			kb++
			fb = flagB[kb]
		}
		if a[ka*64+bits.TrailingZeros64(fa)] != b[kb*64+bits.TrailingZeros64(fb)] {
			t++
		}
		fa &= fa - 1
		fb &= fb - 1
	}
	return jaroFormula(len(a), len(b), m, t/2)
}

// winkler applies the Jaro–Winkler prefix bonus to the Jaro similarity s.
func winkler[T symbol](a, b []T, s float64) float64 {
	l := 0
	for l < 4 && l < len(a) && l < len(b) && a[l] == b[l] {
		l++
	}
	return winklerBonus(s, l)
}

// winklerBytes is winkler for a byteSeq.
func winklerBytes[S byteSeq](a, b S, s float64) float64 {
	l := 0
	for l < 4 && l < len(a) && l < len(b) && a[l] == b[l] {
		l++
	}
	return winklerBonus(s, l)
}

// winklerBonus adds the prefix bonus of l common code points to the Jaro
// similarity s.
func winklerBonus(s float64, l int) float64 {
	if s > 0.7 {
		// The explicit conversion keeps the product rounded on its own
		// (no fused multiply-add, docs/SCORING.md §10.1).
		s += float64(float64(l) * 0.1 * (1 - s))
	}
	return s
}

// --------------------------------------------------------- Levenshtein

// levenshteinShort is Hyyrö's bit-parallel Levenshtein distance (2003) with
// a as the single-word pattern.
func levenshteinShort(a, b []uint8) int {
	a, b, _ = trimAffix(a, b)
	if len(a) == 0 {
		return len(b)
	}
	var pm [shortAlphabet]uint64
	for i, c := range a {
		pm[c] |= 1 << uint(i)
	}
	vp, vn := ^uint64(0), uint64(0)
	last := uint64(1) << uint(len(a)-1)
	d := len(a)
	for _, c := range b {
		x := pm[c]
		d0 := (((x & vp) + vp) ^ vp) | x | vn
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		if hp&last != 0 {
			d++
		}
		if hn&last != 0 {
			d--
		}
		hp = hp<<1 | 1
		hn <<= 1
		vp = hn | ^(d0 | hp)
		vn = hp & d0
	}
	return d
}

// levenshteinLong is the block (multi-word) form of Hyyrö's algorithm, the
// shorter string being the pattern; the horizontal deltas carry from one
// word to the next.
func levenshteinLong(a, b []int32, alphabet int) int {
	a, b, _ = trimAffix(a, b)
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return len(b)
	}
	pm := newMatchTable(a, alphabet, denseMatchLimit)
	words := pm.words
	vp := make([]uint64, words)
	vn := make([]uint64, words)
	for k := range vp {
		vp[k] = ^uint64(0)
	}
	last := uint64(1) << uint((len(a)-1)%64)
	d := len(a)
	for _, c := range b {
		col := pm.column(c)
		hpCarry, hnCarry := uint64(1), uint64(0)
		for k := 0; k < words; k++ {
			x := col[k] | hnCarry
			v, n := vp[k], vn[k]
			d0 := (((x & v) + v) ^ v) | x | n
			hp := n | ^(d0 | v)
			hn := d0 & v
			hpIn, hnIn := hpCarry, hnCarry
			if k < words-1 {
				hpCarry, hnCarry = hp>>63, hn>>63
			} else {
				hpCarry, hnCarry = carryBit(hp&last != 0), carryBit(hn&last != 0)
			}
			hp = hp<<1 | hpIn
			hn = hn<<1 | hnIn
			vp[k] = hn | ^(d0 | hp)
			vn[k] = hp & d0
		}
		d += int(hpCarry) - int(hnCarry)
	}
	return d
}

func carryBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// ----------------------------------------------------------------- OSA

// osaShort is Hyyrö's bit-parallel optimal string alignment distance (2003):
// Levenshtein plus a transposition term built from the previous column's
// match vector.
func osaShort(a, b []uint8) int {
	a, b, _ = trimAffix(a, b)
	if len(a) == 0 {
		return len(b)
	}
	var pm [shortAlphabet]uint64
	for i, c := range a {
		pm[c] |= 1 << uint(i)
	}
	vp, vn, d0, pmOld := ^uint64(0), uint64(0), uint64(0), uint64(0)
	last := uint64(1) << uint(len(a)-1)
	d := len(a)
	for _, c := range b {
		x := pm[c]
		tr := ((^d0 & x) << 1) & pmOld
		d0 = (((x & vp) + vp) ^ vp) | x | vn | tr
		hp := vn | ^(d0 | vp)
		hn := d0 & vp
		if hp&last != 0 {
			d++
		}
		if hn&last != 0 {
			d--
		}
		hp = hp<<1 | 1
		hn <<= 1
		vp = hn | ^(d0 | hp)
		vn = hp & d0
		pmOld = x
	}
	return d
}

// osaWord is the per-word state of the block OSA algorithm.
type osaWord struct{ vp, vn, d0, pm uint64 }

// osaLong is the block form of osaShort. Entry k+1 of the state slices holds
// word k; entry 0 is an all-zero sentinel so that the transposition bit
// entering word k from word k-1 needs no special case.
func osaLong(a, b []int32, alphabet int) int {
	a, b, _ = trimAffix(a, b)
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return len(b)
	}
	pm := newMatchTable(a, alphabet, denseMatchLimit)
	words := pm.words
	prev := make([]osaWord, words+1)
	cur := make([]osaWord, words+1)
	for k := 1; k <= words; k++ {
		prev[k].vp = ^uint64(0)
	}
	last := uint64(1) << uint((len(a)-1)%64)
	d := len(a)
	for _, c := range b {
		col := pm.column(c)
		hpCarry, hnCarry := uint64(1), uint64(0)
		for k := 1; k <= words; k++ {
			v, n, d0 := prev[k].vp, prev[k].vn, prev[k].d0
			x := col[k-1]
			tr := (((^d0 & x) << 1) | ((^prev[k-1].d0 & cur[k-1].pm) >> 63)) & prev[k].pm
			x |= hnCarry
			d0 = (((x & v) + v) ^ v) | x | n | tr
			hp := n | ^(d0 | v)
			hn := d0 & v
			if k == words {
				if hp&last != 0 {
					d++
				}
				if hn&last != 0 {
					d--
				}
			}
			hpIn, hnIn := hpCarry, hnCarry
			hpCarry, hnCarry = hp>>63, hn>>63
			hp = hp<<1 | hpIn
			hn = hn<<1 | hnIn
			cur[k] = osaWord{vp: hn | ^(d0 | hp), vn: hp & d0, d0: d0, pm: col[k-1]}
		}
		prev, cur = cur, prev
	}
	return d
}

// ----------------------------------------------- Damerau–Levenshtein

// damerauShort is the unrestricted Damerau–Levenshtein distance of two
// strings of at most 64 symbols, with all state on the stack.
func damerauShort(a, b []uint8) int {
	a, b, _ = trimAffix(a, b)
	var r, r1, fr [shortRunes + 2]int
	var lastRow [shortAlphabet]int
	return damerau(a, b, r[:len(b)+2], r1[:len(b)+2], fr[:len(b)+2], lastRow[:])
}

// damerauLong is damerauShort for strings of any length; the rows span the
// shorter string.
func damerauLong(a, b []int32, alphabet int) int {
	a, b, _ = trimAffix(a, b)
	if len(b) > len(a) {
		a, b = b, a
	}
	rows := make([]int, 3*(len(b)+2))
	n := len(b) + 2
	return damerau(a, b, rows[:n], rows[n:2*n], rows[2*n:], make([]int, alphabet))
}

// damerau is Zhao and Sahni's O(|a|·|b|)-time, O(|b| + alphabet)-memory form
// of the Lowrance–Wagner algorithm for the unrestricted Damerau–Levenshtein
// distance. r, r1 and fr have len(b)+2 entries (index j+1 holds column j, so
// that column -1 exists); lastRow has one zeroed entry per symbol and records
// 1 + the last row (1-based) where the symbol occurred in a.
func damerau[T symbol](a, b []T, r, r1, fr, lastRow []int) int {
	la, lb := len(a), len(b)
	if la == 0 || lb == 0 {
		return la + lb
	}
	maxVal := max(la, lb) + 1
	for j := range r {
		r1[j] = maxVal
		fr[j] = maxVal
	}
	r[0] = maxVal
	for j := 1; j < len(r); j++ {
		r[j] = j - 1
	}
	for i := 1; i <= la; i++ {
		r, r1 = r1, r
		// Reslicing to the common length lets the compiler drop the bounds
		// checks of the inner loop.
		cur, prev, f, row := r[:lb+2], r1[:lb+2], fr[:lb+2], b[:lb]
		lastCol := -1
		lastI2L1 := cur[1]
		cur[1] = i
		t := maxVal
		ai := a[i-1]
		for j := 1; j <= lb; j++ {
			bj := row[j-1]
			if ai == bj {
				lastCol = j
				f[j+1] = prev[j-1]
				t = lastI2L1
				lastI2L1 = cur[j+1]
				cur[j+1] = min(prev[j], cur[j]+1, prev[j+1]+1)
				continue
			}
			temp := min(prev[j]+1, cur[j]+1, prev[j+1]+1)
			k := lastRow[bj] - 1
			if j-lastCol == 1 {
				temp = min(temp, f[j+1]+(i-k))
			} else if i-k == 1 {
				temp = min(temp, t+(j-lastCol))
			}
			lastI2L1 = cur[j+1]
			cur[j+1] = temp
		}
		lastRow[ai] = i + 1
	}
	return r[lb+1]
}

// ----------------------------------------------------------------- LCS

// lcsShort is the bit-parallel LCS length of Allison–Dix / Hyyrö with a as
// the single-word pattern.
func lcsShort(a, b []uint8) int {
	a, b, n := trimAffix(a, b)
	if len(a) == 0 || len(b) == 0 {
		return n
	}
	var pm [shortAlphabet]uint64
	for i, c := range a {
		pm[c] |= 1 << uint(i)
	}
	s := ^uint64(0)
	for _, c := range b {
		u := s & pm[c]
		s = (s + u) | (s - u)
	}
	return n + bits.OnesCount64(^s&lowBitMask(len(a)))
}

// lcsLong is the block form of lcsShort: the additions carry across words.
func lcsLong(a, b []int32, alphabet int) int {
	a, b, n := trimAffix(a, b)
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) == 0 {
		return n
	}
	pm := newMatchTable(a, alphabet, denseMatchLimit)
	s := make([]uint64, pm.words)
	for k := range s {
		s[k] = ^uint64(0)
	}
	for _, c := range b {
		col := pm.column(c)
		var carry uint64
		for k, v := range s {
			u := v & col[k]
			var x uint64
			x, carry = bits.Add64(v, u, carry)
			s[k] = x | (v - u)
		}
	}
	for k, v := range s {
		if k == len(s)-1 {
			v |= ^lowBitMask(len(a) - 64*k)
		}
		n += bits.OnesCount64(^v)
	}
	return n
}

// --------------------------------------------------------- match table

// matchTable is the "pattern match vector" of a string p over its symbols:
// column(c) is the bit set of the positions of c in p, as words 64-bit
// words. It is dense (one row per symbol) when that fits denseLimit words,
// otherwise sparse: for each symbol, the list of (word, mask) pairs where it
// occurs, scattered into a scratch column on demand.
type matchTable struct {
	words int
	dense []uint64 // alphabet × words, or nil

	start []int32  // sparse: entries of symbol c are start[c]:start[c+1]
	block []int32  // word index of each entry
	mask  []uint64 // bits of each entry
	col   []uint64 // scratch column
	cur   int32    // symbol scattered into col, or -1
}

func newMatchTable(p []int32, alphabet, denseLimit int) *matchTable {
	words := (len(p) + 63) / 64
	t := &matchTable{words: words, cur: -1}
	if alphabet*words <= denseLimit {
		t.dense = make([]uint64, alphabet*words)
		for i, c := range p {
			t.dense[int(c)*words+i/64] |= 1 << uint(i%64)
		}
		return t
	}
	// Count the (symbol, word) pairs, then fill them in word order.
	seen := make([]int32, alphabet) // 1 + last word index counted
	t.start = make([]int32, alphabet+1)
	for i, c := range p {
		if w := int32(i/64) + 1; seen[c] != w {
			seen[c] = w
			t.start[c+1]++
		}
	}
	for c := 0; c < alphabet; c++ {
		t.start[c+1] += t.start[c]
	}
	entries := t.start[alphabet]
	t.block = make([]int32, entries)
	t.mask = make([]uint64, entries)
	fill := make([]int32, alphabet)
	copy(fill, t.start[:alphabet])
	clear(seen)
	for i, c := range p {
		w := int32(i/64) + 1
		if seen[c] != w {
			seen[c] = w
			t.block[fill[c]] = w - 1
			fill[c]++
		}
		t.mask[fill[c]-1] |= 1 << uint(i%64)
	}
	t.col = make([]uint64, words)
	return t
}

// column returns the position bits of symbol c; the slice is valid until
// the next call.
func (t *matchTable) column(c int32) []uint64 {
	if t.dense != nil {
		return t.dense[int(c)*t.words : int(c+1)*t.words]
	}
	if t.cur == c {
		return t.col
	}
	if t.cur >= 0 {
		for e := t.start[t.cur]; e < t.start[t.cur+1]; e++ {
			t.col[t.block[e]] = 0
		}
	}
	for e := t.start[c]; e < t.start[c+1]; e++ {
		t.col[t.block[e]] = t.mask[e]
	}
	t.cur = c
	return t.col
}
