import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
import Testing

/// Prices per unit of time, savings and discounts: exact, rounded down (PRODUCT §9–§10).
@Suite("Prices per unit")
struct UnitPriceTests {
    private func per(_ unit: PeriodUnit, _ price: String, _ currency: String = "USD", period: SubscriptionPeriod,
                     rounding: UnitPriceRounding = .towardZero) throws -> UnitPrice {
        let text = try render(product(price, currency, period: period), "en-US", options: RenderOptions(normalization: .disabled, unitPriceRounding: rounding))
        return try #require(text.pricePer)[unit]
    }

    /// The figures PRODUCT §9 and the issue give, truncated to cents.
    @Test(arguments: [
        (PeriodUnit.week, "14.99", SubscriptionPeriod.months(1), "$3.44"),
        (.week, "30", .months(2), "$3.45"),
        (.week, "40", .months(3), "$3.06"),
        (.week, "120", .years(1), "$2.30"),
        (.week, "50", .years(1), "$0.95"),
        (.month, "10", .weeks(1), "$43.45"),
        (.month, "10", .weeks(2), "$21.72"),
        (.month, "40", .months(3), "$13.33"),
        (.month, "50", .years(1), "$4.16"),
        (.month, "53.99", .years(1), "$4.49"),
        (.year, "10", .weeks(1), "$521.42"),
        (.year, "14.99", .months(1), "$179.88"),
        (.year, "40", .months(3), "$160"),
    ])
    func englishFigures(_ unit: PeriodUnit, _ price: String, _ period: SubscriptionPeriod, _ expected: String) throws {
        #expect(try per(unit, price, period: period).price == expected)
    }

    /// An amount's decimal text, written the plain way for comparison: in 64 bits and beyond,
    /// negative, below one unit, with 0 to 3 digits.
    @Test func decimalTextsAreExact() {
        func reference(_ units: Int128, _ digits: Int) -> String {
            var text = String(units.magnitude)
            if digits > 0 {
                if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
                text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
            }
            return (units < 0 ? "-" : "") + text
        }
        var random = SeededGenerator(state: 7)
        var samples: [Int128] = [0, 1, -1, 5, -5, 99, 100, 101, 999_999, Int128(UInt64.max), Int128(UInt64.max) + 1, -Int128(UInt64.max) - 7,
                                 Int128(UInt64.max) * 1_000 + 17]
        for _ in 0..<2_000 { samples.append(Int128(Int64.random(in: Int64.min...Int64.max, using: &random)) * Int128(Int.random(in: 1...1_000, using: &random))) }
        for units in samples {
            for digits in 0...3 {
                var scale: Int128 = 1
                for _ in 0..<digits { scale *= 10 }
                #expect(ExactAmount(units, scale).decimalText(digits: digits, rounding: .towardZero) == reference(units, digits), "\(units) \(digits)")
            }
        }
        #expect(ExactAmount(1, 3).decimalText(digits: 2, rounding: .towardZero) == "0.33")
        #expect(ExactAmount(-5, 1000).decimalText(digits: 3, rounding: .towardZero) == "-0.005")
    }

