package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/align"
	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/feedback"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// scoreFlags are the flags of "oagen score" (and, in part, "oagen describe").
type scoreFlags struct {
	schema      string
	compat      interp.Compat
	jsonOut     bool
	feedback    bool
	topK        int
	style       string
	templates   string
	granularity string
	noSynthesis bool
	quiet       bool
	batch       string
	out         string
	jobs        int
	schemaRoot  string

	idDisambiguation string
	wlIntegration    string
	wlRounds         roundsFlag
	wlLambda         float64
	validation       string

	referentialFeedback string
	attribution         bool
	confidence          string
	rankBy              string
	minScoreDelta       float64
	includeAmbiguous    bool

	maxDepth      int
	maxCollection int
	maxString     int
	maxWork       int64
}

// flagMode selects the flags a command takes.
type flagMode int

const (
	modeDescribe flagMode = iota // scoring flags only
	modeScore                    // scoring, feedback and batch flags
	modeEval                     // scoring and feedback flags, -jobs
	modeRepair                   // scoring and batch flags
)

func (f *scoreFlags) register(fs *flag.FlagSet, mode flagMode) {
	schemaUsage := "annotated JSON Schema `file` (required, except for input lines that carry their own \"schema\")"
	if mode == modeDescribe {
		schemaUsage = "annotated JSON Schema `file` (required)"
	}
	fs.StringVar(&f.schema, "schema", "", schemaUsage)
	addCompatFlag(fs, &f.compat)
	fs.BoolVar(&f.quiet, "quiet", false, "do not print warnings on stderr (the schema's, and the pair's in text output)")
	fs.StringVar(&f.idDisambiguation, "id-disambiguation", "wl", "identifier disambiguation: wl or none (docs/SCORING.md §7.5)")
	fs.StringVar(&f.wlIntegration, "wl-integration", "tie_break", "how structural colours enter the bijection: tie_break or blend (docs/SCORING.md §7.8)")
	fs.Var(&f.wlRounds, "wl-rounds", "cap on WL refinement rounds: a non-negative `N` (0: no refinement; default: unlimited)")
	fs.Float64Var(&f.wlLambda, "wl-lambda", 0.5, "λ of the blend integration, in [0,1]")
	fs.StringVar(&f.validation, "validation", interp.ValidationGate,
		"a candidate that fails schema validation: gate (it scores 0) or report (scored as if valid; each violation is a warning and first in the feedback)")
	d := interp.DefaultLimits()
	fs.IntVar(&f.maxDepth, "max-depth", d.MaxDepth, "limit: maximum nesting depth of a value (JSON and alignment)")
	fs.IntVar(&f.maxCollection, "max-collection", d.MaxCollection, "limit: maximum elements of one aligned array, object or scope")
	fs.IntVar(&f.maxString, "max-string", d.MaxStringRunes, "limit: maximum code points of a string compared by a non-exact comparator")
	fs.Int64Var(&f.maxWork, "max-work", d.MaxWork, "limit: work budget of one pair, in elementary comparisons")
	if mode == modeDescribe {
		return
	}
	fs.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "batch: number of pairs processed in parallel")
	defaultCPUs(fs, "jobs")
	fs.StringVar(&f.schemaRoot, "schema-root", "", "batch: the `directory` a line's string \"schema\" names a file in (default: the input file's directory; the working directory for stdin)")
	if mode == modeScore {
		fs.BoolVar(&f.jsonOut, "json", false, "print one JSON object {\"score\",\"feedback\",\"ops\",\"bijections\"} instead of text")
	}
	if mode == modeScore || mode == modeRepair {
		verb := "score"
		if mode == modeRepair {
			verb = "repair"
		}
		fs.StringVar(&f.batch, "batch", "", verb+" a JSON Lines `file` of {\"gold\",\"candidate\"[,\"schema\"]} lines (\"-\" for stdin)")
		fs.StringVar(&f.out, "o", "", "batch output `file` (default stdout)")
	}
	if mode == modeRepair {
		return
	}
	fs.BoolVar(&f.feedback, "feedback", false, "add the ranked feedback text (and, in JSON output, the operations)")
	fs.IntVar(&f.topK, "top-k", 5, "number of fix locations in the feedback (-1: all)")
	fs.StringVar(&f.style, "style", "gepa", "feedback style: gepa, compact or json")
	fs.StringVar(&f.templates, "templates", "", "TOML or JSON `file` of feedback template overrides")
	fs.StringVar(&f.granularity, "granularity", "leaf", "repair granularity: leaf, subtree or all")
	fs.BoolVar(&f.noSynthesis, "no-synthesis", false, "omit the synthesis line of the feedback")
	fs.StringVar(&f.referentialFeedback, "referential-feedback", interp.RefFeedbackLiteral,
		"wording of reference fixes: literal (ids) or semantic (the records' properties, docs/SCORING.md §8.11)")
	fs.BoolVar(&f.attribution, "attribution", false,
		"add the per-location attribution of the deficit (docs/SCORING.md §9.2): a table, or \"attribution\" in JSON output")
	fs.StringVar(&f.confidence, "confidence", "",
		"compute pairing confidences (docs/SCORING.md §9.3) with this `method`: margin or entropy (default: off)")
	fs.StringVar(&f.rankBy, "rank-by", align.RankByScoreDelta,
		"order of the fixes: score_delta, expected_gain or confidence (the last two turn on -confidence margin unless set)")
	fs.Float64Var(&f.minScoreDelta, "min-score-delta", 0, "feedback: leave out fixes that recover less than this")
	fs.BoolVar(&f.includeAmbiguous, "include-pairing-ambiguous", false,
		"add diagnostics for low-confidence pairings (turns on -confidence margin unless set)")
}

