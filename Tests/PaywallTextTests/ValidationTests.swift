import Foundation
@testable import PaywallText
import Testing

/// PRODUCT §7: every bad input names its field path and value.
@Suite("Bad input")
struct ValidationTests {
    /// Decodes JSON and renders it, returning the error.
    private func error(json: String) -> PaywallTextError? {
        do {
            let decoded = try ProductDecoder.decodeProduct(Data(json.utf8))
            return renderError(decoded)
        } catch {
            return error
        }
    }

    private let period = #""subscriptionPeriod":{"unit":"month","numberOfUnits":1}"#

    @Test func malformedJSON() {
        let failure = error(json: #"{"price": "9.99", "#)
        #expect(failure?.kind == .malformedJSON)
        #expect(failure?.description == "not valid JSON: expected a field name in double quotes (line 1, column 19)")
    }

    /// What follows a member of an object or array: a comma, the closing bracket, or an error naming both.
    @Test(arguments: [
        (#"{"price":"1""#, "unexpected end of input inside an object (line 1, column 13)"),
        (#"{"price":"1" x"#, "unexpected 'x', expected ',' or '}' (line 1, column 14)"),
        (#"{"price":"1","discounts":[{} {}]}"#, "unexpected '{', expected ',' or ']' (line 1, column 30)"),
        (#"{"price":"1","discounts":[{}"#, "unexpected end of input inside an array (line 1, column 29)"),
    ])
    func afterAMember(json: String, message: String) {
        #expect(error(json: json)?.description == "not valid JSON: " + message)
    }

    @Test func missingPrice() {
        #expect(error(json: #"{"currencyCode":"USD"}"#)?.description == "price: is required")
    }

    @Test func negativePrice() {
        #expect(error(json: #"{"price":"-1.99","currencyCode":"USD"}"#)?.description == "price: must not be negative, got -1.99")
        #expect(renderError(product("-5"))?.description == "price: must not be negative, got -5")
    }

    @Test func notANumber() {
        #expect(error(json: #"{"price":"NaN","currencyCode":"USD"}"#)?.description == #"price: must be a decimal number such as "9.99", got "NaN""#)
        #expect(renderError(product("1").with { $0.price = Decimal.nan })?.description == "price: must be a number, got NaN")
        #expect(error(json: #"{"price":"9.99abc","currencyCode":"USD"}"#)?.path == "price")
        #expect(error(json: #"{"price":true,"currencyCode":"USD"}"#)?.path == "price")
    }

    @Test func commaAsDecimalSeparator() {
        #expect(error(json: #"{"price":"9,99","currencyCode":"USD"}"#)?.description
                == #"price: must be a decimal number such as "9.99", got "9,99" (use '.' as the decimal separator)"#)
    }

    @Test func absurdPrice() {
        #expect(renderError(product("1000000000000"))?.description == "price: must be less than 1000000000000, got 1000000000000")
    }

    @Test func moreDecimalsThanTheCurrencyHas() {
        #expect(renderError(product("9.999"))?.description == "price: 9.999 has 3 decimal places, but USD has 2")
        #expect(renderError(product("100.5", "JPY"))?.description == "price: 100.5 has 1 decimal places, but JPY has 0")
    }

    @Test func unknownCurrency() {
        #expect(renderError(product("9.99", "ZZZ"))?.description == #"currencyCode: unknown currency code "ZZZ"; expected an ISO 4217 code such as USD"#)
        #expect(renderError(product("9.99", "US"))?.description == #"currencyCode: currency code must be three letters (ISO 4217), got "US""#)
        #expect(renderError(product("9.99").with { $0.currencyCode = nil; $0.priceLocale = "en_US@currency=ZZZ" })?.path == "priceLocale")
    }

    @Test func missingCurrency() {
        #expect(renderError(product("9.99").with { $0.currencyCode = nil; $0.priceLocale = "en_US" })?.description
                == #"currencyCode: is required when priceLocale has no currency (priceLocale: "en_US")"#)
    }

    @Test func contradictoryCurrency() {
        #expect(renderError(product("9.99", "USD").with { $0.priceLocale = "de_DE@currency=EUR" })?.path == "currencyCode")
    }

    @Test func malformedPriceLocale() {
        #expect(renderError(product("9.99").with { $0.priceLocale = "en_US@currency=" })?.description
                == #"priceLocale: not a locale identifier: "en_US@currency="; expected en_US@currency=USD or en-US-u-cu-usd"#)
        #expect(renderError(product("9.99").with { $0.priceLocale = "en US" })?.path == "priceLocale")
        #expect(renderError(product("9.99").with { $0.currencyCode = nil; $0.priceLocale = "xx_QQ@currency=USD" })?.description
                == #"priceLocale: ICU \#(icuVersion) has no locale data for "xx_QQ@currency=USD""#)
    }

    @Test func unknownUnit() {
        let json = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"fortnight","numberOfUnits":1}}"#
        #expect(error(json: json)?.description == #"subscriptionPeriod.unit: unknown unit "fortnight"; expected day, week, month or year"#)
        // StoreKit 1's raw values (SKProduct.PeriodUnit) are read; past them is an error.
        let number = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":4,"numberOfUnits":1}}"#
        #expect(error(json: number)?.description
                == "subscriptionPeriod.unit: unknown unit 4; expected day, week, month or year, or StoreKit's raw values 0 to 3")
    }

    @Test func zeroAndNegativeCounts() {
        #expect(renderError(product("9.99", period: .months(0)))?.description == "subscriptionPeriod.numberOfUnits: must be at least 1, got 0")
        #expect(renderError(product("9.99", period: .days(-3)))?.description == "subscriptionPeriod.numberOfUnits: must be at least 1, got -3")
        let offer = Discount(identifier: "x", paymentMode: .payAsYouGo, price: 1, subscriptionPeriod: .weeks(1), numberOfPeriods: 0)
        let second = renderError(product("9.99", discounts: [offer.with { $0.numberOfPeriods = 1 }, offer]))
        #expect(second?.description == "discounts[1].numberOfPeriods: must be at least 1, got 0")
        let intro = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(-1))
        #expect(renderError(product("9.99", intro: intro))?.description == "introductoryPrice.subscriptionPeriod.numberOfUnits: must be at least 1, got -1")
    }

    @Test func absurdCounts() {
        #expect(renderError(product("9.99", period: .days(1001)))?.description == "subscriptionPeriod.numberOfUnits: must be at most 1000, got 1001")
    }

    @Test func freeTrialWithAPrice() {
        let intro = Discount(paymentMode: .freeTrial, price: decimal("0.99"), subscriptionPeriod: .weeks(1))
        #expect(renderError(product("9.99", intro: intro))?.description == "introductoryPrice.price: must be 0 for a freeTrial, got 0.99")
    }

    @Test func paidOfferAtZero() {
        let intro = Discount(paymentMode: .payUpFront, price: 0, subscriptionPeriod: .weeks(1))
        #expect(renderError(product("9.99", intro: intro))?.path == "introductoryPrice.price")
    }

    @Test func unknownPaymentMode() {
        let json = #"{"price":"9.99","currencyCode":"USD",\#(period),"introductoryPrice":{"paymentMode":"trial","price":"0",\#(period),"numberOfPeriods":1}}"#
        #expect(error(json: json)?.description == #"introductoryPrice.paymentMode: unknown payment mode "trial"; expected freeTrial, payAsYouGo or payUpFront"#)
    }

    @Test func promotionalOfferNeedsAnIdentifier() {
        let offer = Discount(paymentMode: .payUpFront, price: 1, subscriptionPeriod: .weeks(1))
        #expect(renderError(product("9.99", discounts: [offer]))?.description == "discounts[0].identifier: is required for a promotional offer")
    }

    @Test func offerOnAOneTimePurchase() {
        let intro = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
        #expect(renderError(product("9.99", period: nil, intro: intro))?.path == "introductoryPrice")
    }

    @Test func wrongJSONTypes() {
        #expect(error(json: #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"day","numberOfUnits":"7"}}"#)?.description
                == "subscriptionPeriod.numberOfUnits: must be an integer")
        #expect(error(json: #"{"price":"9.99","currencyCode":"USD","discounts":{}}"#)?.path == "discounts")
    }

    @Test func batchKeepsGoodProducts() throws {
        let json = """
        [{"productIdentifier":"a","price":"1.99","currencyCode":"USD"},
         {"productIdentifier":"b","price":"-1","currencyCode":"USD"},
         {"productIdentifier":"c","price":"2.99","currencyCode":"EUR","subscriptionPeriod":{"unit":"year"}}]
        """
        let items = ProductDecoder.decodeBatch(Data(json.utf8))
        #expect(items.count == 3)
        let first = try items[0].get()
        #expect(try render(first, "en-US").price == "$1.99")
        #expect(renderError(try items[1].get())?.description == "price: must not be negative, got -1")
        #expect(throws: PaywallTextError(.invalidValue, path: "subscriptionPeriod.numberOfUnits", message: "is required")) {
            try items[2].get()
        }
    }
}
