package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/report"
)

const evalUsage = `Usage:
  oagen eval [-schema S.json] [-o DIR] [-fail-under X] [flags] IN.jsonl|-
  oagen eval -merge -o DIR SHARD_DIR...

Scores every line of a JSON Lines dataset and summarizes where the candidates
fail. Each input line is a request, as for "oagen score -batch":

  {"id": any scalar, "gold": …, "candidate": …,
   "schema": {…} or "file.json", "feedback": bool, "top_k": int,
   "options": {"wl_rounds": 2, …}}

("gold" and "candidate" are required; without "schema" the -schema file is
used; a string "schema" names a regular file under -schema-root; other
members are ignored, but a name close to one of these is an error with a
did-you-mean; blank lines are skipped.) Without -schema, the first line must
have a "schema": otherwise eval stops before writing anything, with exit
status 2.

{{options}}

Writes into DIR (created if needed; a previous run's files are removed
first, state.json first, and the new ones are written under temporary names
and renamed into place on completion, state.json last: a run that is killed
leaves no state.json, and a write error stops eval at once with exit 1):

  results.jsonl   one line per input line, in input order:
                  {"id", "score"} for a scored line (plus "feedback" and "ops"
                  with -feedback or a line's "feedback": true, "bijections" for
                  referential schemas, "attribution" with -attribution,
                  "warnings" when scoring raised any), or
                  {"id", "score": null, "error", "error_kind"} for a line that
                  cannot be scored. "id" only when the line has one.
  non_matches.jsonl   one line per value error (wrong, invented or missing,
                  below), in input order: {"id" (or "line"), "path" (as in
                  summary.json's paths), "gold_pointer", "candidate_pointer"
                  (JSON Pointers in each document; null for a side without
                  the value), "class", "gold", "candidate" (left out for a
                  side without the value), "delta" (what fixing it recovers)}
  summary.json    the summary:
    cases               input lines
    scored              lines scored (invalid candidates included)
    invalid_candidates  scored lines whose candidate fails the schema (score 0)
    errors              {"count", "by_kind": {kind: count}} of lines not scored;
                        kinds: bad_json, bad_request (not an object, a missing
                        member, a bad option), bad_schema, invalid_gold, limit,
                        score_error, internal
    mean, median, min, max   of the scores (null when nothing was scored)
    quantiles           {"p01" … "p99"}: 1, 5, 10, 25, 50, 75, 90, 95, 99 %,
                        linear interpolation between order statistics
    ci95                {"low", "high", "resamples", "seed"}: 95 % percentile
                        bootstrap interval of the mean (fixed seed: the same
                        scores always give the same interval)
    histogram           [{"low", "high", "count"}]: 20 bins over [0, 1]
    worst               [{"id" (or "line" when the line has none), "score",
                        "top_fix": {"op","kind","path","delta","value","gold",
                        "candidate"}, "invalid"}]: the lowest scores
    paths               one entry per location, by mean_deficit:
      path              JSON Pointer with array indices written * (tuple
                        positions keep theirs): /people/*/name; or
                        "(scope NAME)" for a referential scope, or
                        "(invalid candidate)"
      kind              path, scope or invalid_candidate
      scope             the scope of an identifier or reference path
      mean_deficit      the mean over scored lines of the path's share of
                        1 − score; all entries add up to 1 − mean
      occurrences       values at the path in the gold (scope: gold records)
      exact, partial, wrong, invented, missing, both_absent   the class of
                        each value (null counts as no value): both sides
                        have one, of similarity 1, ≥ 0.5 (-match-threshold),
                        below; only the candidate has one; only the gold;
                        neither (null against null or absent, or a declared
                        member both sides of a paired object lack). For a
                        scope: records paired (exact), the candidate's
                        unpaired (invented), the gold's unpaired (missing)
      wrong_reference   the references to the wrong record among wrong
      tp, fp, fn, tn    tp = exact + partial, fp = wrong + invented,
                        fn = wrong + missing, tn = both_absent
      precision, recall, f1   tp/(tp+fp), tp/(tp+fn), their harmonic mean: a
                        wrong value lowers both (null when undefined)
      recall_without_wrong, f1_without_wrong   tp/(tp+missing) and its F1:
                        wrong values left out of recall
                        (docs/EVAL-COMPARISON.md)
    config              {"match_threshold", "worst", "sample"}
  state.json      the mergeable state behind the summary (for -merge), and
                  "run": {"complete", "results": {"lines", "bytes",
                  "sha256"}, "non_matches": {…}}, the record of the completed
                  run
  report.html     the summary as one self-contained page (no network; open it
                  from disk): the headline, the histogram, the paths (sortable,
                  filterable), the worst cases, and gold and candidate aligned
                  with their fixes for the embedded cases: the -worst lowest
                  scores and a -sample of others chosen by a hash of the line

Every value counts at its own path, objects and arrays as well as leaves:
/people/* counts each person once (paired, with the pair's similarity, or
missing, or invented), /people/*/name the names of the paired people, /people
the array as a whole and "" the whole value. A missing or invented element
counts at the element's path only (its deficit too), not at its members'.
See docs/SCORING.md for how scores and deficits are computed.

-merge combines the directories of runs over shards of one dataset into DIR:
the same summary.json as one run over the concatenated input (give every
line an "id": line numbers are those of each shard), and results.jsonl and
non_matches.jsonl the shards' concatenated in the order given. A shard that
would be counted twice is an error naming both inputs: the same directory
twice, a copy of a shard (identical state.json), or shards that overlap (seen
through the identified cases the states keep, which catches most overlaps).
So is a directory that is not a completed run (no state.json, or one without
its completion record) or a mixed one (a results.jsonl or non_matches.jsonl
other than the one its state.json records).

Progress is shown on stderr when it is a terminal; one summary line is
printed on stderr at the end.

Exit status: 0 success, 1 bad input (the -schema file, an unreadable input,
a JSON document instead of JSON Lines, no line that could be scored),
2 usage error (no -schema and no "schema" on the first line included), 3 the
mean is below -fail-under (or the input has no lines).

Flags:
`

