#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value of a parsed document with its field path, for readers that build the model:
/// every accessor that fails throws a ``PaywallTextError`` naming the path and the value.
///
/// The path of a string, a number or another single value is written out only when it is
/// asked for (an error, a product's source): such a member or element keeps its parent's
/// path and its own key or index, so that reading a value that is fine costs no text. An
/// object's or an array's path is written when it is reached, once for all its members.
struct JSONField {
    let value: JSONNode
    /// The path of the value's parent, or the value's whole path when it has no `step`.
    private let base: String
    /// The value's key or index in its parent.
    private let step: Step

    private enum Step {
        case none
        case key(String)
        case index(Int)
        /// An array made of some elements of another at the same path: the value's whole path is
        /// `base`, and its elements' indices are these, their indices in the array they come from.
        case indices([Int])
    }

    init(_ value: JSONNode, path: String = "") {
        self.value = value
        base = path
        step = .none
    }

    /// A member or an element: a container with its whole path, a single value with its
    /// parent's path and its step.
    private init(_ value: JSONNode, base: String, step: Step) {
        self.value = value
        switch value {
        case .object, .array:
            self.base = Self.join(base, step)
            self.step = .none
        default:
            self.base = base
            self.step = step
        }
    }

    /// The elements of this array at `offsets`, in that order, as an array at the same path
    /// whose elements keep their paths: of `[a, b, c]`, offsets 0 and 2 are an array whose
    /// elements are `[0]` and `[2]`. `nil` when this is no array.
    func elements(at offsets: [Int]) -> JSONField? {
        guard case .array(let elements) = value else { return nil }
        return JSONField(kept: .array(offsets.map { elements[$0] }), path: path, indices: offsets.map { index(of: $0) })
    }

    /// An array of kept elements (``elements(at:)``).
    private init(kept value: JSONNode, path: String, indices: [Int]) {
        self.value = value
        base = path
        step = .indices(indices)
    }

    /// The index in the path of the element at `offset`: its own, or, in an array of kept
    /// elements, the one it had.
    private func index(of offset: Int) -> Int {
        if case .indices(let indices) = step { return indices[offset] }
        return offset
    }

    /// `discounts[1].numberOfPeriods`; empty for the document itself.
    var path: String {
        Self.join(base, step)
    }

    /// `base` and `step` as one path.
    private static func join(_ base: String, _ step: Step) -> String {
        switch step {
        case .none, .indices: base
        case .key(let key): join(base, key)
        case .index(let index): join(base, index)
        }
    }

    /// The path of a member: `subscriptionPeriod` + `unit` → `subscriptionPeriod.unit`.
    func path(of key: String) -> String {
        Self.join(path, key)
    }

    /// The member `key` of this value, found in `value`.
    private func member(_ member: JSONNode, key: String) -> JSONField {
        JSONField(member, base: path, step: .key(key))
    }

    /// `base.key`, or `key` alone at the top.
    private static func join(_ base: String, _ key: String) -> String {
        guard !base.isEmpty else { return key }
        return join(base, ".", key, "")
    }

    /// `base[index]`.
    private static func join(_ base: String, _ index: Int) -> String {
        join(base, "[", String(index), "]")
    }

    /// The four texts one after another, written into one new string.
    private static func join(_ first: String, _ second: StaticString, _ third: String, _ fourth: StaticString) -> String {
        var first = first, third = third
        return first.withUTF8 { first in
            third.withUTF8 { third in
                let count = first.count + second.utf8CodeUnitCount + third.count + fourth.utf8CodeUnitCount
                return String(unsafeUninitializedCapacity: count) { output in
                    var at = output.baseAddress!
                    func put(_ start: UnsafePointer<UInt8>?, _ length: Int) {
                        if let start, length > 0 { at.update(from: start, count: length) }
                        at += length
                    }
                    put(first.baseAddress, first.count)
                    put(second.utf8Start, second.utf8CodeUnitCount)
                    put(third.baseAddress, third.count)
                    put(fourth.utf8Start, fourth.utf8CodeUnitCount)
                    return count
                }
            }
        }
    }

