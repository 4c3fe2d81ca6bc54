/// Currency facts and checks, in one place: the ISO 4217 codes ICU knows with their
/// digits, the shape and spelling of a code, and the currency a storefront locale names.
package enum Currencies {
    /// Every ISO 4217 code ICU knows, with its standard fraction digits; read once, then
    /// only read. Threads render with their own copies (``ThreadCaches``).
    static let digitsByCode: [String: Int] = {
        var table: [String: Int] = [:]
        for code in ICU.Currency.allCodes() {
            table[code] = ICU.Currency.fractionDigits(code)
        }
        return table
    }()

    /// The standard fraction digits of a currency ICU knows (USD 2, JPY 0, KWD 3).
    package static func digits(of code: String) -> Int? {
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
    ///   - digits: Where known codes are looked up (a thread's copy of ``digitsByCode``).
    static func check(
        _ code: String, path: String, what: String, digits: (String) -> Int?
    ) throws(PaywallTextError) -> String {
        let isLetters = code.utf8.count == 3 && code.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        }
        guard isLetters else {
            throw PaywallTextError(.invalidValue, path: path, message: "\(what) must be three letters (ISO 4217), got \(quoted(code))")
        }
        let upper = code.utf8.allSatisfy({ $0 <= UInt8(ascii: "Z") }) ? code : code.uppercased()
        guard digits(upper) != nil else {
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
            try check(keyword, path: "priceLocale", what: "currency in priceLocale", digits: Currencies.digits)
        }
    }
}
