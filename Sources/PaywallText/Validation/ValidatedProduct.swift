/// What the checks of a ``CheckedProduct`` worked out: its currency resolved, its prices as
/// the exact decimal text handed to ICU, and each offer's phases with their field paths.
///
/// Periods are as given; the renderer shows them through its ``PeriodNormalization``, as
/// the product's ``Agreement`` holds them.
struct ValidatedProduct: Sendable {
    let productIdentifier: String?
    /// The ISO 4217 code, upper case, from `currencyCode` or the `priceLocale`.
    let currency: String
    /// The currency's fraction digits (USD 2, JPY 0, KWD 3).
    let digits: Int
    /// The regular price as ASCII decimal text (`9.99`).
    let price: String
    /// The regular price, exactly.
    let amount: ExactAmount
    /// The billing period as given, `nil` for a one-time purchase.
    let period: SubscriptionPeriod?
    /// The introductory offer first, then `discounts` in order.
    let offers: [ValidatedOffer]
    /// The billing plan, checked; `nil` for a plain subscription or a one-time purchase.
    var billingPlan: ValidatedBillingPlan? = nil
    /// The display names, checked (for the `title` disclosure); `nil` when there are none.
    var names: DisplayNames?
}

/// One checked offer of a ``ValidatedProduct``.
struct ValidatedOffer: Sendable {
    /// Where the offer is in the input: `introductoryPrice` or `discounts[1]`.
    let path: String
    let type: DiscountType
    let identifier: String?
    /// One to three phases, in order.
    let phases: [ValidatedPhase]

    /// How the subscriber pays in the first phase.
    var paymentMode: PaymentMode { phases[0].paymentMode }
}

/// One checked phase of a ``ValidatedOffer``.
struct ValidatedPhase: Sendable {
    /// Where the phase is in the input: the offer's path for an offer of one phase
    /// (`introductoryPrice`), else `discounts[0].phases[1]`.
    let path: String
    let paymentMode: PaymentMode
    /// The phase price as ASCII decimal text, `0` for a free trial.
    let price: String
    /// The phase price, exactly.
    let amount: ExactAmount
    var isFree: Bool { paymentMode == .freeTrial }
    /// How many billing periods.
    let numberOfPeriods: Int
    /// One billing period, as given.
    let period: SubscriptionPeriod
    /// The whole phase, billing period × number of periods in the period's unit.
    var duration: SubscriptionPeriod {
        SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * numberOfPeriods)
    }
}
