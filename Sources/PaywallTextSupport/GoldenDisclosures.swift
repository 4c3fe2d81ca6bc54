import PaywallText
import PaywallTextGoldens

/// The golden files' disclosures (PRODUCT §16): what each store's purchase screen must say,
/// for the golden cases, in the same order in every file.
///
/// The texts that depend on the store alone are written once per store; each case then
/// shows the texts that depend on the product, with the roles each store lists. A text that
/// a case renders otherwise than the store's block (which no store rule does) is written
/// under that case, so that the file pins every text of every case and store.
extension GoldenFile {
    /// Written only for a catalog that has the `disclosure.*` messages: until a catalog is
    /// translated (`paywall-text lint` names what it lacks), its golden file stays as it was.
    static func writeDisclosures(_ file: inout GoldenWriter) throws(PaywallTextError) {
        guard try file.catalogs.hasEveryMessage(startingWith: "disclosure.", for: file.locale) else { return }
        file.section("Disclosures")
        var fixed: [Store: [Disclosure.Role: String]] = [:]
        for store in Store.allCases {
            let trial = try disclosures(GoldenCases.monthlyWithWeekTrial, store: store, in: file)
            file.blank()
            file.line("\(store.rawValue): the texts of every subscription (a plan with a free trial)")
            for role in storeRoles {
                guard let text = trial.first(where: { $0.role == role })?.text else { continue }
                fixed[store, default: [:]][role] = text
                file.entry("  \(role.rawValue)", text)
            }
        }

        let cases: [(String, Product)] = [("9.99 USD/1 month, no offer", GoldenCases.product("9.99", "USD", .months(1)))]
            + GoldenCases.offers.map { offer in
                let price = offer.mode == .freeTrial ? "" : " · \(offer.price) \(offer.currency)"
                return ("\(offer.mode.rawValue)\(price) · \(GoldenWriter.describe(offer.period)) × \(offer.periods) · then \(offer.regularDescription)",
                        offer.product)
            }
            + [("99.99 USD, one-time purchase", GoldenCases.oneTime), ("titled: \(GoldenCases.titled.describedNames)", GoldenCases.titled.product)]
            // Each plan type: a commitment of 12 monthly payments with each renewal (an App Store
            // plan with a 12-month commitment, a Google Play installment plan), and a prepaid plan.
            + CommitmentRenewal.Name.allCases.map { renewal in
                ("4.99 EUR/1 month · commitment × 12, then \(renewal.rawValue)",
                 GoldenCases.commitment(GoldenCases.decimal("4.99"), .months(1), payments: 12, renewal: renewal))
            }
            + [("12.99 EUR/1 month · prepaid", GoldenCases.prepaid("12.99", "EUR", .months(1)))]
        for (title, product) in cases {
            file.blank()
            file.line(title)
            try writeCase(product, fixed: fixed, to: &file) { $0.disclosures ?? [] }
        }
        // The same plan in a storefront whose law asks for no order button's label.
        for storefront in ["DEU", "USA"] {
            file.blank()
            file.line("storefront \(storefront): \(cases[1].0)")
            for store in Store.allCases {
                let roles = try render(cases[1].1, store: store, in: file, storefront: storefront).disclosures ?? []
                file.line("  \(store.rawValue) roles: " + roles.map(\.role.rawValue).joined(separator: ", "))
            }
        }
        for example in GoldenCases.severalPhases {
            file.blank()
            file.line("with the offer \(example.title)")
            try writeCase(GoldenCases.product(phased: example), fixed: fixed, to: &file) { $0.offers.first?.disclosures ?? [] }
        }

        file.section("Disclosures by count (plans at 9.99 USD; free trials then 9.99 USD/1 month)")
        for unit in PeriodUnit.allCases {
            for count in productCounts {
                let period = SubscriptionPeriod(unit: unit, numberOfUnits: count)
                let label = GoldenWriter.describe(period)
                let category = try file.category(count)
                let plan = try disclosures(GoldenCases.product("9.99", "USD", period), store: .appStore, in: file, normalization: .disabled)
                file.entry("plan \(label) length", plan.first { $0.role == .length }?.text ?? "", category: category)
                let trial = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(.freeTrial, unit: unit, count: count))
                let text = try disclosures(trial, store: .appStore, in: file, normalization: .disabled)
                file.entry("freeTrial \(label) trialConversion", text.first { $0.role == .trialConversion }?.text ?? "", category: category)
            }
        }

