import Foundation
import PaywallText
import Testing

/// The tool's messages say what they are about: an input with nothing in it,
/// an item by its position and identifier, a problem of the whole document once, and a data
/// error without the usage.
@Suite("paywall-text messages")
struct ToolMessageTests {
    /// 0 bytes, whitespace, an empty array or an envelope without products: a warning that
    /// names the input, exit 0.
    @Test(arguments: [
        ("", "is empty (0 bytes)"),
        (" \n\t\n", "holds only whitespace"),
        ("[]", "holds no products"),
        (#"{"products": []}"#, "holds no products"),
    ])
    func anEmptyInputSaysSo(_ input: String, _ what: String) throws {
        let result = try runTool(["render", "-", "--locale", "en-US"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "warning: standard input \(what): there is nothing to read\n")

        let folder = try TemporaryFolder("empty")
        let file = folder.appendingPathComponent("products.json")
        try Data(input.utf8).write(to: file)
        let named = try runTool(["check", file.path])
        #expect(named.status == 0)
        #expect(named.stderr == "warning: \(file.path) \(what): there is nothing to read\n")
        let json = try runTool(["render", file.path, "--locale", "en-US", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout == "[]\n")
    }

    /// An App Store Connect envelope without resources says what it lacks (its own warning, in
    /// place of the general one), exit 0.
    @Test func anEmptyAppStoreConnectDocumentSaysWhatToFetch() throws {
        let text = try runTool(["render", "-", "--locale", "en-US"], stdin: #"{"data": []}"#)
        #expect(text.status == 0)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.hasPrefix("warning: the document: holds no price of a subscription or in-app purchase, so no product: fetch "))
        let json = try runTool(["render", "-", "--locale", "en-US", "--format", "json"], stdin: #"{"data": []}"#)
        #expect(json.status == 0)
        #expect(json.stdout.contains(#"{"index":1,"path":"","warning":{"kind":"unused","path":"","message":"holds no price of a subscription"#))
    }

    @Test func noLinesSaysSo() throws {
        let result = try runTool(["render", "-", "--lines", "--locale", "en-US"], stdin: "")
        #expect(result.status == 0)
        #expect(result.stderr == "warning: standard input holds no lines: there is nothing to read\n")
    }

    /// A product without an identifier is its position alone (it was "item 1 item 1").
    @Test func aProductWithoutIdentifierIsItsPosition() throws {
        let product = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":5},"numberOfPeriods":1}}"#
        let result = try runTool(["render", "-", "--locale", "en-US", "--locale", "de-DE"], stdin: product)
        #expect(result.status == 0)
        #expect(result.stderr == "warning: item 1: introductoryPrice.subscriptionPeriod: an App Store free trial lasts 3 days, 1 or 2 weeks, 1, 2, 3 or 6 months, or 1 year; this one lasts 5 weeks\n")
        let named = try runTool(["render", "-", "--locale", "en-US"], stdin: product.replacingOccurrences(of: "{\"price\"", with: "{\"productIdentifier\":\"pro\",\"price\""))
        #expect(named.stderr.hasPrefix("warning: item 1 pro: introductoryPrice.subscriptionPeriod: "))
    }

    /// An input that cannot be read, or a product that cannot, fails alike in every locale:
    /// said once, without a locale.
    @Test func aProblemOfTheWholeDocumentIsSaidOnce() throws {
        let broken = try runTool(["render", "-", "--locale", "en-US", "--locale", "de-DE", "--locale", "ja-JP"], stdin: #"{"products": ["#)
        #expect(broken.status == 65)
        #expect(broken.stderr == "error: the document: not valid JSON: unexpected end of input, expected a value (line 1, column 15)\n")
        #expect(!broken.stderr.contains("Usage:"))

        let products = #"[{"price":"-1","currencyCode":"USD"},{"productIdentifier":"x","price":"-2","currencyCode":"USD"}]"#
        let bad = try runTool(["render", "-", "--locale", "en-US", "--locale", "de-DE"], stdin: products)
        #expect(bad.status == 65)
        #expect(bad.stderr == """
            error: item 1: [0].price: must not be negative, got -1
            error: item 2 ("x"): [1].price: must not be negative, got -2

            """)

        // Two items of one line are two items, each said once.
        let twoOnALine = try runTool(["render", "-", "--lines", "--locale", "en-US", "--locale", "de-DE"], stdin: products + "\n")
        #expect(twoOnALine.status == 65)
        #expect(twoOnALine.stderr == """
            error: line 1: [0].price: must not be negative, got -1
            error: line 1 ("x"): [1].price: must not be negative, got -2

            """)

        let line = try runTool(["render", "-", "--lines", "--locale", "en-US", "--locale", "de-DE"], stdin: "{\n")
        #expect(line.status == 65)
        #expect(line.stderr == "error: line 1: not valid JSON: expected a field name in double quotes (line 1, column 2)\n")
    }

    /// A folder whose files are wrong is a data error (65), a missing one a missing input
    /// (66): the message, and no usage after it.
    @Test func aBrokenCatalogFolderIsADataErrorWithoutTheUsage() throws {
        let folder = try TemporaryFolder.locales { url in
            let file = url.appendingPathComponent("de.json")
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
            var messages = json["messages"] as! [String: Any]
            messages["price.free"] = "{broken"
            json["messages"] = messages
            try JSONSerialization.data(withJSONObject: json).write(to: file)
        }
        let broken = try runTool(["render", "Examples/products.json", "--locale", "de-DE", "--catalogs", folder.path])
        #expect(broken.status == 65)
        #expect(broken.stderr.hasPrefix("error: --catalogs \(folder.path): \(folder.path)/de.json: price.free: syntax error"))
        #expect(!broken.stderr.contains("Usage:"))
        #expect(broken.stdout.isEmpty)

        let missing = try runTool(["render", "Examples/products.json", "--locale", "de-DE", "--catalogs", folder.path + "-missing"])
        #expect(missing.status == 66)
        #expect(!missing.stderr.contains("Usage:"))

        let reference = try runTool(["render", "Examples/products.json", "--locale", "de-DE", "--savings-reference", "nope"])
        #expect(reference.status == 64)
        #expect(reference.stderr == "error: --savings-reference nope: no product in the input has that productIdentifier\n")
    }
}
