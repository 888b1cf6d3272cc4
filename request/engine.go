package request

import (
	"container/list"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
)

// ErrNoSchema is the error (inside an *Error of kind BadSchema) of a request
// that has no "schema" member when the engine has no default schema.
var ErrNoSchema = errors.New(`no "schema" in the request and no default schema`)

// DefaultCacheSize is the number of compiled scorers an Engine keeps when
// EngineConfig.CacheSize is 0.
const DefaultCacheSize = 256

// EngineConfig configures an Engine.
type EngineConfig struct {
	// Base are the settings of a request that sets no options.
	Base Settings
	// Schema is the default schema, used by requests without a "schema"
	// member (nil: such requests are an error); SchemaFile names it in
	// error messages.
	Schema     []byte
	SchemaFile string
	// Resolve returns the schema a request names with a string "schema"
	// member, and the file name its errors should carry. nil: names are an
	// error. Its result is remembered per name, as long as the name stays
	// in the engine's cache.
	Resolve func(name string) (schema []byte, file string, err error)
	// CacheSize bounds the compiled scorers kept (least recently used ones
	// are dropped); 0 means DefaultCacheSize.
	CacheSize int
	// RedactNamed elides the quoted text of the compile errors of schemas
	// resolved by name (RedactSchemaError): for schema files named by
	// dataset lines, whose errors must not quote the files.
	RedactNamed bool
	// Compiled, when set, is called once for each schema compiled without
	// error, with its file name (for its warnings, Scorer.Schema().Warnings).
	// It may be called from several goroutines at once.
	Compiled func(file string, sc *interp.Scorer)
}

// Engine resolves requests to compiled scorers. It is safe for concurrent
// use. Compiled scorers are cached by the SHA-256 of the schema's JSON text
// and the scoring options: two requests with the same schema and options
// share one scorer, whichever way they named the schema. A compile error
// names the file the request named, never another file with the same
// content.
type Engine struct {
	cfg     EngineConfig
	baseKey string      // optionsKey(cfg.Base.Scoring)
	def     *schemaText // the default schema, or nil
	mu      sync.Mutex
	lru     *list.List // of *entry, most recently used first
	byKey   map[cacheKey]*list.Element
	names   map[string]*schemaText // resolved names (cleared when it outgrows the cache)
}

// schemaText is a schema's JSON text with its digest and file name.
type schemaText struct {
	data  []byte
	sum   [sha256.Size]byte
	file  string
	named bool // resolved by name (EngineConfig.Resolve)
}

type cacheKey struct {
	sum  [sha256.Size]byte
	opts string
}

// entry is one compiled scorer (or its compile error), built once, from
// the schema text of file.
type entry struct {
	key   cacheKey
	file  string
	named bool
	once  sync.Once
	sc    *interp.Scorer
	err   error
	// others are the compile errors of the same content under other file
	// names (guarded by Engine.mu).
	others map[string]error
}

// NewEngine returns an engine. It compiles the default schema, if any, with
// the base settings, so that a bad default schema is reported once, here.
func NewEngine(cfg EngineConfig) (*Engine, error) {
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = DefaultCacheSize
	}
	cfg.Base = cfg.Base.Complete()
	e := &Engine{cfg: cfg, baseKey: optionsKey(cfg.Base.Scoring),
		lru: list.New(), byKey: map[cacheKey]*list.Element{}, names: map[string]*schemaText{}}
	if cfg.Schema != nil {
		e.def = newSchemaText(cfg.Schema, cfg.SchemaFile)
		if _, err := e.scorer(e.def, cfg.Base.Scoring, e.baseKey); err != nil {
			return nil, err
		}
	}
	return e, nil
}

func newSchemaText(data []byte, file string) *schemaText {
	return &schemaText{data: data, sum: sha256.Sum256(data), file: file}
}

// Len returns the number of compiled scorers (and compile errors) in the
// cache.
func (e *Engine) Len() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.lru.Len()
}

// Base returns the engine's base settings.
func (e *Engine) Base() Settings { return e.cfg.Base }

// Prepare returns the scorer and the settings of a request: the request's
// schema (or the default one) compiled with the base settings overlaid by
// the request's options. Errors are *Error values of kind BadSchema.
func (e *Engine) Prepare(r *Request) (*interp.Scorer, Settings, error) {
	s, key := e.cfg.Base, e.baseKey
	if r.Feedback != nil || r.TopK != nil || r.Options != (Options{}) {
		s = r.Apply(s)
		key = optionsKey(s.Scoring)
	}
	var st *schemaText
	switch {
	case r.Schema.HasInline:
		st = newSchemaText(jsonval.AppendJSON(nil, r.Schema.Inline), "")
	case r.Schema.Name != "":
		var err error
		if st, err = e.resolve(r.Schema.Name); err != nil {
			return nil, s, err
		}
	case e.def != nil:
		st = e.def
	default:
		return nil, s, &Error{Kind: BadSchema, Err: ErrNoSchema}
	}
	sc, err := e.scorer(st, s.Scoring, key)
	return sc, s, err
}

