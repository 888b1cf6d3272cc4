package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

const fig1Dir = "../examples/orgchart/"

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// compact returns JSON text on one line.
func compact(t testing.TB, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// fig1Request is the paper's org chart pair as a request with feedback.
func fig1Request(t testing.TB) string {
	return fmt.Sprintf(`{"gold":%s,"candidate":%s,"feedback":true}`,
		compact(t, readFile(t, fig1Dir+"gold.json")), compact(t, readFile(t, fig1Dir+"candidate.json")))
}

// slowSchema and slowRequest make a pair that takes seconds to score: an
// order-agnostic list of n records of three strings (n² record
// alignments and an n×n assignment).
const slowSchema = `{"type":"array","order":"align","items":{"type":"object","properties":{
	"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}}}}`

func slowRequest(n int) string {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	word := func() string {
		b := make([]byte, 12)
		for i := range b {
			b[i] = byte('a' + r.IntN(26))
		}
		return string(b)
	}
	list := func() string {
		var b strings.Builder
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"a":%q,"b":%q,"c":%q}`, word(), word(), word())
		}
		b.WriteByte(']')
		return b.String()
	}
	return fmt.Sprintf(`{"schema":"slow","gold":%s,"candidate":%s}`, list(), list())
}

// testSchemas writes the test schemas: fig1's as the default and as "org",
// and the slow one as "slow".
func testSchemas(t testing.TB) *Schemas {
	t.Helper()
	slow := t.TempDir() + "/slow.json"
	if err := os.WriteFile(slow, []byte(slowSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSchemas([]string{fig1Dir + "schema.json", "org=" + fig1Dir + "schema.json", "slow=" + slow})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	if cfg.Schemas == nil {
		cfg.Schemas = testSchemas(t)
	}
	cfg.Base = request.DefaultSettings()
	// The slow pair exceeds the default work budget.
	cfg.Base.Scoring.Limits.MaxWork = 1 << 40
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// expected is the response the library gives for a request (what the
// server must answer).
func expected(t testing.TB, line string) string {
	t.Helper()
	e, err := request.NewEngine(request.EngineConfig{Base: request.DefaultSettings(), Schema: readFile(t, fig1Dir+"schema.json")})
	if err != nil {
		t.Fatal(err)
	}
	r, err := request.Parse([]byte(line), jsonval.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sc, set, err := e.Prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Align(r.Gold, r.Candidate)
	if err != nil {
		t.Fatal(err)
	}
	set.ObjectiveScores = true
	out, err := request.AppendResult(nil, r, res, set)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func post(t testing.TB, url, body string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, strings.TrimSuffix(string(data), "\n")
}

func TestHTTPScore(t *testing.T) {
	ts := httptest.NewServer(newServer(t, Config{}).Handler())
	defer ts.Close()
	req := fig1Request(t)
	code, h, body := post(t, ts.URL+"/v1/score", req)
	if code != http.StatusOK || h.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, %s: %s", code, h.Get("Content-Type"), body)
	}
	if want := expected(t, req); body != want {
		t.Errorf("got  %s\nwant %s", body, want)
	}
	if !strings.HasPrefix(body, `{"score":0.7678571428571429,"feedback":"The prediction scored 0.77`) ||
		!strings.HasSuffix(body, `"objective_scores":{"people":0.8333333333333334,"mentorships":1.0,"agenda":0.48809523809523814,"period":0.75}}`) {
		t.Errorf("unexpected response %s", body)
	}
	// A named schema gives the same response; "id" is echoed.
	named := strings.Replace(req, `{"gold"`, `{"id":"a","schema":"org","gold"`, 1)
	if _, _, got := post(t, ts.URL+"/v1/score", named); got != `{"id":"a",`+body[1:] {
		t.Errorf("named schema: %s", got)
	}
}

func TestHTTPErrors(t *testing.T) {
	ts := httptest.NewServer(newServer(t, Config{}).Handler())
	defer ts.Close()
	fig1 := fig1Request(t)
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		want                     string // a part of the body
	}{
		{"bad JSON", "POST", "/v1/score", `{"gold":`, 400, `"error_kind":"bad_json"`},
		{"not a request", "POST", "/v1/score", `{"gold":1}`, 400, `missing \"candidate\"`},
		{"bad option", "POST", "/v1/score", `{"gold":1,"candidate":1,"options":{"nope":1}}`, 400, `/options`},
		{"unknown schema", "POST", "/v1/score", `{"schema":"nope","gold":1,"candidate":1}`, 404, `unknown schema name \"nope\" (known: \"org\", \"slow\")`},
		{"bad inline schema", "POST", "/v1/score", `{"schema":{"type":"strin"},"gold":1,"candidate":1}`, 400, `"error_kind":"bad_schema"`},
		{"invalid gold", "POST", "/v1/score", strings.Replace(fig1, `"Manager"`, `"Boss"`, 1), 400, `"error_kind":"invalid_gold"`},
		{"wrong method", "GET", "/v1/score", "", 405, `use POST`},
		{"unknown path", "GET", "/v2/nothing", "", 404, `no route GET /v2/nothing`},
		{"bad batch", "POST", "/v1/batch", `[]`, 400, `want {\"items\"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.status || !strings.Contains(string(body), c.want) || !json.Valid(body) {
				t.Errorf("status %d %s; want %d and %s", resp.StatusCode, body, c.status, c.want)
			}
			if c.status == 405 && resp.Header.Get("Allow") != "POST" {
				t.Errorf("Allow: %q", resp.Header.Get("Allow"))
			}
		})
	}
}

func TestHTTPBatch(t *testing.T) {
	ts := httptest.NewServer(newServer(t, Config{Jobs: 2}).Handler())
	defer ts.Close()
	fig1 := fig1Request(t)
	other := strings.Replace(fig1, `"closin"`, `"closing"`, 1)
	items := []string{fig1, `{"gold":1}`, other, `{"schema":"nope","gold":1,"candidate":1}`, fig1}
	code, _, body := post(t, ts.URL+"/v1/batch", `{"items":[`+strings.Join(items, ",")+`]}`)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var got struct{ Results []json.RawMessage }
	if err := json.Unmarshal([]byte(body), &got); err != nil || len(got.Results) != len(items) {
		t.Fatalf("%v: %s", err, body)
	}
	want := []string{expected(t, fig1), `{"score":null,"error":"/items/1: missing \"candidate\"","error_kind":"bad_request"}`,
		expected(t, other), `{"score":null,"error":"/items/3: /schema: unknown schema name \"nope\" (known: \"org\", \"slow\")","error_kind":"bad_schema"}`, expected(t, fig1)}
	for i := range want {
		if string(got.Results[i]) != want[i] {
			t.Errorf("result %d:\n got  %s\n want %s", i, got.Results[i], want[i])
		}
	}
}

func TestHTTPSchemasHealthMetrics(t *testing.T) {
	ts := httptest.NewServer(newServer(t, Config{}).Handler())
	defer ts.Close()
	get := func(path string) (int, string) {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/healthz"); code != 200 || body != "{\"status\":\"ok\"}\n" {
		t.Errorf("healthz: %d %s", code, body)
	}
	code, body := get("/v1/schemas")
	if code != 200 || !strings.HasPrefix(body, `{"schemas":[{"name":"org","file":"../examples/orgchart/schema.json","sha256":"`) ||
		!strings.Contains(body, `{"name":null,"file":"../examples/orgchart/schema.json"`) || !strings.Contains(body, `"default":true}]}`) {
		t.Errorf("schemas: %d %s", code, body)
	}
	post(t, ts.URL+"/v1/score", fig1Request(t))
	post(t, ts.URL+"/v1/score", `{"gold":1}`)
	code, body = get("/metrics")
	for _, want := range []string{
		`oagen_http_requests_total{code="200",route="/v1/score"} 1`,
		`oagen_http_requests_total{code="400",route="/v1/score"} 1`,
		`oagen_http_request_duration_seconds_count{route="/v1/score"} 2`,
		`oagen_http_requests_in_flight 1`, // this request
		`oagen_schema_cache_entries 2`,    // the default (= org) and slow
		`oagen_workers_busy 0`,
		`go_goroutines`,
	} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("metrics: %d, no %q in\n%s", code, want, body)
		}
	}
}

// waitFor waits until cond holds, polling; it fails the test after 30 s
// instead of hanging when it never does.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for start := time.Now(); !cond(); time.Sleep(time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("still waiting after 30s for %s", what)
		}
	}
}

// waitIdle waits until no worker is busy, for at most limit.
func waitIdle(t *testing.T, s *Server, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for len(s.work) > 0 {
		if time.Since(start) > limit {
			t.Fatalf("a worker is still busy after %v", limit)
		}
		time.Sleep(time.Millisecond)
	}
	return time.Since(start)
}

// TestHTTPTimeout sends a pair that takes seconds past a 100 ms timeout:
// 504, the worker is free again at once, and the server answers others.
func TestHTTPTimeout(t *testing.T) {
	s := newServer(t, Config{Jobs: 1, Timeout: 100 * time.Millisecond})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	start := time.Now()
	code, _, body := post(t, ts.URL+"/v1/score", slowRequest(2000))
	elapsed := time.Since(start)
	if code != http.StatusGatewayTimeout || !strings.Contains(body, "timeout") {
		t.Fatalf("status %d: %s", code, body)
	}
	t.Logf("504 after %v (timeout 100ms)", elapsed)
	// Liveness, not speed: the pair takes seconds, so a 504 within the
	// pair's time means the timeout answered it (10 s leaves room for a
	// loaded machine).
	if elapsed > 10*time.Second {
		t.Errorf("504 after %v", elapsed)
	}
	waitIdle(t, s, 10*time.Second)
	if code, _, body := post(t, ts.URL+"/v1/score", fig1Request(t)); code != 200 {
		t.Errorf("after a timeout: %d %s", code, body)
	}
}

// TestHTTPClientGone checks that a client that disconnects in the middle of
// a pair that takes seconds holds its worker no longer than the timeout
// (the scoring is not stopped by the disconnect: a half-closed client must
// get its answer, TestHTTPHalfClose).
func TestHTTPClientGone(t *testing.T) {
	s := newServer(t, Config{Jobs: 1, Timeout: 3 * time.Second})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/v1/score", strings.NewReader(slowRequest(2000)))
		_, err := http.DefaultClient.Do(req)
		done <- err
	}()
	waitFor(t, "scoring to start", func() bool { return len(s.work) > 0 || len(done) > 0 })
	time.Sleep(20 * time.Millisecond)
	cancel()
	<-done
	t.Logf("worker free %v after the client left", waitIdle(t, s, 60*time.Second))
	if code, _, body := post(t, ts.URL+"/v1/score", fig1Request(t)); code != 200 {
		t.Errorf("after a disconnect: %d %s", code, body)
	}
}

