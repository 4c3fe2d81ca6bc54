/// Currency facts and checks, in one place: the ISO 4217 codes ICU knows with their
/// digits, the shape and spelling of a code, and the currency a storefront locale names.
enum Currencies {
    /// Every ISO 4217 code ICU knows, with its standard fraction digits; read once, then
    /// only read, by every thread.
    static let digitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        for code in ICU.Currency.allCodes() {
            table[code] = ICU.Currency.fractionDigits(code)
        }
        return table
    }()

    /// The currencies the App Store prices in, as Apple's pricing pages list them in 2026 (43:
    /// Bulgaria's storefront prices in euros since 2026).
    static let appStore = [
        "AED", "AUD", "BRL", "CAD", "CHF", "CLP", "CNY", "COP", "CZK", "DKK", "EGP", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS",
        "INR", "JPY", "KRW", "KZT", "MXN", "MYR", "NGN", "NOK", "NZD", "PEN", "PHP", "PKR", "PLN", "QAR", "RON", "RUB", "SAR",
        "SEK", "SGD", "THB", "TRY", "TWD", "TZS", "USD", "VND", "ZAR",
    ]

    /// The buyer currencies Google Play prices in, as its pricing pages list them in 2026.
    static let googlePlay = [
        "AED", "AUD", "BDT", "BOB", "BRL", "CAD", "CHF", "CLP", "COP", "CRC", "CZK", "DKK", "DZD", "EGP", "EUR", "GBP", "GEL",
        "GHS", "HKD", "HUF", "IDR", "ILS", "INR", "IQD", "JPY", "KES", "KRW", "KZT", "LKR", "MAD", "MMK", "MXN", "MYR", "NGN",
        "NOK", "NZD", "PEN", "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB", "SAR", "SEK", "SGD", "THB", "TRY", "TWD", "TZS",
        "UAH", "USD", "VND", "ZAR",
    ]

    /// The currencies of both stores' storefronts, sorted: those a catalog that says amounts in
    /// a case gives the forms of (``SpokenCase``).
    static let storefront: [String] = Set(appStore + googlePlay).sorted()

    /// The standard fraction digits of a currency ICU knows (USD 2, JPY 0, KWD 3).
    static func digits(of code: String) -> Int? {
        digitsByCode[code]
    }

    /// The locale's own currency (`ru-RU` → `RUB`), `nil` when it has none.
    static func localCurrency(of locale: String) -> String? {
        ICU.Currency.forLocale(locale)
    }

    /// Checks a currency code's shape and that ICU knows it; returns it in upper case.
    ///
    /// - Parameters:
    ///   - path: The field the code came from, for the error.
    ///   - what: How the error names it (`currency code`, `currency in priceLocale`).
    static func check(_ code: String, path: String, what: String) throws(PaywallTextError) -> String {
        let isLetters = code.utf8.count == 3 && code.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        }
        guard isLetters else {
            throw PaywallTextError(.invalidValue, path: path, message: "\(what) must be three letters (ISO 4217), got \(quoted(code))")
        }
        let upper = code.utf8.allSatisfy({ $0 <= UInt8(ascii: "Z") }) ? code : code.uppercased()
        guard digitsByCode[upper] != nil else {
            throw PaywallTextError(.invalidValue, path: path, message: "unknown \(what) \(quoted(code)); expected an ISO 4217 code such as USD")
        }
        return upper
    }

    /// The currency a storefront locale names (`en_US@currency=USD` or `en-US-u-cu-usd` →
    /// `USD`), `nil` when it names none. A malformed locale, one ICU has no data for, or an
    /// unknown currency is an error on `priceLocale`.
    static func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        guard let id = ICU.Locale.canonicalID(priceLocale) else {
            throw PaywallTextError(.invalidValue, path: "priceLocale", message:
                "not a locale identifier: \(quoted(priceLocale)); expected en_US@currency=USD or en-US-u-cu-usd")
        }
        guard ICU.Locale.hasData(id) else {
            throw PaywallTextError(.invalidValue, path: "priceLocale", message: "ICU \(ICU.version) has no locale data for \(quoted(priceLocale))")
        }
        return try ICU.Locale.keyword("currency", of: id).map { (keyword) throws(PaywallTextError) in
            try check(keyword, path: "priceLocale", what: "currency in priceLocale")
        }
    }
}

/// The currencies storefront locales name, each worked out once (a `priceLocale` such as
/// `en_US@currency=USD` arrives with every StoreKit product).
enum Storefronts {
    /// The currency a storefront locale names, `nil` when it names none; errors are thrown,
    /// never kept.
    static func currency(ofPriceLocale priceLocale: String) throws(PaywallTextError) -> String? {
        try cache.value(for: priceLocale) { () throws(PaywallTextError) in
            Storefront(currency: try Currencies.currency(ofPriceLocale: priceLocale))
        }.currency
    }

    /// Storefront locales seen so far, with the currency each names.
    static let cache = FormatterCache<String, Storefront>(
        "storefronts", maximumEntries: 1024, maximumBytes: 256 << 10, cost: { _ in 192 })
}

/// A storefront locale's currency, as ``Storefronts`` keeps it.
struct Storefront: Sendable {
    /// The currency the locale names (`en_US@currency=USD` → `USD`), `nil` when it names none.
    let currency: String?
}

extension Storefronts {
    /// The App Store storefront a territory code names (`USA`, as Xcode's StoreKit
    /// configuration and App Store Connect write it, or `US`), with its currency: the
    /// territory's own in ICU's region and currency data, never a table of this package.
    ///
    /// - Parameters:
    ///   - path: The field or option the code came from, for the error.
    /// - Throws: ``PaywallTextError`` naming `path` when ICU knows no territory by that code,
    ///   or no currency in use there.
    static func storefront(_ code: String, path: String) throws(PaywallTextError) -> AppStoreStorefront {
        guard let territory = ICU.Region.territory(code) else {
            throw PaywallTextError(.invalidValue, path: path, message:
                "\(quoted(code)) is not a territory ICU knows; expected an App Store storefront such as \"USA\" (ISO 3166-1)")
        }
        guard let currency = Currencies.localCurrency(of: "und_\(territory)") else {
            throw PaywallTextError(.invalidValue, path: path, message: "ICU \(ICU.version) knows no currency in use in \(quoted(code))")
        }
        return AppStoreStorefront(territory: ICU.Region.alpha3(territory) ?? territory, currency: currency)
    }
}

/// An App Store storefront: a territory and the currency its prices are in.
struct AppStoreStorefront: Hashable, Sendable {
    /// The territory as App Store Connect names it, ISO 3166-1 alpha-3 (`USA`).
    let territory: String
    /// Its currency, ISO 4217 (`USD`).
    let currency: String
}
