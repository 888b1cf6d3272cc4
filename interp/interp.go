package interp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/validate"
)

// Options are the scorer options of docs/SCORING.md §2.2 that affect scores, plus the
// resource limits.
type Options struct {
	// Comparators are custom comparators registered by name (docs/SCORING.md §3.6).
	Comparators []align.CustomComparator
	// IDDisambiguation is "wl" (default) or "none" (docs/SCORING.md §7.5).
	IDDisambiguation string
	// WLIntegration is "tie_break" (default) or "blend" (docs/SCORING.md §7.8).
	WLIntegration string
	// WLRounds caps the WL refinement rounds (docs/SCORING.md §2.2 wlRounds):
	// the refinement runs at most min(*WLRounds, |V|) rounds. nil, the
	// default, means unlimited (the refinement stops at stability, after at
	// most |V| rounds); new(0) means zero rounds, so that every record keeps
	// its seed colour. A negative cap is an error.
	WLRounds *int
	// WLBlendLambda is λ of the blend mode, in [0, 1] (docs/SCORING.md
	// §7.8). nil, the default, means 0.5; new(0.0) means λ = 0, the record
	// scores alone.
	WLBlendLambda *float64
	// WarnOnAmbiguousMapping reports tied gold rows after WL (docs/SCORING.md §7.10).
	WarnOnAmbiguousMapping bool
	// ComputeConfidence turns on pairing confidences (docs/SCORING.md §9.3).
	ComputeConfidence bool
	// ConfidenceMethod is "margin" (default) or "entropy".
	ConfidenceMethod string
	// ConfidenceTemperature is β of the entropy method (default 8).
	ConfidenceTemperature float64
	// ReferentialFeedback is RefFeedbackLiteral (default) or
	// RefFeedbackSemantic: with "semantic", feedback.ForResult renders ref_fix
	// and ref_fix_no_target lines by the properties of the records involved
	// (docs/SCORING.md §8.11). It changes feedback text only.
	ReferentialFeedback string
	// Validation is ValidationGate (the default, also when empty) or
	// ValidationReport (docs/SCORING.md §1.3). Under gate a candidate that
	// fails validation scores 0 with the validation error as its feedback;
	// under report it is scored as if it were valid, and each violation
	// (up to MaxViolations) is in Result.Violations, in Result.Warnings and
	// first in the feedback.
	Validation string
	// Limits bound the work of one pair.
	Limits Limits
	// Compat selects the scoring profile: CompatDefault (the zero value)
	// follows the JSON data model, CompatReference reproduces the Python
	// reference implementation bit for bit (docs/PROFILES.md). In the
	// default profile both values are scored in a canonical form (numbers
	// by value, object members in the schema's property order, then by key),
	// which is what the match tree, the operations, the bijections and
	// custom comparators see; Result.Gold and Result.Candidate stay the
	// values as given.
	Compat Compat
}

// The validation modes (Options.Validation, docs/SCORING.md §1.3).
const (
	// ValidationGate scores a candidate that fails validation 0 (the
	// reference's rule).
	ValidationGate = "gate"
	// ValidationReport scores such a candidate as if it were valid and
	// reports each violation.
	ValidationReport = "report"
)

// MaxViolations is the most violations a result reports under
// ValidationReport; validation stops looking for more at that many.
const MaxViolations = 20

// ParseValidation parses a validation mode as written on the command line
// and in request options: "gate" (or "") or "report".
func ParseValidation(name string) (string, error) {
	switch name {
	case "", ValidationGate:
		return ValidationGate, nil
	case ValidationReport:
		return ValidationReport, nil
	}
	return "", fmt.Errorf("validation %q: want gate or report", name)
}

// Compat names a scoring profile.
type Compat string

// The scoring profiles.
const (
	// CompatDefault is the default profile: a score depends only on the
	// JSON data (numbers compare by value, object members are unordered)
	// and every suggested fix is written in the candidate's identifiers.
	CompatDefault Compat = ""
	// CompatReference reproduces the Python reference implementation,
	// including its dependence on the lexical form of numbers and on the
	// order of object members.
	CompatReference Compat = "reference"
)

// ParseCompat parses a profile name as written on the command line and in
// request options: "default" (or "") or "reference".
func ParseCompat(name string) (Compat, error) {
	switch name {
	case "", "default":
		return CompatDefault, nil
	case "reference":
		return CompatReference, nil
	}
	return "", fmt.Errorf("unknown compat profile %q (want default or reference)", name)
}