// endless is a body that never ends; it counts the bytes read from it.
type endless struct{ n atomic.Int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.n.Add(int64(len(p)))
	return len(p), nil
}

// TestHTTPBodyLimit sends a 1 GiB body, declared and chunked, to a server
// with a 1 MiB limit: 413, after far less than the body was read.
func TestHTTPBodyLimit(t *testing.T) {
	ts := httptest.NewServer(newServer(t, Config{MaxBody: 1 << 20}).Handler())
	defer ts.Close()
	for _, declared := range []bool{true, false} {
		body := &endless{}
		var r io.Reader = io.LimitReader(body, 1<<30)
		req, _ := http.NewRequest("POST", ts.URL+"/v1/score", r)
		if declared {
			req.ContentLength = 1 << 30
		} else {
			req.ContentLength = -1 // chunked
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("declared %v: %v", declared, err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(data), "-max-body") {
			t.Errorf("declared %v: status %d %s", declared, resp.StatusCode, data)
		}
		t.Logf("declared %v: %d bytes of the body sent", declared, body.n.Load())
		if body.n.Load() > 64<<20 {
			t.Errorf("declared %v: %d bytes sent before the 413", declared, body.n.Load())
		}
	}
}

// TestHTTPBusy fills the only worker and the (empty) queue: the next
// scoring request gets 503 with Retry-After; other routes still answer.
func TestHTTPBusy(t *testing.T) {
	s := newServer(t, Config{Jobs: 1, Queue: -1, Timeout: 10 * time.Second})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/v1/score", strings.NewReader(slowRequest(2000)))
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	waitFor(t, "scoring to start", func() bool { return len(s.work) > 0 })
	code, h, body := post(t, ts.URL+"/v1/score", fig1Request(t))
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || !strings.Contains(body, "busy") {
		t.Errorf("status %d, Retry-After %q: %s", code, h.Get("Retry-After"), body)
	}
	if resp, err := http.Get(ts.URL + "/healthz"); err != nil || resp.StatusCode != 200 {
		t.Errorf("healthz while busy: %v %v", resp, err)
	}
	cancel()
	waitIdle(t, s, 60*time.Second)
}

// TestGracefulShutdown cancels Serve's context while a request is being
// scored: the request is answered, then Serve returns nil and the port is
// closed.
func TestGracefulShutdown(t *testing.T) {
	s := newServer(t, Config{Jobs: 1})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln, nil) }()
	url := "http://" + ln.Addr().String()
	type answer struct {
		code int
		body string
	}
	got := make(chan answer, 1)
	go func() {
		code, _, body := post(t, url+"/v1/score", slowRequest(300))
		got <- answer{code, body}
	}()
	// The request is in flight once a worker holds it (or, on a machine
	// fast enough to finish it before this loop looks, once it is answered).
	waitFor(t, "the request to be scored", func() bool { return len(s.work) > 0 || len(got) > 0 })
	stop()
	if a := <-got; a.code != 200 || !strings.HasPrefix(a.body, `{"score":`) {
		t.Errorf("request in flight at shutdown: %d %s", a.code, a.body)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("still accepting connections after shutdown")
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// stdioResponses runs ServeStdio over input and returns its responses by id
// (raw lines), the id-less ones apart.
func stdioResponses(t *testing.T, s *Server, input string) (map[string]string, []string) {
	t.Helper()
	var out syncBuffer
	if err := s.ServeStdio(context.Background(), strings.NewReader(input), &out); err != nil {
		t.Fatal(err)
	}
	byID := map[string]string{}
	var anon []string
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		var r struct{ ID json.RawMessage }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("response %q: %v", line, err)
		}
		if r.ID == nil {
			anon = append(anon, line)
			continue
		}
		if _, dup := byID[string(r.ID)]; dup {
			t.Errorf("two responses for id %s", r.ID)
		}
		byID[string(r.ID)] = line
	}
	return byID, anon
}

