@testable import PaywallText
import Testing

/// The renewal terms line (PRODUCT §11): facts only, unless a hint is asked for.
@Suite("Renewal terms")
struct TermsTests {
    private let trial = Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
    private let paid = Discount(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)

    @Test func productsAndOffers() throws {
        let text = try render(product("9.99", intro: trial, discounts: [paid.with { $0.identifier = "p" }]), "en-US")
        #expect(text.terms == "Renews automatically at $9.99/month until canceled.")
        #expect(text.offers.map(\.terms) == [
            "After the free trial, the subscription renews automatically at $9.99/month until canceled.",
            "After the offer, the subscription renews automatically at $9.99/month until canceled.",
        ])
        #expect(try render(product("99", period: nil), "en-US").terms == nil, "a one-time purchase does not renew")
    }

    @Test func noCancelAnytimeUnlessAsked() throws {
        for locale in ["en-US", "en-GB"] {
            let terms = try #require(try render(product("9.99"), locale).terms)
            #expect(!terms.lowercased().contains("anytime") && !terms.contains("Settings"), "\(locale): \(terms)")
        }
        let appStore = try render(product("9.99"), "en-US", options: RenderOptions(store: .appStore))
        #expect(appStore.terms == "Renews automatically at $9.99/month until canceled. You can manage or cancel the subscription in your App Store account settings.")
        let play = try render(product("9.99"), "en-US", options: RenderOptions(store: .googlePlay))
        #expect(play.terms?.hasSuffix("in Google Play under Payments & subscriptions.") == true)
    }

    /// British, Australian, Indian and Canadian English spell it "cancelled": the first three
    /// through CLDR's en-001 parent, Canadian English (whose CLDR parent is en) with a catalog of its own.
    @Test func regionalSpelling() throws {
        for (locale, catalog) in [("en-GB", "en-001"), ("en-AU", "en-001"), ("en-IN", "en-001"), ("en-CA", "en-CA")] {
            let text = try render(product("9.99"), locale)
            #expect(text.catalog == catalog, "\(locale)")
            #expect(text.terms?.hasSuffix("until cancelled.") == true, "\(locale)")
        }
        #expect(try render(product("9.99"), "en-US").terms?.hasSuffix("until canceled.") == true)
    }
}