// evalFlags are the flags of "oagen eval".
type evalFlags struct {
	scoreFlags
	outDir         string
	failUnder      thresholdFlag
	merge          bool
	matchThreshold float64
	worst, sample  int
}

// errFailUnder is returned when the mean is below -fail-under (exit 3).
var errFailUnder = errors.New("mean below -fail-under")

func cmdEval(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f evalFlags
	f.register(fs, modeEval)
	fs.StringVar(&f.outDir, "o", "oagen-eval", "output `directory`")
	fs.Var(&f.failUnder, "fail-under", "exit with status 3 when the mean score is below `X`, in [0,1] (for CI gates)")
	fs.BoolVar(&f.merge, "merge", false, "merge the output directories given as arguments (runs over shards) into -o")
	d := eval.DefaultConfig()
	fs.Float64Var(&f.matchThreshold, "match-threshold", d.MatchThreshold, "similarity from which a paired value counts as a true positive, in (0,1]")
	fs.IntVar(&f.worst, "worst", d.Worst, "number of lowest-scoring cases kept")
	fs.IntVar(&f.sample, "sample", d.Sample, "number of cases kept as a sample for the report")
	setUsage(fs, withOptions(evalUsage))
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := f.check(); err != nil {
		return err
	}
	if f.schema == "-" {
		return usagef("-schema -: give the schema as a file (the input can be standard input, -)")
	}
	if !(f.matchThreshold > 0 && f.matchThreshold <= 1) {
		return usagef("-match-threshold %v: want a number in (0,1]", f.matchThreshold)
	}
	if f.worst < 1 || f.sample < 1 {
		return usagef("-worst and -sample: want positive numbers")
	}
	start := time.Now()
	var run *evalRun
	if f.merge {
		if len(args) == 0 {
			return usagef("-merge: want the directories to merge")
		}
		run, err = mergeDirs(f.outDir, args)
	} else {
		if len(args) != 1 {
			return usagef("want one input file (or - for stdin), got %s", plural(len(args), "argument", "arguments"))
		}
		run, err = runEval(&f, args[0], stdin, stderr)
	}
	if err != nil {
		return err
	}
	sum, err := writeEvalOutputs(run, reportOptions(f.merge, args))
	if err != nil {
		return err
	}
	mean := "n/a"
	if sum.Mean != nil {
		mean = fmt.Sprintf("%.4f", *sum.Mean)
		if sum.CI95 != nil {
			mean += fmt.Sprintf(" [%.4f, %.4f]", sum.CI95.Low, sum.CI95.High)
		}
	}
	counts := fmt.Sprintf("%s, %s", plural(sum.Cases, "case", "cases"), plural(sum.Errors.Count, "error", "errors"))
	if err := noneScored(sum.Cases, sum.Errors.Count); err != nil {
		return fmt.Errorf("%s → %s: %w", counts, f.outDir, err)
	}
	fmt.Fprintf(stderr, "oagen eval: %s, mean %s, %s → %s\n", counts, mean, time.Since(start).Round(time.Millisecond), f.outDir)
	if x := f.failUnder.x; x != nil && (sum.Mean == nil || *sum.Mean < *x) {
		return fmt.Errorf("%w %v", errFailUnder, *x)
	}
	return nil
}