func TestStdio(t *testing.T) {
	s := newServer(t, Config{Jobs: 2})
	fig1 := fig1Request(t)
	other := strings.Replace(fig1, `"closin"`, `"closing"`, 1)
	var in strings.Builder
	want := map[string]string{}
	for i := range 40 {
		line := fig1
		if i%3 == 0 {
			line = other
		}
		line = fmt.Sprintf(`{"id":%d,%s`, i, line[1:])
		in.WriteString(line + "\n")
		want[fmt.Sprint(i)] = expected(t, line)
	}
	in.WriteString("\n")                                                               // skipped
	in.WriteString("{\"id\":\"bad\",\"gold\":1}\r\n")                                  // an error with its id
	in.WriteString(`{"id":"nope","schema":"nope","gold":1,"candidate":1}` + "\n")      // unknown schema
	in.WriteString("garbage\n")                                                        // an error without id
	in.WriteString(`{"id":"last","gold":1,"candidate":2,"schema":{"type":"integer"}}`) // no final newline
	want[`"bad"`] = `{"id":"bad","score":null,"error":"line 42: missing \"candidate\"","error_kind":"bad_request"}`
	want[`"nope"`] = `{"id":"nope","score":null,"error":"line 43: /schema: unknown schema name \"nope\" (known: \"org\", \"slow\")","error_kind":"bad_schema"}`
	want[`"last"`] = `{"id":"last","score":0.5,"objective_scores":{}}`
	got, anon := stdioResponses(t, s, in.String())
	for id, w := range want {
		if got[id] != w {
			t.Errorf("id %s:\n got  %s\n want %s", id, got[id], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d responses with ids, want %d", len(got), len(want))
	}
	if len(anon) != 1 || !strings.HasPrefix(anon[0], `{"score":null,"error":"line 44: 1:1: `) {
		t.Errorf("id-less responses %q", anon)
	}
}

// TestStdioTimeoutAndLimit: a pair past the timeout and a line over the
// limit are error responses; the others are answered.
func TestStdioTimeoutAndLimit(t *testing.T) {
	s := newServer(t, Config{Jobs: 2, Timeout: 100 * time.Millisecond, MaxBody: 1 << 20})
	slow := `{"id":"slow",` + slowRequest(2000)[1:]
	long := `{"id":"long","gold":"` + strings.Repeat("x", 2<<20) + `","candidate":""}`
	fig1 := `{"id":"fig1",` + fig1Request(t)[1:]
	got, anon := stdioResponses(t, s, slow+"\n"+long+"\n"+fig1+"\n")
	if !strings.Contains(got[`"slow"`], "scoring stopped after the 100ms timeout") {
		t.Errorf("slow: %s", got[`"slow"`])
	}
	if got[`"fig1"`] != expected(t, fig1) {
		t.Errorf("fig1: %s", got[`"fig1"`])
	}
	if len(anon) != 1 || !strings.Contains(anon[0], "line 2: longer than 1048576 bytes") {
		t.Errorf("long line: %q", anon)
	}
}

// TestStdioStop: when the context is done, reading stops and the requests
// in progress are answered.
func TestStdioStop(t *testing.T) {
	s := newServer(t, Config{Jobs: 1})
	pr, pw := io.Pipe()
	defer pw.Close()
	var out syncBuffer
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, pr, &out) }()
	if _, err := io.WriteString(pw, `{"id":1,`+slowRequest(300)[1:]+"\n"); err != nil {
		t.Fatal(err)
	}
	// The request is in flight once a worker holds it (or, on a machine
	// fast enough to finish it before this loop looks, once it is answered).
	waitFor(t, "the request to be scored", func() bool { return len(s.work) > 0 || out.String() != "" })
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), `{"id":1,"score":`) {
		t.Errorf("in-flight request: %q", out.String())
	}
}

