#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A product as the App Store describes it (StoreKit's `SKProduct`), with its offers.
///
/// Field names are StoreKit's. Decode it from JSON with ``ProductDecoder``, or build
/// it in Swift; either way it is checked when rendered.
public struct Product: Sendable, Hashable, Codable {
    /// The product's identifier, echoed in results.
    public var productIdentifier: String?
    /// The regular price, an exact decimal in the product's currency.
    public var price: Decimal
    /// The storefront locale, `en_US@currency=USD` (ICU/Apple form) or `en-US-u-cu-usd`
    /// (BCP 47). It supplies the currency when ``currencyCode`` is absent.
    public var priceLocale: String?
    /// The ISO 4217 currency code (`USD`); optional when ``priceLocale`` carries a currency.
    public var currencyCode: String?
    /// The billing period; `nil` for a one-time purchase.
    public var subscriptionPeriod: SubscriptionPeriod?
    /// The introductory offer, if any.
    public var introductoryPrice: Discount?
    /// Promotional, win-back and offer-code offers.
    public var discounts: [Discount]?
    /// How the price is paid when it is not "the price every period until cancelled": a
    /// commitment to a number of payments, or a prepaid period; `nil` for a plain
    /// subscription (and a one-time purchase). See ``BillingPlan``.
    public var billingPlan: BillingPlan?
    /// The product's name as the store shows it to customers (StoreKit 2's `displayName`,
    /// Google Play's `name`, RevenueCat's `title`), for the `title` disclosure
    /// (``Disclosure/Role/title``); `nil` when the input carries none, and the library
    /// never makes one up. Used where ``localizedDisplayNames`` has none for the locale.
    public var displayName: String?
    /// The product's name per locale, where the input carries localizations (App Store
    /// Connect's and an Xcode StoreKit configuration's, Play Console's listings), keyed by
    /// the locale as the document spells it (`en-US`, `de_DE`). A render takes the name of the
    /// locale that matches it best by ICU's likely subtags (same language, script and region,
    /// else same language and script), trying the display locale and then the language of its
    /// sentences, and else ``displayName``.
    public var localizedDisplayNames: [String: String]?

    /// Creates a product.
    public init(
        productIdentifier: String? = nil,
        price: Decimal,
        priceLocale: String? = nil,
        currencyCode: String? = nil,
        subscriptionPeriod: SubscriptionPeriod? = nil,
        introductoryPrice: Discount? = nil,
        discounts: [Discount]? = nil,
        billingPlan: BillingPlan? = nil,
        displayName: String? = nil,
        localizedDisplayNames: [String: String]? = nil
    ) {
        self.productIdentifier = productIdentifier
        self.price = price
        self.priceLocale = priceLocale
        self.currencyCode = currencyCode
        self.subscriptionPeriod = subscriptionPeriod
        self.introductoryPrice = introductoryPrice
        self.discounts = discounts
        self.billingPlan = billingPlan
        self.displayName = displayName
        self.localizedDisplayNames = localizedDisplayNames
    }

    private enum CodingKeys: String, CodingKey {
        case productIdentifier, price, priceLocale, currencyCode, subscriptionPeriod, introductoryPrice, discounts, billingPlan
        case displayName, localizedDisplayNames
    }

    /// Decodes a product with the same reader as ``ProductDecoder`` (`price` may be a
    /// JSON string, `"9.99"`, or a number); errors are ``PaywallTextError``s naming the field.
    public init(from decoder: any Decoder) throws {
        self = try ProductReader.product(JSONField(JSONNode(from: decoder)))
    }

    /// Encodes the product, with prices as JSON strings so no digit is lost.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(productIdentifier, forKey: .productIdentifier)
        try container.encode(price.description, forKey: .price)
        try container.encodeIfPresent(priceLocale, forKey: .priceLocale)
        try container.encodeIfPresent(currencyCode, forKey: .currencyCode)
        try container.encodeIfPresent(subscriptionPeriod, forKey: .subscriptionPeriod)
        try container.encodeIfPresent(introductoryPrice, forKey: .introductoryPrice)
        try container.encodeIfPresent(discounts, forKey: .discounts)
        try container.encodeIfPresent(billingPlan, forKey: .billingPlan)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(localizedDisplayNames, forKey: .localizedDisplayNames)
    }
}
