package feedback

import (
	"unicode/utf8"

	"github.com/objectaligner/oagen/interp"

	"github.com/objectaligner/oagen/jsonval"
)

// Profile selects the conventions of rendered text: it is the scoring
// profile (interp.Compat), one choice for scores and text alike; ForResult
// takes it from the scorer.
type Profile = interp.Compat

// The rendering profiles, the scoring profiles of package interp.
const (
	// ProfileDefault shows values as JSON ("Eve", null, true,
	// {"id": 6, "name": "Eve"}, numbers by value: 12.0 is shown as 12),
	// speaks of objects and arrays, names the synthesis buckets in words
	// ("missing array item") and, in descriptions, says "missing key" for a
	// key one side lacks and leaves out the empty value line of identifier
	// fields. Its templates are the packaged ones overlaid by
	// templates/default-profile.json.
	ProfileDefault = interp.CompatDefault
	// ProfileReference reproduces the Python reference's text byte for byte:
	// values as Python reprs ('Eve', None, True, {'id': 6}), "dictionary"
	// and "list", bucket names as identifiers.
	ProfileReference = interp.CompatReference

	numProfiles = 2
)

// profileIndex is the index of profile p in per-profile tables (0 the
// default, 1 the reference), -1 for a string that names no profile.
func profileIndex(p Profile) int {
	switch p {
	case ProfileDefault:
		return 0
	case ProfileReference:
		return 1
	}
	return -1
}

// validProfile reports whether p is one of the profiles.
func validProfile(p Profile) bool { return profileIndex(p) >= 0 }

// maxValueRunes is the longest value display fmt(v) keeps whole (docs/SCORING.md §8.8.3).
const maxValueRunes = 80

// FmtValue is docs/SCORING.md §8.8.3's fmt(v) in profile p, the way feedback displays a
// value: Python's repr ("None" for null) in the reference profile, JSON text
// (jsonval.AppendReadable) in the default one; cut to its first 79 code
// points plus "…" when longer than 80.
func FmtValue(v jsonval.Value, p Profile) string {
	return string(appendFmtValue(nil, &v, p))
}

// appendFmtValue appends fmt(*v) in profile p to dst. The representation is
// written in place and cut there, so no intermediate string is built.
func appendFmtValue(dst []byte, v *jsonval.Value, p Profile) []byte {
	start := len(dst)
	if p == ProfileReference {
		dst = jsonval.AppendPyRepr(dst, *v)
	} else {
		dst = jsonval.AppendReadable(dst, *v)
	}
	out := dst[start:]
	if len(out) <= maxValueRunes || utf8.RuneCount(out) <= maxValueRunes {
		return dst
	}
	n, i := 0, 0
	for n < maxValueRunes-1 {
		_, size := utf8.DecodeRune(out[i:])
		i += size
		n++
	}
	return append(dst[:start+i], "…"...)
}

// showValue renders one side of a described leaf (docs/SCORING.md §9.1): Python's str()
// in the reference profile ("None" for an absent side), the JSON text in the
// default one (null for an absent side). Descriptions do not cut values.
func showValue(v jsonval.Value, has bool, p Profile) string {
	if p == ProfileReference {
		if !has {
			return "None"
		}
		return jsonval.PyStr(v)
	}
	if !has {
		return "null"
	}
	return jsonval.Readable(v)
}

// BucketName returns the name the synthesis line gives a bucket (Bucket) in
// profile p: the bucket itself in the reference profile, words in the
// default one ("missing-list-item" reads "missing array item").
func BucketName(bucket string, p Profile) string {
	if p == ProfileReference {
		return bucket
	}
	switch bucket {
	case "primitive-value":
		return "value"
	case "list-item-value":
		return "array item value"
	case "missing-key":
		return "missing key"
	case "extraneous-key":
		return "extraneous key"
	case "key-rename":
		return "key name"
	case "missing-list-item":
		return "missing array item"
	case "extraneous-list-item":
		return "extraneous array item"
	case "reference":
		return "reference"
	case "unresolved-reference":
		return "unresolved reference"
	case "subtree":
		return "subtree"
	case "null-value":
		return "null/value"
	case "union-branch":
		return "union branch"
	}
	return bucket
}
