package serve

import (
	"net/http"

	"github.com/objectaligner/oagen/playground"
)

// The playground (package playground) at "/" of the HTTP interface: the
// page, and the endpoint it posts to, admitted like a scoring request.

// handlePlayground answers POST /v1/playground.
func (s *Server) handlePlayground(w http.ResponseWriter, r *http.Request, data []byte) {
	out, err := playground.RunJSON(r.Context(), data)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// servePlaygroundPage answers GET / with the playground page; it reports
// whether the request was for it.
func servePlaygroundPage(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != "/" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	playground.ServePage(w, r)
	return true
}
