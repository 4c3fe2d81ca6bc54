#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Values as the stores write them: enum names, ISO 8601 durations, amounts in micros or
/// in units and nanos. Each reads exactly (never through binary floating point) and fails
/// with the field's path and the value.
extension JSONField {
    /// One of a store's names for a value: `unknown offerMode "FREE"; expected FREE_TRIAL,
    /// PAY_AS_YOU_GO or PAY_UP_FRONT`.
    func choice<Value>(_ choices: KeyValuePairs<String, Value>, naming what: String) throws(PaywallTextError) -> Value {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: throw invalid("must be \(what) (\(Self.list(choices.map(\.key)))), got \(value.kindDescription)")
        }
        if let match = choices.first(where: { $0.key == text }) { return match.value }
        throw invalid("unknown \(what) \(quoted(text)); expected \(Self.list(choices.map(\.key)))")
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// An ISO 8601 duration as the stores write billing periods and offer durations: `P3D`,
    /// `P1W`, `P1M`, `P1Y`, and combinations of years and months or of weeks and days. Google
    /// writes a 30-day trial as `P4W2D` and 90 days as `P12W6D`; these are days (`30 days`),
    /// `P1Y6M` is 18 months. A duration of one unit keeps its unit. Days and months are not
    /// combined (a month has no fixed number of days), and times (`PT…`) are not periods.
    func isoDuration() throws(PaywallTextError) -> SubscriptionPeriod {
        let text = try string()
        guard let period = StoreDurations.period(iso: text) else {
            throw invalid("must be an ISO 8601 duration of years and months, or of weeks and days, such as \"P1W\", \"P3D\", "
                          + "\"P1M\", \"P1Y\" or \"P4W2D\" (30 days), got \(quoted(text))")
        }
        return period
    }

    /// An amount in a currency, as the stores and apps write them: a JSON string of digits
    /// (`"9.99"`, exact) or a JSON number. A number with more decimal places than the
    /// currency has is an amount that went through binary floating point (a `Decimal`
    /// encoded through `Double`: `1.9899999999999998` for 1.99) when rounding it to the
    /// currency's places changes it by less than 10⁻⁹; it is then read as that rounding.
    /// Any other excess place is left for validation, which names the field (PRODUCT §12a).
    func amount(currency: String) throws(PaywallTextError) -> Decimal {
        let value = try decimal()
        guard case .number = self.value, let digits = Currencies.digitsByCode[currency.uppercased()],
              let (exact, places) = ExactAmount.parse(decimal: value.description), places > digits
        else { return value }
        let rounded = exact.decimalText(digits: digits, rounding: .halfEven)
        guard let back = ExactAmount(decimal: rounded) else { return value }
        let difference = exact < back ? back - exact : exact - back
        guard difference < ExactAmount(1, 1_000_000_000) else { return value }
        return Decimal(string: rounded) ?? value
    }

    /// An amount in `currency` when it is known (``amount(currency:)``: what went through
    /// binary floating point is read as the amount it stands for), else exactly as written,
    /// for validation to refuse with the currency's own error.
    func amount(in currency: String?) throws(PaywallTextError) -> Decimal {
        guard let currency else { return try decimal() }
        return try amount(currency: currency)
    }

    /// A whole number written as a JSON number or as a string of digits (Google's APIs write
    /// int64 values as strings).
    func wholeNumber() throws(PaywallTextError) -> String {
        let text: String
        switch value {
        case .number(let number): text = number
        case .string(let string): text = string
        default: throw invalid("must be a whole number, got \(value.kindDescription)")
        }
        let digits = text.utf8.drop(while: { $0 == UInt8(ascii: "-") })
        guard !digits.isEmpty, text.utf8.count - digits.count <= 1, digits.count <= 18,
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            throw invalid("must be a whole number of at most 18 digits, got \(quoted(text))")
        }
        return text
    }

    /// An amount in millionths (Google Play's `priceAmountMicros`: 9990000 is 9.99), exact,
    /// with no more decimal places than the currency has.
    func micros(currency: String) throws(PaywallTextError) -> Decimal {
        let text = try wholeNumber()
        let amount = StoreAmounts.decimalText(whole: text, scale: 6)
        try StoreAmounts.checkDigits(amount, currency: currency) { (places, digits) in
            invalid("\(text) micros is \(amount) \(currency), with \(places) decimal places; \(currency) has \(digits)")
        }
        return Decimal(string: amount) ?? 0
    }

    /// A Google `Money` object, `{currencyCode, units, nanos}` (units a string of digits,
    /// nanos billionths of the same sign), as an exact amount and its currency; `nil` with
    /// every problem of the object in `problems` (a missing currency beside a missing amount,
    /// both in one reading).
    ///
    /// Google's JSON leaves out a field at its default, so either `units` or `nanos` may be
    /// absent (0), but not both: a Money with neither holds no amount the reader can read
    /// (a `priceMicros` in its place is no field of the type), and is an error at its path,
    /// never a price of 0. Each member that is no field of a Money is a warning in `warnings`.
    func money(warnings: inout [ProductWarning], problems: inout ProblemList) -> (amount: Decimal, currency: String)? {
        guard case .object(let members) = value else {
            problems.append(invalid("must be a Money object {currencyCode, units, nanos}, got \(value.kindDescription)"))
            return nil
        }
        for member in members where !Self.moneyFields.contains(member.key) {
            warnings.append(ProductWarning(path: path(of: member.key), message:
                "is not read: it is no field of a Money, which has currencyCode, units and nanos"))
        }
        let before = problems.count
        let currency = problems.attempt { () throws(PaywallTextError) in try required("currencyCode", "a currency code").string() }
        // Never throws: the value is an object.
        let unitsField = (try? optional("units")) ?? nil
        let nanosField = (try? optional("nanos")) ?? nil
        if unitsField == nil, nanosField == nil {
            problems.append(invalid("has neither units nor nanos, so it holds no amount: a Money is {\"currencyCode\": \"USD\", "
                                    + "\"units\": \"9\", \"nanos\": 990000000} for 9.99; got \(FormatDetection.describe(value))"))
        }
        let units = problems.attempt { () throws(PaywallTextError) in try unitsField?.wholeNumber() ?? "0" }
        let nanos = problems.attempt { () throws(PaywallTextError) -> Int in
            let nanos = try nanosField?.integer() ?? 0
            guard abs(nanos) < 1_000_000_000 else {
                throw PaywallTextError(.invalidValue, path: path(of: "nanos"), message: "must be less than 10^9 in magnitude, got \(nanos)")
            }
            return nanos
        }
        guard problems.count == before, let currency, let units, let nanos else { return nil }
        return problems.attempt { () throws(PaywallTextError) in
            let negative = units.hasPrefix("-") || nanos < 0
            if (units.hasPrefix("-") && nanos > 0) || (!units.hasPrefix("-") && units != "0" && nanos < 0) {
                throw PaywallTextError(.invalidValue, path: path(of: "nanos"), message:
                    "must have the sign of units (\(units)), got \(nanos)")
            }
            let whole = units.hasPrefix("-") ? String(units.dropFirst()) : units
            let fraction = String(abs(nanos))
            let padded = String(repeating: "0", count: 9 - fraction.count) + fraction
            let amount = StoreAmounts.trimmed("\(negative ? "-" : "")\(whole).\(padded)")
            try StoreAmounts.checkDigits(amount, currency: currency) { (places, digits) in
                PaywallTextError(.invalidValue, path: nanosField?.path ?? path, message:
                    "\(units) units and \(nanos) nanos is \(amount) \(currency), with \(places) decimal places; \(currency) has \(digits)")
            }
            return (Decimal(string: amount) ?? 0, currency)
        }
    }

    /// The fields of Google's `google.type.Money`.
    private static let moneyFields: Set<String> = ["currencyCode", "units", "nanos"]
}

