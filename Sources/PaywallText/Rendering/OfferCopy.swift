/// Turns a validated product into every string of one locale: formatted pieces
/// first (prices, periods), then the catalog's sentences built from them.
struct OfferCopy {
    /// The current thread's formatters and messages for the locale.
    let context: ThreadContext
    let normalization: PeriodNormalization

    private var messages: MessageSet { context.messages }

    func render(_ product: ValidatedProduct) throws(PaywallTextError) -> RenderedProduct {
        let priceFormatter = try context.priceFormatter(currency: product.currency, path: "price")
        let price = try context.price(product.price, with: priceFormatter, path: "price")
        var period: String?
        var recurringPrice: String?
        if let billing = product.period.map(normalization.normalize) {
            let text = try context.periodText(billing, path: "subscriptionPeriod")
            period = text
            recurringPrice = try recurring(price: price, period: billing, periodText: text)
        }

        var offers: [RenderedOffer] = []
        offers.reserveCapacity(product.offers.count)
        var discountIndex = 0
        for offer in product.offers {
            let path: String
            if offer.type == .introductory {
                path = "introductoryPrice"
            } else {
                path = "discounts[\(discountIndex)]"
                discountIndex += 1
            }
            offers.append(try render(offer, path: path, priceFormatter: priceFormatter,
                                     regularPrice: price, recurringPrice: recurringPrice ?? price))
        }
        return RenderedProduct(locale: context.languageTag, catalog: context.catalog,
                               productIdentifier: product.productIdentifier, price: price, period: period,
                               recurringPrice: recurringPrice, offers: offers)
    }

    private func render(
        _ offer: ValidatedProduct.Offer, path: String, priceFormatter: ICU.NumberFormatter,
        regularPrice: String, recurringPrice: String
    ) throws(PaywallTextError) -> RenderedOffer {
        let billing = normalization.normalize(offer.period)
        let duration = normalization.normalize(offer.duration)
        let periodText = try context.periodText(billing, path: path + ".subscriptionPeriod")
        let durationText = try context.periodText(duration, path: path)
        let price = offer.isFree
            ? context.free
            : try context.price(offer.price, with: priceFormatter, path: path + ".price")

        // The arguments in MessageKey.argumentOrder; headline and summary share them.
        var arguments = ICU.MessageFormat.Arguments(capacity: 9)
        arguments.append(price)
        arguments.append(periodText)
        arguments.append(offer.numberOfPeriods)
        arguments.append(durationText)
        arguments.append(duration.numberOfUnits)
        arguments.append(duration.unit.rawValue)
        arguments.append(regularPrice)
        arguments.append(recurringPrice)
        if offer.paymentMode == .payAsYouGo {
            arguments.append(try recurring(price: price, period: billing, periodText: periodText))
        }
        let keys = MessageKey.offer(offer.paymentMode)
        let headline = try messages.format(keys.headline, arguments)
        let summary = try messages.format(keys.summary, arguments)
        return RenderedOffer(type: offer.type, identifier: offer.identifier, paymentMode: offer.paymentMode,
                             price: price, period: periodText, duration: durationText,
                             headline: headline, summary: summary)
    }

    /// `$9.99/month`, `$24.99 every 3 months`, from the catalog's `recurringPrice`.
    private func recurring(price: String, period: SubscriptionPeriod, periodText: String) throws(PaywallTextError) -> String {
        var arguments = ICU.MessageFormat.Arguments(capacity: 4)
        arguments.append(price)
        arguments.append(periodText)
        arguments.append(period.numberOfUnits)
        arguments.append(period.unit.rawValue)
        return try messages.format(.recurringPrice, arguments)
    }
}

extension ValidatedProduct.Offer {
    /// The whole offer: the billing period times the number of periods, in the period's unit.
    var duration: SubscriptionPeriod {
        SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * numberOfPeriods)
    }
}
