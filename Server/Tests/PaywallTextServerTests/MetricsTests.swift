import Foundation
import HTTPTypes
import NIOCore
import PaywallTextServer
import Testing

/// `/metrics` after each kind of answer: every request is recorded with the status its
/// client got, under its route. Each test has a registry of its own, so that the other
/// tests' requests (run at the same time) are not in it.
@Suite("Metrics")
struct MetricsTests {
    /// The samples of `text` (Prometheus's text format): series → value.
    static func samples(_ text: String) -> [String: String] {
        var samples: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            samples[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return samples
    }

    /// The samples of one metric, by their series.
    static func series(_ samples: [String: String], _ name: String) -> [String: String] {
        samples.filter { $0.key == name || $0.key.hasPrefix(name + "{") }
    }

    @Test func everyRefusalIsRecordedAsTheStatusItsClientGot() async throws {
        let metrics = ServerMetrics()
        let configuration = ServerConfiguration(port: 0, maximumBodyBytes: 4096, warmUp: false, logLevel: .critical)
        let text = try await withServer(configuration, metrics: metrics) { client in
            let body = #"{"locales":["en-US"],"products":\#(productJSON("p", price: "9.99"))}"#
            // The first answer notes the body, the second is kept, the third is found in the cache.
            for _ in 0..<3 { #expect(try await client.render(body).status == .ok) }
            #expect(try await client.render("nope").status == .badRequest)
            #expect(try await client.render(#"{"products":"\#(String(repeating: "x", count: 5000))"}"#).status == .contentTooLarge)
            #expect(try await client.render("<products/>", headers: [.contentType: "application/xml"]).status == .unsupportedMediaType)
            #expect(try await client.executeRequest(uri: "/v2/render", method: .post, headers: [:], body: nil).status == .notFound)
            #expect(try await client.executeRequest(uri: "/v1/render", method: .get, headers: [:], body: nil).status == .methodNotAllowed)
            #expect(try await client.executeRequest(uri: "/healthz", method: .get, headers: [:], body: nil).status == .ok)
            let first = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType]?.hasPrefix("text/plain") == true)
            // Read again: the cache's counters are not counted twice, and the first read is recorded.
            let second = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil)
            return (first.text, second.text)
        }
        let samples = Self.samples(text.0)
        func labels(_ route: String, _ method: String, _ status: Int) -> String {
            #"{http_route="\#(route)",http_request_method="\#(method)",http_response_status_code="\#(status)"}"#
        }
        #expect(Self.series(samples, "hb_requests") == [
            "hb_requests" + labels("/v1/render", "POST", 200): "3",
            "hb_requests" + labels("/v1/render", "POST", 400): "1",
            "hb_requests" + labels("/v1/render", "POST", 413): "1",
            "hb_requests" + labels("/v1/render", "POST", 415): "1",
            "hb_requests" + labels("NotFound", "POST", 404): "1",
            "hb_requests" + labels("/v1/render", "GET", 405): "1",
            "hb_requests" + labels("/healthz", "GET", 200): "1",
        ])
        #expect(Self.series(samples, "hb_request_errors") == [
            #"hb_request_errors{http_route="/v1/render",http_request_method="POST",error_type="400"}"#: "1",
            #"hb_request_errors{http_route="/v1/render",http_request_method="POST",error_type="413"}"#: "1",
            #"hb_request_errors{http_route="/v1/render",http_request_method="POST",error_type="415"}"#: "1",
            #"hb_request_errors{http_route="NotFound",http_request_method="POST",error_type="404"}"#: "1",
            #"hb_request_errors{http_route="/v1/render",http_request_method="GET",error_type="405"}"#: "1",
        ])
        // Each series of a request's duration counts as its requests do.
        #expect(Self.series(samples, "http_server_request_duration_count") == Dictionary(uniqueKeysWithValues:
            Self.series(samples, "hb_requests").map { ("http_server_request_duration_count" + $0.key.dropFirst("hb_requests".count), $0.value) }))
        #expect(samples["paywall_text_rejected_requests_total"] == "5")
        #expect(samples["paywall_text_rendered_total"] == "3")
        // The three renders answered 200 are in the histogram of render time.
        #expect(text.0.contains("# TYPE paywall_text_render_duration_seconds histogram"))
        #expect(samples["paywall_text_render_duration_seconds_count"] == "3")
        #expect(samples[#"paywall_text_render_duration_seconds_bucket{le="+Inf"}"#] == "3")
        #expect(samples[#"paywall_text_render_duration_seconds_bucket{le="0.00005"}"#] != nil)
        #expect(Self.series(samples, "http_server_active_requests") == [#"http_server_active_requests{http_request_method="GET"}"#: "1.0",
                                                                         #"http_server_active_requests{http_request_method="POST"}"#: "0.0"])

        // The cache's hits and misses are counters: the third body was a hit, and reading
        // the metrics again does not count them again.
        #expect(text.0.contains("# TYPE paywall_text_cache_hits_total counter"))
        #expect(text.0.contains("# TYPE paywall_text_cache_misses_total counter"))
        let hits = try #require(samples["paywall_text_cache_hits_total"].flatMap { Int($0) })
        let misses = try #require(samples["paywall_text_cache_misses_total"].flatMap { Int($0) })
        #expect(hits == 1)
        #expect(misses == 3, "the body's first two answers and the body that is no JSON")
        let again = Self.samples(text.1)
        #expect(again["paywall_text_cache_hits_total"] == String(hits))
        #expect(again["paywall_text_cache_misses_total"] == String(misses))
        #expect(again["hb_requests" + labels("/metrics", "GET", 200)] == "1")
    }

    /// A body whose chunked framing is broken is the client's fault: a 400 to the client and
    /// in the metrics (it was a 500 in both).
    @Test func aBrokenChunkIsA400() async throws {
        let metrics = ServerMetrics()
        let text = try await withServer(metrics: metrics) { client in
            let connection = try ProcessTests.RawConnection(port: UInt16(client.port), timeout: 30)
            // The socket blocks: on a thread of its own, not one of the pool the server answers on.
            let answer = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    connection.send(Array(("POST /v1/render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"pro\r\nzz\r\n").utf8))
                    continuation.resume(returning: connection.read().text)
                }
            }
            #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer)")
            #expect(answer.contains(#"{"error":{"kind":"invalidRequest","path":"body","message":"the body could not be read: "#))
            return try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil).text
        }
        #expect(Self.series(Self.samples(text), "hb_requests") == [
            #"hb_requests{http_route="/v1/render",http_request_method="POST",http_response_status_code="400"}"#: "1",
        ])
    }
}
