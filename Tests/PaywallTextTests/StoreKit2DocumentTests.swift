import Foundation
@testable import PaywallText
import Testing

/// `storekit2`: StoreKit's own `Product.jsonRepresentation`, the encodings apps and plugins
/// write, and every problem of a product named.
@Suite("StoreKit 2 documents")
struct StoreKit2DocumentTests {
    /// StoreKit's `jsonRepresentation` of a monthly subscription with three offers, and of a
    /// non-consumable, in euros.
    static let appleJSON = #"""
    [{"id": "6741000001", "type": "in-apps", "href": "/v1/catalog/deu/in-apps/6741000001",
      "attributes": {"kind": "Auto-Renewable Subscription", "name": "Pro", "offerName": "com.example.pro.monthly",
                     "icuLocale": "de_DE@currency=EUR", "isFamilyShareable": 0, "subscriptionFamilyId": "21482733",
                     "offers": [{"currencyCode": "EUR", "price": "9.99", "priceFormatted": "9,99 €", "recurringSubscriptionPeriod": "P1M",
                                 "discounts": [
                                   {"type": "IntroOffer", "modeType": "FreeTrial", "numOfPeriods": 1, "recurringSubscriptionPeriod": "P1W",
                                    "priceString": "0.00", "priceFormatted": "0,00 €"},
                                   {"type": "AdhocOffer", "offerId": "comeback_3m", "modeType": "PayAsYouGo", "numOfPeriods": 3,
                                    "recurringSubscriptionPeriod": "P1M", "priceString": "4.99", "priceFormatted": "4,99 €"},
                                   {"type": "Winback", "offerId": "winback_3m", "modeType": "PayUpFront", "numOfPeriods": 1,
                                    "recurringSubscriptionPeriod": "P3M", "priceString": "14.99", "priceFormatted": "14,99 €"}]}]}},
     {"id": "6741000002", "type": "in-apps", "href": "/v1/catalog/deu/in-apps/6741000002",
      "attributes": {"kind": "Non-Consumable", "name": "Lifetime", "offerName": "com.example.lifetime",
                     "offers": [{"currencyCode": "EUR", "priceString": "99.99", "priceFormatted": "99,99 €"}]}}]
    """#

    /// The products of ``appleJSON``, written by hand.
    static let appleProducts: [Product] = [
        Product(productIdentifier: "com.example.pro.monthly", price: decimal("9.99"), currencyCode: "EUR", subscriptionPeriod: .months(1),
                introductoryPrice: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
                discounts: [
                    Discount(identifier: "comeback_3m", type: .promotional, paymentMode: .payAsYouGo, price: decimal("4.99"),
                             subscriptionPeriod: .months(1), numberOfPeriods: 3),
                    Discount(identifier: "winback_3m", type: .winBack, paymentMode: .payUpFront, price: decimal("14.99"),
                             subscriptionPeriod: .months(3)),
                ]),
        Product(productIdentifier: "com.example.lifetime", price: decimal("99.99"), currencyCode: "EUR"),
    ]

    static func read(_ json: String, options: ReadOptions = ReadOptions()) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: .storeKit2, options: options)
    }

    @Test func jsonRepresentationRendersAsTheModelDoes() throws {
        #expect(try StoreDocuments.detectFormat(Data(Self.appleJSON.utf8)) == .storeKit2)
        let document = try Self.read(Self.appleJSON)
        #expect(document.problems.isEmpty)
        #expect(document.items.allSatisfy { $0.errors.isEmpty && $0.warnings.isEmpty })
        #expect(document.items.map(\.source.productIdentifier) == ["com.example.pro.monthly", "com.example.lifetime"])
        StoreFormatTests().expectSameText(document.items, as: Self.appleProducts.map { (nil, $0) })
    }

    /// An app's encoding without a currency takes it from the `jsonRepresentation` it carries.
    @Test func theEmbeddedJSONRepresentationGivesTheCurrency() throws {
        let embedded = #"{"attributes":{"kind":"Auto-Renewable Subscription","offerName":"com.example.pro.monthly","offers":[{"currencyCode":"EUR","priceString":"9.99","recurringSubscriptionPeriod":"P1M"}]},"href":"/v1/catalog/deu/in-apps/1","id":"1","type":"in-apps"}"#
        let app = #"""
        {"id": "com.example.pro.monthly", "type": "autoRenewable", "price": 9.99, "displayPrice": "9,99 €",
         "jsonRepresentation": "\#(embedded.replacingOccurrences(of: "\"", with: "\\\""))",
         "subscription": {"subscriptionPeriod": {"unit": "month", "value": 1},
                          "introductoryOffer": {"id": null, "type": "introductory", "price": 0.0, "paymentMode": "freeTrial",
                                                "period": {"unit": "week", "value": 1}, "periodCount": 1},
                          "promotionalOffers": [{"id": "comeback_3m", "type": "promotional", "price": 4.99, "paymentMode": "payAsYouGo",
                                                 "period": {"unit": "month", "value": 1}, "periodCount": 3}],
                          "winBackOffers": [{"id": "winback_3m", "type": "winBack", "price": 14.99, "paymentMode": "payUpFront",
                                             "period": {"unit": "month", "value": 3}, "periodCount": 1}]}}
        """#
        let document = try Self.read(app)
        let item = try #require(document.items.first)
        #expect(item.errors.isEmpty && item.warnings.isEmpty)
        StoreFormatTests().expectSameText(document.items, as: [(nil, Self.appleProducts[0])])
        // Where the encoding names a currency too, they must agree; the error names both places.
        let disagreeing = app.replacingOccurrences(of: #""price": 9.99,"#, with: #""price": 9.99, "currencyCode": "USD","#)
        let error = try #require(try Self.read(disagreeing).items.first?.errors.first)
        #expect(error.path == "jsonRepresentation.attributes.offers[0].currencyCode")
        #expect(error.message == #""EUR" disagrees with currencyCode, "USD""#)
    }

    /// The newer plugin encoding (`subscriptionPeriodUnit`, `periodUnit`, `offerPeriodCount`)
    /// reads as the older one does.
    @Test func theFlattenedEncodingReadsAsTheNestedOne() throws {
        let nested = #"""
        {"id": "p", "price": 9.99, "currencyCode": "USD",
         "subscription": {"subscriptionPeriod": {"unit": "week", "value": 1},
                          "introductoryOffer": {"type": "introductory", "price": 0, "paymentMode": "freeTrial", "period": {"unit": "day", "value": 3}, "periodCount": 1},
                          "promotionalOffers": [{"id": "o", "type": "promotional", "price": 1.99, "paymentMode": "payAsYouGo", "period": {"unit": "week", "value": 1}, "periodCount": 4}]}}
        """#
        let flat = #"""
        {"id": "p", "price": 9.99, "currencyCode": "USD",
         "subscription": {"subscriptionPeriodCount": 1, "subscriptionPeriodUnit": "week",
                          "introductoryOffer": {"type": "introductory", "price": 0, "paymentMode": "freeTrial", "periodUnit": "day", "periodCount": 3, "offerPeriodCount": 1},
                          "promotionalOffers": [{"id": "o", "type": "promotional", "price": 1.99, "paymentMode": "payAsYouGo", "periodUnit": "week", "periodCount": 1, "offerPeriodCount": 4}]}}
        """#
        let expected = try #require(try Self.read(nested).items.first?.result.get().product)
        #expect(expected.introductoryPrice?.subscriptionPeriod == .days(3))
        #expect(expected.discounts?.first?.numberOfPeriods == 4)
        #expect(try Self.read(flat).items.first?.result.get().product == expected)
        // A period in neither shape is named by the field StoreKit's own encoding uses.
        let neither = flat.replacingOccurrences(of: #""subscriptionPeriodCount": 1, "subscriptionPeriodUnit": "week","#, with: "")
        let error = try #require(try Self.read(neither).items.first?.errors.first)
        #expect(error.path == "subscription.subscriptionPeriod")
        #expect(error.message.contains("or subscriptionPeriodUnit and subscriptionPeriodCount"))
        let badUnit = flat.replacingOccurrences(of: #""subscriptionPeriodUnit": "week""#, with: #""subscriptionPeriodUnit": "fortnight""#)
        #expect(try Self.read(badUnit).items.first?.errors.map(\.path) == ["subscription.subscriptionPeriodUnit"])
    }

    /// A price encoded through `Double` is the currency's amount it stands for; anything
    /// further off is an error naming the field. StoreKit's own spelling of a payment mode reads.
    @Test func doublesAndStoreKitsSpellings() throws {
        func offer(price: String, mode: String = "payAsYouGo") -> String {
            #"{"id":"p","price":9.99,"currencyCode":"USD","subscription":{"subscriptionPeriod":{"unit":"week","value":1},"introductoryOffer":{"type":"introductory","price":\#(price),"paymentMode":"\#(mode)","period":{"unit":"week","value":1},"periodCount":1}}}"#
        }
        let noise = try Self.read(offer(price: "1.9899999999999998")).items[0]
        #expect(try noise.result.get().product.introductoryPrice?.price == decimal("1.99"))
        let real = try Self.read(offer(price: "1.989")).items[0]
        #expect(real.errors.map(\.path) == ["subscription.introductoryOffer.price"])
        #expect(real.errors.first?.message == "1.989 has 3 decimal places, but USD has 2")
        for (spelling, mode) in [("FreeTrial", PaymentMode.freeTrial), ("PayAsYouGo", .payAsYouGo), ("PayUpFront", .payUpFront)] {
            let price = mode == .freeTrial ? "0" : "1.99"
            #expect(try Self.read(offer(price: price, mode: spelling)).items[0].result.get().product.introductoryPrice?.paymentMode == mode)
        }
        #expect(try Self.read(offer(price: "0", mode: "FREE_TRIAL")).items[0].errors.map(\.path) == ["subscription.introductoryOffer.paymentMode"])
    }

    /// A product that names no currency is refused, each saying so; a symbol is not a currency.
    @Test func noCurrencyIsRefused() throws {
        let json = #"[{"id":"a","price":269,"displayPrice":"269,00 €"},{"id":"b","price":29.99,"displayPrice":"29,99 €"}]"#
        let document = try Self.read(json)
        #expect(document.items.map { $0.errors.map(\.path) } == [["[0].currencyCode"], ["[1].currencyCode"]])
        #expect(document.items.allSatisfy { $0.errors[0].message.contains(#"displayPrice "269,00 €""#) || $0.errors[0].message.contains(#""29,99 €""#) })
        #expect(document.items.allSatisfy { $0.errors[0].message.contains("does not say which currency it is") })
        let given = try Self.read(json, options: ReadOptions(currency: "EUR"))
        #expect(try given.items.map { try $0.result.get().model.currency } == ["EUR", "EUR"])
    }

    /// Every problem of a product is named; an offer at fault is left out, the others kept.
    @Test func everyProblemIsNamed() throws {
        let json = #"""
        {"id": "p", "price": "9,99", "currencyCode": "USD",
         "subscription": {"subscriptionPeriod": {"unit": "fortnight", "value": 0},
                          "promotionalOffers": [{"id": "bad", "type": "winBack", "price": 1, "paymentMode": "sometimes", "period": {"unit": "week"}, "periodCount": 1},
                                                {"id": "good", "type": "promotional", "price": 1.99, "paymentMode": "payAsYouGo", "period": {"unit": "month", "value": 1}, "periodCount": 2}]}}
        """#
        let failed = try Self.read(json).items[0]
        #expect(failed.errors.map(\.path) == [
            "price", "subscription.subscriptionPeriod.unit",
            "promotionalOffers[0].type", "promotionalOffers[0].paymentMode", "promotionalOffers[0].period.value",
        ].map { $0.hasPrefix("promotional") ? "subscription." + $0 : $0 })
        let sound = try Self.read(json.replacingOccurrences(of: #""9,99""#, with: "9.99").replacingOccurrences(of: "fortnight", with: "month")
            .replacingOccurrences(of: #""value": 0"#, with: #""value": 1"#)).items[0]
        #expect(try sound.result.get().product.discounts?.map(\.identifier) == ["good"])
        #expect(sound.errors.map(\.path) == [
            "subscription.promotionalOffers[0].type", "subscription.promotionalOffers[0].paymentMode", "subscription.promotionalOffers[0].period.value",
        ])
        // An auto-renewable product without its subscription is not read as a one-time purchase.
        let lost = try Self.read(#"{"id":"p","type":"autoRenewable","price":9.99,"currencyCode":"USD","subscription":null}"#).items[0]
        #expect(lost.errors.map(\.path) == ["subscription"])
    }

    /// In StoreKit's JSON: offers beyond the first, a second introductory offer and a period
    /// on a product that does not renew are reported, not dropped.
    @Test func whatJSONRepresentationHoldsAndIsNotReadIsReported() throws {
        let json = #"""
        [{"id": "1", "type": "in-apps", "href": "/v1/catalog/usa/in-apps/1",
          "attributes": {"kind": "Auto-Renewable Subscription", "offerName": "s",
                         "offers": [{"currencyCode": "USD", "price": "4.99", "recurringSubscriptionPeriod": "P1M",
                                     "discounts": [{"type": "IntroOffer", "modeType": "FreeTrial", "numOfPeriods": 1, "recurringSubscriptionPeriod": "P1W", "priceString": "0"},
                                                   {"type": "IntroOffer", "modeType": "FreeTrial", "numOfPeriods": 1, "recurringSubscriptionPeriod": "P2W", "priceString": "0"},
                                                   {"type": "OfferCode", "modeType": "FreeTrial", "numOfPeriods": 1, "recurringSubscriptionPeriod": "P1M", "priceString": "0"}]},
                                    {"currencyCode": "USD", "price": "5.99"}]}},
         {"id": "2", "type": "in-apps", "href": "/v1/catalog/usa/in-apps/2",
          "attributes": {"kind": "Non-Renewing Subscription", "offerName": "n",
                         "offers": [{"currencyCode": "USD", "price": "1.99", "recurringSubscriptionPeriod": "P1M"}]}},
         {"id": "3", "type": "in-apps", "href": "/v1/catalog/usa/in-apps/3", "attributes": {"kind": "Bundle", "offers": []}}]
        """#
        let items = try Self.read(json).items
        let subscription = try items[0].result.get().product
        #expect(subscription.introductoryPrice?.subscriptionPeriod == .weeks(1))
        #expect(subscription.discounts == nil)
        #expect(items[0].errors.map(\.path) == ["[0].attributes.offers[0].discounts[1]", "[0].attributes.offers[0].discounts[2].type"])
        #expect(items[0].warnings.map(\.path) == ["[0].attributes.offers[1]"])
        #expect(try items[1].result.get().product.subscriptionPeriod == nil)
        #expect(items[1].warnings.map(\.path) == ["[1].attributes.offers[0].recurringSubscriptionPeriod"])
        #expect(items[2].errors.map(\.path) == ["[2].attributes.kind", "[2].attributes.offers"])
    }

    /// A promotional offer without its identifier is named where the identifier would be, in
    /// StoreKit's JSON (`offerId`) and in an app's encoding (`id`), not at the offer as a whole.
    @Test func anOfferWithoutItsIdentifierIsNamedWhereItWouldBe() throws {
        let apple = Self.appleJSON.replacingOccurrences(of: #""offerId": "comeback_3m", "#, with: "")
        let fromApple = try Self.read(apple).items[0]
        #expect(fromApple.errors.map(\.description) == ["[0].attributes.offers[0].discounts[1].offerId: is required for a promotional offer"])
        let app = #"""
        {"id": "p", "price": 9.99, "currencyCode": "USD",
         "subscription": {"subscriptionPeriod": {"unit": "month", "value": 1},
                          "promotionalOffers": [{"type": "promotional", "price": 1.99, "paymentMode": "payAsYouGo", "period": {"unit": "month", "value": 1}, "periodCount": 2}]}}
        """#
        #expect(try Self.read(app).items[0].errors.map(\.description) == ["subscription.promotionalOffers[0].id: is required for a promotional offer"])
    }

    /// Read as another format, StoreKit's JSON says what it is and which format reads it.
    @Test func aDocumentSaysWhatItIs() {
        let error = thrownError { try StoreDocuments.read(Data(Self.appleJSON.utf8), format: .revenueCat) }
        #expect(error?.kind == .unrecognizedFormat)
        #expect(error?.message.hasPrefix(#"[0] looks like StoreKit 2's Product.jsonRepresentation (attributes and type "in-apps"), which --input storekit2 reads"#) == true)
    }
}
