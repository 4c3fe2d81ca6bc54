/// Dates (PRODUCT §15), when ``RenderOptions/asOf`` is given: the day each offer ends, its
/// sentences with that day, and a product's first charge and first charge at the regular
/// price, counted from the start in ``RenderOptions/timeZone``.
extension ProductRenderer {
    /// An offer's dated headline and summary, and the day it ends.
    struct DatedSentences {
        let headline: Text
        let summary: Text
        let end: RenderedDate
    }

    /// An offer's end and its headline and summary with that day.
    ///
    /// - Parameter joinedClauses: For an offer of several phases, its phases' clauses joined
    ///   (the undated headline before capitalization), which `dated.phases.*` place.
    func datedSentences(
        of offer: ValidatedOffer, phases: [PhaseText], joinedClauses: Text?, regular: Regular, from start: AsOf
    ) throws(PaywallTextError) -> DatedSentences {
        let end = try context.day(after: offer.phases.map(\.duration), from: start, in: options.timeZone, path: offer.path)
        let date = context.datePiece(end, mode)
        let headline: Text, summary: Text
        if let joinedClauses {
            let arguments = DatedPhasesArguments(phases: joinedClauses, regularPrice: regular.price,
                                                 recurringPrice: regular.recurringPrice, date: date)
            headline = try context.capitalizingSentence(try format(Messages.datedPhasesHeadline, arguments))
            summary = try context.capitalizingSentence(try format(Messages.datedPhasesSummary, arguments))
        } else {
            let first = phases[0]
            switch offer.paymentMode {
            case .freeTrial:
                let arguments = DatedOfferArguments(offer: first.arguments, date: date)
                headline = try format(Messages.datedFreeTrialHeadline, arguments)
                summary = try format(Messages.datedFreeTrialSummary, arguments)
            case .payAsYouGo:
                let arguments = DatedPayAsYouGoArguments(
                    offer: PayAsYouGoArguments(offer: first.arguments, recurringOfferPrice: first.recurringOfferPrice ?? ""), date: date)
                headline = try format(Messages.datedPayAsYouGoHeadline, arguments)
                summary = try format(Messages.datedPayAsYouGoSummary, arguments)
            case .payUpFront:
                let arguments = DatedOfferArguments(offer: first.arguments, date: date)
                headline = try format(Messages.datedPayUpFrontHeadline, arguments)
                summary = try format(Messages.datedPayUpFrontSummary, arguments)
            }
        }
        return DatedSentences(headline: headline, summary: summary, end: end.date)
    }

    /// A subscription's first charge (the start, or the end of a free first phase of its
    /// introductory offer) and its first charge at the regular price (the end of the
    /// introductory offer, ``RenderedOffer/dates`` of its rendering in `offers`, or the start
    /// without one).
    /// The day a commitment ends: its payments come after the introductory offer's phases,
    /// one every billing period, and it ends when the last one's period does.
    func commitmentEnd(
        of product: ValidatedProduct, payments: Int, from start: AsOf
    ) throws(PaywallTextError) -> (date: RenderedDate, text: Text)? {
        guard let period = product.period else { return nil }
        let introductory = product.offers.first { $0.type == .introductory }?.phases.map(\.duration) ?? []
        let commitment = SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * payments)
        let end = try context.day(after: introductory + [commitment], from: start, in: options.timeZone, path: "billingPlan")
        return (end.date, try format(Messages.datedCommitmentEnds, CommitmentEndArguments(date: context.datePiece(end, mode), payments: payments)))
    }

    func dates(of product: ValidatedProduct, offers: [RenderedOffer], from start: AsOf) throws(PaywallTextError) -> ProductDates {
        let zone = options.timeZone
        let now = try context.dates(in: zone).day(at: start.milliseconds, path: "asOf")
        guard let index = product.offers.firstIndex(where: { $0.type == .introductory }), let end = offers[index].dates?.endsOn else {
            // Without an introductory offer the first charge is the regular price, at the start,
            // and the subscription first renews one billing period later. Promotional, win-back
            // and offer-code offers are for existing subscribers and move neither day.
            guard let period = product.period else { return ProductDates(firstChargeOn: now.date, renewsOn: now.date) }
            let renewal = try context.day(after: [period], from: start, in: zone, path: "period")
            return ProductDates(firstChargeOn: now.date, renewsOn: renewal.date)
        }
        let introductory = product.offers[index], first = introductory.phases[0]
        let firstCharge: RenderedDate
        if !first.isFree {
            firstCharge = now.date
        } else if introductory.phases.count == 1 {
            firstCharge = end
        } else {
            firstCharge = try context.day(after: [first.duration], from: start, in: zone, path: first.path).date
        }
        return ProductDates(firstChargeOn: firstCharge, renewsOn: end)
    }
}
