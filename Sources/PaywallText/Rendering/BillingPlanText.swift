/// The text of a product with a billing plan (PRODUCT §15): the product's price is one
/// payment, so its price, period, recurring price and prices per unit are rendered as for any
/// subscription; the plan gives the product its name and terms, and its own headline,
/// summary and total.
extension ProductRenderer {
    /// The texts of a product with a billing plan.
    ///
    /// - Parameters:
    ///   - regular: The price of one payment and its billing period, as shown.
    ///   - planName: The name of a plain plan of the same billing period (`Monthly`).
    ///   - price: The price of one payment, standalone (`€4.99`).
    ///   - pricePer: The prices per unit of one payment's period; `nil` when none is asked for.
    ///   - commitment: The commitment's figures and pieces, when they are made already.
    func render(
        _ plan: ValidatedBillingPlan, of product: ValidatedProduct, regular: Regular, planName: Text, price: Text,
        pricePer: PricePerText?, commitment: CommitmentTexts?, formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> ProductTexts {
        let period = regular.period
        let count = period.numberOfUnits, unit = period.unit.rawValue
        var texts = ProductTexts(price: price, period: regular.periodText, pricePer: pricePer)
        switch plan {
        case .prepaid:
            // Nothing recurs: no recurring price, and the prices per unit say nothing of billing
            // ("billed monthly" would promise a renewal).
            let arguments = PeriodPriceArguments(price: regular.price, period: regular.periodText, count: count, unit: unit)
            texts.planName = try format(Messages.prepaidPlanName, PeriodArguments(period: regular.periodText, count: count, unit: unit))
            texts.pricePer = pricePer?.unbilled
            // No cancellation hint: a prepaid plan has nothing to cancel.
            texts.terms = try format(Messages.prepaidTerms, arguments)
            texts.billingPlan = BillingPlanTexts(
                type: .prepaid, numberOfPayments: 1, duration: regular.periodText, total: price, totalAmount: product.price,
                renewal: nil, headline: try format(Messages.prepaidHeadline, arguments),
                summary: try format(Messages.prepaidSummary, arguments))
        case .commitment(let payments, let total, let renewal):
            let commitment = if let commitment { commitment } else {
                try commitmentTexts(payments: payments, total: total, renewal: renewal, of: product, regular: regular, formatter: formatter)
            }
            let arguments = commitment.arguments, duration = commitment.duration, durationText = commitment.arguments.duration
            texts.recurringPrice = regular.recurringPrice
            texts.recurringPriceShort = try recurringShort(price: regular.price, period: period)
            texts.planName = try format(Messages.commitmentPlanName, CommitmentNameArguments(
                planName: planName, period: regular.periodText, count: count, unit: unit, payments: payments, duration: durationText,
                durationCount: duration.numberOfUnits))
            let planTerms = try commitmentTerms(commitment)
            texts.terms = try withHint(planTerms)
            texts.autoRenew = planTerms
            texts.billingPlan = BillingPlanTexts(
                type: .commitment, numberOfPayments: payments, duration: durationText, total: commitment.total,
                totalAmount: commitment.totalAmount,
                renewal: renewal, headline: try format(Messages.commitmentHeadline, arguments),
                summary: try format(Messages.commitmentSummary, arguments))
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

    /// A commitment's length, total and the arguments of its sentences, made before its
    /// offers and disclosures, which describe it too.
    func commitmentTexts(
        payments: Int, total: ExactAmount, renewal: CommitmentRenewal, of product: ValidatedProduct, regular: Regular,
        formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> CommitmentTexts {
        let period = regular.period
        // The commitment's length counts payments, so it stays in the billing period's unit
        // (12 monthly payments are "12 months", not "1 year").
        let duration = SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * payments)
        let durationText = try context.periodText(duration, role: .duration, mode, path: "billingPlan.numberOfPayments")
        // Exact: payments × a price of the currency's digits has no more digits.
        let totalAmount = total.decimalText(digits: product.digits, rounding: .towardZero)
        // The total is the plan's own price over the commitment: styled as the regular price.
        let totalText = try context.price(totalAmount, with: formatter, role: .regularPrice, mode, path: "billingPlan")
        let totalPiece = try context.sentencePrice(totalAmount, with: formatter, standalone: totalText, role: .regularPrice, mode,
                                                   path: "billingPlan")
        let renewalPayments = if case .newCommitment(let next) = renewal { next } else { payments }
        let arguments = CommitmentArguments(
            price: regular.price, recurringPrice: regular.recurringPrice, period: regular.periodText,
            count: period.numberOfUnits, unit: period.unit.rawValue, payments: payments, duration: durationText,
            durationCount: duration.numberOfUnits, total: totalPiece, renewalPayments: renewalPayments)
        return CommitmentTexts(duration: duration, total: totalText, totalAmount: totalAmount, renewal: renewal, arguments: arguments,
                               cancel: CommitmentCancelArguments(payments: payments, duration: durationText,
                                                                 durationCount: duration.numberOfUnits, unit: period.unit.rawValue,
                                                                 renewal: renewal.name.rawValue))
    }
}

/// A commitment's figures and pieces, as its sentences, name and disclosures receive them.
struct CommitmentTexts {
    /// The whole commitment, in the billing period's unit.
    let duration: SubscriptionPeriod
    /// What the payments come to, standalone (`€59.88`), and as an ASCII decimal.
    let total: Text
    let totalAmount: String
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
