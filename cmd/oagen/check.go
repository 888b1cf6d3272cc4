package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/objectaligner/oagen/ir"
)

const checkUsage = `Usage:
  oagen check S.json [S2.json …]
  oagen check ./pkg [./other/...]

Checks the Object Aligner annotations of JSON Schema files, or of the oa
struct tags of Go packages, without scoring anything. Every error is printed
(not just the first) as file:line:col: message, followed by the warnings; the
exit status is 1 when any file has an error.

Flags:
`

func cmdCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("quiet", false, "do not print warnings")
	setUsage(fs, checkUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usagef("want at least one schema file")
	}
	failed := 0
	for _, name := range args {
		if isPackagePattern(name) {
			bad, err := checkPackages(name, *quiet, stdout)
			if err != nil {
				fmt.Fprintln(stdout, err)
			}
			if bad || err != nil {
				failed++
			}
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(stdout, err)
			failed++
			continue
		}
		sch, err := ir.Compile(data, ir.Options{File: name})
		var list ir.ErrorList
		switch {
		case errors.As(err, &list):
			for _, d := range list {
				fmt.Fprintln(stdout, d)
			}
			failed++
			continue
		case err != nil:
			fmt.Fprintf(stdout, "%s: %v\n", name, err)
			failed++
			continue
		}
		if !*quiet {
			for _, w := range sch.Warnings {
				fmt.Fprintf(stdout, "%s (warning)\n", w)
			}
		}
	}
	if failed > 0 {
		verb := "have"
		if failed == 1 {
			verb = "has"
		}
		return fmt.Errorf("%d of %s %s errors", failed, plural(len(args), "schema file or package pattern", "schema files or package patterns"), verb)
	}
	return nil
}
