#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText
import PaywallTextGoldens
import PaywallTextSupport

/// One message rendered for the translators' review pages.
struct ReviewSample: Sendable, Equatable {
    /// What varies between the samples of a message: `month · 3 [few]`, `with the appStore hint`.
    package let label: String
    /// What was rendered, in the golden files' English: `29.97 USD/3 months`.
    package let input: String
    /// The unit and count the message's `{unit}` and `{count}` receive, when they vary.
    package let unit: PeriodUnit?
    package let count: Int?
    /// The plural category ICU chooses for ``count`` in the locale.
    package let category: String?
    /// The text as ``PaywallRenderer`` renders it.
    package let text: String
}

/// Renders every message of a catalog the way a paywall shows it: through
/// ``PaywallRenderer`` (the code that ships), from sample products like the golden files'
/// (``GoldenCases``), for every plural category integers reach in the locale and every unit.
///
/// Each message is reached through the result field that shows it: `recurringPrice` through
/// a plan's recurring price, the offer sentences through an offer of that payment mode, the
/// terms through plans and offers with and without a cancellation hint.
struct ReviewSamples: Sendable {
    /// A plural category and the count that shows it.
    struct Count: Sendable, Equatable {
        package let category: String
        /// The smallest count a product may have (1 to ``Limits/maximumUnits``) in this
        /// category; `nil` when no such count is (Arabic `zero` is only 0).
        package let count: Int?
        /// The smallest integer in the category, from ICU's rules.
        package let smallest: Int

        package init(category: String, count: Int?, smallest: Int) {
            self.category = category
            self.count = count
            self.smallest = smallest
        }
    }

    /// The locale the samples are rendered in (`ru-RU`).
    package let locale: String
    package let catalogs: Catalogs
    /// Every plural category integers reach in the locale, by the count that shows it.
    package let categories: [Count]

    /// The counts the samples use: one per category that a product can reach.
    package var counts: [(category: String, count: Int)] {
        categories.compactMap { entry in entry.count.map { (entry.category, $0) } }
    }

    /// - Throws: ``PaywallTextError`` when ICU has no data for the locale or the catalogs
    ///   cannot be loaded.
    package init(locale: String, catalogs: Catalogs = .builtIn) throws(PaywallTextError) {
        self.locale = locale
        self.catalogs = catalogs
        let renderer = PaywallRenderer(catalogs: catalogs)
        let limits = 1...Limits.maximumUnits
        var scanned: [String]?
        var categories: [Count] = []
        for (category, smallest) in try PluralCategories.integers(locale: locale) {
            if limits.contains(smallest), try renderer.pluralCategory(for: smallest, locale: locale) == category {
                categories.append(Count(category: category, count: smallest, smallest: smallest))
                continue
            }
            // The smallest is 0 (French `one`, Arabic `zero`) or beyond a product's limit
            // (French `many`, 1,000,000): look for the smallest count a product may have.
            if scanned == nil {
                var all: [String] = []
                for count in limits { all.append(try renderer.pluralCategory(for: count, locale: locale)) }
                scanned = all
            }
            let first = scanned?.firstIndex(of: category).map { limits.lowerBound + $0 }
            categories.append(Count(category: category, count: first, smallest: smallest))
        }
        // By the count that shows them (one, two, few, many, other in most languages), the
        // categories no product reaches last.
        self.categories = categories.sorted { first, second in
            (first.count ?? Int.max, first.smallest) < (second.count ?? Int.max, second.smallest)
        }
    }

    // MARK: - Prices

    /// Realistic App Store prices in USD for one unit of a plan: 0.99 a day, 2.99 a week,
    /// 9.99 a month, 59.99 a year (common price points). A plan of several units costs that
    /// many times as much (3 months: 29.97), so that prices per unit stay the same across
    /// counts and the billed prices look like a real paywall's.
    package static func unitPrice(_ unit: PeriodUnit) -> Decimal {
        switch unit {
        case .day: GoldenCases.decimal("0.99")
        case .week: GoldenCases.decimal("2.99")
        case .month: GoldenCases.decimal("9.99")
        case .year: GoldenCases.decimal("59.99")
        }
    }

    /// A plan of `count` units without an offer.
    package static func plan(_ unit: PeriodUnit, count: Int, offer: Discount? = nil) -> Product {
        Product(price: unitPrice(unit) * Decimal(count), currencyCode: "USD",
                subscriptionPeriod: SubscriptionPeriod(unit: unit, numberOfUnits: count), introductoryPrice: offer)
    }

