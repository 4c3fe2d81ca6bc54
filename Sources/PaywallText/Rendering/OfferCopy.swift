/// Turns a validated product into every string of one locale: formatted pieces
/// first (prices, periods), then the catalog's sentences built from them.
struct OfferCopy {
    let formatters: LocaleFormatters
    let messages: CompiledCatalog
    let normalization: PeriodNormalization

    func render(_ product: ValidatedProduct) throws(PaywallTextError) -> RenderedProduct {
        let price = try formatters.price(product.price, currency: product.currency, path: "price")
        var period: String?
        var recurringPrice: String?
        if let billing = product.period.map(normalization.normalize) {
            let text = try formatters.period(billing, path: "subscriptionPeriod").text
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
            offers.append(try render(offer, path: path, regularPrice: price, recurringPrice: recurringPrice ?? price))
        }
        return RenderedProduct(locale: formatters.languageTag, catalog: messages.name,
                               productIdentifier: product.productIdentifier, price: price, period: period,
                               recurringPrice: recurringPrice, offers: offers)
    }

    private func render(
        _ offer: ValidatedProduct.Offer, path: String, regularPrice: String, recurringPrice: String
    ) throws(PaywallTextError) -> RenderedOffer {
        let billing = normalization.normalize(offer.period)
        let duration = normalization.normalize(offer.duration)
        let periodText = try formatters.period(billing, path: path + ".subscriptionPeriod").text
        let durationText = try formatters.period(duration, path: path).text
        let price = offer.isFree
            ? try messages.format(.free, [:])
            : try formatters.price(offer.price, currency: offer.currency, path: path + ".price")

        let keys = MessageKey.offer(offer.paymentMode)
        let headline: String, summary: String
        if offer.paymentMode == .payAsYouGo {
            let recurringOfferPrice = try recurring(price: price, period: billing, periodText: periodText)
            let arguments: KeyValuePairs<String, ICU.MessageFormat.Argument> = [
                "price": .string(price), "recurringOfferPrice": .string(recurringOfferPrice),
                "period": .string(periodText), "periods": .integer(offer.numberOfPeriods),
                "duration": .string(durationText), "count": .integer(duration.numberOfUnits),
                "unit": .string(duration.unit.rawValue), "regularPrice": .string(regularPrice),
                "recurringPrice": .string(recurringPrice),
            ]
            headline = try messages.format(keys.headline, arguments)
            summary = try messages.format(keys.summary, arguments)
        } else {
            let arguments: KeyValuePairs<String, ICU.MessageFormat.Argument> = [
                "price": .string(price), "period": .string(periodText), "periods": .integer(offer.numberOfPeriods),
                "duration": .string(durationText), "count": .integer(duration.numberOfUnits),
                "unit": .string(duration.unit.rawValue), "regularPrice": .string(regularPrice),
                "recurringPrice": .string(recurringPrice),
            ]
            headline = try messages.format(keys.headline, arguments)
            summary = try messages.format(keys.summary, arguments)
        }
        return RenderedOffer(type: offer.type, identifier: offer.identifier, paymentMode: offer.paymentMode,
                             price: price, period: periodText, duration: durationText,
                             headline: headline, summary: summary)
    }

    /// `$9.99/month`, `$24.99 every 3 months`, from the catalog's `recurringPrice`.
    private func recurring(price: String, period: SubscriptionPeriod, periodText: String) throws(PaywallTextError) -> String {
        try messages.format(.recurringPrice, [
            "price": .string(price), "period": .string(periodText),
            "count": .integer(period.numberOfUnits), "unit": .string(period.unit.rawValue),
        ])
    }
}

extension ValidatedProduct.Offer {
    /// The whole offer: the billing period times the number of periods, in the period's unit.
    var duration: SubscriptionPeriod {
        SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * numberOfPeriods)
    }
}
