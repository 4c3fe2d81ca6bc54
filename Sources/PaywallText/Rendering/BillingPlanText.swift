/// The text of a product with a billing plan (PRODUCT §15): the product's price is one
/// payment, so its price, period, recurring price and prices per unit are rendered as for any
/// subscription; the plan gives the product its name and terms, and its own headline,
/// summary and total.
extension ProductRenderer {
    /// The result of a product with a billing plan.
    ///
    /// - Parameters:
    ///   - regular: The price of one payment and its billing period, as shown.
    ///   - planName: The name of a plain plan of the same billing period (`Monthly`).
    ///   - price: The price of one payment, standalone (`€4.99`).
    ///   - pricePer: The prices per unit of one payment's period.
    func render(
        _ plan: ValidatedBillingPlan, of product: ValidatedProduct, regular: Regular, planName: String, price: String,
        pricePer: PricePer, formatter: RenderContext.PriceFormatter
    ) throws(PaywallTextError) -> RenderedProduct {
        let period = regular.period
        let count = period.numberOfUnits, unit = period.unit.rawValue
        var text = RenderedProduct(locale: locale, catalog: context.catalog, productIdentifier: product.productIdentifier,
                                   currencyCode: product.currency, price: price, period: regular.periodText,
                                   recurringPrice: nil, pricePer: pricePer, offers: [])
        switch plan {
        case .prepaid:
            // Nothing recurs: no recurring price, and the prices per unit say nothing of billing
            // ("billed monthly" would promise a renewal).
            let arguments = PeriodPriceArguments(price: regular.price, period: regular.periodText, count: count, unit: unit)
            text.planName = try messages.format(Messages.prepaidPlanName, PeriodArguments(period: regular.periodText, count: count, unit: unit))
            text.pricePer = PricePer(day: pricePer.day.unbilled, week: pricePer.week.unbilled, month: pricePer.month.unbilled,
                                     year: pricePer.year.unbilled)
            // No cancellation hint: a prepaid plan has nothing to cancel.
            text.terms = try messages.format(Messages.prepaidTerms, arguments)
            text.billingPlan = RenderedBillingPlan(
                type: .prepaid, numberOfPayments: 1, duration: regular.periodText, total: price, totalAmount: product.price,
                renewal: nil, headline: try messages.format(Messages.prepaidHeadline, arguments),
                summary: try messages.format(Messages.prepaidSummary, arguments))
        case .commitment(let payments, let total, let renewal):
            // The commitment's length counts payments, so it stays in the billing period's unit
            // (12 monthly payments are "12 months", not "1 year").
            let duration = SubscriptionPeriod(unit: period.unit, numberOfUnits: count * payments)
            let durationText = try context.periodText(duration, role: .duration, path: "billingPlan.numberOfPayments")
            // Exact: payments × a price of the currency's digits has no more digits.
            let totalAmount = total.decimalText(digits: product.digits, rounding: .towardZero)
            // The total is the plan's own price over the commitment: styled as the regular price.
            let totalText = try context.price(totalAmount, with: formatter, role: .regularPrice, path: "billingPlan")
            let totalPiece = try context.sentencePrice(totalAmount, with: formatter, standalone: totalText, role: .regularPrice,
                                                       path: "billingPlan")
            let renewalPayments = if case .newCommitment(let next) = renewal { next } else { payments }
            let arguments = CommitmentArguments(
                price: regular.price, recurringPrice: regular.recurringPrice, period: regular.periodText, count: count, unit: unit,
                payments: payments, duration: durationText, durationCount: duration.numberOfUnits, total: totalPiece,
                renewalPayments: renewalPayments)
            let terms = switch renewal {
            case .regularPrice: Messages.commitmentTermsRegularPrice
            case .newCommitment: Messages.commitmentTermsNewCommitment
            case .ends: Messages.commitmentTermsEnds
            }
            text.recurringPrice = regular.recurringPrice
            text.recurringPriceShort = try recurringShort(price: regular.price, period: period)
            text.planName = try messages.format(Messages.commitmentPlanName, CommitmentNameArguments(
                planName: planName, period: regular.periodText, count: count, unit: unit, payments: payments, duration: durationText,
                durationCount: duration.numberOfUnits))
            text.terms = try withHint(try messages.format(terms, arguments))
            text.billingPlan = RenderedBillingPlan(
                type: .commitment, numberOfPayments: payments, duration: durationText, total: totalText, totalAmount: totalAmount,
                renewal: renewal, headline: try messages.format(Messages.commitmentHeadline, arguments),
                summary: try messages.format(Messages.commitmentSummary, arguments))
        }
        return text
    }
}

extension UnitPrice {
    /// The same price per unit without what is billed.
    fileprivate var unbilled: UnitPrice {
        UnitPrice(price: price, amount: amount, recurringPrice: recurringPrice, billed: nil)
    }
}
