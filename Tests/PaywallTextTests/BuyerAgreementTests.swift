import Foundation
@testable import PaywallText
import Testing

/// What the buyer agrees to, as the offers' texts say it: a phase paid up front is one
/// payment (never "billed every …"), and an offer of several phases is as long as all of them.
@Suite("What the buyer agrees to")
struct BuyerAgreementTests {
    /// An annual plan with a 6-month pay-up-front introductory offer.
    private static let upFront = product("59.99", period: .years(1), intro: Discount(
        paymentMode: .payUpFront, price: decimal("29.99"), subscriptionPeriod: .months(6)))
    /// A monthly plan with a pay-as-you-go introductory offer, for the contrast.
    private static let asYouGo = product("9.99", intro: Discount(
        paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3))
    /// The welcome-back offer: 1 week free, then $1.99/month × 3, then $9.99/month.
    private static let welcomeBack: Product = {
        var plan = product("9.99")
        plan.discounts = [Discount(identifier: "welcome-back", type: .promotional,
                                   phases: OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1)),
                                   then: [OfferPhase(paymentMode: .payAsYouGo, price: decimal("1.99"), subscriptionPeriod: .months(1), numberOfPeriods: 3)])]
        return plan
    }()

    private static let spokenAndParts = RenderOptions(include: [.spoken, .parts])

    /// Every text of a phase: its fields and their spoken forms.
    private static func texts(of phase: RenderedPhase) -> [String] {
        var texts = [phase.price, phase.period, phase.duration, phase.headline]
        if let discount = phase.discount { texts += [discount.text, discount.headline] }
        for unit in PeriodUnit.allCases {
            guard let price = phase.pricePer?[unit] else { continue }
            texts += [price.price, price.recurringPrice] + (price.billed.map { [$0] } ?? [])
        }
        return texts + phase.spoken.map(\.value)
    }

    // MARK: - A phase paid up front

    @Test func aPhasePaidUpFrontIsOnePaymentInEnglish() throws {
        let phase = try #require(try render(Self.upFront, "en-US", options: Self.spokenAndParts).offers.first?.phases.first)
        #expect(phase.pricePer?.day.billed == "$0.16/day, one payment of $29.99 for 6 months")
        #expect(phase.pricePer?.month.billed == "$4.99/month, one payment of $29.99 for 6 months")
        #expect(phase.spoken["pricePer.day.billed"] == "0.16 US dollars per day, one payment of 29.99 US dollars for 6 months")
        let billing = Self.texts(of: phase).filter { $0.contains("billed") || $0.contains("every") }
        #expect(billing.isEmpty, "a payment made once is never said to recur: \(billing)")
        // A pay-as-you-go phase is billed again and again, and says so.
        let recurring = try #require(try render(Self.asYouGo, "en-US").offers.first?.phases.first)
        #expect(recurring.pricePer?.day.billed == "$0.06/day, billed monthly at $1.99")
    }

    /// In every catalog, no text or spoken form of a phase paid up front comes from the
    /// recurring-billing message `billedPrice`, and its prices per unit come from
    /// `billedPrice.once`; a pay-as-you-go phase's do come from `billedPrice`. Each message
    /// is marked by a word put before it, so that the test reads which message made a text.
    @Test func noCatalogSaysAPhasePaidUpFrontRecurs() throws {
        let snapshot = Catalogs.builtIn.snapshot
        #expect(snapshot.catalogs.count == 49)
        let marked = snapshot.catalogs.values.map { catalog in
            var messages = catalog.messages
            messages["billedPrice"] = "RECURRING " + (messages["billedPrice"] ?? "")
            messages["billedPrice.once"] = "ONCE " + (messages["billedPrice.once"] ?? "")
            return Catalog(name: catalog.name, file: catalog.file, messages: messages, notes: catalog.notes)
        }
        let catalogs = try Catalogs(checking: marked)
        for name in snapshot.catalogs.keys.sorted() {
            let upFront = try #require(try render(Self.upFront, name, catalogs: catalogs, options: Self.spokenAndParts).offers.first?.phases.first)
            let texts = Self.texts(of: upFront)
            #expect(!texts.contains { $0.contains("RECURRING") }, "\(name): \(texts.filter { $0.contains("RECURRING") })")
            for unit in [PeriodUnit.day, .week, .month, .year] {
                #expect(upFront.pricePer?[unit].billed?.hasPrefix("ONCE ") == true, "\(name) per \(unit): \(upFront.pricePer?[unit].billed ?? "nil")")
                #expect(upFront.spoken["pricePer.\(unit.rawValue).billed"]?.hasPrefix("ONCE ") == true, "\(name) spoken per \(unit)")
            }
            let asYouGo = try #require(try render(Self.asYouGo, name, catalogs: catalogs).offers.first?.phases.first)
            #expect(asYouGo.pricePer?.day.billed?.hasPrefix("RECURRING ") == true, "\(name): \(asYouGo.pricePer?.day.billed ?? "nil")")
        }
    }

    // MARK: - An offer of several phases

    @Test func anOfferOfSeveralPhasesLastsAsLongAsAllOfThem() throws {
        let offer = try #require(try render(Self.welcomeBack, "en-US", options: Self.spokenAndParts).offers.first)
        #expect(offer.duration == "3 months and 1 week")
        #expect(offer.phases.map(\.duration) == ["1 week", "3 months"])
        #expect(offer.spoken["duration"] == nil, "said as it is written")
        #expect(offer.parts["duration"] == [TextRun("3 months", role: .duration), TextRun(" and "), TextRun("1 week", role: .duration)])
        let german = try #require(try render(Self.welcomeBack, "de-DE").offers.first)
        #expect(german.duration == "3 Monate und 1 Woche")
        #expect(german.phases[0].duration == "1 Woche")
        // A one-phase offer's length is its phase's.
        #expect(try render(Self.asYouGo, "en-US").offers.first?.duration == "3 months")
    }

    /// The lengths are added unit by unit and shown as the normalization shows a period: 7
    /// days and 1 week are 2 weeks; 10 days stay days; without the normalization, the units
    /// are kept as given.
    @Test func lengthsAreAddedByUnitAndShownAsPeriodsAre() throws {
        func offer(_ phases: [OfferPhase], normalization: PeriodNormalization = .standard) throws -> RenderedOffer? {
            var plan = product("9.99")
            plan.discounts = [Discount(identifier: "o", type: .promotional, phases: phases[0], then: Array(phases.dropFirst()))]
            return try render(plan, "en-US", options: RenderOptions(normalization: normalization)).offers.first
        }
        let weekFree = OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))
        let sevenDays = OfferPhase(paymentMode: .payAsYouGo, price: decimal("0.99"), subscriptionPeriod: .days(7))
        let threeDays = OfferPhase(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(3))
        let year = OfferPhase(paymentMode: .payUpFront, price: decimal("49.99"), subscriptionPeriod: .months(12))
        #expect(try offer([weekFree, sevenDays])?.duration == "2 weeks")
        #expect(try offer([weekFree, sevenDays], normalization: .disabled)?.duration == "1 week and 7 days")
        #expect(try offer([threeDays, sevenDays])?.duration == "10 days")
        #expect(try offer([threeDays, weekFree, year])?.duration == "1 year, 1 week, and 3 days")
    }
}
