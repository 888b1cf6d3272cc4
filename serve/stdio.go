package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// ServeStdio reads requests as JSON Lines from in and writes one response
// line per request to out, as each finishes (not in input order: a client
// matches them by "id"). Up to Config.Jobs requests are scored at once;
// reading pauses while every worker is busy. A line that is not a valid
// request, or that cannot be scored, gets an error response
// {"id":…,"score":null,"error":"line N: …","error_kind":"…"} and the server
// goes on. The "id" is echoed whenever it can be read, even from a line that
// is not valid JSON, as long as it comes before the first unreadable member
// (see idOf); only a line with no readable id gets an answer without one.
// Empty lines are skipped.
//
// At the end of in, or when ctx is done, ServeStdio stops reading, lets the
// requests in progress finish, writes their responses and returns nil (or
// the error that ended reading or writing). When ctx is done, lines read but
// not yet started get no response.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	// Buffers travel in two loops: the reader's line buffers come back
	// from the workers once a line is parsed, the workers' response
	// buffers from the writer once a response is written.
	freeLines := make(chan []byte, 2*s.cfg.Jobs)
	freeOut := make(chan []byte, 4*s.cfg.Jobs)

	lines := make(chan stdioLine)
	readErr := make(chan error, 1)
	go func() {
		defer close(lines)
		readErr <- readLines(in, s.cfg.MaxBody, freeLines, func(l stdioLine) bool {
			select {
			case lines <- l:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()

	results := make(chan []byte, 2*s.cfg.Jobs)
	writeErr := make(chan error, 1)
	go func() { writeErr <- writeLines(out, results, freeOut) }()

	// Jobs workers take the lines as they come, each with its own decoding
	// storage, so that reading pauses while every worker is busy.
	var wg sync.WaitGroup
	for range s.cfg.Jobs {
		wg.Go(func() {
			w := stdioWorker{s: s, dec: jsonval.Decoder{Options: s.dec}}
			for {
				var l stdioLine
				var ok bool
				select {
				case l, ok = <-lines:
				case <-ctx.Done():
					return
				}
				if !ok {
					return
				}
				var buf []byte
				select {
				case buf = <-freeOut:
				default:
				}
				res, started := w.answer(ctx, l, buf)
				if cap(l.data) <= maxKeptBuffer {
					select {
					case freeLines <- l.data[:0]:
					default:
					}
				}
				if !started {
					return // ctx is done: the line gets no response
				}
				results <- res
			}
		})
	}
	wg.Wait()
	close(results)
	var err error
	if ctx.Err() == nil {
		err = <-readErr // reading ended: the workers saw lines closed
	}
	if werr := <-writeErr; err == nil {
		err = werr
	}
	return err
}

// maxKeptBuffer bounds the line and response buffers ServeStdio recycles.
const maxKeptBuffer = 1 << 20

// stdioWorker answers stdio lines, one at a time, decoding each into the
// storage of the one before.
type stdioWorker struct {
	s   *Server
	dec jsonval.Decoder
	req request.Request
}

// answer returns the response line to l (newline included), appended to
// buf. started is false when ctx was done before a worker could be taken
// for the line: it then gets no response. The request is parsed before
// taking a worker; a request in progress is not cancelled with ctx, it
// finishes (bounded by Config.Timeout).
func (w *stdioWorker) answer(ctx context.Context, l stdioLine, buf []byte) (res []byte, started bool) {
	s := w.s
	if l.tooLong {
		res = request.AppendError(buf, nil, fmt.Sprintf("line %d: longer than %d bytes (-max-body)", l.n, s.cfg.MaxBody), &request.Error{Kind: request.Limit, Err: errors.New("line too long")})
		return append(res, '\n'), true
	}
	req, err := w.parse(l.data)
	if err != nil {
		res = request.AppendError(buf, s.idOf(l.data, req), fmt.Sprintf("line %d: %v", l.n, err), err)
		return append(res, '\n'), true
	}
	if err := s.acquire(ctx); err != nil {
		return nil, false
	}
	defer s.release()
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.Timeout)
	defer cancel()
	res, err = s.scoreHeld(rctx, req, buf)
	if err != nil {
		msg := err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			msg = fmt.Sprintf("scoring stopped after the %v timeout (-timeout)", s.cfg.Timeout)
		}
		res = request.AppendError(buf[:0], req, fmt.Sprintf("line %d: %s", l.n, msg), err)
	}
	return append(res, '\n'), true
}

// parse parses a request line with the worker's decoder; a panic (a bug
// in oagen) is the line's error, of kind internal.
func (w *stdioWorker) parse(data []byte) (req *request.Request, err error) {
	defer func() {
		if p := recover(); p != nil {
			req, err = nil, &request.Error{Kind: request.Internal, Err: fmt.Errorf("internal error (please report it): %v", p)}
		}
	}()
	return request.ParseInto(data, &w.dec, &w.req)
}

// idOf returns the request to answer an unparseable request with: req
// when it carries the id (Parse returns the id of a well-formed request of
// the wrong shape), else a request holding only the id recovered from the
// raw text, else nil. The id is recovered, for a body that is not valid
// JSON (an unpaired surrogate escape, nesting beyond the limit, a
// truncated line), from the top-level members before the first one that
// cannot be read: a client that puts "id" first always gets it back.
func (s *Server) idOf(data []byte, req *request.Request) *request.Request {
	if req != nil && req.HasID {
		return req
	}
	if id, ok := recoverID(data); ok {
		return &request.Request{ID: id, HasID: true}
	}
	return nil
}

// recoverID reads the "id" member of the JSON object text data, if it is a
// scalar that comes before anything unreadable.
func recoverID(data []byte) (jsonval.Value, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return jsonval.Value{}, false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return jsonval.Value{}, false
		}
		if key != "id" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return jsonval.Value{}, false
			}
			continue
		}
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return jsonval.Value{}, false
		}
		v, err := jsonval.Decode(raw, jsonval.DecodeOptions{MaxDepth: 1})
		if err != nil || v.Kind == jsonval.Array || v.Kind == jsonval.Object {
			return jsonval.Value{}, false
		}
		return v, true
	}
	return jsonval.Value{}, false
}

