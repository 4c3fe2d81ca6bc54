import Foundation
@testable import PaywallText
import Testing

/// Stripe `Price` objects: amounts in Stripe's minor units, periods, trials, currencies, and
/// the prices that have no one amount to show.
@Suite("Stripe prices")
struct StripeDocumentTests {
    /// A recurring price with `fields` replacing or adding members.
    private static func price(_ fields: String = "", currency: String = "usd", amount: String = "999") -> String {
        #"{"id":"price_1","object":"price","active":true,"billing_scheme":"per_unit","currency":"\#(currency)","unit_amount":\#(amount),"type":"recurring","recurring":{"interval":"month","interval_count":1,"trial_period_days":null,"usage_type":"licensed"},"product":"prod_1"\#(fields)}"#
    }

    private static func read(_ json: String) throws -> StoreDocument {
        try StoreDocuments.read(Data(json.utf8), format: .stripe)
    }

    private static func product(_ json: String) throws -> Product {
        try #require(try read(json).items.first).result.get().product
    }

    private static func error(_ json: String) throws -> PaywallTextError? {
        guard case .failure(let error) = try #require(try read(json).items.first).result else { return nil }
        return error
    }

    /// Stripe's minor units: whole units for its zero-decimal currencies, thousandths for the
    /// three-decimal ones, hundredths for every other, ISK included (ICU gives ISK no decimals).
    @Test(arguments: [
        ("usd", "999", "9.99"), ("jpy", "1500", "1500"), ("krw", "12000", "12000"), ("kwd", "3125", "3.125"),
        ("isk", "50000", "500"), ("huf", "299000", "2990"),
    ])
    func amountsAreInStripesMinorUnits(_ currency: String, _ amount: String, _ expected: String) throws {
        let product = try Self.product(Self.price(currency: currency, amount: amount))
        #expect(product.price == decimal(expected))
        #expect(product.currencyCode == currency.uppercased())
    }

