import Foundation  // Bundle.module, for openapi.json
public import Hummingbird
import Logging
import NIOCore
import PaywallText
import PaywallTextJSON
import ServiceLifecycle
import UnixSignals

/// The paywall-text HTTP server: the routes of `openapi.json` on Hummingbird.
///
/// | route | what |
/// |---|---|
/// | `POST /v1/render` | products in any input format → the JSON of `paywall-text render --format json` |
/// | `POST /v1/catalogs/reload` | re-reads `--catalogs DIR` (SIGHUP does the same) |
/// | `GET /healthz` | 200 while the server serves |
/// | `GET /metrics` | Prometheus metrics |
/// | `GET /openapi.json` | the API's OpenAPI 3.1 document |
///
/// Bad requests are answered 4xx with `{"error": {"kind", "path", "message"}}`, as the
/// library reports them; a bad product in a good request is an entry with its `error`,
/// in a 200 response, as the command-line tool writes it.
public enum PaywallServer {
    /// The application, ready for `runService()` (which stops gracefully on SIGTERM and
    /// SIGINT, finishing the requests in flight).
    ///
    /// - Parameter onRunning: Called with the address once the server listens (port 0 is
    ///   resolved by then).
    public static func application(
        _ configuration: ServerConfiguration, onRunning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let logger = {
            var logger = Logger(label: "paywall-text-server")
            logger.logLevel = configuration.logLevel
            return logger
        }()
        let cache = configuration.cacheEntries > 0
            ? RenderCache(maximumEntries: configuration.cacheEntries, maximumBytes: configuration.cacheBytes) : nil
        // A folder that cannot be read is a startup error, not a 4xx on every request.
        let catalogs = try configuration.catalogs.map { try Catalogs(directory: $0) } ?? .builtIn
        try PaywallRenderer(catalogs: catalogs).prepare(locales: ["en-US"])

        let routes = Routes(configuration: configuration, catalogs: catalogs, cache: cache, metrics: ServerMetrics.shared)
        let router = Router()
        router.add(middleware: ErrorMiddleware(metrics: ServerMetrics.shared))
        router.add(middleware: MetricsMiddleware())
        router.post("/v1/render") { request, context in try await routes.render(request, context: context) }
        router.post("/v1/catalogs/reload") { _, context in routes.reload(logger: context.logger) }
        router.get("/healthz") { _, _ in routes.health() }
        router.get("/metrics") { _, _ in routes.metricsText() }
        router.get("/openapi.json") { _, _ in try routes.openAPI() }

        var services: [any Service] = []
        if configuration.catalogs != nil {
            services.append(ReloadOnHangup(routes: routes, logger: logger))
        }
        return Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "paywall-text-server"),
            services: services,
            onServerRunning: { channel in
                let address = channel.localAddress.map { "http://\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)" }
                    ?? "http://\(configuration.host):\(configuration.port)"
                logger.info("listening", metadata: [
                    "address": "\(address)", "catalogs": "\(configuration.catalogs ?? "built-in")",
                    "cache": "\(cache.map { "\($0.maximumEntries) entries, \($0.maximumBytes >> 20) MiB" } ?? "off")",
                    "icu": "\(PaywallRenderer.icuVersion)",
                ])
                onRunning(address)
            },
            logger: logger
        )
    }
}

/// What the routes do, with the state they share.
struct Routes: Sendable {
    /// The method each path takes (for the `Allow` header of a 405); kept beside the
    /// router's registrations in ``PaywallServer``.
    static let methods: [String: String] = [
        "/v1/render": "POST", "/v1/catalogs/reload": "POST",
        "/healthz": "GET", "/metrics": "GET", "/openapi.json": "GET",
    ]

    let configuration: ServerConfiguration
    let catalogs: Catalogs
    let cache: RenderCache?
    let metrics: ServerMetrics

