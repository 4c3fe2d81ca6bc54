/// Parses JSON text into a ``JSONNode``: checks the syntax (with the line and column
/// of the first error), bounds the nesting before recursing, decodes escapes, and keeps
/// every number's text.
///
/// Field paths and number checks come from the reader of this one tree
/// (``ProductReader``), so an error names its field however the input spells the key
/// (`"numberOf\u0055nits"` is `numberOfUnits`).
enum JSONParser {
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(PaywallTextError) -> JSONNode {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(PaywallTextError) in try parse(raw, maximumDepth: maximumDepth) }
        }.get()
    }

    /// Parses the bytes in place; nothing of the result refers to them.
    static func parse(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws(PaywallTextError) -> JSONNode {
        var parser = Parser(bytes: bytes.assumingMemoryBound(to: UInt8.self), maximumDepth: maximumDepth)
        return try parser.document()
    }

    /// Reads the input once, byte by byte, through a buffer pointer whose every access is
    /// checked against `count` by the parser itself.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let count: Int
        let maximumDepth: Int
        var position = 0
        /// Of the last field name read: whether it is plain (``JSONNode/lengthDecides(_:)``).
        var keyIsPlain = false

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.bytes = bytes
            count = bytes.count
            self.maximumDepth = maximumDepth
        }

        mutating func document() throws(PaywallTextError) -> JSONNode {
            let root = try value(depth: 0)
            skipSpace()
            if position < count {
                throw failure("unexpected \(describe(bytes[position])) after the end of the JSON value")
            }
            return root
        }

        private var peek: UInt8? { position < count ? bytes[position] : nil }

        private mutating func skipSpace() {
            while position < count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        private mutating func value(depth: Int) throws(PaywallTextError) -> JSONNode {
            skipSpace()
            guard let byte = peek else { throw failure("unexpected end of input, expected a value") }
            switch byte {
            case UInt8(ascii: "{"):
                return try object(depth: depth + 1)
            case UInt8(ascii: "["):
                return try array(depth: depth + 1)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try number())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            default:
                throw failure("unexpected \(describe(byte)), expected a value")
            }
        }

        private mutating func object(depth: Int) throws(PaywallTextError) -> JSONNode {
            guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "}") {
                position += 1
                return .object([])
            }
            // Room for the members of most objects at once, rather than growing 1, 2, 4, 8.
            var members: [JSONNode.Member] = []
            members.reserveCapacity(8)
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw failure("expected a field name in double quotes") }
                let name = try string(isKey: true)
                let nameIsPlain = keyIsPlain
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after \(quoted(name))") }
                position += 1
                members.append(JSONNode.Member(key: name, value: try value(depth: depth), keyIsPlain: nameIsPlain))
                if try closes(with: "}", inside: "an object") { return .object(members) }
            }
        }

        private mutating func array(depth: Int) throws(PaywallTextError) -> JSONNode {
            guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "]") {
                position += 1
                return .array([])
            }
            var elements: [JSONNode] = []
            elements.reserveCapacity(4)
            while true {
                elements.append(try value(depth: depth))
                if try closes(with: "]", inside: "an array") { return .array(elements) }
            }
        }

        /// After a member of an object or array: consumes the `,` before the next one
        /// (returning `false`) or the closing bracket (returning `true`).
        private mutating func closes(with bracket: Unicode.Scalar, inside container: StaticString) throws(PaywallTextError) -> Bool {
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): position += 1; return false
            case UInt8(ascii: bracket): position += 1; return true
            case nil: throw failure("unexpected end of input inside \(container)")
            case let byte?: throw failure("unexpected \(describe(byte)), expected ',' or '\(bracket)'")
            }
        }

        /// A string's value with its escapes decoded; the input must be UTF-8. Runs between
        /// escapes are validated and copied whole (most strings are one run); a field name
        /// without escapes that a reader asks for is the reader's own string (``KnownKeys``).
        private mutating func string(isKey: Bool = false) throws(PaywallTextError) -> String {
            position += 1
            var text = ""
            var runStart = position
            /// The bytes from `runStart` to `end` as text, checked to be UTF-8 unless ASCII.
            func run(upTo end: Int, ascii: Bool) throws(PaywallTextError) -> String {
                let slice = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let run = String(validating: slice, as: UTF8.self) else {
                    throw failure("invalid UTF-8 inside a string")
                }
                return run
            }
            while true {
                // The run up to a quote, a backslash or a control character.
                var highBits: UInt8 = 0
                while position < count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    highBits |= byte
                    position += 1
                }
                guard position < count else { throw failure("unterminated string") }
                let byte = bytes[position]
                let ascii = highBits < 0x80
                switch byte {
                case UInt8(ascii: "\""):
                    if text.isEmpty {
                        if isKey, ascii {
                            let name = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
                            position += 1
                            // The known names are plain.
                            if let known = KnownKeys.match(name) {
                                keyIsPlain = true
                                return known
                            }
                            keyIsPlain = !name.contains { $0 == UInt8(ascii: "K") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "`") }
                            return String(decoding: name, as: UTF8.self)
                        }
                        text = try run(upTo: position, ascii: ascii)
                    } else if runStart < position {
                        text += try run(upTo: position, ascii: ascii)
                    }
                    position += 1
                    if isKey { keyIsPlain = JSONNode.lengthDecides(text) }
                    return text
                case UInt8(ascii: "\\"):
                    if runStart < position {
                        let piece = try run(upTo: position, ascii: ascii)
                        if text.isEmpty { text = piece } else { text += piece }
                    }
                    text.unicodeScalars.append(try escape())
                    runStart = position
                default:
                    throw failure("control character \(describe(byte)) inside a string; escape it")
                }
            }
        }

        /// One escape sequence, from its backslash; a `\u` pair of surrogates is one scalar.
        private mutating func escape() throws(PaywallTextError) -> Unicode.Scalar {
            position += 1
            guard let byte = peek else { throw failure("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                if (0xD800..<0xDC00).contains(unit) {
                    guard peek == UInt8(ascii: "\\"), position + 1 < count, bytes[position + 1] == UInt8(ascii: "u") else {
                        throw failure("a \\u escape of a high surrogate must be followed by a low surrogate")
                    }
                    position += 2
                    let low = try hexUnit()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw failure("a \\u escape of a high surrogate must be followed by a low surrogate")
                    }
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                }
                guard let scalar = Unicode.Scalar(unit) else {
                    throw failure("a \\u escape of a lone low surrogate is not a character")
                }
                return scalar
            default:
                position -= 1
                throw failure("unknown escape \\\(describe(byte)) inside a string")
            }
        }

        /// Four hexadecimal digits of a `\u` escape.
        private mutating func hexUnit() throws(PaywallTextError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek else { throw failure("unterminated string") }
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("expected four hexadecimal digits after \\u")
                }
                value = value * 16 + UInt32(digit)
                position += 1
            }
            return value
        }

        private mutating func number() throws(PaywallTextError) -> String {
            let start = position
            func digits() -> Int {
                let from = position
                while position < count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
                return position - from
            }
            if peek == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected digits in a number") }
            if peek == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw failure("expected digits after the decimal point") }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                position += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw failure("expected digits in the exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        private mutating func literal(_ word: StaticString) throws(PaywallTextError) {
            let length = word.utf8CodeUnitCount
            guard position + length <= count,
                  UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]).elementsEqual(
                      UnsafeBufferPointer(start: word.utf8Start, count: length))
            else {
                throw failure("unexpected \(describe(bytes[position])), expected a value")
            }
            position += length
        }

        private func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
        }

        /// An error at the current position, with its line and column (from 1).
        private func failure(_ message: String) -> PaywallTextError {
            let end = min(position, count)
            var line = 1, column = 1
            for byte in bytes[0..<end] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return PaywallTextError(.malformedJSON, message: "not valid JSON: \(message) (line \(line), column \(column))")
        }
    }
}

