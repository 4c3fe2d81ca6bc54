#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks a ``Product`` against the rules of the model (PRODUCT §2, §7), naming every
/// problem with its field path and the value, not only the first.
enum Validation {
    /// The checks' outcome: what they worked out, or nothing when the product itself is at
    /// fault, and every problem found.
    struct Outcome {
        /// The product without the offers at fault, checked; `nil` when a problem is the
        /// product's own (its price, currency or period), which no offer can do without.
        var model: ValidatedProduct?
        /// The product as checked: as given, less the offers at fault.
        var product: Product
        /// Every problem, in field order.
        var errors: [PaywallTextError]
    }

    /// The first problem, thrown: a product passes every check or is not checked.
    static func validate(_ product: Product) throws(PaywallTextError) -> ValidatedProduct {
        let outcome = check(product)
        if let first = outcome.errors.first { throw first }
        return outcome.model!
    }

    /// Every problem of a product. An offer at fault is left out of the product (its
    /// problems are reported, and the product and its other offers are still checked), as
    /// the readers of store documents want: a bad offer does not take its base plan down.
    ///
    /// With `partial`, the product is what a reader made of a document before a problem of the
    /// product's own fields stopped it: the checks that need a field the reader could not read
    /// (whether it renews, its billing plan) are not run, since a missing field reads as its
    /// default here, not as what the document says.
    static func check(_ product: Product, partial: Bool = false) -> Outcome {
        var errors = ProblemList()
        errors.attempt { () throws(PaywallTextError) in try checkIdentifier(product.productIdentifier, path: "productIdentifier") }
        errors.attempt { () throws(PaywallTextError) in try checkIdentifier(product.priceLocale, path: "priceLocale") }
        let currency = errors.attempt { () throws(PaywallTextError) in try resolveCurrency(product) }
        // An unknown currency's digits are not checked: its own error says what is wrong.
        let digits = currency.flatMap { Currencies.digitsByCode[$0] }
        let price = errors.attempt { () throws(PaywallTextError) in
            try checkPrice(product.price, path: "price", currency: currency ?? "", digits: digits)
        }
        let period = product.subscriptionPeriod.flatMap { period in
            errors.attempt { () throws(PaywallTextError) in try checkPeriod(period, path: "subscriptionPeriod") }
        }
        if let price, !(ExactAmount.zero < price.amount), product.subscriptionPeriod != nil, product.billingPlan != .prepaid {
            // "Renews automatically at $0/month" is never a store's price: a price read as 0 is
            // a price the document did not give.
            errors.append(invalid("price", "must be above 0 for a subscription that renews, got \(price.text)"))
        }
        let plan = partial ? nil : product.billingPlan.flatMap { plan in
            checkBillingPlan(plan, of: product, price: price?.amount, currency: currency ?? "", digits: digits, errors: &errors)
        }
        let offerCount = (product.introductoryPrice == nil ? 0 : 1) + (product.discounts?.count ?? 0)
        if product.subscriptionPeriod == nil, offerCount > 0, !partial {
            // A one-time purchase has no offers: the product is refused rather than shown
            // without the offers it carries.
            let path = product.introductoryPrice != nil ? "introductoryPrice" : "discounts[0]"
            errors.append(invalid(path, "an offer needs a subscription, but the product has no subscriptionPeriod"))
        }
        let productErrors = errors.count

        var offers: [ValidatedOffer] = []
        var kept = product
        // The offers a commitment's or a prepaid plan's text cannot carry are left out, each with
        // its error: see ``offerLeftOut(_:path:by:)``.
        let offersPlan = product.subscriptionPeriod == nil ? nil : product.billingPlan
        if let intro = kept.introductoryPrice, let error = offerLeftOut(intro, path: "introductoryPrice", by: offersPlan) {
            errors.append(error)
            kept.introductoryPrice = nil
        }
        if let intro = kept.introductoryPrice {
            if let offer = checkOffer(intro, path: "introductoryPrice", isIntroductory: true, currency: currency ?? "",
                                      digits: digits, errors: &errors) {
                offers.append(offer)
            } else {
                kept.introductoryPrice = nil
            }
        }
        var keptDiscounts: [Discount] = []
        for (index, discount) in (kept.discounts ?? []).enumerated() {
            if let error = offerLeftOut(discount, path: "discounts[\(index)]", by: offersPlan) {
                errors.append(error)
                continue
            }
            if let offer = checkOffer(discount, path: "discounts[\(index)]", isIntroductory: false, currency: currency ?? "",
                                      digits: digits, errors: &errors) {
                offers.append(offer)
                keptDiscounts.append(discount)
            }
        }
        if kept.discounts != nil { kept.discounts = keptDiscounts.isEmpty ? nil : keptDiscounts }
        let names = DisplayNames.check(&kept, errors: &errors)

        guard productErrors == 0, let currency, let price, let digits else {
            return Outcome(model: nil, product: product, errors: errors.errors)
        }
        let model = ValidatedProduct(productIdentifier: product.productIdentifier, currency: currency, digits: digits,
                                     price: price.text, amount: price.amount, period: period, offers: offers, billingPlan: plan,
                                     names: names)
        return Outcome(model: model, product: kept, errors: errors.errors)
    }

