package main

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"github.com/objectaligner/oagen/request"
	"github.com/objectaligner/oagen/serve"
)

const serveUsage = `Usage:
  oagen serve -stdio [-schema [NAME=]S.json]… [-jobs N] [flags]
  oagen serve [-http ADDR] [-schema [NAME=]S.json]… [-jobs N] [flags]

Runs a long-lived scorer. A request is
  {"id": …, "schema": NAME or an inline schema, "gold": …, "candidate": …,
   "feedback": bool, "top_k": int, "options": {…}}
("gold" and "candidate" required; without "schema" the default schema, given
as -schema S.json without a name, is used). The response is
  {"id": …, "score": …, "feedback": "…", "ops": […],
   "bijections": {…}, "objective_scores": {…}, "warnings": […]}
("feedback" and "ops" when asked for; "bijections" for referential schemas;
"objective_scores" is the score of each top-level member of the gold root
object, empty for an array or scalar root; "warnings" when scoring raised any)
or {"id": …, "score": null, "error": "…", "error_kind": "…"}.

-stdio reads JSON Lines on stdin and writes one response line per request on
stdout as each finishes (match them by "id"); a bad line is an error response
and the server goes on; at the end of stdin it finishes the requests in
progress and exits 0.

-http serves (127.0.0.1:8080 by default):
  POST /v1/score    one request (no "id" needed) → one response
  POST /v1/batch    {"items": [request, …]}
                    → {"results": [response, …]}, in order
  GET  /v1/schemas  the named schemas
  GET  /healthz     {"status":"ok"}
  GET  /metrics     Prometheus metrics
  GET  /            the playground: edit a schema, a gold and a candidate
                    and see the score, the fixes and the plan
Errors are JSON with status 400 (bad JSON or request), 404 (unknown schema
name), 413 (body over -max-body), 503 with Retry-After (more than -jobs plus
-queue scoring requests in progress) or 504 (past -timeout; the scoring is
stopped), with the request's "id" when it has one. A request counts against
-jobs and -queue only once its body is read, and is scored to its end (or
-timeout) even when its client half-closes the connection. Every request is
logged on stderr (-log-format).

SIGTERM or SIGINT stops accepting requests, finishes those in progress (for
at most -grace; connections still open then are closed) and exits 0. The
scoring, feedback and limit flags (those of "oagen score") set the defaults of
every request (its "options" override them; the limits bound all).

Flags:
`

// schemaSpecs collects repeated -schema flags.
type schemaSpecs []string

func (s *schemaSpecs) String() string     { return strings.Join(*s, ",") }
func (s *schemaSpecs) Set(v string) error { *s = append(*s, v); return nil }

// batchOnlyFlags are the flags of "oagen score" that "oagen serve" does not
// take (it has its own -schema and -jobs; requests say what to output).
var batchOnlyFlags = map[string]bool{"schema": true, "json": true, "batch": true, "o": true, "jobs": true, "schema-root": true}

func cmdServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		schemas   schemaSpecs
		stdio     = fs.Bool("stdio", false, "serve JSON Lines on stdin/stdout instead of HTTP")
		addr      = fs.String("http", serve.DefaultAddr, "HTTP listen `address`")
		jobs      = fs.Int("jobs", runtime.NumCPU(), "number of requests scored at once")
		queue     = fs.Int("queue", serve.DefaultQueue, "HTTP: scoring requests that may wait for a worker before new ones get 503 (0: none)")
		maxBody   = fs.Int64("max-body", serve.DefaultMaxBody, "largest HTTP request body or stdin line, in `bytes`")
		timeout   = fs.Duration("timeout", serve.DefaultTimeout, "scoring time allowed to one request or batch; the scoring stops after it")
		grace     = fs.Duration("grace", 0, "HTTP: time the requests in progress get to finish at shutdown (default: -timeout + 5s)")
		cacheSize = fs.Int("cache", request.DefaultCacheSize, "compiled schemas kept (per schema content and scoring options)")
		logFormat = fs.String("log-format", "text", "log format on stderr: text or json")
	)
	defaultCPUs(fs, "jobs")
	fs.Var(&schemas, "schema", "schema `[NAME=]FILE`: NAME=FILE names a schema for requests' \"schema\"; FILE alone is the default schema (repeatable)")
	// The scoring, feedback and limit flags of "oagen score", as defaults.
	var f scoreFlags
	scoring := flag.NewFlagSet("scoring", flag.ContinueOnError)
	f.register(scoring, modeScore)
	scoring.VisitAll(func(fl *flag.Flag) {
		if !batchOnlyFlags[fl.Name] {
			fs.Var(fl.Value, fl.Name, fl.Usage)
		}
	})
	setUsage(fs, serveUsage)
	args, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 0 {
		return usagef("unexpected arguments %q", args)
	}
	httpSet := false
	fs.Visit(func(fl *flag.Flag) { httpSet = httpSet || fl.Name == "http" })
	if *stdio && httpSet {
		return usagef("give -stdio or -http, not both")
	}
	if *jobs <= 0 || *maxBody <= 0 || *timeout <= 0 || *queue < 0 || *cacheSize <= 0 || *grace < 0 {
		return usagef("-jobs, -max-body, -timeout and -cache want positive values, -queue and -grace non-negative ones")
	}
	if err := f.check(); err != nil {
		return err
	}
	var handler slog.Handler
	switch *logFormat {
	case "text":
		handler = slog.NewTextHandler(stderr, nil)
	case "json":
		handler = slog.NewJSONHandler(stderr, nil)
	default:
		return usagef("-log-format %q: want text or json", *logFormat)
	}
	base, err := f.settings()
	if err != nil {
		return err
	}
	set, err := serve.LoadSchemas(schemas)
	if err != nil {
		return err
	}
	q := *queue
	if q == 0 {
		q = -1 // serve.Config: negative is "no waiting"
	}
	log := slog.New(handler)
	if f.quiet {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	srv, err := serve.New(serve.Config{
		Schemas: set, Base: base, CacheSize: *cacheSize, Jobs: *jobs, Queue: q,
		MaxBody: *maxBody, Timeout: *timeout, Grace: *grace, Logger: log,
	})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *stdio {
		return srv.ServeStdio(ctx, stdin, stdout)
	}
	return srv.ListenAndServe(ctx, *addr, nil)
}