// Limits bound the resources one scored pair may use (see align.Limits).
type Limits = align.Limits

// DefaultLimits returns the default limits: generous enough for every dataset
// of the paper.
func DefaultLimits() Limits { return align.DefaultLimits() }

// Scorer scores pairs under one compiled schema. It is immutable and safe for
// concurrent use.
type Scorer struct {
	schema    *ir.Schema
	validator *validate.Validator
	registry  *align.Registry
	opts      Options
	// scopeIndex maps scope names to their index in schema.Scopes.
	scopeIndex map[string]int
	// contextual is true when a registered comparator is context-aware, so
	// that parents and paths must be tracked for it (docs/SCORING.md §3.6).
	contextual bool
	// branchValidators validate values against one union branch alone,
	// keyed by the branch's pointer (union.go).
	branchValidators map[string]*validate.Validator
	// unions are the union nodes reachable from the root, by the JSON
	// Pointer of their position (UnionBranch).
	unions map[string]*ir.Union
	// workspaces pools the reusable storage of calls (*workspace); big
	// holds a large one weakly, for any processor (wspool.go), bigCells
	// overrides bigWorkspace in tests.
	workspaces sync.Pool
	bigMu      sync.Mutex
	big        weak.Pointer[workspace]
	bigCells   int
	// plan is computed once from the schema (plan.go).
	plan plan
	// genericCells turns the record kernel (kernel.go) and the search's
	// memo (memo.go) off, for the tests that check them against the
	// generic path.
	genericCells bool
	// plainColumns turns the column kernel's string memo and link rows
	// (colmemo.go) off, for the tests that check them against it.
	plainColumns bool
	// keptMin overrides keptSolveMin (solvekeep.go) when positive, for the
	// tests that check the kept solves against fresh ones.
	keptMin int
	// keptHits, when set, counts the solves answered from a kept one.
	keptHits *atomic.Int64
	// keptStale, when set, counts the kept matrices found written after
	// their solve (each is then checked against a copy of its values).
	keptStale *atomic.Int64
	// copiedRecords turns off the main pass's reading of a derivation's
	// record matrix where it is (solveRecords): the matrix is copied into
	// the candidates' order, for the tests that check the reading against
	// the copy; inPlace, when set, counts the matrices read in place.
	copiedRecords bool
	inPlace       *atomic.Int64
	// codedMin overrides codedMin (coded.go) when positive, for the tests
	// that check the coded link tables against the float ones.
	codedMin int
	// fillMin overrides parallelMin (kernel.go) when positive, for the
	// tests that check the parallel fill against the serial one.
	fillMin int
	// noSearch turns the bijection search of docs/SCORING.md §7.12 off
	// (tests that measure the derivation alone).
	noSearch bool
	// noCanon turns the canonical tie rules of docs/SCORING.md §5.8 off
	// (tests that measure the positional rules they replace).
	noCanon bool
	// residualTie, when set, is called when a scope's candidate records
	// include two that the canonical order of docs/SCORING.md §7.13 cannot
	// separate (equal columns, equal structural keys): tests that measure
	// that class.
	residualTie func()
	// identifierTie, when set, is called when two of a scope's candidate
	// records that the canonical order of docs/SCORING.md §7.13 orders are
	// ordered by their identifiers' values alone (rule 3): tests that
	// measure what renaming can change.
	identifierTie func()
}