// check validates the flags of "oagen score" that have a fixed set of values.
func (f *scoreFlags) check() error {
	if _, err := align.ParseGranularity(f.granularity); err != nil {
		return usagef("%v", err)
	}
	switch f.style {
	case "gepa", "compact", "json":
	default:
		return usagef("-style %q: want gepa, compact or json", f.style)
	}
	switch f.referentialFeedback {
	case interp.RefFeedbackLiteral, interp.RefFeedbackSemantic:
	default:
		return usagef("-referential-feedback %q: want literal or semantic", f.referentialFeedback)
	}
	switch f.confidence {
	case "", "margin", "entropy":
	default:
		return usagef("-confidence %q: want margin or entropy", f.confidence)
	}
	switch f.rankBy {
	case align.RankByScoreDelta, align.RankByExpectedGain, align.RankByConfidence:
	default:
		return usagef("-rank-by %q: want score_delta, expected_gain or confidence", f.rankBy)
	}
	if f.topK < -1 {
		return usagef("-top-k %d: want a number ≥ 0, or -1 for all", f.topK)
	}
	if !(f.minScoreDelta >= 0) {
		return usagef("-min-score-delta %v: want a number ≥ 0", f.minScoreDelta)
	}
	return f.checkScoring()
}

// checkScoring validates the scoring flags: the identifier options, so that
// a bad value is a usage error naming its flag, and limits that are not
// positive (interp.Limits would silently read them as "default"). The
// profile name and -wl-rounds are checked when they are parsed.
func (f *scoreFlags) checkScoring() error {
	switch f.idDisambiguation {
	case "wl", "none":
	default:
		return usagef("-id-disambiguation %q: want wl or none", f.idDisambiguation)
	}
	switch f.wlIntegration {
	case "tie_break", "blend":
	default:
		return usagef("-wl-integration %q: want tie_break or blend", f.wlIntegration)
	}
	if !(f.wlLambda >= 0 && f.wlLambda <= 1) {
		return usagef("-wl-lambda %v: want a number in [0, 1]", f.wlLambda)
	}
	if _, err := interp.ParseValidation(f.validation); err != nil {
		return usagef("-%v", err)
	}
	for _, l := range []struct {
		name string
		v    int64
	}{{"max-depth", int64(f.maxDepth)}, {"max-collection", int64(f.maxCollection)}, {"max-string", int64(f.maxString)}, {"max-work", f.maxWork}} {
		if l.v <= 0 {
			return usagef("-%s %d: want a positive number", l.name, l.v)
		}
	}
	return nil
}

