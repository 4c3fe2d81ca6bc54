import ArgumentParser
import Foundation
import Logging
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
        the request's locales, or in the one Accept-Language negotiates. SIGTERM and \
        SIGINT stop the server after the requests in flight; SIGHUP reloads --catalogs.
        """
    )

    private static let defaults = ServerConfiguration()

    @Option(help: "The address to listen on.")
    var host = defaults.host

    @Option(help: "The port to listen on; 0 picks a free one (printed when listening).")
    var port = defaults.port

    @Option(help: ArgumentHelp("Read catalogs from this folder instead of the built-in ones; reloadable.", valueName: "dir"))
    var catalogs: String?

    @Option(name: .customLong("max-body-bytes"), help: "The largest request body read; larger is answered 413.")
    var maximumBodyBytes = defaults.maximumBodyBytes

    @Option(name: .customLong("max-products"), help: "The most products in one request.")
    var maximumProducts = defaults.limits.maximumProducts

    @Option(name: .customLong("max-locales"), help: "The most locales in one request.")
    var maximumLocales = defaults.limits.maximumLocales

    @Option(name: .customLong("cache-entries"), help: "The result cache's most entries; 0 turns it off.")
    var cacheEntries = defaults.cacheEntries

    @Option(name: .customLong("cache-mib"), help: "The result cache's most memory, in MiB (estimated).")
    var cacheMiB = defaults.cacheBytes >> 20

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = defaults.logLevel.rawValue

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level: unknown level \(logLevel)") }
        guard maximumBodyBytes > 0, maximumProducts > 0, maximumLocales > 0, cacheEntries >= 0, cacheMiB > 0 else {
            throw ValidationError("the limits must be positive (the cache's entries may be 0)")
        }
    }

    func run() async throws {
        let configuration = ServerConfiguration(
            host: host, port: port, catalogs: catalogs, maximumBodyBytes: maximumBodyBytes,
            limits: RenderRequest.Limits(maximumProducts: maximumProducts, maximumLocales: maximumLocales),
            cacheEntries: cacheEntries, cacheBytes: cacheMiB << 20, logLevel: Logger.Level(rawValue: logLevel) ?? .info)
        let application = try PaywallServer.application(configuration) { address in
            // One line on standard output, unbuffered, for scripts that start the server on port 0.
            FileHandle.standardOutput.write(Data("paywall-text-server listening on \(address)\n".utf8))
        }
        try await application.runService()
    }
}