    /// `29.97 USD/3 months`.
    static func describe(_ product: Product) -> String {
        guard let period = product.subscriptionPeriod else { return "\(product.price) \(product.currencyCode ?? "")" }
        return "\(product.price) \(product.currencyCode ?? "")/\(GoldenWriter.describe(period))"
    }

    // MARK: - Samples

    /// The samples of one message.
    ///
    /// - Throws: ``PaywallTextError`` for the first sample that cannot be rendered (a
    ///   catalog whose message ICU rejects).
    package func samples(for key: MessageKey) throws(PaywallTextError) -> [ReviewSample] {
        switch key {
        case .free:
            let text = try render(GoldenCases.monthlyWithWeekTrial).offers.first?.price ?? ""
            return [ReviewSample(label: "free trial price", input: "freeTrial 1 week, then 9.99 USD/1 month",
                                 unit: nil, count: nil, category: nil, text: text)]
        case .recurringPrice:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                return (Self.describe(plan), try render(plan, normalization: .disabled).recurringPrice ?? "")
            }
        case .billedPrice:
            // Per week for monthly plans, per month for the others, as the golden files show them.
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                let per: PeriodUnit = unit == .month ? .week : .month
                return ("\(Self.describe(plan)) per \(per.rawValue)", try render(plan, normalization: .disabled).pricePer?[per].billed ?? "")
            }
        case .billedOnce:
            // Per day, as a pay-up-front offer's phase shows it (per week for one day).
            return try offerSamples(.payUpFront) { offer in
                guard let phase = offer.phases.first else { return "" }
                return phase.pricePer?[.day].billed ?? phase.pricePer?[.week].billed ?? ""
            }
        case .freeTrialHeadline: return try offerSamples(.freeTrial) { $0.headline }
        case .freeTrialSummary: return try offerSamples(.freeTrial) { $0.summary }
        case .payAsYouGoHeadline: return try offerSamples(.payAsYouGo) { $0.headline }
        case .payAsYouGoSummary: return try offerSamples(.payAsYouGo) { $0.summary }
        case .payUpFrontHeadline: return try offerSamples(.payUpFront) { $0.headline }
        case .payUpFrontSummary: return try offerSamples(.payUpFront) { $0.summary }
        case .freeTrialPhase: return try offerSamples(.freeTrial) { $0.phases.first?.headline ?? "" }
        case .payAsYouGoPhase: return try offerSamples(.payAsYouGo) { $0.phases.first?.headline ?? "" }
        case .payUpFrontPhase: return try offerSamples(.payUpFront) { $0.phases.first?.headline ?? "" }
        case .phasesThen:
            return try severalPhases()
        case .savingsHeadline:
            return try savings { $0.headline }
        case .discountHeadline:
            return try discounts()
        case .termsRenewal:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                return (Self.describe(plan), try render(plan, normalization: .disabled).terms ?? "")
            }
        case .termsAfterFreeTrial:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count, offer: GoldenCases.offer(.freeTrial, unit: .week, count: 1))
                return ("freeTrial 1 week, then \(Self.describe(plan))", try render(plan, normalization: .disabled).offers.first?.terms ?? "")
            }
        case .termsAfterOffer:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count, offer: GoldenCases.offer(.payAsYouGo, unit: .month, count: 3))
                return ("payAsYouGo 1.99 USD/1 month × 3, then \(Self.describe(plan))",
                        try render(plan, normalization: .disabled).offers.first?.terms ?? "")
            }
        case .termsHintAppStore:
            return try hinted([.appStore])
        case .termsHintGooglePlay:
            return try hinted([.googlePlay])
        case .termsWithHint:
            return try hinted(Store.allCases)
        case .period:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                return (Self.describe(plan), try render(plan, normalization: .disabled).period ?? "")
            }
        case .planName:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                return (Self.describe(plan), try render(plan, normalization: .disabled).planName ?? "")
            }
        case .recurringPriceShort:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                return (Self.describe(plan), try render(plan, normalization: .disabled).recurringPriceShort ?? "")
            }
        case .savingsAmountHeadline:
            return try savings { $0.amountHeadline ?? "" }
        case .datedFreeTrialHeadline: return try offerSamples(.freeTrial, dated: true) { $0.datedHeadline ?? "" }
        case .datedFreeTrialSummary: return try offerSamples(.freeTrial, dated: true) { $0.datedSummary ?? "" }
        case .datedPayAsYouGoHeadline: return try offerSamples(.payAsYouGo, dated: true) { $0.datedHeadline ?? "" }
        case .datedPayAsYouGoSummary: return try offerSamples(.payAsYouGo, dated: true) { $0.datedSummary ?? "" }
        case .datedPayUpFrontHeadline: return try offerSamples(.payUpFront, dated: true) { $0.datedHeadline ?? "" }
        case .datedPayUpFrontSummary: return try offerSamples(.payUpFront, dated: true) { $0.datedSummary ?? "" }
        case .datedPhasesHeadline: return try datedSeveralPhases { $0.datedHeadline ?? "" }
        case .datedPhasesSummary: return try datedSeveralPhases { $0.datedSummary ?? "" }
        case .datedCommitmentEnds:
            let renderer = PaywallRenderer(catalogs: catalogs, options: try GoldenCases.datedOptions(.disabled))
            var samples: [ReviewSample] = []
            for payments in [2, 3, 5, 12, 21, 24] {
                let product = GoldenCases.commitment(GoldenCases.decimal("4.99"), .months(1), payments: payments, renewal: .newCommitment)
                let plan = try renderer.render(product, locale: locale).billingPlan
                samples.append(ReviewSample(label: "commitment × \(payments)", input: "4.99 EUR/1 month × \(payments), from \(GoldenCases.datesStartText)",
                                            unit: nil, count: payments, category: nil, text: plan?.endsOnText ?? ""))
            }
            return samples
        case .dateDay:
            // Free trials of 1, 2, 11, 21 and 31 days from November 30, 2026: the 1st to the 31st of December.
            let renderer = PaywallRenderer(catalogs: catalogs, options: try GoldenCases.datedOptions(from: "2026-11-30T12:00:00Z", in: "UTC"))
            var samples: [ReviewSample] = []
            for days in [1, 2, 11, 21, 31] {
                let product = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(.freeTrial, unit: .day, count: days))
                let offer = try renderer.render(product, locale: locale).offers.first
                samples.append(ReviewSample(label: "December \(days)", input: "free trial of \(days) days from 2026-11-30",
                                            unit: nil, count: nil, category: nil, text: offer?.dates?.endsOn.text ?? ""))
            }
            return samples
        case .commitmentHeadline: return try commitments(.regularPrice) { $0.billingPlan?.headline }
        case .commitmentSummary: return try commitments(.regularPrice) { $0.billingPlan?.summary }
        case .commitmentTermsRegularPrice: return try commitments(.regularPrice) { $0.terms }
        case .commitmentTermsNewCommitment: return try commitments(.newCommitment) { $0.terms }
        case .commitmentTermsEnds: return try commitments(.ends) { $0.terms }
        case .commitmentPlanName: return try commitments(.regularPrice) { $0.planName }
        case .prepaidHeadline: return try prepaid { $0.billingPlan?.headline }
        case .prepaidSummary: return try prepaid { $0.billingPlan?.summary }
        case .prepaidTerms: return try prepaid { $0.terms }
        case .prepaidPlanName: return try prepaid { $0.planName }
        case .spokenRecurringPrice:
            return try spoken("recurringPrice")
        case .spokenRecurringPriceShort:
            return try spoken("recurringPriceShort")
        case .spokenTermsRenewal:
            return try spokenInCurrencies { (plan) throws(PaywallTextError) in try render(plan, include: .spoken).spoken["terms"] }
        case .spokenTermsAfterFreeTrial:
            return try spokenInCurrencies(offer: { _ in GoldenCases.offer(.freeTrial, unit: .week, count: 1) }) { (plan) throws(PaywallTextError) in
                try render(plan, include: .spoken).offers.first?.spoken["terms"]
            }
        case .spokenTermsAfterOffer:
            // Three months at the plan's own price, which has the currency's digits.
            return try spokenInCurrencies(offer: { price in
                Discount(paymentMode: .payAsYouGo, price: GoldenCases.decimal(price), subscriptionPeriod: .months(1), numberOfPeriods: 3)
            }) { (plan) throws(PaywallTextError) in
                try render(plan, include: .spoken).offers.first?.spoken["terms"]
            }
        case .spokenCommitmentSummary: return try commitments(.regularPrice, include: .spoken) { $0.spoken["billingPlan.summary"] }
        case .spokenCommitmentTermsRegularPrice: return try commitments(.regularPrice, include: .spoken) { $0.spoken["terms"] }
        case .spokenCommitmentTermsNewCommitment: return try commitments(.newCommitment, include: .spoken) { $0.spoken["terms"] }
        case .spokenCommitmentTermsEnds: return try commitments(.ends, include: .spoken) { $0.spoken["terms"] }
        case .spokenPrepaidHeadline: return try prepaid(include: .spoken) { $0.spoken["billingPlan.headline"] }
        case .spokenAmountNominative:
            return try spokenInCurrencies { (plan) throws(PaywallTextError) in try render(plan, include: .spoken).spoken["price"] }
        case .spokenAmountDative, .spokenAmountOblique:
            // Where the forms are placed: the terms, and a prepaid plan's headline.
            return try spokenInCurrencies { (plan) throws(PaywallTextError) in try render(plan, include: .spoken).spoken["terms"] }
                + spokenInCurrencies(prepaid: true) { (plan) throws(PaywallTextError) in try render(plan, include: .spoken).spoken["billingPlan.headline"] }
        case .disclosureLength:
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let plan = Self.plan(unit, count: count)
                return (Self.describe(plan), try disclosure(.length, of: plan, store: .appStore))
            }
        case .disclosureCancelWindowAppStore:
            return [try storeDisclosure(.cancelWindow, store: .appStore)]
        case .disclosureCancelWindowGooglePlay:
            return [try storeDisclosure(.cancelWindow, store: .googlePlay)]
        case .disclosureCancelWindowCommitment:
            // A monthly plan of 12 payments with each renewal (what follows the commitment).
            return try CommitmentRenewal.Name.allCases.map { renewal throws(PaywallTextError) in
                let plan = GoldenCases.commitment(Self.unitPrice(.month), .months(1), payments: 12, renewal: renewal)
                return ReviewSample(label: "\(renewal.rawValue), month · 12 payments", input: GoldenCases.describe(plan), unit: nil,
                                    count: nil, category: nil, text: try disclosure(.cancelWindow, of: plan, store: .appStore))
            }
        case .disclosureTrialForfeit:
            return [try storeDisclosure(.trialForfeit, store: .appStore)]
        case .disclosureOrderButtonSubscription:
            return [try storeDisclosure(.orderButton, store: .appStore)]
        case .disclosureOrderButtonOneTime:
            let product = Product(price: GoldenCases.decimal("99.99"), currencyCode: "USD")
            return [ReviewSample(label: "one-time purchase", input: "99.99 USD, once", unit: nil, count: nil, category: nil,
                                 text: try disclosure(.orderButton, of: product, store: .appStore))]
        case .disclosureTrialConversionDated:
            var options = try GoldenCases.datedOptions(.disabled)
            options.include = .disclosures
            let renderer = PaywallRenderer(catalogs: catalogs, options: options)
            return try byUnitAndCount { unit, count throws(PaywallTextError) in
                let product = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(.freeTrial, unit: unit, count: count))
                let offer = try renderer.render(product, locale: locale).offers.first
                return ("freeTrial \(GoldenWriter.describe(SubscriptionPeriod(unit: unit, numberOfUnits: count))), from \(GoldenCases.datesStartText)",
                        offer?.disclosures?.first { $0.role == .trialConversion }?.text ?? "")
            }
        case .disclosureTrialConversion:
            var samples = try byUnitAndCount { unit, count throws(PaywallTextError) in
                let product = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(.freeTrial, unit: unit, count: count))
                return ("freeTrial \(GoldenWriter.describe(SubscriptionPeriod(unit: unit, numberOfUnits: count))), then 9.99 USD/1 month",
                        try disclosure(.trialConversion, of: product, store: .appStore))
            }
            // A trial followed by further phases: what it turns into is every one of them.
            for example in GoldenCases.severalPhases {
                let disclosures = try renderer(.standard, store: .appStore, include: .disclosures)
                    .render(GoldenCases.product(phased: example), locale: locale).offers.first?.disclosures ?? []
                samples.append(ReviewSample(label: "\(example.phases.count) phases", input: example.title, unit: nil, count: nil, category: nil,
                                            text: disclosures.first { $0.role == .trialConversion }?.text ?? ""))
            }
            return samples
        }
    }

    /// A plan's field as it is said (its text where it is said as written), per unit and count.
    private func spoken(_ field: String) throws(PaywallTextError) -> [ReviewSample] {
        try byUnitAndCount { unit, count throws(PaywallTextError) in
            let plan = Self.plan(unit, count: count)
            let text = try render(plan, normalization: .disabled, include: .spoken)
            return (Self.describe(plan), text.spoken[field] ?? (field == "recurringPrice" ? text.recurringPrice : text.recurringPriceShort) ?? "")
        }
    }

    /// A monthly plan's field as it is said, in currencies of each kind of name (a noun, an
    /// adjective and a noun, a feminine name, a currency neither store uses) and at amounts of
    /// each kind (one unit, a fraction, a whole number): the amounts' forms in the catalog.
    private func spokenInCurrencies(
        offer: ((String) -> Discount)? = nil, prepaid: Bool = false, _ field: (Product) throws(PaywallTextError) -> String?
    ) throws(PaywallTextError) -> [ReviewSample] {
        var samples: [ReviewSample] = []
        for (price, currency) in [("1", "USD"), ("9.99", "USD"), ("24.99", "EUR"), ("1", "JPY"), ("1200", "JPY"), ("29.9", "BRL"),
                                  ("4.99", "GBP"), ("249", "CZK"), ("799", "INR"), ("5000", "XOF")] {
            var plan = GoldenCases.product(price, currency, .months(1), offer: offer?(price))
            if prepaid { plan.billingPlan = .prepaid }
            let label = "\(price) \(currency)" + (prepaid ? ", prepaid" : "")
            samples.append(ReviewSample(label: label, input: GoldenCases.describe(plan), unit: nil, count: nil, category: nil,
                                        text: try field(plan) ?? ""))
        }
        return samples
    }

    /// The text of a product's disclosure of `role`, for `store`; empty when it has none.
    private func disclosure(_ role: Disclosure.Role, of product: Product, store: Store) throws(PaywallTextError) -> String {
        let text = try renderer(.disabled, store: store, include: .disclosures).render(product, locale: locale)
        return text.disclosures?.first { $0.role == role }?.text ?? ""
    }

    /// A disclosure that depends on the store alone, as a plan with a free trial has it.
    private func storeDisclosure(_ role: Disclosure.Role, store: Store) throws(PaywallTextError) -> ReviewSample {
        ReviewSample(label: "\(store.rawValue), freeTrial 1 week, then 9.99 USD/1 month", input: "freeTrial 1 week, then 9.99 USD/1 month",
                     unit: nil, count: nil, category: nil, text: try disclosure(role, of: GoldenCases.monthlyWithWeekTrial, store: store))
    }

    /// A renderer of the samples' catalogs; `store` adds the hint to the terms. Disclosures are
    /// for a German storefront, whose law asks for every role (the order button's label too).
    private func renderer(_ normalization: PeriodNormalization, store: Store? = nil,
                          include: RenderOptions.Include = []) -> PaywallRenderer {
        var options = RenderOptions(normalization: normalization, store: store, include: include)
        options.storefront = "DEU"
        return PaywallRenderer(catalogs: catalogs, options: options)
    }

    func render(_ product: Product, normalization: PeriodNormalization = .standard,
                hint: Store? = nil, include: RenderOptions.Include = []) throws(PaywallTextError) -> RenderedProduct {
        try renderer(normalization, store: hint, include: include).render(product, locale: locale)
    }

    /// One sample per unit and reachable plural category, labelled `month · 3 [few]`.
    func byUnitAndCount(
        _ render: (PeriodUnit, Int) throws(PaywallTextError) -> (input: String, text: String)
    ) throws(PaywallTextError) -> [ReviewSample] {
        var samples: [ReviewSample] = []
        for unit in PeriodUnit.allCases {
            for (category, count) in counts {
                let (input, text) = try render(unit, count)
                samples.append(ReviewSample(label: "\(unit.rawValue) · \(count) [\(category)]", input: input,
                                            unit: unit, count: count, category: category, text: text))
            }
        }
        return samples
    }

    /// An offer of `count` units in a payment mode (``GoldenCases/offer(_:unit:count:)``)
    /// on 9.99 USD/1 month, without normalization (7 days stay days), as the golden files'
    /// "Offer sentences by count"; `dated`, from the golden files' instant and time zone.
    private func offerSamples(
        _ mode: PaymentMode, dated: Bool = false, _ field: (RenderedOffer) -> String
    ) throws(PaywallTextError) -> [ReviewSample] {
        let options = dated ? try GoldenCases.datedOptions(.disabled) : RenderOptions(normalization: .disabled)
        return try byUnitAndCount { unit, count throws(PaywallTextError) in
            let offer = GoldenCases.offer(mode, unit: unit, count: count)
            let product = GoldenCases.product("9.99", "USD", .months(1), offer: offer)
            let rendered = try PaywallRenderer(catalogs: catalogs, options: options).render(product, locale: locale).offers.first
            let price = mode == .freeTrial ? "" : " \(offer.price) USD"
            let input = "\(mode.rawValue)\(price) · \(GoldenWriter.describe(offer.subscriptionPeriod)) × \(offer.numberOfPeriods)"
                + ", then 9.99 USD/1 month" + (dated ? ", from \(GoldenCases.datesStartText) in \(GoldenCases.datesZoneName)" : "")
            return (input, rendered.map(field) ?? "")
        }
    }

    /// A dated sentence of each offer of several phases, from the golden files' instant and
    /// time zone.
    private func datedSeveralPhases(_ field: (RenderedOffer) -> String) throws(PaywallTextError) -> [ReviewSample] {
        let renderer = PaywallRenderer(catalogs: catalogs, options: try GoldenCases.datedOptions())
        var samples: [ReviewSample] = []
        for (index, example) in GoldenCases.severalPhases.enumerated() {
            guard let offer = try renderer.render(GoldenCases.product(phased: example), locale: locale).offers.first else { continue }
            samples.append(ReviewSample(label: "\(example.phases.count) phases (\(index + 1))",
                                        input: "\(example.title), from \(GoldenCases.datesStartText) in \(GoldenCases.datesZoneName)",
                                        unit: nil, count: nil, category: nil, text: field(offer)))
        }
        return samples
    }

    /// The headline and summary of each offer of several phases (``GoldenCases/severalPhases``).
    private func severalPhases() throws(PaywallTextError) -> [ReviewSample] {
        var samples: [ReviewSample] = []
        for (index, example) in GoldenCases.severalPhases.enumerated() {
            guard let offer = try render(GoldenCases.product(phased: example)).offers.first else { continue }
            let name = "\(example.phases.count) phases (\(index + 1))"
            samples.append(ReviewSample(label: "\(name) headline", input: example.title, unit: nil, count: nil, category: nil, text: offer.headline))
            samples.append(ReviewSample(label: "\(name) summary", input: example.title, unit: nil, count: nil, category: nil, text: offer.summary))
        }
        return samples
    }

    /// The badge of every plan with savings on the golden files' paywalls (``GoldenCases/savings``).
    private func savings(_ text: (PercentText) -> String) throws(PaywallTextError) -> [ReviewSample] {
        var samples: [ReviewSample] = []
        for plans in GoldenCases.savings {
            let (products, names) = GoldenCases.paywall(plans)
            for (name, result) in zip(names, renderer(.standard).render(products, locale: locale)) {
                guard let savings = try result.get().savings else { continue }
                samples.append(ReviewSample(label: "\(name) saves \(savings.percent)%", input: "plans: " + names.joined(separator: ", "),
                                            unit: nil, count: nil, category: nil, text: text(savings)))
            }
        }
        return samples
    }

    /// The badge of every offer with a discount (``GoldenCases/discounts``).
    private func discounts() throws(PaywallTextError) -> [ReviewSample] {
        var samples: [ReviewSample] = []
        for offer in GoldenCases.discounts {
            guard let discount = try render(offer.product).offers.first?.discount else { continue }
            let input = "\(offer.offerDescription), regular \(offer.regularDescription)"
            samples.append(ReviewSample(label: "\(discount.percent)% off", input: input, unit: nil, count: nil, category: nil,
                                        text: discount.headline))
        }
        return samples
    }

    /// The terms of a plan and of a free trial with each store's hint (``RenderOptions/store``).
    private func hinted(_ hints: [Store]) throws(PaywallTextError) -> [ReviewSample] {
        let trial = GoldenCases.monthlyWithWeekTrial
        var samples: [ReviewSample] = []
        for hint in hints {
            let text = try render(trial, hint: hint)
            samples.append(ReviewSample(label: "terms with the \(hint.rawValue) hint", input: "9.99 USD/1 month",
                                        unit: nil, count: nil, category: nil, text: text.terms ?? ""))
            samples.append(ReviewSample(label: "after a free trial, with the \(hint.rawValue) hint",
                                        input: "freeTrial 1 week, then 9.99 USD/1 month",
                                        unit: nil, count: nil, category: nil, text: text.offers.first?.terms ?? ""))
        }
        return samples
    }
}
