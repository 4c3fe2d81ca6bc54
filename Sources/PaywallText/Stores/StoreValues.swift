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

    /// An ISO 8601 duration of one unit, as Google Play and RevenueCat write billing
    /// periods: `P3D`, `P1W`, `P1M`, `P1Y`.
    func isoDuration() throws(PaywallTextError) -> SubscriptionPeriod {
        let text = try string()
        let bytes = Array(text.utf8)
        let units: [UInt8: PeriodUnit] = [
            UInt8(ascii: "D"): .day, UInt8(ascii: "W"): .week, UInt8(ascii: "M"): .month, UInt8(ascii: "Y"): .year,
        ]
        guard bytes.count >= 3, bytes.count <= 8, bytes[0] == UInt8(ascii: "P"), let unit = units[bytes[bytes.count - 1]],
              let count = Int(String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)),
              bytes[1..<(bytes.count - 1)].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            throw invalid("must be an ISO 8601 duration of one unit such as \"P1W\", \"P3D\", \"P1M\" or \"P1Y\", got \(quoted(text))")
        }
        return SubscriptionPeriod(unit: unit, numberOfUnits: count)
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
    /// nanos billionths of the same sign), as an exact amount and its currency.
    func money() throws(PaywallTextError) -> (amount: Decimal, currency: String) {
        let currency = try required("currencyCode", "a currency code").string()
        let unitsField = try optional("units")
        let units = try unitsField?.wholeNumber() ?? "0"
        let nanosField = try optional("nanos")
        let nanos = try nanosField?.integer() ?? 0
        guard abs(nanos) < 1_000_000_000 else {
            throw PaywallTextError(.invalidValue, path: path(of: "nanos"), message: "must be less than 10^9 in magnitude, got \(nanos)")
        }
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
