import Foundation
import Testing

/// A JSON array of products too large to be read whole is read a product at a time
/// (`render` of a file beyond 16 MiB; `--stream-above` streams smaller files alike), with the
/// output the array read whole has.
@Suite("paywall-text render, a streamed array")
struct StreamedArrayTests {
    /// Renders `arguments` whole and streamed; both must give the same bytes and exit code.
    private func expectSameOutput(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try runTool(["render"] + arguments)
        let streamed = try runTool(["render"] + arguments + ["--stream-above", "0"])
        #expect(streamed.stdout == whole.stdout, sourceLocation: sourceLocation)
        #expect(streamed.stderr == whole.stderr, sourceLocation: sourceLocation)
        #expect(streamed.status == whole.status, sourceLocation: sourceLocation)
        #expect(!whole.stdout.isEmpty || !whole.stderr.isEmpty, sourceLocation: sourceLocation)
    }

    /// A few hundred products in three currencies and every kind of plan the examples have,
    /// in a shuffled order with prices that tie, a product without a period, and bad ones.
    private func generatedArray(in folder: TemporaryFolder, count: Int = 300) throws -> String {
        let examples = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Examples/products.json"))) as? [[String: Any]])
        var products: [Any] = []
        for index in 0..<count {
            var product = examples[(index * 7) % examples.count]
            product["productIdentifier"] = "com.example.p\(index)"
            // Deterministic prices, some equal: 0.99 … 99.99.
            product["price"] = String(format: "%d.%02d", (index * 37) % 100, (index * 53) % 100)
            switch index % 50 {
            case 13: product["price"] = "-1"  // refused: names [13].price
            case 29: product.removeValue(forKey: "subscriptionPeriod")  // a one-time purchase
            default: break
            }
            products.append(index == 41 ? "not a product" : product)
        }
        let file = folder.appendingPathComponent("products.json")
        try JSONSerialization.data(withJSONObject: products, options: [.prettyPrinted]).write(to: file)
        return file.path
    }

    @Test func theExamplesStreamedAsReadWhole() throws {
        for format in ["json", "text", "html"] {
            try expectSameOutput(["Examples/products.json", "--format", format, "--locale", "en-US", "--locale", "de-DE"])
        }
        try expectSameOutput(["Examples/products.json", "--format", "json", "--locale", "en-US", "--savings-reference", "com.example.pro.weekly"])
    }

    @Test func aGeneratedArrayStreamedAsReadWhole() throws {
        let folder = try TemporaryFolder("streamed")
        let file = try generatedArray(in: folder)
        // An item that is not a product is a problem of the array, after the products; the
        // others are rendered, either way.
        try expectSameOutput([file, "--format", "json", "--locale", "en-US", "--locale", "ja-JP"])
        try expectSameOutput([file, "--format", "text", "--locale", "en-US", "--savings-reference", "com.example.p50"])
        let withString = try runTool(["render", file, "--format", "json", "--locale", "en-US", "--stream-above", "0"])
        #expect(withString.status == 65)
        let read = try #require(try JSONSerialization.jsonObject(with: Data(withString.stdout.utf8)) as? [[String: Any]])
        #expect(read.count == 300)
        #expect(read.last.map { Set($0.keys) } == ["index", "path", "error"])
        #expect(read.last?["path"] as? String == "[41]" && read.last?["index"] as? Int == 42)
        let products = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [Any])
        let withoutString = products.enumerated().filter { $0.offset != 41 }.map(\.element)
        try JSONSerialization.data(withJSONObject: withoutString, options: [.prettyPrinted]).write(to: URL(fileURLWithPath: file))
        try expectSameOutput([file, "--format", "json", "--locale", "en-US", "--locale", "ja-JP"])
        try expectSameOutput([file, "--format", "json", "--locale", "en-US", "--savings-reference", "com.example.p50"])
        try expectSameOutput([file, "--format", "text", "--locale", "fr-FR"])
        let streamed = try runTool(["render", file, "--format", "json", "--locale", "en-US", "--stream-above", "0"])
        #expect(streamed.status == 65)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(streamed.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 299)
        // Savings compare every plan of the array, not only those of one part of it.
        #expect(entries.contains { $0["savings"] != nil && ($0["index"] as? Int ?? 0) > 256 })
        #expect(entries.contains { ($0["error"] as? [String: Any])?["path"] as? String == "[13].price" })
    }

    @Test func anEmptyArrayStreamedAsReadWhole() throws {
        let folder = try TemporaryFolder("streamed")
        let file = folder.appendingPathComponent("empty.json")
        try Data("  [ ]\n".utf8).write(to: file)
        try expectSameOutput([file.path, "--format", "json", "--locale", "en-US"])
        let result = try runTool(["render", file.path, "--format", "json", "--locale", "en-US", "--stream-above", "0"])
        #expect(result.status == 0)
        #expect(result.stdout == "[]\n")
        #expect(result.stderr.contains("holds no products"))
    }

    @Test func aMalformedArrayIsOneFailure() throws {
        let folder = try TemporaryFolder("streamed")
        let file = folder.appendingPathComponent("broken.json")
        let good = #"{"productIdentifier":"a","price":"1.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}}"#
        for (text, expected) in [("[\(good),]", "expected a value"), ("[\(good) \(good)]", "unexpected '{' after the end of the JSON value"),
                                 ("[\(good)", "unexpected end of input inside an array"), ("[\(good)] x", "after the end of the array")] {
            try Data(text.utf8).write(to: file)
            let result = try runTool(["render", file.path, "--format", "json", "--locale", "en-US", "--stream-above", "0"])
            #expect(result.status == 65, "\(text)")
            #expect(result.stdout.contains(expected), "\(text): \(result.stdout)")
            #expect(!result.stdout.contains("\"price\":"), "\(text)")
        }
    }

    @Test func anArrayOfAnotherFormatIsRefusedWithWhatToDo() throws {
        let result = try runTool(["render", "Examples/storekit2.json", "--format", "json", "--locale", "en-US", "--stream-above", "0"])
        #expect(result.status == 65)
        #expect(result.stdout.contains("[0] is storekit2"))
        #expect(result.stdout.contains("--lines"))
        #expect(result.stdout.contains("Examples/storekit2.json is "))
    }

    @Test func anInputBeyondTheLimitNamesItsSizeAndWhatToDo() throws {
        let folder = try TemporaryFolder("large")
        let file = folder.appendingPathComponent("large.json")
        // An object (no array to stream) of 17 MiB.
        let size = 17 << 20
        var text = #"{"productIdentifier":"a","description":""#
        text += String(repeating: "x", count: size - text.utf8.count - 2) + #""}"#
        try Data(text.utf8).write(to: file)
        let result = try runTool(["render", file.path, "--format", "json", "--locale", "en-US"])
        #expect(result.status == 65)
        #expect(result.stdout.contains("is \(size) bytes; at most 16777216 (16 MiB) are read at once"))
        #expect(result.stdout.contains("--lines"))
    }
}
