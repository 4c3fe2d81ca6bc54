/// Options for ``PaywallRenderer``.
public struct RenderOptions: Sendable, Hashable {
    /// Which period conversions apply (7 days → 1 week, 12 months → 1 year).
    public var normalization: PeriodNormalization

    /// Creates options; the defaults are PRODUCT's defaults.
    public init(normalization: PeriodNormalization = .standard) {
        self.normalization = normalization
    }
}

/// Renders products into localized paywall text.
///
/// A renderer is a small value; the ICU objects behind it are opened once per
/// locale and currency and shared by every renderer in the process. It is safe to
/// call from many tasks at once.
///
/// ```swift
/// let renderer = PaywallRenderer()
/// let text = try renderer.render(product, locale: "ru-RU")
/// print(text.price, text.period ?? "")   // 9,99 $ 1 месяц
/// ```
public struct PaywallRenderer: Sendable {
    /// The options this renderer applies.
    public var options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Renders one product in one locale.
    ///
    /// - Parameters:
    ///   - product: The product; it is validated first.
    ///   - locale: A BCP 47 tag (`pt-BR`) or ICU ID (`pt_BR`) that ICU has data for.
    /// - Throws: ``PaywallTextError`` naming the field and value at fault, or the locale.
    public func render(_ product: Product, locale: String) throws(PaywallTextError) -> RenderedProduct {
        let formatters = try LocaleStore.formatters(for: locale)
        let validated = try Validation.validate(product)
        return try render(validated, with: formatters)
    }

    /// Checks a locale identifier and returns its canonical BCP 47 tag.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unsupportedLocale``
    ///   when the identifier is malformed or ICU has no data for its language (`xx-QQ`).
    public static func canonicalLocale(_ identifier: String) throws(PaywallTextError) -> String {
        try LocaleStore.formatters(for: identifier).languageTag
    }

    func render(_ product: ValidatedProduct, with formatters: LocaleFormatters) throws(PaywallTextError) -> RenderedProduct {
        let normalization = options.normalization
        let price = try formatters.price(product.price, currency: product.currency, path: "price")
        let period = try product.period.map { (period) throws(PaywallTextError) in
            try formatters.period(normalization.normalize(period), path: "subscriptionPeriod").text
        }
        var offers: [RenderedOffer] = []
        offers.reserveCapacity(product.offers.count)
        for (index, offer) in product.offers.enumerated() {
            let path = offer.type == .introductory ? "introductoryPrice" : "discounts[\(index - (product.offers.first?.type == .introductory ? 1 : 0))]"
            offers.append(RenderedOffer(
                type: offer.type,
                identifier: offer.identifier,
                paymentMode: offer.paymentMode,
                price: try formatters.price(offer.price, currency: product.currency, path: path + ".price"),
                period: try formatters.period(normalization.normalize(offer.period), path: path + ".subscriptionPeriod").text,
                duration: try formatters.period(normalization.normalize(offer.duration), path: path).text
            ))
        }
        return RenderedProduct(locale: formatters.languageTag, productIdentifier: product.productIdentifier,
                               price: price, period: period, offers: offers)
    }
}

extension ValidatedProduct.Offer {
    /// The whole offer: the billing period times the number of periods, in the period's unit.
    var duration: SubscriptionPeriod {
        SubscriptionPeriod(unit: period.unit, numberOfUnits: period.numberOfUnits * numberOfPeriods)
    }
}