        // With dates, the trial's conversion names its day: the day the free phase ends.
        file.section("Disclosures with dates (from \(GoldenCases.datesStartText) in \(GoldenCases.datesZoneName))")
        var dated = try GoldenCases.datedOptions(.disabled)
        dated.include = .disclosures
        for unit in PeriodUnit.allCases {
            for count in [1, 2, 3, 5, 11, 21] {
                let trial = GoldenCases.product("9.99", "USD", .months(1), offer: GoldenCases.offer(.freeTrial, unit: unit, count: count))
                let offer = try file.renderer(.disabled, dated).render(trial, locale: file.locale).offers.first
                let label = "freeTrial \(GoldenWriter.describe(SubscriptionPeriod(unit: unit, numberOfUnits: count))) (ends \(offer?.dates?.endsOn.iso ?? "?"))"
                file.entry("\(label) trialConversion", offer?.disclosures?.first { $0.role == .trialConversion }?.text ?? "",
                           category: try file.category(count))
            }
        }
        for example in GoldenCases.severalPhases where example.phases.first?.paymentMode == .freeTrial {
            let offer = try file.renderer(.standard, dated).render(GoldenCases.product(phased: example), locale: file.locale).offers.first
            file.entry("\(example.title) trialConversion", offer?.disclosures?.first { $0.role == .trialConversion }?.text ?? "")
        }
    }

    /// The roles whose text depends on the store alone.
    private static let storeRoles: [Disclosure.Role] = [.cancelWindow, .manage, .trialForfeit, .orderButton]

    /// One case in both stores: the roles each store lists, the texts that depend on the
    /// product (the App Store's, then Google Play's where they differ), and any store text
    /// that differs from the store's block.
    private static func writeCase(
        _ product: Product, fixed: [Store: [Disclosure.Role: String]], to file: inout GoldenWriter,
        _ select: (RenderedProduct) -> [Disclosure]
    ) throws(PaywallTextError) {
        var byStore: [Store: [Disclosure]] = [:]
        for store in Store.allCases {
            byStore[store] = select(try render(product, store: store, in: file))
        }
        for store in Store.allCases {
            file.line("  \(store.rawValue) roles: " + (byStore[store] ?? []).map(\.role.rawValue).joined(separator: ", "))
        }
        let appStore = byStore[.appStore] ?? []
        for disclosure in appStore where !storeRoles.contains(disclosure.role) {
            file.entry("  \(disclosure.role.rawValue)", disclosure.text)
        }
        for store in Store.allCases {
            for disclosure in byStore[store] ?? [] {
                let differs = storeRoles.contains(disclosure.role)
                    ? fixed[store]?[disclosure.role] != disclosure.text
                    : appStore.first { $0.role == disclosure.role }?.text != disclosure.text
                if differs { file.entry("  \(store.rawValue) \(disclosure.role.rawValue)", disclosure.text) }
            }
        }
    }

    /// A product rendered with its disclosures for a store, in a named storefront (Germany by
    /// default, whose law asks for the order button), so that every file has the same entries
    /// whatever its locale's region.
    private static func render(
        _ product: Product, store: Store, in file: GoldenWriter, normalization: PeriodNormalization = .standard,
        storefront: String = "DEU"
    ) throws(PaywallTextError) -> RenderedProduct {
        var options = RenderOptions(store: store, include: .disclosures)
        options.storefront = storefront
        return try file.renderer(normalization, options).render(product, locale: file.locale)
    }

    /// A product's disclosures for a store.
    private static func disclosures(
        _ product: Product, store: Store, in file: GoldenWriter, normalization: PeriodNormalization = .standard
    ) throws(PaywallTextError) -> [Disclosure] {
        try render(product, store: store, in: file, normalization: normalization).disclosures ?? []
    }
}

extension GoldenCases {
    /// A one-time purchase: 99.99 USD.
    static var oneTime: Product { Product(price: decimal("99.99"), currencyCode: "USD") }

    /// A plan with display names, without one for most locales: each golden file shows which
    /// name its locale takes (by ICU's likely subtags), else the name without a locale.
    static let titled: (product: Product, describedNames: String) = {
        let names = [("en-US", "Pro"), ("en-GB", "Pro (UK)"), ("de", "Pro (de)"), ("pt-PT", "Pro (pt-PT)"), ("zh-Hans", "Pro (zh-Hans)"),
                     ("zh_Hant", "Pro (zh_Hant)"), ("ar", "Pro (ar)")]
        var plan = GoldenCases.product("9.99", "USD", .months(1))
        plan.displayName = "Pro (no locale)"
        plan.localizedDisplayNames = Dictionary(uniqueKeysWithValues: names)
        return (plan, "displayName Pro (no locale); " + names.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    }()
}
