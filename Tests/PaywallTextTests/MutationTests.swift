import Foundation
@testable import PaywallText
@testable import PaywallTextSupport
import Testing

@Suite("Mutated input through the CLI")
struct MutationTests {
    /// Product lines to mutate: the examples, one per line.
    private func seeds() throws -> [[UInt8]] {
        let examples = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/products.json"))
        let products = try JSONSerialization.jsonObject(with: examples) as! [Any]
        let batch = try String(contentsOf: packageRoot.appendingPathComponent("Examples/batch.jsonl"), encoding: .utf8)
        return try products.map { Array(try JSONSerialization.data(withJSONObject: $0)) }
            + batch.split(separator: "\n").map { Array($0.utf8) }
    }

    private let fragments: [[UInt8]] = [
        "\"", "{", "}", "[", "]", ",", ":", "0", "-1", "1e400", "9.999", "null", "true", "\"\"", "\\u0000", "٩",
        "\"fortnight\"", "\"XYZ\"", "\"freeTrial\"", "\"payAsYouGo\"", "99999999999999999999", "\"en_US@currency=\"",
    ].map { Array($0.utf8) }

    private func mutate(_ seed: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1 where !bytes.isEmpty: bytes.remove(at: position)
            case 2: bytes.insert(contentsOf: fragments.randomElement(using: &random)!, at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...40, using: &random))
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            default:
                let end = min(bytes.count, position + Int.random(in: 1...40, using: &random))
                bytes.removeSubrange(position..<end)
            }
        }
        // One input line stays one line.
        return bytes.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
    }

    @Test func thousandsOfMutatedLinesGiveOneLineEachAndNoCrash() throws {
        var random = SeededGenerator(state: 20261121)
        let seeds = try seeds()
        let lines = (0..<3000).map { index in mutate(seeds[index % seeds.count], using: &random) }
        var input = Data()
        for line in lines {
            input.append(contentsOf: line)
            input.append(UInt8(ascii: "\n"))
        }
        let result = try runTool(["render", "-", "--lines", "--format", "json", "--locale", "en-US", "--locale", "ar-SA"],
                                 stdin: String(decoding: input, as: UTF8.self))
        #expect(result.status == 0 || result.status == 65, "exit \(result.status): \(result.stderr.prefix(500))")
        let output = result.stdoutLines
        // Every output line is a JSON object naming its input line, in order: each input line
        // gives one per locale, or, when it is of no known format, one entry of its own without
        // a locale (PRODUCT §12a).
        var answers: [Int: [String]] = [:]
        var previous = 0
        for line in output {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let number = try #require(object["line"] as? Int)
            #expect(number >= previous)
            previous = number
            #expect(object["price"] != nil || object["error"] != nil)
            answers[number, default: []].append(object["locale"] as? String ?? "none")
        }
        #expect(answers.keys.sorted() == Array(1...lines.count))
        #expect(answers.values.allSatisfy { $0 == ["en-US", "ar-SA"] || $0 == ["none"] })
    }
}
