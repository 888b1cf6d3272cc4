package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/objectaligner/oagen/explain"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/jsonval"
)

const explainUsage = `Usage:
  oagen explain [-json] [-gold G.json] S.json

Shows what a schema does when it scores: for every path the data can reach
(array elements as *, tuple positions by index) the kind, the comparator and
threshold, the array regime or tuple, the key pairing of objects, the share
of the parent's value term and the total share (the most the path can bring
to the score), identifier scopes and references in resolution order,
defaults and the validation keywords that gate the score (docs/SCORING.md
§2.1). With -gold, also how many values the gold has at each path and what
one of them is worth at most.

Flags:
`

func cmdExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the plan as JSON")
	gold := fs.String("gold", "", "count the values of this gold file at every path")
	setUsage(fs, explainUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return usagef("want one schema file, got %d arguments", len(args))
	}
	data, err := readInput(args[0], stdin)
	if err != nil {
		return err
	}
	sch, err := ir.Compile(data, ir.Options{File: displayName(args[0])})
	if err != nil {
		var list ir.ErrorList
		if errors.As(err, &list) {
			return fmt.Errorf("%s", list.Error())
		}
		return err
	}
	plan := explain.New(sch)
	if *gold != "" {
		v, err := readJSONFile(*gold, stdin, jsonval.DecodeOptions{})
		if err != nil {
			return err
		}
		plan.CountGold(v)
	}
	if *asJSON {
		out, err := json.MarshalIndent(plan, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	_, err = fmt.Fprint(stdout, plan.Text())
	return err
}
