/// The text of one product in one locale.
public struct RenderedProduct: Sendable, Hashable, Codable {
    /// The display locale as a BCP 47 tag (`en-US`).
    public var locale: String
    /// The product's identifier, as given.
    public var productIdentifier: String?
    /// The regular price: `$9.99`.
    public var price: String
    /// The billing period: `1 month`; `nil` for a one-time purchase.
    public var period: String?
    /// The introductory offer first, then the other offers in input order.
    public var offers: [RenderedOffer]

    /// Creates a result.
    public init(locale: String, productIdentifier: String?, price: String, period: String?, offers: [RenderedOffer]) {
        self.locale = locale
        self.productIdentifier = productIdentifier
        self.price = price
        self.period = period
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
    /// The offer price: `$1.99` (for a free trial, the price zero in the product's currency).
    public var price: String
    /// One offer billing period: `1 month`.
    public var period: String
    /// The whole offer, period × number of periods, normalized: `3 months`.
    public var duration: String

    /// Creates a result.
    public init(type: DiscountType, identifier: String?, paymentMode: PaymentMode, price: String, period: String, duration: String) {
        self.type = type
        self.identifier = identifier
        self.paymentMode = paymentMode
        self.price = price
        self.period = period
        self.duration = duration
    }
}
