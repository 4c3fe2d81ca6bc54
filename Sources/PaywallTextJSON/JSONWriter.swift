/// Writes compact JSON as UTF-8 straight into a byte array: the one writer of the render
/// JSON (``RenderEntry``) and of ``JSONValue``.
///
/// Commas are placed by the writer: inside an object or an array, each value or member
/// follows the one before it; values at the top level stand one after another, as
/// ``EncodedEntries`` keeps a locale's entries.
///
/// ```swift
/// var json = JSONWriter()
/// json.object { json in
///     json.member("percent", 35)
///     json.member("text", "35%")
/// }
/// // {"percent":35,"text":"35%"}
/// ```
///
/// The writer keeps a byte array larger than what it wrote, and writes a member (its comma,
/// key and value) into the room at its end in one step: one check that the array is its
/// own and large enough, then the bytes copied in, rather than an append per piece.
package struct JSONWriter {
    /// The JSON written so far, `storage[0..<count]`, then room for more.
    private var storage: [UInt8]
    /// How many bytes of `storage` are written.
    package private(set) var count = 0
    /// Whether the next value or member follows another at its level.
    private var needsComma = false
    /// How many objects and arrays are open.
    private var depth = 0

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        storage = capacity > 0 ? [UInt8](repeating: 0, count: capacity) : []
    }

    /// The JSON written so far.
    package var bytes: [UInt8] {
        Array(storage[0..<count])
    }

    /// The JSON written so far, handed over without a copy; the writer is empty after it.
    package mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &storage)
        taken.removeLast(taken.count - count)
        count = 0
        needsComma = false
        depth = 0
        return taken
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
        let comma = separates
        Self.withUTF8(of: key) { key in
            let written = tryWrite(atMost: key.count + 4) { output in
                var at = comma ? Self.put(UInt8(ascii: ","), output) : 0
                guard let length = Self.putQuoted(key, output + at) else { return nil }
                at += length
                output[at] = UInt8(ascii: ":")
                return at + 1
            }
            if !written {
                if comma { write(UInt8(ascii: ",")) }
                writeEscaped(key)
                write(UInt8(ascii: ":"))
            }
        }
        needsComma = false
    }

    /// A string value.
    package mutating func string(_ value: String) {
        let comma = separates
        Self.withUTF8(of: value) { value in
            let written = tryWrite(atMost: value.count + 3) { output in
                let at = comma ? Self.put(UInt8(ascii: ","), output) : 0
                return Self.putQuoted(value, output + at).map { at + $0 }
            }
            if !written {
                if comma { write(UInt8(ascii: ",")) }
                writeEscaped(value)
            }
        }
        needsComma = true
    }

    /// A number value.
    package mutating func int(_ value: Int) {
        let comma = separates
        // 20 digits and a sign are the most an Int has.
        write(atMost: 22) { output in
            let at = comma ? Self.put(UInt8(ascii: ","), output) : 0
            return at + Self.putDigits(value, output + at)
        }
        needsComma = true
    }

    /// `"key":"value"`.
    package mutating func member(_ key: String, _ value: String) {
        let comma = separates
        // Most members escape nothing: written in one step.
        let written = Self.withUTF8(of: key) { key in
            Self.withUTF8(of: value) { value in
                tryWrite(atMost: key.count + value.count + 6) { output in
                    var at = comma ? Self.put(UInt8(ascii: ","), output) : 0
                    guard let keyLength = Self.putQuoted(key, output + at) else { return nil }
                    at += keyLength
                    output[at] = UInt8(ascii: ":")
                    at += 1
                    return Self.putQuoted(value, output + at).map { at + $0 }
                }
            }
        }
        if !written {
            self.key(key)
            string(value)
        }
        needsComma = true
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
        text.withUTF8Buffer { text in
            write(atMost: text.count) { output in Self.put(text, output) }
        }
    }

    private mutating func open(_ byte: UInt8) {
        let comma = separates
        write(atMost: 2) { output in
            let at = comma ? Self.put(UInt8(ascii: ","), output) : 0
            output[at] = byte
            return at + 1
        }
        depth += 1
        needsComma = false
    }

    private mutating func close(_ byte: UInt8) {
        write(byte)
        depth -= 1
        needsComma = true
    }

    /// Whether what is written next needs a comma before it.
    private var separates: Bool { needsComma && depth > 0 }

    // MARK: Bytes

    /// Calls `body` with a string's UTF-8, in place when the string holds it so (as native
    /// strings do), without copying the string.
    @inline(__always)
    private static func withUTF8<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var string = string
        return string.withUTF8(body)
    }

    /// Calls `body` with the room at the end of the JSON, at least `needed` bytes, and
    /// counts the bytes it says it wrote there.
    @inline(__always)
    private mutating func write(atMost needed: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + needed > storage.count { grow(toHold: count + needed) }
        let start = count
        let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
        count += written
    }

    /// ``write(atMost:_:)`` of a `body` that may give up (`nil`): nothing is written then.
    @inline(__always)
    @discardableResult
    private mutating func tryWrite(atMost needed: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        if count + needed > storage.count { grow(toHold: count + needed) }
        let start = count
        guard let written = storage.withUnsafeMutableBufferPointer({ body($0.baseAddress! + start) }) else { return false }
        count += written
        return true
    }

    /// One byte.
    private mutating func write(_ byte: UInt8) {
        write(atMost: 1) { output in Self.put(byte, output) }
    }

    /// Room for `needed` bytes at least, doubling.
    private mutating func grow(toHold needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: Swift.max(needed, 2 * storage.count) - storage.count))
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`, everything else as its UTF-8, copied in runs between the bytes escaped.
    private mutating func writeEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        write(UInt8(ascii: "\""))
        var start = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            write(run: UnsafeBufferPointer(rebasing: text[start..<index]))
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): write(run: #"\""#)
            case UInt8(ascii: "\\"): write(run: #"\\"#)
            case UInt8(ascii: "\n"): write(run: #"\n"#)
            case UInt8(ascii: "\r"): write(run: #"\r"#)
            case UInt8(ascii: "\t"): write(run: #"\t"#)
            default:
                let hex = String(byte, radix: 16)
                var escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                escape.withUTF8 { write(run: $0) }
            }
        }
        write(run: UnsafeBufferPointer(rebasing: text[start..<text.count]))
        write(UInt8(ascii: "\""))
    }

    private mutating func write(run: UnsafeBufferPointer<UInt8>) {
        guard !run.isEmpty else { return }
        write(atMost: run.count) { output in Self.put(run, output) }
    }

    private mutating func write(run: StaticString) {
        run.withUTF8Buffer { write(run: $0) }
    }

    @inline(__always)
    private static func put(_ byte: UInt8, _ output: UnsafeMutablePointer<UInt8>) -> Int {
        output.pointee = byte
        return 1
    }

    @inline(__always)
    private static func put(_ bytes: UnsafeBufferPointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>) -> Int {
        if let base = bytes.baseAddress { output.update(from: base, count: bytes.count) }
        return bytes.count
    }

    /// `"text"`, or `nil` when the text has a byte to escape.
    @inline(__always)
    private static func putQuoted(_ text: UnsafeBufferPointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>) -> Int? {
        output[0] = UInt8(ascii: "\"")
        guard copyUnescaped(text, to: output + 1) else { return nil }
        output[text.count + 1] = UInt8(ascii: "\"")
        return text.count + 2
    }

    /// Copies a text that has no byte that JSON escapes (a control character, `"` or `\`),
    /// looking at it eight bytes at a time; `false`, with the copy unfinished, for a text
    /// that has one.
    @inline(__always)
    private static func copyUnescaped(_ text: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>) -> Bool {
        let count = text.count
        guard count > 0, let base = text.baseAddress else { return true }
        guard count >= 8 else {
            for offset in 0..<count {
                let byte = base[offset]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
                output[offset] = byte
            }
            return true
        }
        let from = UnsafeRawPointer(base), to = UnsafeMutableRawPointer(output)
        var offset = 0
        while true {
            // The last word ends with the text, overlapping the one before it.
            let at = Swift.min(offset, count - 8)
            let word = from.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            if needsEscape(word) { return false }
            to.storeBytes(of: word, toByteOffset: at, as: UInt64.self)
            offset += 8
            if offset >= count { return true }
        }
    }

    /// An integer's decimal digits, as `String(value)` writes them.
    private static func putDigits(_ value: Int, _ output: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var digits = 0
        repeat {
            digits += 1
            magnitude /= 10
        } while magnitude > 0
        let length = digits + (value < 0 ? 1 : 0)
        if value < 0 { output[0] = UInt8(ascii: "-") }
        magnitude = value.magnitude
        for index in stride(from: length - 1, through: length - digits, by: -1) {
            output[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        return length
    }

    /// Whether any of eight bytes is a control character, `"` or `\`: the bytes below 0x20,
    /// and those equal to 0x22 or 0x5C, found with a word's arithmetic (a byte of the result
    /// has its high bit set where the byte is one of them, or, above such a byte, by a borrow).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let below = (word &- ones &* 0x20) & ~word & highs
        return (below | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))) != 0
    }
}
