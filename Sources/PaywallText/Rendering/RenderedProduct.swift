/// The text of one product in one locale.
public struct RenderedProduct: Sendable, Hashable, Codable {
    /// The display locale as a BCP 47 tag (`en-US`).
    public var locale: String
    /// The catalog that supplied the sentences (`pt` for `pt-PT`, `en` for `sw-KE`).
    public var catalog: String
    /// The product's identifier, as given.
    public var productIdentifier: String?
    /// The ISO 4217 code of the prices, from `currencyCode` or the `priceLocale` (`USD`).
    public var currencyCode: String
    /// The regular price: `$9.99`.
    public var price: String
    /// The billing period: `1 month`; `nil` for a one-time purchase.
    public var period: String?
    /// The price with its period: `$9.99/month`, `$24.99 every 3 months`; `nil` for a one-time purchase.
    public var recurringPrice: String?
    /// The introductory offer first, then the other offers in input order.
    public var offers: [RenderedOffer]

    /// Creates a result.
    public init(
        locale: String, catalog: String, productIdentifier: String?, currencyCode: String, price: String,
        period: String?, recurringPrice: String?, offers: [RenderedOffer]
    ) {
        self.locale = locale
        self.catalog = catalog
        self.productIdentifier = productIdentifier
        self.currencyCode = currencyCode
        self.price = price
        self.period = period
        self.recurringPrice = recurringPrice
        self.offers = offers
    }
}

/// The text of one offer in one locale.
public struct RenderedOffer: Sendable, Hashable, Codable {
    /// The kind of offer.
    public var type: DiscountType
    /// The offer's identifier, as given.
    public var identifier: String?
    /// How the subscriber pays during the offer.
    public var paymentMode: PaymentMode
    /// The offer price: `$1.99`, or the catalog's word for free (`Free`) for a free trial.
    public var price: String
    /// One offer billing period: `1 month`.
    public var period: String
    /// The whole offer, period × number of periods, normalized: `3 months`.
    public var duration: String
    /// The offer's large text: `1 week free`, `$1.99/month for 3 months`, `3 months for $4.99`.
    public var headline: String
    /// One line saying what is paid during and after the offer:
    /// `Free for 1 week, then $9.99/month`.
    public var summary: String

    /// Creates a result.
    public init(
        type: DiscountType, identifier: String?, paymentMode: PaymentMode, price: String, period: String,
        duration: String, headline: String, summary: String
    ) {
        self.type = type
        self.identifier = identifier
        self.paymentMode = paymentMode
        self.price = price
        self.period = period
        self.duration = duration
        self.headline = headline
        self.summary = summary
    }
}
