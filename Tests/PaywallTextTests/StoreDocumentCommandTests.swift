import Foundation
import Testing

/// `paywall-text render --input` and `paywall-text check` on the stores' documents, end to end.
@Suite("Store documents through the CLI")
struct StoreDocumentCommandTests {
    static let examples = ["storekit1", "storekit2", "appstoreconnect", "googleplay", "playconsole", "revenuecat", "stripe"]

    @Test(arguments: examples)
    func everyExampleRendersWithItsFormatDetected(_ name: String) throws {
        // One instant for both runs: App Store Connect's output echoes the instant it was read at,
        // which is the current second without one.
        let detected = try runTool(["render", "Examples/\(name).json", "--format", "json", "--locale", "en-US", "--as-of", "2026-01-31"])
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stderr.isEmpty)
        let named = try runTool(["render", "Examples/\(name).json", "--input", name, "--format", "json", "--locale", "en-US",
                                 "--as-of", "2026-01-31"])
        #expect(named.stdout == detected.stdout)
        let check = try runTool(["check", "Examples/\(name).json", "--strict"])
        #expect(check.status == 0)
        #expect(check.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") })
    }

    @Test func territoriesAreEchoed() throws {
        let result = try runTool(["render", "Examples/appstoreconnect.json", "--format", "json", "--locale", "de-DE"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["territory"] as? String } == ["USA", "DEU", "JPN"])
        #expect(objects.map { $0["price"] as? String } == ["9,99\u{00A0}$", "9,99\u{00A0}€", "1.500\u{00A0}¥"])
        let text = try runTool(["render", "Examples/playconsole.json", "--locale", "en-US"])
        #expect(text.stdout.contains("premium:monthly (DE)"))
    }

    /// A bad document exits 65 and names the field in the document; the good products still
    /// render. An offer at fault is left out of a product that is otherwise sound (the
    /// `storekit2` case), so the first of `errors` is checked: a failed product's `error`.
    @Test(arguments: [
        // storekit1: a raw value StoreKit does not have.
        ("storekit1", #"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":2,"numberOfUnits":1},"introductoryPrice":{"paymentMode":9,"price":"0","subscriptionPeriod":{"unit":1,"numberOfUnits":1},"numberOfPeriods":1}}"#,
         "introductoryPrice.paymentMode", "unknown payment mode 9"),
        // storekit2: an unknown payment mode name.
        ("storekit2", #"{"id":"p","price":1,"displayPrice":"$1","currencyCode":"USD","subscription":{"subscriptionPeriod":{"unit":"month","value":1},"introductoryOffer":{"type":"introductory","price":0,"period":{"unit":"week","value":1},"periodCount":1,"paymentMode":"trial"}}}"#,
         "subscription.introductoryOffer.paymentMode", #"unknown payment mode "trial""#),
        // googleplay: micros finer than cents.
        ("googleplay", #"{"productId":"p","productType":"subs","subscriptionOfferDetails":[{"basePlanId":"b","pricingPhases":[{"priceAmountMicros":9995000,"priceCurrencyCode":"USD","billingPeriod":"P1M","recurrenceMode":1}]}]}"#,
         "subscriptionOfferDetails[0].pricingPhases[0].priceAmountMicros", "9995000 micros is 9.995 USD"),
        // googleplay: an unknown recurrence mode.
        ("googleplay", #"{"productId":"p","productType":"subs","subscriptionOfferDetails":[{"basePlanId":"b","pricingPhases":[{"priceAmountMicros":9990000,"priceCurrencyCode":"USD","billingPeriod":"P1M","recurrenceMode":4}]}]}"#,
         "subscriptionOfferDetails[0].pricingPhases[0].recurrenceMode", #"unknown recurrenceMode "4""#),
        // playconsole: nanos finer than the currency.
        ("playconsole", #"{"productId":"p","basePlans":[{"basePlanId":"b","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},"regionalConfigs":[{"regionCode":"JP","price":{"currencyCode":"JPY","units":"1500","nanos":500000000}}]}]}"#,
         "basePlans[0].regionalConfigs[0].price.nanos", "1500 units and 500000000 nanos is 1500.5 JPY"),
        // playconsole: a billing period that is not ISO 8601.
        ("playconsole", #"{"productId":"p","basePlans":[{"basePlanId":"b","autoRenewingBasePlanType":{"billingPeriodDuration":"monthly"},"regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"9"}}]}]}"#,
         "basePlans[0].autoRenewingBasePlanType.billingPeriodDuration", "must be an ISO 8601 duration"),
        // revenuecat: a price that is not a whole number of cents.
        ("revenuecat", #"{"identifier":"p","price":9.995,"priceString":"$9.99","currencyCode":"USD","subscriptionPeriod":"P1M"}"#,
         "price", "9.995 has 3 decimal places, but USD has 2"),
        // revenuecat: an unknown period unit.
        ("revenuecat", #"{"identifier":"p","price":9.99,"priceString":"$9.99","currencyCode":"USD","subscriptionPeriod":"P1M","introPrice":{"price":0,"periodUnit":"FORTNIGHT","periodNumberOfUnits":1,"cycles":1}}"#,
         "introPrice.periodUnit", #"unknown periodUnit "FORTNIGHT""#),
        // stripe: tiered pricing has no one price to show.
        ("stripe", #"{"object":"price","id":"price_1","currency":"usd","unit_amount":null,"billing_scheme":"tiered","type":"recurring","recurring":{"interval":"month","interval_count":1},"product":"prod_1"}"#,
         "billing_scheme", #"a "tiered" price"#),
        // stripe: cents of a zero-decimal currency do not exist.
        ("stripe", #"{"object":"list","data":[{"object":"price","id":"price_1","currency":"jpy","unit_amount_decimal":"1500.5","type":"one_time","product":"prod_1"}]}"#,
         "data[0].unit_amount_decimal", "1500.5 is 1500.5 JPY (Stripe writes JPY amounts in whole units), with 1 decimal places; JPY has 0"),
    ])
    func badDocumentsExit65WithTheDocumentPath(_ format: String, _ document: String, _ path: String, _ message: String) throws {
        let result = try runTool(["render", "-", "--input", format, "--format", "json", "--locale", "en-US"], stdin: document)
        #expect(result.status == 65)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let error = try #require((objects.first?["errors"] as? [[String: String]])?.first)
        #expect(error["path"] == path)
        #expect(error["message"]?.hasPrefix(message) == true, "\(error["message"] ?? "")")
        let check = try runTool(["check", "-", "--input", format], stdin: document)
        #expect(check.status == 65)
        #expect(check.stdout.contains("\(path): \(message)"))
    }

    /// App Store Connect: the bad territory fails, or renders without the offer at fault; the
    /// others render.
    @Test(arguments: [
        ("a missing included resource", "[0].data[2].relationships.territory.data",
         #"names territories "JPN", which is not in the documents; request it with include=territory"#),
        ("a price in a territory with no currency", "[0].included[2].attributes.currency", "is required"),
        ("an unknown enum value", "[1].data[2].attributes.offerMode", #"unknown offerMode "HALF_PRICE""#),
        ("a missing price point", "[0].data[2].relationships.subscriptionPricePoint.data", "names subscriptionPricePoints"),
    ])
    func badAppStoreConnectDocuments(_ what: String, _ path: String, _ message: String) throws {
        var documents = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "Examples/appstoreconnect.json"))) as? [[String: Any]])
        func edit(_ index: Int, _ change: (inout [String: Any]) -> Void) {
            change(&documents[index])
        }
        switch what {
        case "a missing included resource":
            for index in 0..<2 {
                edit(index) { document in
                    document["included"] = (document["included"] as! [[String: Any]]).filter { !($0["type"] as! String == "territories" && $0["id"] as! String == "JPN") }
                }
            }
        case "a price in a territory with no currency":
            edit(0) { document in
                var included = document["included"] as! [[String: Any]]
                included[2]["attributes"] = [String: Any]()
                document["included"] = included
            }
        case "an unknown enum value":
            edit(1) { document in
                var data = document["data"] as! [[String: Any]]
                var attributes = data[2]["attributes"] as! [String: Any]
                attributes["offerMode"] = "HALF_PRICE"
                data[2]["attributes"] = attributes
                document["data"] = data
            }
        default:
            edit(0) { document in
                document["included"] = (document["included"] as! [[String: Any]]).filter { $0["type"] as! String != "subscriptionPricePoints" || !(($0["attributes"] as! [String: Any])["customerPrice"] as! String == "1500") }
            }
        }
        let input = String(decoding: try JSONSerialization.data(withJSONObject: documents), as: UTF8.self)
        let result = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: input)
        #expect(result.status == 65)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["territory"] as? String } == ["USA", "DEU", "JPN"])
        #expect(objects[0]["price"] as? String == "$9.99")
        #expect(objects[1]["price"] as? String == "€9.99")
        let error = try #require((objects[2]["errors"] as? [[String: String]])?.first)
        // A bad offer leaves its territory's regular price rendered.
        #expect((objects[2]["price"] as? String == "¥1,500") == (what == "an unknown enum value"))
        #expect(error["path"] == path)
        #expect(error["message"]?.hasPrefix(message) == true, "\(error["message"] ?? "")")
    }

    /// A document that could be read as several formats is settled by naming one: a usage
    /// error. (One of no known format is bad data: see ``NonCatalogDocumentTests``.)
    @Test func ambiguousDocumentsAreUsageErrors() throws {
        let unknown = try runTool(["render", "-", "--locale", "en-US"], stdin: #"{"sku":"x","amount":1}"#)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains(#"the document: does not look like any input format: an object with keys "sku", "amount""#))
        let both = #"{"identifier":"x","priceString":"$1","price":1,"currencyCode":"USD","subscriptionOfferDetails":[]}"#
        let ambiguous = try runTool(["render", "-", "--locale", "en-US"], stdin: both)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("could be read as more than one format: googleplay"))
        #expect(ambiguous.stderr.contains("revenuecat, as a RevenueCat product"))
        // Naming the format settles it.
        #expect(try runTool(["render", "-", "--input", "revenuecat", "--locale", "en-US"], stdin: both).status == 0)
        let mixed = try runTool(["check", "-"], stdin: "[\(both.replacingOccurrences(of: #","subscriptionOfferDetails":[]"#, with: "")), {\"price\":\"1\",\"currencyCode\":\"USD\"}]")
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("[1] looks like storekit1"))
        let bad = try runTool(["render", "-", "--input", "itunes", "--locale", "en-US"], stdin: "{}")
        #expect(bad.status == 64)
    }

    /// `check --strict` fails on the document's own warnings too (a member of an envelope
    /// that is not read), not only on the products'.
    @Test func checkStrictFailsOnTheDocumentsWarnings() throws {
        let product = #"{"productIdentifier":"p","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}}"#
        let envelope = #"{"products":[\#(product)],"nextPageToken":"abc"}"#
        let lenient = try runTool(["check", "-"], stdin: envelope)
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("warning  nextPageToken: is not read"))
        #expect(try runTool(["check", "-", "--strict"], stdin: envelope).status == 1)
        #expect(try runTool(["check", "-", "--strict"], stdin: "[\(product)]").status == 0)
    }

    @Test func warningsAreBesideTheOutput() throws {
        let product = #"{"productIdentifier":"p","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":5},"numberOfPeriods":1}}"#
        let json = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: product)
        #expect(json.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let warnings = try #require(objects.first?["warnings"] as? [[String: String]])
        #expect(warnings.map { $0["path"] } == ["introductoryPrice.subscriptionPeriod"])
        #expect(warnings.first?["message"]?.hasSuffix("this one lasts 5 days") == true)
        let text = try runTool(["render", "-", "--locale", "en-US", "--locale", "de-DE"], stdin: product)
        #expect(text.status == 0)
        #expect(text.stderr == "warning: item 1 p: introductoryPrice.subscriptionPeriod: an App Store free trial lasts 3 days, 1 or 2 weeks, 1, 2, 3 or 6 months, or 1 year; this one lasts 5 days\n")
        let check = try runTool(["check", "-"], stdin: product)
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("warning  p: introductoryPrice.subscriptionPeriod: an App Store free trial lasts"))
        #expect(try runTool(["check", "-", "--strict"], stdin: product).status == 1)
    }
}