// New builds a scorer for a compiled schema.
func New(schema *ir.Schema, opts Options) (*Scorer, error) {
	if schema == nil || schema.Root == nil {
		return nil, errors.New("interp: nil schema")
	}
	if opts.IDDisambiguation == "" {
		opts.IDDisambiguation = "wl"
	}
	if opts.IDDisambiguation != "wl" && opts.IDDisambiguation != "none" {
		return nil, fmt.Errorf("interp: idDisambiguation %q: want \"wl\" or \"none\"", opts.IDDisambiguation)
	}
	if opts.WLIntegration == "" {
		opts.WLIntegration = "tie_break"
	}
	if opts.WLIntegration != "tie_break" && opts.WLIntegration != "blend" {
		return nil, fmt.Errorf("interp: wlIntegration %q: want \"tie_break\" or \"blend\"", opts.WLIntegration)
	}
	if opts.WLRounds != nil {
		if *opts.WLRounds < 0 {
			return nil, fmt.Errorf("interp: wlRounds %d: want a non-negative cap (nil: unlimited)", *opts.WLRounds)
		}
		// Copy the cap: the caller may reuse its variable.
		opts.WLRounds = new(*opts.WLRounds)
	}
	lambda := 0.5
	if opts.WLBlendLambda != nil {
		lambda = *opts.WLBlendLambda
	}
	if !(lambda >= 0 && lambda <= 1) {
		return nil, fmt.Errorf("interp: wlBlendLambda %v: want a number in [0,1]", lambda)
	}
	// Copy λ: the caller may reuse its variable.
	opts.WLBlendLambda = &lambda
	if opts.ConfidenceMethod == "" {
		opts.ConfidenceMethod = "margin"
	}
	if opts.ConfidenceMethod != "margin" && opts.ConfidenceMethod != "entropy" {
		return nil, fmt.Errorf("interp: confidenceMethod %q: want \"margin\" or \"entropy\"", opts.ConfidenceMethod)
	}
	if opts.ConfidenceTemperature == 0 {
		opts.ConfidenceTemperature = 8
	}
	if !(opts.ConfidenceTemperature > 0) || opts.ConfidenceTemperature > 1e308 {
		return nil, fmt.Errorf("interp: confidenceTemperature %v: want a finite number > 0", opts.ConfidenceTemperature)
	}
	if opts.ReferentialFeedback == "" {
		opts.ReferentialFeedback = RefFeedbackLiteral
	}
	if opts.ReferentialFeedback != RefFeedbackLiteral && opts.ReferentialFeedback != RefFeedbackSemantic {
		return nil, fmt.Errorf("interp: referentialFeedback %q: want %q or %q", opts.ReferentialFeedback, RefFeedbackLiteral, RefFeedbackSemantic)
	}
	if opts.Validation == "" {
		opts.Validation = ValidationGate
	}
	if opts.Validation != ValidationGate && opts.Validation != ValidationReport {
		return nil, fmt.Errorf("interp: validation %q: want %q or %q", opts.Validation, ValidationGate, ValidationReport)
	}
	if opts.Compat != CompatDefault && opts.Compat != CompatReference {
		return nil, fmt.Errorf("interp: compat %q: want %q (default) or %q", opts.Compat, CompatDefault, CompatReference)
	}
	opts.Limits = opts.Limits.WithDefaults()
	reg, err := align.NewRegistry(opts.Comparators...)
	if err != nil {
		return nil, fmt.Errorf("interp: %w", err)
	}
	var vopts []validate.Option
	if opts.Compat != CompatReference {
		vopts = append(vopts, validate.WithJSONValues())
	}
	raw := schema.Raw
	if opts.Compat != CompatReference && schema.ValidationRaw.Kind != jsonval.Null {
		raw = schema.ValidationRaw // OpenAPI "nullable" (docs/SCORING.md §2.4)
	}
	v, err := validate.Compile(raw, vopts...)
	if err != nil {
		return nil, fmt.Errorf("interp: schema is not a valid JSON Schema: %w", err)
	}
	s := &Scorer{schema: schema, validator: v, registry: reg, opts: opts, scopeIndex: map[string]int{}}
	if pos, ok := firstUnion(schema.Root); ok && opts.Compat == CompatReference {
		return nil, fmt.Errorf("interp: %s: the reference profile does not score unions (docs/PROFILES.md); compile the schema with ir.Options.Reference", pos)
	}
	if s.branchValidators, err = unionValidators(schema, vopts); err != nil {
		return nil, err
	}
	s.unions = unionNodes(schema.Root)
	for i, sc := range schema.Scopes {
		s.scopeIndex[sc.Name] = i
	}
	s.plan = newPlan(schema)
	s.plan.nodes = s.newNodePlans()
	s.contextual = reg.HasContextual()
	return s, nil
}

// Compile parses an annotated JSON Schema and builds a scorer for it.
func Compile(schemaJSON []byte, file string, opts Options) (*Scorer, error) {
	sch, err := ir.Compile(schemaJSON, ir.Options{
		File:              file,
		CustomComparators: customNames(opts.Comparators),
		MaxDepth:          opts.Limits.MaxDepth,
		NoEffectWarnings:  opts.Compat == CompatReference,
		Reference:         opts.Compat == CompatReference,
	})
	if err != nil {
		return nil, err
	}
	return New(sch, opts)
}

