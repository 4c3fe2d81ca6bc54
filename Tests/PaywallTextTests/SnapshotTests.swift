import Foundation
@testable import PaywallText
@testable import PaywallTextGoldens
import Testing

/// `paywall-text snapshot` and `PaywallSnapshots`: snapshot files of a user's own products.
@Suite("Snapshots")
struct SnapshotTests {
    static let locales = ["en-US", "de-DE", "ar-SA"]

    /// `Examples/products.json` with one product's price changed.
    private func products(annualPrice: String? = nil) throws -> Data {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/products.json"))
        guard let annualPrice else { return data }
        var products = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        let index = try #require(products.firstIndex { $0["productIdentifier"] as? String == "com.example.pro.annual" })
        #expect(products[index]["price"] as? String == "59.99")
        products[index]["price"] = annualPrice
        return try JSONSerialization.data(withJSONObject: products, options: [.prettyPrinted, .sortedKeys])
    }

    private func plan(_ price: String, _ period: SubscriptionPeriod, id: String) -> Product {
        Product(productIdentifier: id, price: decimal(price), currencyCode: "USD", subscriptionPeriod: period)
    }

    private func snapshot(_ input: URL, in folder: TemporaryFolder, record: String, locales: [String] = locales) throws -> CommandResult {
        try runTool(["snapshot", input.path, "--snapshots", folder.appendingPathComponent("Snapshots").path, "--record", record,
                     "--artifacts", folder.appendingPathComponent("artifacts").path]
                    + locales.flatMap { ["--locale", $0] })
    }

    private func file(_ folder: TemporaryFolder, _ locale: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Snapshots/\(locale).txt"), encoding: .utf8)
    }

    @Test func aChangedPriceFailsWithADiffNamingTheProductAndLocale() throws {
        let folder = try TemporaryFolder("snapshots")
        let original = folder.appendingPathComponent("products.json")
        let changed = folder.appendingPathComponent("changed.json")
        try products().write(to: original)
        try products(annualPrice: "49.99").write(to: changed)

        let recorded = try snapshot(original, in: folder, record: "missing")
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("3 snapshot files of 5 products: 3 recorded, 0 failed"))
        #expect(try snapshot(original, in: folder, record: "never").status == 0)
        let german = try file(folder, "de-DE")
        #expect(german.contains("## [2] com.example.pro.annual · storekit1 [1]"))
        #expect(german.contains("price → 59,99\u{00A0}$  ⟨59,99[U+00A0]$⟩"))

        let result = try snapshot(changed, in: folder, record: "never")
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAILED    \(folder.path)/Snapshots/de-DE.txt"))
        // The hunk is headed by the product it is in, and shows the old and new price.
        #expect(result.stderr.contains("\(folder.path)/Snapshots/de-DE.txt does not match the rendered output."))
        #expect(result.stderr.contains(" @@ ## [2] com.example.pro.annual · storekit1 [1]\n"))
        #expect(result.stderr.contains("\n-price → 59,99\u{00A0}$  ⟨59,99[U+00A0]$⟩\n"))
        #expect(result.stderr.contains("\n+price → 49,99\u{00A0}$  ⟨49,99[U+00A0]$⟩\n"))
        // Only the changed product's lines differ: every hunk of every file is under it.
        let hunks = result.stderr.split(separator: "\n").filter { $0.hasPrefix("@@ ") }
        #expect(hunks.count >= 3)
        #expect(hunks.allSatisfy { $0.hasSuffix(" @@ ## [2] com.example.pro.annual · storekit1 [1]") }, "\(hunks)")
        #expect(result.stderr.contains("--record failed"))
        #expect(try String(contentsOf: folder.appendingPathComponent("artifacts/de-DE.txt"), encoding: .utf8).contains("49,99"))
        #expect(try file(folder, "de-DE") == german, "never leaves the file alone")

