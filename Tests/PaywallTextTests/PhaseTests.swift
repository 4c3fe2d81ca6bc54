import Foundation
@testable import PaywallText
import Testing

/// Offers of one to three phases (PRODUCT §11).
@Suite("Offers of several phases")
struct PhaseTests {
    private let trial = OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
    private let monthly = OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)
    private let once = OfferPhase(paymentMode: .payUpFront, price: decimal("19.99"), subscriptionPeriod: .months(6))

    private func offer(_ phases: [OfferPhase], regular: String = "9.99", _ period: SubscriptionPeriod = .months(1)) throws -> RenderedOffer {
        let item = product(regular, period: period, discounts: [Discount.of(identifier: "phased", phases)])
        return try #require(try render(item, "en-US").offers.first)
    }

    @Test func headlineAndSummaryCoverEveryPhaseThenTheRegularPrice() throws {
        let two = try offer([trial, monthly])
        #expect(two.headline == "Free for 1 week, then $1.99/month for 3 months")
        #expect(two.summary == "Free for 1 week, then $1.99/month for 3 months, then $9.99/month")
        #expect(two.terms == "After the offer, the subscription renews automatically at $9.99/month until canceled.")
        #expect(two.phases.map(\.headline) == ["Free for 1 week", "$1.99/month for 3 months"])
        #expect(two.phases.map(\.duration) == ["1 week", "3 months"])
        // The whole offer (PRODUCT §15): 3 × 1.99 = 5.97 against 9.99 × (3 + 84/365) months =
        // 32.269…, 81.49 % off, rounded down; the paid phase alone is 80 % off.
        #expect(two.discount?.percent == 81)
        #expect(two.phases[1].discount?.percent == 80)

        let three = try offer([trial, monthly, once], regular: "59.99", .years(1))
        #expect(three.summary == "Free for 1 week, then $1.99/month for 3 months, then one payment of $19.99 for 6 months, then $59.99/year")
        #expect(three.phases[2].pricePer?.month.price == "$3.33")
        #expect(three.phases[2].discount?.percent == 33)   // 19.99 against 29.995 for six months
    }

    /// An offer of one phase renders as a StoreKit offer always has.
    @Test func onePhaseRendersAsBefore() throws {
        let single = try offer([monthly])
        #expect(single.headline == "$1.99/month for 3 months")
        #expect(single.summary == "$1.99/month for 3 months, then $9.99/month")
        #expect(single.phases.count == 1)
        #expect(Discount.of(identifier: "x", [monthly]) == Discount(identifier: "x", paymentMode: .payAsYouGo, price: decimal("1.99"),
                                                                          subscriptionPeriod: .months(1), numberOfPeriods: 3))
    }

    @Test func phasesAreCheckedEachWithItsPath() {
        // An offer without a phase cannot be built; in JSON it is an error naming `phases`.
        let none = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"discounts":[{"identifier":"x","phases":[]}]}"#
        #expect(thrownError { try ProductDecoder.decodeProduct(Data(none.utf8)) }?.description
                == "discounts[0].phases: must hold at least one phase, got an empty array")
        let four = product("9.99", discounts: [Discount.of(identifier: "x", [trial, monthly, once, once])])
        #expect(renderError(four)?.path == "discounts[0].phases")
        let badPrice = product("9.99", discounts: [Discount.of(identifier: "x", [trial, monthly.with { $0.price = 0 }])])
        #expect(renderError(badPrice)?.path == "discounts[0].phases[1].price")
        let badCount = product("9.99", discounts: [Discount.of(identifier: "x", [trial, monthly.with { $0.numberOfPeriods = 0 }])])
        #expect(renderError(badCount)?.description == "discounts[0].phases[1].numberOfPeriods: must be at least 1, got 0")
    }

    @Test func jsonTakesPhasesOrTheStoreKitFieldsNotBoth() throws {
        let phased = #"{"price":"9.99","currencyCode":"USD","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"discounts":[{"identifier":"p","phases":[{"paymentMode":"freeTrial","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1},{"paymentMode":"payAsYouGo","price":"1.99","subscriptionPeriod":{"unit":"month","numberOfUnits":1},"numberOfPeriods":3}]}]}"#
        let decoded = try ProductDecoder.decodeProduct(Data(phased.utf8))
        #expect(decoded.discounts?.first?.phases == [trial, monthly])
        let both = #"{"price":"9.99","currencyCode":"USD","discounts":[{"identifier":"p","paymentMode":"freeTrial","phases":[]}]}"#
        #expect(throws: PaywallTextError(.invalidValue, path: "discounts[0].paymentMode", message:
            "an offer has either paymentMode, price, subscriptionPeriod and numberOfPeriods, or phases, not both")) {
            try ProductDecoder.decodeProduct(Data(both.utf8))
        }
        let badPhase = #"{"price":"9.99","currencyCode":"USD","discounts":[{"identifier":"p","phases":[{"paymentMode":"trial","price":"0","subscriptionPeriod":{"unit":"week","numberOfUnits":1},"numberOfPeriods":1}]}]}"#
        #expect(throws: PaywallTextError.self) { try ProductDecoder.decodeProduct(Data(badPhase.utf8)) }
        let roundTrip = try JSONEncoder().encode(decoded)
        #expect(try ProductDecoder.decodeProduct(roundTrip) == decoded)
    }

    /// The first letter of a sentence is capitalized by ICU's rules for the language.
    @Test func sentenceStartsAreCapitalizedByTheLanguagesRules() throws {
        let folder = try TemporaryFolder.locales { folder in
            try setMessage("phase.freeTrial", to: "ilk {duration} ücretsiz", in: folder.appendingPathComponent("tr.json"))
            try setMessage("phase.payAsYouGo", to: "ijs {recurringOfferPrice}", in: folder.appendingPathComponent("nl.json"))
        }
        let catalogs = try Catalogs(directory: folder.path)
        let item = product("9.99", period: .months(1), discounts: [Discount.of(identifier: "p", [trial, monthly])])
        #expect(try render(item, "tr-TR", catalogs: catalogs).offers.first?.phases.first?.headline.hasPrefix("İlk 1 hafta") == true)
        #expect(try render(item, "nl-NL", catalogs: catalogs).offers.first?.phases.last?.headline.hasPrefix("IJs ") == true)
    }
}

extension OfferPhase {
    func with(_ change: (inout OfferPhase) -> Void) -> OfferPhase {
        var copy = self
        change(&copy)
        return copy
    }
}
