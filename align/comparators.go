package align

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/objectaligner/oagen/jsonval"
)

// Comparator registry of docs/SCORING.md §3.1 and §3.6.

// The registry names of docs/SCORING.md §3.6.
const (
	RegistryString  = "string"
	RegistryNumber  = "number"
	RegistryInteger = "integer"
)

// The names of the built-in string comparators.
const (
	StringExact              = "exact"
	StringJaro               = "jaro"
	StringJaroWinkler        = "jaro_winkler"
	StringLevenshtein        = "levenshtein"
	StringDamerauLevenshtein = "damerau_levenshtein"
	StringOSA                = "osa"
	StringIndel              = "indel"
	StringLCSSeq             = "lcsseq"
)

// Default comparator names (docs/SCORING.md §3.2, §3.3).
const (
	DefaultStringComparator = StringJaro
	DefaultNumberComparator = NumberInvDiff
)

// StringComparator scores a gold string against a candidate string. It must
// return a real number in [0, 1].
type StringComparator func(gold, pred string) float64

// ContextStringComparator is a StringComparator that also receives the
// position of the leaf (docs/SCORING.md §3.6). It must not modify ctx.
type ContextStringComparator func(ctx *Context, gold, pred string) float64

// NumberComparator scores a gold number against a candidate number (either
// lexical class). It must return a real number in [0, 1].
type NumberComparator func(gold, pred jsonval.Value) float64

// ContextNumberComparator is a NumberComparator that also receives the
// position of the leaf (docs/SCORING.md §3.6). It must not modify ctx.
type ContextNumberComparator func(ctx *Context, gold, pred jsonval.Value) float64

// Context is the read-only argument of context-aware comparators (docs/SCORING.md §3.6).
type Context struct {
	// GoldParent and PredParent are the object or array immediately
	// enclosing the gold and the candidate leaf (during bijection derivation,
	// the lists of all definer records of the scope on each side).
	GoldParent, PredParent jsonval.Value
	// GoldRoot and PredRoot are the two documents being scored.
	GoldRoot, PredRoot jsonval.Value
	// Path locates the leaf on the gold side; indices count from the start
	// of the full array, prefix items included.
	Path []PathStep
}

// PathStep is one step of a Context path: an object key or an array index.
type PathStep struct {
	Key     string
	Index   int
	IsIndex bool
}

// KeyStep returns the path step of object member key.
func KeyStep(key string) PathStep { return PathStep{Key: key} }

// IndexStep returns the path step of array element i.
func IndexStep(i int) PathStep { return PathStep{Index: i, IsIndex: true} }

// String returns the key, or the index in decimal.
func (s PathStep) String() string {
	if s.IsIndex {
		return strconv.Itoa(s.Index)
	}
	return s.Key
}

// CustomComparator is one user comparator registered on a scorer (docs/SCORING.md
// §3.6). Exactly one function must be set, of the family of Registry: String
// or ContextString for "string", Number or ContextNumber for "number" and
// "integer".
type CustomComparator struct {
	Registry string // "string", "number" or "integer"
	Name     string

	String        StringComparator
	ContextString ContextStringComparator
	Number        NumberComparator
	ContextNumber ContextNumberComparator
}

// StringFunc is a string comparator found in a Registry, built-in or custom.
// The zero StringFunc is not usable; get one from Registry.String.
type StringFunc struct {
	name    string
	builtin bool
	plain   StringComparator
	ctx     ContextStringComparator
}

// Name returns the comparator's registered name.
func (f StringFunc) Name() string { return f.name }

// Builtin reports whether f is one of docs/SCORING.md §3.2's comparators.
func (f StringFunc) Builtin() bool { return f.builtin }

// NeedsContext reports whether f is context-aware, i.e. whether Compare
// reads its ctx argument.
func (f StringFunc) NeedsContext() bool { return f.ctx != nil }

// Compare scores gold against pred and checks the result (CheckResult). ctx
// is passed to context-aware comparators and may be nil otherwise.
func (f StringFunc) Compare(ctx *Context, gold, pred string) (float64, error) {
	var x float64
	if f.ctx != nil {
		x = f.ctx(ctx, gold, pred)
	} else {
		x = f.plain(gold, pred)
	}
	if err := CheckResult(x); err != nil {
		return 0, fmt.Errorf("string comparator %q: %w", f.name, err)
	}
	return x, nil
}

// NumberFunc is a number comparator found in a Registry, built-in or custom.
// The zero NumberFunc is not usable; get one from Registry.Number.
type NumberFunc struct {
	name    string
	builtin bool
	plain   NumberComparator
	ctx     ContextNumberComparator
}

// Name returns the comparator's registered name.
func (f NumberFunc) Name() string { return f.name }

// Builtin reports whether f is one of docs/SCORING.md §3.3's comparators.
func (f NumberFunc) Builtin() bool { return f.builtin }

