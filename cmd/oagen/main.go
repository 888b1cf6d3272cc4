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
//	oagen explain [-gold G.json] S.json              what a schema does at every path
//	oagen annotate [-schema S.json] GOLD.json …      propose annotations from golds
//	oagen schema -type Name ./pkg                    export a Go type's annotated JSON Schema
//	oagen gen -schema S.json -type Name -pkg p -o p_oa.go   generate a scorer
//	oagen gen -type Name ./pkg                       generate a scorer for existing Go types
//	oagen serve -stdio | -http ADDR [-schema NAME=S.json]…  long-lived scorer
//	oagen version                                    print the version
//
// Run "oagen help" for every form and "oagen help <command>" (the same as
// "oagen <command> -h") for the flags of each command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/objectaligner/oagen/internal/gctune"
	"github.com/objectaligner/oagen/internal/suggest"
)

// exit codes
const (
	exitOK    = 0
	exitInput = 1 // bad input: schema, JSON, gold
	exitUsage = 2 // bad command line
	exitBelow = 3 // eval: the mean is below -fail-under
)

// usageError marks errors in the command line (exit status 2). A hint, when
// set, is printed on a line of its own after the error.
type usageError struct{ msg, hint string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{msg: fmt.Sprintf(format, args...)} }

const topUsage = `oagen scores structured (JSON) output against a gold answer (Object Aligner).

Usage:
  oagen score -schema S.json GOLD.json CAND.json
        score one pair (-feedback: and the ranked fixes; -json: as JSON)
  oagen score [-schema S.json] -batch IN.jsonl [-jobs N] [-o OUT.jsonl]
        score a JSON Lines batch
  oagen eval [-schema S.json] [-o DIR] [-fail-under X] IN.jsonl|-
        score a dataset and summarize it (summary.json, report.html)
  oagen eval -merge -o DIR SHARD_DIR...
        merge the evals of shards
  oagen describe -schema S.json GOLD.json CAND.json
        prose description of the alignment
  oagen repair -schema S.json [-patch] GOLD.json CAND.json
        the candidate with every fix applied (-patch: as a JSON Patch)
  oagen repair [-schema S.json] -batch IN.jsonl [-patch] [-o OUT.jsonl]
        repair a JSON Lines batch
  oagen check S.json [S2.json …]
        check a schema's annotations
  oagen check ./pkg [./other/...]
        check the oa struct tags of Go packages
  oagen explain [-json] [-gold G.json] S.json
        what a schema does at every path: comparators, regimes, shares, scopes
  oagen annotate [-schema S.json] [-o FILE] GOLD.json|GOLD.jsonl…
        propose annotations from golds, each with the evidence for it
  oagen schema -type Name [-no-oa] [-closed] [-o FILE] [PACKAGE]
        annotated JSON Schema of a Go struct type
  oagen gen -schema S.json -type Name [-pkg p] [-o p_oa.go] [-typed] [-prefix P]
        typed structs and a specialised scorer
  oagen gen -type Name[,Name…] [-o file] [-typed] [PACKAGE]
        scorer for existing Go types (oa struct tags)
  oagen serve -stdio [-schema [NAME=]S.json]… [-jobs N]
  oagen serve [-http ADDR] [-schema [NAME=]S.json]… [-jobs N]
        long-lived scorer (JSON Lines on stdin/stdout, or HTTP)
  oagen version
  oagen -version
        version and revision of this oagen
  oagen help [COMMAND]
        this help, or the help of a command (the same as "oagen COMMAND -h")

A file argument "-" (one per command) is standard input. Flags may also
follow the arguments; "--" ends the flags. Run "oagen help COMMAND" for the
flags of a command.

Exit status: 0 success, 1 bad input (a schema error, malformed JSON, an
invalid gold), 2 a usage error, 3 (eval) a mean below -fail-under.
`

