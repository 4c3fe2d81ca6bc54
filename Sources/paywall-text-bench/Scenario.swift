import Foundation
import PaywallText
import PaywallTextSupport

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

    /// The regular price of one day, week, month and year, truncated to cents, worked out
    /// at setup for the raw-ICU floor (which measures ICU calls alone).
    let unitAmounts: [String]
    /// The offer price of one day, week, month and year.
    let offerUnitAmounts: [String]
    /// The offer's discount against the regular price, in whole percent, rounded down.
    let discountPercent: Int

    init(index: Int, price: String, trialDays: Int, offerPrice: String, offerMonths: Int) {
        self.index = index
        self.price = price
        self.trialDays = trialDays
        self.offerPrice = offerPrice
        self.offerMonths = offerMonths
        unitAmounts = ScenarioInput.perUnit(price, monthsBilled: 1)
        offerUnitAmounts = ScenarioInput.perUnit(offerPrice, monthsBilled: 1)
        let offer = Decimal(string: offerPrice)!, regular = Decimal(string: price)!
        var percent = (regular - offer) * 100 / regular
        var rounded = Decimal()
        NSDecimalRound(&rounded, &percent, 0, .down)
        discountPercent = NSDecimalNumber(decimal: rounded).intValue
    }

    /// Day, week, month, year prices of a price billed every `monthsBilled` months
    /// (a month is 365/12 days), truncated to cents.
    static func perUnit(_ price: String, monthsBilled: Int) -> [String] {
        let monthly = Decimal(string: price)! / Decimal(monthsBilled)
        return [monthly * 12 / 365, monthly * 84 / 365, monthly, monthly * 12].map { value in
            var value = value
            var rounded = Decimal()
            NSDecimalRound(&rounded, &value, 2, .down)
            return String(format: "%.2f", NSDecimalNumber(decimal: rounded).doubleValue)
        }
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
        &+ (text.terms?.utf8.count ?? 0) &+ strings(of: text.pricePer)
        &+ (text.billingPlan.map { $0.headline.utf8.count &+ $0.summary.utf8.count &+ $0.total.utf8.count } ?? 0)
    for offer in text.offers {
        total = total &+ offer.price.utf8.count &+ offer.period.utf8.count &+ offer.duration.utf8.count
            &+ offer.headline.utf8.count &+ offer.summary.utf8.count &+ offer.terms.utf8.count
            &+ (offer.discount.map { $0.text.utf8.count &+ $0.headline.utf8.count } ?? 0)
        for phase in offer.phases {
            total = total &+ phase.headline.utf8.count &+ strings(of: phase.pricePer)
        }
    }
    return total
}

/// The bytes of a result's copy texts, product's and offers'.
func copyStrings(of text: RenderedProduct) -> Int {
    text.offers.reduce(text.copy?.values.reduce(0) { $0 &+ $1.utf8.count } ?? 0) { total, offer in
        total &+ (offer.copy?.values.reduce(0) { $0 &+ $1.utf8.count } ?? 0)
    }
}

/// ``strings(of:)`` and the dates and dated sentences.
func datedStrings(of text: RenderedProduct) -> Int {
    var total = strings(of: text) &+ (text.dates.map { $0.firstChargeOn.text.utf8.count &+ $0.renewsOn.text.utf8.count } ?? 0)
    for offer in text.offers {
        total = total &+ (offer.datedHeadline?.utf8.count ?? 0) &+ (offer.datedSummary?.utf8.count ?? 0)
            &+ (offer.dates?.endsOn.text.utf8.count ?? 0)
    }
    return total
}

private func strings(of pricePer: PricePer?) -> Int {
    guard let pricePer else { return 0 }
    return PeriodUnit.allCases.reduce(0) { total, unit in
        total &+ pricePer[unit].price.utf8.count &+ pricePer[unit].recurringPrice.utf8.count &+ (pricePer[unit].billed?.utf8.count ?? 0)
    }
}

/// The 120 locale identifiers of the rotation measurement.
let rotationLocales = BenchSupport.rotationLocales

/// `count` spellings of en-US that name one locale: `en_US`, `en-us`, `EN-US`, and private
/// use subtags `en-US-x-s1`, `en-US-x-s2`, … as a server's clients may send them.
func manySpellingsOfEnglish(_ count: Int) -> [String] {
    let plain = ["en-US", "en_US", "en-us", "EN-US", "en_us"]
    return Array((plain + (1...count).map { "en-US-x-s\($0)" }).prefix(count))
}

/// The benchmark's regular prices as plans without offers: a plain monthly plan, and the same
/// price as 12 monthly payments then a new commitment (what the billing plan text adds).
struct BillingPlanScenario {
    let plain: [Product]
    let commitments: [Product]

    init(_ inputs: [ScenarioInput]) {
        plain = inputs.map { input in
            Product(productIdentifier: "bench.\(input.index)", price: Decimal(string: input.price)!, currencyCode: "USD",
                    subscriptionPeriod: .months(1))
        }
        commitments = plain.map { product in
            var commitment = product
            commitment.billingPlan = .commitment(Commitment(numberOfPayments: 12, renewal: .newCommitment(numberOfPayments: 12)))
            return commitment
        }
    }
}
