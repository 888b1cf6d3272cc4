package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

// isPackagePattern reports whether an "oagen check" argument names Go
// packages (./pkg, ./..., an import path, a directory) rather than a schema
// file.
func isPackagePattern(arg string) bool {
	if strings.HasSuffix(arg, ".json") {
		return false
	}
	if strings.HasSuffix(arg, "/...") || arg == "." || arg == "./..." {
		return true
	}
	fi, err := os.Stat(arg)
	return err == nil && fi.IsDir()
}

// checkPackages checks the struct-tag annotations of the Go packages
// matching pattern (package structtag): the oa tags of every struct field
// and the schema of every root type. It prints every error, then the
// warnings unless quiet, as file:line:col: message with file names relative
// to the current directory, and reports whether any error was found.
func checkPackages(pattern string, quiet bool, stdout io.Writer) (failed bool, err error) {
	pkgs, err := structtag.Load(structtag.LoadOptions{}, pattern)
	if err != nil {
		return false, trimPkg(err, "structtag")
	}
	wd, _ := os.Getwd()
	for _, p := range pkgs {
		errs, warns, err := p.Check(ir.Options{})
		if err != nil {
			return false, trimPkg(err, "structtag")
		}
		for _, d := range structtag.Relative(errs, wd) {
			fmt.Fprintln(stdout, d)
		}
		if !quiet {
			for _, w := range structtag.Relative(warns, wd) {
				fmt.Fprintf(stdout, "%s (warning)\n", w)
			}
		}
		failed = failed || len(errs) > 0
	}
	return failed, nil
}
