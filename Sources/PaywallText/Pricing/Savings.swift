/// What each plan of a paywall saves against a reference plan (PRODUCT §10): the percent of
/// the reference's price per month, from exact figures, rounded down.
enum Savings {
    /// A subscription, as savings compare it.
    struct Plan {
        let productIdentifier: String?
        let currency: String
        /// Its regular price per month, exactly.
        let pricePerMonth: ExactAmount

        init(_ product: ValidatedProduct) {
            productIdentifier = product.productIdentifier
            currency = product.currency
            pricePerMonth = product.period.map { PaywallMath.price(product.amount, per: $0, in: .month) } ?? .zero
        }
    }

    /// What a plan saves: the whole percent, rounded down, and the amount over a year, exact.
    struct Saving {
        let percent: Int
        /// The reference's price for a year less the plan's, exactly (12 months).
        let perYear: ExactAmount
    }

    /// What each plan saves, `nil` for the reference itself, a plan that is not cheaper,
    /// one-time purchases (`nil` plans) and plans of a currency without a reference.
    ///
    /// - Parameter reference: The product identifier of the plan to compare against; when
    ///   `nil`, the dearest plan per month of each currency. Plans in different currencies are
    ///   never compared.
    static func savings(_ plans: [Plan?], reference: String?) -> [Saving?] {
        var references: [String: ExactAmount] = [:]
        if let reference {
            if let named = plans.lazy.compactMap({ $0 }).first(where: { $0.productIdentifier == reference }) {
                references[named.currency] = named.pricePerMonth
            }
        } else {
            for plan in plans.compactMap({ $0 }) where references[plan.currency].map({ $0 < plan.pricePerMonth }) ?? true {
                references[plan.currency] = plan.pricePerMonth
            }
        }
        return plans.map { plan in
            guard let plan, let reference = references[plan.currency],
                  let percent = PaywallMath.percentBelow(plan.pricePerMonth, reference: reference)
            else { return nil }
            return Saving(percent: percent, perYear: (reference - plan.pricePerMonth) * ExactAmount(12))
        }
    }
}