// stdioLine is one input line (without its terminator), numbered from 1.
type stdioLine struct {
	n       int
	data    []byte
	tooLong bool // longer than the limit; data discarded
}

// readLines calls emit for every non-empty line of in until it returns
// false or in ends; lines longer than limit are emitted with tooLong set.
// A line's buffer is taken from free when one is there (its consumer
// gives it back).
func readLines(in io.Reader, limit int64, free <-chan []byte, emit func(stdioLine) bool) error {
	r := bufio.NewReaderSize(in, 1<<16)
	var line []byte
	for n := 1; ; n++ {
		if line == nil {
			select {
			case line = <-free:
			default:
			}
		}
		line = line[:0]
		tooLong := false
		var err error
		for {
			var chunk []byte
			chunk, err = r.ReadSlice('\n')
			if !tooLong {
				if int64(len(line)+len(chunk)) > limit+1 { // +1: the '\n'
					tooLong, line = true, line[:0]
				} else {
					line = append(line, chunk...)
				}
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > 0 || tooLong {
			if !emit(stdioLine{n: n, data: line, tooLong: tooLong}) {
				return nil
			}
			line = nil // the consumer's now
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// writeLines writes every result (a line, newline included), flushing
// whenever no further result is ready (after letting the workers run
// once, so that responses finishing together share one write). A written
// result's buffer goes to free, when there is room.
func writeLines(out io.Writer, results <-chan []byte, free chan<- []byte) error {
	w := bufio.NewWriterSize(out, 1<<16)
	var err error
	for res := range results {
		if err == nil {
			_, err = w.Write(res)
		}
		if cap(res) <= maxKeptBuffer {
			select {
			case free <- res[:0]:
			default:
			}
		}
		if err == nil && len(results) == 0 {
			runtime.Gosched()
			if len(results) == 0 {
				err = w.Flush()
			}
		}
	}
	if err == nil {
		err = w.Flush()
	}
	return err
}
