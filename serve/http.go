package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// DefaultAddr is the address ListenAndServe is given by "oagen serve".
const DefaultAddr = "127.0.0.1:8080"

// Handler returns the HTTP interface of the server:
//
//	POST /v1/score    one request (see package request) → one result
//	POST /v1/batch    {"items": [request, …]} → {"results": [result, …]}, in order
//	GET  /v1/schemas  {"schemas": [{"name", "file", "sha256"}, …]}
//	GET  /healthz     {"status": "ok"}
//	GET  /metrics     Prometheus text format
//	GET  /            the playground page (package playground)
//	POST /v1/playground  {"schema", "gold", "candidate"} texts → what the page shows
//
// Errors are JSON {"error": "…", …} with status 400 (malformed JSON or a bad
// request), 404 (an unknown schema name or path), 405 (a wrong method), 413
// (a body over Config.MaxBody, refused without reading it all), 503 with
// Retry-After (more than Jobs + Queue scoring requests in progress), 504
// (past Config.Timeout; the scoring is stopped) or 500 (a bug); an error
// answering a request with an "id" carries it (recovered from the first
// member of a body that is not valid JSON). An item of a batch that cannot
// be scored is an error object in its place in "results"; the batch itself
// succeeds. Every request is logged to Config.Logger.
//
// A scoring request is admitted (counted against Jobs + Queue) only once
// its body has been read, so that clients sending their bodies slowly hold
// a connection, not a worker or a queue place (the body read is bounded by
// the server's read timeout, Config.Timeout + 10 s). Once admitted, a
// request is scored to its end or to Config.Timeout even if its client
// closes its side of the connection: a client that half-closes after
// sending its request (as "nc -N" and some proxies do) gets its answer.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	route := func(path, method string, h http.HandlerFunc) {
		mux.Handle(path, s.metrics.instrument(path, methodOnly(method, h)))
	}
	route("/v1/score", http.MethodPost, s.admitted(s.handleScore))
	route("/v1/batch", http.MethodPost, s.admitted(s.handleBatch))
	route("/v1/schemas", http.MethodGet, s.handleSchemas)
	route("/healthz", http.MethodGet, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, []byte(`{"status":"ok"}`))
	})
	mux.Handle("/metrics", s.metrics.instrument("/metrics", methodOnly(http.MethodGet, s.metrics.handler().ServeHTTP)))
	route("/v1/playground", http.MethodPost, s.admitted(s.handlePlayground))
	mux.Handle("/", s.metrics.instrument("other", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if servePlaygroundPage(w, r) {
			return
		}
		writeError(w, http.StatusNotFound, fmt.Sprintf("no route %s %s (routes: GET / (the playground), POST /v1/score, POST /v1/batch, POST /v1/playground, GET /v1/schemas, GET /healthz, GET /metrics)", r.Method, r.URL.Path))
	})))
	return s.accessLog(mux)
}

// methodOnly answers 405 to any method but method.
func methodOnly(method string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", method)
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: use %s", r.Method, r.URL.Path, method))
			return
		}
		h(w, r)
	}
}

// admitted reads the body of a scoring request, then refuses the request
// with 503 when Jobs + Queue are in progress, and bounds an admitted one
// by Config.Timeout. The scoring is not stopped when the client closes its
// side of the connection (see Handler).
func (s *Server) admitted(h func(http.ResponseWriter, *http.Request, []byte)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		data, ok := s.readBody(w, r)
		if !ok {
			return
		}
		select {
		case s.admit <- struct{}{}:
		default:
			w.Header().Set("Retry-After", "1")
			b := []byte{'{'}
			if id, ok := recoverID(data); ok {
				b = append(jsonval.AppendJSON(append(b, `"id":`...), id), ',')
			}
			b = append(b, `"error":`...)
			b = jsonval.AppendJSON(b, jsonval.NewString(busyMessage(cap(s.admit))))
			writeJSON(w, http.StatusServiceUnavailable, append(b, '}'))
			return
		}
		defer func() { <-s.admit }()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), s.cfg.Timeout)
		defer cancel()
		h(w, r.WithContext(ctx), data)
	}
}

// readBody reads a request body of at most Config.MaxBody bytes. A body
// declared larger is refused before any of it is read; a body that turns
// out larger is refused once MaxBody bytes are read (the connection is
// then closed, not drained).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if r.ContentLength > s.cfg.MaxBody {
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestEntityTooLarge, s.tooLarge())
		return nil, false
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, http.StatusRequestEntityTooLarge, s.tooLarge())
		} else {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("reading the body: %v", err))
		}
		return nil, false
	}
	return data, true
}

func (s *Server) tooLarge() string {
	return fmt.Sprintf("request body larger than %d bytes (-max-body)", s.cfg.MaxBody)
}

