/// ICU number skeletons, built from settings in one place.
enum Skeleton {
    /// A price in the currency's own digits, zeros hidden only for whole amounts:
    /// `$10`, `$9.90`, `KWD 3.990`.
    static func price(currency: String) -> String {
        "currency/\(currency) precision-currency-standard/w"
    }

    /// A count of a duration unit with its full CLDR name: `3 weeks`, `5 недель`.
    static func period(_ unit: PeriodUnit) -> String {
        "measure-unit/duration-\(unit.rawValue) unit-width-full-name"
    }
}
