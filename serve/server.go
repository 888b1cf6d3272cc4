// Package serve is oagen's scoring server: a long-lived process that scores
// requests (package request) against compiled schemas kept in a bounded
// cache, either as JSON Lines over a pipe (ServeStdio, for a client library
// that multiplexes many calls over one process) or over HTTP (Handler,
// ListenAndServe).
//
// Every response to a scored request carries "objective_scores", the
// similarity of each top-level member of the gold root object
// (interp.Result.ObjectiveScores). A request that cannot be scored is an
// error response; it never stops the server. Work is bounded: at most
// Config.Jobs requests are scored at once, each for at most Config.Timeout,
// after which its scoring is stopped (interp.Scorer.AlignContext).
package serve

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/objectaligner/oagen/interp"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// Defaults of Config.
const (
	DefaultMaxBody = 64 << 20
	DefaultTimeout = 30 * time.Second
	DefaultQueue   = 64
)

// Config configures a Server.
type Config struct {
	// Schemas are the schemas requests may name, and the default schema.
	Schemas *Schemas
	// Base are the settings of a request that sets no options (its
	// Scoring.Limits bound every request).
	Base request.Settings
	// CacheSize bounds the compiled scorers kept (0: request.DefaultCacheSize).
	CacheSize int
	// Jobs is the number of requests scored at once (0: the number of CPUs).
	Jobs int
	// Queue is the number of HTTP requests that may wait for a worker;
	// beyond Jobs + Queue requests in progress, HTTP requests are refused
	// with 503 (0: DefaultQueue; negative: no waiting).
	Queue int
	// MaxBody bounds an HTTP request body and a stdio line, in bytes
	// (0: DefaultMaxBody).
	MaxBody int64
	// Timeout bounds the scoring of one request, or of one batch
	// (0: DefaultTimeout).
	Timeout time.Duration
	// Grace bounds the graceful shutdown of an HTTP server: the requests in
	// progress get this long to finish, after which the connections still
	// open are closed (0: Timeout + 5 s).
	Grace time.Duration
	// Logger receives the access log and warnings (nil: discarded).
	Logger *slog.Logger
}

// Server scores requests. It is safe for concurrent use.
type Server struct {
	cfg    Config
	engine *request.Engine
	dec    jsonval.DecodeOptions
	log    *slog.Logger
	// work holds one token per request being scored (capacity Jobs).
	work chan struct{}
	// admit holds one token per HTTP scoring request in progress,
	// waiting or scored (capacity Jobs + Queue).
	admit   chan struct{}
	metrics *metrics
	// decoders are the HTTP handlers' request decoders (*jsonval.Decoder),
	// reused from request to request.
	decoders sync.Pool
}

// New returns a server. It compiles the default schema and every named
// schema with the base settings, so that a bad schema is reported at
// start-up rather than on its first request.
func New(cfg Config) (*Server, error) {
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.NumCPU()
	}
	switch {
	case cfg.Queue == 0:
		cfg.Queue = DefaultQueue
	case cfg.Queue < 0:
		cfg.Queue = 0
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Grace <= 0 {
		cfg.Grace = cfg.Timeout + 5*time.Second
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ecfg := request.EngineConfig{
		Base:      cfg.Base,
		Resolve:   cfg.Schemas.resolve,
		CacheSize: cfg.CacheSize,
		Compiled: func(file string, sc *interp.Scorer) {
			for _, w := range sc.Schema().Warnings {
				log.Warn("schema warning", "file", file, "warning", w)
			}
		},
	}
	if def := cfg.Schemas.Default(); def != nil {
		ecfg.Schema, ecfg.SchemaFile = def.Data, def.File
	}
	engine, err := request.NewEngine(ecfg)
	if err != nil {
		return nil, err
	}
	depth := engine.Base().Scoring.Limits.MaxDepth
	if depth <= 0 {
		depth = interp.DefaultLimits().MaxDepth
	}
	s := &Server{
		cfg:    cfg,
		engine: engine,
		dec:    jsonval.DecodeOptions{MaxDepth: depth},
		log:    log,
		work:   make(chan struct{}, cfg.Jobs),
		admit:  make(chan struct{}, cfg.Jobs+cfg.Queue),
	}
	for _, sch := range cfg.Schemas.List() {
		if sch.Name == "" {
			continue // compiled by NewEngine
		}
		if _, _, err := engine.Prepare(&request.Request{Schema: request.Schema{Name: sch.Name}}); err != nil {
			return nil, fmt.Errorf("%s: %w", sch.File, err)
		}
	}
	s.metrics = newMetrics(s)
	return s, nil
}

// acquire takes a worker, waiting until one is free or ctx is done.
func (s *Server) acquire(ctx context.Context) error {
	select {
	case s.work <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) release() { <-s.work }

// score scores one parsed request on a worker it takes, and returns its
// response (one JSON object) or the error that kept it from being scored.
// ctx bounds both the wait for a worker and the scoring.
func (s *Server) score(ctx context.Context, r *request.Request) ([]byte, error) {
	if err := s.acquire(ctx); err != nil {
		return nil, err
	}
	defer s.release()
	return s.scoreHeld(ctx, r, nil)
}

// scoreHeld is score on a worker the caller holds, appending the response
// to dst.
func (s *Server) scoreHeld(ctx context.Context, r *request.Request, dst []byte) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &request.Error{Kind: request.Internal, Err: fmt.Errorf("internal error (please report it): %v", p)}
		}
	}()
	sc, set, err := s.engine.Prepare(r)
	if err != nil {
		return nil, err
	}
	res, err := request.Score(ctx, sc, r, set)
	if err != nil {
		return nil, err
	}
	set.ObjectiveScores = true
	return request.AppendResult(dst, r, res, set)
}
