import Foundation
@testable import PaywallText
import Testing

/// Documents that apps, SDKs and tools outside this project produce, in `../shared/real-inputs/`
/// beside the checkout, each with the outcome its README names: read through the command-line
/// tool as a user would. The folder is not part of the repository; where it is absent (a
/// user's clone) the test says so and skips, and where `CI` is set it fails.
@Suite("Real documents")
struct RealDocumentTests {
    static let folder = ProcessInfo.processInfo.environment["PAYWALL_TEXT_REAL_INPUTS"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/real-inputs")

    /// What `render --format json` printed for a document.
    struct Outcome {
        let status: Int32
        /// Entries of products (they have a `locale`), in order.
        let products: [[String: Any]]
        /// Entries of problems that belong to no product (no `locale`).
        let problems: [[String: Any]]
        let stderr: String

        var rendered: [[String: Any]] { products.filter { $0["error"] == nil } }
        var failed: [[String: Any]] { products.filter { $0["error"] != nil } }
        var offers: [[String: Any]] { rendered.flatMap { ($0["offers"] as? [[String: Any]]) ?? [] } }
        /// Every error message of the products and the document, with its path: `path: message`.
        var errorLines: [String] {
            let errors = products.flatMap { ($0["errors"] as? [[String: Any]]) ?? [] }
                + problems.compactMap { $0["error"] as? [String: Any] }
            return errors.map { "\($0["path"] as? String ?? ""): \($0["message"] as? String ?? "")" }
        }
        /// The price of each offer that has an identifier, by identifier.
        var offerPrices: [String: String] {
            Dictionary(offers.compactMap { offer in (offer["identifier"] as? String).map { ($0, offer["price"] as? String ?? "") } },
                       uniquingKeysWith: { first, _ in first })
        }
        var warningLines: [String] {
            let warnings = products.flatMap { ($0["warnings"] as? [[String: Any]]) ?? [] }
                + problems.compactMap { $0["warning"] as? [String: Any] }
            return warnings.map { "\($0["path"] as? String ?? ""): \($0["message"] as? String ?? "")" }
        }
        /// A field of every rendered product, no-break spaces read as spaces.
        func strings(_ key: String) -> [String] {
            rendered.compactMap { ($0[key] as? String)?.replacingOccurrences(of: "\u{00A0}", with: " ") }
        }
    }

    /// Renders a document in en-US as JSON.
    static func outcome(_ name: String, _ arguments: [String] = []) throws -> Outcome {
        let result = try runTool(["render", folder.appendingPathComponent(name).path, "--locale", "en-US", "--format", "json"] + arguments)
        let entries = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
        return Outcome(status: result.status, products: entries.filter { $0["locale"] != nil },
                       problems: entries.filter { $0["locale"] == nil }, stderr: result.stderr)
    }

    /// Each document of the folder, with the outcome its README names.
    static let documents = [
        "appstoreconnect/asc-cli-subscription-and-prices-nor.json",
        "appstoreconnect/asc-cli-setup-verify-subscription-prices.json",
        "appstoreconnect/asc-cli-prices-two-pages.json",
        "googleplay/training-day-subs-billing7.json",
        "googleplay/training-day-subs-billing7-plugin-envelope.json",
        "googleplay/training-day-inapp-billing7.json",
        "googleplay/play-billing-samples-issue531-fragment.json",
        "googleplay/flutter-iap-android-buildProductMap-dummies.json",
        "playconsole/guardian-subscription-3.json",
        "playconsole/gplay-cli-help-subscription.json",
        "playconsole/gplay-cli-help-subscription-and-offer-bodies.json",
        "revenuecat/rc-hybrid-sk2-products.json",
        "revenuecat/rc-hybrid-sk1-products.json",
        "revenuecat/rc-hybrid-sk2-offerings.json",
        "revenuecat/rn-purchases-jest-offerings-products.json",
        "revenuecat/rc-js-hybrid-mappings-web-products.json",
        "revenuecat/rc-flutter-store-product-test.json",
        "storekit2/ios-pwa-shell-jsonRepresentation.json",
        "storekit2/pp-inapp-purchase-product-2025-12-11a.json",
        "storekit2/pp-inapp-purchase-test-swift-json.json",
        "storekit2/pp-inapp-purchase-product-current.json",
        "storekit2/training-day-ios-products.json",
        "storekit-config/rc-flutter-purchase-tester-SKConfig.storekit",
        "storekit-config/rc-hybrid-common-integration.storekit",
        "malformed/training-day-trial-P4W2D.json",
        "malformed/pp-sk2-test-swift-json-plus-usd.json",
        "malformed/pp-sk2-usd-wrong-paymentmode-float.json",
        "malformed/asc-nor-missing-pricepoint.json",
        "malformed/asc-nor-missing-territory.json",
        "malformed/asc-nor-truncated.json",
        "malformed/asc-setup-comma-price.json",
        "malformed/asc-setup-wrong-period-enum.json",
        "malformed/guardian-bad-nanos-currency-period.json",
        "malformed/rc-sk2-bad-enum-price-currency.json",
        "malformed/training-day-bad-enum-micros-period.json",
        "malformed/training-day-truncated.json",
    ]

    /// Every document of the folder is in the list above, and every one listed exists.
    @Test func everyDocumentIsListed() throws {
        guard Self.folderIsHere() else { return }
        var found: [String] = []
        for kind in try FileManager.default.contentsOfDirectory(atPath: Self.folder.path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(kind).path, isDirectory: &isFolder),
                  isFolder.boolValue else { continue }
            found += try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(kind).path).map { "\(kind)/\($0)" }
        }
        #expect(found.sorted() == Self.documents.sorted())
    }

    /// Whether the folder is here (beside the checkout, or where `PAYWALL_TEXT_REAL_INPUTS`
    /// says); where it is not, the tests say so and skip: the documents are not the project's
    /// to copy into the repository.
    static func folderIsHere() -> Bool {
        if FileManager.default.fileExists(atPath: folder.path) { return true }
        print("Real documents: NOT CHECKED, \(folder.path) is missing (set PAYWALL_TEXT_REAL_INPUTS to the folder)")
        return false
    }

    @Test(arguments: documents)
    func readsAsItsReadmeSays(_ name: String) throws {
        guard Self.folderIsHere() else { return }
        let outcome = try Self.outcome(name, Self.arguments[name] ?? [])
        let problems = Self.check(name, outcome)
        #expect(problems == [], "\(name): \(problems.joined(separator: "; ")); stderr: \(outcome.stderr)")
    }

    /// Options a document needs: the instant for App Store Connect's dated prices.
    static let arguments: [String: [String]] = [
        "appstoreconnect/asc-cli-setup-verify-subscription-prices.json": ["--as-of", "2026-11-24"],
    ]

    /// What differs from the README's outcome, empty when nothing does.
    static func check(_ name: String, _ outcome: Outcome) -> [String] {
        var problems: [String] = []
        func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { problems.append(what()) }
        }
        let prices = outcome.strings("price"), periods = outcome.strings("period"), recurring = outcome.strings("recurringPrice")
        switch name {
        case "appstoreconnect/asc-cli-subscription-and-prices-nor.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.strings("territory") == ["NOR"] && outcome.strings("currencyCode") == ["NOK"], "territories \(outcome.strings("territory"))")
            expect(prices == ["NOK 120"] && periods == ["1 year"], "prices \(prices) \(periods)")
        case "appstoreconnect/asc-cli-setup-verify-subscription-prices.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.strings("territory") == ["USA"] && recurring == ["$3.99/month"], "\(outcome.strings("territory")) \(recurring)")
        case "appstoreconnect/asc-cli-prices-two-pages.json":
            expect(outcome.status == 65, "exit \(outcome.status)")
            expect(outcome.rendered.isEmpty, "rendered \(outcome.rendered.count)")
            expect(!outcome.errorLines.isEmpty && outcome.errorLines.allSatisfy { $0.contains("subscription") }, "errors \(outcome.errorLines)")
        case "googleplay/training-day-subs-billing7.json", "googleplay/training-day-subs-billing7-plugin-envelope.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.rendered.count == 5 && outcome.failed.isEmpty, "products \(outcome.rendered.count) rendered, \(outcome.failed.count) failed")
            expect(outcome.offers.count == 3, "offers \(outcome.offers.count)")
        case "googleplay/training-day-inapp-billing7.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.rendered.count == 6 && periods.isEmpty, "products \(outcome.rendered.count), periods \(periods)")
        case "googleplay/play-billing-samples-issue531-fragment.json":
            expect(outcome.status == 65, "exit \(outcome.status)")
            expect(outcome.rendered.isEmpty, "rendered \(outcome.rendered.count)")
            for field in ["productId", "basePlanId"] {
                expect(outcome.errorLines.contains { $0.contains(field) }, "no error names \(field): \(outcome.errorLines)")
            }
        case "googleplay/flutter-iap-android-buildProductMap-dummies.json":
            expect(outcome.status == 65, "exit \(outcome.status)")
            expect(outcome.rendered.count == 1 && periods.isEmpty, "one-time products rendered: \(outcome.rendered.count)")
            expect(outcome.errorLines.contains { $0.contains("billingPeriod") }, "errors \(outcome.errorLines)")
        case "playconsole/guardian-subscription-3.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.strings("territory") == ["AE", "ZM", "ZW"], "territories \(outcome.strings("territory"))")
            expect(prices == ["AED 22.93", "$4.66", "$4.66"], "prices \(prices)")
            expect(periods == ["1 month", "1 month", "1 month"], "periods \(periods)")
        case "playconsole/gplay-cli-help-subscription.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(recurring == ["$9.99/month"], "recurring \(recurring)")
        case "playconsole/gplay-cli-help-subscription-and-offer-bodies.json":
            expect(recurring == ["$9.99/month"], "recurring \(recurring)")
            let reported = outcome.problems.compactMap { $0["path"] as? String }
            expect(reported == ["[1]", "[2]"], "offer bodies reported at \(reported)")
            // Errors: an offer that cannot say which base plan it is of is not a part left unused.
            let offerBodies = ["[1]", "[2]"].map { "\($0): has no productId and no basePlanId, so it cannot be joined to its base plan" }
            expect(outcome.errorLines.count == 2 && zip(outcome.errorLines, offerBodies).allSatisfy { $0.hasPrefix($1) }, "errors \(outcome.errorLines)")
        case "revenuecat/rc-hybrid-sk2-products.json", "revenuecat/rc-hybrid-sk1-products.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(Set(recurring) == ["$39.99/year", "$19.99/month"], "recurring \(recurring)")
            let offers = outcome.offers.map { "\($0["paymentMode"] as? String ?? "") \($0["price"] as? String ?? "") \($0["duration"] as? String ?? "")" }
            expect(offers.sorted() == ["freeTrial Free 1 week", "freeTrial Free 1 week", "payUpFront $1.99 1 month"].sorted()
                   || offers.sorted() == ["freeTrial Free 1 week", "freeTrial Free 1 week", "payAsYouGo $1.99 1 month"].sorted(), "offers \(offers)")
        case "revenuecat/rc-hybrid-sk2-offerings.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            let ids = outcome.strings("productIdentifier")
            expect(!ids.isEmpty && Set(ids).count == ids.count, "products \(ids)")
            expect(outcome.rendered.allSatisfy { ($0["packages"] as? [[String: Any]])?.isEmpty == false }, "packages missing")
        case "revenuecat/rn-purchases-jest-offerings-products.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.rendered.count == 3, "rendered \(outcome.rendered.count)")
            expect(outcome.offers.contains { $0["duration"] as? String == "16 days" }, "no 16-day offer")
        case "revenuecat/rc-js-hybrid-mappings-web-products.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.rendered.count == 2, "rendered \(outcome.rendered.count)")
            expect(outcome.offers.contains { $0["paymentMode"] as? String == "freeTrial" && $0["duration"] as? String == "1 week" }, "no 7-day trial")
        case "revenuecat/rc-flutter-store-product-test.json":
            let oneTimeWithoutOffers = outcome.rendered.contains { $0["period"] == nil && ($0["offers"] as? [Any])?.isEmpty == true }
            expect(!oneTimeWithoutOffers, "a one-time product that lost its offers")
            expect(outcome.status == 65 || outcome.offers.count == 3, "exit \(outcome.status), offers \(outcome.offers.count)")
            expect(outcome.status != 65 || outcome.errorLines.contains { $0.hasPrefix("subscriptionPeriod: is required") }, "errors \(outcome.errorLines)")
        case "malformed/rc-sk2-bad-enum-price-currency.json":
            // Both products are at fault in their own fields; every problem is named.
            expect(outcome.status == 65 && outcome.rendered.isEmpty, "exit \(outcome.status), rendered \(outcome.rendered.count)")
            for (path, value) in [("[0].subscriptionPeriod", "P1X"), ("[1].currencyCode", "EURO"), ("[1].introPrice.price", "-1")] {
                expect(outcome.errorLines.contains { $0.hasPrefix(path + ":") && $0.contains(value) }, "no error at \(path): \(outcome.errorLines)")
            }
        case "storekit2/ios-pwa-shell-jsonRepresentation.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.rendered.count == 4 && outcome.strings("currencyCode").allSatisfy { $0 == "USD" }, "rendered \(outcome.rendered.count)")
            // Consumable, non-consumable, non-renewing: one-time; the auto-renewable one is monthly.
            expect(prices == ["$0.99", "$0.99", "$1.99", "$0.99"] && recurring == ["$0.99/month"], "prices \(prices), recurring \(recurring)")
        case "storekit2/pp-inapp-purchase-product-2025-12-11a.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.rendered.count == 4 && outcome.offers.count == 7, "products \(outcome.rendered.count), offers \(outcome.offers.count)")
        case "storekit2/pp-inapp-purchase-test-swift-json.json", "malformed/pp-sk2-test-swift-json-plus-usd.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            // 1.9899999999999998 is the price of the offer payasyougo1week; the product's own is $9.99.
            expect(prices == ["$9.99"] && outcome.offerPrices["payasyougo1week"] == "$1.99", "prices \(prices), offers \(outcome.offerPrices)")
        case "storekit2/pp-inapp-purchase-product-current.json":
            expect(outcome.status == 0 || outcome.errorLines.contains { $0.contains("subscriptionPeriodUnit") }, "exit \(outcome.status), errors \(outcome.errorLines)")
            // The newer encoding is read: the same products and offers as the 2025-12-11a file.
            expect(outcome.rendered.count == 4 && outcome.offers.count == 7 && recurring == ["$9.99/week"], "products \(outcome.rendered.count), offers \(outcome.offers.count)")
            let intro = outcome.offers.first { $0["type"] as? String == "introductory" }
            expect(intro?["headline"] as? String == "3 days free", "introductory offer \(intro ?? [:])")
        case "storekit2/training-day-ios-products.json":
            expect(outcome.status == 65 && outcome.rendered.isEmpty, "exit \(outcome.status), rendered \(outcome.rendered.count)")
            // Each of the 14 products says so.
            expect(outcome.failed.count == 14 && outcome.errorLines.count == 14 && outcome.errorLines.allSatisfy { $0.contains("currency") },
                   "errors \(outcome.errorLines)")
        case "storekit-config/rc-flutter-purchase-tester-SKConfig.storekit":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(!outcome.rendered.isEmpty && outcome.strings("currencyCode").allSatisfy { $0 == "USD" }, "rendered \(outcome.rendered.count)")
            expect(recurring == ["$4.99/month", "$10/week"] && outcome.strings("territory") == ["USA", "USA"], "recurring \(recurring)")
            let winBack = outcome.offers.map { "\($0["type"] as? String ?? "") \($0["identifier"] as? String ?? "") \($0["headline"] as? String ?? "")" }
            expect(winBack == ["winBack winback.1w0 1 week free"], "offers \(winBack)")
        case "storekit-config/rc-hybrid-common-integration.storekit":
            expect(outcome.status != 0 && (outcome.errorLines + [outcome.stderr]).contains { $0.contains("--storefront") }, "no error asking for --storefront")
            if let named = try? RealDocumentTests.outcome(name, ["--storefront", "USA"]) {
                let withStorefront = named.strings("recurringPrice")
                expect(named.status == 0 && Set(withStorefront).isSuperset(of: ["$39.99/year", "$19.99/month"]), "with --storefront USA: \(withStorefront)")
            }
        case "malformed/training-day-trial-P4W2D.json":
            expect(outcome.status == 0, "exit \(outcome.status)")
            expect(outcome.offers.contains { $0["headline"] as? String == "30 days free" }, "no 30 days free")
        case "malformed/training-day-bad-enum-micros-period.json":
            // Each offer at fault is left out with its error; its base plan and the others render.
            expect(outcome.status == 65, "exit \(outcome.status)")
            expect(outcome.rendered.count == 5 && outcome.failed.isEmpty, "products \(outcome.rendered.count) rendered, \(outcome.failed.count) failed")
            expect(outcome.offers.isEmpty, "offers \(outcome.offers.count)")
            for field in ["subscriptionOfferDetails[2].pricingPhases[0].priceAmountMicros", "subscriptionOfferDetails[5].pricingPhases[0].recurrenceMode",
                          "subscriptionOfferDetails[6].pricingPhases[0].billingPeriod"] {
                expect(outcome.errorLines.contains { $0.hasPrefix(field + ": ") }, "no error at \(field): \(outcome.errorLines)")
            }
        case "malformed/guardian-bad-nanos-currency-period.json":
            // AE's nanos and ZM's missing currency are errors; P4W2D is 30 days, a period Google
            // does not offer for a base plan: a warning on every region, ZW still rendered.
            expect(outcome.status == 65, "exit \(outcome.status)")
            expect(outcome.strings("territory") == ["ZW"] && recurring == ["$4.66 every 30 days"], "rendered \(outcome.strings("territory")) \(recurring)")
            expect(outcome.errorLines.contains { $0.hasPrefix("basePlans[0].regionalConfigs[0].price.nanos: ") }, "errors \(outcome.errorLines)")
            expect(outcome.errorLines.contains { $0.hasPrefix("basePlans[0].regionalConfigs[1].price.currencyCode: ") }, "errors \(outcome.errorLines)")
            expect(outcome.warningLines.filter { $0.contains("P4W2D") }.count == 3, "warnings \(outcome.warningLines)")
        case "malformed/pp-sk2-usd-wrong-paymentmode-float.json":
            // "FreeTrial" is how StoreKit itself spells the mode (jsonRepresentation's modeType), so it is
            // read, as StoreKit2Reader documents; the introductory offer is then a free trial.
            expect(outcome.status == 0 && outcome.errorLines.isEmpty, "exit \(outcome.status), errors \(outcome.errorLines)")
            let intro = outcome.offers.first { $0["type"] as? String == "introductory" }
            expect(intro?["paymentMode"] as? String == "freeTrial" && intro?["duration"] as? String == "3 days", "introductory offer \(intro ?? [:])")
            expect(outcome.offerPrices["payasyougo1week"] == "$1.99", "the float price was not read as $1.99: \(outcome.offerPrices)")
        default:
            // The other malformed documents: refused, every problem named, the good beside still rendered.
            expect(outcome.status == 65, "exit \(outcome.status)")
            expect(!outcome.errorLines.isEmpty, "no error")
        }
        return problems
    }
}
