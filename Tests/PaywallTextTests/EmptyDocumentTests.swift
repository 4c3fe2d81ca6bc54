import Foundation
@testable import PaywallText
import Testing

/// No answer is an empty answer in silence (PRODUCT §12a): a document that yields no product
/// says what it holds and what would make it renderable, in every reader, as a problem of the
/// document (its own entry in the JSON, and `check --strict` exits 1); members of a product the
/// documents do not hold are errors naming what to add (exit 65).
@Suite("Documents that yield no product")
struct EmptyDocumentTests {
    /// One document of each reader that holds nothing a product is made of, the path of its
    /// warning and how the warning begins.
    static let documents: [(input: String, format: String, path: String, message: String)] = [
        (#"{"subscriptions": [], "nextPageToken": null}"#, "playconsole", "",
         "holds no subscription or one-time product (subscriptions is empty), so no product: fetch the app's subscriptions"),
        (#"[{"subscriptions": []}, {"oneTimeProducts": []}]"#, "playconsole", "",
         "holds no subscription or one-time product (subscriptions and oneTimeProducts are empty), so no product"),
        (#"{"packageName": "com.example.app", "productId": "premium", "listings": [{"languageCode": "en-US", "title": "Premium"}], "basePlans": []}"#,
         "playconsole", "basePlans", #"is empty: the subscription "premium" has no base plan, so no product"#),
        (#"{"identifier": "A1", "settings": {"_storefront": "USA"}, "version": {"major": 4, "minor": 0}, "nonRenewingSubscriptions": [], "products": [], "subscriptionGroups": [{"id": "21", "name": "Pro", "localizations": [], "subscriptions": []}]}"#,
         "storekitconfig", "", #"holds the subscription group "Pro" with no subscription, and no non-renewing subscription or product, so no product: add products"#),
        (#"{"all": {"default": {"identifier": "default", "serverDescription": "Default", "metadata": {}, "availablePackages": []}}, "current": {"identifier": "default", "serverDescription": "Default", "metadata": {}, "availablePackages": []}}"#,
         "revenuecat", "", #"holds the offering "default" with no package, so no product: add packages to an offering in the RevenueCat dashboard"#),
        (#"{"all": {}, "current": null}"#, "revenuecat", "", "holds no offering (all is empty), so no product"),
        (#"{"object": "list", "data": [], "has_more": false, "url": "/v1/prices"}"#, "stripe", "",
         "holds no Stripe Price (its list is empty), so no product: fetch the active prices"),
        (#"{"data": [], "links": {"self": "https://api.appstoreconnect.apple.com/v1/subscriptions/6444123456/prices"}, "meta": {"paging": {"total": 0, "limit": 50}}}"#,
         "appstoreconnect", "", "holds no price of a subscription or in-app purchase, so no product: fetch a subscription's prices"),
    ]

    @Test(arguments: documents)
    func aDocumentThatYieldsNoProductSaysWhatItHolds(_ document: (input: String, format: String, path: String, message: String)) throws {
        let read = try StoreDocuments.read(Data(document.input.utf8))
        #expect(read.items.isEmpty)
        let problem = try #require(read.problems.first)
        #expect(read.problems.count == 1)
        #expect(problem.severity == .warning)
        #expect(problem.path == document.path)
        #expect(problem.error.message.hasPrefix(document.message), "\(problem.error.message)")
        #expect(try StoreDocuments.detectFormat(Data(document.input.utf8)).rawValue == document.format)

        // Through the tool: the warning is an entry of the JSON, exit 0; check --strict exits 1.
        let json = try runTool(["render", "-", "--locale", "en-US", "--format", "json"], stdin: document.input)
        #expect(json.status == 0)
        #expect(json.stdout.contains(#"{"index":1,"path":"\#(document.path)","warning":{"kind":"unused","path":"\#(document.path)","message":"#))
        #expect(try runTool(["check", "-"], stdin: document.input).status == 0)
        #expect(try runTool(["check", "-", "--strict"], stdin: document.input).status == 1)
    }

    /// An input with nothing in it at all is said on standard error, and `check --strict`
    /// fails on that warning as on any other.
    @Test(arguments: ["[]", #"{"products": []}"#, ""])
    func anEmptyInputFailsCheckStrict(_ input: String) throws {
        let check = try runTool(["check", "-"], stdin: input)
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("warning: standard input "))
        #expect(try runTool(["check", "-", "--strict"], stdin: input).status == 1)
    }

    /// A subscription's introductory offers (`GET /v1/subscriptions/{id}/introductoryOffers`),
    /// without the subscription's prices: an error naming the request that adds them, exit 65.
    @Test func anIntroductoryOfferOfASubscriptionWithoutPricesNamesThePricesToAdd() throws {
        let offers = #"""
        {"data":[{"type":"subscriptionIntroductoryOffers","id":"intro-usa","attributes":{"duration":"ONE_WEEK","offerMode":"FREE_TRIAL","numberOfPeriods":1,"startDate":null,"endDate":null},
                  "relationships":{"subscription":{"data":{"type":"subscriptions","id":"6444123456"}},"territory":{"data":{"type":"territories","id":"USA"}},"subscriptionPricePoint":{"data":null}}}],
         "included":[{"type":"territories","id":"USA","attributes":{"currency":"USD"}}],
         "links":{"self":"https://api.appstoreconnect.apple.com/v1/subscriptions/6444123456/introductoryOffers?include=territory"}}
        """#
        let document = try AppStoreConnectDocumentTests.read(offers)
        #expect(document.items.isEmpty)
        #expect(document.problems.map(\.severity) == [.error])
        #expect(document.problems.first?.error.description == #"data[0]: is an introductory offer of the subscription "6444123456", "#
            + "which has no price in the documents, so no product to be offered with: add its prices, "
            + "GET /v1/subscriptions/6444123456/prices?include=territory,subscriptionPricePoint")
        #expect(try runTool(["check", "-"], stdin: offers).status == 65)
    }
}
