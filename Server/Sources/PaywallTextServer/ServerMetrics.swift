public import Metrics
import PaywallTextJSON
import Prometheus
import Synchronization

/// The server's metrics, in one Prometheus registry that `GET /metrics` writes out.
///
/// Every request is recorded with the status its client got, once its answer is made
/// (``RequestMetricsMiddleware``): `hb_requests` and `http_server_request_duration` per
/// route, method and status, `hb_request_errors` for the answers of 400 and over, and
/// `http_server_active_requests` per method (the names and labels of Hummingbird's
/// `MetricsMiddleware`). The server adds its own counters, a histogram of the time each
/// rendered request took, and the cache's figures.
///
/// The executable also bootstraps swift-metrics with ``factory`` (once per process, in
/// `main`), so that anything reporting through swift-metrics lands in the same registry.
///
/// ```swift
/// let metrics = ServerMetrics()
/// MetricsSystem.bootstrap(metrics.factory)
/// ```
public final class ServerMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    /// The factory to bootstrap swift-metrics with: it reports into this registry.
    public let factory: any MetricsFactory
    /// Products rendered, one per product and locale.
    let rendered: Prometheus.Counter
    /// Products that could not be rendered, one per product and locale.
    let failed: Prometheus.Counter
    /// Requests rejected before rendering (4xx), whatever the route.
    let rejected: Prometheus.Counter
    /// Catalog reloads that succeeded, and that failed.
    let reloads: Prometheus.Counter
    let failedReloads: Prometheus.Counter
    /// The time of each `POST /v1/render` answered 200: reading the body, finding or
    /// rendering its entries and writing the answer.
    let renderDuration: DurationHistogram
    private let cacheEntries: Prometheus.Gauge
    private let cacheBytes: Prometheus.Gauge
    private let cacheHits: Prometheus.Counter
    private let cacheMisses: Prometheus.Counter
    /// The cache's hits and misses the counters hold so far: the cache counts them, the
    /// counters are moved on by the difference when the metrics are written.
    private let cacheCounted = Mutex<(hits: Int, misses: Int)>((0, 0))
    /// Each route, method and status's series, made once.
    private let requestSeries = Mutex<[RequestKey: RequestSeries]>([:])
    /// Each method's requests in flight.
    private let activeSeries = Mutex<[String: Prometheus.Gauge]>([:])

    /// The buckets of `paywall_text_render_duration_seconds`: 50 µs to 1 s.
    static let renderBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .microseconds(2500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
    ]

    /// The buckets of `http_server_request_duration` (those of swift-prometheus's factory,
    /// which Hummingbird's timer used): 5 ms to 10 s.
    static let requestBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    /// A registry of the server's metrics.
    public init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        // swift-metrics labels such as `http.server.active_requests` become Prometheus
        // names: letters, digits and underscores.
        factory.nameAndLabelSanitizer = { name, labels in
            (Self.prometheusName(name), labels.map { (Self.prometheusName($0.0), $0.1) })
        }
        self.factory = factory
        func counter(_ name: String, _ help: String) -> Prometheus.Counter {
            registry.makeCounter(descriptor: MetricNameDescriptor(namespace: "paywall_text", metricName: name, unitName: "total", helpText: help))
        }
        func gauge(_ name: String, _ unit: String, _ help: String) -> Prometheus.Gauge {
            registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "paywall_text", metricName: name, unitName: unit, helpText: help))
        }
        rendered = counter("rendered", "Products rendered, per product and locale.")
        failed = counter("failed", "Products that could not be rendered, per product and locale.")
        rejected = counter("rejected_requests", "Requests answered with a 4xx status.")
        reloads = counter("catalog_reloads", "Catalog reloads that succeeded.")
        failedReloads = counter("catalog_reload_failures", "Catalog reloads that failed.")
        renderDuration = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(namespace: "paywall_text", metricName: "render_duration", unitName: "seconds",
                                             helpText: "Time to answer each POST /v1/render answered 200: reading, rendering (or finding) and writing."),
            buckets: Self.renderBuckets)
        cacheEntries = gauge("cache", "entries", "Answers in the cache.")
        cacheBytes = gauge("cache", "bytes", "Estimated bytes held by the cache.")
        cacheHits = counter("cache_hits", "Cache lookups that hit.")
        cacheMisses = counter("cache_misses", "Cache lookups that missed.")
    }

    /// A name with every character Prometheus does not allow replaced by `_`.
    static func prometheusName(_ name: String) -> String {
        String(name.unicodeScalars.enumerated().map { index, scalar -> Character in
            let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == ":"
                || (index > 0 && ("0"..."9").contains(scalar))
            return allowed ? Character(scalar) : "_"
        })
    }

    /// The metrics in Prometheus's text format, with the cache's figures as of now.
    func text(cache: AnswerCache?) -> [UInt8] {
        if let statistics = cache?.statistics {
            cacheEntries.set(Double(statistics.entries))
            cacheBytes.set(Double(statistics.bytes))
            let (hits, misses) = cacheCounted.withLock { counted in
                // The cache's counts only grow; the counters take what they have not yet.
                let new = (hits: max(0, statistics.hits - counted.hits), misses: max(0, statistics.misses - counted.misses))
                counted = (max(counted.hits, statistics.hits), max(counted.misses, statistics.misses))
                return new
            }
            if hits > 0 { cacheHits.increment(by: Int64(hits)) }
            if misses > 0 { cacheMisses.increment(by: Int64(misses)) }
        }
        return registry.emitToBuffer()
    }

    // MARK: Requests

    /// What a request's series are told apart by.
    struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    /// The series of one route, method and status.
    struct RequestSeries: Sendable {
        let requests: Prometheus.Counter
        let duration: DurationHistogram
        /// Answers of 400 and over; `nil` below.
        let errors: Prometheus.Counter?
    }

    /// Records a request answered with `status` after `duration`.
    ///
    /// - Parameter route: The route's path as registered (`/v1/render`), or `NotFound` for
    ///   a path no route has.
    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: method, status: status)
        let series = requestSeries.withLock { all in
            if let series = all[key] { return series }
            let series = makeSeries(key)
            all[key] = series
            return series
        }
        series.requests.increment()
        series.duration.record(duration)
        series.errors?.increment()
    }

    /// The gauge of a method's requests in flight.
    func activeRequests(method: String) -> Prometheus.Gauge {
        activeSeries.withLock { all in
            if let gauge = all[method] { return gauge }
            let gauge = registry.makeGauge(
                descriptor: MetricNameDescriptor(namespace: "http", subsystem: "server", metricName: "active_requests", unitName: "",
                                                 helpText: "Requests being answered, per method."),
                labels: [("http_request_method", method)])
            all[method] = gauge
            return gauge
        }
    }

    private func makeSeries(_ key: RequestKey) -> RequestSeries {
        let labels = [("http_route", key.route), ("http_request_method", key.method), ("http_response_status_code", String(key.status))]
        return RequestSeries(
            requests: registry.makeCounter(
                descriptor: MetricNameDescriptor(namespace: "hb", metricName: "requests", unitName: "",
                                                 helpText: "Requests answered, per route, method and the status the client got."),
                labels: labels),
            duration: registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(namespace: "http", subsystem: "server", metricName: "request_duration", unitName: "",
                                                 helpText: "Time from a request's head to its answer, per route, method and status."),
                labels: labels, buckets: Self.requestBuckets),
            errors: key.status < 400 ? nil : registry.makeCounter(
                descriptor: MetricNameDescriptor(namespace: "hb", subsystem: "request", metricName: "errors", unitName: "",
                                                 helpText: "Requests answered with a status of 400 or more, per route, method and that status."),
                labels: [("http_route", key.route), ("http_request_method", key.method), ("error_type", String(key.status))]))
    }
}