// resolve returns the schema a request names.
func (e *Engine) resolve(name string) (*schemaText, error) {
	if e.cfg.Resolve == nil {
		return nil, &Error{Kind: BadSchema, Pointer: "/schema", Err: fmt.Errorf("schema %q: schemas cannot be named here; give the schema inline", name)}
	}
	e.mu.Lock()
	st, ok := e.names[name]
	e.mu.Unlock()
	if ok {
		return st, nil
	}
	data, file, err := e.cfg.Resolve(name)
	if err != nil {
		return nil, &Error{Kind: BadSchema, Pointer: "/schema", Err: err}
	}
	st = newSchemaText(data, file)
	st.named = true
	e.mu.Lock()
	if len(e.names) >= e.cfg.CacheSize {
		clear(e.names)
	}
	e.names[name] = st
	e.mu.Unlock()
	return st, nil
}

// scorer returns the cached scorer of a schema under options (optsKey is
// their optionsKey), compiling it on first use. Concurrent first uses
// compile once. A compile error names the file of st: when the cached
// error was made for another file with the same content, the schema is
// compiled again for this one (errors of other files are kept per entry).
func (e *Engine) scorer(st *schemaText, opts interp.Options, optsKey string) (*interp.Scorer, error) {
	key := cacheKey{sum: st.sum, opts: optsKey}
	e.mu.Lock()
	el, ok := e.byKey[key]
	if ok {
		e.lru.MoveToFront(el)
	} else {
		el = e.lru.PushFront(&entry{key: key, file: st.file, named: st.named})
		e.byKey[key] = el
		if e.lru.Len() > e.cfg.CacheSize {
			last := e.lru.Back()
			e.lru.Remove(last)
			delete(e.byKey, last.Value.(*entry).key)
		}
	}
	en := el.Value.(*entry)
	e.mu.Unlock()
	en.once.Do(func() {
		en.sc, en.err = e.compile(st, opts)
		if en.err == nil && e.cfg.Compiled != nil {
			e.cfg.Compiled(st.file, en.sc)
		}
	})
	if en.err == nil || (en.file == st.file && en.named == st.named) {
		return en.sc, en.err
	}
	// The same content under another name: its own error, once.
	e.mu.Lock()
	err, ok := en.others[st.file]
	e.mu.Unlock()
	if !ok {
		_, err = e.compile(st, opts)
		e.mu.Lock()
		if en.others == nil || len(en.others) >= e.cfg.CacheSize {
			en.others = map[string]error{}
		}
		en.others[st.file] = err
		e.mu.Unlock()
	}
	return nil, err
}

// compile compiles a schema; its error is an *Error of kind BadSchema.
func (e *Engine) compile(st *schemaText, opts interp.Options) (*interp.Scorer, error) {
	sc, err := interp.Compile(st.data, st.file, opts)
	if err == nil {
		return sc, nil
	}
	if st.named && e.cfg.RedactNamed {
		err = RedactSchemaError(err)
	}
	re := &Error{Kind: BadSchema, Err: err}
	if st.file == "" {
		re.Pointer = "/schema"
	}
	return nil, re
}

// optionsKey renders every field of opts that selects a scorer, field by
// field: pointers by the value they point to (nil: the default), custom
// comparators by registry and name (their functions cannot be compared:
// one engine should see one set of comparators). TestOptionsKeyCoversOptions
// fails when interp.Options gains a field that the key does not render.
func optionsKey(opts interp.Options) string {
	rounds := "unlimited"
	if opts.WLRounds != nil {
		rounds = strconv.Itoa(*opts.WLRounds)
	}
	lambda := 0.5
	if opts.WLBlendLambda != nil {
		lambda = *opts.WLBlendLambda
	}
	names := make([]string, len(opts.Comparators))
	for i, c := range opts.Comparators {
		names[i] = c.Registry + "/" + c.Name
	}
	l := opts.Limits
	validation := opts.Validation
	if validation == "" {
		validation = interp.ValidationGate
	}
	return fmt.Sprintf("comparators=%q disambiguation=%q integration=%q rounds=%s lambda=%s warn=%t confidence=%t method=%q temperature=%s feedback=%q validation=%q limits=%d/%d/%d/%d compat=%q",
		names, opts.IDDisambiguation, opts.WLIntegration, rounds, strconv.FormatFloat(lambda, 'g', -1, 64),
		opts.WarnOnAmbiguousMapping, opts.ComputeConfidence, opts.ConfidenceMethod,
		strconv.FormatFloat(opts.ConfidenceTemperature, 'g', -1, 64), opts.ReferentialFeedback, validation,
		l.MaxDepth, l.MaxCollection, l.MaxStringRunes, l.MaxWork, opts.Compat)
}

// Score scores a prepared request (sc and s from Engine.Prepare) for its
// response (AppendResult): through interp.Scorer.AlignContext when s needs
// the match tree (Settings.NeedsMatch), else through the score-only path
// interp.Scorer.ScoreResult, which gives the same response at the cost of
// the score alone.
func Score(ctx context.Context, sc *interp.Scorer, r *Request, s Settings) (*interp.Result, error) {
	if s.NeedsMatch() {
		return sc.AlignContext(ctx, r.Gold, r.Candidate)
	}
	return sc.ScoreResult(ctx, r.Gold, r.Candidate)
}