// thresholdFlag is the -fail-under flag: unset (nil, no gate) or a score
// in [0,1].
type thresholdFlag struct{ x *float64 }

func (t *thresholdFlag) String() string {
	if t == nil || t.x == nil {
		return ""
	}
	return strconv.FormatFloat(*t.x, 'g', -1, 64)
}

func (t *thresholdFlag) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x >= 0 && x <= 1) {
		return fmt.Errorf("want a score in [0,1], got %q", s)
	}
	t.x = &x
	return nil
}

// evalRun is a run or a merge whose results.jsonl is written (under its
// temporary name) and whose state is complete.
type evalRun struct {
	st      *eval.State
	dir     *evalDir
	results resultsRecord
}

// runEval scores the input into DIR/results.jsonl and returns the run. A
// write error stops it at once.
func runEval(f *evalFlags, input string, stdin io.Reader, stderr io.Writer) (*evalRun, error) {
	ls, root, err := newLineScorer(&f.scoreFlags, input, stderr)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	cfg := eval.Config{MatchThreshold: f.matchThreshold, Worst: f.worst, Sample: f.sample}
	ls.Observer = eval.NewObserver(cfg)
	ls.DeferOps = true // ranked for the cases the state keeps, below
	in, size, err := openInput(input, stdin)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	b, err := readBatch(in, ls)
	if err != nil {
		return nil, err
	}
	dir, err := openEvalDir(f.outDir)
	if err != nil {
		return nil, err
	}
	out, err := dir.create("results.jsonl")
	if err != nil {
		return nil, err
	}
	defer out.Close()
	rw := newResultsWriter(out)
	w := bufio.NewWriterSize(rw, 1<<16)
	nmOut, err := dir.create("non_matches.jsonl")
	if err != nil {
		dir.abort()
		return nil, err
	}
	defer nmOut.Close()
	nmw := newResultsWriter(nmOut)
	nm := bufio.NewWriterSize(nmw, 1<<16)
	st := eval.NewState(cfg)
	prog := newProgress(stderr, size)
	// The workers of a parallel eval prepare each line's outputs
	// themselves (prepareEval), the detail for every case the state's
	// last cutoff wants (a superset of the cases it keeps), so that they
	// reuse their storage.
	var cutoff atomic.Pointer[eval.Cutoff]
	publish := func() {
		if c := st.Cutoff(); !c.Equal(*cutoff.Load()) {
			cutoff.Store(&c)
		}
	}
	cutoff.Store(new(st.Cutoff()))
	if f.jobs > 1 {
		b.detach = func(s *scored) { detachEval(ls, s, cutoff.Load().Wants) }
	}
	var nmBuf []byte // the non-match lines of a line prepared here, reused
	err = b.score(f.jobs, func(s scored) error {
		p := s.eval
		if p == nil {
			// Scored here (one job, or the first line): the worker's
			// storage is still the line's.
			prepared := prepareEval(ls, &s, st.Wants, nmBuf[:0])
			if p = &prepared; cap(p.nonMatches) <= maxKeptNonMatches {
				nmBuf = p.nonMatches
			}
		}
		if s.Err == nil && st.Wants(s.Case.Score, s.Case.Key) {
			// A case the state keeps shows its top fix and its detail:
			// only such cases have their operations ranked.
			if p.kept == nil {
				return fmt.Errorf("internal error: line %d kept but not prepared", s.number)
			}
			if p.kept.err != nil {
				return p.kept.err
			}
			s.ScoredLine = p.kept.line
		}
		if s.Err == nil {
			if p.err != nil {
				return p.err
			}
			if _, err := nm.Write(p.nonMatches); err != nil {
				return err
			}
		}
		prog.add(s.size)
		st.Add(s.Case)
		if f.jobs > 1 {
			publish()
		}
		_, err := w.Write(s.Output)
		return err
	})
	prog.done()
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if ferr := nm.Flush(); err == nil {
		err = ferr
	}
	if cerr := nmOut.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		dir.abort()
		return nil, err
	}
	rec := nmw.record()
	dir.nonMatches = &rec
	return &evalRun{st: st, dir: dir, results: rw.record()}, nil
}

