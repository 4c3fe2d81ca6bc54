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

    /// Decodes one of the three StoreKit names, or StoreKit 1's raw value
    /// (`SKProductDiscount.PaymentMode`: 0 payAsYouGo, 1 payUpFront, 2 freeTrial); anything
    /// else is a ``PaywallTextError``.
    public init(from decoder: any Decoder) throws {
        self = try JSONField(JSONNode(from: decoder)).name(
            of: PaymentMode.self, naming: "payment mode", rawValues: StoreKitRawValues.paymentModes)
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

    /// Decodes a type name, reading StoreKit 1's `subscription` as ``promotional``, or
    /// StoreKit 1's raw value (`SKProductDiscount.Type`: 0 introductory, 1 subscription).
    public init(from decoder: any Decoder) throws {
        self = try JSONField(JSONNode(from: decoder)).name(
            of: DiscountType.self, naming: "offer type", aliases: ["subscription": .promotional],
            rawValues: StoreKitRawValues.discountTypes)
    }
}

/// One phase of an offer: a payment mode, its price and its billing period, for a
/// number of periods. An offer is one to three phases applied in order, then the
/// product's regular price.
public struct OfferPhase: Sendable, Hashable, Codable {
    /// How the subscriber pays during the phase.
    public var paymentMode: PaymentMode
    /// The phase's price, in the product's currency: `0` for a free trial, the price per
    /// period for pay-as-you-go, the one-time price for pay-up-front.
    public var price: Decimal
    /// The phase's billing period.
    public var subscriptionPeriod: SubscriptionPeriod
    /// How many billing periods; at least 1. The phase lasts `subscriptionPeriod × numberOfPeriods`.
    public var numberOfPeriods: Int

    /// Creates a phase.
    public init(paymentMode: PaymentMode, price: Decimal, subscriptionPeriod: SubscriptionPeriod, numberOfPeriods: Int = 1) {
        self.paymentMode = paymentMode
        self.price = price
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
    }

    private enum CodingKeys: String, CodingKey {
        case paymentMode, price, subscriptionPeriod, numberOfPeriods
    }

    /// Decodes a phase with the same reader as ``ProductDecoder``.
    public init(from decoder: any Decoder) throws {
        self = try ProductReader.phase(JSONField(JSONNode(from: decoder)))
    }

    /// Encodes the phase, with `price` as a JSON string so no digit is lost.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(paymentMode, forKey: .paymentMode)
        try container.encode(price.description, forKey: .price)
        try container.encode(subscriptionPeriod, forKey: .subscriptionPeriod)
        try container.encode(numberOfPeriods, forKey: .numberOfPeriods)
    }
}

/// An offer on a subscription (StoreKit's `SKProductDiscount`).
///
/// An offer has one to three ``phases``, applied in order; afterwards the product's
/// regular price applies. An offer without a phase cannot be made. StoreKit's offer fields
/// (``paymentMode``, ``price``, ``subscriptionPeriod``, ``numberOfPeriods``) describe an
/// offer of one phase, and read and write the first phase of an offer of several (a Google
/// Play offer with a free trial and then a reduced price; an App Store offer code on top of
/// an introductory offer).
public struct Discount: Sendable, Hashable, Codable {
    /// The offer's identifier; required for every type but ``DiscountType/introductory``.
    public var identifier: String?
    /// The kind of offer. When absent, an `introductoryPrice` is introductory and an
    /// entry of `discounts` is promotional.
    public var type: DiscountType?
    /// Every phase, in order: ``firstPhase`` then ``laterPhases``; never empty.
    public private(set) var phases: [OfferPhase]

    /// The first phase.
    public var firstPhase: OfferPhase {
        get { phases[0] }
        set { phases[0] = newValue }
    }

    /// The phases after the first, in order (at most two more are rendered).
    public var laterPhases: [OfferPhase] {
        get { Array(phases.dropFirst()) }
        set { phases = [phases[0]] + newValue }
    }

    /// How the subscriber pays during the (first) phase.
    public var paymentMode: PaymentMode {
        get { firstPhase.paymentMode }
        set { firstPhase.paymentMode = newValue }
    }
    /// The (first) phase's price: `0` for a free trial, the price per period for
    /// pay-as-you-go, the one-time price for pay-up-front.
    public var price: Decimal {
        get { firstPhase.price }
        set { firstPhase.price = newValue }
    }
    /// The (first) phase's billing period.
    public var subscriptionPeriod: SubscriptionPeriod {
        get { firstPhase.subscriptionPeriod }
        set { firstPhase.subscriptionPeriod = newValue }
    }
    /// How many billing periods the (first) phase has; at least 1.
    public var numberOfPeriods: Int {
        get { firstPhase.numberOfPeriods }
        set { firstPhase.numberOfPeriods = newValue }
    }

    /// Creates an offer of one phase, as StoreKit describes one.
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
        phases = [OfferPhase(paymentMode: paymentMode, price: price, subscriptionPeriod: subscriptionPeriod,
                             numberOfPeriods: numberOfPeriods)]
    }

    /// Creates an offer of phases applied in order: `first`, then `later` (rendering takes
    /// at most three in all; more is an error naming the offer's `phases`).
    public init(identifier: String? = nil, type: DiscountType? = nil, phases first: OfferPhase, then later: [OfferPhase] = []) {
        self.identifier = identifier
        self.type = type
        phases = [first] + later
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, type, paymentMode, price, subscriptionPeriod, numberOfPeriods, phases
    }

    /// Decodes an offer with the same reader as ``ProductDecoder`` (`price` may be a JSON
    /// string, `"1.99"`, or a number); errors are ``PaywallTextError``s naming the field.
    public init(from decoder: any Decoder) throws {
        self = try ProductReader.discount(JSONField(JSONNode(from: decoder)))
    }

    /// Encodes the offer: StoreKit's fields for one phase, `phases` for several; prices as
    /// JSON strings so no digit is lost.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encodeIfPresent(type, forKey: .type)
        if phases.count == 1 {
            try container.encode(paymentMode, forKey: .paymentMode)
            try container.encode(price.description, forKey: .price)
            try container.encode(subscriptionPeriod, forKey: .subscriptionPeriod)
            try container.encode(numberOfPeriods, forKey: .numberOfPeriods)
        } else {
            try container.encode(phases, forKey: .phases)
        }
    }
}

extension Discount {
    /// An offer of the phases of a list, in order; `nil` for an empty list, which a reader
    /// reports as an error of its own.
    init?(identifier: String?, type: DiscountType?, phaseList: [OfferPhase]) {
        guard let first = phaseList.first else { return nil }
        self.init(identifier: identifier, type: type, phases: first, then: Array(phaseList.dropFirst()))
    }
}