    /// A member that may be absent; `null` counts as absent.
    func optional(_ key: String) throws(PaywallTextError) -> JSONField? {
        guard case .object = value else { throw invalid("must be an object") }
        guard let member = value[key], member != .null else { return nil }
        return self.member(member, key: key)
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
        return self.member(member, key: key)
    }

    /// The elements of an array, each with its index in the path.
    func elements() throws(PaywallTextError) -> [JSONField] {
        guard case .array(let elements) = value else { throw invalid("must be an array") }
        let path = self.path
        return elements.enumerated().map { JSONField($1, base: path, step: .index(index(of: $0))) }
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
            return try DecimalText.parse(text, path: self.path)
        case .number(let text):
            // A plain number (`9.99`, `-3`), as most are: read at once.
            if text.utf8.count <= Limits.maximumPriceCharacters, let number = DecimalText.plain(text) { return number }
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
        /// The names, for messages.
        func expected() -> String {
            let names = Value.allCases.map(\.rawValue)
            return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        }
        if !rawValues.isEmpty, case .number(let text) = value {
            guard let number = Int(text), rawValues.indices.contains(number) else {
                throw invalid("unknown \(what) \(text); expected \(expected()), or StoreKit's raw values 0 to \(rawValues.count - 1)")
            }
            return rawValues[number]
        }
        guard case .string(let text) = value else {
            throw invalid(rawValues.isEmpty ? "must be a string" : "must be a string or a whole number (StoreKit's raw value)")
        }
        if let value = Value(rawValue: text) ?? (aliases.isEmpty ? nil : aliases[text]) { return value }
        throw invalid("unknown \(what) \(quoted(text)); expected \(expected())")
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
    static func parse(_ text: String, path: @autoclosure () -> String) throws(PaywallTextError) -> Decimal {
        func invalid(_ message: String) -> PaywallTextError {
            PaywallTextError(.invalidValue, path: path(), message: message)
        }
        guard text.utf8.count <= Limits.maximumPriceCharacters else {
            throw invalid("must be at most \(Limits.maximumPriceCharacters) characters, got \(quoted(text))")
        }
        if let value = plain(text) { return value }
        guard isPlain(text), let value = Decimal(string: text) else {
            let hint = text.contains(",") ? " (use '.' as the decimal separator)" : ""
            throw invalid("must be a decimal number such as \"9.99\", got \(quoted(text))\(hint)")
        }
        return value
    }

    /// Whether the text is `[-]digits[.digits]` in ASCII.
    static func isPlain(_ text: String) -> Bool {
        shape(text) != nil
    }

    /// The value of `[-]digits[.digits]` of at most 18 digits, worked out from its digits;
    /// `nil` for any other text, and for a zero with a decimal point, whose `Decimal` keeps
    /// the point's exponent. The value is the very `Decimal` that `Decimal(string:)` makes
    /// of the same text, its exponent and compacted digits included.
    static func plain(_ text: String) -> Decimal? {
        guard let (negative, digits, count, fraction) = shape(text), count <= 18, digits != 0 || fraction == 0 else { return nil }
        return Decimal(sign: negative ? .minus : .plus, exponent: -fraction, significand: Decimal(digits))
    }

    /// `[-]digits[.digits]` read in one pass: its sign, its digits as a number (when there
    /// are at most 19 of them), how many digits there are, and how many follow the point.
    private static func shape(_ text: String) -> (negative: Bool, digits: UInt64, count: Int, fraction: Int)? {
        text.utf8.withContiguousStorageIfAvailable(shape) ?? shape(Array(text.utf8))
    }

    private static func shape(_ bytes: some Collection<UInt8>) -> (negative: Bool, digits: UInt64, count: Int, fraction: Int)? {
        var negative = false, point = false
        var digits: UInt64 = 0
        var count = 0, whole = 0, fraction = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0:
                negative = true
            case UInt8(ascii: ".") where !point:
                guard whole > 0 else { return nil }
                point = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if count < 19 { digits = digits &* 10 &+ UInt64(byte &- UInt8(ascii: "0")) }
                count += 1
                if point { fraction += 1 } else { whole += 1 }
            default:
                return nil
            }
        }
        guard whole > 0, !point || fraction > 0 else { return nil }
        return (negative, digits, count, fraction)
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
