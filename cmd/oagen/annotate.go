package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/objectaligner/oagen/annotate"
	"github.com/objectaligner/oagen/jsonval"
)

const annotateUsage = `Usage:
  oagen annotate [-schema S.json] [-o FILE] GOLD.json|GOLD.jsonl…

Writes an annotated schema: the -schema file, or one inferred from the golds,
with proposed Object Aligner keywords and, on each schema object that gets
one, an "x-oagen-why" member saying what evidence led to it. idScope goes on
a member whose values are unique in every gold and named by another member
(ref on that one); order "align" on arrays of records and on uniqueItems
arrays; score "exact" on enums, codes and short tokens, a string comparator
on free text, invdiff or relative on measures. Keywords the schema already
has are kept. A .json file is one gold value; a .jsonl file has one gold per
line, or batch lines whose "gold" member is used. Check the result with
oagen check and see what it does with oagen explain.

Flags:
`

func cmdAnnotate(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("annotate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schema := fs.String("schema", "", "the schema to annotate (default: inferred from the golds)")
	out := fs.String("o", "", "write the annotated schema to this file (default: standard output)")
	setUsage(fs, annotateUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usagef("want at least one gold file (.json or .jsonl)")
	}
	var golds []jsonval.Value
	for _, name := range args {
		gs, err := readGolds(name, stdin)
		if err != nil {
			return err
		}
		golds = append(golds, gs...)
	}
	var sp *jsonval.Value
	if *schema != "" {
		v, err := readJSONFile(*schema, stdin, jsonval.DecodeOptions{})
		if err != nil {
			return err
		}
		sp = &v
	}
	res, err := annotate.Annotate(sp, golds)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = stdout.Write(res.JSON())
		return err
	}
	return os.WriteFile(*out, res.JSON(), 0o644)
}

// readGolds reads the gold values of a .json file (one value) or a .jsonl
// file (one per line; a batch line's "gold" member).
func readGolds(name string, stdin io.Reader) ([]jsonval.Value, error) {
	if !strings.HasSuffix(name, ".jsonl") {
		v, err := readJSONFile(name, stdin, jsonval.DecodeOptions{})
		if err != nil {
			return nil, err
		}
		return []jsonval.Value{v}, nil
	}
	data, err := readInput(name, stdin)
	if err != nil {
		return nil, err
	}
	var out []jsonval.Value
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		v, err := jsonval.Decode(text, jsonval.DecodeOptions{})
		if err != nil {
			return nil, fmt.Errorf("%s:%d:%w", name, line, prefixColon(err))
		}
		if g, ok := v.Get("gold"); ok && v.Kind == jsonval.Object {
			v = g
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no gold values", name)
	}
	return out, nil
}
