#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value of a parsed document with its field path, for readers that build the model:
/// every accessor that fails throws a ``PaywallTextError`` naming the path and the value.
struct JSONField {
    let value: JSONNode
    /// `discounts[1].numberOfPeriods`; empty for the document itself.
    let path: String

    init(_ value: JSONNode, path: String = "") {
        self.value = value
        self.path = path
    }

    /// The path of a member: `subscriptionPeriod` + `unit` → `subscriptionPeriod.unit`.
    func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// A member that may be absent; `null` counts as absent.
    func optional(_ key: String) throws(PaywallTextError) -> JSONField? {
        guard case .object = value else { throw invalid("must be an object") }
        guard let member = value[key], member != .null else { return nil }
        return JSONField(member, path: path(of: key))
    }

    /// A member that must be present.
    func required(_ key: String, _ description: String) throws(PaywallTextError) -> JSONField {
        guard case .object = value else { throw invalid("must be an object") }
        guard let member = value[key] else {
            throw PaywallTextError(.invalidValue, path: path(of: key), message: "is required")
        }
        if member == .null {
            throw PaywallTextError(.invalidValue, path: path(of: key), message: "must be \(description), got null")
        }
        return JSONField(member, path: path(of: key))
    }

    /// The elements of an array, each with its index in the path.
    func elements() throws(PaywallTextError) -> [JSONField] {
        guard case .array(let elements) = value else { throw invalid("must be an array") }
        return elements.enumerated().map { JSONField($1, path: "\(path)[\($0)]") }
    }

    func string() throws(PaywallTextError) -> String {
        guard case .string(let text) = value else { throw invalid("must be a string") }
        return text
    }

    /// A whole number written as a JSON number (`3`, not `"3"` or `3.0`).
    func integer() throws(PaywallTextError) -> Int {
        guard case .number(let text) = value else { throw invalid("must be an integer") }
        let digits = text.utf8.drop(while: { $0 == UInt8(ascii: "-") })
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(text)
        else {
            throw invalid("must be a whole number, got \(text)")
        }
        return number
    }

    /// An exact decimal: a JSON string of ASCII digits (`"9.99"`, preferred) or a JSON number.
    func decimal() throws(PaywallTextError) -> Decimal {
        switch value {
        case .string(let text):
            return try DecimalText.parse(text, path: path)
        case .number(let text):
            // Checked as written, so that 1e400 or 10^40 digits never reach Decimal.
            let exponent = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).dropFirst().first.flatMap { Int($0) } ?? 0
            guard text.utf8.count <= Limits.maximumPriceCharacters, abs(exponent) <= 20, let number = Decimal(string: text) else {
                throw invalid("\(quoted(text)) is not a price: at most \(Limits.maximumPriceCharacters) characters and within 10^±20")
            }
            return number
        case .null:
            throw invalid("must be a decimal number, got null")
        default:
            throw invalid("must be a decimal number as a string (\"9.99\") or a JSON number")
        }
    }

    /// One of an enum's names, or an alias: `unknown unit "fortnight"; expected day, week, month or year`.
    /// With `rawValues`, a whole number is read as the element at that index (StoreKit 1's
    /// raw values: `SKProduct.PeriodUnit` 2 is `month`).
    func name<Value: RawRepresentable & CaseIterable>(
        of: Value.Type, naming what: String, aliases: [String: Value] = [:], rawValues: [Value] = []
    ) throws(PaywallTextError) -> Value where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        if !rawValues.isEmpty, case .number(let text) = value {
            let range = "0 to \(rawValues.count - 1)"
            guard let number = Int(text), rawValues.indices.contains(number) else {
                throw invalid("unknown \(what) \(text); expected \(expected), or StoreKit's raw values \(range)")
            }
            return rawValues[number]
        }
        let text: String
        do {
            text = try string()
        } catch {
            throw invalid(rawValues.isEmpty ? "must be a string" : "must be a string or a whole number (StoreKit's raw value)")
        }
        if let value = Value(rawValue: text) ?? aliases[text] { return value }
        throw invalid("unknown \(what) \(quoted(text)); expected \(expected)")
    }

    /// An invalid value at this field.
    func invalid(_ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: path, message: message)
    }
}

/// Exact decimals from text, never through binary floating point.
enum DecimalText {
    /// Parses `[-]digits[.digits]` in ASCII. `Decimal(string:)` alone would accept
    /// `9.99abc` as 9.99, so the shape is checked first.
    static func parse(_ text: String, path: String) throws(PaywallTextError) -> Decimal {
        func invalid(_ message: String) -> PaywallTextError {
            PaywallTextError(.invalidValue, path: path, message: message)
        }
        guard text.utf8.count <= Limits.maximumPriceCharacters else {
            throw invalid("must be at most \(Limits.maximumPriceCharacters) characters, got \(quoted(text))")
        }
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring.UTF8View.SubSequence) -> Bool = { part in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard !parts.isEmpty, parts.allSatisfy(isDigits), let value = Decimal(string: text) else {
            let hint = text.contains(",") ? " (use '.' as the decimal separator)" : ""
            throw invalid("must be a decimal number such as \"9.99\", got \(quoted(text))\(hint)")
        }
        return value
    }
}

/// A number read through a `Decoder` as `Decimal`, kept as its text (see ``JSONNode``).
struct DecimalNumber: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(Decimal.self).description
    }
}

/// A string in double quotes with control characters escaped, for error messages.
package func quoted(_ text: String, limit: Int = 64) -> String {
    var result = "\""
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if index == limit {
            result += "…"
            break
        }
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
