public import Logging
public import PaywallTextJSON

/// How the server runs: where it listens, where its catalogs are, its bounds, its cache and
/// how it starts and stops.
public struct ServerConfiguration: Sendable {
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port; 0 asks the system for a free one (the address is logged and printed).
    public var port: Int
    /// A folder of catalogs to read instead of the built-in ones, reloadable at run time
    /// (`POST /v1/catalogs/reload`, or SIGHUP); `nil` for the built-in catalogs.
    public var catalogs: String?
    /// A copy folder (your own messages, `<dir>/<catalog>.json`) rendered into each result's
    /// `copy`, reloaded with the catalogs; `nil` for none.
    public var copy: String?
    /// The largest request body read, in bytes; a larger one is answered 413.
    public var maximumBodyBytes: Int
    /// The most products, locales and renders (products × locales) in one request.
    public var limits: RenderRequest.Limits
    /// The answer cache's most entries (whole answers to bodies seen before, ``AnswerCache``); 0 turns it off.
    public var cacheEntries: Int
    /// The cache's most bytes (estimated).
    public var cacheBytes: Int
    /// Whether every catalog's locale is prepared before `GET /readyz` answers ready; when
    /// off, the server is ready as soon as it listens.
    public var warmUp: Bool
    /// Seconds between SIGTERM and closing the listener, while `GET /readyz` says draining
    /// and requests are still served, for a load balancer that polls readiness to stop
    /// sending; 0 by default.
    public var shutdownDelay: Double
    /// The most seconds spent finishing the requests in flight once the listener is closed;
    /// the process exits (status 1) when they are not finished by then.
    public var drainTimeout: Double
    /// The level below which log messages are dropped.
    public var logLevel: Logger.Level

    /// Creates a configuration; every value has a default fit for a server on loopback.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        catalogs: String? = nil,
        copy: String? = nil,
        maximumBodyBytes: Int = 1 << 20,
        limits: RenderRequest.Limits = RenderRequest.Limits(),
        cacheEntries: Int = 50_000,
        cacheBytes: Int = 128 << 20,
        warmUp: Bool = true,
        shutdownDelay: Double = 0,
        drainTimeout: Double = 20,
        logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.catalogs = catalogs
        self.copy = copy
        self.maximumBodyBytes = maximumBodyBytes
        self.limits = limits
        self.cacheEntries = cacheEntries
        self.cacheBytes = cacheBytes
        self.warmUp = warmUp
        self.shutdownDelay = shutdownDelay
        self.drainTimeout = drainTimeout
        self.logLevel = logLevel
    }
}
