// Package interp scores a candidate JSON value against a gold value under an
// annotated JSON Schema, with no code generation: it is oagen's interpreter,
// the executable form of docs/SCORING.md. The command line uses it, and the
// scorers that oagen gen writes are tested to give its results bit for bit.
//
// # Scoring
//
// Compile a schema once, then score any number of pairs, from any number of
// goroutines:
//
//	sc, err := interp.Compile(schemaJSON, "schema.json", interp.Options{})
//	gold, err := jsonval.Decode(goldJSON, jsonval.DecodeOptions{})
//	cand, err := jsonval.Decode(candJSON, jsonval.DecodeOptions{})
//	score, err := sc.Score(gold, cand) // a similarity in [0, 1]
//
// Values are decoded with package [jsonval], which keeps what encoding/json's
// map[string]any would lose (member order, the form of numbers, exact large
// integers). [Scorer.Score] computes the score alone. [Scorer.Align] also keeps
// the alignment: its [Result] holds the match tree and, for schemas with
// idScope and ref, the identifier bijections (docs/SCORING.md §7), and it
// derives the repair operations ([Result.Repair], docs/SCORING.md §8) and the
// attribution of the deficit ([Result.Attribution], docs/SCORING.md §9.2).
// Text is package feedback's, which sits above this one (this package
// imports neither it, text/template nor TOML): feedback.ForResult renders
// the feedback text (docs/SCORING.md §8.8), feedback.DescribeResult the
// prose description.
//
// # Outcomes
//
// The gold is the contract: a gold that fails JSON Schema validation, or whose
// identifiers are duplicated or dangling, is a [*GoldError] naming the JSON
// Pointer. A candidate that fails validation is not an error: it scores 0,
// has no repair operations, and [Result.Invalid] holds the first validation
// error (docs/SCORING.md §1.3). An exceeded resource limit is a [*LimitError]
// (docs/SCORING.md §12); a comparator returning a value outside [0, 1] is a
// [*ScoreError]. Compile reports every schema problem at once, as an
// [ir.ErrorList] of file:line:col diagnostics (docs/SCORING.md §2.3).
//
// # Options and profiles
//
// [Options] holds what is not in the schema: custom comparators, the
// identifier-disambiguation settings, pairing confidences, the wording of
// reference fixes, the resource limits and the profile. The zero Options is
// the default everywhere. [Options.Compat] selects the profile (docs/SCORING.md
// §13): the default profile follows the JSON data model; [CompatReference]
// reproduces the Python reference implementation, as the conformance vectors
// check.
//
// # Concurrency
//
// A [Scorer] is immutable and safe for concurrent use; every per-call state
// (bijections, masking, workspaces) lives in the call.
package interp
