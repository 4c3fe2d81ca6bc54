public import Logging
public import PaywallTextJSON

/// How the server runs: where it listens, where its catalogs are, its bounds and its cache.
public struct ServerConfiguration: Sendable {
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port; 0 asks the system for a free one (the address is logged and printed).
    public var port: Int
    /// A folder of catalogs to read instead of the built-in ones, reloadable at run time
    /// (`POST /v1/catalogs/reload`, or SIGHUP); `nil` for the built-in catalogs.
    public var catalogs: String?
    /// The largest request body read, in bytes; a larger one is answered 413.
    public var maximumBodyBytes: Int
    /// The most products and locales in one request.
    public var limits: RenderRequest.Limits
    /// The result cache's most entries; 0 turns the cache off.
    public var cacheEntries: Int
    /// The result cache's most bytes (estimated).
    public var cacheBytes: Int
    /// The level below which log messages are dropped.
    public var logLevel: Logger.Level

    /// Creates a configuration; every value has a default fit for a server on loopback.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        catalogs: String? = nil,
        maximumBodyBytes: Int = 1 << 20,
        limits: RenderRequest.Limits = RenderRequest.Limits(),
        cacheEntries: Int = 50_000,
        cacheBytes: Int = 128 << 20,
        logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.catalogs = catalogs
        self.maximumBodyBytes = maximumBodyBytes
        self.limits = limits
        self.cacheEntries = cacheEntries
        self.cacheBytes = cacheBytes
        self.logLevel = logLevel
    }
}
