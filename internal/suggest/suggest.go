// Package suggest is the project's one "did you mean": every error about an
// unknown name (schema keywords, type names, comparators, scopes, template
// keys, oa tag keywords, Go type names, subcommands) suggests a known name
// through Closest, so that all of them agree on what is close.
//
// A candidate is close to a name when their optimal string alignment distance
// (insertions, deletions, substitutions and transpositions of adjacent code
// points, each one edit), ignoring case, is
//
//   - at most 2, and at most 1 when the shorter of the two has 4 code points
//     or fewer (the two-edit neighbourhood of a short word such as "ref" or
//     "type" is full of unrelated words), and
//   - less than the code point count of each of them (so "b" never
//     suggests "a").
//
// The closest candidate wins; a tie goes to the earlier candidate, so callers
// list their names in a deliberate order.
package suggest

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Closest returns the candidate closest to name under the package's
// threshold, or "" when none is close. A candidate equal to name (ignoring
// case) is at distance 0, so it wins; callers that look name up first never
// see that.
func Closest(name string, candidates []string) string {
	lname := []rune(strings.ToLower(name))
	best, bestDist := "", -1
	for _, c := range candidates {
		n := utf8.RuneCountInString(c)
		limit := maxEdits(min(len(lname), n))
		if abs(len(lname)-n) > limit {
			continue // the distance is at least the length difference
		}
		d := osaDistance(lname, []rune(strings.ToLower(c)))
		if d <= limit && d < min(len(lname), n) && (bestDist < 0 || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean returns ` (did you mean "x"?)` for the suggestion x of Closest,
// for appending to an error message, or "" when there is none or it is name
// itself.
func DidYouMean(name string, candidates []string) string {
	if s := Closest(name, candidates); s != "" && s != name {
		return " (did you mean " + strconv.Quote(s) + "?)"
	}
	return ""
}

// maxEdits is the largest distance that counts as close when the shorter of
// the two words has n code points.
func maxEdits(n int) int {
	if n <= 4 {
		return 1
	}
	return 2
}

// osaDistance is the optimal string alignment distance between a and b.
func osaDistance(a, b []rune) int {
	n, m := len(a), len(b)
	prev2 := make([]int, m+1)
	prev := make([]int, m+1)
	cur := make([]int, m+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// Nearest returns the candidate closest to name whatever the distance, or ""
// when there are no candidates. A candidate that contains name or is
// contained in it, ignoring case ("weight" in "valueWeight", "order" in
// "unordered"), is preferred to one that does not; then the smaller optimal
// string alignment distance wins, then the earlier candidate. It is for
// messages that always name the closest known word, such as a warning about
// an unknown keyword that is far from every real one.
func Nearest(name string, candidates []string) string {
	lower := strings.ToLower(name)
	lname := []rune(lower)
	best, bestDist, bestSub := "", -1, false
	for _, c := range candidates {
		lc := strings.ToLower(c)
		sub := lower != "" && (strings.Contains(lc, lower) || strings.Contains(lower, lc))
		d := osaDistance(lname, []rune(lc))
		if bestDist < 0 || (sub && !bestSub) || (sub == bestSub && d < bestDist) {
			best, bestDist, bestSub = c, d, sub
		}
	}
	return best
}
