import PaywallText
import PaywallTextGoldens

/// The golden files' billing plans (PRODUCT §15): commitments of 3, 6, 12 and 24 monthly
/// payments with each renewal, prepaid plans of several periods, both by count so that every
/// plural category reaches every sentence, and the savings of a paywall with commitments.
extension GoldenFile {
    static func writeBillingPlans(_ file: inout GoldenWriter) throws(PaywallTextError) {
        file.section("Billing plans: commitments of 4.99 EUR a month")
        for payments in GoldenCases.monthlyCommitments {
            let product = GoldenCases.commitment(GoldenCases.decimal("4.99"), .months(1), payments: payments, renewal: .regularPrice)
            let text = try file.render(product)
            guard let plan = text.billingPlan else { continue }
            file.blank()
            file.line("4.99 EUR/1 month · commitment × \(payments)")
            file.entry("  plan name", text.planName ?? "")
            file.entry("  recurring price", text.recurringPrice ?? "")
            file.entry("  headline", plan.headline)
            file.entry("  summary", plan.summary)
            file.entry("  duration", plan.duration, category: try file.category(payments))
            file.entry("  total (\(plan.totalAmount))", plan.total)
            file.entry("  per month", text.pricePer?.month.recurringPrice ?? "")
            for renewal in CommitmentRenewal.Name.allCases {
                let renewed = GoldenCases.commitment(GoldenCases.decimal("4.99"), .months(1), payments: payments, renewal: renewal)
                file.entry("  terms, then \(renewal.rawValue)", try file.render(renewed).terms ?? "")
            }
        }

        // Every count a commitment may have (2 and up) in every unit, and a billing period of
        // several units, without normalization (the counts stay as given).
        file.section("Commitment sentences by count (one payment each period)")
        var cases: [(period: SubscriptionPeriod, payments: Int)] = []
        for unit in PeriodUnit.allCases {
            for count in productCounts where count >= 2 { cases.append((SubscriptionPeriod(unit: unit, numberOfUnits: 1), count)) }
        }
        cases += [(.months(2), 6), (.weeks(2), 21)]
        for (period, payments) in cases {
            let product = GoldenCases.commitment(GoldenCases.decimal("4.99"), period, payments: payments, renewal: .newCommitment)
            let text = try file.render(product, normalization: .disabled)
            let label = "commitment × \(payments) · every \(GoldenWriter.describe(period)) [\(try file.category(payments))]"
            file.entry("\(label) headline", text.billingPlan?.headline ?? "")
            file.entry("\(label) summary", text.billingPlan?.summary ?? "")
            file.entry("\(label) terms", text.terms ?? "")
            file.entry("\(label) plan name", text.planName ?? "")
        }

        file.section("Commitment ends, from \(GoldenCases.datesStartText) in \(GoldenCases.datesZoneName)")
        let dated = try GoldenCases.datedOptions(.disabled)
        for (period, payments) in [(SubscriptionPeriod.months(1), 12), (.months(1), 24), (.weeks(1), 2), (.months(2), 6), (.years(1), 3)] {
            let product = GoldenCases.commitment(GoldenCases.decimal("4.99"), period, payments: payments, renewal: .newCommitment)
            guard let plan = try file.renderer(.disabled, dated).render(product, locale: file.locale).billingPlan else { continue }
            file.entry("commitment × \(payments) · every \(GoldenWriter.describe(period)) (ends \(plan.endsOn?.iso ?? "?")) [\(try file.category(payments))]",
                       plan.endsOnText ?? "")
        }

        file.section("Billing plans: prepaid")
        for (price, period) in GoldenCases.prepaidPlans {
            let text = try file.render(GoldenCases.prepaid(price, "USD", period))
            guard let plan = text.billingPlan else { continue }
            file.blank()
            file.line("\(price) USD/\(GoldenWriter.describe(period)) · prepaid")
            file.entry("  plan name", text.planName ?? "")
            file.entry("  headline", plan.headline)
            file.entry("  summary", plan.summary)
            file.entry("  terms", text.terms ?? "")
            file.entry("  per day", text.pricePer?.day.recurringPrice ?? "")
        }

        file.section("Prepaid sentences by count")
        for unit in PeriodUnit.allCases {
            for count in productCounts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let text = try file.render(GoldenCases.prepaid("9.99", "USD", period), normalization: .disabled)
                let label = "prepaid · \(GoldenWriter.describe(period)) [\(try file.category(count))]"
                file.entry("\(label) headline", text.billingPlan?.headline ?? "")
                file.entry("\(label) summary", text.billingPlan?.summary ?? "")
                file.entry("\(label) terms", text.terms ?? "")
                file.entry("\(label) plan name", text.planName ?? "")
            }
        }

        file.section("Savings between plans with commitments")
        let products = GoldenCases.commitmentPaywall
        try writeSavings(products, names: products.map(GoldenCases.describe), amounts: false, to: &file)
    }
}