// command is one subcommand of oagen.
type command struct {
	name    string
	summary string // what it does, for suggestions
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands are the subcommands of oagen. Each one's help (-h) starts with
// a "Usage:" block whose forms the top-level help lists (TestHelpForms).
var commands = []command{
	{"score", "score a candidate against a gold, or a batch", cmdScore},
	{"eval", "score a dataset and summarize it", cmdEval},
	{"describe", "prose description of the alignment", cmdDescribe},
	{"repair", "the candidate with every fix applied", cmdRepair},
	{"check", "check a schema's annotations or a package's oa tags", cmdCheck},
	{"explain", "what a schema does at every path", cmdExplain},
	{"annotate", "propose annotations from golds", cmdAnnotate},
	{"gen", "generate a typed scorer", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return cmdGenAny(args, stdout, stderr)
	}},
	{"schema", "annotated JSON Schema of a Go struct type", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return cmdSchema(args, stdout, stderr)
	}},
	{"serve", "long-lived scorer (JSON Lines or HTTP)", cmdServe},
	{"version", "print the version", func(args []string, _ io.Reader, stdout, stderr io.Writer) error {
		return cmdVersion(args, stdout, stderr)
	}},
}

func main() {
	// Small pairs by the thousand: a lazier collector while the heap is
	// small (internal/gctune; GOGC or GOMEMLIMIT override it).
	gctune.Start()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, topUsage)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, topUsage)
		return exitOK
	case "help":
		return runHelp(args[1:], stdin, stdout, stderr)
	case "-version", "--version":
		name = "version"
	}
	c := lookupCommand(name)
	if c == nil {
		if strings.HasPrefix(name, "-") {
			names := []string{"-h", "-version"}
			fmt.Fprintf(stderr, "oagen: unknown flag %q%s\n", name, suggest.DidYouMean(name, names))
		} else {
			fmt.Fprint(stderr, unknownCommand(name))
		}
		fmt.Fprintln(stderr, `Run "oagen help" for the commands.`)
		return exitUsage
	}
	cmd := c.run
	err := cmd(args[1:], stdin, stdout, stderr)
	if err == nil {
		return exitOK
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	fmt.Fprintf(stderr, "oagen %s: %v\n", name, err)
	var ue *usageError
	if errors.As(err, &ue) {
		if ue.hint != "" {
			fmt.Fprintln(stderr, ue.hint)
		}
		return exitUsage
	}
	if errors.Is(err, errFailUnder) {
		return exitBelow
	}
	return exitInput
}

// parseFlags parses the flags of a command and returns its positional
// arguments. Flags may follow positional arguments (oagen score GOLD.json
// CAND.json -schema S.json); "--" ends the flags, so that a file whose name
// starts with "-" can be named. A flag error is a usage error, with a "did
// you mean" for an unknown flag and a hint to run "oagen <fs.Name()> -h"
// (the flag package prints nothing); -h gives flag.ErrHelp, after fs.Usage
// printed the command's help.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	defer func() { fs.SetOutput(out); fs.Usage = usage }()
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				if usage != nil {
					usage()
				} else {
					printFlags(fs.Output(), fs)
				}
				return nil, err
			}
			return nil, flagError(fs, err)
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// unprefixed is an error of a library shown without the package prefix
// ("gen: ", "structtag: ") it carries for its Go callers: on the command
// line, "oagen <command>: " already says where it comes from. It unwraps to
// the library's error.
type unprefixed struct {
	err error
	msg string
}

func (e *unprefixed) Error() string { return e.msg }
func (e *unprefixed) Unwrap() error { return e.err }

// trimPkg returns err without the leading "pkg: " of the package that
// returned it (nil for nil, err itself when it has no such prefix).
func trimPkg(err error, pkg string) error {
	if err == nil {
		return nil
	}
	msg, ok := strings.CutPrefix(err.Error(), pkg+": ")
	if !ok {
		return err
	}
	return &unprefixed{err: err, msg: msg}
}

// flagError is the usage error of a flag parse error of fs: the flag
// package's message, a "did you mean" over fs's flags for an unknown one,
// and a hint naming the command's help.
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		// Names are compared without their dash, which would make every
		// one-letter flag close to every other.
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if s := suggest.Closest(name, names); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", "-"+s)
		}
	}
	return &usageError{msg: msg, hint: fmt.Sprintf("run \"oagen %s -h\" for the flags", fs.Name())}
}

// plural returns "n noun", with the plural form of noun unless n is 1.
func plural[N int | int64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
