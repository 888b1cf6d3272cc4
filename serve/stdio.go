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
	"sync/atomic"
	"time"

	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// ServeStdio reads requests as JSON Lines from in and writes one response
// line per request to out, as each finishes (not in input order: a client
// matches them by "id"). Up to Config.Jobs requests are scored at once;
// reading pauses while every worker is busy and stdioQueue lines (or
// stdioQueueBytes of them) wait. A line that is not a valid
// request, or that cannot be scored, gets an error response
// {"id":…,"score":null,"error":"line N: …","error_kind":"…"} and the server
// goes on. The "id" is echoed whenever it can be read, even from a line that
// is not valid JSON, as long as it comes before the first unreadable member
// (see idOf); only a line with no readable id gets an answer without one.
// Empty lines are skipped.
//
// A response reaches out as soon as every line read is answered, and at
// most flushDelay after it is written while other lines are being
// answered: a client that waits for each answer gets it at once, and a
// stream of requests gets its answers a few to a write (stdioOut).
//
// At the end of in, or when ctx is done, ServeStdio stops reading, lets the
// requests in progress finish, writes their responses and returns nil (or
// the error that ended reading or writing). When ctx is done, lines read but
// not yet started get no response.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	q := newLineQueue(2*s.cfg.Jobs + stdioQueue)
	stopWaiting := context.AfterFunc(ctx, q.stop)
	defer stopWaiting()
	o := newStdioOut(out)
	defer o.stop()

	readErr := make(chan error, 1)
	go func() {
		err := readLines(in, s.cfg.MaxBody, q.free, func(l stdioLine) bool {
			o.unanswered.Add(1)
			return q.put(l)
		})
		q.end()
		readErr <- err
	}()

	// Jobs workers take the lines as they come, each with its own decoding
	// storage and response buffer, and write their responses themselves:
	// while lines wait in the queue, a line goes from the reader to a worker
	// and its response to out without a goroutine waking another.
	var wg sync.WaitGroup
	for range s.cfg.Jobs {
		wg.Go(func() {
			w := stdioWorker{s: s, dec: jsonval.Decoder{Options: s.dec}}
			for {
				l, ok := q.get()
				if !ok {
					return // the end of the input, or ctx is done
				}
				res, started := w.answer(ctx, l, w.out[:0])
				q.recycle(l.data)
				if !started {
					return // ctx is done: the line gets no response
				}
				o.write(res)
				if cap(res) <= maxKeptBuffer {
					w.out = res
				}
			}
		})
	}
	wg.Wait()
	var err error
	if ctx.Err() == nil {
		err = <-readErr // reading ended: the workers saw the queue end
	}
	if werr := o.close(); err == nil {
		err = werr
	}
	return err
}

// maxKeptBuffer bounds the response buffers ServeStdio recycles.
const maxKeptBuffer = 1 << 20

// Bounds of the lines read ahead of the workers (lineQueue): a worker that
// finishes takes the next line without waiting for the reader, and the
// reader, once the queue is full, waits until it is half empty, so that it
// wakes once for many lines.
const (
	stdioQueue      = 64
	stdioQueueBytes = 1 << 20
	// keptLine bounds the line buffers the reader recycles.
	keptLine = 64 << 10
)

// lineQueue holds the lines read and not yet taken by a worker, in order.
type lineQueue struct {
	mu      sync.Mutex
	lines   []stdioLine // lines[head:] wait
	head    int
	bytes   int
	ended   bool      // no more lines will come
	stopped bool      // ctx is done: no line is taken any more
	workers sync.Cond // a worker waits for a line
	reader  sync.Cond // the reader waits for room
	idle    int       // workers waiting
	full    bool      // the reader waits
	// free are the line buffers the workers give back to the reader.
	free chan []byte
}

func newLineQueue(buffers int) *lineQueue {
	q := &lineQueue{free: make(chan []byte, buffers)}
	q.workers.L, q.reader.L = &q.mu, &q.mu
	return q
}

func (q *lineQueue) waiting() int { return len(q.lines) - q.head }

// put queues a line, waiting while the queue is full; false when ctx is
// done.
func (q *lineQueue) put(l stdioLine) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.stopped && q.waiting() > 0 && (q.waiting() >= stdioQueue || q.bytes >= stdioQueueBytes) {
		q.full = true
		q.reader.Wait()
	}
	if q.stopped {
		return false
	}
	if q.head > 0 && q.head == len(q.lines) {
		clear(q.lines)
		q.lines, q.head = q.lines[:0], 0
	}
	q.lines = append(q.lines, l)
	q.bytes += len(l.data)
	if q.idle > 0 {
		q.workers.Signal()
	}
	return true
}

