package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

const describeUsage = `Usage:
  oagen describe -schema S.json [flags] GOLD.json CAND.json

Prints a deterministic prose description of how the candidate aligns with the
gold (docs/SCORING.md §9.1): every matched and mismatched part, for humans.

Flags:
`

func cmdDescribe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("describe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f scoreFlags
	f.register(fs, modeDescribe)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), describeUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usagef("%v", err)
	}
	if err := f.checkScoring(); err != nil {
		return err
	}
	res, err := alignFiles(&f, fs, stderr)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, res.Describe())
	return err
}