// repairOptions are the repair options of the flags (granularity checked).
func (f *scoreFlags) repairOptions() interp.RepairOptions {
	g, _ := align.ParseGranularity(f.granularity)
	return interp.RepairOptions{Granularity: g, RankBy: f.rankBy, IncludePairingAmbiguous: f.includeAmbiguous}
}

// options are the scorer options of the flags, before Settings.Complete
// (use f.settings().Scoring).
func (f *scoreFlags) options() interp.Options {
	return interp.Options{
		IDDisambiguation:    f.idDisambiguation,
		WLIntegration:       f.wlIntegration,
		WLRounds:            f.wlRounds.n,
		WLBlendLambda:       new(f.wlLambda),
		ComputeConfidence:   f.confidence != "",
		ConfidenceMethod:    f.confidence,
		ReferentialFeedback: f.referentialFeedback,
		Validation:          f.validation,
		Compat:              f.compat,
		Limits: interp.Limits{
			MaxDepth:       f.maxDepth,
			MaxCollection:  f.maxCollection,
			MaxStringRunes: f.maxString,
			MaxWork:        f.maxWork,
		},
	}
}

// roundsFlag is the -wl-rounds flag: unset (nil, unlimited) or a
// non-negative cap.
type roundsFlag struct{ n *int }

func (r *roundsFlag) String() string {
	if r == nil || r.n == nil {
		return ""
	}
	return strconv.Itoa(*r.n)
}

func (r *roundsFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return fmt.Errorf("want a non-negative integer, got %q", s)
	}
	r.n = &n
	return nil
}

func (f *scoreFlags) decodeOptions() jsonval.DecodeOptions {
	return jsonval.DecodeOptions{MaxDepth: f.maxDepth}
}

// feedbackOptions builds the rendering options, loading template overrides.
func (f *scoreFlags) feedbackOptions() (feedback.FeedbackOptions, error) {
	fo := feedback.DefaultFeedbackOptions()
	fo.TopK = max(f.topK, 0)
	fo.Unlimited = f.topK == -1 // all (check rejects the other negatives)
	fo.Style = f.style
	fo.IncludeSynthesisLine = !f.noSynthesis
	fo.MinScoreDelta = f.minScoreDelta
	if f.templates != "" {
		data, err := os.ReadFile(f.templates)
		if err != nil {
			return fo, err
		}
		ov, err := feedback.LoadTemplateOverrides(f.templates, data)
		if err != nil {
			return fo, err
		}
		// Compiled once here, not on every line of a batch.
		if fo.Templates, err = feedback.DefaultTemplates().WithOverrides(ov); err != nil {
			return fo, err
		}
	}
	return fo, nil
}

// settings are the request settings of the flags: the base of every batch
// line, and the settings of a single pair.
func (f *scoreFlags) settings() (request.Settings, error) {
	fo, err := f.feedbackOptions()
	if err != nil {
		return request.Settings{}, err
	}
	s := request.Settings{
		Scoring:      f.options(),
		Repair:       f.repairOptions(),
		Feedback:     fo,
		WithFeedback: f.feedback,
		Attribution:  f.attribution,
	}
	return s.Complete(), nil
}

