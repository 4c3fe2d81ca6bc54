import Foundation
@testable import PaywallText
@testable import PaywallTextGoldens
@testable import PaywallTextJSON
import Testing

/// No hidden clock: what depends on the date takes an instant, and output names it only
/// when it was given or used.
@Suite("The instant read at")
struct AsOfTests {
    @Test(arguments: [
        ("2026-01-31", "2026-01-31T00:00:00Z"),
        ("2026-01-31T10:00:00+01:00", "2026-01-31T09:00:00Z"),
        ("2026-01-31T09:00:00Z", "2026-01-31T09:00:00Z"),
        ("2026-01-31T23:30:15.75-05:30", "2026-02-01T05:00:15Z"),
        ("2028-02-29", "2028-02-29T00:00:00Z"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
    ])
    func readsISO8601(_ text: String, _ utc: String) throws {
        #expect(try AsOf(parsing: text).description == utc)
    }

    @Test(arguments: ["2026-02-30", "2027-02-29", "2026-1-31", "2026-01-31T10:00", "2026-01-31T10:00:00", "2026-01-31T24:00:00Z",
                      "2026-01-31 10:00:00Z", "31.01.2026", "", "2026-01-31T10:00:00+1:00", "2026-01-31Z"])
    func refusesWhatIsNotAnInstant(_ text: String) {
        let error = thrownError { try AsOf(parsing: text) }
        #expect(error?.path == "asOf")
        #expect(error?.message.contains(quoted(text)) == true)
    }

    /// App Store Connect prices: the row in force on the instant's day is chosen.
    static func scheduled(_ starts: [(String?, String)]) -> Data {
        let rows = starts.enumerated().map { index, row in
            let date = row.0.map { "\"\($0)\"" } ?? "null"
            return #"{"type":"subscriptionPrices","id":"p\#(index)","attributes":{"startDate":\#(date)},"relationships":{"territory":{"data":{"type":"territories","id":"USA"}},"subscriptionPricePoint":{"data":{"type":"subscriptionPricePoints","id":"pp\#(index)"}}}}"#
        }
        let points = starts.enumerated().map { #"{"type":"subscriptionPricePoints","id":"pp\#($0)","attributes":{"customerPrice":"\#($1.1)"}}"# }
        return Data(#"""
        {"data":[\#(rows.joined(separator: ","))],
         "included":[{"type":"territories","id":"USA","attributes":{"currency":"USD"}},
                     {"type":"subscriptions","id":"42","attributes":{"productId":"com.example.monthly","subscriptionPeriod":"ONE_MONTH"}},
                     \#(points.joined(separator: ","))],
         "links":{"self":"https://api.appstoreconnect.apple.com/v1/subscriptions/42/prices"}}
        """#.utf8)
    }

    @Test func theInstantChoosesThePriceInForce() throws {
        let document = Self.scheduled([(nil, "1.99"), ("2026-03-01", "2.99"), ("2026-06-01", "3.99")])
        func price(asOf text: String) throws -> Decimal? {
            try StoreDocuments.read(document, options: ReadOptions(asOf: AsOf(parsing: text))).items.first?.result.get().product.price
        }
        #expect(try price(asOf: "2026-02-28") == decimal("1.99"))
        #expect(try price(asOf: "2026-03-01") == decimal("2.99"))
        #expect(try price(asOf: "2026-05-31T23:59:59Z") == decimal("2.99"))
        #expect(try price(asOf: "2026-06-01T00:30:00+01:00") == decimal("2.99"), "23:30 UTC on May 31")
        #expect(try price(asOf: "2026-06-01") == decimal("3.99"))
    }

    /// The reading names its instant when it was given or used, else none.
    @Test func theReadingNamesTheInstantOnlyWhenGivenOrUsed() throws {
        let given = try AsOf(parsing: "2026-04-01")
        let dated = Self.scheduled([(nil, "1.99"), ("2026-03-01", "2.99")])
        #expect(try StoreDocuments.read(dated, options: ReadOptions(asOf: given)).asOf == given)
        let now = try #require(try StoreDocuments.read(dated).asOf)
        #expect(abs(now.date.timeIntervalSinceNow) < 60)
        let undated = Self.scheduled([(nil, "1.99")])
        #expect(try StoreDocuments.read(undated).asOf == nil)
        #expect(try StoreDocuments.read(undated, options: ReadOptions(asOf: given)).asOf == given)
        let model = Data(#"{"price":"9.99","currencyCode":"USD"}"#.utf8)
        #expect(try StoreDocuments.read(model).asOf == nil)
    }

    /// JSON entries and snapshot headers echo the instant when there is one, and only then.
    @Test func outputEchoesTheInstant() throws {
        let given = try AsOf(parsing: "2026-04-01T12:00:00+02:00")
        let document = try StoreDocuments.read(Self.scheduled([(nil, "1.99"), ("2026-03-01", "2.99")]), options: ReadOptions(asOf: given))
        let entries = RenderEntry.entries(for: document, locales: ["en-US"], renderer: PaywallRenderer())
        #expect(entries.map { $0.jsonText().hasSuffix(#","asOf":"2026-04-01T10:00:00Z"}"#) } == [true])
        let undated = try StoreDocuments.read(Data(#"{"price":"9.99","currencyCode":"USD"}"#.utf8))
        let plain = RenderEntry.entries(for: undated, locales: ["en-US"], renderer: PaywallRenderer())
        #expect(plain.map { $0.jsonText().contains("asOf") } == [false])

        let header = try SnapshotFile.render(document.items, locale: "en-US", options: RenderOptions(), asOf: document.asOf)
        #expect(header.split(separator: "\n").contains("# As of 2026-04-01T10:00:00Z"))
        let none = try SnapshotFile.render(undated.items, locale: "en-US", options: RenderOptions(), asOf: undated.asOf)
        #expect(!none.contains("# As of"))
    }

    /// The command line takes `--as-of` and refuses what is not an instant.
    @Test func commandLine() throws {
        let folder = try TemporaryFolder("as-of")
        let file = folder.appendingPathComponent("prices.json")
        try Self.scheduled([(nil, "1.99"), ("2026-03-01", "2.99")]).write(to: file)
        let early = try runTool(["render", file.path, "--locale", "en-US", "--format", "json", "--as-of", "2026-02-01"])
        #expect(early.status == 0)
        #expect(early.stdout.contains(#""price":"$1.99""#))
        #expect(early.stdout.contains(#""asOf":"2026-02-01T00:00:00Z""#))
        let late = try runTool(["render", file.path, "--locale", "en-US", "--format", "json", "--as-of", "2026-03-01T00:00:00Z"])
        #expect(late.stdout.contains(#""price":"$2.99""#))
        let bad = try runTool(["render", file.path, "--locale", "en-US", "--as-of", "yesterday"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--as-of yesterday: must be an ISO 8601 date"))
    }
}
