/// The days an ``Agreement`` falls on (PRODUCT §15), counted from ``RenderOptions/asOf`` in
/// ``RenderOptions/timeZone`` with the render's calendar: each offer's end and the end of
/// its free phase, a subscription's first charge and first renewal, and a commitment's end.
///
/// Each day is worked out once, as a value with its texts (``DatedDay``); the sentences only
/// place them.
struct AgreementDates: Sendable {
    /// The days of one offer.
    struct OfferDays: Sendable {
        /// The day the whole offer ends: its phases one after another from the start.
        let end: DatedDay
        /// The day a free first phase ends, which is the offer's first charge; `nil` when the
        /// first phase is paid, or when nothing shows it (see ``AgreementDates/init(_:of:from:in:context:freePhaseEnds:)``).
        let freePhaseEnd: DatedDay?
    }

    /// Each offer's days, in the order of ``Agreement/offers``.
    let offers: [OfferDays]
    /// A subscription's first charge: the start, or the end of a free first phase of its
    /// introductory offer; `nil` for a plan that does not renew (a prepaid plan).
    let firstCharge: DatedDay?
    /// A subscription's first charge at the regular price: the end of its introductory offer,
    /// or without one, one regular billing period after the first charge (promotional,
    /// win-back and offer-code offers are for existing subscribers and move neither day);
    /// `nil` for a plan that does not renew.
    let firstRenewal: DatedDay?
    /// The day a commitment ends: its payments come after the introductory offer's phases, one
    /// every billing period, and it ends when the last one's period does.
    let commitmentEnd: DatedDay?

    /// - Parameters:
    ///   - product: The product the agreement is of: its periods as given, which the calendar counts.
    ///   - freePhaseEnds: Whether the end of every offer's free first phase is worked out (the
    ///     disclosures' trial conversion places it); the introductory offer's is always, as
    ///     the first charge.
    init(
        _ agreement: Agreement, of product: ValidatedProduct, from start: AsOf, in zone: TimeZoneName, context: RenderContext,
        freePhaseEnds: Bool
    ) throws(PaywallTextError) {
        var offers: [OfferDays] = []
        offers.reserveCapacity(product.offers.count)
        for (index, offer) in product.offers.enumerated() {
            let end = try context.day(after: offer.phases.map(\.duration), from: start, in: zone, path: offer.path)
            var freePhaseEnd: DatedDay?
            if offer.phases[0].isFree, freePhaseEnds || index == agreement.introductoryOffer {
                freePhaseEnd = offer.phases.count == 1 ? end
                    : try context.day(after: [offer.phases[0].duration], from: start, in: zone, path: offer.phases[0].path)
            }
            offers.append(OfferDays(end: end, freePhaseEnd: freePhaseEnd))
        }
        self.offers = offers
        switch agreement.plan {
        case .oneTime, .prepaid:
            // Charged once, never renewed: no renewal to count to.
            firstCharge = nil
            firstRenewal = nil
        case .renewing, .commitment:
            let now = try context.dates(in: zone).day(at: start.milliseconds, path: "asOf")
            if let index = agreement.introductoryOffer {
                firstCharge = offers[index].freePhaseEnd ?? now
                firstRenewal = offers[index].end
            } else if let period = product.period {
                firstCharge = now
                firstRenewal = try context.day(after: [period], from: start, in: zone, path: "period")
            } else {
                firstCharge = now
                firstRenewal = now
            }
        }
        if let commitment = agreement.commitment, let period = product.period {
            let introductory = agreement.introductoryOffer.map { product.offers[$0].phases.map(\.duration) } ?? []
            let term = SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * commitment.payments)
            commitmentEnd = try context.day(after: introductory + [term], from: start, in: zone, path: "billingPlan")
        } else {
            commitmentEnd = nil
        }
    }
}

extension Agreement {
    /// Works out the agreement of a checked product and, when ``RenderOptions/asOf`` is
    /// given, the days it falls on (one-time purchases have none).
    ///
    /// - Parameters:
    ///   - context: The render's calendar and date formats.
    ///   - freePhaseEnds: Whether every offer's free phase's end is worked out (for the disclosures).
    init(
        _ product: ValidatedProduct, options: RenderOptions, saving: Savings.Saving?, figures: Figures, context: RenderContext,
        freePhaseEnds: Bool
    ) throws(PaywallTextError) {
        self.init(product, options: options, saving: saving, figures: figures)
        if let start = options.asOf, product.period != nil {
            dates = try AgreementDates(self, of: product, from: start, in: options.timeZone, context: context,
                                       freePhaseEnds: freePhaseEnds)
        }
    }
}