func customNames(cs []align.CustomComparator) map[string][]string {
	if len(cs) == 0 {
		return nil
	}
	m := map[string][]string{}
	for _, c := range cs {
		m[c.Registry] = append(m[c.Registry], c.Name)
	}
	return m
}

// Schema returns the compiled schema.
func (s *Scorer) Schema() *ir.Schema { return s.schema }

// Options returns the scorer's options with defaults applied.
func (s *Scorer) Options() Options { return s.opts }

// Result is the outcome of aligning one pair: the score, the match tree and
// what the repair walk and the feedback need.
type Result struct {
	// Score is the similarity in [0, 1].
	Score float64
	// Match is the root of the match tree; nil when the candidate failed
	// validation or the root kinds differ (docs/SCORING.md §1.3).
	Match *align.Match
	// Invalid is the candidate's first validation error (score 0, docs/SCORING.md §1.3).
	// It is nil under ValidationReport, which scores the candidate.
	Invalid *validate.Error
	// Violations are the candidate's validation errors under
	// ValidationReport (at most MaxViolations, in the validator's order):
	// the candidate was scored as if it were valid. Each also has a
	// warning, and a line first in the feedback.
	Violations []*validate.Error
	// Bijections are the identifier bijections per scope, in scope order.
	Bijections []Bijection
	// Warnings raised while scoring (undeclared gold keys, ambiguous
	// mappings); informative.
	Warnings []string

	// Gold and Candidate are the two values as they were given.
	Gold, Candidate jsonval.Value

	// scorer is the scorer that produced the result (for the schema and
	// options that feedback needs).
	scorer *Scorer
	// gold and cand are the values as scored: Gold and Candidate in the
	// reference profile, their canonical forms in the default profile
	// (profile.go). The match tree, the repair walk and every rendered value
	// read these.
	gold, cand jsonval.Value
	// rootScores are the member scores of the gold root object, recorded
	// by a score-only run (ScoreResult) for ObjectiveScores; hasRootScores
	// tells an empty list from none.
	rootScores    []MemberScore
	hasRootScores bool
	// undeclared is set by a score-only run that met a gold member the
	// schema does not declare (whose warning only a build run writes).
	undeclared bool
}

// Bijection is the identifier mapping derived for one scope (docs/SCORING.md §7.5).
type Bijection struct {
	Scope string
	// Pairs lists every gold id in gold record order with its candidate
	// counterpart (HasCandidate false: ⊥).
	Pairs []IDPair
	// Excess lists the candidate ids no gold id maps to, in candidate order.
	Excess []jsonval.Value
}

// IDPair is one gold id and its image under the bijection.
type IDPair struct {
	Gold         jsonval.Value
	Candidate    jsonval.Value
	HasCandidate bool
}

// GoldError is returned when the gold value is unusable: it fails validation,
// or its referential integrity is broken (duplicate ids, dangling references).
// Generated scorers return the same type (see align.GoldError).
type GoldError = align.GoldError

// LimitError reports an exceeded resource limit.
type LimitError struct {
	Limit   string // the Limits field name
	Value   int64  // the limit's value
	Pointer string // JSON Pointer (gold side) where it was hit
}

// Error implements error: "limit <Limit> = <Value> exceeded at <pointer>".
func (e *LimitError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return fmt.Sprintf("limit %s = %d exceeded at %s", e.Limit, e.Value, p)
}

// ScoreError is an error raised while aligning (a comparator returning a value
// outside [0,1], a schema/type disagreement), located by a JSON Pointer.
type ScoreError struct {
	Pointer string
	Err     error
}

// Error implements error: "at <pointer>: <cause>".
func (e *ScoreError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return fmt.Sprintf("at %s: %v", p, e.Err)
}

// Unwrap returns the cause.
func (e *ScoreError) Unwrap() error { return e.Err }

// Score returns the similarity of cand to gold. It builds no match tree.
func (s *Scorer) Score(gold, cand jsonval.Value) (float64, error) {
	return s.ScoreContext(context.Background(), gold, cand)
}

