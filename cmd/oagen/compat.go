package main

import (
	"flag"

	"github.com/objectaligner/oagen/interp"
)

// compatUsage is the -h text of -compat.
const compatUsage = "scoring `profile`: default (scores follow the JSON data: numbers by value, object members unordered; " +
	"feedback shows JSON) or reference (the Python reference implementation, bit for bit); see docs/PROFILES.md"

// addCompatFlag defines -compat on fs, the scoring profile of every command
// that scores; the parsed profile goes to *dst (interp.CompatDefault unless
// the flag is given). A value other than default or reference is a usage
// error.
func addCompatFlag(fs *flag.FlagSet, dst *interp.Compat) {
	fs.Var((*compatValue)(dst), "compat", compatUsage)
}

// compatValue is an interp.Compat as a flag.Value.
type compatValue interp.Compat

// String returns the profile's name as written on the command line.
func (c *compatValue) String() string {
	if c == nil || interp.Compat(*c) == interp.CompatDefault {
		return "default"
	}
	return string(*c)
}

// Set parses a profile name.
func (c *compatValue) Set(s string) error {
	p, err := interp.ParseCompat(s)
	if err != nil {
		return err
	}
	*c = compatValue(p)
	return nil
}
