import Foundation
import HTTPTypes
import Metrics
import NIOCore
import NIOHTTP1
import NIOPosix
import PaywallTextServer
import ServiceLifecycle

/// The server package's folder.
let serverRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The process's metrics: swift-metrics is bootstrapped once, as the executable's `main` does.
let testMetrics: ServerMetrics = {
    let metrics = ServerMetrics()
    MetricsSystem.bootstrap(metrics.factory)
    return metrics
}()

/// Runs `test` against the application served on an ephemeral loopback port, in a service
/// group as the executable runs it, through ``TestClient`` (HTTP/1.1 over TCP). Without a
/// warm-up unless asked: it is the same for every test, and `/readyz` has tests of its own.
/// The server is shut down gracefully when `test` returns or throws. A test that reads
/// `/metrics` passes a registry of its own, which no other test's requests reach.
func withServer<Value: Sendable>(
    _ configuration: ServerConfiguration = ServerConfiguration(port: 0, warmUp: false, logLevel: .warning),
    metrics: ServerMetrics = testMetrics,
    _ test: @Sendable (TestClient) async throws -> Value
) async throws -> Value {
    let (addresses, listening) = AsyncStream.makeStream(of: String.self)
    let application = try PaywallServer.application(configuration, metrics: metrics) { address in
        listening.yield(address)
        listening.finish()
    }
    let services = ServiceGroup(configuration: .init(services: [application], logger: application.logger))
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
            // A server that fails to start ends the wait for its address.
            defer { listening.finish() }
            try await services.run()
        }
        guard let address = await addresses.first(where: { _ in true }),
              let port = address.split(separator: ":").last.flatMap({ Int($0) }) else {
            try await group.next()
            throw TestFailure("the server stopped before it listened")
        }
        do {
            let value = try await test(TestClient(port: port))
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return value
        } catch {
            await services.triggerGracefulShutdown()
            throw error
        }
    }
}

/// A test's own failure: what the server or the connection did not do.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An HTTP/1.1 client for the tests, on SwiftNIO (which the server runs on already): one
/// connection per request, closed after its response, and at most `timeout` for each.
struct TestClient: Sendable {
    /// The loopback port the server listens on.
    let port: Int
    var timeout: Duration = .seconds(30)

    /// Sends `method uri` with `headers` and `body` (framed by `Content-Length`) and reads
    /// the whole response.
    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        try await withThrowingTaskGroup(of: TestResponse.self) { group in
            group.addTask { try await exchange(uri: uri, method: method, headers: headers, body: body) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw TestFailure("\(method) \(uri): no response within \(timeout)")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    private func exchange(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri)
        head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
        for field in headers { head.headers.add(name: field.name.rawName, value: field.value) }
        // Framed by its length; a request without a body says so unless its method has none.
        if let body {
            head.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
        } else if ![.get, .head, .trace, .options].contains(method) {
            head.headers.replaceOrAdd(name: "Content-Length", value: "0")
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(head))
            if let body { try await outbound.write(.body(.byteBuffer(body))) }
            try await outbound.write(.end(nil))
            var response: (status: HTTPResponse.Status, headers: HTTPFields)?
            var collected = ByteBuffer()
            for try await part in inbound {
                switch part {
                case .head(let head) where head.status.code >= 200:
                    var fields = HTTPFields()
                    for (name, value) in head.headers {
                        guard let name = HTTPField.Name(name) else { throw TestFailure("\(method) \(uri): a header named \(name)") }
                        fields.append(HTTPField(name: name, value: value))
                    }
                    response = (HTTPResponse.Status(code: Int(head.status.code), reasonPhrase: head.status.reasonPhrase), fields)
                case .head:
                    continue // informational (1xx)
                case .body(var chunk):
                    collected.writeBuffer(&chunk)
                case .end:
                    guard let response else { throw TestFailure("\(method) \(uri): a response without a head") }
                    return TestResponse(status: response.status, headers: response.headers, body: collected)
                }
            }
            throw TestFailure("\(method) \(uri): the connection closed before the response ended")
        }
    }

    /// `POST /v1/render` with a JSON body.
    func render(_ body: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        if fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await executeRequest(uri: "/v1/render", method: .post, headers: fields, body: ByteBuffer(string: body))
    }
}

/// A whole response.
struct TestResponse: Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: ByteBuffer

    var text: String { String(buffer: body) }

    /// The body as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// `error` of a `{"error": {...}}` body.
    var error: [String: String]? { (json as? [String: Any])?["error"] as? [String: String] }
}

/// A folder removed when the value goes away.
final class TemporaryFolder: @unchecked Sendable {
    let url: URL
    var path: String { url.path }

    /// A copy of the package's `Locales/`.
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-server-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: serverRoot.deletingLastPathComponent().appendingPathComponent("Locales"), to: url)
    }

    /// Sets a message of a catalog file.
    func setMessage(_ key: String, to pattern: String, in file: String) throws {
        let location = url.appendingPathComponent(file)
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: location)) as! [String: Any]
        var messages = json["messages"] as! [String: Any]
        messages[key] = pattern
        json["messages"] = messages
        try JSONSerialization.data(withJSONObject: json).write(to: location)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A product in the package's own model, as a JSON object.
func productJSON(_ identifier: String, price: String, currency: String = "USD", trial: Bool = true) -> String {
    let intro = trial
        ? #","introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":7},"numberOfPeriods":1}"#
        : ""
    return #"{"productIdentifier":"\#(identifier)","price":"\#(price)","currencyCode":"\#(currency)","subscriptionPeriod":{"unit":"month","numberOfUnits":1}\#(intro)}"#
}
