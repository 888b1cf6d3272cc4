package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

const versionUsage = `Usage:
  oagen version
  oagen -version

Prints the module version of this oagen and, when it was built from a
version control checkout, the revision, its time and whether the checkout
had uncommitted changes, then the Go version and platform it was built with.
`

// cmdVersion implements "oagen version".
func cmdVersion(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	setUsage(fs, versionUsage)
	positional, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(positional) > 0 {
		return usagef("unexpected arguments %q", positional)
	}
	bi, _ := debug.ReadBuildInfo()
	_, err = fmt.Fprintln(stdout, versionLine(bi))
	return err
}

// versionLine renders the build information of the binary, e.g.
// "oagen v1.2.0 (revision 5fa81c9ab2c3, 2026-12-01T13:36:27Z) go1.26.0 linux/amd64".
// bi is nil when the binary carries none.
func versionLine(bi *debug.BuildInfo) string {
	if bi == nil {
		return "oagen (unknown version: no build information)"
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	setting := map[string]string{}
	for _, s := range bi.Settings {
		setting[s.Key] = s.Value
	}
	var vcs []string
	if rev := setting["vcs.revision"]; rev != "" {
		vcs = append(vcs, "revision "+rev[:min(len(rev), 12)])
	}
	if t := setting["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if setting["vcs.modified"] == "true" {
		vcs = append(vcs, "modified")
	}
	line := "oagen " + version
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	if bi.GoVersion != "" {
		line += " " + bi.GoVersion
	}
	if goos, goarch := setting["GOOS"], setting["GOARCH"]; goos != "" && goarch != "" {
		line += " " + goos + "/" + goarch
	}
	return line
}