/// ISO 8601 durations, as the stores write periods.
enum StoreDurations {
    /// The period of `P…`: `nil` for anything but years and months, or weeks and days, each
    /// at most ``Limits/maximumUnits`` in all.
    static func period(iso text: String) -> SubscriptionPeriod? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.count <= 24, bytes[0] == UInt8(ascii: "P") else { return nil }
        var counts: [UInt8: Int] = [:]
        var order: [UInt8] = []
        var number: Int?
        for byte in bytes.dropFirst() {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (value, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, value <= 1_000_000 else { return nil }
                number = value + Int(byte - UInt8(ascii: "0"))
            } else {
                // Each designator once, in ISO's order, after a number.
                guard let count = number, "YMWD".utf8.contains(byte), counts[byte] == nil,
                      order.last.map({ Array("YMWD".utf8).firstIndex(of: $0)! < Array("YMWD".utf8).firstIndex(of: byte)! }) ?? true
                else { return nil }
                counts[byte] = count
                order.append(byte)
                number = nil
            }
        }
        guard number == nil, !order.isEmpty else { return nil }
        let years = counts[UInt8(ascii: "Y")], months = counts[UInt8(ascii: "M")]
        let weeks = counts[UInt8(ascii: "W")], days = counts[UInt8(ascii: "D")]
        let period: SubscriptionPeriod
        switch (years, months, weeks, days) {
        case (let years?, nil, nil, nil): period = .years(years)
        case (nil, let months?, nil, nil): period = .months(months)
        case (let years?, let months?, nil, nil): period = .months(years * 12 + months)
        case (nil, nil, let weeks?, nil): period = .weeks(weeks)
        case (nil, nil, nil, let days?): period = .days(days)
        case (nil, nil, let weeks?, let days?): period = .days(weeks * 7 + days)
        default: return nil  // days with months, or years with weeks: no fixed length
        }
        return period.numberOfUnits <= Limits.maximumUnits * 7 ? period : nil
    }
}

/// Exact decimal text for the stores' scaled integers.
enum StoreAmounts {
    /// `9990000` at scale 6 → `9.99`.
    static func decimalText(whole text: String, scale: Int) -> String {
        let negative = text.hasPrefix("-")
        var digits = negative ? String(text.dropFirst()) : text
        if digits.count <= scale {
            digits = String(repeating: "0", count: scale - digits.count + 1) + digits
        }
        let cut = digits.index(digits.endIndex, offsetBy: -scale)
        return trimmed("\(negative ? "-" : "")\(digits[..<cut]).\(digits[cut...])")
    }

    /// Without trailing zeros after the point, nor a bare point, nor leading zeros: `9.990` → `9.99`.
    static func trimmed(_ text: String) -> String {
        var result = Substring(text)
        if result.contains(".") {
            while result.last == "0" { result = result.dropLast() }
            if result.last == "." { result = result.dropLast() }
        }
        let negative = result.hasPrefix("-")
        var body = negative ? result.dropFirst() : result
        while body.count > 1, body.first == "0", body.dropFirst().first != "." { body = body.dropFirst() }
        return (negative && body != "0" ? "-" : "") + body
    }

    /// Fails when `amount` has more decimal places than the currency; an unknown currency is
    /// left to validation, which names it.
    static func checkDigits(
        _ amount: String, currency: String, _ failure: (_ places: Int, _ digits: Int) -> PaywallTextError
    ) throws(PaywallTextError) {
        guard let digits = Currencies.digitsByCode[currency.uppercased()] else { return }
        let places = amount.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        if places > digits { throw failure(places, digits) }
    }
}