// NeedsContext reports whether f is context-aware, i.e. whether Compare
// reads its ctx argument.
func (f NumberFunc) NeedsContext() bool { return f.ctx != nil }

// Compare scores gold against pred and checks the result (CheckResult). ctx
// is passed to context-aware comparators and may be nil otherwise. Built-ins
// fail on non-number operands (ErrNotNumber) and on integers too large for
// float64 meeting a float.
func (f NumberFunc) Compare(ctx *Context, gold, pred jsonval.Value) (float64, error) {
	var x float64
	switch {
	case f.builtin:
		var err error
		if x, err = CompareNumbers(f.name, gold, pred); err != nil {
			return 0, err
		}
	case f.ctx != nil:
		x = f.ctx(ctx, gold, pred)
	default:
		x = f.plain(gold, pred)
	}
	if err := CheckResult(x); err != nil {
		return 0, fmt.Errorf("number comparator %q: %w", f.name, err)
	}
	return x, nil
}

// Registry resolves comparator names (docs/SCORING.md §3.6). It is immutable once built
// and safe for concurrent use. A nil *Registry holds the built-ins only.
type Registry struct {
	str     map[string]StringFunc
	number  map[string]NumberFunc
	integer map[string]NumberFunc // custom integer entries only
}

// NewRegistry returns the registry of the built-in comparators plus custom.
// It fails on an unknown registry name, an empty name, a name equal to a
// built-in of the same registry, a name registered twice in one registry,
// and an entry that does not set exactly one function of its registry's
// family.
func NewRegistry(custom ...CustomComparator) (*Registry, error) {
	r := &Registry{}
	for i, c := range custom {
		if err := r.add(c); err != nil {
			return nil, fmt.Errorf("custom comparator %d (%q in registry %q): %w", i, c.Name, c.Registry, err)
		}
	}
	return r, nil
}

func (r *Registry) add(c CustomComparator) error {
	if c.Name == "" {
		return errors.New("empty name")
	}
	switch c.Registry {
	case RegistryString:
		if c.Number != nil || c.ContextNumber != nil {
			return errors.New("a string comparator cannot set Number or ContextNumber")
		}
		if (c.String == nil) == (c.ContextString == nil) {
			return errors.New("exactly one of String and ContextString must be set")
		}
		if isBuiltinString(c.Name) {
			return errors.New("name of a built-in string comparator")
		}
		if _, dup := r.str[c.Name]; dup {
			return errors.New("registered twice")
		}
		if r.str == nil {
			r.str = make(map[string]StringFunc)
		}
		r.str[c.Name] = StringFunc{name: c.Name, plain: c.String, ctx: c.ContextString}
	case RegistryNumber, RegistryInteger:
		if c.String != nil || c.ContextString != nil {
			return errors.New("a number comparator cannot set String or ContextString")
		}
		if (c.Number == nil) == (c.ContextNumber == nil) {
			return errors.New("exactly one of Number and ContextNumber must be set")
		}
		if isBuiltinNumber(c.Name) {
			return fmt.Errorf("name of a built-in %s comparator", c.Registry)
		}
		m := &r.number
		if c.Registry == RegistryInteger {
			m = &r.integer
		}
		if _, dup := (*m)[c.Name]; dup {
			return errors.New("registered twice")
		}
		if *m == nil {
			*m = make(map[string]NumberFunc)
		}
		(*m)[c.Name] = NumberFunc{name: c.Name, plain: c.Number, ctx: c.ContextNumber}
	default:
		return errors.New("unknown registry (want \"string\", \"number\" or \"integer\")")
	}
	return nil
}

// String returns the string comparator called name.
func (r *Registry) String(name string) (StringFunc, bool) {
	if f, ok := builtinString(name); ok {
		return StringFunc{name: name, builtin: true, plain: f}, true
	}
	if r == nil {
		return StringFunc{}, false
	}
	f, ok := r.str[name]
	return f, ok
}

// Number returns the number comparator called name from the "integer"
// registry when integerRegistry is set (built-ins, then custom "number"
// entries, overridden by custom "integer" entries), else from the "number"
// registry (built-ins and custom "number" entries).
func (r *Registry) Number(name string, integerRegistry bool) (NumberFunc, bool) {
	if isBuiltinNumber(name) {
		return NumberFunc{name: name, builtin: true}, true
	}
	if r == nil {
		return NumberFunc{}, false
	}
	if integerRegistry {
		if f, ok := r.integer[name]; ok {
			return f, true
		}
	}
	f, ok := r.number[name]
	return f, ok
}

// CostClass is how the work of a built-in comparator grows with its
// operands, in the units of Limits.MaxWork (docs/RELIABILITY.md).
type CostClass uint8