// ScoreContext is Score that stops when ctx is done. The context is checked
// as the work of the pair is charged against Limits.MaxWork (every few
// thousand units) and inside the assignment, sequence and WL kernels, so a
// cancelled pair returns within milliseconds, with an error that wraps
// ctx.Err() (errors.Is(err, context.DeadlineExceeded) holds after a
// timeout). One comparator call is not interrupted: its cost is bounded by
// MaxStringRunes and MaxWork. With a context that is never done
// (context.Background) it costs what Score costs.
func (s *Scorer) ScoreContext(ctx context.Context, gold, cand jsonval.Value) (float64, error) {
	// The result lives on this frame: the score is all the caller reads,
	// so neither the bijections nor the root's member scores are exported.
	var r Result
	if err := s.runInto(ctx, &r, gold, cand, modeScore); err != nil {
		return 0, err
	}
	return r.Score, nil
}

// ScoreResult scores the pair as ScoreContext does and returns what a
// response that asks for the score only needs: Score, Invalid, Bijections,
// Warnings and ObjectiveScores, the same as Align gives. It builds no match
// tree (Match is nil), so Repair, Feedback, Attribution, Describe and Edits
// of its result see no alignment: ask Align for those. It costs what Score
// costs, except for a pair whose gold has members the schema does not
// declare (their warnings are written by Align, which ScoreResult then
// runs) and under a root union (the member scores are those of the branch
// Align picks).
func (s *Scorer) ScoreResult(ctx context.Context, gold, cand jsonval.Value) (*Result, error) {
	if s.schema.Root.Union != nil {
		return s.run(ctx, gold, cand, modeBuild)
	}
	res, err := s.run(ctx, gold, cand, modeResult)
	if err == nil && res.undeclared {
		return s.run(ctx, gold, cand, modeBuild)
	}
	return res, err
}

// Align scores the pair and keeps the match tree, for repair operations,
// feedback and descriptions.
func (s *Scorer) Align(gold, cand jsonval.Value) (*Result, error) {
	return s.run(context.Background(), gold, cand, modeBuild)
}

// AlignContext is Align that stops when ctx is done, as ScoreContext does.
func (s *Scorer) AlignContext(ctx context.Context, gold, cand jsonval.Value) (*Result, error) {
	return s.run(ctx, gold, cand, modeBuild)
}

// AlignArena is AlignContext building the match tree in arena's storage,
// which it reuses from call to call: the Result's tree, and what is taken
// from it (repair operations, feedback, attribution rows), is valid only
// until the next call with the same arena. For a caller that is done with
// each tree before it aligns the next pair (a worker scoring one line after
// another), it saves allocating every tree anew. Scores, trees and
// everything else are those of Align.
func (s *Scorer) AlignArena(ctx context.Context, gold, cand jsonval.Value, arena *TreeArena) (*Result, error) {
	res := new(Result)
	if err := s.runIntoArena(ctx, res, gold, cand, modeBuild, arena); err != nil {
		return nil, err
	}
	return res, nil
}

// runMode is what a run computes besides the score.
type runMode uint8

const (
	// modeScore computes the score alone (Score, ScoreContext): no match
	// tree, no exported bijections, no member scores of the root.
	modeScore runMode = iota
	// modeResult is modeScore plus what ScoreResult returns: the
	// bijections and the root's member scores.
	modeResult
	// modeBuild builds the match tree as well (Align).
	modeBuild
)

// run scores the pair into a new Result.
func (s *Scorer) run(ctx context.Context, in, inCand jsonval.Value, mode runMode) (*Result, error) {
	res := new(Result)
	if err := s.runInto(ctx, res, in, inCand, mode); err != nil {
		return nil, err
	}
	return res, nil
}

// runInto scores the pair into res, which it does not retain.
func (s *Scorer) runInto(ctx context.Context, res *Result, in, inCand jsonval.Value, mode runMode) error {
	return s.runIntoArena(ctx, res, in, inCand, mode, nil)
}

