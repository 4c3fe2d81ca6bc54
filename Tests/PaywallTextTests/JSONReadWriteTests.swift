import Foundation
@testable import PaywallText
@testable import PaywallTextJSON
@testable import PaywallTextSupport
import Testing

/// The JSON reader and writer of a request the server has not seen before: what they make is
/// what the plain ways of making it give (Foundation's parser for strings, `Decimal(string:)`
/// for prices, escaping byte by byte for the output), however they go about it.
@Suite("JSON reading and writing")
struct JSONReadWriteTests {
    /// Texts with every kind of byte at every place of a word of eight and around it.
    private static let texts: [String] = {
        var texts = ["", "a", "price", "productIdentifier", "é", "日本語", "emoji 😀", "\u{212A}", "9.99", "$9.99/month"]
        let specials = ["\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "😀", "/"]
        for length in 0...20 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    var text = String(repeating: "x", count: length)
                    if length > 0 {
                        text = String(text.prefix(position)) + special + String(text.dropFirst(position + 1))
                    } else {
                        text = special
                    }
                    texts.append(text)
                }
            }
        }
        return texts
    }()

    /// JSON's string escaping one byte at a time, as the writer did before it copied runs.
    private func reference(_ text: String) -> String {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
            case UInt8(ascii: "\n"): output += Array(#"\n"#.utf8)
            case UInt8(ascii: "\r"): output += Array(#"\r"#.utf8)
            case UInt8(ascii: "\t"): output += Array(#"\t"#.utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
        return String(decoding: output, as: UTF8.self)
    }

    @Test func stringsAreEscapedAsJSONDoes() throws {
        for text in Self.texts {
            let expected = reference(text)
            #expect(JSONValue.string(text).text == expected, "\(Array(text.utf8))")
            // As a key and a value of a member, after another member.
            #expect(JSONValue.object([("a", .int(1)), (text, .string(text))]).text == "{\"a\":1,\(expected):\(expected)}")
            // And read back as the text it was.
            let parsed = try ProductDecoder.parse(Data(expected.utf8))
            #expect(parsed == .string(text))
        }
    }

    @Test func numbersAreWrittenAsStringDoes() {
        for value in [0, 1, -1, 9, 10, -10, 99, 100, 12_345, Int.max, Int.min, Int.max - 1, Int.min + 1] {
            #expect(JSONValue.int(value).text == String(value))
        }
        #expect(JSONValue.array([.int(1), .int(-2), .string("x"), .object([]), .array([])]).text == #"[1,-2,"x",{},[]]"#)
    }

    /// A writer grows past the room it was given, and hands over what it wrote.
    @Test func aWriterGrowsAndHandsOverItsBytes() {
        var json = JSONWriter(capacity: 4)
        let long = String(repeating: "é\"x", count: 100)
        json.array { json in
            for index in 0..<100 { json.string("\(index)\(long)") }
        }
        let written = json.bytes
        #expect(json.count == written.count)
        #expect(json.takeBytes() == written)
        let expected = "[" + (0..<100).map { reference("\($0)\(long)") }.joined(separator: ",") + "]"
        #expect(String(decoding: written, as: UTF8.self) == expected, "the bytes written differ")
    }

    /// Strings read with their escapes decoded, as Foundation's parser reads them.
    @Test func stringsAreReadAsFoundationReadsThem() throws {
        var random = SeededGenerator(state: 34)
        let pieces = ["a", "é", "日", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\u0000", "\\ud83d\\ude00", "\\t", "xxxxxxxx", " "]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let json = "[\"\(text)\"]"
            let foundation = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
            #expect(try ProductDecoder.parse(Data(json.utf8)) == .array([.string(foundation[0])]), "\(json)")
        }
    }

    /// A key a reader asks for is read the same however it is written; one that only looks
    /// like one is itself.
    @Test func knownKeysAreTheKeysWritten() throws {
        let parsed = try ProductDecoder.parse(Data(#"{"productIdentifier":1,"product\u0049dentifier":2,"productIdentifiers":3,"productIdentifieR":4}"#.utf8))
        guard case .object(let members) = parsed else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["productIdentifier", "productIdentifier", "productIdentifiers", "productIdentifieR"])
        #expect(parsed["productIdentifier"] == .number("2"))
    }

    /// Keys are equal as Swift strings are, canonically: the Kelvin sign is a `K`, and a key
    /// of another length is still found by it.
    @Test func keysAreFoundAsStringsCompare() throws {
        let parsed = try ProductDecoder.parse(Data(#"{"\u212Aind":1,"e\u0301":2,"a;":3}"#.utf8))
        #expect(parsed["Kind"] == .number("1"))
        #expect(parsed["kind"] == nil)
        #expect(parsed["\u{E9}"] == .number("2"))
        #expect(parsed["a\u{37E}"] == .number("3"))
        guard case .object(let members) = parsed else { Issue.record("not an object"); return }
        let keys = JSONKeys(members)
        #expect(keys.contains("Kind") && keys.contains("\u{E9}") && !keys.contains("kind"))
        #expect(keys.count == 3)
        #expect(keys.isSuperset(of: ["Kind", "a;"]) && keys.isDisjoint(with: ["x", "kind"]))
        let many = JSONKeys((0..<100).map { JSONNode.Member(key: "k\($0)", value: .null) } + [JSONNode.Member(key: "\u{212A}", value: .null)])
        #expect(many.contains("K") && many.contains("k99") && !many.contains("k100"))
    }

    /// Prices read from their digits are the very decimals `Decimal(string:)` makes of them.
    @Test func pricesAreTheDecimalsOfTheirText() throws {
        func bytes(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        var random = SeededGenerator(state: 12)
        var texts = ["0", "-0", "000", "7", "9.99", "9.90", "10", "100.000", "0.5", "00.10", "007", "123456789012345678",
                     "-123456789012345678", "99999999999.9999999", "0.000000000000000001"]
        for _ in 0..<5_000 {
            var text = Bool.random(using: &random) ? "-" : ""
            for _ in 0..<Int.random(in: 1...12, using: &random) { text += String([0, 0, 1, 5, 9].randomElement(using: &random)!) }
            if Bool.random(using: &random) {
                text += "."
                for _ in 0..<Int.random(in: 1...6, using: &random) { text += String([0, 0, 5, 9].randomElement(using: &random)!) }
            }
            texts.append(text)
        }
        for text in texts {
            let expected = Decimal(string: text)!
            if let value = DecimalText.plain(text) {
                #expect(bytes(value) == bytes(expected), "\(text)")
            }
            #expect(try bytes(DecimalText.parse(text, path: "price")) == bytes(expected), "\(text)")
            #expect(try bytes(JSONField(.number(text)).decimal()) == bytes(expected), "\(text)")
        }
        // A zero with a point keeps its exponent, through Decimal(string:).
        #expect(DecimalText.plain("0.00") == nil)
        #expect(DecimalText.plain("1234567890123456789") == nil)
        for text in ["", "-", ".5", "5.", "1.2.3", "--1", "+1", "1e3", " 1", "1,5", "٣"] {
            #expect(DecimalText.plain(text) == nil, "\(text)")
            #expect(!DecimalText.isPlain(text), "\(text)")
        }
    }
}
