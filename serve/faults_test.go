package serve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// startServer serves s on a loopback port until the returned stop is
// called; stop returns what Serve returned.
func startServer(t *testing.T, s *Server) (url string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln, nil) }()
	stopped := false
	var result error
	stop = func() error {
		if !stopped {
			stopped = true
			cancel()
			select {
			case result = <-served:
			case <-time.After(2 * time.Minute):
				t.Fatal("Serve did not return within 2 minutes of its context being done")
			}
		}
		return result
	}
	t.Cleanup(func() { stop() })
	return "http://" + ln.Addr().String(), stop
}

// slowClient opens a connection and sends the headers of a scoring request
// and the first byte of its body, then holds the connection (a client
// sending its body at less than 1 byte/s). It returns the connection.
func slowClient(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /v1/score HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
	return c
}

// inFlight reads the server's in-flight HTTP request gauge (which counts
// the metrics request itself).
func inFlight(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var n int
		if _, err := fmt.Sscanf(sc.Text(), "oagen_http_requests_in_flight %d", &n); err == nil {
			return n - 1
		}
	}
	t.Fatal("no oagen_http_requests_in_flight in /metrics")
	return 0
}

// TestSlowBodiesDoNotStarveScoring: 64 clients that send their request
// bodies a byte at a time sit beside a normal request on a server with one
// worker and one queue place. The normal request is answered (200), and
// the time it took is logged (the figure docs/RELIABILITY.md records).
// Then the server is stopped with the slow clients still connected: Serve
// returns nil once the grace period is over.
func TestSlowBodiesDoNotStarveScoring(t *testing.T) {
	s := newServer(t, Config{Jobs: 1, Queue: 1, Grace: 500 * time.Millisecond})
	url, stop := startServer(t, s)
	addr := strings.TrimPrefix(url, "http://")
	const slow = 64
	for range slow {
		slowClient(t, addr)
	}
	// Every slow request is being read by its handler.
	waitFor(t, "the slow requests to reach their handlers", func() bool { return inFlight(t, url) >= slow })
	start := time.Now()
	code, _, body := post(t, url+"/v1/score", fig1Request(t))
	elapsed := time.Since(start)
	t.Logf("normal request beside %d slow-body clients: status %d after %v", slow, code, elapsed)
	if code != http.StatusOK || !strings.HasPrefix(body, `{"score":`) {
		t.Fatalf("normal request beside %d slow clients: %d %s", slow, code, body)
	}
	start = time.Now()
	if err := stop(); err != nil {
		t.Errorf("Serve with slow clients still connected at shutdown: %v, want nil", err)
	}
	t.Logf("Serve returned %v after its context was done (grace 500ms)", time.Since(start).Round(time.Millisecond))
}

// TestHTTPHalfClose: a client that sends its request and then closes its
// side of the connection (shutdown(SHUT_WR), as nc -N does) gets its
// answer, for a request that takes a while to score.
func TestHTTPHalfClose(t *testing.T) {
	s := newServer(t, Config{Jobs: 1})
	url, _ := startServer(t, s)
	body := slowRequest(150)
	c, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /v1/score HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	if err := c.(*net.TCPConn).CloseWrite(); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(2 * time.Minute))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(string(data), `{"score":`) {
		t.Errorf("half-closed client: %d %s", resp.StatusCode, data)
	}
}

