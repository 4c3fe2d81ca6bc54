import Foundation  // Data
public import Hummingbird
import HummingbirdCore
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
/// | `POST /v1/catalogs/reload` | re-reads `--catalogs DIR` and `--copy DIR`, all or nothing (SIGHUP does the same) |
/// | `GET /healthz` | 200 while the server serves |
/// | `GET /readyz` | 200 once warmed up, 503 while warming up or draining |
/// | `GET /metrics` | Prometheus metrics |
/// | `GET /openapi.json` | the API's OpenAPI 3.1 document |
///
/// Bad requests are answered 4xx with `{"error": {"kind", "path", "message"}}`, as the
/// library reports them; a bad product in a good request is an entry with its `error`,
/// in a 200 response, as the command-line tool writes it.
public enum PaywallServer {
    /// Runs the server until SIGTERM or SIGINT: then `/readyz` says draining, the listener
    /// stays open for ``ServerConfiguration/shutdownDelay``, closes, and the requests in
    /// flight are finished within ``ServerConfiguration/drainTimeout``.
    ///
    /// - Parameters:
    ///   - metrics: The registry swift-metrics was bootstrapped with.
    ///   - onRunning: Called with the address once the server listens.
    public static func run(
        _ configuration: ServerConfiguration, metrics: ServerMetrics, onRunning: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        let readiness = Readiness()
        let application = try application(configuration, metrics: metrics, readiness: readiness, onRunning: onRunning)
        var group = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: Drain(readiness: readiness, delay: .seconds(configuration.shutdownDelay),
                                                                         logger: application.logger))],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: application.logger)
        group.maximumGracefulShutdownDuration = .seconds(configuration.shutdownDelay + configuration.drainTimeout)
        try await ServiceGroup(configuration: group).run()
    }

    /// The application, for a test or a service group of one's own.
    ///
    /// - Parameter onRunning: Called with the address once the server listens (port 0 is
    ///   resolved by then).
    public static func application(
        _ configuration: ServerConfiguration, metrics: ServerMetrics, onRunning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> Application<RouterResponder<BasicRequestContext>> {
        try application(configuration, metrics: metrics, readiness: Readiness(), onRunning: onRunning)
    }

    static func application(
        _ configuration: ServerConfiguration, metrics: ServerMetrics, readiness: Readiness, onRunning: @escaping @Sendable (String) -> Void
    ) throws -> Application<RouterResponder<BasicRequestContext>> {
        let logger = {
            var logger = Logger(label: "paywall-text-server")
            logger.logLevel = configuration.logLevel
            return logger
        }()
        let cache = configuration.cacheEntries > 0
            ? AnswerCache(maximumEntries: configuration.cacheEntries, maximumBytes: configuration.cacheBytes) : nil
        // A folder that cannot be read is a startup error, not a 4xx on every request.
        let catalogs = try configuration.catalogs.map { try Catalogs(directory: $0) } ?? .builtIn
        let copy = try configuration.copy.map { try PaywallCopy(directory: $0) }
        for warning in copy?.warnings ?? [] { logger.warning("copy folder", metadata: ["warning": "\(warning)"]) }

        let routes = Routes(configuration: configuration, catalogs: catalogs, sources: TextSources(catalogs: catalogs, copy: copy),
                            cache: cache, metrics: metrics, readiness: readiness)
        let router = Router()
        // The metrics outermost, so that they record the answer the client gets, after the
        // error middleware has made every thrown error into one.
        router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware(metrics: metrics))
        router.post("/v1/render") { request, context in try await routes.render(request, context: context) }
        router.post("/v1/catalogs/reload") { _, context in await routes.reload(logger: context.logger) }
        router.get("/healthz") { _, _ in routes.health() }
        router.get("/readyz") { _, _ in routes.ready() }
        router.get("/metrics") { _, _ in routes.metricsText() }
        router.get("/openapi.json") { _, _ in routes.openAPI() }

        var services: [any Service] = [WarmUp(catalogs: catalogs, enabled: configuration.warmUp, readiness: readiness, logger: logger)]
        if configuration.catalogs != nil || configuration.copy != nil {
            services.append(ReloadOnHangup(routes: routes, logger: logger))
        }
        let maximumBodyBytes = configuration.maximumBodyBytes
        return Application(
            router: router,
            // HTTP/1.1 as `.http1` builds it, its responder answering `Expect: 100-continue`.
            server: HTTPServerBuilder { responder in
                HTTP1Channel(responder: ContinueExpectation.responder(responder, maximumBodyBytes: maximumBodyBytes),
                             configuration: .init(additionalChannelHandlers: [UnreadBodyHandler(drainBytes: maximumBodyBytes)]))
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "paywall-text-server"),
            services: services,
            onServerRunning: { channel in
                let address = channel.localAddress.map { "http://\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)" }
                    ?? "http://\(configuration.host):\(configuration.port)"
                logger.info("listening", metadata: [
                    "address": "\(address)", "catalogs": "\(configuration.catalogs ?? "built-in")", "copy": "\(configuration.copy ?? "none")",
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
        "/healthz": "GET", "/readyz": "GET", "/metrics": "GET", "/openapi.json": "GET",
    ]

    let configuration: ServerConfiguration
    let catalogs: Catalogs
    let sources: TextSources
    let cache: AnswerCache?
    let metrics: ServerMetrics
    let readiness: Readiness

    /// `POST /v1/render`: the answer to a body seen before is found by its bytes (with the
    /// `Accept-Language` it came with and the catalogs and copy in use); otherwise the body is
    /// read, each locale's entries rendered and the answer written into one buffer
    /// (``Answer/answer(_:acceptLanguage:limits:catalogs:copy:cache:)``). The task yields
    /// between locales, so that a large request does not hold a thread of the cooperative
    /// pool for all of its work.
    ///
    /// A body whose `Content-Length` is over the limit is refused at once, before any of it is
    /// read: a client that asked `Expect: 100-continue` never sends it.
    func render(_ request: Request, context: some RequestContext) async throws -> Response {
        if let type = request.headers[.contentType], !Self.isJSON(type) {
            throw RequestError(.unsupportedMediaType, PaywallTextError(.invalidValue, path: "Content-Type", message:
                "the body must be JSON (application/json), got \(type)"))
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > configuration.maximumBodyBytes {
            throw RequestError(.contentTooLarge, PaywallTextError(.invalidValue, path: "Content-Length", message:
                "the body is \(length) bytes, over \(configuration.maximumBodyBytes), the most this server reads"))
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: configuration.maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            throw RequestError(.contentTooLarge, PaywallTextError(.invalidValue, message:
                "the body is over \(configuration.maximumBodyBytes) bytes, the most this server reads"))
        } catch {
            // The body's framing is the client's (a chunk size that is not hexadecimal, say):
            // a 400, not the server's 500.
            throw RequestError(.badRequest, PaywallTextError(.invalidRequest, path: "body", message: "the body could not be read: \(error)"))
        }
        let answer: Answer
        let started = ContinuousClock.now
        do throws(PaywallTextError) {
            answer = try await Answer.answer(Data(buffer.readableBytesView), acceptLanguage: request.headers[.acceptLanguage],
                                             limits: configuration.limits, catalogs: catalogs, copy: sources.copy, cache: cache)
        } catch {
            throw RequestError(.badRequest, error)
        }
        metrics.renderDuration.record(ContinuousClock.now - started)
        metrics.rendered.increment(by: Int64(answer.count - answer.failures))
        metrics.failed.increment(by: Int64(answer.failures))
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        headers[.contentLanguage] = answer.locales.joined(separator: ", ")
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: answer.json)))
    }

    /// `POST /v1/catalogs/reload` and SIGHUP: re-reads the catalog and copy folders, off the
    /// cooperative pool, one reload at a time, all or nothing.
    func reload(logger: Logger) async -> Response {
        guard sources.reloadable else {
            metrics.rejected.increment()
            return Self.json(.conflict, RenderEntry.errorJSON(PaywallTextError(.invalidRequest, message:
                "the server renders with its built-in catalogs and no copy folder; start it with --catalogs DIR or --copy DIR to reload them")))
        }
        let folders: Logger.Metadata = ["catalogs": "\(configuration.catalogs ?? "built-in")", "copy": "\(configuration.copy ?? "none")"]
        do throws(PaywallTextError) {
            try await sources.reload()
        } catch {
            metrics.failedReloads.increment()
            logger.error("reload failed; the catalogs and copy in use stay", metadata: folders.merging(["error": "\(error)"]) { $1 })
            return Self.json(.unprocessableContent, RenderEntry.errorJSON(error))
        }
        metrics.reloads.increment()
        logger.info("catalogs and copy reloaded", metadata: folders)
        return Self.json(.ok, #"{"reloaded":true}"#)
    }

    /// `GET /healthz`: the process serves (liveness).
    func health() -> Response {
        Self.json(.ok, #"{"status":"ok","icu":"\#(PaywallRenderer.icuVersion)","cldr":"\#(PaywallRenderer.cldrVersion)"}"#)
    }

    /// `GET /readyz`: whether to send it traffic (readiness).
    func ready() -> Response {
        let state = readiness.current
        return Self.json(state == .ready ? .ok : .serviceUnavailable, #"{"status":"\#(state.name)"}"#)
    }

    /// `GET /metrics`.
    func metricsText() -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: metrics.text(cache: cache))))
    }

    /// `GET /openapi.json`: the document compiled into the binary.
    func openAPI() -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: Self.openAPIDocument))
    }

    /// `openapi.json`, embedded in the binary by the build and made into a buffer once.
    static let openAPIDocument = ByteBuffer(bytes: PackageResources.openapi_json)

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

