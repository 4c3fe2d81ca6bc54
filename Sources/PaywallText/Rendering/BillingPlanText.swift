/// The text of a product with a billing plan (PRODUCT §15): the product's price is one
/// payment, so its price, period, recurring price and prices per unit are rendered as for any
/// subscription; the plan gives the product its name and terms, and its own headline,
/// summary and total.
extension ProductRenderer {
    /// The texts of a product with a billing plan (a commitment or a prepaid plan).
    ///
    /// - Parameters:
    ///   - agreement: What the buyer agrees to: the plan's figures, and the day a commitment
    ///     ends when dates are rendered.
    ///   - regular: The price of one payment and its billing period, as shown.
    ///   - planName: The name of a plain plan of the same billing period (`Monthly`).
    ///   - price: The price of one payment, standalone (`€4.99`).
    ///   - pricePer: The prices per unit of one payment's period; `nil` when none is asked for.
    ///   - commitment: The commitment's pieces, when they are made already.
    func billingPlan(
        of agreement: Agreement, regular: Regular, planName: Text, price: Text, pricePer: PricePerText?, commitment: CommitmentTexts?,
        formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> ProductTexts {
        let period = regular.period
        let count = period.numberOfUnits, unit = period.unit.rawValue
        var texts = ProductTexts(price: price, period: regular.periodText, pricePer: pricePer)
        switch agreement.plan {
        case .oneTime, .renewing:
            break
        case .prepaid:
            // Nothing recurs: no recurring price, and the prices per unit say nothing of billing.
            let arguments = PeriodPriceArguments(price: regular.price, period: regular.periodText, count: count, unit: unit)
            texts.planName = try format(Messages.prepaidPlanName, PeriodArguments(period: regular.periodText, count: count, unit: unit))
            // No cancellation hint: a prepaid plan has nothing to cancel.
            texts.terms = try format(Messages.prepaidTerms, arguments)
            texts.billingPlan = BillingPlanTexts(
                type: .prepaid, numberOfPayments: 1, duration: regular.periodText, total: price, totalAmount: agreement.regular.price,
                renewal: nil, headline: try format(Messages.prepaidHeadline, arguments),
                summary: try format(Messages.prepaidSummary, arguments))
        case .commitment(let figures):
            let commitment = if let commitment { commitment } else {
                try commitmentTexts(figures, regular: regular, formatter: formatter)
            }
            let arguments = commitment.arguments, durationText = commitment.arguments.duration
            texts.recurringPrice = regular.recurringPrice
            texts.recurringPriceShort = try recurringShort(price: regular.price, period: period)
            texts.planName = try format(Messages.commitmentPlanName, CommitmentNameArguments(
                planName: planName, period: regular.periodText, count: count, unit: unit, payments: figures.payments,
                duration: durationText, durationCount: figures.term.numberOfUnits))
            let planTerms = try commitmentTerms(commitment)
            texts.terms = try withHint(planTerms)
            texts.autoRenew = planTerms
            var plan = BillingPlanTexts(
                type: .commitment, numberOfPayments: figures.payments, duration: durationText, total: commitment.total,
                totalAmount: figures.totalText, renewal: figures.renewal,
                headline: try format(Messages.commitmentHeadline, arguments), summary: try format(Messages.commitmentSummary, arguments))
            if let end = agreement.dates?.commitmentEnd {
                plan.endsOn = end.date
                plan.endsOnText = try format(Messages.datedCommitmentEnds, CommitmentEndArguments(
                    date: context.datePiece(end, mode), payments: figures.payments))
            }
            texts.billingPlan = plan
        }
        return texts
    }

    /// A commitment's terms, without the hint of where to cancel: what the subscriber commits
    /// to and what follows it (`commitment.terms.*`, one message for each renewal). They are
    /// the plan's terms and those of its offers: an offer on a commitment is free, and the
    /// commitment's payments follow it.
    func commitmentTerms(_ commitment: CommitmentTexts) throws(PaywallTextError) -> Text {
        let message = switch commitment.renewal {
        case .regularPrice: Messages.commitmentTermsRegularPrice
        case .newCommitment: Messages.commitmentTermsNewCommitment
        case .ends: Messages.commitmentTermsEnds
        }
        return try format(message, commitment.arguments)
    }

    /// A commitment's total as shown and the arguments of its sentences, made before its
    /// offers and disclosures, which describe it too.
    func commitmentTexts(
        _ figures: Agreement.Commitment, regular: Regular, formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> CommitmentTexts {
        let period = regular.period, term = figures.term
        let durationText = try context.periodText(term, role: .duration, mode, path: "billingPlan.numberOfPayments")
        // The total is the plan's own price over the commitment: styled as the regular price.
        let totalText = try context.price(figures.totalText, with: formatter, role: .regularPrice, mode, path: "billingPlan")
        let totalPiece = try context.sentencePrice(figures.totalText, with: formatter, standalone: totalText, role: .regularPrice, mode,
                                                   path: "billingPlan")
        let arguments = CommitmentArguments(
            price: regular.price, recurringPrice: regular.recurringPrice, period: regular.periodText,
            count: period.numberOfUnits, unit: period.unit.rawValue, payments: figures.payments, duration: durationText,
            durationCount: term.numberOfUnits, total: totalPiece, renewalPayments: figures.renewalPayments)
        return CommitmentTexts(term: term, total: totalText, renewal: figures.renewal, arguments: arguments,
                               cancel: CommitmentCancelArguments(payments: figures.payments, duration: durationText,
                                                                 durationCount: term.numberOfUnits, unit: period.unit.rawValue,
                                                                 renewal: figures.renewal.name.rawValue))
    }
}

/// A commitment's pieces, as its sentences, name and disclosures receive them.
struct CommitmentTexts {
    /// The whole commitment, in the billing period's unit (``Agreement/Commitment/term``).
    let term: SubscriptionPeriod
    /// What the payments come to, standalone (`€59.88`).
    let total: Text
    /// What follows the commitment's last payment.
    let renewal: CommitmentRenewal
    /// What the commitment's headline, summary and terms receive.
    let arguments: CommitmentArguments
    /// What the disclosure of canceling it receives.
    let cancel: CommitmentCancelArguments
}

/// A billing plan's text as the renderer makes it (``RenderedBillingPlan``).
struct BillingPlanTexts {
    var type: BillingPlanType
    var numberOfPayments: Int
    var duration: Text
    var total: Text
    var totalAmount: String
    var renewal: CommitmentRenewal?
    var headline: Text
    var summary: Text
    var endsOn: RenderedDate?
    var endsOnText: Text?

    var value: RenderedBillingPlan {
        var plan = RenderedBillingPlan(type: type, numberOfPayments: numberOfPayments, duration: duration.string, total: total.string,
                                       totalAmount: totalAmount, renewal: renewal, headline: headline.string, summary: summary.string)
        plan.endsOn = endsOn
        plan.endsOnText = endsOnText?.string
        return plan
    }
}
