import Foundation
@testable import PaywallText
import Testing

@Suite("Prices and periods in 19 locales")
struct LocaleFormattingTests {
    /// ICU's own text, except for the isolates (FSI … PDI) the library adds around a currency
    /// symbol that a right-to-left paragraph would otherwise break (`US$` in Arabic).
    @Test(arguments: localeExpectations)
    func prices(_ expectation: LocaleExpectation) throws {
        for (amount, currency, expected) in expectation.prices {
            let price = try render(product(amount, currency), expectation.locale).price
            let withoutIsolates = String(String.UnicodeScalarView(price.unicodeScalars.filter { $0 != "\u{2068}" && $0 != "\u{2069}" }))
            #expect(withoutIsolates == expected, "\(amount) \(currency) in \(expectation.locale)")
            if withoutIsolates != price {
                let symbol = price.split(separator: "\u{2068}").last?.split(separator: "\u{2069}").first.map(String.init) ?? ""
                #expect(["US$", "JP¥"].contains(symbol), "\(expectation.locale): isolated \(symbol) in \(price)")
            }
        }
    }

    @Test(arguments: localeExpectations)
    func periods(_ expectation: LocaleExpectation) throws {
        for (unit, count, expected) in expectation.periods {
            let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
            let text = try render(product("1", period: period), expectation.locale)
            #expect(text.period == expected, "\(count) \(unit) in \(expectation.locale)")
        }
    }
}

@Suite("Prices")
struct PriceTests {
    @Test func fractionalAmountsKeepTheirZeros() throws {
        #expect(try render(product("9.90"), "en-US").price == "$9.90")
        #expect(try render(product("0.50"), "en-US").price == "$0.50")
    }

    @Test func wholeAmountsDropTheirZeros() throws {
        #expect(try render(product("10"), "en-US").price == "$10")
        #expect(try render(product("10.00"), "en-US").price == "$10")
    }

    @Test func currencyDigits() throws {
        #expect(try render(product("1200", "JPY"), "en-US").price == "¥1,200")
        #expect(try render(product("3.99", "KWD"), "en-US").price == "KWD\u{00A0}3.990")
        #expect(try render(product("3.5", "KWD"), "en-US").price == "KWD\u{00A0}3.500")
    }

    @Test func jsonNumberIsExact() throws {
        let json = #"{"price": 9.99, "currencyCode": "USD"}"#
        let decoded = try ProductDecoder.decodeProduct(Data(json.utf8))
        #expect(decoded.price == decimal("9.99"))
        #expect(try render(decoded, "en-US").price == "$9.99")
    }

    @Test func jsonStringIsExact() throws {
        let json = #"{"price": "9.90", "currencyCode": "USD"}"#
        #expect(try render(ProductDecoder.decodeProduct(Data(json.utf8)), "en-US").price == "$9.90")
    }

    @Test func currencyFromPriceLocale() throws {
        var icuForm = product("9.99")
        icuForm.currencyCode = nil
        icuForm.priceLocale = "de_DE@currency=EUR"
        #expect(try render(icuForm, "en-US").price == "€9.99")

        var bcp47 = icuForm
        bcp47.priceLocale = "ja-JP-u-cu-jpy"
        bcp47.price = decimal("1200")
        #expect(try render(bcp47, "en-US").price == "¥1,200")
    }

    /// Storefront locales are remembered per thread; a remembered one must keep
    /// giving its own currency, and a bad one must fail every time, not only the first.
    @Test func priceLocalesRepeatAlike() throws {
        var euro = product("9.99")
        euro.currencyCode = nil
        euro.priceLocale = "de_DE@currency=EUR"
        var none = euro
        none.priceLocale = "de_DE"
        var broken = euro
        broken.priceLocale = "de_DE@currency="
        for _ in 0..<3 {
            #expect(try render(euro, "en-US").price == "€9.99")
            #expect(renderError(none)?.description == #"currencyCode: is required when priceLocale has no currency (priceLocale: "de_DE")"#)
            #expect(renderError(broken)?.path == "priceLocale")
        }
    }

    @Test func theDisplayLocaleNotThePriceLocaleFormats() throws {
        var euro = product("24.99", "EUR")
        euro.priceLocale = "de_DE@currency=EUR"
        #expect(try render(euro, "en-US").price == "€24.99")
        #expect(try render(euro, "de-DE").price == "24,99\u{00A0}€")
    }
}

