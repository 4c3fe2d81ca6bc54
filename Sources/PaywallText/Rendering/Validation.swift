import FoundationEssentials

/// A product that passed every check, with its currency resolved and its prices as
/// the exact decimal text handed to ICU.
struct ValidatedProduct: Sendable {
    struct Offer: Sendable {
        let type: DiscountType
        let identifier: String?
        let paymentMode: PaymentMode
        /// The offer price as ASCII decimal text, `0` for a free trial.
        let price: String
        let isFree: Bool
        let period: SubscriptionPeriod
        let numberOfPeriods: Int
    }

    let productIdentifier: String?
    let currency: String
    let price: String
    let period: SubscriptionPeriod?
    /// The introductory offer first, then `discounts` in order.
    let offers: [Offer]
}

/// Where validation looks up currencies: the process-wide tables, or a thread's
/// copies of them (``ThreadCache``), so a render takes no shared lock.
protocol CurrencyLookup {
    /// The fraction digits of an ISO 4217 code ICU knows, `nil` for an unknown code.
    func digits(of currency: String) -> Int?
    /// The currency a storefront locale names (`en_US@currency=USD` → `USD`), `nil`
    /// when it names none; a malformed or unknown locale is an error on `priceLocale`.
    func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String?
}

/// The process-wide currency tables: ICU's, and the storefront locales seen so far.
struct SharedCurrencyLookup: CurrencyLookup {
    func digits(of currency: String) -> Int? {
        ICU.Currency.digitsByCode[currency]
    }

    func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        try Validation.currency(ofPriceLocale: priceLocale)
    }
}

/// Checks a ``Product`` against PRODUCT rules; the first problem is thrown as a
/// ``PaywallTextError`` naming the field path and the value.
enum Validation {
    /// - Parameter currencies: Where currencies are looked up; a render passes its thread's copies.
    static func validate(
        _ product: Product, currencies: some CurrencyLookup
    ) throws(PaywallTextError) -> ValidatedProduct {
        try checkIdentifier(product.productIdentifier, path: "productIdentifier")
        try checkIdentifier(product.priceLocale, path: "priceLocale")
        let currency = try resolveCurrency(product, currencies: currencies)
        let digits = currencies.digits(of: currency) ?? 2
        let price = try checkPrice(product.price, path: "price", currency: currency, digits: digits)
        let period = try product.subscriptionPeriod.map { (period) throws(PaywallTextError) in
            try checkPeriod(period, path: "subscriptionPeriod")
        }

        var offers: [ValidatedProduct.Offer] = []
        if let intro = product.introductoryPrice {
            offers.append(try checkOffer(intro, path: "introductoryPrice", isIntroductory: true,
                                         product: product, currency: currency, digits: digits))
        }
        for (index, discount) in (product.discounts ?? []).enumerated() {
            offers.append(try checkOffer(discount, path: "discounts[\(index)]", isIntroductory: false,
                                         product: product, currency: currency, digits: digits))
        }
        return ValidatedProduct(productIdentifier: product.productIdentifier, currency: currency,
                                price: price, period: period, offers: offers)
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

    // MARK: - Currency

    private static func resolveCurrency(_ product: Product, currencies: some CurrencyLookup) throws(PaywallTextError) -> String {
        var localeCurrency: String?
        if let priceLocale = product.priceLocale {
            localeCurrency = try currencies.currency(ofPriceLocale: priceLocale)
        }
        guard let code = product.currencyCode else {
            guard let localeCurrency else {
                throw invalid("currencyCode", "is required when priceLocale has no currency (priceLocale: \(product.priceLocale.map { quoted($0) } ?? "absent"))")
            }
            return localeCurrency
        }
        let currency = try checkCurrencyCode(code, path: "currencyCode", what: "currency code", currencies: currencies)
        if let localeCurrency, localeCurrency != currency {
            throw invalid("currencyCode", "\(quoted(code)) disagrees with the currency of priceLocale, \(localeCurrency)")
        }
        return currency
    }

    /// Storefront locales seen so far, with their currency: parsing one takes several ICU calls.
    private static let priceLocales = FormatterCache<String, PriceLocale>(capacity: 1024)

    private struct PriceLocale: Sendable {
        let currency: String?
    }

    /// The currency a storefront locale names, through the process-wide cache of them.
    static func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        try priceLocales.value(for: priceLocale) { () throws(PaywallTextError) in
            PriceLocale(currency: try parseCurrency(ofPriceLocale: priceLocale))
        }.currency
    }

