/// Writes compact JSON as UTF-8 straight into a byte array: the one writer of the render
/// JSON (``RenderEntry``) and of ``JSONValue``.
///
/// Commas are placed by the writer: inside an object or an array, each value or member
/// follows the one before it; values at the top level stand one after another, as a
/// cache keeps entries.
///
/// ```swift
/// var json = JSONWriter()
/// json.object { json in
///     json.member("percent", 35)
///     json.member("text", "35%")
/// }
/// // {"percent":35,"text":"35%"}
/// ```
package struct JSONWriter {
    /// The JSON written so far.
    package private(set) var bytes: [UInt8]
    /// Whether the next value or member follows another at its level.
    private var needsComma = false
    /// How many objects and arrays are open.
    private var depth = 0

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// `{`, the members `body` writes, `}`.
    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// `[`, the values `body` writes, `]`.
    package mutating func array(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// `{`: an object whose members follow, up to ``endObject()``; for writers that cannot
    /// hand a closure the writer (a ``ResultFieldVisitor`` that holds it).
    package mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// `}`, closing ``beginObject()``.
    package mutating func endObject() { close(UInt8(ascii: "}")) }

    /// `[`: an array whose values follow, up to ``endArray()``.
    package mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// `]`, closing ``beginArray()``.
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A member's key; the value written next is its value.
    package mutating func key(_ key: String) {
        separate()
        Self.writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string value.
    package mutating func string(_ value: String) {
        separate()
        Self.writeString(value, to: &bytes)
        needsComma = true
    }

    /// A number value.
    package mutating func int(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// `"key":"value"`.
    package mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// `"key":"value"`, or nothing when the value is `nil`.
    package mutating func member(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key, value)
    }

    /// `"key":number`.
    package mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        int(value)
    }

    /// Bytes copied as they are, between top-level values: the separators of an array laid
    /// out one entry per line.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func open(_ byte: UInt8) {
        separate()
        bytes.append(byte)
        depth += 1
        needsComma = false
    }

    private mutating func close(_ byte: UInt8) {
        bytes.append(byte)
        depth -= 1
        needsComma = true
    }

    private mutating func separate() {
        if needsComma, depth > 0 { bytes.append(UInt8(ascii: ",")) }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`, everything else as its UTF-8, copied in runs.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: bytes[start..<index])
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = String(byte, radix: 16)
                    output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
            }
            output.append(contentsOf: bytes[start..<bytes.count])
        }
        output.append(UInt8(ascii: "\""))
    }
}