// mergeDirs merges the states of shard directories and concatenates their
// results into DIR/results.jsonl. It refuses shards that would be counted
// twice (see shardSet.add) and a DIR that is one of the shards.
func mergeDirs(dir string, shards []string) (*evalRun, error) {
	st := eval.NewState(eval.Config{})
	var set shardSet
	for _, sh := range shards {
		o, _, err := set.add(sh)
		if err != nil {
			return nil, err
		}
		if err := st.Merge(o); err != nil {
			return nil, fmt.Errorf("%s: %w", sh, err)
		}
	}
	if out, err := os.Stat(dir); err == nil {
		for _, sh := range set.shards {
			if os.SameFile(out, sh.dir) {
				return nil, usagef("-o %s is the shard %s: its results would be overwritten while they are read", dir, sh.name)
			}
		}
	}
	d, err := openEvalDir(dir)
	if err != nil {
		return nil, err
	}
	out, err := d.create("results.jsonl")
	if err != nil {
		return nil, err
	}
	defer out.Close()
	rw := newResultsWriter(out)
	for i, sh := range shards {
		if err := copyResults(rw, sh, set.shards[i].run); err != nil {
			d.abort()
			return nil, err
		}
	}
	if err := out.Close(); err != nil {
		d.abort()
		return nil, err
	}
	nmOut, err := d.create("non_matches.jsonl")
	if err != nil {
		d.abort()
		return nil, err
	}
	defer nmOut.Close()
	nmw := newResultsWriter(nmOut)
	for i, sh := range shards {
		if err := copyNonMatches(nmw, sh, set.shards[i].run); err != nil {
			d.abort()
			return nil, err
		}
	}
	if err := nmOut.Close(); err != nil {
		d.abort()
		return nil, err
	}
	rec := nmw.record()
	d.nonMatches = &rec
	return &evalRun{st: st, dir: d, results: rw.record()}, nil
}

// shardSet are the shard directories of a merge read so far.
type shardSet struct {
	shards []shard
	// kept maps the identified cases the shards' states keep (their
	// worst and sample cases) to the index of the shard keeping them.
	kept map[keptCase]int
}

// shard is one shard directory of a merge.
type shard struct {
	name  string
	dir   os.FileInfo
	state [sha256.Size]byte // digest of its state.json
	run   *runRecord        // its completion record
}

// keptCase identifies a case: its "id" and the hash of its line.
type keptCase struct {
	id  string
	key uint64
}

// add reads the state of the shard directory name. It refuses a shard that
// would be counted twice: a directory given before (under any name), one
// whose state.json is identical to another's (a copy; states that scored
// nothing are alike without being copies and pass), or one that keeps a
// case (same "id", same line) another shard keeps (overlapping shards; the
// check sees only the cases the states keep, their worst and sample cases,
// so it catches heavy overlaps, not every shared line).
func (s *shardSet) add(name string) (*eval.State, *runRecord, error) {
	st, run, data, err := readShardState(name)
	if err != nil {
		return nil, nil, err
	}
	dir, err := os.Stat(name)
	if err != nil {
		return nil, nil, err
	}
	sh := shard{name: name, dir: dir, state: sha256.Sum256(data), run: run}
	for _, o := range s.shards {
		switch {
		case os.SameFile(o.dir, sh.dir):
			return nil, nil, usagef("%s and %s are the same shard directory: it would be counted twice", o.name, name)
		case o.state == sh.state && st.Scored > 0:
			return nil, nil, fmt.Errorf("%s and %s have identical states (the same shard twice?): it would be counted twice", o.name, name)
		}
	}
	if s.kept == nil {
		s.kept = map[keptCase]int{}
	}
	for _, c := range slices.Concat(st.Worst, st.Sample) {
		if c.ID == nil {
			continue
		}
		k := keptCase{id: string(c.ID), key: c.Key}
		if i, ok := s.kept[k]; !ok {
			s.kept[k] = len(s.shards)
		} else if i != len(s.shards) {
			return nil, nil, fmt.Errorf("%s and %s both have the case with id %s (the same line): overlapping shards would be counted twice", s.shards[i].name, name, c.ID)
		}
	}
	s.shards = append(s.shards, sh)
	return st, run, nil
}

