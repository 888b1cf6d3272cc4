package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

// argKind is what an argument of "oagen check" names.
type argKind int

const (
	argSchema   argKind = iota // a schema file, or "-"
	argPackages                // Go packages: a directory, a pattern, an import path
	argGoFile                  // a .go file (refused: check takes packages)
	argMissing                 // a path to nothing: neither file, directory nor import path
)

// checkArgKind tells what arg names: a file that exists is a schema file
// (unless it is a .go file), a directory or a pattern ending in "/..." is
// Go packages, and a name that is neither is an import path when it looks
// like one (not a .json or .go name, not a relative or absolute path),
// else a missing file.
func checkArgKind(arg string) argKind {
	if arg == "-" {
		return argSchema
	}
	if strings.HasSuffix(arg, ".go") {
		return argGoFile
	}
	if arg == "." || arg == ".." || arg == "..." || strings.HasSuffix(arg, "/...") {
		return argPackages
	}
	if fi, err := os.Stat(arg); err == nil {
		if fi.IsDir() {
			return argPackages
		}
		return argSchema
	}
	if strings.HasSuffix(arg, ".json") || filepath.IsAbs(arg) || isRelative(arg) {
		return argMissing
	}
	return argPackages // an import path
}

// isRelative reports whether arg is a relative path in the go command's
// sense: "." or ".." or starting with "./" or "../".
func isRelative(arg string) bool {
	slash := filepath.ToSlash(arg)
	return slash == "." || slash == ".." || strings.HasPrefix(slash, "./") || strings.HasPrefix(slash, "../")
}

// packageArg is the package pattern arg as the go command reads it: a
// directory (or a directory with "/...") written without "./" gets one,
// since the go command would read it as an import path.
func packageArg(arg string) string {
	if filepath.IsAbs(arg) || isRelative(arg) {
		return arg
	}
	dir := strings.TrimSuffix(filepath.ToSlash(arg), "/...")
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return "./" + filepath.ToSlash(arg)
	}
	return arg
}

// goFilePackage is the package argument for the Go file name: its
// directory, written as the go command wants a relative one.
func goFilePackage(name string) string {
	dir := filepath.Dir(name)
	if filepath.IsAbs(dir) || isRelative(dir) {
		return dir
	}
	return "." + string(filepath.Separator) + dir
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
