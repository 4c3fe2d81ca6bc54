/// The App Store's rules for subscription offers (App Store Connect's choices of
/// duration per payment mode), checked so that paywall text does not describe an offer
/// the App Store would not sell.
///
/// The rules, as App Store Connect offers them:
/// - a monthly plan with a 12-month commitment is 12 monthly payments of a one-year
///   subscription, renewed as another 12-month commitment, and not sold in the United States
///   and Singapore; there are no prepaid plans;
/// - a subscription lasts 1 week, 1, 2, 3 or 6 months, or 1 year;
/// - a free trial lasts 3 days, 1 or 2 weeks, 1, 2, 3 or 6 months, or 1 year;
/// - pay up front covers 1, 2, 3 or 6 months, or 1 year;
/// - pay as you go is charged every billing period of the subscription, for 1–12 weeks on a
///   weekly plan, 1–12 months on a monthly one, 2–12 months in steps of 2 on a 2-month plan,
///   3, 6, 9 or 12 months on a 3-month plan, 6 or 12 months on a 6-month plan, and 1 year
///   on a yearly plan.
///
/// Each phase of an offer of several (an offer code stacked on an introductory offer) is
/// checked on its own.
///
/// They are warnings, not errors: the stores change their rules, and a product built for a
/// test need not follow them. Durations compare as lengths: 7 days is 1 week, 12 months is
/// 1 year.
public enum AppStoreOfferRules {
    /// The rules the product's offers and billing plan break, with model paths
    /// (`introductoryPrice.subscriptionPeriod`); empty when it follows them all. A product that
    /// is not valid gets the warnings its readable parts earn; ``CheckedProduct/init(_:)``
    /// reports what is invalid.
    ///
    /// - Parameters:
    ///   - product: The product, checked or not.
    ///   - territory: The App Store territory the product is sold in (`DEU`), when known:
    ///     monthly plans with a 12-month commitment are not sold in every one.
    public static func check(_ product: Product, territory: String? = nil) -> [ProductWarning] {
        guard let plan = product.subscriptionPeriod.flatMap(PeriodLength.init) else { return [] }
        var warnings = billingPlanWarnings(product, territory: territory)
        // A commitment's period is the time between its payments, not the subscription's length.
        if product.billingPlan != nil { return warnings }
        if !subscriptionLengths.0.contains(plan) {
            warnings.append(ProductWarning(path: "subscriptionPeriod", message:
                "an App Store subscription lasts \(subscriptionLengths.1); this one lasts \(plan)"))
        }
        // Each phase of each offer; paths are written for warnings only.
        func check(_ offer: Discount, path: () -> String) {
            for index in offer.phases.indices {
                warnings += Self.check(offer.phases[index], path: offer.phases.count == 1 ? path() : "\(path()).phases[\(index)]", plan: plan)
            }
        }
        if let intro = product.introductoryPrice { check(intro) { "introductoryPrice" } }
        if let discounts = product.discounts {
            for index in discounts.indices { check(discounts[index]) { "discounts[\(index)]" } }
        }
        return warnings
    }

    private static func check(_ phase: OfferPhase, path: @autoclosure () -> String, plan: PeriodLength) -> [ProductWarning] {
        guard let period = PeriodLength(phase.subscriptionPeriod), (1...Limits.maximumPeriods).contains(phase.numberOfPeriods),
              let total = period.times(phase.numberOfPeriods)
        else { return [] }
        // The whole offer's length is at fault; with one period, that is its period.
        func totalPath() -> String { phase.numberOfPeriods == 1 ? path() + ".subscriptionPeriod" : path() }
        switch phase.paymentMode {
        case .freeTrial:
            guard !freeTrialLengths.0.contains(total) else { return [] }
            return [ProductWarning(path: totalPath(), message:
                "an App Store free trial lasts \(freeTrialLengths.1); this one lasts \(total)")]
        case .payUpFront:
            guard !payUpFrontLengths.0.contains(total) else { return [] }
            return [ProductWarning(path: totalPath(), message:
                "an App Store pay-up-front offer covers \(payUpFrontLengths.1); this one covers \(total)")]
        case .payAsYouGo:
            guard period == plan else {
                return [ProductWarning(path: path() + ".subscriptionPeriod", message:
                    "an App Store pay-as-you-go offer is charged every billing period of the subscription (\(plan)); this one every \(period)")]
            }
            guard let (allowed, lengths) = payAsYouGoCounts[plan] else { return [] }  // the plan itself is warned about
            guard !allowed.contains(phase.numberOfPeriods) else { return [] }
            return [ProductWarning(path: path() + ".numberOfPeriods", message:
                "an App Store pay-as-you-go offer on a plan of \(plan) lasts \(lengths); this one lasts \(total)")]
        }
    }

    // Each rule's lengths, and how a message says them.
    private static let subscriptionLengths = (
        [PeriodLength(days: 7)] + [1, 2, 3, 6, 12].map(PeriodLength.init(months:)), "1 week, 1, 2, 3 or 6 months, or 1 year")
    private static let freeTrialLengths = (
        [3, 7, 14].map(PeriodLength.init(days:)) + [1, 2, 3, 6, 12].map(PeriodLength.init(months:)),
        "3 days, 1 or 2 weeks, 1, 2, 3 or 6 months, or 1 year")
    private static let payUpFrontLengths = ([1, 2, 3, 6, 12].map(PeriodLength.init(months:)), "1, 2, 3 or 6 months, or 1 year")
    /// For each plan length, the numbers of its periods a pay-as-you-go offer may last.
    private static let payAsYouGoCounts: [PeriodLength: ([Int], String)] = [
        PeriodLength(days: 7): (Array(1...12), "1–12 weeks"),
        PeriodLength(months: 1): (Array(1...12), "1–12 months"),
        PeriodLength(months: 2): (Array(1...6), "2, 4, 6, 8, 10 or 12 months"),
        PeriodLength(months: 3): (Array(1...4), "3, 6, 9 or 12 months"),
        PeriodLength(months: 6): ([1, 2], "6 or 12 months"),
        PeriodLength(months: 12): ([1], "1 year"),
    ]
}