// TestHTTPErrorsEchoTheID: every JSON error answering a request that has
// an "id" carries it: a bad request, a body that is not valid JSON (an
// unpaired surrogate, nesting past the limit) with the id first, a
// timeout, an unknown schema, and batch items; the depth limit is named
// as documented (256, also inside a batch).
func TestHTTPErrorsEchoTheID(t *testing.T) {
	s := newServer(t, Config{Jobs: 1, Timeout: 200 * time.Millisecond})
	url, _ := startServer(t, s)
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	for _, c := range []struct {
		path, body string
		code       int
		want       string
	}{
		{"/v1/score", `{"id":"a","gold":1}`, 400, `{"id":"a","score":null,"error":"missing \"candidate\"","error_kind":"bad_request"}`},
		{"/v1/score", `{"id":"b","gold":{"agenda":["x"]},"candidate":{"agenda":["\ud83d"]}}`, 400, `{"id":"b","score":null,"error":"1:59: lone surrogate escape`},
		{"/v1/score", `{"id":3,"gold":` + deep + `,"candidate":1}`, 400, `{"id":3,"score":null,"error":"1:271: nesting depth exceeds the MaxDepth limit of 256"`},
		{"/v1/score", `{"id":"d","schema":"nope","gold":1,"candidate":1}`, 404, `{"id":"d","score":null,"error":"/schema: unknown schema name`},
		{"/v1/score", `{"id":"e",` + slowRequest(2000)[1:], 504, `{"id":"e","score":null,"error":"scoring stopped after the 200ms timeout (-timeout)"`},
		{"/v1/batch", `{"items":[{"id":"f","gold":1},{"id":"g","gold":` + deep + `,"candidate":1}]}`, 400, `{"score":null,"error":"1:303: an item's nesting depth exceeds the MaxDepth limit of 256 (-max-depth)"`},
		{"/v1/batch", `{"items":[{"id":"f","gold":1},{"id":"h","schema":"nope","gold":1,"candidate":1}]}`, 200, `{"results":[{"id":"f","score":null,"error":"/items/0: missing \"candidate\"","error_kind":"bad_request"},{"id":"h","score":null,"error":"/items/1: /schema: unknown schema name`},
	} {
		code, _, got := post(t, url+c.path, c.body)
		if code != c.code || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %.60s: %d %s\nwant %d %s…", c.path, c.body, code, got, c.code, c.want)
		}
		waitIdle(t, s, 30*time.Second)
	}
}

// TestStdioIDRecovery: lines that are not valid JSON still get their "id"
// back when it can be read before the fault (the Python client's calls
// depend on it), and every error names its line.
func TestStdioIDRecovery(t *testing.T) {
	s := newServer(t, Config{Jobs: 2, Timeout: 200 * time.Millisecond})
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	in := strings.Join([]string{
		`{"id":1,"gold":{"agenda":["x"]},"candidate":{"agenda":["\ud83d"]}}`,
		`{"id":2,"gold":` + deep + `,"candidate":1}`,
		`{"feedback":true,"id":"three","gold":1,"candidate":[1,}`,
		`{"id":4,"gold":1,"candidate":1`,
		`{"gold":{"agenda":["\ud83d"]},"id":5,"candidate":1}`, // id after the fault, still readable
		`{"id":6,` + slowRequest(2000)[1:],
		`not json at all`,
	}, "\n") + "\n"
	got, anon := stdioResponses(t, s, in)
	want := map[string]string{
		`1`:       `{"id":1,"score":null,"error":"line 1: 1:57: lone surrogate escape`,
		`2`:       `{"id":2,"score":null,"error":"line 2: 1:271: nesting depth exceeds the MaxDepth limit of 256"`,
		`"three"`: `{"id":"three","score":null,"error":"line 3: `,
		`4`:       `{"id":4,"score":null,"error":"line 4: `,
		`5`:       `{"id":5,"score":null,"error":"line 5: 1:21: lone surrogate escape`,
		`6`:       `{"id":6,"score":null,"error":"line 6: scoring stopped after the 200ms timeout (-timeout)"`,
	}
	for id, w := range want {
		if !strings.HasPrefix(got[id], w) {
			t.Errorf("id %s: %s, want %s…", id, got[id], w)
		}
	}
	if len(got) != len(want) || len(anon) != 1 || !strings.HasPrefix(anon[0], `{"score":null,"error":"line 7: `) {
		t.Errorf("responses %v, id-less %q", got, anon)
	}
}