const scoreUsage = `Usage:
  oagen score -schema S.json [flags] GOLD.json CAND.json
  oagen score [-schema S.json] -batch IN.jsonl [-jobs N] [-o OUT.jsonl] [flags]

Scores a candidate JSON value against a gold value under an annotated JSON
Schema and prints the score (full float64 precision). A candidate that fails
JSON Schema validation scores 0. Any one of the -schema file, GOLD.json and
CAND.json may be "-": standard input.

With -batch, every input line is a request
  {"id": any scalar, "gold": …, "candidate": …,
   "schema": {…} or "file.json", "feedback": bool, "top_k": int,
   "options": {"wl_rounds": 0, …}}
("gold" and "candidate" required; "schema" overrides -schema, a string names
a schema file under -schema-root; "options" apply to that line, an unknown
one is an error).
Each line gives one output line in input order: {"id":…,"score":…} (with
"feedback" and "ops" when asked), or
  {"id":…,"score":null,"error":"line N: …","error_kind":"…"}
for a line that cannot be scored; a bad line never stops the batch. Without
-schema, the first line must have a "schema": otherwise nothing is scored
(exit status 2). A summary line goes to stderr at the end, a progress
display while scoring when stderr is a terminal.

{{options}}

In -json output and in the "ops" of batch lines, each operation is
  {"op","kind","path","delta","value","gold","candidate","pair_id",
   "confidence"}
and a side the operation does not have is left out: "value" for a remove,
"candidate" for a missing key or list item, "gold" for an extraneous one.
"candidate": null means the candidate wrote null. Attribution rows follow
the same rule. In the default profile the values are written in the
candidate's identifiers (docs/SCORING.md §8.1).

Exit status: 0 success, 1 bad input (schema, JSON, invalid gold), 2 usage
error.

Flags:
`

func cmdScore(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f scoreFlags
	f.register(fs, modeScore)
	setUsage(fs, withOptions(scoreUsage))
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := f.check(); err != nil {
		return err
	}
	if f.batch != "" {
		if len(args) != 0 {
			return usagef("-batch takes no positional arguments")
		}
		if f.schema == "-" {
			return usagef("-schema -: with -batch, give the schema as a file")
		}
		return runBatch("score", &f, eval.Responses{}, stdin, stdout, stderr)
	}
	res, err := alignFiles(&f, args, stdin, stderr)
	if err != nil {
		return err
	}
	out, err := formatResult(&f, res, f.jsonOut, true)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, out)
	return err
}

// stdinName is how messages name standard input, the file argument "-".
const stdinName = "<standard input>"

// displayName is the name of the file argument name in messages.
func displayName(name string) string {
	if name == "-" {
		return stdinName
	}
	return name
}

// readInput reads the file argument name, standard input for "-".
func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name != "-" {
		return os.ReadFile(name)
	}
	if stdin == nil {
		return nil, errors.New("no standard input")
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return nil, fmt.Errorf("reading standard input: %w", err)
	}
	return data, nil
}

// fileArg is a file argument of a command line: what the help calls it
// (-schema, GOLD.json) and the name given.
type fileArg struct{ what, name string }

// checkStdin returns a usage error when more than one of args is "-":
// standard input can be read once.
func checkStdin(args ...fileArg) error {
	var dash []string
	for _, a := range args {
		if a.name == "-" {
			dash = append(dash, a.what)
		}
	}
	switch len(dash) {
	case 0, 1:
		return nil
	case 2:
		return usagef("%s and %s are both \"-\": standard input can be read only once", dash[0], dash[1])
	}
	return usagef("%s and %s are all \"-\": standard input can be read only once", strings.Join(dash[:len(dash)-1], ", "), dash[len(dash)-1])
}

// loadScorer compiles the -schema file (standard input for "-") and prints
// its warnings once.
func loadScorer(f *scoreFlags, stdin io.Reader, stderr io.Writer) (*interp.Scorer, error) {
	data, err := readInput(f.schema, stdin)
	if err != nil {
		return nil, err
	}
	s, err := f.settings()
	if err != nil {
		return nil, err
	}
	sc, err := interp.Compile(data, displayName(f.schema), s.Scoring)
	if err != nil {
		return nil, err
	}
	if !f.quiet {
		for _, w := range sc.Schema().Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
	}
	return sc, nil
}

// readJSONFile reads the JSON value of the file name (standard input,
// when stdin is not nil, for "-"); a syntax error is located as
// file:line:col.
func readJSONFile(name string, stdin io.Reader, opts jsonval.DecodeOptions) (jsonval.Value, error) {
	data, err := readInput(name, stdin)
	if err != nil {
		return jsonval.Value{}, err
	}
	v, err := jsonval.Decode(data, opts)
	if err != nil {
		return jsonval.Value{}, fmt.Errorf("%s:%w", displayName(name), prefixColon(err))
	}
	return v, nil
}

