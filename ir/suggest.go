package ir

import "slices"

// This file exports the keyword table and the "did you mean" helper for the
// other schema sources (package structtag reads the same keywords from Go
// struct tags and must reject and correct them the same way).

// Keywords returns the Object Aligner keywords of docs/SCORING.md §2.1 in their
// suggestion tie-break order. The slice is a fresh copy.
func Keywords() []string { return slices.Clone(oaKeywords) }

// Suggest returns the candidate closest to s in optimal-string-alignment
// distance (case-insensitive), when it is at most two edits away and fewer
// edits than either word has code points; ties go to the earlier candidate.
// It returns "" when nothing is close. Every "did you mean" of package ir
// uses it.
func Suggest(s string, candidates []string) string { return suggest(s, candidates) }

// DidYouMean returns ` (did you mean "x"?)` for the suggestion x of Suggest,
// or "" when there is none or it equals s.
func DidYouMean(s string, candidates []string) string { return didYouMean(s, candidates) }
