/// A product that passed every check: its currency resolved, its prices as the exact
/// decimal text handed to ICU, its periods normalized, and each offer's field path.
///
/// Everything downstream (the renderer, the golden files, error messages) reads these
/// values rather than working them out again.
package struct ValidatedProduct: Sendable {
    package let productIdentifier: String?
    /// The ISO 4217 code, upper case, from `currencyCode` or the `priceLocale`.
    package let currency: String
    /// The currency's fraction digits (USD 2, JPY 0, KWD 3).
    package let digits: Int
    /// The regular price as ASCII decimal text (`9.99`).
    package let price: String
    /// The regular price, exactly.
    let amount: ExactAmount
    /// The billing period as shown (normalized), `nil` for a one-time purchase.
    package let period: SubscriptionPeriod?
    /// The introductory offer first, then `discounts` in order.
    package let offers: [ValidatedOffer]
}

/// One checked offer of a ``ValidatedProduct``.
package struct ValidatedOffer: Sendable {
    /// Where the offer is in the input: `introductoryPrice` or `discounts[1]`.
    package let path: String
    package let type: DiscountType
    package let identifier: String?
    /// One to three phases, in order.
    package let phases: [ValidatedPhase]

    /// How the subscriber pays in the first phase.
    package var paymentMode: PaymentMode { phases[0].paymentMode }
}

/// One checked phase of a ``ValidatedOffer``.
package struct ValidatedPhase: Sendable {
    /// Where the phase is in the input: the offer's path for an offer of one phase
    /// (`introductoryPrice`), else `discounts[0].phases[1]`.
    package let path: String
    package let paymentMode: PaymentMode
    /// The phase price as ASCII decimal text, `0` for a free trial.
    package let price: String
    /// The phase price, exactly.
    let amount: ExactAmount
    package var isFree: Bool { paymentMode == .freeTrial }
    /// How many billing periods.
    package let numberOfPeriods: Int
    /// One billing period as shown (normalized): 7 days → 1 week.
    package let period: SubscriptionPeriod
    /// The whole phase, billing period × number of periods in the period's unit, as shown
    /// (normalized): 2 × 14 days → 4 weeks.
    package let duration: SubscriptionPeriod
}
