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
        // Keys of another length are passed over without comparing their text, when no key
        // of another length can equal this one.
        let length = key.utf8.count, byLength = Self.lengthDecides(key)
        for member in members.reversed() where (!byLength || member.key.utf8.count == length) && member.key == key {
            return member.value
        }
        return nil
    }

    /// Whether a string equals `key` only if it has as many bytes of UTF-8: `key` is ASCII
    /// without `K`, `;` or `` ` ``. (Strings are equal when canonically equivalent, and
    /// the only characters equivalent to ASCII are the Kelvin sign, U+212A, to `K`, the
    /// Greek question mark, U+037E, to `;`, and the Greek varia, U+1FEF, to `` ` ``.)
    static func lengthDecides(_ key: String) -> Bool {
        func decides(_ byte: UInt8) -> Bool {
            byte < 0x80 && byte != UInt8(ascii: "K") && byte != UInt8(ascii: ";") && byte != UInt8(ascii: "`")
        }
        return key.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where !decides(byte) { return false }
            return true
        } ?? key.utf8.allSatisfy(decides)
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

/// The keys of an object, for the questions format detection asks of a document (has it
/// `price`? any of `sku`, `priceAmountMicros`?): as a `Set` of them answers, without
/// hashing every key of every object looked at. A small object is searched key by key,
/// passing over keys of another length; a large one is hashed once.
struct JSONKeys {
    private let members: [JSONNode.Member]
    /// The keys, for an object too large to search key by key.
    private let keySet: Set<String>?

    init(_ members: [JSONNode.Member]) {
        self.members = members
        keySet = members.count > 32 ? Set(members.map(\.key)) : nil
    }

    /// Whether the object has the key.
    func contains(_ key: String) -> Bool {
        if let keySet { return keySet.contains(key) }
        let length = key.utf8.count, byLength = JSONNode.lengthDecides(key)
        return members.contains { (!byLength || $0.key.utf8.count == length) && $0.key == key }
    }

    /// How many different keys the object has.
    var count: Int {
        keySet?.count ?? Set(members.map(\.key)).count
    }

    /// Whether the object has none of these keys.
    func isDisjoint(with keys: [String]) -> Bool {
        !keys.contains(where: contains)
    }

    /// Whether the object has every one of these keys.
    func isSuperset(of keys: [String]) -> Bool {
        keys.allSatisfy(contains)
    }
}
