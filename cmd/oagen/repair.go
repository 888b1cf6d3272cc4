package main

import (
	"flag"
	"io"

	"github.com/objectaligner/oagen/eval"
	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/repair"
	"github.com/objectaligner/oagen/request"
)

const repairUsage = `Usage:
  oagen repair -schema S.json [-patch] [flags] GOLD.json CAND.json
  oagen repair [-schema S.json] -batch IN.jsonl [-patch] [-o OUT.jsonl] [flags]

Prints the repaired candidate, as one line of JSON: the candidate with every
fix of the feedback applied (granularity leaf). It scores 1.0 against the
gold, except where even the gold cannot (it scores below 1 against itself) and
where the scorer pairs twin records by their order (docs/SCORING.md §8.12).
Any one of the -schema file, GOLD.json and CAND.json may be "-": standard
input.

The fixes keep the candidate's own identifiers: a record the candidate shares
with the gold keeps the candidate's id, and a record it lacks is added under
an id it does not use - the gold's id when free, else the gold's id with a
suffix ("depot_2") or the next integer - which every reference to the record
uses. Parts that carry no weight (elements an ignoreMissing or ignoreExcess
list leaves out, positions of weight 0) are brought in line with the gold too.
A candidate that fails JSON Schema validation is repaired by replacing it with
the gold.

With -patch it prints instead the RFC 6902 JSON Patch that turns the candidate
into the repaired candidate, ordered for sequential application: inside an
object, removals, then changes inside the members kept, then additions; inside
an array, positions in ascending order, each index the element's index at the
moment its operation applies, additions at the end written "/-".

With -batch, every input line is a request of "oagen score -batch" ("gold" and
"candidate" required; "id", "schema" and "options" as there) and gives one
output line in input order: {"id":…,"repaired":…}, or {"id":…,"patch":[…]}
with -patch, or {"id":…,"error":"line N: …","error_kind":"…"} for a line that
cannot be repaired; a bad line never stops the batch. A summary line goes to
stderr at the end.

Exit status: 0 success, 1 bad input (schema, JSON, invalid gold), 2 usage
error.

Flags:
`

// repairFlags are the flags of "oagen repair".
type repairFlags struct {
	scoreFlags
	patch bool
}

func cmdRepair(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f repairFlags
	f.register(fs, modeRepair)
	fs.BoolVar(&f.patch, "patch", false, "print the RFC 6902 JSON Patch that turns the candidate into the repaired candidate")
	setUsage(fs, repairUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := f.checkScoring(); err != nil {
		return err
	}
	if f.batch != "" {
		if len(args) != 0 {
			return usagef("-batch takes no positional arguments")
		}
		if f.schema == "-" {
			return usagef("-schema -: with -batch, give the schema as a file")
		}
		return runBatch("repair", &f.scoreFlags, f.output(), stdin, stdout, stderr)
	}
	res, err := alignFiles(&f.scoreFlags, args, stdin, stderr)
	if err != nil {
		return err
	}
	out, err := f.repaired(nil, res)
	if err != nil {
		return err
	}
	_, err = stdout.Write(append(out, '\n'))
	return err
}

// repaired appends to dst the repaired candidate of res, or its patch with
// -patch, as JSON.
func (f *repairFlags) repaired(dst []byte, res *interp.Result) ([]byte, error) {
	edits := res.Edits()
	if f.patch {
		p, err := repair.NewPatch(res.Candidate, edits)
		if err != nil {
			return nil, err
		}
		return p.AppendJSON(dst), nil
	}
	v, err := repair.Apply(res.Candidate, edits)
	if err != nil {
		return nil, err
	}
	return jsonval.AppendJSON(dst, v), nil
}

// output is the batch output of "oagen repair -batch": {"id":…,"repaired":…}
// or {"id":…,"patch":[…]}, and {"id":…,"error":"…","error_kind":"…"} ("id"
// when the line has one).
func (f *repairFlags) output() eval.Responses {
	member := `"repaired":`
	if f.patch {
		member = `"patch":`
	}
	return eval.Responses{
		Result: func(dst []byte, r *request.Request, res *interp.Result, _ request.Settings) ([]byte, error) {
			dst, err := f.repaired(append(openLine(dst, r), member...), res)
			return append(dst, '}'), err
		},
		Failure: func(dst []byte, r *request.Request, msg string, err error) []byte {
			dst = append(openLine(dst, r), `"error":`...)
			dst = jsonval.AppendJSON(dst, jsonval.NewString(msg))
			dst = append(dst, `,"error_kind":`...)
			dst = jsonval.AppendJSON(dst, jsonval.NewString(string(request.KindOf(err))))
			return append(dst, '}')
		},
	}
}

// openLine appends to dst the opening of an output line's object, with the
// line's "id" when it has one.
func openLine(dst []byte, r *request.Request) []byte {
	dst = append(dst, '{')
	if r != nil && r.HasID {
		dst = append(dst, `"id":`...)
		dst = jsonval.AppendJSON(dst, r.ID)
		dst = append(dst, ',')
	}
	return dst
}
