package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/objectaligner/oagen/feedback"
)

const describeUsage = `Usage:
  oagen describe -schema S.json [flags] GOLD.json CAND.json

Prints a deterministic prose description of how the candidate aligns with the
gold (docs/SCORING.md §9.1): every matched and mismatched part, for humans.
Any one of the -schema file, GOLD.json and CAND.json may be "-": standard
input.

Flags:
`

func cmdDescribe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("describe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f scoreFlags
	f.register(fs, modeDescribe)
	setUsage(fs, describeUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := f.checkScoring(); err != nil {
		return err
	}
	res, err := alignFiles(&f, args, stdin, stderr)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, feedback.DescribeResult(res))
	return err
}
