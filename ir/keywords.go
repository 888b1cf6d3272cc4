package ir

import (
	"strings"
	"unicode/utf8"
)

// oaKeywords are the Object Aligner keywords of docs/SCORING.md §2.1, in the order used
// to break ties between "did you mean" suggestions.
var oaKeywords = []string{
	"type", "score", "threshold", "nullScore", "properties",
	"keyScore", "keyThreshold", "keyImportance", "valueImportance", "valueWeight",
	"items", "prefixItems", "prefixWeights", "prefixImportance", "restImportance",
	"order", "ignoreExcess", "ignoreMissing", "idScope", "ref", "enum",
}

// standardKeywords are JSON Schema keywords of every published draft plus the
// common OpenAPI additions. They are validation or annotation keywords for
// oagen (docs/SCORING.md §1.7, §9.5) and never trigger the misspelling check.
var standardKeywords = map[string]bool{
	"$schema": true, "$id": true, "id": true, "$ref": true, "$defs": true, "definitions": true,
	"$anchor": true, "$dynamicRef": true, "$dynamicAnchor": true, "$recursiveRef": true,
	"$recursiveAnchor": true, "$vocabulary": true, "$comment": true,
	"title": true, "description": true, "default": true, "examples": true, "example": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"const": true, "enum": true, "type": true,
	"multipleOf": true, "maximum": true, "exclusiveMaximum": true, "minimum": true, "exclusiveMinimum": true,
	"maxLength": true, "minLength": true, "pattern": true, "format": true,
	"contentEncoding": true, "contentMediaType": true, "contentSchema": true,
	"items": true, "prefixItems": true, "additionalItems": true, "unevaluatedItems": true,
	"contains": true, "minContains": true, "maxContains": true,
	"maxItems": true, "minItems": true, "uniqueItems": true,
	"properties": true, "patternProperties": true, "additionalProperties": true,
	"unevaluatedProperties": true, "propertyNames": true, "required": true,
	"maxProperties": true, "minProperties": true,
	"dependentRequired": true, "dependentSchemas": true, "dependencies": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true,
	"nullable": true, "discriminator": true, "xml": true, "externalDocs": true,
}

// isOAKeyword reports whether k is an Object Aligner keyword.
func isOAKeyword(k string) bool {
	for _, w := range oaKeywords {
		if w == k {
			return true
		}
	}
	return false
}

// misspelledKeyword returns the OA keyword that an unknown keyword k is most
// likely a misspelling of, or "" when k looks like an intentional extension.
// The distance is the optimal-string-alignment edit distance of the lower-cased
// words (so "idscope" and "valueWieght" are one edit away); it must be at most
// 2, and at most 1 for the short keywords (type, ref, enum), whose two-edit
// neighbourhoods are full of ordinary words such as "key".
func misspelledKeyword(k string) string {
	if standardKeywords[k] || isOAKeyword(k) || strings.HasPrefix(k, "x-") {
		return ""
	}
	lk := strings.ToLower(k)
	best, bestDist := "", 3
	for _, w := range oaKeywords {
		limit := 2
		if utf8.RuneCountInString(w) <= 4 {
			limit = 1
		}
		if abs(utf8.RuneCountInString(lk)-len(w)) > limit {
			continue // the distance is at least the length difference
		}
		d := osaDistance(lk, strings.ToLower(w))
		if d <= limit && d < bestDist {
			best, bestDist = w, d
		}
	}
	return best
}

// builtinComparators are the built-in comparator names per registry (docs/SCORING.md §3.2, §3.3).
var builtinComparators = map[string][]string{
	"string":  {"exact", "jaro", "jaro_winkler", "levenshtein", "damerau_levenshtein", "osa", "indel", "lcsseq"},
	"number":  {"exact", "invdiff", "relative"},
	"integer": {"exact", "invdiff", "relative"},
}

// typeNames are the JSON Schema type names with their TypeSet bits.
var typeNames = []struct {
	name string
	bit  TypeSet
}{
	{"null", TNull}, {"boolean", TBoolean}, {"integer", TInteger}, {"number", TNumber},
	{"string", TString}, {"array", TArray}, {"object", TObject},
}

// suggest returns the candidate closest to s within two edits, and fewer
// edits than either word has code points (so "b" does not suggest "a"); ties
// go to the earlier candidate. It returns "" when nothing is close.
func suggest(s string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		if abs(len(s)-len(c)) > 2*utf8.UTFMax {
			continue // more than two edits apart
		}
		d := osaDistance(strings.ToLower(s), strings.ToLower(c))
		if d < bestDist && d < min(utf8.RuneCountInString(s), utf8.RuneCountInString(c)) {
			best, bestDist = c, d
		}
	}
	return best
}

// didYouMean formats a suggestion suffix for a message.
func didYouMean(s string, candidates []string) string {
	if m := suggest(s, candidates); m != "" && m != s {
		return ` (did you mean "` + m + `"?)`
	}
	return ""
}

// osaDistance is the optimal string alignment distance (insertions, deletions,
// substitutions and transpositions of adjacent code points, each cost 1).
func osaDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	n, m := len(ra), len(rb)
	prev2 := make([]int, m+1)
	prev := make([]int, m+1)
	cur := make([]int, m+1)
	for j := 0; j <= m; j++ {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
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