    private static func parseCurrency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        guard let id = ICU.Locale.canonicalID(priceLocale) else {
            throw invalid("priceLocale", "not a locale identifier: \(quoted(priceLocale)); expected en_US@currency=USD or en-US-u-cu-usd")
        }
        guard ICU.Locale.hasData(id) else {
            throw invalid("priceLocale", "ICU \(ICU.version) has no locale data for \(quoted(priceLocale))")
        }
        return try ICU.Locale.keyword("currency", of: id).map { (keyword) throws(PaywallTextError) in
            try checkCurrencyCode(keyword, path: "priceLocale", what: "currency in priceLocale", currencies: SharedCurrencyLookup())
        }
    }

    private static func checkCurrencyCode(
        _ code: String, path: String, what: String, currencies: some CurrencyLookup
    ) throws(PaywallTextError) -> String {
        let isLetters = code.utf8.count == 3 && code.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        }
        guard isLetters else {
            throw invalid(path, "\(what) must be three letters (ISO 4217), got \(quoted(code))")
        }
        let upper = code.utf8.allSatisfy({ $0 <= UInt8(ascii: "Z") }) ? code : code.uppercased()
        guard currencies.digits(of: upper) != nil else {
            throw invalid(path, "unknown \(what) \(quoted(code)); expected an ISO 4217 code such as USD")
        }
        return upper
    }

    // MARK: - Prices

    private static func checkPrice(_ price: Decimal, path: String, currency: String, digits: Int) throws(PaywallTextError) -> String {
        guard !price.isNaN else { throw invalid(path, "must be a number, got NaN") }
        guard price >= 0 else { throw invalid(path, "must not be negative, got \(price)") }
        guard price < Limits.maximumPrice else {
            throw invalid(path, "must be less than \(Limits.maximumPrice), got \(price)")
        }
        let text = price.description
        let fractionDigits = text.split(separator: ".", maxSplits: 1).dropFirst().first.map {
            $0.reversed().drop(while: { $0 == "0" }).count
        } ?? 0
        guard fractionDigits <= digits else {
            throw invalid(path, "\(text) has \(fractionDigits) decimal places, but \(currency) has \(digits)")
        }
        return text
    }

    // MARK: - Periods

    private static func checkPeriod(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> SubscriptionPeriod {
        try checkCount(period.numberOfUnits, path: path + ".numberOfUnits", maximum: Limits.maximumUnits)
        return period
    }

    private static func checkCount(_ count: Int, path: String, maximum: Int) throws(PaywallTextError) {
        guard count >= 1 else { throw invalid(path, "must be at least 1, got \(count)") }
        guard count <= maximum else { throw invalid(path, "must be at most \(maximum), got \(count)") }
    }

    // MARK: - Offers

    private static func checkOffer(
        _ offer: Discount, path: String, isIntroductory: Bool,
        product: Product, currency: String, digits: Int
    ) throws(PaywallTextError) -> ValidatedProduct.Offer {
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
        let price = try checkPrice(offer.price, path: path + ".price", currency: currency, digits: digits)
        let isFree = offer.price == 0
        switch offer.paymentMode {
        case .freeTrial where !isFree:
            throw invalid(path + ".price", "must be 0 for a freeTrial, got \(price)")
        case .payAsYouGo where isFree, .payUpFront where isFree:
            throw invalid(path + ".price", "must be greater than 0 for \(offer.paymentMode.rawValue), got \(price); use freeTrial for a free offer")
        default:
            break
        }
        let period = try checkPeriod(offer.subscriptionPeriod, path: path + ".subscriptionPeriod")
        try checkCount(offer.numberOfPeriods, path: path + ".numberOfPeriods", maximum: Limits.maximumPeriods)
        return .init(type: type, identifier: offer.identifier, paymentMode: offer.paymentMode, price: price,
                     isFree: isFree, period: period, numberOfPeriods: offer.numberOfPeriods)
    }

    private static func invalid(_ path: String, _ message: String) -> PaywallTextError {
        PaywallTextError(.invalidValue, path: path, message: message)
    }
}
