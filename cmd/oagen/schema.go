package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/objectaligner/oagen/ir"
	"github.com/objectaligner/oagen/structtag"
)

const schemaUsage = `Usage:
  oagen schema -type Name [-no-oa] [-closed] [-o FILE] [PACKAGE]

Prints the annotated JSON Schema of the Go struct type Name of PACKAGE
(default: the package in the current directory), as
github.com/invopop/jsonschema's Reflector writes it plus the Object Aligner
keywords of the oa struct tags. -no-oa leaves those keywords out: the plain
schema to hand to a language model. The annotations are checked first;
errors are printed as file:line:col: message (exit status 1).

The schema is reflected from the compiled type, so the command builds and
runs a small program in the package's module (which must require
github.com/objectaligner/oagen, as "go get -tool" does).

Flags:
`

// cmdSchema implements "oagen schema".
func cmdSchema(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("schema", flag.ContinueOnError)
	fs.SetOutput(stderr)
	typ := fs.String("type", "", "Go `name` of the struct type (required)")
	noOA := fs.Bool("no-oa", false, "leave the Object Aligner keywords out")
	closed := fs.Bool("closed", false, "\"additionalProperties\": false on every object")
	out := fs.String("o", "", "output `file` (default: standard output); rewritten only when it changes")
	setUsage(fs, schemaUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *typ == "" {
		return usagef("-type is required")
	}
	if len(args) > 1 {
		return usagef("want at most one package, got %q", args)
	}
	pattern := "."
	if len(args) == 1 {
		pattern = args[0]
	}
	pkg, err := loadOne(pattern)
	if err != nil {
		return err
	}
	if err := reportCompile(pkg, *typ, stdout); err != nil {
		return err
	}
	data, err := exportSchema(pkg, *typ, structtag.ExportOptions{NoOA: *noOA, Closed: *closed})
	if err != nil {
		return err
	}
	return writeOutput(*out, data, stdout)
}

// loadOne loads the single package matching pattern (a directory may be
// named without "./", see packageArg).
func loadOne(pattern string) (*structtag.Package, error) {
	if strings.HasSuffix(pattern, ".go") {
		return nil, usagef("%s is a Go file: name its package (%s)", pattern, goFilePackage(pattern))
	}
	pkgs, err := structtag.Load(structtag.LoadOptions{}, packageArg(pattern))
	if err != nil {
		return nil, trimPkg(err, "structtag")
	}
	if len(pkgs) != 1 {
		return nil, usagef("%s matches %d packages; name one", pattern, len(pkgs))
	}
	return pkgs[0], nil
}

// reportCompile compiles type typ of pkg and prints every annotation error
// (file:line:col: message, relative to the current directory).
func reportCompile(pkg *structtag.Package, typ string, stdout io.Writer) error {
	_, err := pkg.Compile(typ, ir.Options{})
	var list structtag.ErrorList
	if errors.As(err, &list) {
		wd, _ := os.Getwd()
		for _, d := range structtag.Relative(list, wd) {
			fmt.Fprintln(stdout, d)
		}
		return fmt.Errorf("%s.%s: %s", pkg.Path, typ, plural(len(list), "annotation error", "annotation errors"))
	}
	return trimPkg(err, "structtag")
}

// exportSchema runs structtag.ExportJSON on the compiled type: it writes a
// program importing the package to a temporary directory and runs it with
// "go run" in the package's directory (so in its module). The files Load
// hid (pkg.HiddenFiles: stale oagen outputs that no longer compile) are
// hidden from that build too, with an -overlay file deleting them.
func exportSchema(pkg *structtag.Package, typ string, opts structtag.ExportOptions) ([]byte, error) {
	dir, err := os.MkdirTemp("", "oagen-schema-")
	if err != nil {
		return nil, fmt.Errorf("creating a temporary directory: %w", err)
	}
	defer os.RemoveAll(dir)
	prog := fmt.Sprintf(`package main

import (
	"fmt"
	"os"

	target %q
	"github.com/objectaligner/oagen/structtag"
)

func main() {
	data, err := structtag.ExportJSON(target.%s{}, structtag.ExportOptions{NoOA: %t, Closed: %t})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout.Write(data)
}
`, pkg.Path, typ, opts.NoOA, opts.Closed)
	file := filepath.Join(dir, "main.go")
	if err := os.WriteFile(file, []byte(prog), 0o644); err != nil {
		return nil, fmt.Errorf("writing the exporter program: %w", err)
	}
	goArgs := []string{"run"}
	if hidden := pkg.HiddenFiles(); len(hidden) > 0 {
		overlay := filepath.Join(dir, "overlay.json")
		if err := writeGoOverlay(overlay, hidden); err != nil {
			return nil, err
		}
		goArgs = append(goArgs, "-overlay", overlay)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("go", append(goArgs, file)...)
	cmd.Dir = pkg.Dir
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("running the exporter for %s.%s: %v\n%s", pkg.Path, typ, err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// writeGoOverlay writes the go command's -overlay file that deletes files
// (absolute paths) from the build.
func writeGoOverlay(name string, files []string) error {
	replace := map[string]string{}
	for _, f := range files {
		replace[f] = "" // an empty replacement deletes the file
	}
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return fmt.Errorf("encoding the build overlay: %w", err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return fmt.Errorf("writing the build overlay: %w", err)
	}
	return nil
}

// writeOutput writes data to file (stdout when file is "" or "-"), leaving
// an identical file untouched.
func writeOutput(file string, data []byte, stdout io.Writer) error {
	if file == "" || file == "-" {
		_, err := stdout.Write(data)
		return err
	}
	if old, err := os.ReadFile(file); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", file, err)
	}
	return nil
}