func TestLoadSchemasErrors(t *testing.T) {
	for _, c := range []struct {
		specs []string
		want  string
	}{
		{[]string{"=x.json"}, "empty name"},
		{[]string{"a="}, "empty file name"},
		{[]string{fig1Dir + "schema.json", fig1Dir + "gold.json"}, "a default schema"},
		{[]string{"a=" + fig1Dir + "schema.json", "a=" + fig1Dir + "schema.json"}, `the name "a" is already given`},
		{[]string{"a=missing.json"}, "missing.json"},
	} {
		if _, err := LoadSchemas(c.specs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.specs, err, c.want)
		}
	}
	// A named schema that does not compile is an error of New.
	bad := t.TempDir() + "/bad.json"
	os.WriteFile(bad, []byte(`{"type":"strin"}`), 0o644)
	sch, err := LoadSchemas([]string{"bad=" + bad})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{Schemas: sch, Base: request.DefaultSettings()}); err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("New with a bad schema: %v", err)
	}
}

// TestStdioInteractive: a client that sends one line and waits for its
// answer before sending the next, its input kept open, gets every answer
// (the writer flushes when no other response is ready), good and bad
// lines alike and in any size order; each worker decodes into the storage
// of its previous line, so a small line after a large one must not see
// the large one's values.
func TestStdioInteractive(t *testing.T) {
	s := newServer(t, Config{Jobs: 2})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(context.Background(), inR, outW); outW.Close() }()
	fig1 := fig1Request(t)
	small := `{"gold":{"a":true,"b":false},"candidate":{"a":true,"b":true},"schema":{"type":"object"}}`
	lines := []string{fig1, small, "{oops", fig1, `{"id":"k","gold":1}`, small, small, fig1}
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<20)
	for i, line := range lines {
		line = fmt.Sprintf(`{"id":%d,%s`, i, line[1:])
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			if sc.Scan() {
				got <- sc.Text()
			}
			close(got)
		}()
		select {
		case resp := <-got:
			var want string
			switch {
			case strings.HasPrefix(line[len(`{"id":0,`):], `"gold":{"people"`):
				want = expected(t, line)
			case strings.Contains(line, "oops"):
				want = `{"id":2,"score":null,"error":"line 3: 1:9: unexpected character 'o'`
			case strings.Contains(line, `"id":"k"`):
				want = `{"id":"k","score":null,"error":"line 5: missing \"candidate\""` // the id's last value
			default:
				want = fmt.Sprintf(`{"id":%d,"score":0.5,"objective_scores":{"a":1.0,"b":0.0}}`, i)
			}
			if !strings.HasPrefix(resp, want) {
				t.Fatalf("line %d: %s\nwant %s…", i+1, resp, want)
			}
		case <-time.After(time.Minute):
			t.Fatalf("line %d: no answer within a minute while the input stays open", i+1)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
