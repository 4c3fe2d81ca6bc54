/// A JSON document as parsed by ``JSONParser``: values in document order, numbers
/// as the exact text written, so that a price or a count is checked digit by digit
/// and never passes through binary floating point.
package enum JSONNode: Sendable, Hashable {
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// A number as written (`9.99`, `1e400`, `-0`).
    case number(String)
    case bool(Bool)
    case null

    /// One member of an object, in document order.
    package struct Member: Sendable, Hashable {
        package let key: String
        package let value: JSONNode
    }

    /// A member's value; when a key repeats, the last one wins (as in most JSON readers).
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// What the value is, for messages: `a string`, `an object`, `null`.
    package var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

extension JSONNode {
    /// Whether two values are the same JSON value, however they are spelled: an object's
    /// members in any order (a key that repeats counts once, its last value, as
    /// ``subscript(key:)`` reads it), numbers by their value (`1` and `1.0`, `9.99` and
    /// `9.990`), arrays element by element. Two copies of a document written by different
    /// encoders (iOS bridges write keys in any order) are then equal.
    package func isSameValue(as other: JSONNode) -> Bool {
        switch (self, other) {
        case (.object(let left), .object(let right)):
            let keys = Set(left.map(\.key))
            guard keys == Set(right.map(\.key)) else { return false }
            return keys.allSatisfy { key in
                guard let a = self[key], let b = other[key] else { return false }
                return a.isSameValue(as: b)
            }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isSameValue(as: $1) }
        case (.number(let left), .number(let right)):
            if left == right { return true }
            guard let a = ExactAmount(decimal: left), let b = ExactAmount(decimal: right) else { return false }
            return !(a < b) && !(b < a)
        default:
            return self == other
        }
    }
}

extension JSONNode: Decodable {
    /// Reads any JSON value from a `Decoder`, so that a ``Product`` decoded with
    /// Foundation's `JSONDecoder` goes through the same reader as ``ProductDecoder``.
    /// A number arrives as the decoder's `Decimal` and keeps its digits.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(DecimalNumber.self) {
            self = .number(value.text)
        } else if let values = try? container.decode([JSONNode].self) {
            self = .array(values)
        } else {
            let members = try container.decode([String: JSONNode].self)
            self = .object(members.sorted { $0.key < $1.key }.map { Member(key: $0.key, value: $0.value) })
        }
    }
}
