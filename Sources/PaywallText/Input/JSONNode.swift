/// A JSON document as ``ProductDecoder/parse(_:)`` reads it: values in document order,
/// numbers as the exact text written, so that a price or a count is checked digit by digit
/// and never passes through binary floating point.
///
/// A server whose requests hold products inside a body of its own reads the body once and
/// hands the products' part to ``StoreDocuments/read(document:format:options:)``:
///
/// ```swift
/// let body = try ProductDecoder.parse(data)
/// guard let products = body["products"] else { … }
/// let document = try StoreDocuments.read(document: products, format: nil, options: ReadOptions())
/// ```
public enum JSONNode: Sendable, Hashable {
    /// An object's members, in document order.
    case object([Member])
    /// An array's elements.
    case array([JSONNode])
    /// A string, its escapes decoded.
    case string(String)
    /// A number as written (`9.99`, `1e400`, `-0`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One member of an object, in document order.
    public struct Member: Sendable, Hashable {
        /// The member's key, its escapes decoded.
        public let key: String
        /// The member's value.
        public let value: JSONNode
        /// Whether only a key of as many bytes can equal this one (``JSONNode/lengthDecides(_:)``),
        /// so that a lookup passes over the member for a key of another length without
        /// comparing their text.
        let keyIsPlain: Bool

        /// A member with this key and value.
        public init(key: String, value: JSONNode) {
            self.init(key: key, value: value, keyIsPlain: JSONNode.lengthDecides(key))
        }

        /// A member whose key the parser has looked at already.
        init(key: String, value: JSONNode, keyIsPlain: Bool) {
            self.key = key
            self.value = value
            self.keyIsPlain = keyIsPlain
        }

        /// Whether the member has this key, as strings compare.
        @inline(__always)
        func has(_ key: String, length: Int) -> Bool {
            (!keyIsPlain || self.key.utf8.count == length) && self.key == key
        }

        /// Equal keys and equal values.
        public static func == (left: Member, right: Member) -> Bool {
            left.key == right.key && left.value == right.value
        }

        /// Hashes the key and the value, as equality compares them.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    /// A member's value; when a key repeats, the last one wins (as in most JSON readers).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        // A member whose key is plain is passed over for a key of another length. Members are
        // looked at in place, not copied out one by one.
        let length = key.utf8.count
        var index = members.endIndex
        while index > members.startIndex {
            index -= 1
            if members[index].has(key, length: length) { return members[index].value }
        }
        return nil
    }

    /// Whether a string equals `key` only if it has as many bytes of UTF-8: `key` is ASCII
    /// without `K`, `;` or `` ` ``. (Strings are equal when canonically equivalent, and
    /// the only characters equivalent to ASCII are the Kelvin sign, U+212A, to `K`, the
    /// Greek question mark, U+037E, to `;`, and the Greek varia, U+1FEF, to `` ` ``: a
    /// string equal to such a key decomposes to it, has none of them, and is its bytes.)
    static func lengthDecides(_ key: String) -> Bool {
        func decides(_ byte: UInt8) -> Bool {
            byte < 0x80 && byte != UInt8(ascii: "K") && byte != UInt8(ascii: ";") && byte != UInt8(ascii: "`")
        }
        return key.utf8.withContiguousStorageIfAvailable { bytes in
            // A small string (up to 15 bytes) is a copy on the stack, better read byte by byte.
            let count = bytes.count
            guard count > 15, let base = bytes.baseAddress else { return bytes.allSatisfy(decides) }
            // Eight bytes at a time, the last word overlapping the one before it.
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while true {
                if !Self.decides(word: raw.loadUnaligned(fromByteOffset: Swift.min(offset, count - 8), as: UInt64.self)) { return false }
                offset += 8
                if offset >= count { return true }
            }
        } ?? key.utf8.allSatisfy(decides)
    }

    /// ``lengthDecides(_:)`` of eight bytes: none has its high bit set, none is `K`, `;` or `` ` ``.
    @inline(__always)
    private static func decides(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let found = (word & highs) | hasZero(word ^ (ones &* 0x4B)) | hasZero(word ^ (ones &* 0x3B)) | hasZero(word ^ (ones &* 0x60))
        return found == 0
    }

    /// What the value is, for messages: `a string`, `an object`, `null`.
    public var kindDescription: String {
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
    func isSameValue(as other: JSONNode) -> Bool {
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
    public init(from decoder: any Decoder) throws {
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
        let length = key.utf8.count
        for index in members.indices where members[index].has(key, length: length) { return true }
        return false
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

/// A fixed set of field names in ASCII without `K`, `;` or `` ` `` (see
/// ``JSONNode/lengthDecides(_:)``), for asking whether a document's key is one of them: a
/// key can equal such a name only byte for byte, so the names of the key's length are the
/// only ones compared, and no key is hashed.
struct FieldNames {
    /// The names by length in bytes.
    private let byLength: [[String]]

    init(_ names: [String]) {
        precondition(names.allSatisfy(JSONNode.lengthDecides), "a name of FieldNames must be ASCII without K, ; or `")
        var byLength = [[String]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for name in names { byLength[name.utf8.count].append(name) }
        self.byLength = byLength
    }

    /// Whether the key of a member is one of the names; members are looked at in place.
    func containsKey(of members: [JSONNode.Member]) -> Bool {
        for index in members.indices where contains(members[index].key) { return true }
        return false
    }

    /// Whether the key is one of the names.
    func contains(_ key: String) -> Bool {
        let length = key.utf8.count
        guard length < byLength.count else { return false }
        for index in byLength[length].indices where byLength[length][index] == key { return true }
        return false
    }
}
