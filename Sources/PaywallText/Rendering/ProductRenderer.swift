/// Turns a validated product into every string of one locale: formatted pieces
/// first (prices, periods), then the catalog's sentences built from them.
struct ProductRenderer {
    /// The current thread's formatters and messages for the locale.
    let context: RenderContext

    private var messages: MessageSet { context.messages }

    func render(_ product: ValidatedProduct) throws(PaywallTextError) -> RenderedProduct {
        let priceFormatter = try context.priceFormatter(currency: product.currency, path: "price")
        let price = try context.price(product.price, with: priceFormatter, path: "price")
        var period: String?
        var recurringPrice: String?
        if let billing = product.period {
            let text = try context.periodText(billing, path: "subscriptionPeriod")
            period = text
            recurringPrice = try recurring(price: price, period: billing, periodText: text)
        }
        var offers: [RenderedOffer] = []
        offers.reserveCapacity(product.offers.count)
        for offer in product.offers {
            offers.append(try render(offer, priceFormatter: priceFormatter, regularPrice: price,
                                     recurringPrice: recurringPrice ?? price))
        }
        return RenderedProduct(locale: context.languageTag, catalog: context.catalog,
                               productIdentifier: product.productIdentifier, currencyCode: product.currency,
                               price: price, period: period, recurringPrice: recurringPrice, offers: offers)
    }

    private func render(
        _ offer: ValidatedOffer, priceFormatter: ICU.NumberFormatter, regularPrice: String, recurringPrice: String
    ) throws(PaywallTextError) -> RenderedOffer {
        let periodText = try context.periodText(offer.period, path: offer.path + ".subscriptionPeriod")
        let durationText = try context.periodText(offer.duration, path: offer.path)
        let price = offer.isFree
            ? context.free
            : try context.price(offer.price, with: priceFormatter, path: offer.path + ".price")
        let arguments = OfferArguments(
            price: price, period: periodText, periods: offer.numberOfPeriods, duration: durationText,
            count: offer.duration.numberOfUnits, unit: offer.duration.unit.rawValue,
            regularPrice: regularPrice, recurringPrice: recurringPrice)

        let headline: String, summary: String
        switch offer.paymentMode {
        case .freeTrial:
            headline = try messages.format(Messages.freeTrialHeadline, arguments)
            summary = try messages.format(Messages.freeTrialSummary, arguments)
        case .payAsYouGo:
            let payAsYouGo = PayAsYouGoArguments(
                offer: arguments, recurringOfferPrice: try recurring(price: price, period: offer.period, periodText: periodText))
            headline = try messages.format(Messages.payAsYouGoHeadline, payAsYouGo)
            summary = try messages.format(Messages.payAsYouGoSummary, payAsYouGo)
        case .payUpFront:
            headline = try messages.format(Messages.payUpFrontHeadline, arguments)
            summary = try messages.format(Messages.payUpFrontSummary, arguments)
        }
        return RenderedOffer(type: offer.type, identifier: offer.identifier, paymentMode: offer.paymentMode,
                             price: price, period: periodText, duration: durationText,
                             headline: headline, summary: summary)
    }

    /// `$9.99/month`, `$24.99 every 3 months`, from the catalog's `recurringPrice`.
    private func recurring(price: String, period: SubscriptionPeriod, periodText: String) throws(PaywallTextError) -> String {
        try messages.format(Messages.recurringPrice, PeriodPriceArguments(
            price: price, period: periodText, count: period.numberOfUnits, unit: period.unit.rawValue))
    }
}
