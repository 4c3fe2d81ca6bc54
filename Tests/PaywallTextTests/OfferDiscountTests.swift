import Foundation
@testable import PaywallText
import Testing

/// The discount of an offer of several phases is the whole offer's (PRODUCT §15).
@Suite("Discounts of whole offers")
struct OfferDiscountTests {
    private static func offer(_ phases: [OfferPhase], regular: String = "9.99", _ period: SubscriptionPeriod = .months(1)) throws -> RenderedOffer {
        try #require(try render(product(regular, period: period, discounts: [Discount.of(identifier: "phased", phases)]), "en-US").offers.first)
    }

    private static let week = OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))

    /// Free for 1 week, then $4.99/month for 3 months, then $9.99/month.
    ///
    /// By hand: the offer charges 0 + 3 × 4.99 = 14.97. The regular price over the same time
    /// is 9.99 for each of the 3 months plus 9.99 × 7 / (365/12) = 9.99 × 84/365 = 2.2990…
    /// for the week: 32.2690… . 14.97 / 32.2690… = 0.4639…, so 53.6 % off: 53.
    /// Before, the badge showed the first paid phase's discount: 4.99 against 9.99 a month,
    /// 50.05 % off: 50, which understated what the offer saves.
    @Test func threePhasesCompareTheWholeOfferWithTheRegularPrice() throws {
        let offer = try Self.offer([Self.week, OfferPhase(paymentMode: .payAsYouGo, price: decimal("4.99"), subscriptionPeriod: .months(1),
                                                          numberOfPeriods: 3)])
        #expect(offer.discount?.percent == 53)
        #expect(offer.discount?.headline == "53% off")
        #expect(offer.phases[1].discount?.percent == 50, "each phase keeps its own")
    }

    /// The golden files' three-phase offer: free 1 week, then $0.99/week for 4 weeks, then
    /// $19.99 once for 6 months, then $59.99/year. By hand: it charges 4 × 0.99 + 19.99 =
    /// 23.95; the regular price over 7 + 28 + 182.5 days is 59.99 × 217.5/365 = 35.7475…;
    /// 23.95 / 35.7475… = 0.66998…: 33 % off. Before, the badge showed the first paid phase's:
    /// 0.99 against 59.99 × 7/365 = 1.1505… a week, 13.95 % off: 13.
    @Test func theWholeOfferSavesMoreThanItsFirstPaidPhase() throws {
        let offer = try Self.offer([Self.week,
                                    OfferPhase(paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .weeks(1), numberOfPeriods: 4),
                                    OfferPhase(paymentMode: .payUpFront, price: decimal("19.99"), subscriptionPeriod: .months(6))],
                                   regular: "59.99", .years(1))
        #expect(offer.discount?.percent == 33)
        #expect(offer.phases[1].discount?.percent == 13)
    }

    /// A pay-up-front phase charges once: free 3 days, then $4.99 for 3 months, then
    /// $9.99/month. Regular: 9.99 × 3 + 9.99 × 3 × 12/365 = 29.97 + 0.98531… = 30.9553…;
    /// 4.99 / 30.9553… = 0.16120…: 83.88 % off, 83 (the phase alone: 4.99 / 29.97, 83.35 %, 83).
    @Test func aPayUpFrontPhaseChargesOnce() throws {
        let offer = try Self.offer([OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3)),
                                    OfferPhase(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(3))])
        #expect(offer.discount?.percent == 83)
    }

    /// A free trial, of one phase or several, has no discount; nor has an offer that is not
    /// cheaper than the regular price over the same time.
    @Test func freeOrDearOffersHaveNone() throws {
        #expect(try Self.offer([Self.week]).discount == nil)
        #expect(try Self.offer([Self.week, OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .months(1))]).discount == nil)
        // 1 week free then 3 × 12.99 a month: 38.97 against 32.269… is dearer.
        #expect(try Self.offer([Self.week, OfferPhase(paymentMode: .payAsYouGo, price: decimal("12.99"), subscriptionPeriod: .months(1),
                                                      numberOfPeriods: 3)]).discount == nil)
    }

    /// An offer of one phase keeps its discount: pay as you go per period, pay up front over
    /// the whole offer (PRODUCT §10).
    @Test func onePhaseIsAsBefore() throws {
        #expect(try Self.offer([OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1),
                                           numberOfPeriods: 3)]).discount?.percent == 80)
        #expect(try Self.offer([OfferPhase(paymentMode: .payUpFront, price: decimal("4.99"), subscriptionPeriod: .months(3))]).discount?.percent == 83)
    }
}
