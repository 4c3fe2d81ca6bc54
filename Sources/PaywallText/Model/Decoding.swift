import FoundationEssentials

// Shared pieces of the model's JSON decoding: exact decimals, enum strings, and
// errors that carry the decoder's field path.

/// A price read from JSON: a string of ASCII digits (`"9.99"`) or a JSON number.
/// Both reach `Decimal` without binary floating point.
struct DecimalValue: Decodable {
    let value: Decimal

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = try DecimalValue.parse(text, decoder: decoder)
        } else if let number = try? container.decode(Decimal.self) {
            // The JSON decoder reads a number's digits straight into Decimal.
            value = number
        } else if container.decodeNil() {
            throw PaywallTextError.invalid(decoder, "must be a decimal number, got null")
        } else {
            throw PaywallTextError.invalid(decoder, "must be a decimal number as a string (\"9.99\") or a JSON number")
        }
    }

    /// Parses `[-]digits[.digits]` in ASCII. `Decimal(string:)` alone would accept
    /// `9.99abc` as 9.99, so the shape is checked first.
    static func parse(_ text: String, decoder: any Decoder) throws -> Decimal {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits: (Substring.UTF8View.SubSequence) -> Bool = { part in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard text.utf8.count <= Limits.maximumPriceCharacters else {
            throw PaywallTextError.invalid(decoder, "must be at most \(Limits.maximumPriceCharacters) characters, got \(quoted(text))")
        }
        guard !parts.isEmpty, parts.allSatisfy(isDigits), let value = Decimal(string: text) else {
            var hint = ""
            if text.contains(",") { hint = " (use '.' as the decimal separator)" }
            throw PaywallTextError.invalid(decoder, "must be a decimal number such as \"9.99\", got \(quoted(text))\(hint)")
        }
        return value
    }
}

extension RawRepresentable where RawValue == String, Self: CaseIterable {
    /// Decodes one of the enum's names (or an alias), with an error that names the field
    /// and the value: `unknown unit "fortnight"; expected day, week, month or year`.
    static func decode(from decoder: any Decoder, naming what: String, aliases: [String: Self] = [:]) throws -> Self {
        let container = try decoder.singleValueContainer()
        guard let text = try? container.decode(String.self) else {
            throw PaywallTextError.invalid(decoder, "must be a string")
        }
        if let value = Self(rawValue: text) ?? aliases[text] {
            return value
        }
        let names = allCases.map(\.rawValue)
        let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        throw PaywallTextError.invalid(decoder, "unknown \(what) \(quoted(text)); expected \(expected)")
    }
}

/// A string in double quotes with control characters escaped, for error messages.
func quoted(_ text: String, limit: Int = 64) -> String {
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

/// `discounts[1].numberOfPeriods` from a coding path.
func fieldPath(_ codingPath: [any CodingKey]) -> String {
    var path = ""
    for key in codingPath {
        if let index = key.intValue {
            path += "[\(index)]"
        } else {
            if !path.isEmpty { path += "." }
            path += key.stringValue
        }
    }
    return path
}

extension PaywallTextError {
    /// An invalid value at the decoder's current field.
    static func invalid(_ decoder: any Decoder, _ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: fieldPath(decoder.codingPath), message: message)
    }

    /// Turns whatever a JSON decoder threw into a ``PaywallTextError`` with a field path.
    static func fromDecoding(_ error: any Error) -> PaywallTextError {
        if let error = error as? PaywallTextError { return error }
        guard let error = error as? DecodingError else {
            return PaywallTextError(.malformedJSON, path: "", message: "\(error)")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return PaywallTextError(.invalidValue, path: fieldPath(context.codingPath + [key]), message: "is required")
        case .valueNotFound(let type, let context):
            return PaywallTextError(.invalidValue, path: fieldPath(context.codingPath), message: "must be \(typeName(type)), got null")
        case .typeMismatch(let type, let context):
            return PaywallTextError(.invalidValue, path: fieldPath(context.codingPath), message: "must be \(typeName(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = context.underlyingError.map { " (\($0))" } ?? ""
                return PaywallTextError(.malformedJSON, path: "", message: "not valid JSON\(detail)")
            }
            return PaywallTextError(.invalidValue, path: fieldPath(context.codingPath), message: context.debugDescription)
        @unknown default:
            return PaywallTextError(.malformedJSON, path: "", message: "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is Decimal.Type: return "a decimal number"
        case is [Any].Type: return "an array"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            return "an object"
        }
    }
}
