#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
package import PaywallText
import PaywallTextGoldens

/// The billing plans of the golden files and the review site (PRODUCT §15), and the paywall
/// of tiers that savings must not compare (§10).
extension GoldenCases {
    /// A commitment of `payments` payments of `price` EUR every `period`, then `renewal` (a new
    /// commitment has as many payments as the first).
    package static func commitment(
        _ price: Decimal, _ period: SubscriptionPeriod, payments: Int, renewal: CommitmentRenewal.Name, currency: String = "EUR"
    ) -> Product {
        let then: CommitmentRenewal = switch renewal {
        case .regularPrice: .regularPrice
        case .newCommitment: .newCommitment(numberOfPayments: payments)
        case .ends: .ends
        }
        return Product(price: price, currencyCode: currency, subscriptionPeriod: period,
                       billingPlan: .commitment(Commitment(numberOfPayments: payments, renewal: then)))
    }

    /// A prepaid plan of `price` for `period`.
    package static func prepaid(_ price: String, _ currency: String, _ period: SubscriptionPeriod) -> Product {
        Product(price: decimal(price), currencyCode: currency, subscriptionPeriod: period, billingPlan: .prepaid)
    }

    /// `4.99 EUR/1 month · commitment × 12, then newCommitment × 12`, `9.99 USD/1 month · prepaid`.
    package static func describe(_ product: Product) -> String {
        var text = "\(product.price) \(product.currencyCode ?? "")"
        if let period = product.subscriptionPeriod { text += "/\(GoldenWriter.describe(period))" }
        if let plan = product.billingPlan { text += " · \(GoldenWriter.describe(plan))" }
        return text
    }

    /// Commitments of 3, 6, 12 and 24 monthly payments of 4.99 EUR, each with every renewal.
    package static let monthlyCommitments: [Int] = [3, 6, 12, 24]

    /// Prepaid plans of several periods, in USD.
    package static let prepaidPlans: [(price: String, period: SubscriptionPeriod)] = [
        ("0.99", .days(1)), ("2.99", .weeks(1)), ("9.99", .months(1)), ("24.99", .months(3)), ("59.99", .years(1)),
    ]

    /// A paywall of plans billed the same month with and without a commitment: the commitment
    /// saves against the plain monthly plan; the two commitments compare with each other.
    package static let commitmentPaywall: [Product] = [
        product("9.99", "EUR", .months(1)),
        commitment(decimal("4.99"), .months(1), payments: 12, renewal: .newCommitment),
        commitment(decimal("3.99"), .months(1), payments: 24, renewal: .regularPrice),
        product("49.99", "EUR", .years(1)),
    ]

    /// Five monthly coaching tiers of different content, a weekly and a yearly plan: the tiers
    /// are never compared with each other (no "Save 75%" between the 9.99 and the 39.99 tier);
    /// each plan saves against the dearest per month of the plans of other periods.
    package static let tiers: [(price: String, currency: String, period: SubscriptionPeriod)] = [
        ("9.99", "USD", .months(1)), ("19.99", "USD", .months(1)), ("24.99", "USD", .months(1)), ("29.99", "USD", .months(1)),
        ("39.99", "USD", .months(1)), ("4.99", "USD", .weeks(1)), ("99.99", "USD", .years(1)),
    ]
}
