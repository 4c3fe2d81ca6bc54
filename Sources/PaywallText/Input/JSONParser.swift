/// Parses JSON text into a ``JSONNode``: checks the syntax (with the line and column
/// of the first error), bounds the nesting before recursing, decodes escapes, and keeps
/// every number's text.
///
/// Field paths and number checks come from the reader of this one tree
/// (``ProductReader``), so an error names its field however the input spells the key
/// (`"numberOf\u0055nits"` is `numberOfUnits`).
enum JSONParser {
    static func parse(_ bytes: [UInt8], maximumDepth: Int) throws(PaywallTextError) -> JSONNode {
        var parser = Parser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.document()
    }

    private struct Parser {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        mutating func document() throws(PaywallTextError) -> JSONNode {
            let root = try value(depth: 0)
            skipSpace()
            if position < bytes.count {
                throw failure("unexpected \(describe(bytes[position])) after the end of the JSON value")
            }
            return root
        }

        private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
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
            var members: [JSONNode.Member] = []
            if peek == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw failure("expected a field name in double quotes") }
                let name = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after \(quoted(name))") }
                position += 1
                members.append(JSONNode.Member(key: name, value: try value(depth: depth)))
                if try closes(with: "}", inside: "an object") { return .object(members) }
            }
        }

        private mutating func array(depth: Int) throws(PaywallTextError) -> JSONNode {
            guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
            position += 1
            skipSpace()
            var elements: [JSONNode] = []
            if peek == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                elements.append(try value(depth: depth))
                if try closes(with: "]", inside: "an array") { return .array(elements) }
            }
        }

        /// After a member of an object or array: consumes the `,` before the next one
        /// (returning `false`) or the closing bracket (returning `true`).
        private mutating func closes(with bracket: Unicode.Scalar, inside container: String) throws(PaywallTextError) -> Bool {
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): position += 1; return false
            case UInt8(ascii: bracket): position += 1; return true
            case nil: throw failure("unexpected end of input inside \(container)")
            case let byte?: throw failure("unexpected \(describe(byte)), expected ',' or '\(bracket)'")
            }
        }

        /// A string's value with its escapes decoded; the input must be UTF-8.
        private mutating func string() throws(PaywallTextError) -> String {
            position += 1
            // Runs between escapes are validated and copied whole: most strings are one run.
            var text = ""
            var runStart = position
            func flush(upTo end: Int) throws(PaywallTextError) {
                guard runStart < end else { return }
                guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    throw failure("invalid UTF-8 inside a string")
                }
                if text.isEmpty { text = run } else { text += run }
            }
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    try flush(upTo: position)
                    position += 1
                    return text
                case UInt8(ascii: "\\"):
                    try flush(upTo: position)
                    text.unicodeScalars.append(try escape())
                    runStart = position
                case 0x00..<0x20:
                    throw failure("control character \(describe(byte)) inside a string; escape it")
                default:
                    position += 1
                }
            }
            throw failure("unterminated string")
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
                    guard peek == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
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
                while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
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
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        private mutating func literal(_ word: String) throws(PaywallTextError) {
            let utf8 = Array(word.utf8)
            guard position + utf8.count <= bytes.count, Array(bytes[position..<(position + utf8.count)]) == utf8 else {
                throw failure("unexpected \(describe(bytes[position])), expected a value")
            }
            position += utf8.count
        }

        private func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
        }

        /// An error at the current position, with its line and column (from 1).
        private func failure(_ message: String) -> PaywallTextError {
            let end = min(position, bytes.count)
            var line = 1, column = 1
            for byte in bytes[0..<end] {
                if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return PaywallTextError(.malformedJSON, message: "not valid JSON: \(message) (line \(line), column \(column))")
        }
    }
}