    /// 0 minor units is 0: a one-time price may be free, a recurring one may not (PRODUCT §12a).
    @Test func zeroMinorUnits() throws {
        let oneTime = try Self.product(Self.price(#","type":"one_time","recurring":null"#, currency: "eur", amount: "0"))
        #expect(oneTime.price == 0 && oneTime.subscriptionPeriod == nil && oneTime.currencyCode == "EUR")
        #expect(try Self.error(Self.price(currency: "eur", amount: "0"))?.description
                == "unit_amount: must be above 0 for a subscription that renews, got 0")
    }

    @Test func minorUnitPlaces() {
        #expect(StripeReader.minorUnitPlaces("JPY") == 0)
        #expect(StripeReader.minorUnitPlaces("USD") == 2)
        #expect(StripeReader.minorUnitPlaces("ISK") == 2)
        #expect(StripeReader.minorUnitPlaces("ALL") == 2)
        #expect(StripeReader.minorUnitPlaces("BHD") == 3)
    }

    @Test func unitAmountDecimalIsReadExactly() throws {
        // 999.5 hundredths is 9.995, more places than USD has; 1.5 hundredths of KWD… is 0.015.
        #expect(try Self.error(Self.price(#","unit_amount":null,"unit_amount_decimal":"999.5""#))?.description
                == "unit_amount_decimal: 999.5 is 9.995 USD (Stripe writes USD amounts in hundredths), with 3 decimal places; USD has 2")
        #expect(try Self.product(Self.price(#","unit_amount_decimal":"15""#, currency: "kwd", amount: "15")).price == decimal("0.015"))
        #expect(try Self.product(Self.price(#","unit_amount_decimal":"999.000000000000""#)).price == decimal("9.99"))
        #expect(try Self.error(Self.price(#","unit_amount_decimal":"998""#))?.description == #"unit_amount: 999 disagrees with unit_amount_decimal "998""#)
        #expect(try Self.error(Self.price(currency: "isk", amount: "50050"))?.message
                == "50050 is 500.5 ISK (Stripe writes ISK amounts in hundredths), with 1 decimal places; ISK has 0")
    }

    @Test(arguments: [
        (#""interval":"day","interval_count":3"#, SubscriptionPeriod.days(3)), (#""interval":"week","interval_count":2"#, .weeks(2)),
        (#""interval":"month","interval_count":6"#, .months(6)), (#""interval":"year""#, .years(1)),
    ])
    func periods(_ recurring: String, _ period: SubscriptionPeriod) throws {
        #expect(try Self.product(Self.price(#","recurring":{\#(recurring)}"#)).subscriptionPeriod == period)
    }

    @Test func aOneTimePriceHasNoPeriod() throws {
        #expect(try Self.product(Self.price(#","type":"one_time","recurring":null"#)).subscriptionPeriod == nil)
        #expect(try Self.error(Self.price(#","type":"one_time""#))?.path == "recurring")
        #expect(try Self.error(Self.price(#","type":"recurring","recurring":null"#))?.description == "recurring: is required for a recurring price")
    }

    /// The trial, on the price's `recurring` or beside the price, is an introductory free trial.
    @Test func trials() throws {
        let trial = Discount(type: .introductory, paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(14))
        #expect(try Self.product(Self.price(#","recurring":{"interval":"month","trial_period_days":14}"#)).introductoryPrice == trial)
        #expect(try Self.product(Self.price(#","trial_period_days":14"#)).introductoryPrice == trial)
        let both = try #require(try Self.read(Self.price(#","recurring":{"interval":"month","trial_period_days":14},"trial_period_days":7"#)).items.first)
        #expect(try both.result.get().product.introductoryPrice == nil)
        #expect(both.errors.map(\.description) == ["trial_period_days: disagrees with recurring.trial_period_days, 14"])
    }

    /// Prices with no one amount per period are refused, each with the field that says why.
    @Test(arguments: [
        (#","billing_scheme":"tiered","tiers_mode":"graduated","unit_amount":null"#, "billing_scheme"),
        (#","recurring":{"interval":"month","usage_type":"metered"}"#, "recurring.usage_type"),
        (#","recurring":{"interval":"month","meter":"mtr_1","usage_type":"licensed"}"#, "recurring.meter"),
        (#","custom_unit_amount":{"minimum":500,"maximum":null,"preset":null},"unit_amount":null"#, "custom_unit_amount"),
        (#","transform_quantity":{"divide_by":10,"round":"up"}"#, "transform_quantity"),
        (#","type":"weekly""#, "type"),
    ])
    func refused(_ fields: String, _ path: String) throws {
        let error = try #require(try Self.error(Self.price(fields)))
        #expect(error.path == path)
        #expect(try Self.read(Self.price(fields)).items[0].errors.count == 1, "one problem, named once")
    }

    /// A count of 0 is named beside a missing interval, not only once the interval is given
    /// (every problem of a price at once); alone, it is the same error.
    @Test func aCountOfZeroIsNamedBesideAMissingInterval() throws {
        let withoutInterval = try #require(try Self.read(Self.price(#","recurring":{"interval_count":0,"usage_type":"licensed"}"#)).items.first)
        #expect(throws: PaywallTextError.self) { try withoutInterval.result.get() }
        #expect(withoutInterval.errors.map(\.description) == [
            "recurring.interval: is required",
            "recurring.interval_count: must be at least 1, got 0",
        ])
        let withInterval = try #require(try Self.read(Self.price(#","recurring":{"interval":"month","interval_count":-2}"#)).items.first)
        #expect(withInterval.errors.map(\.description) == ["recurring.interval_count: must be at least 1, got -2"])
    }

    /// An inactive price is not rendered, and says so; a list that is one page of several says so.
    @Test func whatIsNotReadIsReported() throws {
        let json = #"{"object":"list","url":"/v1/prices","has_more":true,"data":[\#(Self.price()),\#(Self.price(#","active":false"#)),{"object":"product","id":"prod_1"}]}"#
        #expect(try StoreDocuments.detectFormat(Data(json.utf8)) == .stripe)
        let document = try Self.read(json)
        #expect(document.items.count == 1)
        #expect(document.problems.map { "\($0.severity) \($0.path)" } == ["warning data[1].active", "error data[2]", "warning has_more"])
        #expect(document.problems[0].error.kind == .unused)
        #expect(document.problems[1].error.message.hasPrefix(#"is a Stripe "product" object, not a Price"#))
    }

    /// One product per currency of `currency_options`; the price's own currency once.
    @Test func currencyOptions() throws {
        let options = #","currency_options":{"usd":{"unit_amount":999,"unit_amount_decimal":"999"},"eur":{"unit_amount":899,"unit_amount_decimal":"899","custom_unit_amount":null},"jpy":{"unit_amount":1500}}"#
        let items = try Self.read(Self.price(options)).items
        #expect(try items.map { try $0.result.get().product.currencyCode } == ["USD", "EUR", "JPY"])
        #expect(try items.map { try $0.result.get().product.price } == [decimal("9.99"), decimal("8.99"), 1500])
        #expect(items.allSatisfy { $0.source.territory == nil && $0.source.productIdentifier == "prod_1:price_1" && $0.warnings.isEmpty })
        // The price's own currency repeated with another amount: the price's is read, the other reported.
        let differing = try Self.read(Self.price(#","currency_options":{"usd":{"unit_amount":1099}}"#)).items
        #expect(differing.count == 1)
        #expect(differing[0].warnings.map(\.path) == ["currency_options.usd"])
        // A currency option at fault fails alone.
        let bad = try Self.read(Self.price(#","currency_options":{"eur":{"unit_amount":null,"custom_unit_amount":{"minimum":100}}}"#)).items
        #expect(bad.count == 2 && (try? bad[0].result.get()) != nil)
        #expect(bad[1].errors.map(\.path) == ["currency_options.eur.custom_unit_amount"])
    }

    @Test func identifiers() throws {
        #expect(try Self.product(Self.price(#","product":{"id":"prod_9","object":"product","name":"Pro"}"#)).productIdentifier == "prod_9:price_1")
        #expect(try Self.product(Self.price(#","product":null"#)).productIdentifier == "price_1")
    }

    /// A Stripe list is not taken for a JSON:API document, though its prices have a `type`.
    @Test func detection() throws {
        let list = #"{"object":"list","data":[\#(Self.price())],"has_more":false}"#
        #expect(try StoreDocuments.detectFormat(Data(list.utf8)) == .stripe)
        #expect(try StoreDocuments.detectFormat(Data("[\(Self.price()),\(Self.price())]".utf8)) == .stripe)
    }

    /// A list passed on without its `"object": "list"` is told by what it holds: detected as
    /// Stripe (not as a JSON:API document, though its prices have a `type`), and read as a list
    /// by `--input stripe`, not as one price; a price without `product` is named by its id.
    @Test func aListWithoutItsObjectIsToldByItsPrices() throws {
        let yearly = Self.price(#","id":"price_2","product":null,"unit_amount":4999,"recurring":{"interval":"year","interval_count":1}"#)
        let list = #"{"data":[\#(Self.price()),\#(yearly)]}"#
        #expect(try StoreDocuments.detectFormat(Data(list.utf8)) == .stripe)
        for format in [nil, InputFormat.stripe] {
            let document = try StoreDocuments.read(Data(list.utf8), format: format)
            #expect(document.items.map(\.source.productIdentifier) == ["prod_1:price_1", "price_2"])
            #expect(document.items.map(\.source.path) == ["data[0]", "data[1]"])
            #expect(try document.items.map { try $0.result.get().product.price } == [decimal("9.99"), decimal("49.99")])
            #expect(document.problems.isEmpty)
        }
        // An App Store Connect document is still one: its resources have no "object".
        let jsonAPI = #"{"data":[{"type":"subscriptionPrices","id":"1","attributes":{}}]}"#
        #expect(try StoreDocuments.detectFormat(Data(jsonAPI.utf8)) == .appStoreConnect)
    }

    /// Prices a client passed on without their own `"object": "price"` are told by what they
    /// hold, a `currency` and an amount in minor units: in a list (their `"type": "recurring"`
    /// does not make them JSON:API resources) and alone.
    @Test func pricesWithoutTheirObjectAreToldByWhatTheyHold() throws {
        let monthly = #"{"id":"price_m","active":true,"currency":"eur","unit_amount":499,"type":"recurring","recurring":{"interval":"month","interval_count":1}}"#
        let yearly = #"{"id":"price_y","currency":"eur","unit_amount_decimal":"4999","type":"recurring","recurring":{"interval":"year","interval_count":1},"product":"prod_9"}"#
        let list = #"{"data":[\#(monthly),\#(yearly)],"has_more":false,"url":"/v1/prices"}"#
        #expect(try StoreDocuments.detectFormat(Data(list.utf8)) == .stripe)
        for format in [nil, InputFormat.stripe] {
            let document = try StoreDocuments.read(Data(list.utf8), format: format)
            #expect(document.items.map(\.source.productIdentifier) == ["price_m", "prod_9:price_y"])
            #expect(try document.items.map { try $0.result.get().product.price } == [decimal("4.99"), decimal("49.99")])
            #expect(document.problems.isEmpty)
        }
        #expect(try StoreDocuments.detectFormat(Data(monthly.utf8)) == .stripe)
        #expect(try Self.product(monthly).subscriptionPeriod == .months(1))
    }
}