    /// `POST /v1/render`.
    func render(_ request: Request, context: some RequestContext) async throws -> Response {
        if let type = request.headers[.contentType], !Self.isJSON(type) {
            throw RequestError(.unsupportedMediaType, PaywallTextError(.invalidValue, path: "Content-Type", message:
                "the body must be JSON (application/json), got \(type)"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: configuration.maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            throw RequestError(.contentTooLarge, PaywallTextError(.invalidValue, message:
                "the body is over \(configuration.maximumBodyBytes) bytes, the most this server reads"))
        }
        let body: RenderRequest
        do throws(PaywallTextError) {
            body = try RenderRequest.decode(Data(buffer.readableBytesView), limits: configuration.limits)
        } catch {
            throw RequestError(.badRequest, error)
        }
        let renderer = PaywallRenderer(catalogs: catalogs, options: body.options, cache: cache)
        let locales = body.locales ?? [renderer.negotiateLocale(acceptLanguage: request.headers[.acceptLanguage] ?? "").locale]
        let entries = RenderEntry.entries(for: body.document, locales: locales, renderer: renderer)
        let failures = entries.reduce(0) { $0 + ($1.error == nil ? 0 : 1) }
        metrics.rendered.increment(by: Int64(entries.count - failures))
        metrics.failed.increment(by: Int64(failures))
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        headers[.contentLanguage] = locales.joined(separator: ", ")
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: RenderEntry.jsonArray(entries))))
    }

    /// `POST /v1/catalogs/reload` and SIGHUP: re-reads the catalog folder.
    func reload(logger: Logger) -> Response {
        guard let folder = catalogs.directory else {
            metrics.rejected.increment()
            return Self.json(.conflict, RenderEntry.errorJSON(PaywallTextError(.invalidRequest, message:
                "the server renders with its built-in catalogs; start it with --catalogs DIR to reload them")))
        }
        do {
            try catalogs.reload()
        } catch {
            metrics.failedReloads.increment()
            logger.error("catalog reload failed; the catalogs in use stay", metadata: ["catalogs": "\(folder)", "error": "\(error)"])
            return Self.json(.unprocessableContent, RenderEntry.errorJSON(error))
        }
        metrics.reloads.increment()
        logger.info("catalogs reloaded", metadata: ["catalogs": "\(folder)"])
        return Self.json(.ok, #"{"reloaded":true}"#)
    }

    /// `GET /healthz`.
    func health() -> Response {
        Self.json(.ok, #"{"status":"ok","icu":"\#(PaywallRenderer.icuVersion)","cldr":"\#(PaywallRenderer.cldrVersion)"}"#)
    }

    /// `GET /metrics`.
    func metricsText() -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: metrics.text(cache: cache))))
    }

    /// `GET /openapi.json`.
    func openAPI() throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: try OpenAPIDocument.bytes())))
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `application/json`, with or without parameters, or another `+json` type.
    static func isJSON(_ type: String) -> Bool {
        // The media type before any parameters, without spaces, in lower case (ASCII).
        let essence = String(decoding: type.utf8.prefix { $0 != UInt8(ascii: ";") }
            .filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            .map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
        return essence == "application/json" || (essence.hasPrefix("application/") && essence.hasSuffix("+json"))
    }
}

/// A request refused before rendering: its status and the library's error.
struct RequestError: Error {
    let status: HTTPResponse.Status
    let error: PaywallTextError

    init(_ status: HTTPResponse.Status, _ error: PaywallTextError) {
        self.status = status
        self.error = error
    }
}

/// Turns every error a route throws into `{"error": {...}}` with its 4xx status, so that
/// a client sees one shape; anything unforeseen is a 500 with the same shape.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let refused as RequestError {
            metrics.rejected.increment()
            context.logger.debug("request refused", metadata: ["status": "\(refused.status.code)", "error": "\(refused.error)"])
            return Routes.json(refused.status, RenderEntry.errorJSON(refused.error))
        } catch let http as any HTTPResponseError {
            // The router's own: 404 for an unknown path, 405 for a method a path does not take.
            metrics.rejected.increment()
            if http.status == .notFound, let allowed = Routes.methods[request.uri.path] {
                // A known path asked with another method: 405 naming the methods it takes.
                var response = Routes.json(.methodNotAllowed, RenderEntry.errorJSON(PaywallTextError(
                    .invalidRequest, path: request.uri.path,
                    message: "\(request.uri.path) takes \(allowed), not \(request.method)")))
                response.headers[.allow] = allowed
                return response
            }
            let message = http.status == .notFound ? "no such route: \(request.method) \(request.uri.path)" : http.status.reasonPhrase
            return Routes.json(http.status, RenderEntry.errorJSON(PaywallTextError(.invalidRequest, path: request.uri.path, message: message)))
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            return Routes.json(.internalServerError, RenderEntry.errorJSON(PaywallTextError(.formattingFailed, message: "\(error)")))
        }
    }
}

/// Reloads the catalogs on SIGHUP, as `POST /v1/catalogs/reload` does.
struct ReloadOnHangup: Service {
    let routes: Routes
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            _ = routes.reload(logger: logger)
        }
    }
}

/// The OpenAPI document, shipped as a resource of this target.
enum OpenAPIDocument {
    static func bytes() throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
            throw RequestError(.internalServerError, PaywallTextError(.invalidRequest, message: "openapi.json is missing from the build"))
        }
        return try [UInt8](Data(contentsOf: url))
    }
}
