#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How a subscriber pays during an offer (StoreKit's `PaymentMode`).
public enum PaymentMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Nothing is charged during the offer.
    case freeTrial
    /// The offer price is charged every offer period, for `numberOfPeriods` periods.
    case payAsYouGo
    /// The offer price is charged once, for the whole offer.
    case payUpFront

    /// Decodes one of the three StoreKit names; anything else is a ``PaywallTextError``.
    public init(from decoder: any Decoder) throws {
        self = try JSONField(JSONNode(from: decoder)).name(of: PaymentMode.self, naming: "payment mode")
    }
}

/// What kind of offer a discount is.
public enum DiscountType: String, Sendable, Hashable, CaseIterable, Codable {
    /// An introductory offer, for new subscribers.
    case introductory
    /// A promotional offer (StoreKit 1 calls it `subscription`; that name is read as this one).
    case promotional
    /// A win-back offer, for lapsed subscribers.
    case winBack
    /// An offer-code offer.
    case offerCode

    /// Decodes a type name, reading StoreKit 1's `subscription` as ``promotional``.
    public init(from decoder: any Decoder) throws {
        self = try JSONField(JSONNode(from: decoder)).name(of: DiscountType.self, naming: "offer type",
                                                           aliases: ["subscription": .promotional])
    }
}

/// An offer on a subscription (StoreKit's `SKProductDiscount`).
///
/// The offer lasts `subscriptionPeriod × numberOfPeriods` in every payment mode;
/// afterwards the product's regular price applies.
public struct Discount: Sendable, Hashable, Codable {
    /// The offer's identifier; required for every type but ``DiscountType/introductory``.
    public var identifier: String?
    /// The kind of offer. When absent, an `introductoryPrice` is introductory and an
    /// entry of `discounts` is promotional.
    public var type: DiscountType?
    /// How the subscriber pays during the offer.
    public var paymentMode: PaymentMode
    /// The offer price, in the product's currency: `0` for a free trial, the price per
    /// period for pay-as-you-go, the one-time price for pay-up-front.
    public var price: Decimal
    /// The offer's billing period.
    public var subscriptionPeriod: SubscriptionPeriod
    /// How many offer periods; at least 1.
    public var numberOfPeriods: Int

    /// Creates an offer.
    public init(
        identifier: String? = nil,
        type: DiscountType? = nil,
        paymentMode: PaymentMode,
        price: Decimal,
        subscriptionPeriod: SubscriptionPeriod,
        numberOfPeriods: Int = 1
    ) {
        self.identifier = identifier
        self.type = type
        self.paymentMode = paymentMode
        self.price = price
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, type, paymentMode, price, subscriptionPeriod, numberOfPeriods
    }

    /// Decodes an offer with the same reader as ``ProductDecoder`` (`price` may be a JSON
    /// string, `"1.99"`, or a number); errors are ``PaywallTextError``s naming the field.
    public init(from decoder: any Decoder) throws {
        self = try ProductReader.discount(JSONField(JSONNode(from: decoder)))
    }

    /// Encodes the offer, with `price` as a JSON string so no digit is lost.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encode(paymentMode, forKey: .paymentMode)
        try container.encode(price.description, forKey: .price)
        try container.encode(subscriptionPeriod, forKey: .subscriptionPeriod)
        try container.encode(numberOfPeriods, forKey: .numberOfPeriods)
    }
}
