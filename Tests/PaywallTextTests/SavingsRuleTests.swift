@testable import PaywallText
@testable import PaywallTextSupport
import Testing

/// Savings compare plans of different billing periods, or of one period with a different
/// commitment (PRODUCT §10); the default reference is the dearest per month among the plans a
/// plan may be compared with.
@Suite("Savings between plans of different kinds")
struct SavingsRuleTests {
    private func savings(_ products: [Product], reference: String? = nil) throws -> [Int?] {
        try PaywallRenderer(options: RenderOptions(savingsReference: reference)).render(products, locale: "en-US")
            .map { try $0.get().savings?.percent }
    }

    private func plan(_ id: String, _ price: String, _ period: SubscriptionPeriod, payments: Int? = nil) -> Product {
        Product(productIdentifier: id, price: decimal(price), currencyCode: "USD", subscriptionPeriod: period,
                billingPlan: payments.map { .commitment(Commitment(numberOfPayments: $0, renewal: .regularPrice)) })
    }

    /// Five monthly tiers of different content, a weekly and a yearly plan (``GoldenCases/tiers``).
    ///
    /// Before, every plan was compared with the dearest per month, the 39.99 tier: the 9.99 tier
    /// showed "Save 75%" ((39.99 − 9.99) / 39.99 = 75.02 %), the 19.99 tier 50 %, the 24.99 tier
    /// 37 %, the 29.99 tier 25 %. Now the tiers are compared with the plans of other periods
    /// only, the dearest of which per month is the weekly plan, 4.99 × 365 / 84 = 21.68 a month:
    /// 9.99 saves 53 % (53.9), 19.99 saves 7 % (7.8), the dearer tiers nothing. The weekly and
    /// the yearly plan are compared with the dearest tier, 39.99: 21.68 saves 45 % (45.8), and
    /// 99.99 / 12 = 8.33 saves 79 % (79.2). Worked out by hand.
    @Test func monthlyTiersAreNeverComparedWithEachOther() throws {
        let (products, _) = GoldenCases.paywall(GoldenCases.tiers)
        #expect(try savings(products) == [53, 7, nil, nil, nil, 45, 79])
        // The tiers alone: nothing to compare.
        #expect(try savings(Array(products.prefix(5))) == [nil, nil, nil, nil, nil])
    }

    /// A plan of the same billing period with a commitment is compared with the plain one:
    /// 4.99 a month for 12 months saves 50 % of 9.99 a month (50.05 %), 3.99 for 24 months 60 %.
    @Test func commitmentsCompareWithThePlainPlanAndWithEachOther() throws {
        let products = [plan("monthly", "9.99", .months(1)), plan("twelve", "4.99", .months(1), payments: 12),
                        plan("twentyFour", "3.99", .months(1), payments: 24)]
        #expect(try savings(products) == [nil, 50, 60])
        // Two commitments of different lengths: 3.99 saves 20 % of 4.99 (20.04 %).
        #expect(try savings(Array(products.dropFirst())) == [nil, 20])
        // Two commitments of one length are tiers too.
        #expect(try savings([plan("a", "4.99", .months(1), payments: 12), plan("b", "2.99", .months(1), payments: 12)]) == [nil, nil])
    }

    /// Lengths compare as the stores compare them: 7 days are 1 week, 12 months are 1 year.
    @Test func equalLengthsAreOneKind() throws {
        #expect(try savings([plan("week", "4.99", .weeks(1)), plan("days", "2.99", .days(7))]) == [nil, nil])
        #expect(try savings([plan("year", "59.99", .years(1)), plan("months", "49.99", .months(12))]) == [nil, nil])
    }

    /// What §10 states still holds: annual 53.99 against monthly 6.99 saves 35 %.
    @Test func plansOfDifferentPeriodsAreComparedAsBefore() throws {
        #expect(try savings([plan("monthly", "6.99", .months(1)), plan("annual", "53.99", .years(1))]) == [nil, 35])
    }

    /// A named reference is not compared with plans of its own kind.
    @Test func aNamedReferenceComparesOtherKindsOnly() throws {
        let products = [plan("basic", "9.99", .months(1)), plan("premium", "39.99", .months(1)), plan("annual", "99.99", .years(1))]
        #expect(try savings(products, reference: "premium") == [nil, nil, 79])
        #expect(try savings(products, reference: "annual") == [nil, nil, nil])
    }
}
