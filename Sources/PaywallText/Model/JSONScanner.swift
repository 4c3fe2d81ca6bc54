import FoundationEssentials

/// One pass over JSON text before it is decoded: checks the syntax (with the line
/// and column of the first error), bounds the nesting, counts the elements of a
/// top-level array, and keeps every number's text with its field path.
///
/// Foundation's decoder reports most of these problems only as "not valid JSON";
/// the scan lets errors name the field and value (`numberOfUnits: must be an
/// integer, got 1.5`), and a price given as a JSON number be checked digit by digit.
struct JSONScan {
    /// A number as written, with its path (`[2].discounts[0].price`).
    struct Number {
        let path: String
        let key: String?
        let text: String
    }

    /// The number of elements when the top level is an array.
    var topLevelCount: Int?
    var numbers: [Number] = []
}

enum JSONScanner {
    static func scan(_ data: Data, maximumDepth: Int) throws(PaywallTextError) -> JSONScan {
        var scanner = Scanner(bytes: [UInt8](data), maximumDepth: maximumDepth)
        return try scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0
        var result = JSONScan()
        /// The path of the value being read.
        var path: [String] = []

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        mutating func run() throws(PaywallTextError) -> JSONScan {
            skipSpace()
            if peek == UInt8(ascii: "[") {
                result.topLevelCount = 0
            }
            try value(depth: 0, key: nil, topLevel: true)
            skipSpace()
            if position < bytes.count {
                throw failure("unexpected \(describe(bytes[position])) after the end of the JSON value")
            }
            return result
        }

        private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            }
        }

        private mutating func value(depth: Int, key: String?, topLevel: Bool = false) throws(PaywallTextError) {
            skipSpace()
            guard let byte = peek else { throw failure("unexpected end of input, expected a value") }
            switch byte {
            case UInt8(ascii: "{"):
                try object(depth: depth + 1)
            case UInt8(ascii: "["):
                try array(depth: depth + 1, topLevel: topLevel)
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number(key: key)
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default:
                throw failure("unexpected \(describe(byte)), expected a value")
            }
        }

        private mutating func object(depth: Int) throws(PaywallTextError) {
            guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "}") { position += 1; return }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw failure("expected a field name in double quotes") }
                let name = try string()
                skipSpace()
                guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after \(quoted(name))") }
                position += 1
                path.append(path.isEmpty ? name : "." + name)
                try value(depth: depth, key: name)
                path.removeLast()
                if try closes(with: "}", inside: "an object") { return }
            }
        }

        private mutating func array(depth: Int, topLevel: Bool) throws(PaywallTextError) {
            guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "]") { position += 1; return }
            var index = 0
            while true {
                path.append("[\(index)]")
                try value(depth: depth, key: nil)
                path.removeLast()
                index += 1
                if topLevel { result.topLevelCount = index }
                if try closes(with: "]", inside: "an array") { return }
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

        @discardableResult
        private mutating func string() throws(PaywallTextError) -> String {
            let start = position
            position += 1
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return String(decoding: bytes[(start + 1)..<(position - 1)], as: UTF8.self)
                case UInt8(ascii: "\\"):
                    position += 2
                case 0x00..<0x20:
                    throw failure("control character \(describe(byte)) inside a string; escape it")
                default:
                    position += 1
                }
            }
            throw failure("unterminated string")
        }

        private mutating func number(key: String?) throws(PaywallTextError) {
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
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            result.numbers.append(JSONScan.Number(path: path.joined(), key: key, text: text))
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
            return PaywallTextError(.malformedJSON, path: "", message: "not valid JSON: \(message) (line \(line), column \(column))")
        }
    }
}