// runIntoArena is runInto building the match tree in arena (nil: in chunks
// of the call's own).
func (s *Scorer) runIntoArena(ctx context.Context, res *Result, in, inCand jsonval.Value, mode runMode, arena *TreeArena) error {
	build := mode == modeBuild
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := s.checkDepths(in, inCand); err != nil {
		return err
	}
	gold, cand := in, inCand
	if !s.referenceProfile() {
		gold, cand = s.canonical(in, s.schema.Root), s.canonical(inCand, s.schema.Root)
	}
	if verr := s.validator.Validate(gold); verr != nil {
		if verr.Err != nil {
			return fmt.Errorf("validating gold: %w", verr)
		}
		return &GoldError{Pointer: verr.Pointer(), Message: verr.Message}
	}
	*res = Result{Gold: in, Candidate: inCand, scorer: s, gold: gold, cand: cand}
	if verr := s.validator.Validate(cand); verr != nil {
		if verr.Err != nil {
			return fmt.Errorf("validating candidate: %w", verr)
		}
		if s.opts.Validation != ValidationReport {
			if !s.referenceProfile() && mode != modeScore {
				verr = s.canonicalViolation(cand, verr)
			}
			res.Invalid = verr
			res.Score = 0
			return nil
		}
		if mode != modeScore {
			// The violations are reported, not scored.
			res.Violations = s.validator.ValidateAll(cand, MaxViolations)
			res.Warnings = violationWarnings(res.Violations)
		}
	}
	if !gold.IsNull() && !cand.IsNull() && !kindsCompatible(gold.Kind, cand.Kind) && s.schema.Root.Union == nil {
		// docs/SCORING.md §1.3: a union-typed root whose kinds differ scores 0 with
		// no repair operations.
		res.Score = 0
		return nil
	}
	c := newCall(ctx, s, gold, cand)
	if arena != nil && build {
		c.useArena(arena)
	}
	defer c.release()
	if len(s.schema.Scopes) > 0 {
		if err := c.deriveBijections(); err != nil {
			return err
		}
		if mode != modeScore {
			res.Bijections = c.exportBijections()
		}
	}
	if mode == modeResult {
		c.rootScores = new([]MemberScore)
	}
	r, err := c.align(gold, cand, s.schema.Root, build)
	if err != nil {
		return err
	}
	res.Score = r.score
	res.Match = r.m
	res.Warnings = append(res.Warnings, c.warnings...)
	if c.rootScores != nil {
		res.rootScores = *c.rootScores
	}
	res.hasRootScores = c.rootScores != nil && c.rootDone
	res.undeclared = c.undeclared
	return nil
}

// violationWarnings are the warnings of the violations of a candidate
// scored under ValidationReport.
func violationWarnings(vs []*validate.Error) []string {
	var out []string
	for _, v := range vs {
		out = append(out, fmt.Sprintf("candidate fails schema validation at %s: %s (validation: report, scored as if valid)", v.DisplayPath(), v.Message))
	}
	return out
}

// kindsCompatible reports whether two non-null kinds may be compared: equal
// kinds, or two numbers of different lexical class (docs/SCORING.md §1.4).
// Inside an object the reference profile is stricter (sameMemberKind).
func kindsCompatible(a, b jsonval.Kind) bool {
	if a == b {
		return true
	}
	return isNumberKind(a) && isNumberKind(b)
}

func isNumberKind(k jsonval.Kind) bool { return k == jsonval.Int || k == jsonval.Float }

// Validate checks v against the schema's JSON Schema validation keywords
// (docs/SCORING.md §9.5): nil when v is valid, else the first validation error (a
// *validate.Error).
func (s *Scorer) Validate(v jsonval.Value) error {
	if err := s.validator.Validate(v); err != nil {
		return err
	}
	return nil
}

// canonicalViolation is the violation the validation gate reports in the
// default profile (docs/SCORING.md §1.3): of the candidate's violations (up
// to MaxViolations), the first by its path with every decimal token blanked,
// then its message, then the validator's order. The validator finds first
// the violation first in document order; this choice does not move when a
// model lists an unordered array's elements in another order (docs/SCORING.md
// §7.13). first is the validator's first violation.
func (s *Scorer) canonicalViolation(cand jsonval.Value, first *validate.Error) *validate.Error {
	all := s.validator.ValidateAll(cand, MaxViolations)
	best, bestKey := first, violationKey(first)
	for _, v := range all {
		if v.Err != nil {
			return first
		}
		if k := violationKey(v); k < bestKey {
			best, bestKey = v, k
		}
	}
	return best
}

// violationKey orders violations for canonicalViolation: the path tokens,
// decimal ones (array positions) blanked, then the message.
func violationKey(v *validate.Error) string {
	var b strings.Builder
	for _, tok := range v.Path {
		if tok != "" && strings.Trim(tok, "0123456789") == "" {
			tok = "#"
		}
		b.WriteString(tok)
		b.WriteByte(0)
	}
	b.WriteByte(1)
	b.WriteString(v.Message)
	return b.String()
}
