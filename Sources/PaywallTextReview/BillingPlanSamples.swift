import PaywallText
import PaywallTextSupport

/// The samples of the billing plans' messages: commitments by unit and number of payments,
/// prepaid plans by unit and count, as the golden files' "Billing plans" section renders them.
extension ReviewSamples {
    /// The smallest number of payments in each plural category that a commitment can have
    /// (2 to ``Limits/maximumPeriods``): English `one` has none (only 1), Russian `one` has 21.
    var paymentCounts: [(category: String, count: Int)] {
        get throws(PaywallTextError) {
            var found: [(category: String, count: Int)] = []
            let renderer = PaywallRenderer(catalogs: catalogs)
            for (category, smallest) in counts {
                if smallest >= 2 {
                    found.append((category, smallest))
                    continue
                }
                for count in 2...Limits.maximumPeriods where try renderer.pluralCategory(for: count, locale: locale) == category {
                    found.append((category, count))
                    break
                }
            }
            return found
        }
    }

    /// A commitment of every plural category of payments, one payment every unit, and one of
    /// 6 payments every 2 months (the messages' branch for a billing period of several units).
    func commitments(
        _ renewal: CommitmentRenewal.Name, include: RenderOptions.Include = [], _ field: (RenderedProduct) -> String?
    ) throws(PaywallTextError) -> [ReviewSample] {
        var cases: [(label: String, unit: PeriodUnit, count: Int?, category: String?, product: Product)] = []
        for unit in PeriodUnit.allCases {
            for (category, payments) in try paymentCounts {
                cases.append(("\(unit.rawValue) · \(payments) payments [\(category)]", unit, payments, category,
                              GoldenCases.commitment(Self.unitPrice(unit), .init(unit: unit, numberOfUnits: 1), payments: payments,
                                                     renewal: renewal)))
            }
        }
        cases.append(("month × 2 · 6 payments", .month, nil, nil,
                      GoldenCases.commitment(Self.unitPrice(.month) * 2, .months(2), payments: 6, renewal: renewal)))
        var samples: [ReviewSample] = []
        for entry in cases {
            let text = try render(entry.product, normalization: .disabled, include: include)
            samples.append(ReviewSample(label: entry.label, input: GoldenCases.describe(entry.product), unit: entry.unit,
                                        count: entry.count, category: entry.category, text: field(text) ?? ""))
        }
        return samples
    }

    /// A prepaid plan of every unit and reachable plural category.
    func prepaid(include: RenderOptions.Include = [], _ field: (RenderedProduct) -> String?) throws(PaywallTextError) -> [ReviewSample] {
        try byUnitAndCount { unit, count throws(PaywallTextError) in
            var plan = Self.plan(unit, count: count)
            plan.billingPlan = .prepaid
            return (GoldenCases.describe(plan), field(try render(plan, normalization: .disabled, include: include)) ?? "")
        }
    }
}
