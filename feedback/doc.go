// Package feedback renders repair operations (package align) as text: the
// ranked feedback lines with their templates, styles and synthesis line
// (docs/SCORING.md §8.8–8.10), the semantic referential lines (docs/SCORING.md §8.11), the prose
// description of an alignment (docs/SCORING.md §9.1) and the value formatting they
// share. Templates can be overridden from TOML or JSON files.
//
// Generated scorers do not need this package to score; they need it only to
// turn their operations into text.
package feedback
