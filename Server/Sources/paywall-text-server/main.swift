import ArgumentParser
import Foundation
import Logging
import Metrics
import PaywallTextJSON
import PaywallTextServer

/// `paywall-text-server`: the HTTP API of PaywallText (see Server/README in the main README).
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paywall-text-server",
        abstract: "Serve localized paywall text over HTTP.",
        discussion: """
        POST /v1/render renders products (any input format of paywall-text render) in \
        the request's locales, or in the one Accept-Language negotiates. GET /readyz is \
        ready once every catalog's locale is warmed up. SIGTERM and SIGINT make it \
        drain: not ready, then the listener closes and the requests in flight are \
        finished; SIGHUP reloads --catalogs and --copy.
        """
    )

    private static let defaults = ServerConfiguration()

    @Option(help: "The address to listen on.")
    var host = defaults.host

    @Option(help: "The port to listen on; 0 picks a free one (printed when listening).")
    var port = defaults.port

    @Option(help: ArgumentHelp("Read catalogs from this folder instead of the built-in ones; reloadable.", valueName: "dir"))
    var catalogs: String?

    @Option(help: ArgumentHelp("Render your own messages from this copy folder into each result's copy; reloaded with the catalogs.",
                               valueName: "dir"))
    var copy: String?

    @Option(name: .customLong("max-body-bytes"), help: "The largest request body read; larger is answered 413.")
    var maximumBodyBytes = defaults.maximumBodyBytes

    @Option(name: .customLong("max-products"), help: "The most products in one request.")
    var maximumProducts = defaults.limits.maximumProducts

    @Option(name: .customLong("max-locales"), help: "The most locales in one request.")
    var maximumLocales = defaults.limits.maximumLocales

    @Option(name: .customLong("max-renders"), help: "The most renders (products × locales) in one request.")
    var maximumRenders = defaults.limits.maximumRenders

    @Option(name: .customLong("cache-entries"), help: "The answer cache's most entries (answers to bodies seen twice); 0 turns it off.")
    var cacheEntries = defaults.cacheEntries

    @Option(name: .customLong("cache-mib"), help: "The cache's most memory, in MiB (estimated).")
    var cacheMiB = defaults.cacheBytes >> 20

    @Flag(name: .customLong("no-warm-up"), help: "Ready at once, without preparing every catalog's locale first.")
    var noWarmUp = false

    @Option(name: .customLong("shutdown-delay"), help: "Seconds between SIGTERM and closing the listener, /readyz saying draining.")
    var shutdownDelay = defaults.shutdownDelay

    @Option(name: .customLong("drain-timeout"), help: "The most seconds spent finishing the requests in flight after that.")
    var drainTimeout = defaults.drainTimeout

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = defaults.logLevel.rawValue

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level \(logLevel)") }
        guard maximumBodyBytes > 0, maximumProducts > 0, maximumLocales > 0, maximumRenders > 0, cacheEntries >= 0, cacheMiB > 0 else {
            throw ValidationError("the limits must be positive (the cache's entries may be 0)")
        }
        guard shutdownDelay >= 0, drainTimeout > 0 else {
            throw ValidationError("--shutdown-delay must be at least 0 and --drain-timeout more than 0")
        }
    }

    func run() async throws {
        // swift-log and swift-metrics are bootstrapped once, here, before any logger or metric is made.
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label) }
        let configuration = ServerConfiguration(
            host: host, port: port, catalogs: catalogs, copy: copy, maximumBodyBytes: maximumBodyBytes,
            limits: RenderRequest.Limits(maximumProducts: maximumProducts, maximumLocales: maximumLocales, maximumRenders: maximumRenders),
            cacheEntries: cacheEntries, cacheBytes: cacheMiB << 20, warmUp: !noWarmUp,
            shutdownDelay: shutdownDelay, drainTimeout: drainTimeout, logLevel: Logger.Level(rawValue: logLevel) ?? .info)
        let metrics = ServerMetrics()
        MetricsSystem.bootstrap(metrics.factory)
        try await PaywallServer.run(configuration, metrics: metrics) { address in
            // One line on standard output, unbuffered, for scripts that start the server on port 0.
            FileHandle.standardOutput.write(Data("paywall-text-server listening on \(address)\n".utf8))
        }
    }
}
