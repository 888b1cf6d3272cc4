package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/objectaligner/oagen/gen"
)

const genUsage = `Usage (JSON Schema source):
  oagen gen -schema S.json -type Name [-pkg p] [-o p_oa.go] [-typed] [-prefix P]

Writes a Go file with typed structs for the schema's values and a scorer
specialised to the schema (ScoreName, RepairName, CheckNameGold,
ValidateName, and the JSON entry points ScoreNameJSON, ScoreNameJSONDetail,
RepairNameJSON). The JSON entry points fall back to the interpreter for the
pairs the types cannot hold; with -typed they are left out, and the file
links only the support package (align/genrt) and its kernels. The file is
rewritten only when its content changes. Any number of runs may write into
one package; a name the package's other files declare already (two schemas
naming a type alike) is an error naming both files, and -prefix P names
this schema's types P<Name> instead.

Flags:
`

// cmdGen implements "oagen gen".
func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	schema := fs.String("schema", "", "annotated JSON Schema `file` (required)")
	typ := fs.String("type", "", "Go `name` of the root type (required)")
	pkg := fs.String("pkg", "", "Go `package` name of the generated file (default: $GOPACKAGE, set by go generate)")
	out := fs.String("o", "", "output `file` (default: <lower-case type>_oa.go; - for stdout)")
	typed := fs.Bool("typed", false, "write the typed scorer only: no JSON entry points, no interpreter")
	prefix := fs.String("prefix", "", "put `P` before the names the schema's types take from $defs keys and titles")
	setUsage(fs, genUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return usagef("unexpected arguments %q", args)
	}
	if *schema == "" || *typ == "" {
		return usagef("-schema and -type are required")
	}
	if *pkg == "" {
		*pkg = os.Getenv("GOPACKAGE")
		if *pkg == "" {
			return usagef("-pkg is required outside go generate")
		}
	}
	if *out == "" {
		*out = lowerASCII(*typ) + "_oa.go"
	}
	data, err := os.ReadFile(*schema)
	if err != nil {
		return err
	}
	var declared map[string]string
	if *out != "-" {
		// The names the package's other files declare: a collision is
		// an error naming both files, not a package that does not build.
		if declared, err = gen.PackageDeclarations(filepath.Dir(*out), *pkg, filepath.Base(*out)); err != nil {
			return trimPkg(err, "gen")
		}
	}
	src, err := gen.Generate(gen.Options{
		TypeName:   *typ,
		Package:    *pkg,
		SchemaFile: filepath.Base(*schema),
		SchemaJSON: data,
		TypedOnly:  *typed,
		TypePrefix: *prefix,
		Declared:   declared,
	})
	if err != nil {
		return trimPkg(err, "gen")
	}
	if *out == "-" {
		_, err := stdout.Write(src)
		return err
	}
	if old, err := os.ReadFile(*out); err == nil && bytes.Equal(old, src) {
		return nil
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		return fmt.Errorf("writing the generated code: %w", err)
	}
	return nil
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i := range b {
		if b[i] >= 'A' && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}
