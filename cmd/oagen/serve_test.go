package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/objectaligner/oagen/internal/longtest"
	"github.com/objectaligner/oagen/serve"
)

// loadPairs writes k fig1-size variants of the org chart and returns each
// as a request (with feedback) and as what "oagen score -json -feedback"
// prints for it.
func loadPairs(t *testing.T, k int) (requests, want []string) {
	dir := t.TempDir()
	for i := range k {
		g := fmt.Sprintf(`{"people":[{"id":1,"name":"Alice","role":"Manager"},{"id":2,"name":"Bob","role":"Engineer"},{"id":3,"name":"Carol%d","role":"Engineer"},{"id":4,"name":"Dave","role":"Engineer"},{"id":5,"name":"Dave","role":"Engineer"},{"id":6,"name":"Eve","role":"Intern"}],"mentorships":[{"mentor":1,"mentee":4},{"mentor":2,"mentee":3},{"mentor":3,"mentee":5}],"agenda":["intro","reviews %d","closing"],"period":[2023,%d]}`, i%5, i%7, 2025+i%3)
		c := fmt.Sprintf(`{"people":[{"id":90,"name":"Dave","role":"Engineer"},{"id":91,"name":"Alice","role":"Manager"},{"id":92,"name":"Dave","role":"Engineer"},{"id":93,"name":"Carol%d","role":"Engineer"},{"id":94,"name":"Bob","role":"Engineer"}],"mentorships":[{"mentor":91,"mentee":92},{"mentor":94,"mentee":93},{"mentor":93,"mentee":%d}],"agenda":["reviews %d","intro","closin"],"period":[2023,%d]}`, i%3, 90+i%2*2, i%4, 2026+i%2)
		gf, cf := filepath.Join(dir, fmt.Sprintf("g%d.json", i)), filepath.Join(dir, fmt.Sprintf("c%d.json", i))
		if err := os.WriteFile(gf, []byte(g), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cf, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if code := run([]string{"score", "-schema", orgSchema, "-json", "-feedback", gf, cf}, nil, &out, &errb); code != 0 {
			t.Fatalf("oagen score: %d %s", code, errb.String())
		}
		requests = append(requests, fmt.Sprintf(`{"gold":%s,"candidate":%s,"feedback":true}`, g, c))
		want = append(want, strings.TrimSuffix(out.String(), "\n"))
	}
	return requests, want
}

// withoutObjectives removes the last member, "objective_scores", of a
// server response: the rest is what "oagen score -json" prints.
func withoutObjectives(t *testing.T, resp string) string {
	t.Helper()
	i := strings.LastIndex(resp, `,"objective_scores":`)
	if i < 0 {
		t.Fatalf("no objective_scores in %s", resp)
	}
	return resp[:i] + "}"
}

// loadSize is the number of requests each of 16 clients sends: 1,000 in
// the long set (OAGEN_LONG=1: the load test, run by CI), 25
// otherwise.
func loadSize() int { return longtest.Count(25, 25, 1000) }

// TestServeHTTPLoad: 16 concurrent clients × loadSize() fig1-size requests
// with feedback over loopback HTTP: no error, every response equal to what
// "oagen score -json -feedback" prints for its pair.
func TestServeHTTPLoad(t *testing.T) {
	requests, want := loadPairs(t, 24)
	var f scoreFlags
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	f.register(fs, modeScore)
	base, err := f.settings()
	if err != nil {
		t.Fatal(err)
	}
	sch, err := serve.LoadSchemas([]string{orgSchema})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := serve.New(serve.Config{Schemas: sch, Base: base})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	n := loadSize()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for c := range 16 {
		wg.Go(func() {
			for i := range n {
				k := (c*n + i) % len(requests)
				resp, err := client.Post(ts.URL+"/v1/score", "application/json", strings.NewReader(requests[k]))
				if err != nil {
					errs <- err
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != 200 {
					errs <- fmt.Errorf("client %d request %d: %d %s %v", c, i, resp.StatusCode, body, err)
					return
				}
				if got := withoutObjectives(t, strings.TrimSuffix(string(body), "\n")); got != want[k] {
					errs <- fmt.Errorf("client %d request %d (pair %d):\n got  %s\n want %s", c, i, k, got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestServeStdioLoad: 16 goroutines × loadSize() requests multiplexed by id
// over one "oagen serve -stdio": every id answered once, with what "oagen
// score -json -feedback" prints; end of input ends the command with status 0.
func TestServeStdioLoad(t *testing.T) {
	requests, want := loadPairs(t, 24)
	n := loadSize()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	status := make(chan int, 1)
	go func() {
		code := run([]string{"serve", "-stdio", "-schema", orgSchema}, inR, outW, &stderr)
		outW.Close()
		status <- code
	}()
	var mu sync.Mutex
	writeErr := make(chan error, 16)
	var wg sync.WaitGroup
	for c := range 16 {
		wg.Go(func() {
			for i := range n {
				id := c*n + i
				line := fmt.Sprintf(`{"id":%d,%s`+"\n", id, requests[id%len(requests)][1:])
				mu.Lock()
				_, err := io.WriteString(inW, line)
				mu.Unlock()
				if err != nil {
					writeErr <- err
					return
				}
			}
		})
	}
	go func() { wg.Wait(); inW.Close(); close(writeErr) }()
	seen := make([]bool, 16*n)
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		var r struct{ ID *int }
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.ID == nil || *r.ID < 0 || *r.ID >= len(seen) || seen[*r.ID] {
			t.Fatalf("response %s: %v", line, err)
		}
		seen[*r.ID] = true
		got := withoutObjectives(t, line)
		if w := fmt.Sprintf(`{"id":%d,%s`, *r.ID, want[*r.ID%len(want)][1:]); got != w {
			t.Fatalf("id %d:\n got  %s\n want %s", *r.ID, got, w)
		}
	}
	for err := range writeErr {
		t.Error(err)
	}
	if code := <-status; code != 0 {
		t.Errorf("exit status %d: %s", code, stderr.String())
	}
	for id, ok := range seen {
		if !ok {
			t.Fatalf("id %d not answered", id)
		}
	}
}