// The cost classes.
const (
	// CostConstant: nothing beyond reading the operands (exact).
	CostConstant CostClass = iota
	// CostBitParallel: |a|·|b| cells computed 64 to a machine word.
	CostBitParallel
	// CostQuadratic: an |a|×|b| table, cell by cell; a quadratic
	// comparator also bounds the typed path of generated code
	// (genrt.WithinLimits).
	CostQuadratic
	// CostArithmetic: a few operations on two numbers.
	CostArithmetic
)

// BuiltinComparator is one row of the table of built-in comparators
// (docs/SCORING.md §3.2, §3.3), from which every list of them derives: the
// registry (here), the schema compiler's check of "score" (package ir), the
// interpreter's work charge (package interp), the generated code (package
// gen) and, checked by a test, the documentation's tables. A new string
// comparator is its kernel, its row and its line in docs/SCORING.md §3.2.
type BuiltinComparator struct {
	// Name is the "score" value; Registry is RegistryString or
	// RegistryNumber (number comparators serve "integer" too).
	Name, Registry string
	// String is the kernel of a string comparator (nil for numbers, which
	// CompareNumbers computes).
	String StringComparator
	// Symbol is what generated code calls: align.<Symbol> for a string
	// comparator; align.<Symbol>Int and genrt.<Symbol> for a number one.
	Symbol string
	// Cost is the comparator's cost class.
	Cost CostClass
}

// Quadratic reports whether the comparator's work is |a|·|b| cell by cell.
func (c BuiltinComparator) Quadratic() bool { return c.Cost == CostQuadratic }

// builtinComparators is the table, in the order error messages list the
// names.
var builtinComparators = [...]BuiltinComparator{
	{Name: StringExact, Registry: RegistryString, String: ExactString, Symbol: "ExactString", Cost: CostConstant},
	{Name: StringJaro, Registry: RegistryString, String: Jaro, Symbol: "Jaro", Cost: CostBitParallel},
	{Name: StringJaroWinkler, Registry: RegistryString, String: JaroWinkler, Symbol: "JaroWinkler", Cost: CostBitParallel},
	{Name: StringLevenshtein, Registry: RegistryString, String: Levenshtein, Symbol: "Levenshtein", Cost: CostBitParallel},
	{Name: StringDamerauLevenshtein, Registry: RegistryString, String: DamerauLevenshtein, Symbol: "DamerauLevenshtein", Cost: CostQuadratic},
	{Name: StringOSA, Registry: RegistryString, String: OSA, Symbol: "OSA", Cost: CostBitParallel},
	{Name: StringIndel, Registry: RegistryString, String: Indel, Symbol: "Indel", Cost: CostBitParallel},
	{Name: StringLCSSeq, Registry: RegistryString, String: LCSSeq, Symbol: "LCSSeq", Cost: CostBitParallel},
	{Name: NumberExact, Registry: RegistryNumber, Symbol: "ExactNumber", Cost: CostArithmetic},
	{Name: NumberInvDiff, Registry: RegistryNumber, Symbol: "InvDiff", Cost: CostArithmetic},
	{Name: NumberRelative, Registry: RegistryNumber, Symbol: "Relative", Cost: CostArithmetic},
}

// BuiltinComparators returns the table of built-in comparators (a copy).
func BuiltinComparators() []BuiltinComparator { return slices.Clone(builtinComparators[:]) }

// Builtin returns the built-in comparator called name in a registry
// ("string", "number" or "integer").
func Builtin(registry, name string) (BuiltinComparator, bool) {
	if registry == RegistryInteger {
		registry = RegistryNumber
	}
	// By index: copying each entry to compare its name cost more than the
	// comparison (this runs for every string cell the interpreter scores).
	for i := range builtinComparators {
		if c := &builtinComparators[i]; c.Name == name && c.Registry == registry {
			return *c, true
		}
	}
	return BuiltinComparator{}, false
}

// builtinString returns the built-in string comparator called name.
func builtinString(name string) (StringComparator, bool) {
	c, ok := Builtin(RegistryString, name)
	return c.String, ok
}

func isBuiltinString(name string) bool {
	_, ok := Builtin(RegistryString, name)
	return ok
}

func isBuiltinNumber(name string) bool {
	_, ok := Builtin(RegistryNumber, name)
	return ok
}

// CheckResult checks that a comparator result is a real number in [0, 1]
// (docs/SCORING.md §3.1, §3.6): NaN and out-of-range values are errors, never clamped.
func CheckResult(x float64) error {
	if math.IsNaN(x) || x < 0 || x > 1 {
		return fmt.Errorf("result %v is not a real number in [0, 1]", x)
	}
	return nil
}

// ApplyThreshold applies a node's threshold (docs/SCORING.md §3.5): values strictly
// below it become 0.0, a value equal to it is kept.
func ApplyThreshold(x, threshold float64) float64 {
	if x < threshold {
		return 0.0
	}
	return x
}