// prefixColon makes "line 3:4: msg" read "3:4: msg" after a file name.
func prefixColon(err error) error {
	var se *jsonval.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%d:%d: %s", se.Line, se.Col, se.Msg)
	}
	return fmt.Errorf(" %w", err)
}

// formatResult renders one scored pair as text or, with asJSON, as one JSON
// object and a newline. With single set it is the single-pair output, whose
// JSON always has the feedback and the operations.
func formatResult(f *scoreFlags, res *interp.Result, asJSON, single bool) (string, error) {
	s, err := f.settings()
	if err != nil {
		return "", err
	}
	if asJSON {
		s.WithFeedback = s.WithFeedback || single
		buf, err := request.AppendResult(nil, nil, res, s)
		if err != nil {
			return "", err
		}
		return string(append(buf, '\n')), nil
	}
	var b strings.Builder
	b.WriteString(formatScore(res.Score))
	b.WriteByte('\n')
	if s.WithFeedback {
		text, _, err := feedback.ForResult(res, s.Repair, s.Feedback)
		if err != nil {
			return "", err
		}
		if text != "" {
			b.WriteString(text)
			b.WriteByte('\n')
		}
	}
	if s.Attribution {
		at, err := res.Attribution(align.AttributionOptions{Granularity: s.Repair.Granularity})
		if err != nil {
			return "", err
		}
		writeAttribution(&b, at, s.Scoring.Compat)
	}
	return b.String(), nil
}

// formatScore prints a score with full float64 precision, Python style.
func formatScore(x float64) string { return string(request.AppendScore(nil, x)) }

// alignFiles compiles -schema, reads the GOLD.json and CAND.json arguments
// and aligns them: the single-pair path of "oagen score", "oagen describe"
// and "oagen repair". Any one of the three files may be "-", standard
// input.
func alignFiles(f *scoreFlags, args []string, stdin io.Reader, stderr io.Writer) (*interp.Result, error) {
	if f.schema == "" {
		return nil, usagef("-schema is required")
	}
	if len(args) != 2 {
		return nil, usagef("want GOLD.json and CAND.json, got %s", plural(len(args), "argument", "arguments"))
	}
	if err := checkStdin(fileArg{"-schema", f.schema}, fileArg{"GOLD.json", args[0]}, fileArg{"CAND.json", args[1]}); err != nil {
		return nil, err
	}
	sc, err := loadScorer(f, stdin, stderr)
	if err != nil {
		return nil, err
	}
	gold, err := readJSONFile(args[0], stdin, f.decodeOptions())
	if err != nil {
		return nil, err
	}
	cand, err := readJSONFile(args[1], stdin, f.decodeOptions())
	if err != nil {
		return nil, err
	}
	res, err := sc.Align(gold, cand)
	if err != nil {
		return nil, pairError(err, displayName(args[0]), displayName(args[1]))
	}
	if !f.quiet && !f.jsonOut {
		// The warnings of scoring (an undeclared gold member, ambiguous
		// pairings): -json output carries them as "warnings".
		for _, w := range res.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
	}
	return res, nil
}

// pairError names the file an alignment error of the pair goldFile,
// candFile belongs to: an invalid gold is the gold file's, anything else
// (an exceeded limit, a comparator error) belongs to the pair, whose
// LimitError pointer locates the place in the gold.
func pairError(err error, goldFile, candFile string) error {
	var ge *interp.GoldError
	if errors.As(err, &ge) {
		return fmt.Errorf("%s: %w", goldFile, err)
	}
	var le *interp.LimitError
	if errors.As(err, &le) {
		return fmt.Errorf("aligning %s with %s: %w (a JSON Pointer into %s)", goldFile, candFile, err, goldFile)
	}
	return fmt.Errorf("aligning %s with %s: %w", goldFile, candFile, err)
}
