import Foundation
@testable import PaywallText
import Testing

/// What a server calls besides `render`.
@Suite("Public API")
struct PublicAPITests {
    @Test func versionsInUse() {
        #expect(PaywallRenderer.icuVersion.split(separator: ".").count >= 2)
        #expect(PaywallRenderer.cldrVersion.split(separator: ".").allSatisfy { Int($0) != nil })
    }

    @Test func resolvedCurrencyCode() throws {
        #expect(try render(product("9.99", "usd"), "en-US").currencyCode == "USD")
        let storefront = product("9.99").with { $0.currencyCode = nil; $0.priceLocale = "de_DE@currency=EUR" }
        #expect(try render(storefront, "en-US").currencyCode == "EUR")
    }

    /// A product is checked once, and the checked value renders without checking again.
    @Test func checkingWithoutRendering() throws {
        let checked = try CheckedProduct(product("9.99"))
        #expect(checked.currencyCode == "USD")
        #expect(try PaywallRenderer().render(checked, locale: DisplayLocale("en-US")).price == "$9.99")
        let bad = product("9.99", discounts: [Discount(identifier: "x", paymentMode: .payAsYouGo, price: 1, subscriptionPeriod: .weeks(1), numberOfPeriods: 0)])
        #expect(throws: PaywallTextError(.invalidValue, path: "discounts[0].numberOfPeriods", message: "must be at least 1, got 0")) {
            try CheckedProduct(bad)
        }
    }

    /// A locale's direction is its script's, whatever its region or keywords: right to left
    /// for Arabic, Hebrew, Urdu and Persian, left to right for the others.
    @Test func displayLocaleDirection() throws {
        for locale in ["ar-SA", "ar_EG", "he-IL", "ur-PK", "fa-IR", "ar-SA-u-nu-latn"] {
            #expect(try DisplayLocale(locale).direction == .rightToLeft, "\(locale)")
        }
        for locale in ["en-US", "ja-JP", "ru-RU", "hi-IN", "en-US-x-client7"] {
            #expect(try DisplayLocale(locale).direction == .leftToRight, "\(locale)")
        }
    }

    @Test func prepareOpensLocalesAheadOfTime() throws {
        try PaywallRenderer().prepare(locales: ["fr-FR", "ru-RU", "ar-SA"])
        #expect(throws: PaywallTextError.self) { try PaywallRenderer().prepare(locales: ["en-US", "xx-QQ"]) }
        #expect(try render(product("9.99"), "fr-FR").price == "9,99\u{00A0}$US")
    }

    /// A field error has a path and no catalog location; a catalog error the reverse.
    @Test func fieldPathsAndCatalogLocationsAreApart() throws {
        let field = try #require(renderError(product("-1")))
        #expect(field.path == "price" && field.catalog == nil)
        let folder = try TemporaryFolder.locales { try setMessage("freeTrial.headline", to: "{oops}", in: $0.appendingPathComponent("de.json")) }
        let catalog = try #require(thrownError { try Catalogs(directory: folder.path) })
        #expect(catalog.path == "")
        #expect(catalog.catalog == CatalogLocation(file: folder.appendingPathComponent("de.json").path, key: "freeTrial.headline"))
        #expect(catalog.description.hasPrefix("\(folder.path)/de.json: freeTrial.headline: unknown argument {oops}"))
    }

    /// `Product` decoded with Foundation's `JSONDecoder` goes through the same reader as
    /// `ProductDecoder`: the same values, and errors that name the field.
    @Test func codableUsesTheSameReader() throws {
        let json = Data(#"{"price":9.99,"currencyCode":"USD","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"discounts":[{"identifier":"a","type":"subscription","paymentMode":"payUpFront","price":"1.5","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":1}]}"#.utf8)
        #expect(try JSONDecoder().decode(Product.self, from: json) == ProductDecoder.decodeProduct(json))
        let bad = Data(#"{"price":"9.99","subscriptionPeriod":{"unit":"fortnight","numberOfUnits":1}}"#.utf8)
        #expect(throws: PaywallTextError(.invalidValue, path: "subscriptionPeriod.unit", message: #"unknown unit "fortnight"; expected day, week, month or year"#)) {
            try JSONDecoder().decode(Product.self, from: bad)
        }
        let roundTrip = try JSONEncoder().encode(try ProductDecoder.decodeProduct(json))
        #expect(try ProductDecoder.decodeProduct(roundTrip) == ProductDecoder.decodeProduct(json))
    }
}
