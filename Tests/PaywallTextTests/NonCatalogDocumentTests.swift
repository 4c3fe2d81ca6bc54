import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
import Testing

/// Purchases, renewals, notifications, legacy `SkuDetails` and other vendors' SDK objects are
/// not catalogs: each is recognized by keys of its own and refused saying what it is and what
/// to send instead, never read as a product (PRODUCT §12a). A format is chosen only on the
/// evidence of its own keys, and a document of no known format is bad data (exit 65) with an
/// entry of its own in the tool's JSON.
///
/// The documents are written from the stores' and SDKs' reference documentation.
@Suite("Documents that are no catalog")
struct NonCatalogDocumentTests {
    /// App Store Server API `JWSTransactionDecodedPayload` of a one-time purchase: `price` in
    /// milliunits (10990 is $10.99).
    static let transaction = #"""
    {"transactionId":"2000000912345678","originalTransactionId":"2000000912345678","bundleId":"com.example.app",
     "productId":"com.example.lifetime","purchaseDate":1767225600000,"originalPurchaseDate":1767225600000,"quantity":1,
     "type":"Non-Consumable","inAppOwnershipType":"PURCHASED","signedDate":1767225601000,"environment":"Production",
     "transactionReason":"PURCHASE","storefront":"USA","storefrontId":"143441","price":10990,"currency":"USD"}
    """#

    /// App Store Server API `JWSRenewalInfoDecodedPayload`.
    static let renewalInfo = #"""
    {"originalTransactionId":"2000000912345678","autoRenewProductId":"com.example.pro.yearly","productId":"com.example.pro.monthly",
     "autoRenewStatus":1,"renewalPrice":59990,"currency":"USD","signedDate":1767225601000,"environment":"Production",
     "recentSubscriptionStartDate":1767225600000,"renewalDate":1769904000000}
    """#

    /// A decoded App Store Server Notification v2 (`responseBodyV2DecodedPayload`).
    static let notification = #"""
    {"notificationType":"DID_RENEW","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","version":"2.0","signedDate":1767225601000,
     "data":{"appAppleId":1234567890,"bundleId":"com.example.app","bundleVersion":"42","environment":"Production",
             "signedTransactionInfo":"eyJhbGciOiJFUzI1NiJ9.e30.c2ln","signedRenewalInfo":"eyJhbGciOiJFUzI1NiJ9.e30.c2ln","status":1}}
    """#

    /// StoreKit 2 `Transaction.jsonRepresentation`: the signed transaction's payload, with the
    /// device's verification.
    static let storeKit2TransactionJSON = #"""
    {"transactionId":"2000000912345679","originalTransactionId":"2000000912345678","bundleId":"com.example.app",
     "productId":"com.example.pro.monthly","purchaseDate":1767225600000,"expiresDate":1769904000000,"type":"Auto-Renewable Subscription",
     "deviceVerification":"dGVzdA==","deviceVerificationNonce":"6b1f3a52-1c2e-4c56-9a4b-2f3c4d5e6f70","price":9990,"currency":"USD"}
    """#

    /// A StoreKit 2 `Transaction` as an app encodes its properties.
    static let storeKit2Transaction = #"""
    {"id":2000000912345679,"originalID":2000000912345678,"productID":"com.example.pro.monthly","productType":"autoRenewable",
     "purchaseDate":"2026-01-01T00:00:00Z","ownershipType":"purchased","price":9.99,"currency":"USD"}
    """#

    /// Android Publisher API `purchases.subscriptions` (v1) `SubscriptionPurchase`.
    static let subscriptionPurchase = #"""
    {"kind":"androidpublisher#subscriptionPurchase","startTimeMillis":"1767225600000","expiryTimeMillis":"1769904000000",
     "autoRenewing":true,"priceCurrencyCode":"USD","priceAmountMicros":"9490000","countryCode":"US","paymentState":1,
     "orderId":"GPA.3312-4567-8901-23456","acknowledgementState":1}
    """#

    /// Android Publisher API `purchases.subscriptionsv2` `SubscriptionPurchaseV2`.
    static let subscriptionPurchaseV2 = #"""
    {"kind":"androidpublisher#subscriptionPurchaseV2","regionCode":"US","startTime":"2026-01-01T00:00:00Z",
     "subscriptionState":"SUBSCRIPTION_STATE_ACTIVE","latestOrderId":"GPA.3312-4567-8901-23456",
     "acknowledgementState":"ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
     "lineItems":[{"productId":"pro","expiryTime":"2026-02-01T00:00:00Z",
                   "autoRenewingPlan":{"autoRenewEnabled":true,"recurringPrice":{"currencyCode":"USD","units":"9","nanos":490000000}},
                   "offerDetails":{"basePlanId":"monthly","offerTags":[]}}]}
    """#

    /// Android Publisher API `purchases.products` `ProductPurchase`.
    static let productPurchase = #"""
    {"kind":"androidpublisher#productPurchase","purchaseTimeMillis":"1767225600000","purchaseState":0,"consumptionState":0,
     "orderId":"GPA.1234-5678-9012-34567","purchaseType":0,"acknowledgementState":1,"regionCode":"US"}
    """#

    /// A Play Billing `Purchase`'s original JSON.
    static let billingPurchase = #"""
    {"orderId":"GPA.1234-5678-9012-34567","packageName":"com.example.app","productId":"pro","purchaseTime":1767225600000,
     "purchaseState":0,"purchaseToken":"opaque-token","quantity":1,"autoRenewing":true,"acknowledged":false}
    """#

    /// A legacy `SkuDetails` (Billing Library 4 and older): a $9.49 monthly subscription with
    /// a one-week free trial.
    static let skuDetails = #"""
    {"productId":"pro_monthly","type":"subs","title":"Pro (Example)","name":"Pro","price":"$9.49","price_amount_micros":9490000,
     "price_currency_code":"USD","description":"Everything in Pro","subscriptionPeriod":"P1M","freeTrialPeriod":"P1W",
     "skuDetailsToken":"AEuhp4Jexample"}
    """#

    /// The Android Publisher API's legacy `InAppProduct` (`inappproducts`), which the
    /// `monetization.onetimeproducts` resources replace.
    static let inAppProduct = #"""
    {"packageName":"com.example.app","sku":"coins_100","status":"active","purchaseType":"managedUser",
     "defaultPrice":{"priceMicros":"1990000","currency":"USD"},"prices":{"DE":{"priceMicros":"1990000","currency":"EUR"}},
     "listings":{"en-US":{"title":"100 coins","description":"A bag of coins"}},"defaultLanguage":"en-US"}
    """#

    /// An Adapty paywall product.
    static let adapty = #"""
    {"vendorProductId":"pro_monthly","adaptyProductId":"pro_monthly_adapty","paywallName":"main","localizedTitle":"Pro",
     "price":{"amount":9.49,"currencyCode":"USD","localizedString":"$9.49"},"regionCode":"US"}
    """#

    /// A cordova-plugin-purchase product (version 13).
    static let cordova = #"""
    {"className":"Product","platform":"android-playstore","type":"paid subscription","id":"pro_monthly","title":"Pro",
     "description":"Everything in Pro","offers":[{"className":"Offer","id":"pro_monthly@monthly","pricingPhases":[
       {"price":"$9.49","priceMicros":9490000,"currency":"USD","billingPeriod":"P1M","recurrenceMode":"INFINITE_RECURRING","paymentMode":"PayAsYouGo"}]}]}
    """#

    /// A Qonversion product.
    static let qonversion = #"{"qonversionID":"main","storeID":"pro_monthly","type":1,"duration":1,"prettyPrice":"$9.49"}"#

    static let cases: [(String, String)] = [
        (transaction, "is a decoded App Store Server API transaction (JWSTransactionDecodedPayload: transactionId, originalTransactionId, purchaseDate, price and currency): a purchase, not a catalog (its price is what was charged, in milliunits of the currency); send the product's catalog instead"),
        (renewalInfo, "is a decoded App Store Server API renewal info (JWSRenewalInfoDecodedPayload: autoRenewProductId, autoRenewStatus, originalTransactionId and renewalPrice)"),
        (notification, #"is a decoded App Store Server Notification v2 "DID_RENEW" (notificationType, notificationUUID and data)"#),
        (storeKit2TransactionJSON, "is a StoreKit 2 Transaction's jsonRepresentation"),
        (storeKit2Transaction, "is a StoreKit 2 Transaction (originalID, productID, purchaseDate and ownershipType)"),
        (subscriptionPurchase, "is an Android Publisher API subscriptionPurchase (purchases.subscriptions v1: kind \"androidpublisher#subscriptionPurchase\")"),
        (subscriptionPurchaseV2, "is an Android Publisher API SubscriptionPurchaseV2 (purchases.subscriptionsv2: kind \"androidpublisher#subscriptionPurchaseV2\")"),
        (productPurchase, "is an Android Publisher API productPurchase (purchases.products: kind \"androidpublisher#productPurchase\")"),
        (billingPurchase, "is a Play Billing Purchase (purchaseToken, purchaseTime, purchaseState, orderId and packageName)"),
        (skuDetails, "is a legacy Play Billing SkuDetails (price_amount_micros, price_currency_code, freeTrialPeriod and skuDetailsToken), which Billing Library 4 and older return and which is not read: query ProductDetails"),
        (inAppProduct, "is an Android Publisher API InAppProduct (sku, defaultPrice, purchaseType and prices), the legacy in-app product resource (inappproducts), which is not read: fetch the one-time product"),
        (adapty, "is an Adapty paywall product (vendorProductId and adaptyProductId), which is not read; send the store's own product it wraps instead"),
        (cordova, #"is a cordova-plugin-purchase product (platform "android-playstore"), which is not read"#),
        (qonversion, "is a Qonversion product (qonversionID and storeID), which is not read"),
    ]

    /// Each is refused with what it is, whether the format is detected or named.
    @Test(arguments: cases)
    func isRefusedSayingWhatItIs(_ json: String, _ message: String) throws {
        let data = Data(json.utf8)
        #expect(throws: PaywallTextError(.unrecognizedFormat, path: "", message: try #require(NonCatalogDocuments.refusal(ProductDecoder.parse(data))))) {
            try StoreDocuments.read(data)
        }
        let refusal = try #require(NonCatalogDocuments.refusal(ProductDecoder.parse(data)))
        #expect(refusal.hasPrefix(message), "\(refusal)")
        for format in InputFormat.allCases {
            #expect(throws: PaywallTextError(.unrecognizedFormat, path: "", message: refusal)) {
                try StoreDocuments.read(data, format: format)
            }
        }
    }

    /// Doing what an error used to ask (add a currencyCode) never turns a transaction into a
    /// product of $10,990, or a legacy SkuDetails into a one-time "$9.49".
    @Test func addingACurrencyCodeDoesNotMakeAPurchaseAProduct() throws {
        for json in [Self.transaction, Self.skuDetails] {
            let patched = json.replacingOccurrences(of: #""productId""#, with: #""currencyCode":"USD","productId""#)
            let document = try StoreDocuments.readReportingUnreadable(Data(patched.utf8), format: nil, options: ReadOptions())
            #expect(document.items.isEmpty)
            #expect(document.problems.count == 1 && document.problems[0].severity == .error)
        }
    }

    /// A Play Billing ProductDetails' own JSON carries a skuDetailsToken too: it is read.
    @Test func aProductDetailsWithASkuDetailsTokenIsRead() throws {
        let json = #"{"productId":"lifetime","type":"inapp","title":"Lifetime","name":"Lifetime","skuDetailsToken":"AEuhp4Jexample","#
            + #""oneTimePurchaseOfferDetails":{"priceAmountMicros":29990000,"priceCurrencyCode":"USD","formattedPrice":"$29.99"}}"#
        #expect(try StoreDocuments.detectFormat(Data(json.utf8)) == .googlePlay)
        #expect(try StoreDocuments.read(Data(json.utf8)).items.first?.result.get().product.price == decimal("29.99"))
    }

    /// `price` alone is no evidence of the package's own model: its currency (or
    /// `priceLocale`, or `productIdentifier`) is.
    @Test func aPriceAloneIsNoEvidenceOfStoreKit1() throws {
        #expect(throws: PaywallTextError.self) { try StoreDocuments.detectFormat(Data(#"{"id":"x","price":9.99}"#.utf8)) }
        for json in [#"{"price":"9.99","currencyCode":"USD"}"#, #"{"price":"9.99","priceLocale":"en_US@currency=USD"}"#,
                     #"{"productIdentifier":"x","price":"9.99"}"#] {
            #expect(try StoreDocuments.detectFormat(Data(json.utf8)) == .storeKit1)
        }
    }

    /// In an array, the member that is no catalog is named by its index and path, and the
    /// other members are read (PRODUCT §12a: a batch renders every good item); an envelope
    /// keeps its path.
    @Test func aMemberThatIsNoCatalogIsNamedByItsPath() throws {
        let product = #"{"productIdentifier":"m","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}}"#
        let document = try StoreDocuments.readReportingUnreadable(Data("[\(product), \(Self.billingPurchase)]".utf8), format: nil, options: ReadOptions())
        #expect(try document.items.map { try $0.result.get().product.productIdentifier } == ["m"])
        #expect(document.items.map(\.source.path) == ["[0]"])
        #expect(document.problems.map(\.index) == [2])
        #expect(document.problems.map(\.path) == ["[1]"])
        #expect(document.problems[0].error.message.hasPrefix("is a Play Billing Purchase"))
        #expect(document.hasErrors)
        let envelope = try StoreDocuments.readReportingUnreadable(Data(#"{"products":[\#(Self.skuDetails)]}"#.utf8), format: nil, options: ReadOptions())
        #expect(envelope.problems.map(\.path) == ["products[0]"])
        #expect(envelope.problems.map(\.error.path) == ["products[0]"])
        // The library's own reading keeps the envelope's path too: in a problem beside the
        // members it read, and in its error when it read none.
        let library = try StoreDocuments.read(Data(#"{"products":[{"price":"1","currencyCode":"USD"},{"sku":1}]}"#.utf8))
        #expect(library.items.map(\.source.path) == ["products[0]"])
        #expect(library.problems.map(\.error) == [PaywallTextError(.unrecognizedFormat, path: "products[1]", message:
            #"does not look like any input format: an object with keys "sku"; name the format with --input (\#(FormatDetection.names))"#)])
        #expect(throws: PaywallTextError(.unrecognizedFormat, path: "products[0]", message:
            #"does not look like any input format: an object with keys "sku"; name the format with --input (\#(FormatDetection.names))"#)) {
            try StoreDocuments.read(Data(#"{"products":[{"sku":1}]}"#.utf8))
        }
    }

    // MARK: - Arrays with a member no reader reads

    /// Four StoreKit 1 products of one paywall and, at `[3]`, an object of no known format.
    static let batch = #"""
    [{"productIdentifier":"pro.monthly","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}},
     {"productIdentifier":"pro.annual","price":"59.99","currencyCode":"USD","subscriptionPeriod":{"unit":"year","numberOfUnits":1}},
     {"productIdentifier":"lifetime","price":"149.99","currencyCode":"USD"},
     {"sku":"coins.100","amount":199,"currency":"usd"},
     {"productIdentifier":"pro.weekly","price":"2.99","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1}}]
    """#

    private func readReporting(_ json: String, format: InputFormat? = nil) throws -> StoreDocument {
        try StoreDocuments.readReportingUnreadable(Data(json.utf8), format: format, options: ReadOptions())
    }

    /// The member of no known format is an error naming its path and what it holds; every other
    /// member is read, at its own path, and the paywall is theirs (the annual plan's savings
    /// are measured against the weekly one after the bad member).
    @Test func aMemberOfNoKnownFormatSinksNoneOfTheOthers() throws {
        let document = try readReporting(Self.batch)
        #expect(document.items.map(\.source.path) == ["[0]", "[1]", "[2]", "[4]"])
        #expect(try document.items.map { try $0.result.get().product.productIdentifier } == ["pro.monthly", "pro.annual", "lifetime", "pro.weekly"])
        #expect(document.items.allSatisfy { $0.errors.isEmpty })
        #expect(document.problems.map(\.index) == [4])
        #expect(document.problems.map(\.path) == ["[3]"])
        #expect(document.problems.map(\.severity) == [.error])
        #expect(document.problems[0].error == PaywallTextError(.unrecognizedFormat, path: "[3]", message:
            #"does not look like any input format: an object with keys "sku", "amount", "currency"; name the format with --input (\#(FormatDetection.names))"#))
        let rendered = try PaywallRenderer().render(document.items, locale: "en-US").map { try $0.get() }
        #expect(rendered.map(\.price) == ["$9.99", "$59.99", "$149.99", "$2.99"])
        // $2.99 a week is $155.90 a year: the annual plan saves 61 % against it, the dearest plan.
        #expect(rendered[1].savings?.percent == 61)
    }

    /// A purchase in an array of a format named is the same: the other members are read.
    @Test func aPurchaseAmongProductsOfAFormatNamedSinksNoneOfTheOthers() throws {
        let product = #"{"productIdentifier":"m","price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}}"#
        let document = try readReporting("[\(Self.transaction),\(product)]", format: .storeKit1)
        #expect(document.items.map(\.source.path) == ["[1]"])
        #expect(document.problems.map { "\($0.index) \($0.path)" } == ["1 [0]"])
        #expect(document.problems[0].error.message.hasPrefix("is a decoded App Store Server API transaction"))
    }

    /// Documents joined by their ids (a Play Console subscription and its offer) are joined
    /// across the member that is not read; each problem keeps its member's position and path,
    /// also below an envelope.
    @Test func documentsAreJoinedAcrossAMemberNotRead() throws {
        let subscription = #"{"productId":"pro","basePlans":[{"basePlanId":"monthly","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},"#
            + #""regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"9","nanos":990000000}}]}]}"#
        let offer = #"{"productId":"pro","basePlanId":"monthly","offerId":"trial","phases":[{"duration":"P1W","recurrenceCount":1,"#
            + #""regionalConfigs":[{"regionCode":"US","free":{}},{"regionCode":"DE","free":{}}]}],"#
            + #""regionalConfigs":[{"regionCode":"US","newSubscriberAvailability":true},{"regionCode":"DE","newSubscriberAvailability":true}]}"#
        for (json, base) in [("[\(subscription),{\"sku\":\"x\"},\(offer)]", ""), (#"{"products":[\#(subscription),{"sku":"x"},\#(offer)]}"#, "products")] {
            let document = try readReporting(json)
            let item = try #require(document.items.first)
            #expect(document.items.count == 1)
            #expect(try item.result.get().product.discounts?.map(\.identifier) == ["trial"], "the offer is joined to its base plan")
            #expect(document.problems.map { "\($0.index) \($0.path)" } == ["2 \(base)[1]", "3 \(base)[2].regionalConfigs[1]"])
            #expect(document.problems.map(\.severity) == [.error, .warning])
        }
    }

    /// The other members must still be of one format, and the message names their own paths.
    @Test func theOtherMembersAreStillOfOneFormat() throws {
        let revenueCat = #"{"identifier":"pro.annual","price":39.99,"priceString":"$39.99","currencyCode":"USD","subscriptionPeriod":"P1Y"}"#
        let json = #"[{"productIdentifier":"m","price":"9.99","currencyCode":"USD"},{"sku":"x"},\#(revenueCat)]"#
        #expect(throws: PaywallTextError(.unrecognizedFormat, message:
            "[2] looks like revenuecat (a RevenueCat product (identifier and priceString)), but [0] looks like storekit1; an array holds documents of one format")) {
            try readReporting(json)
        }
    }

    // MARK: - The tool

    /// The library's reading and the server's request do the same: the good members are
    /// read and the bad one is a problem of the document; a document no member of which can
    /// be read is still refused, as before.
    @Test func theLibraryAndTheServerReadEveryGoodMemberOfABatch() throws {
        let document = try StoreDocuments.read(Data(Self.batch.utf8))
        #expect(document.items.map(\.source.path) == ["[0]", "[1]", "[2]", "[4]"])
        #expect(document.problems.map { "\($0.index) \($0.path) \($0.error.kind)" } == ["4 [3] unrecognizedFormat"])
        let request = try RenderRequest.decode(Data(#"{"locales":["en-US"],"products":\#(Self.batch)}"#.utf8))
        #expect(request.items.count == 4)
        #expect(request.document.problems.map(\.path) == ["[3]"])
        let json = RenderEntry.jsonArray(RenderEntry.entries(for: request.document, locales: ["en-US"], renderer: PaywallRenderer()),
                                         problems: request.document.problems)
        #expect(json.contains(#""productIdentifier":"pro.weekly""#))
        #expect(json.contains(#""path":"[3]","error":{"kind":"unrecognizedFormat""#))
        // Nothing readable: refused whole, as a 400 of the server.
        let unreadable = #"[{"sku":"a","amount":1,"currency":"USD"}]"#
        #expect(throws: PaywallTextError.self) { try StoreDocuments.read(Data(unreadable.utf8)) }
        #expect(throws: PaywallTextError.self) {
            try RenderRequest.decode(Data(#"{"locales":["en-US"],"products":\#(unreadable)}"#.utf8))
        }
    }

    /// The tool renders the good members and writes the bad one as an entry of its own,
    /// `{"index", "path", "error"}`, after them; exit 65. `check` says the same.
    @Test func theToolRendersEveryGoodMemberOfABatch() throws {
        let result = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: Self.batch)
        #expect(result.status == 65)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 5)
        #expect(entries.prefix(4).map { $0["productIdentifier"] as? String } == ["pro.monthly", "pro.annual", "lifetime", "pro.weekly"])
        #expect(entries.prefix(4).map { $0["price"] as? String } == ["$9.99", "$59.99", "$149.99", "$2.99"])
        #expect(entries.prefix(4).allSatisfy { $0["error"] == nil })
        #expect(Set(entries[4].keys) == ["index", "path", "error"])
        #expect(entries[4]["index"] as? Int == 4 && entries[4]["path"] as? String == "[3]")
        let error = try #require(entries[4]["error"] as? [String: String])
        #expect(error["kind"] == "unrecognizedFormat" && error["path"] == "[3]")
        #expect(error["message"]?.hasPrefix(#"does not look like any input format: an object with keys "sku", "amount", "currency""#) == true)

        let check = try runTool(["check", "-"], stdin: Self.batch)
        #expect(check.status == 65)
        for line in ["ok       pro.monthly", "ok       pro.weekly", #"error    [3]: does not look like any input format"#] {
            #expect(check.stdout.contains(line), "\(check.stdout)")
        }
    }

    /// A document of no known format exits 65 and, in JSON, is an entry of its own.
    @Test func aDocumentOfNoKnownFormatIsBadDataWithAnEntry() throws {
        let json = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: #"{"sku":"x","amount":1}"#)
        #expect(json.status == 65)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(Set(entries[0].keys) == ["index", "path", "error"])
        #expect(entries[0]["index"] as? Int == 1 && entries[0]["path"] as? String == "")
        let error = try #require(entries[0]["error"] as? [String: String])
        #expect(error["kind"] == "unrecognizedFormat")
        #expect(error["message"]?.hasPrefix(#"does not look like any input format: an object with keys "sku", "amount"; name the format with --input"#) == true)
        let text = try runTool(["render", "-", "--locale", "en-US"], stdin: #"{"sku":"x","amount":1}"#)
        #expect(text.status == 65)
        #expect(text.stderr.contains(#"error: the document: does not look like any input format: an object with keys "sku", "amount""#))
        let check = try runTool(["check", "-", "--format", "json"], stdin: #"{"sku":"x","amount":1}"#)
        #expect(check.status == 65)
        #expect(check.stdout.contains(#""index":1,"path":"","error":{"kind":"unrecognizedFormat""#))
    }

    /// Where the keys say what the object is, the entry says so; one line of JSON Lines is one
    /// entry with its line.
    @Test func aPurchaseIsBadDataSayingWhatItIs() throws {
        let input = [Self.transaction, Self.subscriptionPurchase].map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        let result = try runTool(["render", "-", "--lines", "--format", "json", "--locale", "en-US"], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let entries = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(entries.map { $0["line"] as? Int } == [1, 2])
        let messages = entries.map { ($0["error"] as? [String: String])?["message"] ?? "" }
        #expect(messages[0].hasPrefix("is a decoded App Store Server API transaction"))
        #expect(messages[1].hasPrefix("is an Android Publisher API subscriptionPurchase"))
        #expect(!result.stdout.contains("10,990"))
    }
}
