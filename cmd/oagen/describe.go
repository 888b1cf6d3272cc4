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
gold (SPEC §9.1): every matched and mismatched part, for humans.

Flags:
`

func cmdDescribe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("describe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f scoreFlags
	f.register(fs, false)
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
	if err := f.checkLimits(); err != nil {
		return err
	}
	if f.schema == "" {
		return usagef("-schema is required")
	}
	if fs.NArg() != 2 {
		return usagef("want GOLD.json and CAND.json, got %d arguments", fs.NArg())
	}
	sc, err := loadScorer(&f, stderr)
	if err != nil {
		return err
	}
	gold, err := readJSONFile(fs.Arg(0), f.decodeOptions())
	if err != nil {
		return err
	}
	cand, err := readJSONFile(fs.Arg(1), f.decodeOptions())
	if err != nil {
		return err
	}
	res, err := sc.Align(gold, cand)
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	_, err = fmt.Fprintln(stdout, res.Describe())
	return err
}
