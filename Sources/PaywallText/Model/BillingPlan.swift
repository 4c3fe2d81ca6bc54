#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// How a product's price is paid when it is not "the price every billing period until
/// cancelled" (PRODUCT §15): a commitment to a number of payments, or a prepaid period that
/// nothing renews.
///
/// A product has at most one billing plan, and its ``Product/price`` and
/// ``Product/subscriptionPeriod`` are the plan's: for a commitment, the price of one payment
/// and the time between two payments; for a prepaid plan, the price paid once and the time
/// it buys. A subscription sold in several ways (Apple's yearly subscription billed up front
/// or in 12 monthly payments; a Google Play base plan and an installment base plan) is one
/// ``Product`` per way, with the same `productIdentifier`, so that each is a plan of the
/// paywall with its own text and savings.
///
/// ```swift
/// // 12 monthly payments of €4.99, then a new 12-month commitment (Apple's rule).
/// let plan = Product(productIdentifier: "com.example.pro.yearly", price: Decimal(string: "4.99")!,
///                    currencyCode: "EUR", subscriptionPeriod: .months(1),
///                    billingPlan: .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12))))
/// ```
///
/// In JSON: `{"type": "commitment", "numberOfPayments": 12, "totalPrice": "59.88",
/// "renewal": "newCommitment", "renewalPayments": 12}` or `{"type": "prepaid"}`.
public enum BillingPlan: Sendable, Hashable, Codable {
    /// The product's price every ``Product/subscriptionPeriod``, for a number of payments the
    /// subscriber commits to; then what ``Commitment/renewal`` says.
    case commitment(Commitment)
    /// The product's price once, for one ``Product/subscriptionPeriod``; nothing renews
    /// automatically (a Google Play prepaid base plan).
    case prepaid

    /// Which kind of plan this is.
    public var type: BillingPlanType {
        switch self {
        case .commitment: .commitment
        case .prepaid: .prepaid
        }
    }

    /// Decodes `{"type": "commitment", …}` or `{"type": "prepaid"}` with the same reader as
    /// ``ProductDecoder``; errors are ``PaywallTextError``s naming the field.
    public init(from decoder: any Decoder) throws {
        self = try ProductReader.billingPlan(JSONField(JSONNode(from: decoder)))
    }

    private enum CodingKeys: String, CodingKey {
        case type, numberOfPayments, totalPrice, renewal, renewalPayments
    }

    /// Encodes the plan as ``ProductDecoder`` reads it, with `totalPrice` as a JSON string so
    /// that no digit is lost.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type.rawValue, forKey: .type)
        guard case .commitment(let commitment) = self else { return }
        try container.encode(commitment.numberOfPayments, forKey: .numberOfPayments)
        try container.encodeIfPresent(commitment.totalPrice?.description, forKey: .totalPrice)
        try container.encode(commitment.renewal.name.rawValue, forKey: .renewal)
        if case .newCommitment(let payments) = commitment.renewal {
            try container.encode(payments, forKey: .renewalPayments)
        }
    }
}

/// The kinds of ``BillingPlan``, as JSON names them.
public enum BillingPlanType: String, Sendable, Hashable, CaseIterable {
    /// A number of payments the subscriber commits to (Apple's monthly plan with a 12-month
    /// commitment, a Google Play installment plan).
    case commitment
    /// One payment for one period, not renewed automatically (a Google Play prepaid plan).
    case prepaid
}

/// A commitment to a number of payments of a product's price, one every billing period.
public struct Commitment: Sendable, Hashable {
    /// How many payments the subscriber commits to: at least 2, at most ``Limits/maximumPeriods``.
    public var numberOfPayments: Int
    /// The commitment's total as a document states it (StoreKit's `commitmentInfo.price`);
    /// when given, it must equal ``numberOfPayments`` × the product's price exactly. The
    /// total is always worked out exactly, stated or not.
    public var totalPrice: Decimal?
    /// What follows the last payment.
    public var renewal: CommitmentRenewal

    /// Creates a commitment.
    public init(numberOfPayments: Int, totalPrice: Decimal? = nil, renewal: CommitmentRenewal) {
        self.numberOfPayments = numberOfPayments
        self.totalPrice = totalPrice
        self.renewal = renewal
    }
}

/// What follows the last payment of a commitment.
public enum CommitmentRenewal: Sendable, Hashable {
    /// The subscription goes on at the same price every billing period, without a commitment,
    /// until cancelled (Google Play's `RENEWAL_TYPE_RENEWS_WITHOUT_COMMITMENT`, an installment
    /// plan whose `subsequentCommitmentPaymentsCount` is 0).
    case regularPrice
    /// A new commitment of `numberOfPayments` payments begins, unless the subscriber cancels
    /// before it does (Apple's monthly plan with a 12-month commitment; Google Play's
    /// `RENEWAL_TYPE_RENEWS_WITH_COMMITMENT`).
    case newCommitment(numberOfPayments: Int)
    /// Nothing follows: the subscription ends with the last payment's period.
    case ends

    /// The renewal's name, as JSON writes it.
    public var name: Name {
        switch self {
        case .regularPrice: .regularPrice
        case .newCommitment: .newCommitment
        case .ends: .ends
        }
    }

    /// The names of the renewals, as JSON writes them (`"renewal": "newCommitment"`).
    public enum Name: String, Sendable, Hashable, CaseIterable {
        /// ``CommitmentRenewal/regularPrice``.
        case regularPrice
        /// ``CommitmentRenewal/newCommitment(numberOfPayments:)``.
        case newCommitment
        /// ``CommitmentRenewal/ends``.
        case ends
    }
}
