import Foundation
@testable import PaywallText
import Testing

/// Each input format read into the one model: a store's document and the same products
/// written by hand in the package's own model render the same strings.
@Suite("Input formats")
struct StoreFormatTests {
    static let locales = ["en-US", "de-DE", "ja-JP"]

    private func example(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "Examples/\(name).json"))
    }

    /// The document's products, checked to have read without error.
    private func read(_ name: String, as format: InputFormat) throws -> [ImportedProduct] {
        let data = try example(name)
        #expect(try StoreDocuments.detectFormat(data) == format)
        let items = try StoreDocuments.read(data, format: format).items
        for item in items {
            if case .failure(let error) = item.result { Issue.record("\(name): \(error)") }
            #expect(item.source.format == format)
        }
        return items
    }

    /// The items render, in each locale, exactly as the hand-written products do, each
    /// territory's products as one paywall.
    func expectSameText(_ items: [ImportedProduct], as products: [(territory: String?, product: Product)]) {
        #expect(items.count == products.count)
        #expect(items.map(\.source.territory) == products.map(\.territory))
        let renderer = PaywallRenderer()
        for locale in Self.locales {
            let fromDocument = renderer.render(items, locale: locale).map { try? $0.get() }
            var expected: [RenderedProduct?] = []
            for territory in products.map(\.territory).uniqued() {
                let group = products.filter { $0.territory == territory }.map(\.product)
                expected += renderer.render(group, locale: locale).map { try? $0.get() }
            }
            #expect(fromDocument.allSatisfy { $0 != nil })
            #expect(fromDocument == expected, "\(locale)")
        }
    }

    private let monthlyTrial = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
    private let comeback = Discount(identifier: "comeback_3m", type: .promotional, paymentMode: .payAsYouGo,
                                    price: decimal("4.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)

    @Test func storeKit1RawValues() throws {
        let items = try read("storekit1", as: .storeKit1)
        expectSameText(items, as: [(nil, Product(
            productIdentifier: "com.example.pro.monthly", price: decimal("9.99"), priceLocale: "en_US@currency=USD",
            subscriptionPeriod: .months(1), introductoryPrice: monthlyTrial, discounts: [comeback]))])
        // The raw values are StoreKit's: 2 month, 1 week; payment modes 2 freeTrial, 0 payAsYouGo; type 1 promotional.
        let product = try items[0].result.get().product
        #expect(product.subscriptionPeriod == .months(1))
        #expect(product.introductoryPrice?.paymentMode == .freeTrial)
        #expect(product.introductoryPrice?.subscriptionPeriod == .weeks(1))
        #expect(product.discounts?.first?.paymentMode == .payAsYouGo)
        #expect(product.discounts?.first?.type == .promotional)
    }

    @Test(arguments: [(0, PeriodUnit.day), (1, .week), (2, .month), (3, .year)])
    func storeKit1PeriodUnits(_ raw: Int, _ unit: PeriodUnit) throws {
        let json = #"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":\#(raw),"numberOfUnits":1}}"#
        #expect(try ProductDecoder.decodeProduct(Data(json.utf8)).subscriptionPeriod?.unit == unit)
    }

    @Test(arguments: [(0, PaymentMode.payAsYouGo), (1, .payUpFront), (2, .freeTrial)])
    func storeKit1PaymentModes(_ raw: Int, _ mode: PaymentMode) throws {
        let json = #"{"paymentMode":\#(raw),"price":"0","subscriptionPeriod":{"unit":1,"numberOfUnits":1},"numberOfPeriods":1}"#
        #expect(try JSONDecoder().decode(Discount.self, from: Data(json.utf8)).paymentMode == mode)
        #expect(try JSONDecoder().decode(PaymentMode.self, from: Data("\(raw)".utf8)) == mode)
    }

    @Test func storeKit1DiscountTypes() throws {
        #expect(try JSONDecoder().decode(DiscountType.self, from: Data("0".utf8)) == .introductory)
        #expect(try JSONDecoder().decode(DiscountType.self, from: Data("1".utf8)) == .promotional)
        #expect(throws: PaywallTextError.self) { try JSONDecoder().decode(DiscountType.self, from: Data("2".utf8)) }
    }

    @Test func storeKit2() throws {
        let items = try read("storekit2", as: .storeKit2)
        // StoreKit 2 reported the weekly trial as 7 days; normalization shows it as 1 week.
        #expect(try items[0].result.get().product.introductoryPrice?.subscriptionPeriod == .days(7))
        expectSameText(items, as: [
            (nil, Product(productIdentifier: "com.example.pro.monthly", price: decimal("9.99"), currencyCode: "USD",
                          subscriptionPeriod: .months(1), introductoryPrice: monthlyTrial, discounts: [comeback])),
            (nil, Product(productIdentifier: "com.example.pro.annual", price: decimal("59.99"), currencyCode: "USD",
                          subscriptionPeriod: .years(1),
                          introductoryPrice: Discount(paymentMode: .payUpFront, price: decimal("29.99"), subscriptionPeriod: .months(6)))),
        ])
    }

    @Test func appStoreConnect() throws {
        let items = try read("appstoreconnect", as: .appStoreConnect)
        func product(_ price: String, _ currency: String, intro: Discount, discounts: [Discount]?) -> Product {
            Product(productIdentifier: "com.example.pro.monthly", price: decimal(price), currencyCode: currency,
                    subscriptionPeriod: .months(1), introductoryPrice: intro, discounts: discounts)
        }
        // Japan's introductory offer is pay as you go, and the promotional offer has no price there.
        let japanIntro = Discount(paymentMode: .payAsYouGo, price: 750, subscriptionPeriod: .months(1), numberOfPeriods: 3)
        expectSameText(items, as: [
            ("USA", product("9.99", "USD", intro: monthlyTrial, discounts: [comeback])),
            ("DEU", product("9.99", "EUR", intro: monthlyTrial, discounts: [comeback])),
            ("JPN", product("1500", "JPY", intro: japanIntro, discounts: nil)),
        ])
        #expect(items.map(\.source.path) == ["[0].data[0]", "[0].data[1]", "[0].data[2]"])
    }

    /// The current price is the latest row that has started; scheduled rows and expired offers
    /// are left out, and the monthly plan with a 12-month commitment is a product of its own.
    @Test func appStoreConnectPriceHistory() throws {
        func price(_ id: String, start: String?, plan: String = "UPFRONT") -> String {
            let date = start.map { "\"\($0)\"" } ?? "null"
            return #"{"type":"subscriptionPrices","id":"\#(id)","attributes":{"startDate":\#(date),"planType":"\#(plan)"},"relationships":{"territory":{"data":{"type":"territories","id":"USA"}},"subscriptionPricePoint":{"data":{"type":"subscriptionPricePoints","id":"pp-\#(id)"}}}}"#
        }
        func point(_ id: String, _ amount: String) -> String {
            #"{"type":"subscriptionPricePoints","id":"pp-\#(id)","attributes":{"customerPrice":"\#(amount)"}}"#
        }
        let json = #"""
        [{"data":[\#(price("old", start: nil)), \#(price("now", start: "2025-03-03")), \#(price("later", start: "2999-01-01")),
                  \#(price("monthly", start: "2026-01-01", plan: "MONTHLY"))],
          "included":[{"type":"territories","id":"USA","attributes":{"currency":"USD"}},
                      \#(point("old", "0.99")), \#(point("now", "2.99")), \#(point("later", "4.99")), \#(point("monthly", "0.49"))],
          "links":{"self":"https://api.appstoreconnect.apple.com/v1/subscriptions/42/prices?include=territory,subscriptionPricePoint"}},
         {"data":[{"type":"subscriptionIntroductoryOffers","id":"ended",
                   "attributes":{"startDate":"2024-01-01","endDate":"2024-02-01","duration":"ONE_WEEK","offerMode":"FREE_TRIAL","numberOfPeriods":1},
                   "relationships":{"territory":{"data":{"type":"territories","id":"USA"}}}}],
          "included":[{"type":"subscriptions","id":"42","attributes":{"productId":"com.example.weekly","subscriptionPeriod":"ONE_WEEK"}}],
          "links":{"self":"https://api.appstoreconnect.apple.com/v1/subscriptions/42/introductoryOffers?include=subscription"}}]
        """#
        let items = try StoreDocuments.read(Data(json.utf8)).items
        #expect(items.count == 2)
        let product = try #require(try items.first?.result.get().product)
        #expect(product == Product(productIdentifier: "com.example.weekly", price: decimal("2.99"), currencyCode: "USD",
                                   subscriptionPeriod: .weeks(1)))
        #expect(items.map(\.source.path) == ["[0].data[1]", "[0].data[3]"])
        // 12 monthly payments of the MONTHLY price; Apple sells the plan on yearly subscriptions only.
        #expect(try items[1].result.get().product == Product(
            productIdentifier: "com.example.weekly", price: decimal("0.49"), currencyCode: "USD", subscriptionPeriod: .months(1),
            billingPlan: .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12)))))
        #expect(items[1].warnings.map(\.path) == ["[1].included[0].attributes.subscriptionPeriod", "[0].data[3]"])
    }

    @Test func googlePlay() throws {
        let items = try read("googleplay", as: .googlePlay)
        let trial = Discount(identifier: "free-trial-1w", type: .promotional, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
        let intro = Discount(identifier: "intro-3m-499", type: .promotional, paymentMode: .payAsYouGo, price: decimal("4.99"),
                             subscriptionPeriod: .months(1), numberOfPeriods: 3)
        // One paywall: the annual plan saves against the monthly one.
        expectSameText(items, as: [
            (nil, Product(productIdentifier: "premium:monthly", price: decimal("9.99"), currencyCode: "USD",
                          subscriptionPeriod: .months(1), discounts: [trial, intro])),
            (nil, Product(productIdentifier: "premium:annual", price: decimal("59.99"), currencyCode: "USD", subscriptionPeriod: .years(1))),
        ])
        #expect(try PaywallRenderer().render(items, locale: "en-US")[1].get().savings?.headline == "Save 49%")
    }

    /// Google one-time products (`productType` `inapp`): products without a period.
    @Test func googlePlayOneTimeProducts() throws {
        let items = try read("googleplay-inapp", as: .googlePlay)
        expectSameText(items, as: [
            (nil, Product(productIdentifier: "pro_lifetime", price: decimal("49.99"), currencyCode: "USD")),
            (nil, Product(productIdentifier: "remove_ads", price: 4, currencyCode: "USD")),
        ])
    }

    /// A base plan's own entry (no `offerId`) with a phase before its regular price: what
    /// everyone buying the base plan pays first, its introductory price; the raw Play JSON,
    /// `pricingPhases` a plain array.
    @Test func googlePlayBasePlanPhasesAreItsIntroductoryPrice() throws {
        let json = #"""
        {"productId":"news","productType":"subs","subscriptionOfferDetails":[
          {"basePlanId":"yearly","offerIdToken":"t1","offerTags":[],"pricingPhases":[
            {"priceAmountMicros":39990000,"priceCurrencyCode":"EUR","formattedPrice":"€39.99","billingPeriod":"P1Y","recurrenceMode":2,"billingCycleCount":1},
            {"priceAmountMicros":59990000,"priceCurrencyCode":"EUR","formattedPrice":"€59.99","billingPeriod":"P1Y","recurrenceMode":1,"billingCycleCount":0}]},
          {"basePlanId":"yearly","offerId":"trial","offerIdToken":"t2","offerTags":[],"pricingPhases":[
            {"priceAmountMicros":0,"priceCurrencyCode":"EUR","formattedPrice":"Free","billingPeriod":"P4W2D","recurrenceMode":2,"billingCycleCount":1},
            {"priceAmountMicros":59990000,"priceCurrencyCode":"EUR","formattedPrice":"€59.99","billingPeriod":"P1Y","recurrenceMode":1,"billingCycleCount":0}]}]}
        """#
        let items = try StoreDocuments.read(Data(json.utf8)).items
        #expect(items.flatMap(\.errors).isEmpty && items.flatMap(\.warnings).isEmpty)
        expectSameText(items, as: [
            (nil, Product(productIdentifier: "news:yearly", price: decimal("59.99"), currencyCode: "EUR", subscriptionPeriod: .years(1),
                          introductoryPrice: Discount(type: .introductory, paymentMode: .payUpFront, price: decimal("39.99"),
                                                      subscriptionPeriod: .years(1)),
                          discounts: [Discount(identifier: "trial", type: .promotional, paymentMode: .freeTrial, price: 0,
                                               subscriptionPeriod: .days(30))])),
        ])
    }

    @Test func playConsole() throws {
        let items = try read("playconsole", as: .playConsole)
        func product(_ price: String, _ currency: String, then offerPrice: String) -> Product {
            Product(productIdentifier: "premium:monthly", price: decimal(price), currencyCode: currency, subscriptionPeriod: .months(1),
                    discounts: [Discount.of(identifier: "trial-then-half", type: .promotional, [
                        OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
                        OfferPhase(paymentMode: .payAsYouGo, price: decimal(offerPrice), subscriptionPeriod: .months(1), numberOfPeriods: 3),
                    ])])
        }
        expectSameText(items, as: [
            // relativeDiscount 0.5 of $9.99 is $4.995: to the nearest cent, halves away from zero.
            ("US", product("9.99", "USD", then: "5")),
            // A fixed price per recurrence.
            ("DE", product("9.99", "EUR", then: "4.99")),
            // absoluteDiscount: ¥1,500 − ¥750.
            ("JP", product("1500", "JPY", then: "750")),
        ])
    }

    @Test func revenueCat() throws {
        let items = try read("revenuecat", as: .revenueCat)
        // 4.9900000000000002 and 59.990000000000002 are binary floating point for 4.99 and 59.99.
        #expect(try items[0].result.get().product.discounts?.first?.price == decimal("4.99"))
        #expect(try items[1].result.get().product.price == decimal("59.99"))
        let trial = Discount(type: .introductory, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
        expectSameText(items, as: [
            (nil, Product(productIdentifier: "com.example.pro.monthly", price: decimal("9.99"), currencyCode: "USD",
                          subscriptionPeriod: .months(1), introductoryPrice: trial, discounts: [comeback])),
            (nil, Product(productIdentifier: "com.example.pro.annual", price: decimal("59.99"), currencyCode: "USD",
                          subscriptionPeriod: .years(1))),
        ])
    }

    @Test func stripe() throws {
        let items = try read("stripe", as: .stripe)
        // 999 is $9.99 and €8.99 is 899 (hundredths); ¥1,500 is 1500 (JPY has no minor unit). Seven trial days
        // are shown as 1 week by normalization, as the same trial written in days by hand is.
        let trial = Discount(type: .introductory, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7))
        func monthly(_ price: String, _ currency: String) -> Product {
            Product(productIdentifier: "prod_ProPlan:price_1PxMonthlyPro", price: decimal(price), currencyCode: currency,
                    subscriptionPeriod: .months(1), introductoryPrice: trial)
        }
        expectSameText(items, as: [
            (nil, monthly("9.99", "USD")),
            (nil, monthly("8.99", "EUR")),
            (nil, monthly("1500", "JPY")),
            (nil, Product(productIdentifier: "prod_ProPlan:price_1PxAnnualPro", price: decimal("59.99"), currencyCode: "USD",
                          subscriptionPeriod: .years(1))),
            (nil, Product(productIdentifier: "prod_ProLifetime:price_1PxLifetime", price: 149, currencyCode: "USD")),
        ])
        #expect(items.map(\.source.path) == ["data[0]", "data[0].currency_options.eur", "data[0].currency_options.jpy", "data[1]", "data[2]"])
    }
}

/// Amounts as the stores write them, read exactly.
@Suite("Store amounts")
struct StoreAmountTests {
    private func googlePhasePrice(_ micros: String, currency: String = "USD") throws -> Decimal? {
        let json = #"""
        {"productId":"p","subscriptionOfferDetails":[{"basePlanId":"b","pricingPhases":[
          {"priceAmountMicros":\#(micros),"priceCurrencyCode":"\#(currency)","billingPeriod":"P1M","recurrenceMode":1}]}]}
        """#
        return try StoreDocuments.read(Data(json.utf8), format: .googlePlay).items.first?.result.get().product.price
    }

    @Test func microsAreExact() throws {
        #expect(try googlePhasePrice("9990000") == decimal("9.99"))
        #expect(try googlePhasePrice("\"9990000\"") == decimal("9.99"))
        #expect(try googlePhasePrice("1500000000", currency: "JPY") == 1500)
        #expect(try googlePhasePrice("999999990000") == decimal("999999.99"))
        #expect(try googlePhasePrice("3125000", currency: "KWD") == decimal("3.125"))
        // 0 micros is 0, which a renewing base plan may not cost (PRODUCT §12a).
        #expect(googlePhaseError("0")?.description
                == "subscriptionOfferDetails[0].pricingPhases[0].priceAmountMicros: must be above 0 for a subscription that renews, got 0")
    }

    @Test func microsThatDoNotFitTheCurrencyAreAnError() throws {
        let error = try #require(googlePhaseError("9995000"))
        #expect(error.description == "subscriptionOfferDetails[0].pricingPhases[0].priceAmountMicros: "
                + "9995000 micros is 9.995 USD, with 3 decimal places; USD has 2")
        #expect(googlePhaseError("1500500000", currency: "JPY")?.message == "1500500000 micros is 1500.5 JPY, with 1 decimal places; JPY has 0")
        #expect(googlePhaseError("9.99")?.message == #"must be a whole number of at most 18 digits, got "9.99""#)
    }

    private func googlePhaseError(_ micros: String, currency: String = "USD") -> PaywallTextError? {
        do {
            _ = try googlePhasePrice(micros, currency: currency)
            return nil
        } catch {
            return error as? PaywallTextError
        }
    }

    private func playPrice(_ money: String) throws -> Result<CheckedProduct, PaywallTextError>? {
        let json = #"""
        {"productId":"p","basePlans":[{"basePlanId":"b","autoRenewingBasePlanType":{"billingPeriodDuration":"P1M"},
          "regionalConfigs":[{"regionCode":"US","price":\#(money)}]}]}
        """#
        return try StoreDocuments.read(Data(json.utf8), format: .playConsole).items.first?.result
    }

    @Test func unitsAndNanosAreExact() throws {
        #expect(try playPrice(#"{"currencyCode":"USD","units":"9","nanos":990000000}"#)?.get().product.price == decimal("9.99"))
        #expect(try playPrice(#"{"currencyCode":"JPY","units":"1500"}"#)?.get().product.price == 1500)
        #expect(try playPrice(#"{"currencyCode":"USD","nanos":500000000}"#)?.get().product.price == decimal("0.5"))
        #expect(try playPrice(#"{"currencyCode":"KWD","units":"3","nanos":125000000}"#)?.get().product.price == decimal("3.125"))
        let tooFine = try #require(try playPrice(#"{"currencyCode":"USD","units":"9","nanos":995000000}"#))
        #expect(throws: PaywallTextError(.invalidValue, path: "basePlans[0].regionalConfigs[0].price.nanos",
                                         message: "9 units and 995000000 nanos is 9.995 USD, with 3 decimal places; USD has 2")) {
            try tooFine.get()
        }
        let mixedSigns = try #require(try playPrice(#"{"currencyCode":"USD","units":"9","nanos":-5}"#))
        #expect(throws: PaywallTextError.self) { try mixedSigns.get() }
    }

    /// Google's own examples: a base plan of $12 a year, and a phase of 3 months.
    @Test(arguments: [
        (#""relativeDiscount": 0.5"#, "1.5"),
        (#""absoluteDiscount": {"currencyCode": "USD", "units": "1"}"#, "2"),
        (#""price": {"currencyCode": "USD", "units": "2", "nanos": 490000000}"#, "2.49"),
        (#""free": {}"#, "0"),
        // 0.3 off $3 prorated is $2.10; 1/3 off would be $2.00 exactly.
        (#""relativeDiscount": 0.3"#, "2.1"),
    ])
    func playConsoleDiscountsFollowGoogleDocumentation(_ override: String, _ expected: String) throws {
        let product = try playOffer(override, phaseDuration: "P3M").get().product
        #expect(product.discounts?.first?.price == decimal(expected))
        #expect(product.discounts?.first?.subscriptionPeriod == .months(3))
    }

    /// The offer is an error, left out: its base plan still renders.
    @Test func playConsoleDiscountAcrossDaysAndMonthsIsAnError() throws {
        let item = try playOfferItem(#""relativeDiscount": 0.5"#, phaseDuration: "P1W")
        #expect(try item.result.get().product.discounts == nil)
        #expect(item.errors.map(\.path) == ["[1].subscriptionOffers[0].phases[0].duration"])
        #expect(item.errors.first?.message.contains("give this phase a price") == true)
    }

    private func playOffer(_ override: String, phaseDuration: String) throws -> Result<CheckedProduct, PaywallTextError> {
        try playOfferItem(override, phaseDuration: phaseDuration).result
    }

    private func playOfferItem(_ override: String, phaseDuration: String) throws -> ImportedProduct {
        let json = #"""
        [{"productId":"p","basePlans":[{"basePlanId":"b","autoRenewingBasePlanType":{"billingPeriodDuration":"P1Y"},
           "regionalConfigs":[{"regionCode":"US","price":{"currencyCode":"USD","units":"12"}}]}]},
         {"subscriptionOffers":[{"productId":"p","basePlanId":"b","offerId":"o","phases":[
           {"duration":"\#(phaseDuration)","recurrenceCount":1,"regionalConfigs":[{"regionCode":"US",\#(override)}]}]}]}]
        """#
        return try #require(try StoreDocuments.read(Data(json.utf8)).items.first)
    }

    @Test func revenueCatFloatingPointIsRoundedOnlyWhenItIsAnArtefact() throws {
        func price(_ text: String) throws -> Result<CheckedProduct, PaywallTextError> {
            let json = #"{"identifier":"x","price":\#(text),"priceString":"x","currencyCode":"USD"}"#
            return try #require(try StoreDocuments.read(Data(json.utf8)).items.first).result
        }
        #expect(try price("3.9899999999999998").get().product.price == decimal("3.99"))
        #expect(try price("59.990000000000002").get().product.price == decimal("59.99"))
        #expect(try price("10").get().product.price == 10)
        #expect(throws: PaywallTextError(.invalidValue, path: "price", message: "9.995 has 3 decimal places, but USD has 2")) {
            try price("9.995").get()
        }
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
