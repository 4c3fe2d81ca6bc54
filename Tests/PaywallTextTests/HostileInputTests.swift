import Foundation
@testable import PaywallText
import Testing

/// Input that tries to break the decoder: every case is a typed error, never a crash.
@Suite("Hostile input")
struct HostileInputTests {
    private func error(_ json: String) -> PaywallTextError? {
        do {
            return renderError(try ProductDecoder.decodeProduct(Data(json.utf8)))
        } catch {
            return error
        }
    }

    private let base = #""currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1}"#

    @Test func deepNestingIsRejectedWithoutRecursingThroughIt() {
        let brackets = String(repeating: "[", count: 300_000) + String(repeating: "]", count: 300_000)
        let batch = ProductDecoder.decodeBatch(Data(brackets.utf8))
        #expect(batch.count == 1)
        #expect(throws: PaywallTextError(.malformedJSON, path: "", message: "not valid JSON: nested deeper than 32 levels (line 1, column 33)")) {
            try batch[0].get()
        }
        let objects = String(repeating: #"{"price":"#, count: 200_000)
        #expect(error(objects)?.message == "not valid JSON: nested deeper than 32 levels (line 1, column 289)")
    }

    /// A price of many decimal places is compared with the largest price beyond 128 bits
    /// (10¹² × 10²⁷), which must be a refusal, not an overflow.
    @Test func pricesOfManyDecimalPlaces() {
        #expect(error(#"{"price":"0.000000000000000000000000001",\#(base)}"#)?.description
                == "price: 0.000000000000000000000000001 has 27 decimal places, but USD has 2")
        #expect(error(#"{"price":"99999999999.99999999999999999999",\#(base)}"#)?.description
                == "price: 99999999999.99999999999999999999 has 20 decimal places, but USD has 2")
        #expect(ExactAmount(1, 10_000_000_000_000_000_000_000_000) < ExactAmount(1_000_000_000_000))
        #expect(!(ExactAmount(1_000_000_000_000) < ExactAmount(1, 10_000_000_000_000_000_000_000_000)))
        #expect(ExactAmount(-1, 10_000_000_000_000_000_000_000_000) < ExactAmount(1, 10_000_000_000_000_000_000_000_000 - 1))
    }

    @Test func numbersBeyondAnyPrice() {
        #expect(error(#"{"price":1e400,\#(base)}"#)?.description == #"price: "1e400" is not a price: at most 32 characters and within 10^±20"#)
        #expect(error(#"{"price":123456789012345678901234567890123456789,\#(base)}"#)?.path == "price")
        #expect(error(#"{"price":"123456789012345678901234567890123","currencyCode":"USD"}"#)?.description
                == #"price: must be at most 32 characters, got "123456789012345678901234567890123""#)
    }

    /// The reader sees a key as JSON defines it, escapes decoded, so the error still names
    /// the field (a scan of the raw text used to miss it and report bare "not valid JSON").
    @Test func escapedKeysNameTheirField() {
        #expect(error(#"{"price":"1","currencyCode":"USD","subscriptionPeriod": {"unit": "month", "numberOf\u0055nits": 1.5}}"#)?.description
                == "subscriptionPeriod.numberOfUnits: must be a whole number, got 1.5")
        #expect(error(#"{"\u0070rice":"-1","currencyCode":"USD"}"#)?.description == "price: must not be negative, got -1")
        #expect(error(#"{"price":"1","currencyCode":"US\u0044"}"#) == nil)
    }

    @Test func badEscapesAndBytesAreSyntaxErrors() {
        #expect(error(#"{"price":"1\q"}"#)?.kind == .malformedJSON)
        #expect(error(#"{"price":"\ud800"}"#)?.message.hasPrefix(#"not valid JSON: a \u escape of a high surrogate"#) == true)
        #expect(error(#"{"price":"\u12"}"#)?.message.hasPrefix(#"not valid JSON: expected four hexadecimal digits"#) == true)
        let invalidUTF8 = Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])  // {"a":"<FF>"}
        #expect(throws: PaywallTextError(.malformedJSON, message: "not valid JSON: invalid UTF-8 inside a string (line 1, column 8)")) {
            try ProductDecoder.decodeProduct(invalidUTF8)
        }
    }

    @Test func countsThatAreNotWholeNumbers() {
        #expect(error(#"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":"day","numberOfUnits":1.5}}"#)?.description
                == "subscriptionPeriod.numberOfUnits: must be a whole number, got 1.5")
        #expect(error(#"{"price":"1","currencyCode":"USD","subscriptionPeriod":{"unit":"day","numberOfUnits":99999999999999999999}}"#)?.description
                == "subscriptionPeriod.numberOfUnits: must be a whole number, got 99999999999999999999")
        #expect(error(#"{"price":"1",\#(base),"discounts":[{"identifier":"a","paymentMode":"payUpFront","price":"1","subscriptionPeriod":{"unit":"day","numberOfUnits":1},"numberOfPeriods":2e3}]}"#)?.description
                == "discounts[0].numberOfPeriods: must be a whole number, got 2e3")
    }

    @Test(arguments: ["٩٫٩٩", "９.９９", "9,99", "9.99.9", ".99", "9.", "+9.99", " 9.99", "1e2", "0x10", "NaN", "Infinity", "9.99\u{0}"])
    func priceStringsThatAreNotPlainDecimals(_ text: String) throws {
        let json = String(data: try JSONSerialization.data(withJSONObject: ["price": text, "currencyCode": "USD"]), encoding: .utf8)!
        #expect(error(json)?.path == "price", "\(text)")
    }

    @Test func nulBytesAndControlCharacters() {
        #expect(error(#"{"price":"9.99","currencyCode":"USD","productIdentifier":"a\u0000b"}"#)?.description
                == #"productIdentifier: contains the control character U+0000: "a\u{0}b""#)
        #expect(error(#"{"price":"9.99","currencyCode":"US\u0000"}"#)?.path == "currencyCode")
        #expect(error(#"{"price":"9.99","priceLocale":"en_US\u0000@currency=USD"}"#)?.path == "priceLocale")
        #expect(error("{\"price\":\"9.99\",\"currencyCode\":\"US\u{0}D\"}")?.message == "not valid JSON: control character byte 0x00 inside a string; escape it (line 1, column 35)")
    }

    @Test func hugeStrings() {
        let long = String(repeating: "x", count: 5_000_000)
        #expect(error(#"{"price":"9.99","currencyCode":"USD","productIdentifier":"\#(long)"}"#)?.description
                == "productIdentifier: must be at most 256 characters, got 5000000")
        let input = Data(repeating: UInt8(ascii: " "), count: Limits.maximumInputBytes + 1)
        #expect(throws: PaywallTextError.self) { try ProductDecoder.decodeProduct(input) }
    }

    @Test func batchLength() throws {
        let item = #"{"price":"1","currencyCode":"USD"}"#
        let big = "[" + Array(repeating: item, count: Limits.maximumBatchCount + 1).joined(separator: ",") + "]"
        let result = ProductDecoder.decodeBatch(Data(big.utf8))
        #expect(result.count == 1)
        #expect(throws: PaywallTextError(.invalidValue, path: "", message: "the array holds 10001 products; at most 10000 are read at once")) {
            try result[0].get()
        }
        let full = "[" + Array(repeating: item, count: Limits.maximumBatchCount).joined(separator: ",") + "]"
        #expect(ProductDecoder.decodeBatch(Data(full.utf8)).count == Limits.maximumBatchCount)
    }

    @Test func emptyLocaleKeywordsAndUnknownCurrencies() {
        #expect(error(#"{"price":"9.99","priceLocale":"en_US@currency="}"#)?.path == "priceLocale")
        #expect(error(#"{"price":"9.99","priceLocale":"en_US@="}"#)?.path == "priceLocale")
        #expect(error(#"{"price":"9.99","priceLocale":"en-US-u-cu"}"#)?.path == "priceLocale")
        #expect(error(#"{"price":"9.99","currencyCode":"XYZ"}"#)?.description == #"currencyCode: unknown currency code "XYZ"; expected an ISO 4217 code such as USD"#)
    }

    @Test func wrongJSONTypes() {
        #expect(error(#"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":["day"],"numberOfUnits":1}}"#)?.description
                == "subscriptionPeriod.unit: must be a string or a whole number (StoreKit's raw value)")
        #expect(error(#"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"day","numberOfUnits":1},"introductoryPrice":{"paymentMode":7,"price":"0","subscriptionPeriod":{"unit":"day","numberOfUnits":1},"numberOfPeriods":1}}"#)?.description
                == "introductoryPrice.paymentMode: unknown payment mode 7; expected freeTrial, payAsYouGo or payUpFront, or StoreKit's raw values 0 to 2")
        #expect(error(#"{"price":{"amount":"9.99"},"currencyCode":"USD"}"#)?.path == "price")
        #expect(error(#"{"price":null,"currencyCode":"USD"}"#)?.description == "price: must be a decimal number, got null")
        #expect(error(#"["not", "an", "object"]"#)?.kind == .invalidValue)
        #expect(error("").map(\.message) == "not valid JSON: unexpected end of input, expected a value (line 1, column 1)")
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(error("{\"price\": \"9.99\",\n \"currencyCode\": USD}")?.message == "not valid JSON: unexpected 'U', expected a value (line 2, column 18)")
        #expect(error(#"{"price": "9.99"} trailing"#)?.message == "not valid JSON: unexpected 't' after the end of the JSON value (line 1, column 19)")
    }
}
