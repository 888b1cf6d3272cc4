package serve

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are a server's Prometheus metrics, on a registry of its own (no
// state is shared with other servers or with the default registry).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec   // route, code
	latency  *prometheus.HistogramVec // route
	inFlight prometheus.Gauge
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "oagen", Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests answered, by route and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "oagen", Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route.",
			Buckets: prometheus.ExponentialBuckets(50e-6, 2.5, 14), // 50 µs … 7.5 min
		}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "oagen", Subsystem: "http", Name: "requests_in_flight",
			Help: "HTTP requests being answered.",
		}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.inFlight,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "oagen", Name: "schema_cache_entries",
			Help: "Compiled scorers in the schema cache.",
		}, func() float64 { return float64(s.engine.Len()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "oagen", Name: "workers_busy",
			Help: "Requests being scored (at most -jobs).",
		}, func() float64 { return float64(len(s.work)) }),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// instrument counts, times and tracks the requests of one route.
func (m *metrics) instrument(route string, h http.Handler) http.Handler {
	labels := prometheus.Labels{"route": route}
	h = promhttp.InstrumentHandlerCounter(m.requests.MustCurryWith(labels), h)
	h = promhttp.InstrumentHandlerDuration(m.latency.MustCurryWith(labels), h)
	return promhttp.InstrumentHandlerInFlight(m.inFlight, h)
}

// handler serves the registry in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
