package main

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/objectaligner/oagen/internal/suggest"
	"github.com/objectaligner/oagen/request"
)

// helpWidth is the widest line of every help text, in code points: the
// texts are written to fit it and the flag lists are wrapped to it.
const helpWidth = 80

// flagIndent indents the usage text of a flag under its name.
const flagIndent = "        "

// setUsage makes text, then fs's flags wrapped to helpWidth, the help of fs
// (printed on -h, and by "oagen help <command>").
func setUsage(fs *flag.FlagSet, text string) {
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprint(w, text)
		printFlags(w, fs)
	}
}

// printFlags prints the flags of fs as flag.PrintDefaults does (name, the
// back-quoted argument name, usage, a default that is not the zero value),
// each usage on the lines under its name, wrapped to helpWidth.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if arg != "" {
			head += " " + arg
		}
		if !isZeroValue(f) {
			switch {
			case f.DefValue == cpusDefault:
				usage += " (default: " + cpusDefault + ")"
			case reflect.TypeOf(f.Value).String() == "*flag.stringValue":
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			default:
				usage += fmt.Sprintf(" (default %v)", f.DefValue)
			}
		}
		fmt.Fprintln(w, head)
		for _, para := range strings.Split(usage, "\n") {
			for _, line := range wrap(para, helpWidth-len(flagIndent)) {
				fmt.Fprintln(w, flagIndent+line)
			}
		}
	})
}

// cpusDefault is the help's name of the default runtime.NumCPU(), so that
// the help is the same on every machine.
const cpusDefault = "the number of CPUs"

// defaultCPUs names the default of fs's flag name, runtime.NumCPU(), as
// cpusDefault in the help.
func defaultCPUs(fs *flag.FlagSet, name string) {
	fs.Lookup(name).DefValue = cpusDefault
}

// isZeroValue reports whether f's default is the zero value of its type, as
// the flag package decides it for PrintDefaults.
func isZeroValue(f *flag.Flag) bool {
	typ := reflect.TypeOf(f.Value)
	var z reflect.Value
	if typ.Kind() == reflect.Pointer {
		z = reflect.New(typ.Elem())
	} else {
		z = reflect.Zero(typ)
	}
	v, ok := z.Interface().(flag.Value)
	if !ok {
		return false
	}
	return f.DefValue == v.String()
}

// wrap breaks text into lines of at most width code points at spaces; a
// word longer than width gets a line of its own.
func wrap(text string, width int) []string {
	var lines []string
	var cur strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		wn := utf8.RuneCountInString(word)
		if n > 0 && n+1+wn > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(word)
		n += wn
	}
	if n > 0 || len(lines) == 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// aliases are words a newcomer may type for a command, each with the
// commands it may mean, nearest first.
var aliases = map[string][]string{
	"evaluate":   {"eval"},
	"evaluation": {"eval"},
	"benchmark":  {"eval"},
	"diff":       {"score", "describe"},
	"compare":    {"score", "describe"},
	"validate":   {"check"},
	"lint":       {"check"},
	"vet":        {"check"},
	"fix":        {"repair"},
	"patch":      {"repair"},
	"generate":   {"gen"},
	"codegen":    {"gen"},
	"export":     {"schema"},
	"server":     {"serve"},
	"daemon":     {"serve"},
}

// lookupCommand returns the command named name, or nil.
func lookupCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// suggestCommands returns the commands an unknown command name may mean,
// nearest first: an alias's commands (see aliases), else the commands name
// is a prefix of, else the closest name by edit distance (package suggest).
// Aliases of commands that do not exist are skipped, so that a command
// added later (say "explain") is found under its own name.
func suggestCommands(name string) []*command {
	if lookupCommand(name) != nil {
		return nil
	}
	lname := strings.ToLower(name)
	var out []*command
	for _, a := range aliases[lname] {
		if c := lookupCommand(a); c != nil {
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		return out
	}
	if lname != "" {
		for i := range commands {
			if strings.HasPrefix(commands[i].name, lname) {
				out = append(out, &commands[i])
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	if c := lookupCommand(suggest.Closest(name, names)); c != nil {
		return []*command{c}
	}
	return nil
}

// unknownCommand is the message for an unknown command name: the
// suggestions of suggestCommands with what each does.
func unknownCommand(name string) string {
	msg := fmt.Sprintf("oagen: unknown command %q", name)
	cs := suggestCommands(name)
	if len(cs) == 0 {
		return msg + "\n"
	}
	msg += "; did you mean "
	for i, c := range cs {
		switch {
		case i == 0:
		case i == len(cs)-1:
			msg += " or "
		default:
			msg += ", "
		}
		msg += fmt.Sprintf("%q (%s)", c.name, c.summary)
	}
	return msg + "?\n"
}

// runHelp implements "oagen help [command]": the top-level help, or the
// help of one command, which is what "oagen <command> -h" prints (on the
// same stream, with the same exit status).
func runHelp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		fmt.Fprint(stdout, topUsage)
		return exitOK
	case 1:
	default:
		fmt.Fprintf(stderr, "oagen help: want one command, got %d arguments\n", len(args))
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, topUsage)
		return exitOK
	}
	if c := lookupCommand(args[0]); c != nil {
		return run([]string{c.name, "-h"}, stdin, stdout, stderr)
	}
	fmt.Fprint(stderr, unknownCommand(args[0]))
	fmt.Fprintln(stderr, `Run "oagen help" for the commands.`)
	return exitUsage
}

// withOptions returns text with its line "{{options}}" replaced by the
// list of the request options a batch line's "options" may set, wrapped
// to helpWidth.
func withOptions(text string) string {
	var b strings.Builder
	b.WriteString("A line's \"options\" may set these (with the values of the flags of like\n")
	b.WriteString("names: \"wl_rounds\" as -wl-rounds; the -max-* limits are not options):\n")
	for _, line := range wrap(strings.Join(request.OptionNames(), ", "), helpWidth-2) {
		b.WriteString("  " + line + "\n")
	}
	return strings.Replace(text, "{{options}}\n", b.String(), 1)
}
