// Command oagen scores structured (JSON) output against a gold answer with the
// Object Aligner method, and generates specialised Go scorers from annotated
// JSON Schemas or Go struct tags.
//
// Usage:
//
//	oagen score -schema S.json GOLD.json CAND.json   score one pair
//	oagen score -schema S.json -batch IN.jsonl       score a JSON Lines batch
//	oagen eval -schema S.json -o DIR IN.jsonl        score a dataset and summarize it
//	oagen describe -schema S.json GOLD.json CAND.json
//	oagen repair -schema S.json [-patch] GOLD.json CAND.json   the repaired candidate
//	oagen check S.json | ./pkg                       check annotations
//	oagen schema -type Name ./pkg                    export a Go type's annotated JSON Schema
//	oagen gen -schema S.json -type Name -pkg p -o p_oa.go   generate a scorer
//	oagen serve -stdio | -http ADDR [-schema NAME=S.json]…  long-lived scorer
//
// Run "oagen <command> -h" for the flags of each command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// exit codes
const (
	exitOK    = 0
	exitInput = 1 // bad input: schema, JSON, gold
	exitUsage = 2 // bad command line
	exitBelow = 3 // eval: the mean is below -fail-under
)

// usageError marks errors in the command line (exit status 2).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

const topUsage = `oagen scores structured (JSON) output against a gold answer (Object Aligner).

Usage:
  oagen score    -schema S.json GOLD.json CAND.json   score one pair (see -h for batch mode)
  oagen eval     [-schema S.json] -o DIR IN.jsonl     score a dataset: results, summary, per-path statistics
  oagen describe -schema S.json GOLD.json CAND.json   prose description of the alignment
  oagen repair   -schema S.json GOLD.json CAND.json   the candidate with every fix applied (-patch: as a JSON Patch)
  oagen check    S.json | ./pkg                       check a schema's (or Go struct tags') annotations
  oagen schema   -type Name [-no-oa] [./pkg]          print the annotated JSON Schema of a Go type
  oagen gen      -schema S.json -type Name -pkg p -o p_oa.go
                                                      generate a typed, specialised scorer
  oagen serve    -stdio | -http ADDR [-schema [NAME=]S.json]…
                                                      long-lived scorer (JSON Lines or HTTP)

Run "oagen <command> -h" for the flags of a command.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, topUsage)
		return exitUsage
	}
	var err error
	switch args[0] {
	case "score":
		err = cmdScore(args[1:], stdin, stdout, stderr)
	case "eval":
		err = cmdEval(args[1:], stdin, stdout, stderr)
	case "describe":
		err = cmdDescribe(args[1:], stdout, stderr)
	case "repair":
		err = cmdRepair(args[1:], stdin, stdout, stderr)
	case "check":
		err = cmdCheck(args[1:], stdout, stderr)
	case "gen":
		err = cmdGenAny(args[1:], stdout, stderr)
	case "schema":
		err = cmdSchema(args[1:], stdout, stderr)
	case "serve":
		err = cmdServe(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, topUsage)
		return exitOK
	default:
		fmt.Fprintf(stderr, "oagen: unknown command %q\n\n%s", args[0], topUsage)
		return exitUsage
	}
	if err == nil {
		return exitOK
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "oagen %s: %v\n", args[0], err)
		return exitUsage
	}
	if errors.Is(err, errFailUnder) {
		fmt.Fprintf(stderr, "oagen %s: %v\n", args[0], err)
		return exitBelow
	}
	fmt.Fprintf(stderr, "oagen %s: %v\n", args[0], err)
	return exitInput
}