// get takes the next line, waiting for one; false at the end of the input
// or when ctx is done.
func (q *lineQueue) get() (stdioLine, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.stopped && !q.ended && q.waiting() == 0 {
		q.idle++
		q.workers.Wait()
		q.idle--
	}
	if q.stopped || q.waiting() == 0 {
		return stdioLine{}, false
	}
	l := q.lines[q.head]
	q.lines[q.head] = stdioLine{}
	q.head++
	q.bytes -= len(l.data)
	if q.full && q.waiting() <= stdioQueue/2 && q.bytes <= stdioQueueBytes/2 {
		q.full = false
		q.reader.Signal()
		q.mu.Unlock()
		// Let the reader fill the queue now, before the workers empty
		// it: woken by a busy worker, it would otherwise wait for a
		// worker to block.
		runtime.Gosched()
		q.mu.Lock()
	}
	return l, true
}

// recycle gives a line's buffer back to the reader.
func (q *lineQueue) recycle(data []byte) {
	if cap(data) <= keptLine {
		select {
		case q.free <- data[:0]:
		default:
		}
	}
}

// end marks the end of the input: the workers take the lines left, then
// stop.
func (q *lineQueue) end() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.ended = true
	q.workers.Broadcast()
}

// stop stops the queue when ctx is done: waiting lines are dropped.
func (q *lineQueue) stop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.stopped = true
	q.workers.Broadcast()
	q.reader.Broadcast()
}

// flushDelay bounds how long a response written while other lines are
// being answered may wait in the output buffer for those that follow it.
const flushDelay = 200 * time.Microsecond

// stdioOut is the output of ServeStdio: the workers add their responses to
// one buffer, which goes out (one write) when the last line read is
// answered, when flushDelay has passed since the oldest response it holds,
// or when it holds 64 KB. The worker whose response fills the condition
// writes it, outside the lock the others add under.
type stdioOut struct {
	// unanswered counts the lines read whose responses are not written
	// yet (the reader adds, write subtracts).
	unanswered atomic.Int64

	mu    sync.Mutex
	buf   []byte      // the responses not yet written
	free  [][]byte    // buffers written out, for reuse
	since time.Time   // when the oldest response in buf was added
	timer *time.Timer // writes buf out flushDelay after since

	// wmu serialises the writes to out; it is taken before mu is released,
	// so that buffers go out in the order they were taken.
	wmu sync.Mutex
	out io.Writer
	err error // the first write error; nothing is written after it
}

// maxHeld is the size of the responses stdioOut holds at most.
const maxHeld = 64 << 10

func newStdioOut(out io.Writer) *stdioOut {
	o := &stdioOut{out: out}
	o.timer = time.AfterFunc(time.Hour, func() {
		o.mu.Lock()
		o.flushLocked()
	})
	o.timer.Stop()
	return o
}

// write writes one response line (newline included): the answer of one
// line read.
func (o *stdioOut) write(res []byte) {
	more := o.unanswered.Add(-1) > 0
	o.mu.Lock()
	held := len(o.buf) > 0
	o.buf = append(o.buf, res...)
	switch {
	case !more || len(o.buf) >= maxHeld || held && time.Since(o.since) >= flushDelay:
		o.flushLocked()
	case !held:
		o.since = time.Now()
		o.timer.Reset(flushDelay)
		o.mu.Unlock()
	default:
		o.mu.Unlock()
	}
}

// flushLocked writes the responses held out, and unlocks mu.
func (o *stdioOut) flushLocked() {
	data := o.buf
	if len(data) == 0 {
		o.mu.Unlock()
		return
	}
	o.timer.Stop()
	o.buf = nil
	if n := len(o.free); n > 0 {
		o.buf, o.free = o.free[n-1], o.free[:n-1]
	}
	o.wmu.Lock()
	o.mu.Unlock()
	if o.err == nil {
		_, o.err = o.out.Write(data)
	}
	o.wmu.Unlock()
	if cap(data) <= 2*maxHeld {
		o.mu.Lock()
		o.free = append(o.free, data[:0])
		o.mu.Unlock()
	}
}

// close writes out what is held and returns the first write error.
func (o *stdioOut) close() error {
	o.mu.Lock()
	o.flushLocked()
	o.wmu.Lock()
	defer o.wmu.Unlock()
	return o.err
}

// stop stops the timer (ServeStdio's deferred clean-up).
func (o *stdioOut) stop() { o.timer.Stop() }

// stdioWorker answers stdio lines, one at a time, decoding each into the
// storage of the one before.
type stdioWorker struct {
	s   *Server
	dec jsonval.Decoder
	req request.Request
	out []byte // the response buffer
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
