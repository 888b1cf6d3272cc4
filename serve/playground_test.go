package serve

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestPlaygroundRoutes: GET / is the playground page, POST /v1/playground
// scores the three texts, and other paths are still 404.
func TestPlaygroundRoutes(t *testing.T) {
	ts := httptest.NewServer(newServer(t, Config{}).Handler())
	defer ts.Close()
	resp, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "oagen playground") || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("GET /: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	read := func(name string) string {
		data, err := os.ReadFile("../examples/orgchart/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	body, _ := json.Marshal(map[string]string{"schema": read("schema.json"), "gold": read("gold.json"), "candidate": read("candidate.json")})
	resp, err = http.Post(ts.URL+"/v1/playground", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		OK    bool    `json:"ok"`
		Score float64 `json:"score"`
	}
	err = json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || !out.OK || out.Score <= 0 || out.Score >= 1 {
		t.Errorf("POST /v1/playground: %d %v %+v", resp.StatusCode, err, out)
	}
	resp, err = http.Post(ts.URL+"/v1/playground", "application/json", strings.NewReader("["))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("a malformed playground request: %d", resp.StatusCode)
	}
	resp, err = http.Get(ts.URL + "/index.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("GET /index.html: %d", resp.StatusCode)
	}
}
