// Package doccheck holds the repository's documentation checks; it has no
// API. Its test scans every Go file (generated ones included) and every
// Markdown, text and Python file outside testdata for citations of
// docs/SCORING.md and fails when one names a section that document lacks, when
// a bare "§" stands outside such a citation, or when a file still refers to
// the team's former specification instead of docs/SCORING.md.
//
// A citation is written "docs/SCORING.md §5.2", possibly continued by more
// sections ("docs/SCORING.md §7.5, §1.4", "docs/SCORING.md §7.3–7.5",
// "docs/SCORING.md §2.3 and §13.3"), and may be followed by a qualifier that
// the document's numbered lists define ("docs/SCORING.md §8.5 rule 1").
// Inside docs/SCORING.md and docs/PROFILES.md a section number written without
// the document's name names a section of docs/SCORING.md.
package doccheck
