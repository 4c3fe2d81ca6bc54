/// Dates (PRODUCT §15), when ``RenderOptions/asOf`` is given: an offer's sentences with the
/// day it ends. The days themselves are figures of the agreement (``AgreementDates``),
/// counted before any text is made; here they are only placed.
extension ProductRenderer {
    /// An offer's dated headline and summary.
    struct DatedSentences {
        let headline: Text
        let summary: Text
    }

    /// An offer's headline and summary with the day it ends.
    ///
    /// - Parameters:
    ///   - joinedClauses: For an offer of several phases, its phases' clauses joined (the
    ///     undated headline before capitalization), which `dated.phases.*` place.
    ///   - end: The day the offer ends (``AgreementDates/OfferDays/end``).
    func datedSentences(
        of offer: ValidatedOffer, phases: [PhaseText], joinedClauses: Text?, regular: Regular, end: DatedDay
    ) throws(PaywallTextError) -> DatedSentences {
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
        return DatedSentences(headline: headline, summary: summary)
    }
}