        // Two locales are re-recorded with the new price; `failed` then rewrites only the third.
        #expect(try snapshot(changed, in: folder, record: "all", locales: ["en-US", "ar-SA"]).status == 0)
        let english = try file(folder, "en-US")
        let rerecorded = try snapshot(changed, in: folder, record: "failed")
        #expect(rerecorded.status == 0)
        #expect(rerecorded.stdout.contains("ok        \(folder.path)/Snapshots/en-US.txt"))
        #expect(rerecorded.stdout.contains("recorded  \(folder.path)/Snapshots/de-DE.txt"))
        #expect(rerecorded.stdout.contains("ok        \(folder.path)/Snapshots/ar-SA.txt"))
        #expect(rerecorded.stdout.contains("1 recorded, 0 failed"))
        #expect(try file(folder, "en-US") == english)
        #expect(try file(folder, "de-DE").contains("price → 49,99"))
        #expect(try snapshot(changed, in: folder, record: "never").status == 0)
    }

    @Test func twoRunsWriteByteIdenticalFiles() throws {
        let first = try TemporaryFolder("snapshots"), second = try TemporaryFolder("snapshots")
        let input = first.appendingPathComponent("products.json")
        try products().write(to: input)
        #expect(try snapshot(input, in: first, record: "all").status == 0)
        #expect(try snapshot(input, in: second, record: "all").status == 0)
        for locale in Self.locales {
            let a = try Data(contentsOf: first.appendingPathComponent("Snapshots/\(locale).txt"))
            let b = try Data(contentsOf: second.appendingPathComponent("Snapshots/\(locale).txt"))
            #expect(!a.isEmpty && a == b, "\(locale)")
        }
        // The library writes the same bytes as the command.
        let document = try StoreDocuments.read(products())
        let third = try TemporaryFolder("snapshots")
        #expect(throws: SnapshotFailure.self) {
            try PaywallSnapshots.verify(document, locales: Self.locales, in: third.url, record: .missing)
        }
        for locale in Self.locales {
            #expect(try Data(contentsOf: third.appendingPathComponent("\(locale).txt"))
                    == Data(contentsOf: first.appendingPathComponent("Snapshots/\(locale).txt")))
        }
    }

    @Test func theLibraryEntryHasTheSameModesAndMessages() throws {
        let folder = try TemporaryFolder("snapshots")
        let plans = [
            plan("9.99", .months(1), id: "monthly"),
            plan("53.99", .years(1), id: "annual"),
        ]
        // Never: a missing file fails, naming it and the command that records it.
        let missing = try #require(throws: SnapshotFailure.self) {
            try PaywallSnapshots.verify(plans, locales: ["fr-FR"], in: folder.url, record: .never)
        }
        #expect(missing.files == ["\(folder.path)/fr-FR.txt"])
        #expect(missing.message.contains("PAYWALL_TEXT_RECORD=missing swift test"))

        // Recording is a failure, so that a test never passes on a file it has just written.
        let recorded = try #require(throws: SnapshotFailure.self) {
            try PaywallSnapshots.verify(plans, locales: ["fr-FR", "ru-RU"], in: folder.url, record: .missing)
        }
        #expect(recorded.files.count == 2)
        try PaywallSnapshots.verify(plans, locales: ["fr-FR", "ru-RU"], in: folder.url, record: .never)
        let french = try String(contentsOf: folder.appendingPathComponent("fr-FR.txt"), encoding: .utf8)
        // 53.99/12 = 4.4991… per month against 9.99: 54.96 %, rounded down.
        #expect(french.contains("savings 54 → Économisez 54\u{00A0}%  ⟨Économisez 54[U+00A0]%⟩"))

        var cheaper = plans
        cheaper[1].price = decimal("49.99")
        let changed = try #require(throws: SnapshotFailure.self) {
            try PaywallSnapshots.verify(cheaper, locales: ["fr-FR", "ru-RU"], in: folder.url, record: .never,
                                        artifacts: folder.appendingPathComponent("artifacts"))
        }
        #expect(changed.files == ["\(folder.path)/fr-FR.txt", "\(folder.path)/ru-RU.txt"])
        #expect(changed.message.contains(" @@ ## [2] annual · storekit1 [1]\n"))
        #expect(changed.message.contains("PAYWALL_TEXT_RECORD=failed swift test"))
        #expect(try String(contentsOf: folder.appendingPathComponent("fr-FR.txt"), encoding: .utf8) == french)
    }

    @Test func anotherICUVersionIsNamedFirst() throws {
        let folder = try TemporaryFolder("snapshots")
        let plans = [plan("9.99", .months(1), id: "monthly")]
        _ = try? PaywallSnapshots.verify(plans, locales: ["ja-JP"], in: folder.url, record: .missing)
        let path = folder.appendingPathComponent("ja-JP.txt")
        let text = try String(contentsOf: path, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "# ICU \(PaywallRenderer.icuVersion) ", with: "# ICU 99.1 ")
        #expect(edited != text)
        try edited.write(to: path, atomically: true, encoding: .utf8)
        let failure = try #require(throws: SnapshotFailure.self) {
            try PaywallSnapshots.verify(plans, locales: ["ja-JP"], in: folder.url, record: .never,
                                        artifacts: folder.appendingPathComponent("artifacts"))
        }
        #expect(failure.message.hasPrefix("NOTE: \(folder.path)/ja-JP.txt was recorded with ICU 99.1, but this machine has ICU \(PaywallRenderer.icuVersion)."))
    }

    @Test func badProductsAreWrittenBesideTheGoodOnes() throws {
        let folder = try TemporaryFolder("snapshots")
        let input = folder.appendingPathComponent("products.json")
        try Data(#"[{"productIdentifier": "good", "price": "4.99", "currencyCode": "EUR"}, {"productIdentifier": "bad", "price": "-1", "currencyCode": "EUR"}]"#.utf8).write(to: input)
        let result = try snapshot(input, in: folder, record: "missing", locales: ["it-IT"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try file(folder, "it-IT")
        #expect(text.contains("## [1] good · storekit1 [0]\ninput: 4.99 EUR\nprice → 4,99\u{00A0}€"))
        #expect(text.contains("## [2] bad · storekit1 [1]\nerror: invalidValue at [1].price: "))
    }

    @Test func renderingOptionsAreNamedInTheHeader() throws {
        let folder = try TemporaryFolder("snapshots")
        let input = folder.appendingPathComponent("products.json")
        try products().write(to: input)
        let result = try runTool(["snapshot", input.path, "--locale", "en-US", "--snapshots", folder.path, "--record", "missing",
                                  "--no-days-as-weeks", "--store", "appStore"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("en-US.txt"), encoding: .utf8)
        #expect(text.contains("\n# Options: days as weeks off · store appStore\n"))
        // The monthly plan's 7-day trial stays 7 days.
        #expect(text.contains("  duration → 7 days [other]\n"))
    }

    @Test func badCommandLinesAreUsageErrors() throws {
        let input = packageRoot.appendingPathComponent("Examples/products.json").path
        let badMode = try runTool(["snapshot", input, "--locale", "en-US", "--record", "sometimes"])
        #expect(badMode.status == 64)
        #expect(badMode.stderr.contains("The value 'sometimes' is invalid for '--record <mode>'. Please provide one of 'never', 'missing', 'failed' or 'all'."))
        let noLocale = try runTool(["snapshot", input])
        #expect(noLocale.status == 64)
        let missingFile = try runTool(["snapshot", "no-such-file.json", "--locale", "en-US"])
        #expect(missingFile.status == 66)
    }
}
