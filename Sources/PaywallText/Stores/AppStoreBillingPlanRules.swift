/// The App Store's rules for billing plans, checked as warnings like the offer rules.
///
/// Sources: Apple, "Supporting monthly subscriptions with a 12-month commitment" (StoreKit
/// documentation, 2026): "an auto-renewable subscription that bills monthly and has a yearly
/// commitment. The commitment automatically renews for another 12-month commitment after all
/// 12 payments are complete, unless the customer cancels before the renewal date", available
/// "worldwide (except the United States and Singapore)"; WWDC26 session 210, "What's new in
/// Apple In-App Purchase": billing plans "can be added to … one-year, auto-renewable
/// subscriptions". The App Store has no prepaid plan (a non-renewing subscription is a
/// one-time purchase there).
extension AppStoreOfferRules {
    /// What a billing plan does that the App Store does not sell, with model paths; `territory`
    /// (`USA`, ISO 3166-1 alpha-3, as App Store Connect names it, or alpha-2) when known.
    static func billingPlanWarnings(_ product: Product, territory: String?) -> [ProductWarning] {
        guard let plan = product.billingPlan else { return [] }
        guard case .commitment(let commitment) = plan else {
            return [ProductWarning(path: "billingPlan", message:
                "the App Store has no prepaid plans (a non-renewing subscription is sold as a one-time purchase); this product is prepaid")]
        }
        var warnings: [ProductWarning] = []
        if let period = product.subscriptionPeriod.flatMap(PeriodLength.init), period != PeriodLength(months: 1) {
            warnings.append(ProductWarning(path: "subscriptionPeriod", message:
                "an App Store commitment is billed monthly (the monthly plan of a one-year subscription); this one every \(period)"))
        }
        if commitment.numberOfPayments != 12 {
            warnings.append(ProductWarning(path: "billingPlan.numberOfPayments", message:
                "an App Store commitment is 12 monthly payments; this one is \(commitment.numberOfPayments)"))
        }
        if commitment.renewal != .newCommitment(numberOfPayments: 12) {
            warnings.append(ProductWarning(path: "billingPlan.renewal", message:
                "an App Store commitment renews as another 12-month commitment unless cancelled; this one's renewal is "
                + "\(commitment.renewal.name.rawValue)"))
        }
        if let territory, ["USA", "US", "SGP", "SG"].contains(territory.uppercased()) {
            warnings.append(ProductWarning(path: "billingPlan", message:
                "the App Store does not offer monthly plans with a 12-month commitment in the United States and Singapore; "
                + "this product is for \(territory)"))
        }
        return warnings
    }
}
