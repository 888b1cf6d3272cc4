package align

import "math/bits"

// JaroWinklerSet is JaroWinkler against a fixed set of candidate strings:
// the match masks of each short ASCII candidate (jaroShort's table of the
// candidate's positions by byte) are built once, when the set is reset,
// instead of once per pair, for the rows of a matrix of string scores that
// compare each gold string with every candidate (docs/PERFORMANCE.md,
// "Large documents"). Its scores are JaroWinkler's, bit for bit. The zero
// value is an empty set; a set keeps its storage from Reset to Reset.
type JaroWinklerSet struct {
	strs  []string
	short []bool // strs[x] is ASCII of at most shortRunes bytes
	// id numbers the bytes the short candidates hold, from 1 (0: none
	// holds the byte); pm[x*(na+1)+id] is the mask of the positions of
	// that byte in strs[x], and pm[x*(na+1)] is 0 (the bytes none holds).
	id  [shortAlphabet]uint8
	na  int
	pm  []uint64
	aid [shortRunes]uint8 // the ids of the gold string being scored
}

// Reset makes strs the candidates of the set (the set keeps the slice
// until the next Reset).
func (s *JaroWinklerSet) Reset(strs []string) {
	s.strs = strs
	s.short = s.short[:0]
	s.id = [shortAlphabet]uint8{}
	s.na = 0
	for _, b := range strs {
		short := len(b) <= shortRunes && isASCIIString(b)
		s.short = append(s.short, short)
		if !short {
			continue
		}
		for j := range len(b) {
			if s.id[b[j]] == 0 {
				s.na++
				s.id[b[j]] = uint8(s.na)
			}
		}
	}
	stride := s.na + 1
	n := len(strs) * stride
	if cap(s.pm) < n {
		s.pm = make([]uint64, n)
	}
	s.pm = s.pm[:n]
	clear(s.pm)
	for x, b := range strs {
		if !s.short[x] {
			continue
		}
		pm := s.pm[x*stride : (x+1)*stride]
		for j := range len(b) {
			pm[s.id[b[j]]] |= 1 << uint(j)
		}
	}
}

// Scores writes JaroWinkler(a, b) into dst[x] for each candidate b =
// strs[x] of the set; dst has a cell per candidate.
func (s *JaroWinklerSet) Scores(dst []float64, a string) {
	dst = dst[:len(s.strs)]
	if len(a) > shortRunes || !isASCIIString(a) {
		for x, b := range s.strs {
			dst[x] = JaroWinkler(a, b)
		}
		return
	}
	aid := s.aid[:len(a)]
	for i := range len(a) {
		aid[i] = s.id[a[i]]
	}
	for x, b := range s.strs {
		if !s.short[x] {
			dst[x] = JaroWinkler(a, b)
			continue
		}
		dst[x] = winklerBytes(a, b, jaroMasks(a, aid, b, s.pm[x*(s.na+1):(x+1)*(s.na+1)]))
	}
}

// jaroMasks is jaroShort for two short ASCII strings whose table of b's
// positions by byte is pm, indexed by the ids aid of a's bytes (pm[0] is
// 0: b does not hold the bytes of id 0). It must compute what jaroShort
// computes: the same matches (its match step only has no branch on the
// data) and the same transpositions.
func jaroMasks(a string, aid []uint8, b string, pm []uint64) float64 {
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
	aid = aid[:la]
	w := jaroWindow(la, lb)
	all := lowBitMask(lb)
	hi := lowBitMask(min(lb, w+1))
	var lo, flagA, flagB uint64
	// jaroShort's match step without a branch on the data: low is the
	// first free match of a[i] in its window (0: none), and its flag in
	// flagA is low's being non-zero. The window's low end (lo) stays 0
	// for the first w bytes, so they take a loop of their own.
	n := min(la, lb+w)
	i := 0
	for ; i < min(n, w); i++ {
		x := pm[aid[i]] &^ flagB & hi
		low := x & -x
		flagB |= low
		flagA |= (low | -low) >> 63 << uint(i)
		hi = (hi<<1 | 1) & all
	}
	for ; i < n; i++ {
		x := pm[aid[i]] &^ flagB & hi &^ lo
		low := x & -x
		flagB |= low
		flagA |= (low | -low) >> 63 << uint(i)
		hi = (hi<<1 | 1) & all
		lo = lo<<1 | 1
	}
	m := bits.OnesCount64(flagA)
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
