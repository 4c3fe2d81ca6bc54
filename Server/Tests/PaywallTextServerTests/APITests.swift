import Foundation
import HTTPTypes
import PaywallText
import PaywallTextJSON
import PaywallTextServer
import Testing

/// The HTTP API over a real connection: what `openapi.json` promises.
@Suite("HTTP API")
struct APITests {
    let paywall = "[\(productJSON("com.example.monthly", price: "9.99")), \(productJSON("com.example.annual", price: "59.99", trial: false).replacingOccurrences(of: #""month","numberOfUnits":1"#, with: #""year","numberOfUnits":1"#))]"

    @Test func rendersAsTheCommandLineToolWrites() async throws {
        let expectedItems = try StoreDocuments.read(Data(paywall.utf8))
        let expected = RenderEntry.jsonArray(RenderEntry.entries(for: expectedItems, locales: ["de-DE", "ja-JP"], renderer: PaywallRenderer()))
        let body = #"{"locales":["de-DE","ja-JP"],"products":\#(paywall)}"#
        try await withServer { client in
            let response = try await client.render(body)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.contentLanguage] == "de-DE, ja-JP")
            #expect(response.text == expected)
            let entries = try #require(response.json as? [[String: Any]])
            #expect(entries.map { $0["locale"] as? String } == ["de-DE", "ja-JP", "de-DE", "ja-JP"])
            #expect(entries[0]["price"] as? String == "9,99\u{00A0}$")
            #expect((entries[2]["savings"] as? [String: Any])?["headline"] as? String == "49\u{00A0}% sparen")
            // The second time comes from the result cache, and is the same.
            #expect(try await client.render(body).text == expected)
        }
    }

    @Test(arguments: [
        ("de-AT;q=0.9, en;q=0.5", "de-AT", "de"),
        ("en-GB", "en-GB", "en-001"),
        ("zh-TW,zh;q=0.8", "zh-TW", "zh-Hant"),
        ("xx", "en", "en"),
    ])
    func acceptLanguageChoosesTheLocale(_ header: String, _ locale: String, _ catalog: String) async throws {
        try await withServer { client in
            let response = try await client.render(#"{"products":\#(productJSON("p", price: "9.99"))}"#, headers: [.acceptLanguage: header])
            #expect(response.status == .ok)
            #expect(response.headers[.contentLanguage] == locale)
            let entry = try #require((response.json as? [[String: Any]])?.first)
            #expect(entry["locale"] as? String == locale)
            #expect(entry["catalog"] as? String == catalog)
        }
    }

    /// The same body with other headers on one server: each answer (kept by the body's bytes
    /// and its header) is the header's own.
    @Test func oneBodyAnswersEachAcceptLanguage() async throws {
        let body = #"{"products":\#(productJSON("p", price: "9.99"))}"#
        try await withServer { client in
            for (header, locale) in [("de-AT", "de-AT"), ("ja-JP", "ja-JP"), ("de-AT", "de-AT"), ("", "en"), ("ja-JP", "ja-JP")] {
                let response = try await client.render(body, headers: header.isEmpty ? [:] : [.acceptLanguage: header])
                #expect(response.headers[.contentLanguage] == locale)
                #expect((response.json as? [[String: Any]])?.first?["locale"] as? String == locale)
            }
        }
    }

    @Test func withoutAcceptLanguageItIsEnglish() async throws {
        try await withServer { client in
            let response = try await client.render(#"{"products":[\#(productJSON("p", price: "9.99"))]}"#)
            #expect(response.headers[.contentLanguage] == "en")
            #expect((response.json as? [[String: Any]])?.first?["price"] as? String == "$9.99")
        }
    }

    @Test func aBadProductIsAnEntryWithItsError() async throws {
        let body = #"{"locales":["en-US"],"products":[\#(productJSON("good", price: "9.99")),{"productIdentifier":"bad","price":"-1","currencyCode":"USD"}]}"#
        try await withServer { client in
            let response = try await client.render(body)
            #expect(response.status == .ok)
            let entries = try #require(response.json as? [[String: Any]])
            #expect(entries[0]["price"] as? String == "$9.99")
            let error = try #require(entries[1]["error"] as? [String: String])
            #expect(error["path"] == "[1].price")
            #expect(error["message"] == "must not be negative, got -1")
        }
    }

    /// Every bad request is a 4xx with the library's error, never a 5xx.
    @Test(arguments: [
        ("{\"products\": [", HTTPResponse.Status.badRequest, "malformedJSON", ""),
        ("[1, 2]", .badRequest, "invalidValue", ""),
        (#"{"locales":["xx-QQ"],"products":{"price":"1","currencyCode":"USD"}}"#, .badRequest, "unsupportedLocale", "locales[0]"),
        (#"{"locales":[],"products":{"price":"1","currencyCode":"USD"}}"#, .badRequest, "invalidValue", "locales"),
        (#"{"locales":["en-US"]}"#, .badRequest, "invalidValue", "products"),
        (#"{"products":{"sku":"x"}}"#, .badRequest, "unrecognizedFormat", "products"),
        (#"{"products":{"price":"1","currencyCode":"USD"},"input":"itunes"}"#, .badRequest, "invalidValue", "input"),
        (#"{"products":{"price":"1","currencyCode":"USD"},"options":{"cancellationHint":"carrierPigeon"}}"#, .badRequest, "invalidValue", "options.cancellationHint"),
        (#"{"products":{"price":"1","currencyCode":"USD"},"extra":1}"#, .badRequest, "invalidValue", "extra"),
    ])
    func badRequests(_ body: String, _ status: HTTPResponse.Status, _ kind: String, _ path: String) async throws {
        try await withServer { client in
            let response = try await client.render(body)
            #expect(response.status == status)
            #expect(response.error?["kind"] == kind)
            #expect(response.error?["path"] == path)
            #expect(response.error?["message"]?.isEmpty == false)
        }
    }

    @Test func tooManyProductsOrLocalesAndTooLargeBodies() async throws {
        let configuration = ServerConfiguration(port: 0, maximumBodyBytes: 4096, limits: .init(maximumProducts: 3, maximumLocales: 2, maximumRenders: 4),
                                                warmUp: false, logLevel: .warning)
        try await withServer(configuration) { client in
            let four = "[" + (0..<4).map { productJSON("p\($0)", price: "1", trial: false) }.joined(separator: ",") + "]"
            let products = try await client.render(#"{"locales":["en-US"],"products":\#(four)}"#)
            #expect(products.status == .badRequest)
            #expect(products.error?["message"] == "holds 4 products; at most 3 per request")
            let locales = try await client.render(#"{"locales":["en-US","de-DE","fr-FR"],"products":\#(productJSON("p", price: "1"))}"#)
            #expect(locales.status == .badRequest)
            #expect(locales.error?["path"] == "locales")
            let three = "[" + (0..<3).map { productJSON("p\($0)", price: "1", trial: false) }.joined(separator: ",") + "]"
            let renders = try await client.render(#"{"locales":["en-US","de-DE"],"products":\#(three)}"#)
            #expect(renders.status == .badRequest)
            #expect(renders.error?["path"] == "products")
            #expect(renders.error?["message"] == "3 products in 2 locales make 6 renders; at most 4 per request (products × locales)")
            // Refused by its Content-Length, before it is read.
            let largeBody = #"{"products":"\#(String(repeating: "x", count: 5000))"}"#
            let large = try await client.render(largeBody)
            #expect(large.status == .contentTooLarge)
            #expect(large.error?["path"] == "Content-Length")
            #expect(large.error?["message"] == "the body is \(largeBody.utf8.count) bytes, over 4096, the most this server reads")
        }
    }

    @Test func otherMediaTypesAndRoutes() async throws {
        try await withServer { client in
            let xml = try await client.render("<products/>", headers: [.contentType: "application/xml"])
            #expect(xml.status == .unsupportedMediaType)
            #expect(xml.error?["path"] == "Content-Type")
            let charset = try await client.render(#"{"products":\#(productJSON("p", price: "1"))}"#, headers: [.contentType: "application/json; charset=utf-8"])
            #expect(charset.status == .ok)
            let missing = try await client.executeRequest(uri: "/v2/render", method: .post, headers: [:], body: nil)
            #expect(missing.status == .notFound)
            #expect(missing.error?["kind"] == "invalidRequest")
            // A known path with a method it does not take: 405 and the methods it does.
            let wrongMethod = try await client.executeRequest(uri: "/v1/render", method: .get, headers: [:], body: nil)
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers[.allow] == "POST")
            #expect(wrongMethod.error?["message"] == "/v1/render takes POST, not GET")
            let trace = try await client.executeRequest(uri: "/healthz", method: .trace, headers: [:], body: nil)
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET")
        }
    }

    @Test func healthMetricsAndDocument() async throws {
        try await withServer { client in
            let health = try await client.executeRequest(uri: "/healthz", method: .get, headers: [:], body: nil)
            #expect(health.status == .ok)
            #expect((health.json as? [String: String])?["status"] == "ok")
            #expect((health.json as? [String: String])?["icu"] == PaywallRenderer.icuVersion)

            _ = try await client.render(#"{"locales":["en-US"],"products":\#(productJSON("p", price: "1"))}"#)
            _ = try await client.render("nope")
            let metrics = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil)
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            for name in ["paywall_text_rendered_total", "paywall_text_rejected_requests_total", "paywall_text_cache_entries",
                         "hb_requests", "http_server_request_duration", "http_server_active_requests"] {
                #expect(metrics.text.contains(name), "\(name)")
            }

            let document = try await client.executeRequest(uri: "/openapi.json", method: .get, headers: [:], body: nil)
            #expect(document.status == .ok)
            let committed = try Data(contentsOf: serverRoot.appendingPathComponent("Sources/PaywallTextServer/openapi.json"))
            #expect(Data(document.text.utf8) == committed)
            #expect((document.json as? [String: Any])?["openapi"] as? String == "3.1.0")
        }
    }

    /// `/readyz` is ready once every catalog's locale is warmed up; `/healthz` answers all along.
    @Test func readyAfterTheWarmUp() async throws {
        try await withServer(ServerConfiguration(port: 0, warmUp: true, logLevel: .warning)) { client in
            #expect(try await client.executeRequest(uri: "/healthz", method: .get, headers: [:], body: nil).status == .ok)
            var ready: TestResponse?
            for _ in 0..<200 {
                let response = try await client.executeRequest(uri: "/readyz", method: .get, headers: [:], body: nil)
                if response.status == .ok {
                    ready = response
                    break
                }
                #expect(response.status == .serviceUnavailable)
                #expect((response.json as? [String: String])?["status"] == "warmingUp")
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect((ready?.json as? [String: String])?["status"] == "ready")
        }
    }

    @Test func catalogReload() async throws {
        let folder = try TemporaryFolder()
        try folder.setMessage("price.free", to: "Gratis!", in: "de.json")
        let configuration = ServerConfiguration(port: 0, catalogs: folder.path, warmUp: false, logLevel: .critical)
        let body = #"{"locales":["de-DE"],"products":\#(productJSON("p", price: "9.99"))}"#
        @Sendable func free(_ response: TestResponse) -> String? {
            (((response.json as? [[String: Any]])?.first?["offers"] as? [[String: Any]])?.first?["price"]) as? String
        }
        try await withServer(configuration) { client in
            #expect(free(try await client.render(body)) == "Gratis!")
            try folder.setMessage("price.free", to: "Kostenlos!", in: "de.json")
            let reload = try await client.executeRequest(uri: "/v1/catalogs/reload", method: .post, headers: [:], body: nil)
            #expect(reload.status == .ok)
            #expect(free(try await client.render(body)) == "Kostenlos!")

            try folder.setMessage("price.free", to: "{broken", in: "de.json")
            let rejected = try await client.executeRequest(uri: "/v1/catalogs/reload", method: .post, headers: [:], body: nil)
            #expect(rejected.status == .unprocessableContent)
            #expect(rejected.error?["kind"] == "invalidCatalog")
            #expect(rejected.error?["key"] == "price.free")
            // The catalogs in use stay in use.
            #expect(free(try await client.render(body)) == "Kostenlos!")
        }
        try await withServer { client in
            let builtIn = try await client.executeRequest(uri: "/v1/catalogs/reload", method: .post, headers: [:], body: nil)
            #expect(builtIn.status == .conflict)
            #expect(builtIn.error?["kind"] == "invalidRequest")
        }
    }

    /// `--copy DIR`: each result's `copy`, reloaded with `POST /v1/catalogs/reload`; a copy
    /// folder that fails its checks leaves the one in use.
    @Test func copyFolderAndItsReload() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        @Sendable func write(_ message: String) throws {
            let file: [String: Any] = ["locale": "en", "messages": ["startTrial": [
                "message": message, "note": "The button that starts the free trial; {offerDuration} is its length ('1 week').",
            ]]]
            try JSONSerialization.data(withJSONObject: file).write(to: folder.appendingPathComponent("en.json"))
        }
        try write("Start your {offerDuration} free trial")
        let configuration = ServerConfiguration(port: 0, copy: folder.path, warmUp: false, logLevel: .critical)
        let body = #"{"locales":["en-US"],"products":\#(productJSON("p", price: "9.99"))}"#
        @Sendable func copy(_ response: TestResponse) -> String? {
            (((response.json as? [[String: Any]])?.first?["copy"] as? [String: Any])?["startTrial"]) as? String
        }
        try await withServer(configuration) { client in
            #expect(copy(try await client.render(body)) == "Start your 1 week free trial")
            try write("Try {offerDuration} for free")
            let reload = try await client.executeRequest(uri: "/v1/catalogs/reload", method: .post, headers: [:], body: nil)
            #expect(reload.status == .ok)
            #expect(copy(try await client.render(body)) == "Try 1 week for free")

            try write("Try {offerDuration for free")
            let rejected = try await client.executeRequest(uri: "/v1/catalogs/reload", method: .post, headers: [:], body: nil)
            #expect(rejected.status == .unprocessableContent)
            #expect(rejected.error?["key"] == "startTrial")
            // The copy in use stays in use.
            #expect(copy(try await client.render(body)) == "Try 1 week for free")
        }
    }
}