    /// Identifiers are echoed into output and logs: bounded, and free of control characters.
    private static func checkIdentifier(_ text: String?, path: @autoclosure () -> String) throws(PaywallTextError) {
        guard let text else { return }
        try checkText(text, path: path())
    }

    /// A text echoed into output (an identifier, a display name): at most
    /// ``Limits/maximumIdentifierLength`` characters, without control characters.
    static func checkText(_ text: String, path: @autoclosure () -> String) throws(PaywallTextError) {
        // Printable ASCII, as most identifiers are: as many characters as bytes, none a control.
        let printable = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count <= Limits.maximumIdentifierLength && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        if printable == true { return }
        let count = text.unicodeScalars.count
        guard count <= Limits.maximumIdentifierLength else {
            throw invalid(path(), "must be at most \(Limits.maximumIdentifierLength) characters, got \(count)")
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            throw invalid(path(), "contains the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex): \(quoted(text))")
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
    /// - Parameter digits: The currency's digits; `nil` for an unknown currency, whose
    ///   digits are not checked.
    static func checkPrice(
        _ price: Decimal, path: @autoclosure () -> String, currency: String, digits: Int?
    ) throws(PaywallTextError) -> (text: String, amount: ExactAmount) {
        guard !price.isNaN else { throw invalid(path(), "must be a number, got NaN") }
        let text = ExactAmount.decimalText(of: price)
        guard let (amount, fractionDigits) = ExactAmount.parse(decimal: text) else {
            throw invalid(path(), "\(text) cannot be read as an exact decimal")
        }
        guard !(amount < .zero) else { throw invalid(path(), "must not be negative, got \(text)") }
        guard amount < maximumPrice else {
            throw invalid(path(), "must be less than \(Limits.maximumPrice), got \(text)")
        }
        if let digits, fractionDigits > digits {
            throw invalid(path(), "\(text) has \(fractionDigits) decimal places, but \(currency) has \(digits)")
        }
        return (text, amount)
    }

    /// ``Limits/maximumPrice`` exactly.
    private static let maximumPrice = ExactAmount(1_000_000_000_000)

    private static func checkPeriod(_ period: SubscriptionPeriod, path: @autoclosure () -> String) throws(PaywallTextError) -> SubscriptionPeriod {
        try checkCount(period.numberOfUnits, path: path() + ".numberOfUnits", maximum: Limits.maximumUnits)
        return period
    }

    static func checkCount(_ count: Int, path: @autoclosure () -> String, maximum: Int) throws(PaywallTextError) {
        guard count >= 1 else { throw invalid(path(), "must be at least 1, got \(count)") }
        guard count <= maximum else { throw invalid(path(), "must be at most \(maximum), got \(count)") }
    }

    /// Every problem of an offer, each phase's included, goes into `errors`; the offer is
    /// `nil` when it has any, and is then left out of the product.
    private static func checkOffer(
        _ offer: Discount, path: String, isIntroductory: Bool, currency: String, digits: Int?, errors: inout ProblemList
    ) -> ValidatedOffer? {
        let before = errors.count
        let type = offer.type ?? (isIntroductory ? .introductory : .promotional)
        if isIntroductory, type != .introductory {
            errors.append(invalid(path + ".type", "must be introductory for introductoryPrice, got \(quoted(type.rawValue))"))
        }
        if !isIntroductory, type == .introductory {
            errors.append(invalid(path + ".type", "an introductory offer belongs in introductoryPrice, not in discounts"))
        }
        errors.attempt { () throws(PaywallTextError) in try checkIdentifier(offer.identifier, path: path + ".identifier") }
        if type != .introductory, (offer.identifier ?? "").isEmpty {
            errors.append(invalid(path + ".identifier", "is required for a \(type.rawValue) offer"))
        }
        if offer.phases.count > Limits.maximumPhases {
            errors.append(invalid(path + ".phases", "must hold 1 to \(Limits.maximumPhases) phases, got \(offer.phases.count)"))
        }
        var phases: [ValidatedPhase] = []
        for (index, phase) in offer.phases.enumerated() {
            let phasePath = offer.phases.count == 1 ? path : "\(path).phases[\(index)]"
            if let checked = checkPhase(phase, path: phasePath, currency: currency, digits: digits, errors: &errors) {
                phases.append(checked)
            }
        }
        guard errors.count == before else { return nil }
        return ValidatedOffer(path: path, type: type, identifier: offer.identifier, phases: phases)
    }

    /// Every problem of a phase goes into `errors`; the phase is `nil` when it has any.
    private static func checkPhase(
        _ phase: OfferPhase, path: String, currency: String, digits: Int?, errors: inout ProblemList
    ) -> ValidatedPhase? {
        let before = errors.count
        let price = errors.attempt { () throws(PaywallTextError) in
            try checkPrice(phase.price, path: path + ".price", currency: currency, digits: digits)
        }
        if let price {
            let isFree = price.amount == .zero
            switch phase.paymentMode {
            case .freeTrial where !isFree:
                errors.append(invalid(path + ".price", "must be 0 for a freeTrial, got \(price.text)"))
            case .payAsYouGo where isFree, .payUpFront where isFree:
                errors.append(invalid(path + ".price",
                                      "must be greater than 0 for \(phase.paymentMode.rawValue), got \(price.text); use freeTrial for a free offer"))
            default:
                break
            }
        }
        let period = errors.attempt { () throws(PaywallTextError) in try checkPeriod(phase.subscriptionPeriod, path: path + ".subscriptionPeriod") }
        errors.attempt { () throws(PaywallTextError) in
            try checkCount(phase.numberOfPeriods, path: path + ".numberOfPeriods", maximum: Limits.maximumPeriods)
        }
        guard errors.count == before, let price, let period else { return nil }
        return ValidatedPhase(path: path, paymentMode: phase.paymentMode, price: price.text, amount: price.amount,
                              numberOfPeriods: phase.numberOfPeriods, period: period)
    }

    static func invalid(_ path: String, _ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: path, message: message)
    }
}

/// Problems as checks find them: each check that fails adds its error, and the next check
/// still runs.
struct ProblemList {
    private(set) var errors: [PaywallTextError] = []
    /// What a store reader had made of a product when a problem of the product's own fields
    /// stopped it (``add(own:parts:made:)``), so that the model's checks can still name the
    /// problems of the fields it did read, in the same reading.
    var partial: ProductDraft?

    var count: Int { errors.count }

    mutating func append(_ error: PaywallTextError) {
        errors.append(error)
    }

    /// The value `check` returns, or `nil` with its error added.
    @discardableResult
    mutating func attempt<Value>(_ check: () throws(PaywallTextError) -> Value) -> Value? {
        do {
            return try check()
        } catch {
            errors.append(error)
            return nil
        }
    }
}