func (s *Server) handleScore(w http.ResponseWriter, r *http.Request, data []byte) {
	// The request's values live in a pooled decoder's storage until the
	// response is written.
	dec, _ := s.decoders.Get().(*jsonval.Decoder)
	if dec == nil {
		dec = &jsonval.Decoder{Options: s.dec}
	}
	defer s.decoders.Put(dec)
	req, err := request.ParseWith(data, dec)
	if err != nil {
		s.writeRequestError(w, r, s.idOf(data, req), err)
		return
	}
	out, err := s.score(r.Context(), req)
	if err != nil {
		s.writeRequestError(w, r, req, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleBatch(w http.ResponseWriter, r *http.Request, data []byte) {
	v, err := jsonval.Decode(data, jsonval.DecodeOptions{MaxDepth: s.dec.MaxDepth + 2})
	if err != nil {
		var se *jsonval.SyntaxError
		if errors.As(err, &se) && strings.HasPrefix(se.Msg, "nesting depth exceeds") {
			// The items sit two levels down: name the items' own limit.
			err = fmt.Errorf("%d:%d: an item's nesting depth exceeds the MaxDepth limit of %d (-max-depth)", se.Line, se.Col, s.dec.MaxDepth)
		}
		s.writeRequestError(w, r, nil, &request.Error{Kind: request.BadJSON, Err: err})
		return
	}
	items, ok := v.Get("items")
	if v.Kind != jsonval.Object || !ok || items.Kind != jsonval.Array {
		writeError(w, http.StatusBadRequest, `want {"items": [request, …]}`)
		return
	}
	ctx := r.Context()
	results := make([][]byte, len(items.Arr))
	reqs := make([]*request.Request, len(items.Arr))
	for i, item := range items.Arr {
		req, err := request.FromValue(item)
		if err != nil {
			results[i] = request.AppendError(nil, req, fmt.Sprintf("/items/%d%s", i, pointerSuffix(err)), err)
			continue
		}
		reqs[i] = req
	}
	// At most Jobs items are scored at once (each on a worker shared with
	// every other request), in item order.
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(s.cfg.Jobs, len(reqs)) {
		wg.Go(func() {
			for i := range next {
				out, err := s.score(ctx, reqs[i])
				if err != nil {
					out = request.AppendError(nil, reqs[i], fmt.Sprintf("/items/%d: %v", i, err), err)
				}
				results[i] = out
			}
		})
	}
	for i, req := range reqs {
		if req != nil {
			next <- i
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		s.writeRequestError(w, r, nil, err)
		return
	}
	var b bytes.Buffer
	b.WriteString(`{"results":[`)
	for i, res := range results {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(res)
	}
	b.WriteString("]}")
	writeJSON(w, http.StatusOK, b.Bytes())
}

// pointerSuffix renders an error of a batch item after its "/items/N".
func pointerSuffix(err error) string {
	var re *request.Error
	if errors.As(err, &re) && re.Pointer != "" {
		return err.Error()
	}
	return ": " + err.Error()
}

func (s *Server) handleSchemas(w http.ResponseWriter, _ *http.Request) {
	b := []byte(`{"schemas":[`)
	for i, sch := range s.cfg.Schemas.List() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		if sch.Name == "" {
			b = append(b, "null"...)
		} else {
			b = jsonval.AppendJSON(b, jsonval.NewString(sch.Name))
		}
		b = append(b, `,"file":`...)
		b = jsonval.AppendJSON(b, jsonval.NewString(sch.File))
		b = append(b, `,"sha256":`...)
		b = jsonval.AppendJSON(b, jsonval.NewString(sch.SHA256))
		b = append(b, `,"default":`...)
		b = strconv.AppendBool(b, sch.Name == "")
		b = append(b, '}')
	}
	writeJSON(w, http.StatusOK, append(b, "]}"...))
}

// writeRequestError answers a request that could not be scored with the
// status its error calls for.
func (s *Server) writeRequestError(w http.ResponseWriter, r *http.Request, req *request.Request, err error) {
	status := http.StatusBadRequest
	msg := err.Error()
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		status, msg = http.StatusGatewayTimeout, fmt.Sprintf("scoring stopped after the %v timeout (-timeout)", s.cfg.Timeout)
	case errors.Is(err, errUnknownSchema):
		status = http.StatusNotFound
	case request.KindOf(err) == request.Internal:
		status = http.StatusInternalServerError
		s.log.Error("internal error", "path", r.URL.Path, "error", err)
	}
	writeJSON(w, status, request.AppendError(nil, req, msg, err))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)+1))
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	b := []byte(`{"error":`)
	b = jsonval.AppendJSON(b, jsonval.NewString(msg))
	writeJSON(w, status, append(b, '}'))
}

// statusWriter records the status and size of a response for the access log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

// Unwrap gives http.ResponseController the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// accessLog logs one line per request to Config.Logger.
func (s *Server) accessLog(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		s.log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"bytes", sw.bytes, "duration", time.Since(start), "remote", r.RemoteAddr)
	})
}

// ListenAndServe serves the Handler on addr until ctx is done, then shuts
// down gracefully: it stops accepting connections, lets the requests in
// progress finish (each is bounded by Config.Timeout) for at most
// Config.Grace, closes the connections still open after it (clients still
// sending their bodies, say) and returns nil.
// ready, if not nil, is called with the listening address once the server
// accepts connections.
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln, ready)
}

// Serve is ListenAndServe on a listener (which it closes).
func (s *Server) Serve(ctx context.Context, ln net.Listener, ready func(net.Addr)) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       s.cfg.Timeout + 10*time.Second,
		WriteTimeout:      2*s.cfg.Timeout + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr())
	}
	s.log.Info("listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.log.Info("shutting down: finishing the requests in progress", "grace", s.cfg.Grace)
	grace, cancel := context.WithTimeout(context.Background(), s.cfg.Grace)
	defer cancel()
	if err := srv.Shutdown(grace); err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("shutdown: %w", err)
		}
		s.log.Warn("grace period over: closing the connections still open", "grace", s.cfg.Grace)
		srv.Close()
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// busyMessage is the error of a request refused because n scoring requests
// are admitted already.
func busyMessage(n int) string {
	if n == 1 {
		return "busy: 1 request in progress; retry later"
	}
	return fmt.Sprintf("busy: %d requests in progress; retry later", n)
}