    /// A price's text is written from the decimal's significand and exponent exactly as
    /// `Decimal.description` writes it: whole, below one, negative, with an exponent above
    /// zero or far below it, with a significand beyond 64 bits, and made by arithmetic.
    @Test func decimalsAreWrittenAsDescriptionWritesThem() throws {
        var values: [Decimal] = [
            Decimal(sign: .plus, exponent: -3, significand: 9_990), Decimal(string: "9.99")!,
            Decimal(sign: .plus, exponent: 2, significand: 12), Decimal(1_200), Decimal(0), Decimal(string: "0.000")!,
            Decimal(sign: .minus, exponent: -1, significand: 5), Decimal(string: "0.5")!, Decimal(string: "-0.005")!,
            Decimal(string: "99999999999.999")!, Decimal(string: "340282366920938463463374607431768211455")!,
            Decimal(string: "0.00000000000000000000000000000000000001")!, Decimal(sign: .plus, exponent: 100, significand: 7),
            Decimal(sign: .minus, exponent: -120, significand: 31), Decimal(UInt64.max), Decimal(Int64.min),
        ]
        var random = SeededGenerator(state: 11)
        for _ in 0..<3_000 {
            let digits = (0..<Int.random(in: 1...38, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let point = Int.random(in: 0...digits.count, using: &random)
            let sign = Bool.random(using: &random) ? "-" : ""
            let text = point == digits.count ? digits : String(digits.prefix(point).isEmpty ? "0" : digits.prefix(point)) + "." + digits.dropFirst(point)
            values.append(try #require(Decimal(string: sign + text)))
            let significand = Decimal(UInt64.random(in: 0...UInt64.max, using: &random))
            values.append(Decimal(sign: sign.isEmpty ? .plus : .minus, exponent: Int.random(in: -60...60, using: &random), significand: significand))
        }
        let prices = values.prefix(200)
        for (left, right) in zip(prices, prices.dropFirst()) {
            values += [left * right, left / (right.isZero ? 1 : right), left - right]
        }
        for value in values where !value.isNaN {
            #expect(ExactAmount.decimalText(of: value) == value.description, "\(value.description)")
        }
        #expect(ExactAmount.decimalText(of: Decimal(string: "9.99")!) == "9.99")
        #expect(ExactAmount.decimalText(of: Decimal(sign: .plus, exponent: 2, significand: 12)) == "1200")
        #expect(ExactAmount.decimalText(of: Decimal(string: "-0.05")!) == "-0.05")
        #expect(ExactAmount.decimalText(of: .nan) == "NaN")
    }

    @Test func amountsKeepTheCurrencyDigits() throws {
        #expect(try per(.year, "40", period: .months(3)).amount == "160.00")
        #expect(try per(.month, "53.99", period: .years(1)).amount == "4.49")
        #expect(try per(.month, "9800", "JPY", period: .years(1)).amount == "816")       // 816.66… truncated
        #expect(try per(.month, "9800", "JPY", period: .years(1)).price == "¥816")
        #expect(try per(.month, "39.99", "KWD", period: .years(1)).amount == "3.332")    // 3.3325 truncated
        #expect(try per(.month, "39.99", "KWD", period: .years(1)).price == "KWD\u{00A0}3.332")
        #expect(try per(.week, "3.99", "KWD", period: .months(1)).amount == "0.918")     // 3.99 × 84 / 365 = 0.91824…
    }

    /// Half-even is on request: 4.4991… is 4.50; 3.3325 (a tie at KWD's digits) goes to the even 3.332.
    @Test func roundingHalfEvenOnRequest() throws {
        #expect(try per(.month, "53.99", period: .years(1), rounding: .halfEven).price == "$4.50")
        #expect(try per(.month, "39.99", "KWD", period: .years(1), rounding: .halfEven).amount == "3.332")
        #expect(try per(.month, "39.97", "KWD", period: .years(1), rounding: .halfEven).amount == "3.331")  // 3.33083…
        #expect(try per(.month, "39.99", "KWD", period: .years(1), rounding: .towardZero).amount == "3.332")
    }

    /// A month is 365/12 days: 30 days at $9.99 is $10.12 per month (RevenueCat's 30-day
    /// months give $9.99), and $9.99 a month is $0.32 a day (there, $0.33).
    @Test func daysAndMonths() throws {
        #expect(try per(.month, "9.99", period: .days(30)).price == "$10.12")
        #expect(try per(.day, "9.99", period: .months(1)).price == "$0.32")
    }

    @Test func sentencesForAPricePerUnit() throws {
        let annual = try per(.month, "53.99", period: .years(1))
        #expect(annual.recurringPrice == "$4.49/month")
        #expect(annual.billed == "$4.49/month, billed annually at $53.99")
        #expect(try per(.month, "40", period: .months(3)).billed == "$13.33/month, billed every 3 months at $40")
        #expect(try per(.month, "9.99", period: .months(1)).billed == nil, "billed monthly needs no second line")
    }

    /// A derived price never exceeds the exact value, for any price and period.
    @Test func neverAboveTheExactValue() throws {
        var random = SeededGenerator(state: 11)
        for _ in 0..<300 {
            let cents = Int.random(in: 1...1_000_000, using: &random)
            let count = Int.random(in: 1...24, using: &random)
            let unit = PeriodUnit.allCases.randomElement(using: &random)!
            let price = "\(cents / 100).\(String(format: "%02d", cents % 100))"
            let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
            let text = try #require(try render(product(price, period: period), "en-US", options: RenderOptions(normalization: .disabled)).pricePer)
            let days: [PeriodUnit: Decimal] = [.day: 1, .week: 7, .month: Decimal(365) / 12, .year: 365]
            for perUnit in PeriodUnit.allCases {
                let exact = decimal(price) * days[perUnit]! / (days[unit]! * Decimal(count))
                let shown = decimal(text[perUnit].amount)
                #expect(shown <= exact + decimal("0.0000000001"), "\(price)/\(count) \(unit) per \(perUnit): \(shown) > \(exact)")
                #expect(exact - shown < decimal("0.0100000001"), "\(price)/\(count) \(unit) per \(perUnit): \(shown) too low for \(exact)")
            }
        }
    }
}

@Suite("Savings and discounts")
struct SavingsTests {
    private let monthly = product("6.99", period: .months(1)).with { $0.productIdentifier = "monthly" }
    private let annual = product("53.99", period: .years(1)).with { $0.productIdentifier = "annual" }

    private func savings(_ products: [Product], _ locale: String, reference: String? = nil) throws -> [PercentText?] {
        try PaywallRenderer(options: RenderOptions(savingsReference: reference)).render(products, locale: locale).map { try $0.get().savings }
    }

    /// 53.99/12 = 4.4991… against 6.99: 35.63 % saved, claimed as 35 (rounding to nearest would say 36).
    @Test func roundedDownNeverOverstated() throws {
        let result = try savings([monthly, annual], "en-US")
        #expect(result[0] == nil)
        // (6.99 − 53.99/12) × 12 = 83.88 − 53.99 = 29.89 a year.
        #expect(result[1] == PercentText(percent: 35, text: "35%", headline: "Save 35%", amount: "$29.89", amountHeadline: "Save $29.89 a year"))
    }

    @Test func aNamedReference() throws {
        let weekly = product("2.99", period: .weeks(1)).with { $0.productIdentifier = "weekly" }
        let againstMonthly = try savings([weekly, monthly, annual], "en-US", reference: "monthly")
        #expect(againstMonthly.map { $0?.percent } == [nil, nil, 35])
        let againstDearest = try savings([weekly, monthly, annual], "en-US")
        #expect(againstDearest.map { $0?.percent } == [nil, 46, 65])  // weekly is 12.99…/month
    }

    @Test func otherCurrenciesAreNeverCompared() throws {
        let euro = product("49.99", "EUR", period: .years(1))
        #expect(try savings([monthly, euro], "en-US").map { $0?.percent } == [nil, nil])
    }

    @Test func aBadProductFailsAloneAndIsNotCompared() throws {
        let bad = product("-1", period: .months(1))
        let results = PaywallRenderer().render([monthly, bad, annual], locale: "en-US")
        #expect((try? results[1].get()) == nil)
        #expect(try results[2].get().savings?.percent == 35)
    }

    @Test func aRenderedAloneProductHasNoSavings() throws {
        #expect(try render(annual, "en-US").savings == nil)
    }

    @Test func discounts() throws {
        func discount(_ mode: PaymentMode, _ price: String, _ period: SubscriptionPeriod, _ periods: Int,
                      regular: String, _ regularPeriod: SubscriptionPeriod) throws -> PercentText? {
            let offer = Discount(paymentMode: mode, price: decimal(price), subscriptionPeriod: period, numberOfPeriods: periods)
            return try render(product(regular, period: regularPeriod, intro: offer), "en-US").offers.first?.discount
        }
        // Pay as you go: per period, against the regular price for as long.
        #expect(try discount(.payAsYouGo, "0.99", .weeks(1), 4, regular: "4.99", .weeks(1))
                == PercentText(percent: 80, text: "80%", headline: "80% off"))
        // 9.99 a month is 2.2990… a week (a month is 365/12 days): 0.99 is 56.9 % less.
        #expect(try discount(.payAsYouGo, "0.99", .weeks(1), 4, regular: "9.99", .months(1))?.percent == 56)
        #expect(try discount(.payAsYouGo, "2.49", .weeks(1), 4, regular: "9.99", .months(1)) == nil)
        // Pay up front: the one price against the regular price over the whole offer.
        #expect(try discount(.payUpFront, "4.99", .months(3), 1, regular: "9.99", .months(1))?.percent == 83)   // 1 - 4.99/29.97
        #expect(try discount(.payUpFront, "9.99", .months(1), 1, regular: "9.99", .months(1)) == nil)
        #expect(try discount(.payUpFront, "12.99", .months(1), 1, regular: "9.99", .months(1)) == nil)
        #expect(try discount(.freeTrial, "0", .weeks(1), 1, regular: "9.99", .months(1)) == nil)
    }
}
