package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/objectaligner/oagen/ir"
)

const checkUsage = `Usage:
  oagen check S.json [S2.json …]
  oagen check ./pkg [./other/...]

Checks the Object Aligner annotations of JSON Schema files, or of the oa
struct tags of Go packages, without scoring anything. Every error is printed
(not just the first) as file:line:col: message, followed by the warnings; the
exit status is 1 when any argument has an error.

An argument is a schema file when it names a file (a .go file is refused:
name its package), standard input when it is "-" (once), and otherwise Go
packages as the go command takes them: a directory (./pkg), a pattern
(./..., ./pkg/...) or an import path (example.com/m/pkg).

Flags:
`

func cmdCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("quiet", false, "do not print warnings")
	verbose := fs.Bool("v", false, "also list the keywords of schema files that only validate (if/then/else, not, contains, …): they gate the score and never change it")
	setUsage(fs, checkUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usagef("want at least one schema file or package")
	}
	var files []fileArg
	for i, a := range args {
		files = append(files, fileArg{fmt.Sprintf("argument %d", i+1), a})
	}
	if err := checkStdin(files...); err != nil {
		return err
	}
	failed := 0
	for _, name := range args {
		var bad bool
		var err error
		switch kind := checkArgKind(name); kind {
		case argPackages:
			bad, err = checkPackages(packageArg(name), *quiet, stdout)
			if err != nil && strings.HasPrefix(err.Error(), "no Go files in ") {
				err = fmt.Errorf("%s is a directory without Go files: oagen check takes schema files and Go packages", name)
			}
		case argGoFile:
			err = fmt.Errorf("%s is a Go file: oagen check takes its package (%s)", name, goFilePackage(name))
		case argMissing:
			err = fmt.Errorf("%s: no such file or directory", name)
		default:
			bad, err = checkSchemaFile(name, stdin, *quiet, *verbose, stdout)
		}
		if err != nil {
			fmt.Fprintln(stdout, err)
		}
		if bad || err != nil {
			failed++
		}
	}
	if failed > 0 {
		verb := "have"
		if failed == 1 {
			verb = "has"
		}
		return fmt.Errorf("%d of %s %s errors", failed, plural(len(args), "argument", "arguments"), verb)
	}
	return nil
}

// checkSchemaFile checks the schema file name (standard input for "-"),
// printing its errors, then its warnings unless quiet, and reports whether
// it has errors; err is an error reading or decoding it.
func checkSchemaFile(name string, stdin io.Reader, quiet, verbose bool, stdout io.Writer) (bad bool, err error) {
	data, err := readInput(name, stdin)
	if err != nil {
		return false, err
	}
	sch, err := ir.Compile(data, ir.Options{File: displayName(name)})
	var list ir.ErrorList
	switch {
	case errors.As(err, &list):
		for _, d := range list {
			fmt.Fprintln(stdout, d)
		}
		return true, nil
	case err != nil:
		return false, fmt.Errorf("%s: %w", displayName(name), err)
	}
	if !quiet {
		for _, w := range sch.Warnings {
			fmt.Fprintf(stdout, "%s (warning)\n", w)
		}
	}
	if verbose {
		for _, l := range validationOnly(sch) {
			fmt.Fprintln(stdout, l)
		}
	}
	return false, nil
}

// validationOnlyKeywords are the keywords that act as validation only
// (docs/SCORING.md §9.5): a candidate that fails one scores 0, and one
// that passes scores as if the keyword were not there.
var validationOnlyKeywords = []string{
	"if", "then", "else", "not", "dependentSchemas", "dependentRequired", "dependencies",
	"contains", "minContains", "maxContains", "unevaluatedProperties", "unevaluatedItems",
	"propertyNames", "multipleOf",
}

// validationOnly lists, for every node the data can reach, its
// validation-only keywords (oagen check -v), in node order.
func validationOnly(sch *ir.Schema) []string {
	var out []string
	ir.Walk(sch.Root, func(n *ir.Node) {
		var kws []string
		for _, kw := range n.Keywords {
			if slices.Contains(validationOnlyKeywords, kw.Key) && !slices.Contains(kws, strconv.Quote(kw.Key)) {
				kws = append(kws, strconv.Quote(kw.Key))
			}
		}
		if len(kws) > 0 {
			out = append(out, fmt.Sprintf("%s: %s only validate%s: a candidate that fails %s scores 0, one that passes scores as without %s (docs/SCORING.md §9.5)",
				n.Pos, strings.Join(kws, ", "), map[bool]string{true: "s", false: ""}[len(kws) == 1], map[bool]string{true: "it", false: "one"}[len(kws) == 1], map[bool]string{true: "it", false: "them"}[len(kws) == 1]))
		}
	})
	return out
}