/// Records each request with the status its client got, when its answer is made: outside
/// ``ErrorMiddleware``, so that a refused request counts as its 400, 413 or 415, a method a
/// path does not take as its 405 (under that path's route), and a path no route has as its
/// 404 (under `NotFound`). An error that still came through would be recorded as its
/// `HTTPResponseError` status, or 500.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let method = request.method.rawValue
        let active = metrics.activeRequests(method: method)
        active.increment()
        defer { active.decrement() }
        do {
            let response = try await next(request, context)
            record(response.status, request: request, context: context, since: started)
            return response
        } catch {
            record((error as? any HTTPResponseError)?.status ?? .internalServerError, request: request, context: context, since: started)
            throw error
        }
    }

    private func record(_ status: HTTPResponse.Status, request: Request, context: Context, since started: ContinuousClock.Instant) {
        // A 405 is made from the router's 404 for a path it knows: the route is that path.
        let route = status == .methodNotAllowed && Routes.methods[request.uri.path] != nil
            ? request.uri.path : context.endpointPath ?? "NotFound"
        metrics.recordRequest(route: route, method: request.method.rawValue, status: status.code, duration: ContinuousClock.now - started)
    }
}

/// Reloads the catalogs on SIGHUP, as `POST /v1/catalogs/reload` does.
struct ReloadOnHangup: Service {
    let routes: Routes
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            _ = await routes.reload(logger: logger)
        }
    }
}
