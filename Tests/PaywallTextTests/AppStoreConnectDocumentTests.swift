import Foundation
@testable import PaywallText
import Testing

/// `appstoreconnect`: in-app purchase prices, and nothing in the documents left out without
/// a word.
@Suite("App Store Connect documents")
struct AppStoreConnectDocumentTests {
    static func read(_ json: String, asOf: String = "2026-06-15") throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: .appStoreConnect, options: ReadOptions(asOf: AsOf(parsing: asOf)))
    }

    static func territory(_ id: String, _ currency: String) -> String {
        #"{"type":"territories","id":"\#(id)","attributes":{"currency":"\#(currency)"}}"#
    }

    /// A price row of `type`, its price point named by `point`.
    static func price(_ type: String, _ id: String, territory: String, point: String, pointType: String, start: String? = nil, extra: String = "") -> String {
        let relationship = pointType == "inAppPurchasePricePoints" ? "inAppPurchasePricePoint" : "subscriptionPricePoint"
        return #"{"type":"\#(type)","id":"\#(id)","attributes":{"startDate":\#(start.map { "\"\($0)\"" } ?? "null")\#(extra)},"relationships":{"territory":{"data":{"type":"territories","id":"\#(territory)"}},"\#(relationship)":{"data":{"type":"\#(pointType)","id":"\#(point)"}}}}"#
    }

    static func point(_ type: String, _ id: String, _ amount: String) -> String {
        #"{"type":"\#(type)","id":"\#(id)","attributes":{"customerPrice":"\#(amount)","proceeds":"0"}}"#
    }

    /// An in-app purchase, and its manual and automatic prices as the price schedule's
    /// endpoints give them: one-time products, one per territory.
    static let inAppPurchase = #"""
    [{"data": {"type": "inAppPurchases", "id": "6741", "attributes": {"name": "100 Coins", "productId": "com.example.coins.100", "inAppPurchaseType": "CONSUMABLE"}},
      "links": {"self": "https://api.appstoreconnect.apple.com/v2/inAppPurchases/6741"}},
     {"data": [\#(price("inAppPurchasePrices", "m-usa", territory: "USA", point: "pp-usa", pointType: "inAppPurchasePricePoints", extra: #","manual":true,"endDate":null"#)),
               \#(price("inAppPurchasePrices", "m-usa-2", territory: "USA", point: "pp-usa-2", pointType: "inAppPurchasePricePoints", start: "2026-09-01", extra: #","manual":true"#))],
      "included": [\#(point("inAppPurchasePricePoints", "pp-usa", "0.99")), \#(point("inAppPurchasePricePoints", "pp-usa-2", "1.29")), \#(territory("USA", "USD"))],
      "links": {"self": "https://api.appstoreconnect.apple.com/v1/inAppPurchasePriceSchedules/6741/manualPrices?include=inAppPurchasePricePoint,territory"}},
     {"data": [\#(price("inAppPurchasePrices", "a-deu", territory: "DEU", point: "pp-deu", pointType: "inAppPurchasePricePoints", extra: #","manual":false"#)),
               \#(price("inAppPurchasePrices", "a-jpn", territory: "JPN", point: "pp-jpn", pointType: "inAppPurchasePricePoints", extra: #","manual":false"#))],
      "included": [\#(point("inAppPurchasePricePoints", "pp-deu", "0.99")), \#(point("inAppPurchasePricePoints", "pp-jpn", "160")),
                   \#(territory("DEU", "EUR")), \#(territory("JPN", "JPY"))],
      "links": {"self": "https://api.appstoreconnect.apple.com/v1/inAppPurchasePriceSchedules/6741/automaticPrices?include=inAppPurchasePricePoint,territory"}}]
    """#

    @Test func inAppPurchasePricesAreOneTimeProducts() throws {
        let document = try Self.read(Self.inAppPurchase)
        #expect(document.problems.isEmpty)
        #expect(document.items.allSatisfy { $0.errors.isEmpty && $0.warnings.isEmpty })
        let coins = { (price: String, currency: String) in
            Product(productIdentifier: "com.example.coins.100", price: decimal(price), currencyCode: currency)
        }
        StoreFormatTests().expectSameText(document.items, as: [("USA", coins("0.99", "USD")), ("DEU", coins("0.99", "EUR")), ("JPN", coins("160", "JPY"))])
        #expect(document.items.map(\.source.path) == ["[1].data[0]", "[2].data[0]", "[2].data[1]"])
        // The scheduled price is read, not dropped: from its day, it is the price.
        #expect(document.asOf != nil)
        #expect(try Self.read(Self.inAppPurchase, asOf: "2026-09-01").items[0].result.get().product.price == decimal("1.29"))
    }

    /// A price schedule that lists its prices ties them to its in-app purchase; without the
    /// in-app purchase itself, the product has no identifier, which is said.
    @Test func aPriceScheduleTiesPricesToItsPurchase() throws {
        let json = #"""
        [{"data": {"type": "inAppPurchasePriceSchedules", "id": "6741", "relationships": {
            "inAppPurchase": {"data": {"type": "inAppPurchases", "id": "6741"}},
            "manualPrices": {"data": [{"type": "inAppPurchasePrices", "id": "m-usa"}]}}}},
         {"data": [\#(Self.price("inAppPurchasePrices", "m-usa", territory: "USA", point: "pp-usa", pointType: "inAppPurchasePricePoints"))],
          "included": [\#(Self.point("inAppPurchasePricePoints", "pp-usa", "4.99")), \#(Self.territory("USA", "USD"))]}]
        """#
        let item = try #require(try Self.read(json).items.first)
        #expect(try item.result.get().product == Product(price: decimal("4.99"), currencyCode: "USD"))
        #expect(item.warnings.map(\.path) == ["[1].data[0]"])
        #expect(item.warnings.first?.message.contains(#"the in-app purchase "6741" is not in the documents"#) == true)
    }

    /// A document that cannot be read is a problem of its own with its path; it no longer
    /// hides the products of the others.
    @Test func aBadDocumentHidesNothing() throws {
        var documents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "Examples/appstoreconnect.json"))) as? [Any])
        documents.append(["errors": [["status": "404", "detail": "not found"]]])
        documents.append(["data": [["type": "subscriptionPrices"]]])
        let data = try JSONSerialization.data(withJSONObject: documents)
        let document = try StoreDocuments.read(data, format: .appStoreConnect)
        #expect(document.items.map(\.source.territory) == ["USA", "DEU", "JPN"])
        #expect(document.items.allSatisfy { $0.errors.isEmpty })
        let last = documents.count
        #expect(document.problems.map(\.index) == [last - 1, last])
        #expect(document.problems.map(\.path) == ["[\(last - 2)].data", "[\(last - 1)].data[0].id"])
        #expect(document.problems.allSatisfy { $0.severity == .error })
        #expect(document.hasErrors)
    }

    /// Prices that belong to no subscription are refused with that reason, one problem each;
    /// no product is made of them.
    @Test func pricesWithNoSubscriptionAreRefused() throws {
        let json = #"""
        {"data": [\#(Self.price("subscriptionPrices", "p1", territory: "USA", point: "pp1", pointType: "subscriptionPricePoints")),
                  \#(Self.price("subscriptionPrices", "p2", territory: "GBR", point: "pp2", pointType: "subscriptionPricePoints"))],
         "included": [\#(Self.point("subscriptionPricePoints", "pp1", "9.99")), \#(Self.point("subscriptionPricePoints", "pp2", "7.99")),
                      \#(Self.territory("USA", "USD")), \#(Self.territory("GBR", "GBP"))],
         "links": {"next": ""}}
        """#
        let document = try Self.read(json)
        #expect(document.items.isEmpty)
        #expect(document.problems.map(\.path) == ["data[0]", "data[1]"])
        #expect(document.problems.allSatisfy { $0.severity == .error && $0.error.message.hasPrefix("is a price with no subscription to belong to") })
    }

    /// Every problem of a product's own fields is named, not only the first.
    @Test func everyProblemOfAProductIsNamed() throws {
        let json = #"""
        [{"data": {"type": "subscriptions", "id": "42", "attributes": {"productId": "com.example.monthly", "subscriptionPeriod": "MONTHLY"}}},
         {"data": [\#(Self.price("subscriptionPrices", "p1", territory: "USA", point: "pp1", pointType: "subscriptionPricePoints"))],
          "included": [\#(Self.point("subscriptionPricePoints", "pp1", "3,99")), {"type": "territories", "id": "USA", "attributes": {}}]}]
        """#
        let item = try #require(try Self.read(json).items.first)
        #expect(item.errors.map(\.path) == ["[0].data.attributes.subscriptionPeriod", "[1].included[1].attributes.currency", "[1].included[0].attributes.customerPrice"])
        #expect(item.source.productIdentifier == "com.example.monthly")
    }

    /// What the documents hold and makes no product, or is not read, is reported with its path.
    @Test func whatIsNotReadIsReported() throws {
        let json = #"""
        [{"data": {"type": "subscriptions", "id": "42", "attributes": {"productId": "com.example.monthly", "subscriptionPeriod": "ONE_MONTH"}},
          "included": [{"type": "subscriptionGroups", "id": "7", "attributes": {"referenceName": "Pro"}}]},
         {"data": [\#(Self.price("subscriptionPrices", "p-usa", territory: "USA", point: "pp-usa", pointType: "subscriptionPricePoints")),
                   \#(Self.price("subscriptionPrices", "p-usa-monthly", territory: "USA", point: "pp-usa", pointType: "subscriptionPricePoints", extra: #","planType":"MONTHLY""#)),
                   \#(Self.price("subscriptionPrices", "p-gbr-later", territory: "GBR", point: "pp-gbr", pointType: "subscriptionPricePoints", start: "2027-01-01"))],
          "included": [\#(Self.point("subscriptionPricePoints", "pp-usa", "9.99")), \#(Self.point("subscriptionPricePoints", "pp-gbr", "7.99")),
                       \#(Self.territory("USA", "USD")), \#(Self.territory("GBR", "GBP"))],
          "links": {"self": "https://api.appstoreconnect.apple.com/v1/subscriptions/42/prices"}},
         {"data": [{"type": "subscriptionIntroductoryOffers", "id": "i-fra", "attributes": {"duration": "ONE_WEEK", "offerMode": "FREE_TRIAL", "numberOfPeriods": 1},
                    "relationships": {"subscription": {"data": {"type": "subscriptions", "id": "42"}}, "territory": {"data": {"type": "territories", "id": "FRA"}}}},
                   {"type": "subscriptionOfferCodes", "id": "c1", "attributes": {"name": "SPRING", "active": false, "duration": "ONE_MONTH", "offerMode": "FREE_TRIAL", "numberOfPeriods": 1},
                    "relationships": {"subscription": {"data": {"type": "subscriptions", "id": "42"}}}},
                   {"type": "subscriptionPromotionalOfferPrices", "id": "po1", "relationships": {"territory": {"data": {"type": "territories", "id": "USA"}}}}],
          "links": {"self": "https://api.appstoreconnect.apple.com/v1/subscriptionPromotionalOffers/9/prices"}},
         {"data": {"type": "subscriptions", "id": "43", "attributes": {"productId": "com.example.annual", "subscriptionPeriod": "ONE_YEAR"}}}]
        """#
        let document = try Self.read(json)
        // The monthly plan with a 12-month commitment is a product of its own.
        #expect(document.items.map(\.source.territory) == ["USA", "USA"])
        #expect(try document.items[1].result.get().product.billingPlan?.type == .commitment)
        #expect(document.items.allSatisfy { $0.errors.isEmpty })
        let problems: [String] = document.problems.map { "\($0.severity.rawValue) \($0.path)" }
        let expected: [String] = [
            "warning [0].included[0]",  // a subscription group: no price or offer
            "warning [1].data[2]",  // no price in force in GBR on the day
            "warning [2].data[0]",  // an introductory offer where the subscription has no price
            "warning [2].data[1]",  // an offer code that is not active
            "error [2].data[2]",  // a price of an offer the documents do not hold
            "warning [3].data",  // a subscription without prices
        ]
        #expect(problems == expected)
        #expect(document.problems.first { $0.path == "[1].data[2]" }?.error.message.contains("is not in force on 2026-06-15") == true)
        #expect(document.problems.first { $0.path == "[2].data[2]" }?.error.message.contains(#"subscriptionPromotionalOffers "9", which is not in the documents"#) == true)
    }

    // MARK: - No empty answer in silence

    /// A subscription's own list of win-back offers (`GET /v1/subscriptions/{id}/winBackOffers`)
    /// holds no price of the subscription: the offer is an error naming what to add, never `[]`.
    @Test func aWinBackOfferListWithoutItsSubscriptionsPricesIsAnError() throws {
        let json = #"""
        {"data":[{"type":"winBackOffers","id":"8f3a","attributes":{"referenceName":"Come back","offerId":"comeback","duration":"ONE_MONTH",
                  "offerMode":"PAY_AS_YOU_GO","periodCount":3,"customerEligibilityPaidSubscriptionDurationInMonths":6,
                  "customerEligibilityTimeSinceLastSubscribedInMonths":{"minimum":1,"maximum":12},"startDate":null,"endDate":null,
                  "priority":"HIGH","promotionIntent":"NOT_PROMOTED"},
                  "relationships":{"prices":{"links":{"related":"https://api.appstoreconnect.apple.com/v1/winBackOffers/8f3a/prices"}}}}],
         "links":{"self":"https://api.appstoreconnect.apple.com/v1/subscriptions/6444123456/winBackOffers"},"meta":{"paging":{"total":1,"limit":50}}}
        """#
        let document = try Self.read(json)
        #expect(document.items.isEmpty)
        #expect(document.hasErrors)
        #expect(document.problems.map(\.path) == ["data[0]"])
        #expect(document.problems[0].error.message.hasPrefix(#"is an offer of the subscription "6444123456", which has no price in the documents"#))
        #expect(document.problems[0].error.message.contains("GET /v1/subscriptions/6444123456/prices?include=territory,subscriptionPricePoint"))
        let check = try runTool(["check", "-", "--format", "json"], stdin: json)
        #expect(check.status == 65)
    }

    /// A subscription's price points (`GET /v1/subscriptions/{id}/pricePoints?include=territory`)
    /// are prices it may be given, not the ones it has: an error asking for its prices. Price
    /// points of no owner the document names are a warning; `check --strict` fails on it.
    @Test func aPricePointListIsNoProductAndSaysWhatToFetch() throws {
        let points = [Self.point("subscriptionPricePoints", "p1", "0.99"), Self.point("subscriptionPricePoints", "p2", "1.99")]
        func document(_ link: String) -> String {
            #"{"data":[\#(points.joined(separator: ","))],"included":[\#(Self.territory("USA", "USD"))],"links":{"self":"\#(link)"}}"#
        }
        let owned = try Self.read(document("https://api.appstoreconnect.apple.com/v1/subscriptions/6444123456/pricePoints?include=territory"))
        #expect(owned.items.isEmpty)
        #expect(owned.problems.map(\.path) == ["data[0]", "data[1]"])
        #expect(owned.problems.allSatisfy { $0.severity == .error })
        #expect(owned.problems[0].error.message == #"is a price point of the subscription "6444123456" that no price in the documents uses: "#
            + "a price the subscription may be given, not one it has; add its prices, "
            + "GET /v1/subscriptions/6444123456/prices?include=territory,subscriptionPricePoint")
        let unowned = document("https://api.appstoreconnect.apple.com/v1/subscriptionPricePoints/p1/equalizations")
        let read = try Self.read(unowned)
        #expect(read.problems.map(\.severity) == [.warning, .warning])
        #expect(!read.hasErrors)
        #expect(try runTool(["check", "-", "--strict", "--input", "appstoreconnect"], stdin: unowned).status == 1)
        // A document with nothing in it says so.
        let empty = try Self.read(#"{"data":[]}"#)
        #expect(empty.problems.map(\.severity) == [.warning])
        #expect(empty.problems[0].error.message.hasPrefix("holds no price of a subscription or in-app purchase, so no product"))
    }

    /// A price row without its territory whose price point has no customerPrice: both are named
    /// at once, not the second only after the first is fixed.
    @Test func aPriceRowNamesEveryProblemAtOnce() throws {
        let json = #"""
        {"data":[{"type":"inAppPurchasePrices","id":"r1","attributes":{"startDate":null,"endDate":null,"manual":true},
                  "relationships":{"inAppPurchasePricePoint":{"data":{"type":"inAppPurchasePricePoints","id":"pp1"}}}}],
         "included":[{"type":"inAppPurchasePricePoints","id":"pp1","attributes":{"proceeds":"0.7"}}],
         "links":{"self":"https://api.appstoreconnect.apple.com/v1/inAppPurchasePriceSchedules/6741/manualPrices"}}
        """#
        let document = try Self.read(json)
        #expect(document.items.isEmpty)
        #expect(document.problems.map(\.error.description) == [
            "data[0].relationships.territory.data: is required: the territory the price applies in",
            "included[0].attributes.customerPrice: is required",
        ])
    }
}
