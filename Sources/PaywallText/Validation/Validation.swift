#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks a ``Product`` against the rules of the model (PRODUCT §2, §7); the first
/// problem is thrown as a ``PaywallTextError`` naming the field path and the value.
enum Validation {
    static func validate(_ product: Product) throws(PaywallTextError) -> ValidatedProduct {
        try checkIdentifier(product.productIdentifier, path: "productIdentifier")
        try checkIdentifier(product.priceLocale, path: "priceLocale")
        let currency = try resolveCurrency(product)
        let digits = Currencies.digitsByCode[currency] ?? 2
        let (price, amount) = try checkPrice(product.price, path: "price", currency: currency, digits: digits)
        let period = try product.subscriptionPeriod.map { (period) throws(PaywallTextError) in
            try checkPeriod(period, path: "subscriptionPeriod")
        }

        var offers: [ValidatedOffer] = []
        if let intro = product.introductoryPrice {
            offers.append(try checkOffer(intro, path: "introductoryPrice", isIntroductory: true, product: product,
                                         currency: currency, digits: digits))
        }
        for (index, discount) in (product.discounts ?? []).enumerated() {
            offers.append(try checkOffer(discount, path: "discounts[\(index)]", isIntroductory: false, product: product,
                                         currency: currency, digits: digits))
        }
        return ValidatedProduct(productIdentifier: product.productIdentifier, currency: currency, digits: digits,
                                price: price, amount: amount, period: period, offers: offers)
    }

    /// Identifiers are echoed into output and logs: bounded, and free of control characters.
    private static func checkIdentifier(_ text: String?, path: String) throws(PaywallTextError) {
        guard let text else { return }
        let count = text.unicodeScalars.count
        guard count <= Limits.maximumIdentifierLength else {
            throw invalid(path, "must be at most \(Limits.maximumIdentifierLength) characters, got \(count)")
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            throw invalid(path, "contains the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex): \(quoted(text))")
        }
    }

    private static func resolveCurrency(_ product: Product) throws(PaywallTextError) -> String {
        var localeCurrency: String?
        if let priceLocale = product.priceLocale {
            localeCurrency = try Storefronts.currency(ofPriceLocale: priceLocale)
        }
        guard let code = product.currencyCode else {
            guard let localeCurrency else {
                throw invalid("currencyCode", "is required when priceLocale has no currency (priceLocale: \(product.priceLocale.map { quoted($0) } ?? "absent"))")
            }
            return localeCurrency
        }
        let currency = try Currencies.check(code, path: "currencyCode", what: "currency code")
        if let localeCurrency, localeCurrency != currency {
            throw invalid("currencyCode", "\(quoted(code)) disagrees with the currency of priceLocale, \(localeCurrency)")
        }
        return currency
    }

    /// The price as ASCII decimal text and exactly. `Decimal`'s text is made once; the other
    /// checks work on the exact value, which is faster than `Decimal`'s own comparisons.
    private static func checkPrice(_ price: Decimal, path: String, currency: String, digits: Int) throws(PaywallTextError) -> (String, ExactAmount) {
        guard !price.isNaN else { throw invalid(path, "must be a number, got NaN") }
        let text = price.description
        guard let (amount, fractionDigits) = ExactAmount.parse(decimal: text) else {
            throw invalid(path, "\(text) cannot be read as an exact decimal")
        }
        guard !(amount < .zero) else { throw invalid(path, "must not be negative, got \(text)") }
        guard amount < maximumPrice else {
            throw invalid(path, "must be less than \(Limits.maximumPrice), got \(text)")
        }
        guard fractionDigits <= digits else {
            throw invalid(path, "\(text) has \(fractionDigits) decimal places, but \(currency) has \(digits)")
        }
        return (text, amount)
    }

    /// ``Limits/maximumPrice`` exactly.
    private static let maximumPrice = ExactAmount(1_000_000_000_000)

    private static func checkPeriod(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> SubscriptionPeriod {
        try checkCount(period.numberOfUnits, path: path + ".numberOfUnits", maximum: Limits.maximumUnits)
        return period
    }

    private static func checkCount(_ count: Int, path: String, maximum: Int) throws(PaywallTextError) {
        guard count >= 1 else { throw invalid(path, "must be at least 1, got \(count)") }
        guard count <= maximum else { throw invalid(path, "must be at most \(maximum), got \(count)") }
    }

    private static func checkOffer(
        _ offer: Discount, path: String, isIntroductory: Bool, product: Product, currency: String, digits: Int
    ) throws(PaywallTextError) -> ValidatedOffer {
        guard product.subscriptionPeriod != nil else {
            throw invalid(path, "an offer needs a subscription, but the product has no subscriptionPeriod")
        }
        let type = offer.type ?? (isIntroductory ? .introductory : .promotional)
        if isIntroductory, type != .introductory {
            throw invalid(path + ".type", "must be introductory for introductoryPrice, got \(quoted(type.rawValue))")
        }
        if !isIntroductory, type == .introductory {
            throw invalid(path + ".type", "an introductory offer belongs in introductoryPrice, not in discounts")
        }
        try checkIdentifier(offer.identifier, path: path + ".identifier")
        if type != .introductory, (offer.identifier ?? "").isEmpty {
            throw invalid(path + ".identifier", "is required for a \(type.rawValue) offer")
        }
        guard (1...Limits.maximumPhases).contains(offer.phases.count) else {
            throw invalid(path + ".phases", "must hold 1 to \(Limits.maximumPhases) phases, got \(offer.phases.count)")
        }
        var phases: [ValidatedPhase] = []
        for (index, phase) in offer.phases.enumerated() {
            let phasePath = offer.phases.count == 1 ? path : "\(path).phases[\(index)]"
            phases.append(try checkPhase(phase, path: phasePath, currency: currency, digits: digits))
        }
        return ValidatedOffer(path: path, type: type, identifier: offer.identifier, phases: phases)
    }

    private static func checkPhase(
        _ phase: OfferPhase, path: String, currency: String, digits: Int
    ) throws(PaywallTextError) -> ValidatedPhase {
        let (price, amount) = try checkPrice(phase.price, path: path + ".price", currency: currency, digits: digits)
        let isFree = amount == .zero
        switch phase.paymentMode {
        case .freeTrial where !isFree:
            throw invalid(path + ".price", "must be 0 for a freeTrial, got \(price)")
        case .payAsYouGo where isFree, .payUpFront where isFree:
            throw invalid(path + ".price", "must be greater than 0 for \(phase.paymentMode.rawValue), got \(price); use freeTrial for a free offer")
        default:
            break
        }
        let period = try checkPeriod(phase.subscriptionPeriod, path: path + ".subscriptionPeriod")
        try checkCount(phase.numberOfPeriods, path: path + ".numberOfPeriods", maximum: Limits.maximumPeriods)
        return ValidatedPhase(path: path, paymentMode: phase.paymentMode, price: price, amount: amount,
                              numberOfPeriods: phase.numberOfPeriods, period: period)
    }

    private static func invalid(_ path: String, _ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: path, message: message)
    }
}