/// The field names longer than a small string (15 bytes of UTF-8) that the readers ask for:
/// a document's key that spells one of them is that string, shared, rather than a string
/// allocated for every object that has it. Every name is plain (``JSONNode/lengthDecides(_:)``).
enum KnownKeys {
    /// The names by length in bytes.
    private static let byLength: [[String]] = {
        let names = [
            "productIdentifier", "subscriptionPeriod", "introductoryPrice", "localizedDisplayNames",
            "purchaseOptionId", "recurringSubscriptionPeriod", "subscriptionOffers", "oneTimePurchaseOfferDetails",
            "introductoryOffer", "subscriptionOptions", "subscriptionGroups", "priceCurrencyCode", "priceAmountMicros",
            "nonRenewingSubscriptions", "inAppPurchasePriceSchedules", "availablePackages", "trial_period_days",
            "subscriptionOfferDetails", "oneTimeProductOffers", "numberOfPayments", "introductoryOffers",
            "currency_options", "unit_amount_decimal", "regionalPricingAndAvailabilityConfigs", "promotionalOffers",
            "pricingPhaseList", "oneTimePurchaseOfferDetailsList", "billingCycleCount", "subscriptionPricePoint",
            "subscriptionPeriodUnit", "subscriptionIntroductoryOffers", "prepaidBasePlanType", "periodNumberOfUnits",
            "offeringIdentifier", "jsonRepresentation", "installmentsBasePlanType", "inAppPurchasePrices",
            "discountDisplayInfo", "billingPeriodDuration", "billingDisplayPrice", "autoRenewingBasePlanType",
            "winBackOfferPrices", "transform_quantity", "targetSubscriptionPlanType", "subsequentCommitmentPaymentsCount",
            "subscriptionPromotionalOffers", "subscriptionPromotionalOfferPrices", "subscriptionPrices",
            "subscriptionPricePoints", "subscriptionPeriodCount", "subscriptionOfferCodes", "subscriptionOfferCodePrices",
            "subscriptionLocalizations", "subscriptionGroupID", "relativeDiscount", "priceFormatStyle",
            "presentedOfferingIdentifier", "presentedOfferingContext", "offerPeriodCount", "introductoryPriceAmountMicros",
            "installmentPlanDetails", "installmentPlanCommitmentPaymentsCount", "inAppPurchasePricePoints",
            "inAppPurchasePricePoint", "inAppPurchaseLocalizations", "custom_unit_amount", "committedPaymentsCount",
            "commitmentPaymentsCount", "cancellationHint", "absoluteDiscount",
        ]
        precondition(names.allSatisfy(JSONNode.lengthDecides), "a known name must be ASCII without K, ; or `")
        var byLength = [[String]](repeating: [], count: 64)
        for name in names where name.utf8.count < byLength.count { byLength[name.utf8.count].append(name) }
        return byLength
    }()

    /// The known name these bytes spell, if any.
    static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count > 15, bytes.count < byLength.count, let base = bytes.baseAddress else { return nil }
        for name in byLength[bytes.count] {
            let equal = name.utf8.withContiguousStorageIfAvailable { name in
                equalBytes(UnsafeRawPointer(name.baseAddress!), UnsafeRawPointer(base), count: bytes.count)
            } ?? name.utf8.elementsEqual(bytes)
            if equal { return name }
        }
        return nil
    }

    /// Whether `count` bytes (8 or more) are the same at both places, compared a word at a
    /// time, the last word overlapping the one before it.
    private static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 < count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
