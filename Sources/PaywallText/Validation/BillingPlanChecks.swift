#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A checked ``BillingPlan``: the commitment's total worked out exactly.
enum ValidatedBillingPlan: Sendable {
    case commitment(payments: Int, total: ExactAmount, renewal: CommitmentRenewal)
    case prepaid
}

extension ValidatedProduct {
    /// Whether the product is a prepaid plan: charged once, never renewed.
    var isPrepaid: Bool {
        if case .prepaid = billingPlan { return true }
        return false
    }
}

extension Validation {
    /// Checks a billing plan against the product's price: a commitment has 2 to
    /// ``Limits/maximumPeriods`` payments, a stated total is exactly payments × price, and a
    /// new commitment that follows has a number of payments in the same bounds. Every problem
    /// goes into `errors` (they are the product's own: the plan is how its price is paid);
    /// `nil` when there is any.
    ///
    /// - Parameter price: The product's price, exactly; `nil` when it is at fault (its own
    ///   error says so, and the total is not compared with it).
    static func checkBillingPlan(
        _ plan: BillingPlan, of product: Product, price: ExactAmount?, currency: String, digits: Int?, errors: inout ProblemList
    ) -> ValidatedBillingPlan? {
        let before = errors.count
        if product.subscriptionPeriod == nil {
            errors.append(invalid("billingPlan", "a \(plan.type.rawValue) plan needs a subscription, but the product has no subscriptionPeriod"))
        }
        guard case .commitment(let commitment) = plan else {
            return errors.count == before ? .prepaid : nil
        }
        let payments = commitment.numberOfPayments
        errors.attempt { () throws(PaywallTextError) in
            guard payments != 1 else {
                throw invalid("billingPlan.numberOfPayments", "a commitment is at least 2 payments, got 1; one payment that "
                              + "renews every period is a plain subscription (no billingPlan), one that does not is prepaid")
            }
            try checkCount(payments, path: "billingPlan.numberOfPayments", maximum: Limits.maximumPeriods)
        }
        if case .newCommitment(let next) = commitment.renewal {
            errors.attempt { () throws(PaywallTextError) in
                guard next >= 2 else {
                    throw invalid("billingPlan.renewalPayments", "a new commitment is at least 2 payments, got \(next)")
                }
                try checkCount(next, path: "billingPlan.renewalPayments", maximum: Limits.maximumPeriods)
            }
        }
        // Exact: the price has at most the currency's digits, and 1,000 payments of it stay far
        // inside ExactAmount's range.
        let total = price.map { $0 * ExactAmount(Int128(payments)) }
        if let stated = commitment.totalPrice {
            errors.attempt { () throws(PaywallTextError) in
                let checked = try checkPrice(stated, path: "billingPlan.totalPrice", currency: currency, digits: digits)
                guard let total, (1...Limits.maximumPeriods).contains(payments), checked.amount != total else { return }
                let expected = total.decimalText(digits: digits ?? 2, rounding: .towardZero)
                throw invalid("billingPlan.totalPrice", "\(checked.text) is not \(payments) payments of the price, "
                              + "\(product.price) \(currency) (\(expected) in total)")
            }
        }
        guard errors.count == before, let total else { return nil }
        return .commitment(payments: payments, total: total, renewal: commitment.renewal)
    }

    /// Why an offer of a product with a billing plan is left out, with its path; `nil` for an
    /// offer the plan's text carries (every offer of a product without one):
    ///
    /// - every offer of a prepaid plan: an offer's sentences say what is paid after it ("then
    ///   $9.99/month"), which a plan paid once does not charge; that text is not written yet;
    /// - an offer of a commitment with a paid phase: whether the payments of such a phase are
    ///   among the commitment's payments is not documented (Google's reference of installment
    ///   plans leaves it open), so neither the payments the subscriber commits to, nor their
    ///   total, nor the commitment's end could be stated.
    ///
    /// An offer of a commitment whose phases are all free is kept: a free phase is no payment,
    /// so the commitment's payments follow it as its terms state them, and the commitment
    /// ends that much later (``AgreementDates/commitmentEnd``). The stores'
    /// readers leave the offers they cannot render out with a warning before they get here.
    static func offerLeftOut(_ offer: Discount, path: String, by plan: BillingPlan?) -> PaywallTextError? {
        switch plan {
        case nil:
            return nil
        case .prepaid:
            return invalid(path, "an offer on a prepaid plan is not rendered: offer text for prepaid plans is not written yet")
        case .commitment:
            guard let paid = offer.phases.firstIndex(where: { $0.paymentMode != .freeTrial }) else { return nil }
            return invalid(offer.phases.count == 1 ? path : "\(path).phases[\(paid)]",
                           "an offer with a paid phase on a commitment is not rendered: whether the phase's payments are among "
                           + "the commitment's payments is not documented, so the payments committed to, their total and the "
                           + "commitment's end could not be stated; an offer of free phases is rendered")
        }
    }
}
