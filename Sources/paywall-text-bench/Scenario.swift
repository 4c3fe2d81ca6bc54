import Foundation
import PaywallText

/// The benchmark's input: one realistic product with a free trial and a
/// pay-as-you-go promotional offer, varied per iteration so that nothing is constant.
struct ScenarioInput {
    let index: Int
    let price: String
    let trialDays: Int
    let offerPrice: String
    let offerMonths: Int

    /// 64 variants: prices, trial lengths (3, 7, 14 days) and offer lengths (2–6 months).
    static let variants: [ScenarioInput] = (0..<64).map { index in
        let cents = 99 + index * 100          // 0.99 … 63.99 added to 4.00
        let price = "\(4 + cents / 100).\(String(format: "%02d", cents % 100))"
        let offerCents = 49 + (index % 16) * 25
        return ScenarioInput(
            index: index,
            price: price,
            trialDays: [3, 7, 14][index % 3],
            offerPrice: "\(offerCents / 100).\(String(format: "%02d", offerCents % 100))",
            offerMonths: 2 + index % 5)
    }

    /// A new product value with storage of its own, as a server request would decode it,
    /// with the storefront locale and currency code StoreKit supplies.
    var product: Product {
        Product(
            productIdentifier: "com.example.bench.\(index)", price: Decimal(string: price)!,
            priceLocale: "en_US@currency=USD", currencyCode: "USD",
            subscriptionPeriod: .months(1),
            introductoryPrice: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .days(trialDays)),
            discounts: [Discount(identifier: "promo", type: .promotional, paymentMode: .payAsYouGo,
                                 price: Decimal(string: offerPrice)!, subscriptionPeriod: .months(1),
                                 numberOfPeriods: offerMonths)])
    }
}

/// The total length of PaywallText's strings, summed into a checksum so the work
/// cannot be optimized away.
func strings(of text: RenderedProduct) -> Int {
    var total = text.price.utf8.count &+ (text.period?.utf8.count ?? 0) &+ (text.recurringPrice?.utf8.count ?? 0)
    for offer in text.offers {
        total = total &+ offer.price.utf8.count &+ offer.period.utf8.count &+ offer.duration.utf8.count
            &+ offer.headline.utf8.count &+ offer.summary.utf8.count
    }
    return total
}

/// The 120 locale identifiers of the rotation measurement.
let rotationLocales = BenchSupport.rotationLocales
