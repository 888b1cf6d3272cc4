// Package feedback renders repair operations (package align) as text, for a
// person reading a case or a prompt optimiser (GEPA, DSPy, TextGrad) turning
// a score into an instruction:
//
//	The prediction scored 0.40 (deficit 0.60). Top 3 of 3 fix locations:
//	1. /year: expected 1999, got 2000. Fixing this recovers +0.300.
//	2. /pages: missing key "pages" with value 400. Adding it recovers +0.200.
//	3. /steps/3: extraneous list item 7. Removing it recovers +0.100.
//	The deficit is spread across multiple issue types (primitive-value, missing-key, extraneous-list-item).
//
// [RenderFeedback] selects the top operations, ranks them (a key rename is one
// line), renders each through its template and adds the intro and the
// synthesis line (docs/SCORING.md §8.8–8.10); [FeedbackOptions] chooses the
// number of lines, the style (gepa, compact or json) and the templates. The
// semantic reference lines describe the record a reference should point to
// (docs/SCORING.md §8.11, [RefSemanticsFunc]). [Describe] is the prose walk of
// a whole alignment (docs/SCORING.md §9.1), and [FmtValue] the way both show
// a value.
//
// The packaged templates ([DefaultTemplates]) can be overridden per key, from
// Go ([Templates.WithOverrides]) or from a TOML or JSON file
// ([LoadTemplateOverrides]); every override is validated when it is loaded.
//
// Generated scorers do not need this package to score; they need it only to
// turn their operations into text. The engine sits below this package:
// package interp computes scores, match trees and operations and never
// imports it; ForResult and DescribeResult render an interp.Result, in the
// scorer's profile (Profile is interp.Compat: one profile type).
package feedback
