package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/objectaligner/oagen/gen"
	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

// cmdGenAny routes "oagen gen": with -schema to the JSON Schema source
// (cmdGen), otherwise to the Go struct source (cmdGenStruct). -h without
// -schema prints the help of both.
func cmdGenAny(args []string, stdout, stderr io.Writer) error {
	help := false
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-schema" || a == "--schema" || strings.HasPrefix(a, "-schema=") || strings.HasPrefix(a, "--schema=") {
			return cmdGen(args, stdout, stderr)
		}
		help = help || a == "-h" || a == "-help" || a == "--help"
	}
	if help {
		cmdGen([]string{"-h"}, stdout, stderr)
		fmt.Fprintln(stderr)
	}
	return cmdGenStruct(args, stdout, stderr)
}

const genStructUsage = `Usage (Go struct source, run by go generate inside a package):
  oagen gen -type Name[,Name…] [-o file] [-typed] [PACKAGE]

Reads the oa struct tags of the named struct types, checks them (every
annotation error is printed as file:line:col: message, exit status 1) and
writes the scorer of the existing types (ScoreName, RepairName,
CheckNameGold, ValidateName and, unless -typed, the JSON entry points
ScoreNameJSON, ScoreNameJSONDetail, RepairNameJSON) into one file beside
them (default: <lower-case first type>_oa.go in the package directory). The
file is rewritten only when its content changes. When the package does not
compile because of an oagen output (one left by an older oagen), that
output is ignored while loading, so it can be regenerated.

Flags:
`

// cmdGenStruct implements "oagen gen -type X" without -schema: the struct
// source. It loads the package, compiles every named type's annotations
// (package structtag), describes the Go types (structtag.GoShapes) and
// writes the scorers with gen.GenerateTypes.
func cmdGenStruct(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	typ := fs.String("type", "", "Go `names` of the struct types, comma-separated (required)")
	out := fs.String("o", "", "output `file` (default: <lower-case first type>_oa.go in the package directory; - for stdout)")
	typed := fs.Bool("typed", false, "write the typed scorer only: no JSON entry points, no interpreter")
	setUsage(fs, genStructUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *typ == "" {
		return usagef("-type is required (and -schema for a JSON Schema source)")
	}
	pattern := "."
	if len(args) == 1 {
		pattern = args[0]
	} else if len(args) > 1 {
		return usagef("want at most one package, got %q", args)
	}
	pkg, err := loadOne(pattern)
	if err != nil {
		return err
	}
	names := strings.Split(*typ, ",")
	var failed []string
	var roots []gen.TypeRoot
	wd, _ := os.Getwd()
	for _, name := range names {
		name = strings.TrimSpace(name)
		if err := reportCompile(pkg, name, stdout); err != nil {
			failed = append(failed, err.Error())
			continue
		}
		s, err := pkg.Compile(name, ir.Options{})
		if err != nil {
			return trimPkg(err, "structtag")
		}
		shapes, err := pkg.GoShapes(s)
		var list structtag.ErrorList
		if errors.As(err, &list) {
			for _, d := range structtag.Relative(list, wd) {
				fmt.Fprintln(stdout, d)
			}
			failed = append(failed, fmt.Sprintf("%s.%s: %s oagen gen cannot score in place", pkg.Path, name, plural(len(list), "type", "types")))
			continue
		} else if err != nil {
			return trimPkg(err, "structtag")
		}
		roots = append(roots, gen.TypeRoot{Name: name, Schema: s.IR, Shapes: shapes})
	}
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	if *out == "" {
		*out = filepath.Join(pkg.Dir, lowerASCII(strings.TrimSpace(names[0]))+"_oa.go")
	}
	var declared map[string]string
	if *out != "-" {
		// The names the package's other files declare: a collision is
		// an error naming both files, not a package that does not build.
		if declared, err = gen.PackageDeclarations(filepath.Dir(*out), pkg.Name, filepath.Base(*out)); err != nil {
			return trimPkg(err, "gen")
		}
	}
	src, err := gen.GenerateTypes(gen.TypesOptions{Package: pkg.Name, Roots: roots, TypedOnly: *typed, Declared: declared})
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
