/// The text of a product's billing plan (``BillingPlan``) in one locale: what a paywall shows
/// beside the plan's price.
///
/// The product's own fields describe one payment: ``RenderedProduct/price`` is the price of
/// one payment, ``RenderedProduct/period`` the time between two, and
/// ``RenderedProduct/pricePer`` follows from them (a monthly commitment's price per month is
/// its payment). ``RenderedProduct/terms`` are the plan's terms.
public struct RenderedBillingPlan: Sendable, Hashable {
    /// Which kind of plan this is.
    public var type: BillingPlanType
    /// How many payments the subscriber commits to; 1 for a prepaid plan.
    public var numberOfPayments: Int
    /// The whole plan: a commitment's length in its billing period's unit (`12 months`, never
    /// converted to years, since it counts payments), a prepaid plan's period (`1 month`).
    public var duration: String
    /// What the plan's payments come to, exactly: `€59.88` for 12 payments of €4.99; a
    /// prepaid plan's price.
    public var total: String
    /// The same figure as ASCII decimal text with the currency's digits: `59.88`.
    public var totalAmount: String
    /// What follows a commitment's last payment; `nil` for a prepaid plan, which nothing follows.
    public var renewal: CommitmentRenewal?
    /// The plan's large text: `€4.99/month for 12 months`, `1 month for $9.99`.
    public var headline: String
    /// One line on the payments: `12 monthly payments of €4.99 (€59.88 in total)`,
    /// `One payment of $9.99 for 1 month, with no automatic renewal`.
    public var summary: String
    /// The day a commitment ends, when ``RenderOptions/asOf`` is given: the start, plus the
    /// introductory offer's phases, plus ``duration`` (the calendar arithmetic of
    /// <doc:Dates>); `nil` without dates and for a prepaid plan.
    public var endsOn: RenderedDate? = nil
    /// The same day in a sentence: `Commitment ends on February 28, 2027`; `nil` when
    /// ``endsOn`` is.
    public var endsOnText: String? = nil

    /// Creates a rendered billing plan.
    public init(
        type: BillingPlanType, numberOfPayments: Int, duration: String, total: String, totalAmount: String,
        renewal: CommitmentRenewal?, headline: String, summary: String
    ) {
        self.type = type
        self.numberOfPayments = numberOfPayments
        self.duration = duration
        self.total = total
        self.totalAmount = totalAmount
        self.renewal = renewal
        self.headline = headline
        self.summary = summary
    }
}