@Suite("Normalization")
struct NormalizationTests {
    @Test(arguments: [
        (SubscriptionPeriod.days(7), "1 week"),
        (.days(14), "2 weeks"),
        (.months(12), "1 year"),
        (.months(24), "2 years"),
        (.days(30), "30 days"),
        (.days(10), "10 days"),
        (.months(18), "18 months"),
        (.weeks(4), "4 weeks"),
    ])
    func standard(_ period: SubscriptionPeriod, _ expected: String) throws {
        #expect(try render(product("1", period: period), "en-US").period == expected)
    }

    @Test func daysAsWeeksCanBeSwitchedOff() throws {
        let options = RenderOptions(normalization: PeriodNormalization(daysAsWeeks: false))
        #expect(try render(product("1", period: .days(7)), "en-US", options: options).period == "7 days")
        #expect(try render(product("1", period: .months(12)), "en-US", options: options).period == "1 year")
    }

    @Test func monthsAsYearsCanBeSwitchedOff() throws {
        let options = RenderOptions(normalization: PeriodNormalization(monthsAsYears: false))
        #expect(try render(product("1", period: .months(12)), "en-US", options: options).period == "12 months")
        #expect(try render(product("1", period: .days(14)), "en-US", options: options).period == "2 weeks")
    }

    @Test func offerPeriodAndDurationAreNormalized() throws {
        let intro = Discount(paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .days(7), numberOfPeriods: 3)
        let offer = try #require(try render(product("4.99", period: .weeks(1), intro: intro), "en-US").offers.first)
        #expect(offer.period == "1 week")
        #expect(offer.duration == "3 weeks")

        let raw = try #require(try render(product("4.99", period: .weeks(1), intro: intro), "en-US", options: RenderOptions(normalization: .disabled)).offers.first)
        #expect(raw.period == "7 days")
        #expect(raw.duration == "21 days")
    }

    @Test func durationIsNormalizedAsAWhole() throws {
        // 4 periods of 3 months: 12 months, shown as 1 year; 3 periods of 10 days stay 30 days.
        let yearly = Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(3), numberOfPeriods: 4)
        #expect(try render(product("9.99", period: .months(3), intro: yearly), "en-US").offers.first?.duration == "1 year")
        let days = Discount(paymentMode: .payUpFront, price: decimal("1.99"), subscriptionPeriod: .days(10), numberOfPeriods: 3)
        #expect(try render(product("9.99", intro: days), "en-US").offers.first?.duration == "30 days")
    }
}

@Suite("Offers")
struct OfferTests {
    @Test func offersComeIntroductoryFirstThenDiscountsInOrder() throws {
        let intro = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(7))
        let first = Discount(identifier: "a", type: .winBack, paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(3))
        let second = Discount(identifier: "b", paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)
        let text = try render(product("9.99", intro: intro, discounts: [first, second]), "en-US")
        #expect(text.offers.map(\.type) == [.introductory, .winBack, .promotional])
        #expect(text.offers.map(\.identifier) == [nil, "a", "b"])
        #expect(text.offers.map(\.price) == ["Free", "$4.99", "$1.99"])
        #expect(text.offers.map(\.period) == ["1 week", "3 months", "1 month"])
        #expect(text.offers.map(\.duration) == ["1 week", "3 months", "3 months"])
    }

    @Test func storeKitOneSubscriptionTypeIsPromotional() throws {
        let json = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"discounts":[{"identifier":"x","type":"subscription","paymentMode":"payUpFront","price":"1","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":1}]}"#
        let decoded = try ProductDecoder.decodeProduct(Data(json.utf8))
        #expect(decoded.discounts?.first?.type == .promotional)
    }

    @Test func russianOfferDurationUsesPluralForms() throws {
        let intro = Discount(paymentMode: .payAsYouGo, price: decimal("99"), subscriptionPeriod: .weeks(1), numberOfPeriods: 21)
        let offer = try #require(try render(product("299", "RUB", period: .weeks(1), intro: intro), "ru-RU").offers.first)
        #expect(offer.duration == "21 неделя")
        #expect(offer.price == "99\u{00A0}₽")
    }
}
