import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Metrics
import NIOCore
import PaywallTextServer

/// The server package's folder.
let serverRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The process's metrics: swift-metrics is bootstrapped once, as the executable's `main` does.
let testMetrics: ServerMetrics = {
    let metrics = ServerMetrics()
    MetricsSystem.bootstrap(metrics.factory)
    return metrics
}()

/// Runs `test` against the application served on an ephemeral loopback port, through
/// AsyncHTTPClient (a real HTTP client over TCP). Without a warm-up unless asked: it is
/// the same for every test, and `/readyz` has tests of its own.
func withServer<Value: Sendable>(
    _ configuration: ServerConfiguration = ServerConfiguration(port: 0, warmUp: false, logLevel: .warning),
    _ test: @Sendable (any TestClientProtocol) async throws -> Value
) async throws -> Value {
    try await PaywallServer.application(configuration, metrics: testMetrics).test(.ahc(.http), test)
}

extension TestClientProtocol {
    /// `POST /v1/render` with a JSON body.
    func render(_ body: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var fields = headers
        if fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await executeRequest(uri: "/v1/render", method: .post, headers: fields, body: ByteBuffer(string: body))
    }
}

extension TestResponse {
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
