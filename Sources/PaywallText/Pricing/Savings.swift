/// What each plan of a paywall saves against a reference plan (PRODUCT §10): the percent of
/// the reference's price per month, from exact figures, rounded down.
///
/// Only plans of different kinds are compared: of different billing periods, or of the same
/// billing period with a different commitment (a plain monthly plan, 12 monthly payments,
/// 24 monthly payments, a prepaid month). Two plain monthly plans are tiers of different
/// content, not two ways to pay for one thing, and "Save 75%" between them is wrong copy; so
/// each plan's default reference is the dearest per month among the plans it may be compared
/// with, and a plan has no savings against a reference of its own kind.
enum Savings {
    /// What a plan is, as savings compare plans: its billing period as a length (7 days is
    /// 1 week, 12 months is 1 year) and how it is paid. Plans of one kind are never compared.
    struct Kind: Hashable {
        enum Payment: Hashable {
            /// Every period until cancelled.
            case renewing
            /// A commitment of this many payments.
            case commitment(Int)
            /// Once, not renewed.
            case prepaid
        }

        /// The billing period as the stores compare lengths; the period itself where it has no
        /// such length (never for a checked product, whose counts are bounded).
        let length: PeriodLength?
        let period: SubscriptionPeriod?
        let payment: Payment

        init(_ product: ValidatedProduct) {
            length = product.period.flatMap(PeriodLength.init)
            period = length == nil ? product.period : nil
            switch product.billingPlan {
            case nil: payment = .renewing
            case .commitment(let payments, _, _)?: payment = .commitment(payments)
            case .prepaid?: payment = .prepaid
            }
        }
    }

    /// A subscription, as savings compare it.
    struct Plan {
        let productIdentifier: String?
        let currency: String
        /// Its regular price per month, exactly.
        let pricePerMonth: ExactAmount
        let kind: Kind

        init(_ product: ValidatedProduct) {
            productIdentifier = product.productIdentifier
            currency = product.currency
            pricePerMonth = product.period.map { PaywallMath.price(product.amount, per: $0, in: .month) } ?? .zero
            kind = Kind(product)
        }
    }

    /// What a plan saves: the whole percent, rounded down, and the amount over a year, exact.
    struct Saving {
        let percent: Int
        /// The reference's price for a year less the plan's, exactly (12 months).
        let perYear: ExactAmount
    }

    /// What each plan saves, `nil` for the reference itself, a plan of the reference's kind, a
    /// plan that is not cheaper, one-time purchases (`nil` plans) and plans of a currency
    /// without a reference.
    ///
    /// - Parameter reference: The product identifier of the plan to compare against; when
    ///   `nil`, for each plan the dearest per month of the plans of its currency it may be
    ///   compared with (of another kind). Plans in different currencies are never compared.
    static func savings(_ plans: [Plan?], reference: String?) -> [Saving?] {
        if let reference {
            let named = plans.lazy.compactMap({ $0 }).first(where: { $0.productIdentifier == reference })
            return plans.map { plan in
                guard let plan, let named, plan.currency == named.currency, plan.kind != named.kind else { return nil }
                return saving(plan, against: named.pricePerMonth)
            }
        }
        // Per currency, the dearest plan and the dearest of another kind than that one: every
        // plan's reference is one of the two.
        var dearest: [String: (first: Plan, second: Plan?)] = [:]
        for plan in plans.compactMap({ $0 }) {
            guard let top = dearest[plan.currency] else {
                dearest[plan.currency] = (plan, nil)
                continue
            }
            if top.first.pricePerMonth < plan.pricePerMonth {
                dearest[plan.currency] = (plan, plan.kind == top.first.kind ? top.second : top.first)
            } else if plan.kind != top.first.kind, top.second.map({ $0.pricePerMonth < plan.pricePerMonth }) ?? true {
                dearest[plan.currency]?.second = plan
            }
        }
        return plans.map { plan in
            guard let plan, let top = dearest[plan.currency] else { return nil }
            guard let reference = plan.kind != top.first.kind ? top.first : top.second else { return nil }
            return saving(plan, against: reference.pricePerMonth)
        }
    }

    /// What a plan saves against a reference's price per month; `nil` unless it is at least 1 %.
    private static func saving(_ plan: Plan, against reference: ExactAmount) -> Saving? {
        guard let percent = PaywallMath.percentBelow(plan.pricePerMonth, reference: reference) else { return nil }
        return Saving(percent: percent, perYear: (reference - plan.pricePerMonth) * ExactAmount(12))
    }
}
