import Foundation
@testable import PaywallText
import Testing

/// What the buyer of a product agrees to (``Agreement``), worked out before any text: the
/// plan, what cancelling does, the charges in order, a commitment's term and total, each
/// offer's discount and length, and the days from an instant. Every figure here is worked out
/// by hand from the example documents (a month is 365/12 days, PRODUCT §9; prices per unit
/// are rounded toward zero), not read from the renderer's output.
@Suite("Agreement: the figures before the text")
struct AgreementTests {
    /// The checked product of an example document that `matches`.
    private static func product(
        _ file: String, _ format: InputFormat, sourceLocation: SourceLocation = #_sourceLocation,
        where matches: (ValidatedProduct, ProductSource) -> Bool
    ) throws -> ValidatedProduct {
        let document = try StoreDocuments.read(Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(file)")), format: format)
        let products = try document.items.map { item in (try item.result.get().model, item.source) }
        return try #require(products.first { matches($0.0, $0.1) }, sourceLocation: sourceLocation).0
    }

    /// `com.example.pro.yearly` paid in 12 monthly payments (StoreKit 2's `pricingTerms`).
    private static func appStoreCommitment() throws -> ValidatedProduct {
        try product("billingplans-storekit2.json", .storeKit2) { product, _ in
            product.productIdentifier == "com.example.pro.yearly" && product.billingPlan != nil
        }
    }

    /// A base plan of `coaching` in France (`monthly-12`, `pass-30`).
    private static func play(_ basePlan: String) throws -> ValidatedProduct {
        try product("billingplans-playconsole.json", .playConsole) { product, source in
            product.productIdentifier == "coaching:\(basePlan)" && source.territory == "FR"
        }
    }

    private static func example(_ identifier: String) throws -> ValidatedProduct {
        try product("products.json", .storeKit1) { product, _ in product.productIdentifier == identifier }
    }

    /// The agreement with its days from `asOf` (UTC), counted by the calendar of a render in en-US.
    private static func dated(_ product: ValidatedProduct, asOf: String, freePhaseEnds: Bool = false) throws -> Agreement {
        let options = RenderOptions(asOf: try AsOf(parsing: asOf))
        return try PaywallRenderer().withContext(try DisplayLocale("en-US"), snapshot: Catalogs.builtIn.snapshot) {
            context throws(PaywallTextError) in
            try Agreement(product, options: options, saving: nil, figures: Agreement.Figures(), context: context,
                          freePhaseEnds: freePhaseEnds)
        }
    }

    private static func amount(_ text: String) -> ExactAmount { ExactAmount(decimal: text)! }

    // MARK: - Plans

    /// Apple's monthly plan with a 12-month commitment: 12 payments of €4.99, €59.88 in all,
    /// then a new commitment of 12; cancelling stops the next commitment, not the payments.
    @Test func appStoreTwelveMonthCommitment() throws {
        let agreement = Agreement(try Self.appStoreCommitment(), options: RenderOptions(), saving: nil)
        let commitment = try #require(agreement.commitment)
        #expect(commitment.payments == 12)
        #expect(commitment.term == .months(12))
        #expect(commitment.total == Self.amount("59.88"))
        #expect(commitment.totalText == "59.88")
        #expect(commitment.renewal == .newCommitment(numberOfPayments: 12))
        #expect(commitment.renewalPayments == 12)
        #expect(agreement.plan.keyword == "commitment")
        #expect(agreement.cancellation == .stopsNextCommitment)
        // No offer on the monthly terms: the 12 payments are all a new buyer is charged.
        #expect(agreement.offers.isEmpty)
        #expect(agreement.charges == [Agreement.Charge(kind: .recurring, amount: Self.amount("4.99"), price: "4.99", count: 12,
                                                       period: .months(1))])
        // €4.99 a month: ×12/365 a day (0.164…), ×84/365 a week (1.148…), ×12 a year.
        let prices = try #require(agreement.unitPrices)
        #expect([prices.day, prices.week, prices.month, prices.year] == ["0.16", "1.14", "4.99", "59.88"])
        #expect(!prices.paidOnce)
    }

    /// Google Play's installment plan: 12 monthly payments of €4.99, then €4.99 a month without
    /// a commitment; its first-month-free offer is an offer of the plan, free throughout.
    @Test func playInstallmentPlan() throws {
        let agreement = Agreement(try Self.play("monthly-12"), options: RenderOptions(), saving: nil)
        let commitment = try #require(agreement.commitment)
        #expect(commitment.payments == 12)
        #expect(commitment.term == .months(12))
        #expect(commitment.total == Self.amount("59.88"))
        #expect(commitment.renewal == .regularPrice)
        // What follows is no new commitment: its count stays the commitment's own.
        #expect(commitment.renewalPayments == 12)
        #expect(agreement.cancellation == .stopsNextCommitment)
        #expect(agreement.cancellation.renews)
        #expect(agreement.regular == Agreement.Charge(kind: .recurring, amount: Self.amount("4.99"), price: "4.99", count: 12,
                                                      period: .months(1)))
        let offer = try #require(agreement.offers.first)
        #expect(offer.phases.map(\.charge) == [Agreement.Charge(kind: .free, amount: .zero, price: "0", count: 1, period: .months(1))])
        #expect(offer.allFree)
        #expect(offer.discount == nil)
        #expect(offer.length == [.months(1)])
        // A Play Console offer is one of the product's offers, not its introductory offer.
        #expect(agreement.introductoryOffer == nil)
        #expect(agreement.charges == [agreement.regular])
    }

    /// Google Play's prepaid plan: €12.99 once for a month; nothing renews, nothing to cancel.
    @Test func playPrepaidPlan() throws {
        let agreement = Agreement(try Self.play("pass-30"), options: RenderOptions(), saving: nil)
        #expect(agreement.plan.kind == .prepaid)
        #expect(agreement.plan.keyword == "prepaid")
        #expect(agreement.commitment == nil)
        #expect(agreement.cancellation == .nothingRenews)
        #expect(!agreement.cancellation.renews)
        #expect(agreement.charges == [Agreement.Charge(kind: .once, amount: Self.amount("12.99"), price: "12.99", count: 1,
                                                       period: .months(1))])
        // Its prices per unit are those of what one payment buys: 12.99 × 12/365 a day (0.427…).
        #expect(agreement.unitPrices?.day == "0.42")
        #expect(agreement.unitPrices?.month == "12.99")
    }

    /// A plain monthly plan renews until cancelled; a one-time purchase has nothing to cancel.
    @Test func renewingPlanAndOneTimePurchase() throws {
        let monthly = Agreement(try Self.example("com.example.pro.monthly"), options: RenderOptions(), saving: nil)
        #expect(monthly.plan.keyword == "renewing")
        #expect(monthly.cancellation == .stopsNextRenewal)
        #expect(monthly.regular.count == nil)

        let lifetime = try CheckedProduct(Product(productIdentifier: "lifetime", price: Decimal(string: "99.99")!, currencyCode: "USD")).model
        let oneTime = Agreement(lifetime, options: RenderOptions(), saving: nil)
        #expect(oneTime.plan.keyword == "oneTime")
        #expect(oneTime.cancellation == .notASubscription)
        #expect(oneTime.charges == [Agreement.Charge(kind: .once, amount: Self.amount("99.99"), price: "99.99", count: 1, period: nil)])
        #expect(oneTime.unitPrices == nil)
    }

    // MARK: - Offers

    /// The welcome-back offer: 1 week free, then $1.99 a month for 3 months, on a $9.99 plan.
    @Test func welcomeBackOffer() throws {
        let agreement = Agreement(try Self.example("com.example.pro.monthly"), options: RenderOptions(), saving: nil)
        #expect(agreement.offers.count == 2)
        let offer = agreement.offers[1]
        #expect(offer.phases.map(\.charge) == [
            Agreement.Charge(kind: .free, amount: .zero, price: "0", count: 1, period: .weeks(1)),
            Agreement.Charge(kind: .recurring, amount: Self.amount("1.99"), price: "1.99", count: 3, period: .months(1)),
        ])
        #expect(offer.phases.map(\.duration) == [.weeks(1), .months(3)])
        // Its length is the whole offer's, the largest unit first, not its first phase's.
        #expect(offer.length == [.months(3), .weeks(1)])
        #expect(!offer.allFree)
        // $1.99 against $9.99 a month: 8/9.99 = 80.08 % below.
        #expect(offer.phases.map(\.discount) == [nil, 80])
        // The whole offer charges 3 × $1.99 = $5.97 where the regular price charges
        // $9.99 × 84/365 (a week) + 3 × $9.99 = $32.269…: 81.499 % below, 81 rounded down.
        #expect(offer.whole?.charged == Self.amount("5.97"))
        #expect(offer.whole?.regular == Self.amount("9.99") * ExactAmount(84, 365) + Self.amount("29.97"))
        // An offer of one phase has its phase's discount, and no whole-offer figures.
        #expect(agreement.offers[0].whole == nil)
        #expect(offer.discount == 81)
        // $1.99 a month: ×12/365 a day (0.065…), ×84/365 a week (0.457…).
        let prices = try #require(offer.phases[1].unitPrices)
        #expect([prices.day, prices.week, prices.month, prices.year] == ["0.06", "0.45", "1.99", "23.88"])
        #expect(offer.phases[0].unitPrices == nil)
        // The product's charges are a new buyer's: its introductory week free, then $9.99 a month.
        #expect(agreement.introductoryOffer == 0)
        #expect(agreement.charges == [
            Agreement.Charge(kind: .free, amount: .zero, price: "0", count: 1, period: .weeks(1)),
            Agreement.Charge(kind: .recurring, amount: Self.amount("9.99"), price: "9.99", count: nil, period: .months(1)),
        ])
    }

    /// The annual plan's introductory offer: $29.99 once for 6 months, on $59.99 a year.
    @Test func sixMonthsPaidUpFront() throws {
        let agreement = Agreement(try Self.example("com.example.pro.annual"), options: RenderOptions(), saving: nil)
        // 12 months are shown as 1 year.
        #expect(agreement.regular == Agreement.Charge(kind: .recurring, amount: Self.amount("59.99"), price: "59.99", count: nil,
                                                      period: .years(1)))
        let offer = try #require(agreement.offers.first)
        let phase = try #require(offer.phases.first)
        #expect(phase.charge == Agreement.Charge(kind: .once, amount: Self.amount("29.99"), price: "29.99", count: 1, period: .months(6)))
        #expect(phase.paymentMode == .payUpFront)
        #expect(offer.length == [.months(6)])
        // Half a year at $59.99 is $29.995: $29.99 is 0.017 % below, no discount to claim.
        #expect(phase.discount == nil)
        #expect(offer.discount == nil)
        // One payment over 182.5 days: 0.164… a day, 1.150… a week, 4.998… a month, 59.98 a year.
        let prices = try #require(phase.unitPrices)
        #expect(prices.paidOnce)
        #expect(prices.period == .months(6))
        #expect([prices.day, prices.week, prices.month, prices.year] == ["0.16", "1.15", "4.99", "59.98"])
        #expect(agreement.charges.map(\.kind) == [.once, .recurring])
        #expect(agreement.charges.map(\.period) == [.months(6), .years(1)])
    }

    /// Periods are as shown: without the normalization, 12 months stay 12 months and 7 days 7
    /// days (the introductory trial is given as 7 days, the welcome-back week as 1 week).
    @Test func periodsAsShown() throws {
        var options = RenderOptions()
        options.normalization = .disabled
        let annual = Agreement(try Self.example("com.example.pro.annual"), options: options, saving: nil)
        #expect(annual.regular.period == .months(12))
        #expect(annual.offers[0].phases[0].unitPrices?.period == .months(6))
        let monthly = Agreement(try Self.example("com.example.pro.monthly"), options: options, saving: nil)
        #expect(monthly.offers[0].length == [.days(7)])
        #expect(monthly.offers[1].length == [.months(3), .weeks(1)])
        #expect(Agreement(try Self.example("com.example.pro.monthly"), options: RenderOptions(), saving: nil).offers[0].length
            == [.weeks(1)])
    }

    /// Prices per unit are worked out only when asked for; their rounding is the options'.
    @Test func unitPricesAsAsked() throws {
        let monthly = try Self.example("com.example.pro.monthly")
        let none = Agreement(monthly, options: RenderOptions(), saving: nil,
                             figures: Agreement.Figures(unitPrices: false, phaseUnitPrices: false))
        #expect(none.unitPrices == nil)
        #expect(none.offers[1].phases[1].unitPrices == nil)
        // The figures themselves are there all the same.
        #expect(none.offers[1].discount == 81)
        // $9.99 a month is $0.32846… a day: 0.32 toward zero, 0.33 to the nearest.
        #expect(Agreement(monthly, options: RenderOptions(), saving: nil).unitPrices?.day == "0.32")
        #expect(Agreement(monthly, options: RenderOptions(unitPriceRounding: .halfEven), saving: nil).unitPrices?.day == "0.33")
    }

    /// What the annual plan saves against the monthly one: $59.99/12 = $4.999… a month against
    /// $9.99 is 49.96 % below, and ($9.99 − $4.999…) × 12 = $59.89 a year.
    @Test func savingAgainstTheReference() throws {
        let monthly = try Self.example("com.example.pro.monthly"), annual = try Self.example("com.example.pro.annual")
        let savings = Savings.savings([Savings.Plan(monthly), Savings.Plan(annual)], reference: nil)
        let agreement = Agreement(annual, options: RenderOptions(), saving: savings[1])
        #expect(agreement.saving?.percent == 49)
        #expect(agreement.saving?.perYearText == "59.89")
        #expect(Agreement(monthly, options: RenderOptions(), saving: savings[0]).saving == nil)
    }

    // MARK: - Days

    /// Without an introductory offer, the first renewal is one billing period after the first
    /// charge: from January 31, the last day of February; the commitment ends 12 months on.
    @Test func commitmentDays() throws {
        let dates = try #require(try Self.dated(try Self.appStoreCommitment(), asOf: "2026-01-31T09:00:00Z").dates)
        #expect(dates.firstCharge?.date.iso == "2026-01-31")
        #expect(dates.firstRenewal?.date.iso == "2026-02-28")
        #expect(dates.commitmentEnd?.date.iso == "2027-01-31")
        #expect(dates.offers.isEmpty)

        // The installment plan's offer is not its introductory offer: it moves no day of the plan.
        let play = try #require(try Self.dated(try Self.play("monthly-12"), asOf: "2026-01-31", freePhaseEnds: true).dates)
        #expect(play.firstCharge?.date.iso == "2026-01-31")
        #expect(play.firstRenewal?.date.iso == "2026-02-28")
        #expect(play.commitmentEnd?.date.iso == "2027-01-31")
        #expect(play.offers.map(\.end.date.iso) == ["2026-02-28"])
        #expect(play.offers.map { $0.freePhaseEnd?.date.iso } == ["2026-02-28"])
    }

    /// A free introductory week: the first charge and the first renewal are when it ends; the
    /// welcome-back offer ends a week and 3 months on (February 7, then May 7).
    @Test func offerDays() throws {
        let monthly = try Self.example("com.example.pro.monthly")
        let dates = try #require(try Self.dated(monthly, asOf: "2026-01-31T09:00:00Z", freePhaseEnds: true).dates)
        #expect(dates.firstCharge?.date.iso == "2026-02-07")
        #expect(dates.firstRenewal?.date.iso == "2026-02-07")
        #expect(dates.commitmentEnd == nil)
        #expect(dates.offers.map(\.end.date.iso) == ["2026-02-07", "2026-05-07"])
        #expect(dates.offers.map { $0.freePhaseEnd?.date.iso } == ["2026-02-07", "2026-02-07"])
        // Without disclosures, only the introductory offer's free phase is counted (its first charge).
        let plain = try #require(try Self.dated(monthly, asOf: "2026-01-31T09:00:00Z").dates)
        #expect(plain.offers.map { $0.freePhaseEnd?.date.iso } == ["2026-02-07", nil])

        // Paid up front: the first charge is the start, the first renewal 6 months on.
        let annual = try #require(try Self.dated(try Self.example("com.example.pro.annual"), asOf: "2026-01-31").dates)
        #expect(annual.firstCharge?.date.iso == "2026-01-31")
        #expect(annual.firstRenewal?.date.iso == "2026-07-31")
    }

    /// A prepaid plan renews nothing: it has no renewal to count to; a one-time purchase no days.
    @Test func prepaidAndOneTimeDays() throws {
        let prepaid = try #require(try Self.dated(try Self.play("pass-30"), asOf: "2026-01-31").dates)
        #expect(prepaid.firstCharge == nil && prepaid.firstRenewal == nil && prepaid.commitmentEnd == nil)
        let lifetime = try CheckedProduct(Product(productIdentifier: "lifetime", price: Decimal(string: "99.99")!, currencyCode: "USD")).model
        #expect(try Self.dated(lifetime, asOf: "2026-01-31").dates == nil)
    }
}
