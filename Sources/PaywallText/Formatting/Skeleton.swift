/// ICU number skeletons, built from settings in one place.
enum Skeleton {
    /// A price in the currency's own digits, zeros hidden only for whole amounts:
    /// `$10`, `$9.90`, `KWD 3.990`.
    /// With `isoCode`, the currency is shown by its code (`9,99 USD`) rather than its symbol.
    static func price(currency: String, isoCode: Bool = false) -> String {
        "currency/\(currency) precision-currency-standard/w" + (isoCode ? " unit-width-iso-code" : "")
    }

    /// A whole percentage with the locale's sign and spacing: `35%`, `35 %`, `%35`, `٣٥٪؜`.
    static let percent = "percent precision-integer"

    /// A count of a duration unit with its full CLDR name: `3 weeks`, `5 недель`.
    static func period(_ unit: PeriodUnit) -> String {
        "measure-unit/duration-\(unit.rawValue) unit-width-full-name"
    }

    /// A count of a duration unit with CLDR's short name: `3 mths`, `3 Mon.`, `3 か月`.
    static func periodShort(_ unit: PeriodUnit) -> String {
        "measure-unit/duration-\(unit.rawValue) unit-width-short"
    }

    /// A price read aloud: the amount in the currency's own digits, with ICU's long currency
    /// name in the plural form the amount takes (`1 US dollar`, `9.99 US dollars`,
    /// `9,99 доллара США`), so that no symbol (`US$`, `S/`, `kr`) is read out.
    static func spokenPrice(currency: String) -> String {
        price(currency: currency) + " unit-width-full-name"
    }

    /// An amount alone, in a currency's digits (`digits`), zeros hidden only for whole
    /// amounts: the number of a spoken price (`9.99`, `10`, `1,200`), for a catalog's form of it.
    static func amount(digits: Int) -> String {
        digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits) + "/w"
    }

    /// A whole percentage read aloud, with the unit's full name: `35 percent`, `35 Prozent`.
    static let spokenPercent = "measure-unit/concentr-percent unit-width-full-name precision-integer"
}

extension Skeleton {
    /// A day as text, month in words: `February 28, 2026`, `28. Februar 2026`,
    /// `28 กุมภาพันธ์ 2569` (a date skeleton, which ICU's DateTimePatternGenerator turns into
    /// the locale's pattern).
    static let date = "yMMMMd"
}
