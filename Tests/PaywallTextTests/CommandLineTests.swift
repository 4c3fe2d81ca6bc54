import Foundation
import Testing

/// The real `paywall-text` binary, end to end.
@Suite("paywall-text render")
struct CommandLineTests {
    private let good = #"{"productIdentifier":"good","price":"9.90","currencyCode":"USD","subscriptionPeriod":{"unit":"day","numberOfUnits":7}}"#

    @Test func rendersTheExamplesInFourLocales() throws {
        let result = try runTool(["render", "Examples/products.json", "--locale", "en-US", "--locale", "ru-RU",
                                  "--locale", "ar-SA", "--locale", "ja-JP"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("com.example.pro.monthly"))
        #expect(result.stdout.contains("1 неделя"))
        #expect(result.stdout.contains("￥1,200"))
    }

    @Test func jsonOutputHasOneObjectPerProductAndLocale() throws {
        let result = try runTool(["render", "Examples/products.json", "--format", "json", "--locale", "en-US", "--locale", "de-DE"])
        #expect(result.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 10)
        let first = objects[0]
        #expect(first["locale"] as? String == "en-US")
        #expect(first["productIdentifier"] as? String == "com.example.pro.monthly")
        #expect(first["price"] as? String == "$9.99")
        #expect(first["period"] as? String == "1 month")
        let offer = try #require((first["offers"] as? [[String: Any]])?.first)
        #expect(offer["type"] as? String == "introductory")
        #expect(offer["paymentMode"] as? String == "freeTrial")
        #expect(offer["period"] as? String == "1 week")
        #expect(offer["duration"] as? String == "1 week")
        // The annual plan against the weekly one, the dearest per month: $4.99 × 365/7 =
        // $260.19 a year, so $59.99 saves $200.20 a year, 76% (rounded down).
        let annual = try #require(objects.first {
            $0["productIdentifier"] as? String == "com.example.pro.annual" && $0["locale"] as? String == "en-US"
        })
        let savings = try #require(annual["savings"] as? [String: Any])
        #expect(savings["percent"] as? Int == 76)
        #expect(savings["headline"] as? String == "Save 76%")
        #expect(savings["amount"] as? String == "$200.20")
        #expect(savings["amountHeadline"] as? String == "Save $200.20 a year")
        let euro = objects[9]
        #expect(euro["locale"] as? String == "de-DE")
        #expect((euro["offers"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["winback-half-price", "spring-sale"])
        #expect((euro["offers"] as? [[String: Any]])?.map { $0["price"] as? String } == ["12,49\u{00A0}€", "39,90\u{00A0}€"])
    }

    @Test func jsonKeysComeInDocumentedOrder() throws {
        let result = try runTool(["render", "-", "--format", "json", "--lines", "--locale", "en-US"], stdin: good + "\n")
        // $9.90 a week: $1.41 a day (1.4142…), $43.01 a month (× 365/84), $516.21 a year (× 365/7), truncated.
        #expect(result.stdout == #"{"line":1,"locale":"en-US","catalog":"en","productIdentifier":"good","currencyCode":"USD","price":"$9.90","period":"1 week","recurringPrice":"$9.90/week","recurringPriceShort":"$9.90/wk","planName":"Weekly","pricePer":{"day":{"price":"$1.41","amount":"1.41","recurringPrice":"$1.41/day","billed":"$1.41/day, billed weekly at $9.90"},"week":{"price":"$9.90","amount":"9.90","recurringPrice":"$9.90/week"},"month":{"price":"$43.01","amount":"43.01","recurringPrice":"$43.01/month","billed":"$43.01/month, billed weekly at $9.90"},"year":{"price":"$516.21","amount":"516.21","recurringPrice":"$516.21/year","billed":"$516.21/year, billed weekly at $9.90"}},"terms":"Renews automatically at $9.90/week until canceled.","offers":[]}"# + "\n")
    }

    @Test func linesModeRendersEveryGoodLine() throws {
        let input = [
            good,
            #"{"price":"9.99","currencyCode":"USD","discounts":[{"identifier":"a","paymentMode":"payUpFront","price":"1","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1},{"identifier":"b","paymentMode":"payAsYouGo","price":"1","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":0}],"subscriptionPeriod":{"unit":"month","numberOfUnits":1}}"#,
            "not json",
            #"{"productIdentifier":"yen","price":1200,"priceLocale":"ja-JP-u-cu-jpy"}"#,
        ].joined(separator: "\n") + "\n"
        let result = try runTool(["render", "-", "--lines", "--format", "json", "--locale", "en-US", "--locale", "fr-FR"], stdin: input)
        #expect(result.status == 65)
        let lines = result.stdoutLines
        #expect(lines.count == 8)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["line"] as? Int } == [1, 1, 2, 2, 3, 3, 4, 4])
        #expect(objects[0]["price"] as? String == "$9.90")
        #expect(objects[1]["price"] as? String == "9,90\u{00A0}$US")
        // A bad offer is left out, named in `errors`; the product and its good offer render.
        #expect(objects[2]["error"] == nil)
        #expect(objects[2]["price"] as? String == "$9.99")
        #expect((objects[2]["offers"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["a"])
        let errors = try #require(objects[2]["errors"] as? [[String: String]])
        #expect(errors.map { $0["path"] } == ["discounts[1].numberOfPeriods"])
        #expect(errors.first?["message"] == "must be at least 1, got 0")
        #expect((objects[4]["error"] as? [String: String])?["kind"] == "malformedJSON")
        #expect(objects[6]["price"] as? String == "¥1,200")
        #expect(objects[7]["price"] as? String == "1\u{202F}200\u{00A0}JPY")
    }

    @Test func badProductInAnArrayIsReportedBesideTheGoodOnes() throws {
        let input = "[\(good), {\"productIdentifier\":\"bad\",\"price\":\"1\",\"currencyCode\":\"USD\",\"subscriptionPeriod\":{\"unit\":\"fortnight\",\"numberOfUnits\":1}}]"
        let text = try runTool(["render", "-", "--locale", "en-US"], stdin: input)
        #expect(text.status == 65)
        #expect(text.stdout.contains("$9.90"))
        // Paths name the field in the input: the second element of the array.
        #expect(text.stderr.contains(#"error: item 2 ("bad"): [1].subscriptionPeriod.unit: unknown unit "fortnight""#))

        let json = try runTool(["render", "-", "--format", "json", "--locale", "en-US"], stdin: input)
        #expect(json.status == 65)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(objects[0]["price"] as? String == "$9.90")
        #expect((objects[1]["error"] as? [String: String])?["path"] == "[1].subscriptionPeriod.unit")
    }

    @Test(arguments: [
        (#"{"price":"-1","currencyCode":"USD"}"#, "price: must not be negative, got -1"),
        (#"{"price":"1","currencyCode":"ZZZ"}"#, #"currencyCode: unknown currency code "ZZZ""#),
        (#"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":0}}"#, "subscriptionPeriod.numberOfUnits: must be at least 1, got 0"),
        (#"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"introductoryPrice":{"paymentMode":"freeTrial","price":"1","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1}}"#, "introductoryPrice.price: must be 0 for a freeTrial, got 1"),
        (#"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"introductoryPrice":{"paymentMode":"gratis","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1}}"#, #"introductoryPrice.paymentMode: unknown payment mode "gratis""#),
        (#"{"price":"1","priceLocale":"en_US@currency="}"#, #"priceLocale: not a locale identifier: "en_US@currency=""#),
        (#"{"price":"#, "not valid JSON"),
    ])
    func badDataExitsWith65AndNamesTheField(_ input: String, _ message: String) throws {
        let result = try runTool(["render", "-", "--locale", "en-US"], stdin: input)
        #expect(result.status == 65)
        #expect(result.stderr.contains(message))
    }

    @Test func unknownLocaleIsAUsageError() throws {
        let result = try runTool(["render", "Examples/products.json", "--locale", "xx-QQ"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(#"--locale xx-QQ: ICU \#(icuVersion) has no locale data for "xx-QQ""#))
        #expect(result.stdout.isEmpty)
    }

    @Test func missingLocaleIsAUsageError() throws {
        #expect(try runTool(["render", "Examples/products.json"]).status == 64)
    }

    @Test func missingFileExitsWith66() throws {
        let result = try runTool(["render", "Examples/no-such-file.json", "--locale", "en-US"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no such file: Examples/no-such-file.json"))
    }

    @Test func normalizationFlags() throws {
        let input = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":12}}"#
        #expect(try runTool(["render", "-", "--lines", "--format", "json", "--locale", "en-US"], stdin: input).stdout.contains(#""period":"1 year""#))
        #expect(try runTool(["render", "-", "--lines", "--format", "json", "--locale", "en-US", "--no-months-as-years"], stdin: input).stdout.contains(#""period":"12 months""#))
    }
}