// reportOptions are the report options of an eval of the input file args[0]
// or, with merge, of the shard directories args: the title names the input
// ("standard input" for "-") or the shards, which the report lists.
func reportOptions(merge bool, args []string) report.Options {
	if !merge {
		if args[0] == "-" {
			return report.Options{Title: "standard input"}
		}
		return report.Options{Title: args[0]}
	}
	title := "merge of " + plural(len(args), "shard", "shards")
	if len(args) <= 3 {
		title = "merge of " + strings.Join(args, ", ")
	}
	return report.Options{Title: title, Shards: args}
}

// maxKeptNonMatches bounds the buffer of non-match lines runEval keeps
// from line to line.
const maxKeptNonMatches = 1 << 20

// evalLine is what eval writes for a scored line, prepared while the line's
// Request, Result and Ops are at hand (prepareEval).
type evalLine struct {
	// nonMatches are the line's non_matches.jsonl lines (appendNonMatches)
	// and err the error making them, if any.
	nonMatches []byte
	err        error
	// kept, set when the state may keep the case, is the line as kept.
	kept *keptLine
}

// keptLine is a line as eval keeps it in its state: with its ranked
// operations (LineScorer.AddOps, which makes the line a failure if they
// cannot be ranked) and its Case's Detail; err is the error building the
// detail.
type keptLine struct {
	line eval.ScoredLine
	err  error
}

// prepareEval prepares the outputs of the line s: its non-match lines,
// appended to buf, and, when wants says the state may keep the case, the
// line as kept. s itself is not changed.
func prepareEval(ls *eval.LineScorer, s *scored, wants func(score float64, key uint64) bool, buf []byte) evalLine {
	var p evalLine
	if s.Err == nil && wants(s.Case.Score, s.Case.Key) {
		k := &keptLine{line: s.ScoredLine}
		if ls.AddOps(&k.line, s.number, s.line); k.line.Err == nil {
			k.line.Case.Detail, k.err = report.Detail(k.line.Result, k.line.Ops, k.line.Settings)
		}
		p.kept = k
	}
	p.nonMatches, p.err = appendNonMatches(buf, s.Case.NonMatches)
	return p
}

// detachEval is the batch's detach of a parallel eval: it prepares the
// line's outputs on the worker (prepareEval, with the detail for the cases
// wants), copies its response out of the worker's buffer and drops what
// refers to the worker's storage.
func detachEval(ls *eval.LineScorer, s *scored, wants func(score float64, key uint64) bool) {
	p := prepareEval(ls, s, wants, nil)
	s.Output = bytes.Clone(s.Output)
	s.Request, s.Result, s.Ops = nil, nil, nil
	if k := p.kept; k != nil {
		if k.line.Err == nil {
			k.line.Output = s.Output
		}
		k.line.Request, k.line.Result, k.line.Ops = nil, nil, nil
	}
	s.eval = &p
}

// appendNonMatches appends the value errors of one case as lines of
// non_matches.jsonl (json.Marshal's bytes, NonMatch.AppendJSON) to buf.
func appendNonMatches(buf []byte, nms []eval.NonMatch) ([]byte, error) {
	for i := range nms {
		var err error
		if buf, err = nms[i].AppendJSON(buf); err != nil {
			return buf, err
		}
		buf = append(buf, '\n')
	}
	return buf, nil
}

// writeEvalOutputs writes the summary and the report (with opts) of a
// run under temporary names, then commits the directory: the files are
// renamed into place and state.json, the completion record, is written
// last.
func writeEvalOutputs(run *evalRun, opts report.Options) (*eval.Summary, error) {
	sum := run.st.Finish()
	err := writeJSON(run.dir, "summary.json", sum)
	if err == nil {
		err = writeReport(run.dir, opts, sum, run.st)
	}
	if err == nil {
		err = run.dir.commit(run.st, run.results)
	}
	if err != nil {
		run.dir.abort()
		return nil, err
	}
	return sum, nil
}

func writeJSON(d *evalDir, name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return d.writeFile(name, append(data, '\n'))
}

// writeReport writes DIR/report.html, rendered from the summary and the
// state (its Worst and Sample cases carry the views).
func writeReport(dir *evalDir, opts report.Options, sum *eval.Summary, st *eval.State) error {
	f, err := dir.create("report.html")
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<16)
	if err := report.Write(w, sum, st, opts); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}
