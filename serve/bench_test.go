package serve

// Benchmarks of the server over loopback; the figures and the commands are
// in docs/PERFORMANCE.md ("Server").
//
//	go test ./serve -run '^$' -bench . -benchtime 2000x

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/objectaligner/oagen/internal/cputime"
	"github.com/objectaligner/oagen/jsonval"
	"github.com/objectaligner/oagen/request"
)

// benchPairs are the benchmark requests, with feedback: the paper's org
// chart and the Org2Graph pair of 50 people.
func benchPairs(b *testing.B) []struct{ name, schema, req string } {
	org := "testdata/org2graph50/"
	return []struct{ name, schema, req string }{
		{"fig1", fig1Dir + "schema.json", fig1Request(b)},
		{"org2graph-50", org + "schema.json", fmt.Sprintf(`{"gold":%s,"candidate":%s,"feedback":true}`,
			compact(b, readFile(b, org+"gold.json")), compact(b, readFile(b, org+"candidate.json")))},
	}
}

func benchServer(b *testing.B, schema string) *Server {
	sch, err := LoadSchemas([]string{schema})
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(Config{Schemas: sch, Base: request.DefaultSettings()})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// reportLatency reports the requests per second and the median and 99th
// percentile latencies.
func reportLatency(b *testing.B, lat []time.Duration, elapsed time.Duration) {
	slices.Sort(lat)
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// clients is the number of concurrent clients (HTTP) or requests kept in
// flight (stdio).
const clients = 8

// BenchmarkHTTP: 8 clients with keep-alive connections post requests to
// /v1/score; every request is checked.
func BenchmarkHTTP(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name, func(b *testing.B) {
			ts := httptest.NewServer(benchServer(b, p.schema).Handler())
			defer ts.Close()
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
			var mu sync.Mutex
			lat := make([]time.Duration, 0, b.N)
			next := make(chan struct{}, b.N)
			for range b.N {
				next <- struct{}{}
			}
			close(next)
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for range clients {
				wg.Go(func() {
					for range next {
						t0 := time.Now()
						resp, err := client.Post(ts.URL+"/v1/score", "application/json", strings.NewReader(p.req))
						if err != nil {
							b.Error(err)
							return
						}
						body, _ := io.ReadAll(resp.Body)
						resp.Body.Close()
						d := time.Since(t0)
						if resp.StatusCode != 200 || !strings.HasPrefix(string(body), `{"score":`) {
							b.Errorf("%d %s", resp.StatusCode, body)
							return
						}
						mu.Lock()
						lat = append(lat, d)
						mu.Unlock()
					}
				})
			}
			wg.Wait()
			reportLatency(b, lat, time.Since(start))
		})
	}
}

// BenchmarkStdio keeps 8 requests in flight over ServeStdio (a pipe each
// way) and times each from its write to its response.
func BenchmarkStdio(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name, func(b *testing.B) {
			s := benchServer(b, p.schema)
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			go func() {
				if err := s.ServeStdio(context.Background(), inR, outW); err != nil {
					b.Error(err)
				}
				outW.Close()
			}()
			sent := make([]time.Time, b.N)
			window := make(chan struct{}, clients)
			b.ResetTimer()
			start := time.Now()
			go func() {
				w := bufio.NewWriter(inW)
				for i := range b.N {
					window <- struct{}{}
					sent[i] = time.Now()
					fmt.Fprintf(w, `{"id":%d,%s`+"\n", i, p.req[1:])
					w.Flush()
				}
				inW.Close()
			}()
			lat := make([]time.Duration, 0, b.N)
			sc := bufio.NewScanner(outR)
			sc.Buffer(nil, 1<<24)
			for sc.Scan() {
				v, err := jsonval.Decode(sc.Bytes(), jsonval.DecodeOptions{})
				id, _ := v.Get("id")
				if err != nil || id.Kind != jsonval.Int {
					b.Fatalf("response %s: %v", sc.Text(), err)
				}
				lat = append(lat, time.Since(sent[id.I]))
				<-window
			}
			reportLatency(b, lat, time.Since(start))
		})
	}
}

// BenchmarkInProcess is the work of one request without the server:
// Align, the feedback, the response encoding (the baseline of the client
// overheads).
func BenchmarkInProcess(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name, func(b *testing.B) {
			s := benchServer(b, p.schema)
			r, err := request.Parse([]byte(p.req), s.dec)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.score(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStdioStream is the request path of "oagen serve -stdio" on a
// stream of score-only fig1 requests (as internal/linebench sends them, no
// feedback), in process: b.N lines read from memory, answered into a
// discarding writer, with one and two workers, CPU time of the process a
// line (cpu-ns/line). .../direct is the same work without the server's
// plumbing, one line after the other on one goroutine (parse, score,
// render): the difference is what the queue, the workers and the output
// cost.
//
//	go test ./serve -run '^$' -bench StdioStream -benchtime 20000x -cpu 2
func BenchmarkStdioStream(b *testing.B) {
	line := []byte(fmt.Sprintf(`{"id":1,"gold":%s,"candidate":%s}`,
		compact(b, readFile(b, fig1Dir+"gold.json")), compact(b, readFile(b, fig1Dir+"candidate.json"))))
	report := func(b *testing.B, start time.Duration) {
		b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/line")
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			s := benchServer(b, fig1Dir+"schema.json")
			s.cfg.Jobs = jobs
			input := bytes.Repeat(append(slices.Clip(line), '\n'), b.N)
			b.ResetTimer()
			start := cputime.Process()
			if err := s.ServeStdio(context.Background(), bytes.NewReader(input), io.Discard); err != nil {
				b.Fatal(err)
			}
			report(b, start)
		})
	}
	b.Run("direct", func(b *testing.B) {
		s := benchServer(b, fig1Dir+"schema.json")
		w := stdioWorker{s: s, dec: jsonval.Decoder{Options: s.dec}}
		var out []byte
		b.ResetTimer()
		start := cputime.Process()
		for i := range b.N {
			res, _ := w.answer(context.Background(), stdioLine{n: i + 1, data: line}, out[:0])
			out = res
		}
		report(b, start)
	})
}
