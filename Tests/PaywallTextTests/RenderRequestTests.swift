import Foundation
@testable import PaywallText
@testable import PaywallTextGoldens
@testable import PaywallTextJSON
import Testing

/// The body of the server's `POST /v1/render`, read by the library target the server uses.
@Suite("Render requests")
struct RenderRequestTests {
    @Test func readsLocalesProductsInputAndOptions() throws {
        let body = #"""
        {"locales":["de-DE","ja_JP"],"input":"revenuecat",
         "products":{"identifier":"p","price":9.99,"priceString":"$9.99","currencyCode":"USD","subscriptionPeriod":"P1M"},
         "options":{"daysAsWeeks":false,"monthsAsYears":true,"savingsReference":"p","unitPriceRounding":"halfEven","cancellationHint":"googlePlay"}}
        """#
        let request = try RenderRequest.decode(Data(body.utf8))
        #expect(request.locales == ["de-DE", "ja_JP"])
        #expect(request.items.map(\.source.format) == [.revenueCat])
        #expect(try request.items.first?.result.get().product.price == Decimal(string: "9.99"))
        #expect(request.options == RenderOptions(
            normalization: PeriodNormalization(daysAsWeeks: false, monthsAsYears: true),
            unitPriceRounding: .halfEven, store: .googlePlay, savingsReference: "p"))
    }

    /// An unknown option is an error at its path that lists every option by the names a
    /// request gives them, as `RenderOptions.Name(named:)` reads them.
    @Test func anUnknownOptionListsTheOptions() throws {
        let names = RenderOptions.Name.allCases.map(\.rawValue)
        #expect(names.first == "daysAsWeeks" && names.last == "fields" && names.count == 9)
        let expected = "is not an option; expected " + names.dropLast().joined(separator: ", ") + " or fields"
        #expect(throws: PaywallTextError(.invalidValue, path: "options.rounding", message: expected)) {
            try RenderRequest.decode(Data(#"{"products":[],"options":{"rounding":"up"}}"#.utf8))
        }
        #expect(throws: PaywallTextError(.invalidValue, message: expected)) { try RenderOptions.Name(named: "rounding") }
        #expect(try RenderOptions.Name(named: "unitPriceRounding") == .unitPriceRounding)
    }

    @Test func includeTakesNamesAsATextOrAnArray() throws {
        func include(_ value: String) throws -> RenderOptions.Include {
            try RenderRequest.decode(Data(#"{"products":[],"options":{"include":\#(value)}}"#.utf8)).options.include
        }
        #expect(try include(#""spoken,parts""#) == [.spoken, .parts])
        #expect(try include(#"["disclosures", "spoken"]"#) == [.disclosures, .spoken])
        #expect(try include(#""""#) == [])
        #expect(throws: PaywallTextError(.invalidValue, path: "options.include",
                                         message: #"unknown field "prices"; expected spoken, parts or disclosures"#)) { try include(#"["prices"]"#) }
        #expect(throws: PaywallTextError(.invalidValue, path: "options.include", message: "must be a string, got a number")) { try include("3") }
        // Only include takes a list: any other option given as one is refused, naming it.
        #expect(throws: PaywallTextError(.invalidValue, path: "options.savingsReference", message: "must be a string, got an array")) {
            try RenderRequest.decode(Data(#"{"products":[],"options":{"savingsReference":[]}}"#.utf8))
        }
        // The snapshot header names the fields, as the command line's --include does.
        #expect(RenderOptions(include: [.parts, .spoken]).changes == "including spoken, parts")
        #expect(RenderOptions.Include.spoken.union(.disclosures).description == "spoken,disclosures")
    }

    @Test func withoutLocalesTheCallerNegotiates() throws {
        let request = try RenderRequest.decode(Data(#"{"products":[{"price":"1","currencyCode":"USD"}]}"#.utf8))
        #expect(request.locales == nil)
        #expect(request.items.count == 1)
        #expect(request.options == RenderOptions())
    }

    @Test(arguments: [
        (#"{"locales":["en-US","xx-QQ"],"products":[]}"#, "locales[1]", PaywallTextError.Kind.unsupportedLocale),
        (#"{"locales":"en-US","products":[]}"#, "locales", .invalidValue),
        (#"{"products":[],"options":{"daysAsWeeks":"no"}}"#, "options.daysAsWeeks", .invalidValue),
        (#"{"products":[],"options":{"rounding":"up"}}"#, "options.rounding", .invalidValue),
        (#"{"products":{"sku":1}}"#, "products", .unrecognizedFormat),
        // No member can be read (one that cannot among others that can is a problem entry).
        (#"{"products":[{"sku":1},{"sku":2}]}"#, "products[0]", .unrecognizedFormat),
        (#"{"products":[],"input":7}"#, "input", .invalidValue),
        // Not a document even when the format is named (found by schemathesis).
        (#"{"products":-1.5,"input":"googleplay"}"#, "products", .invalidValue),
        (#"{"products":"x"}"#, "products", .invalidValue),
        (#"{"products":null}"#, "products", .invalidValue),
        (#"{"product":[]}"#, "product", .invalidValue),
        ("[]", "", .invalidValue),
        ("{", "", .malformedJSON),
    ])
    func badBodies(_ body: String, _ path: String, _ kind: PaywallTextError.Kind) {
        #expect(throws: PaywallTextError.self) { try RenderRequest.decode(Data(body.utf8)) }
        do {
            _ = try RenderRequest.decode(Data(body.utf8))
        } catch {
            #expect(error.path == path)
            #expect(error.kind == kind)
        }
    }

    @Test func limits() {
        let limits = RenderRequest.Limits(maximumProducts: 2, maximumLocales: 1)
        let three = #"{"products":[{"price":"1","currencyCode":"USD"},{"price":"2","currencyCode":"USD"},{"price":"3","currencyCode":"USD"}]}"#
        #expect(throws: PaywallTextError(.invalidValue, path: "products", message: "holds 3 products; at most 2 per request")) {
            try RenderRequest.decode(Data(three.utf8), limits: limits)
        }
        #expect(throws: PaywallTextError(.invalidValue, path: "locales", message: "names 2 locales; at most 1 per request")) {
            try RenderRequest.decode(Data(#"{"locales":["en","de"],"products":[]}"#.utf8), limits: limits)
        }
    }
}
