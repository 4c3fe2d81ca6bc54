public import Metrics
import PaywallTextJSON
import Prometheus

/// The server's metrics, in one Prometheus registry that `GET /metrics` writes out.
///
/// The executable bootstraps swift-metrics with ``factory`` (once per process, in `main`),
/// so that Hummingbird's `MetricsMiddleware` (requests, durations and errors per route and
/// status) reports into the same registry; the server adds its own counters and the
/// cache's figures.
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
    private let cacheEntries: Prometheus.Gauge
    private let cacheBytes: Prometheus.Gauge
    private let cacheHits: Prometheus.Gauge
    private let cacheMisses: Prometheus.Gauge

    /// A registry of the server's metrics.
    public init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        // swift-metrics labels such as Hummingbird's `http.server.active_requests` become
        // Prometheus names: letters, digits and underscores.
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
        cacheEntries = gauge("cache", "entries", "Entries in the cache (request readings and locales' entries).")
        cacheBytes = gauge("cache", "bytes", "Estimated bytes held by the cache.")
        cacheHits = gauge("cache_hits", "", "Cache lookups that hit, since start.")
        cacheMisses = gauge("cache_misses", "", "Cache lookups that missed, since start.")
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
    func text(cache: RenderJSONCache?) -> [UInt8] {
        if let statistics = cache?.statistics {
            cacheEntries.set(Double(statistics.entries))
            cacheBytes.set(Double(statistics.bytes))
            cacheHits.set(Double(statistics.hits))
            cacheMisses.set(Double(statistics.misses))
        }
        return registry.emitToBuffer()
    }
}
