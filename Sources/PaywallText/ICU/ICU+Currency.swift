import ICUBridge

extension ICU {
    /// ISO 4217 facts from ICU's currency data (``Currencies`` holds the logic built on them).
    enum Currency {
        /// Every ISO 4217 code ICU knows, current and historic.
        static func allCodes() -> [String] {
            let codes = (try? ICU.string("listing currencies") { icub_currency_codes($0, $1, &$2) }) ?? ""
            return codes.split(separator: " ").map(String.init)
        }

        /// The locale's own currency (`ru_RU` → `RUB`), `nil` when it has none.
        static func forLocale(_ id: String) -> String? {
            guard let code = try? ICU.string("ucurr_forLocale", { icub_currency_for_locale(id, $0, $1, &$2) }),
                  !code.isEmpty
            else { return nil }
            return code
        }

        /// The currency's long name for one plural category in a locale (`one` in Slovenian:
        /// `ameriški dolar`), ICU's `other` name or the ISO code where the locale has none.
        static func pluralName(_ code: String, locale: String, category: String) throws(Failure) -> String {
            try ICU.string("the \(category) name of \(code)") { icub_currency_plural_name(code, locale, category, $0, $1, &$2) }
        }

        /// The currency's standard fraction digits (USD 2, JPY 0, KWD 3).
        static func fractionDigits(_ code: String) -> Int? {
            var status: Int32 = 0
            let digits = icub_currency_fraction_digits(code, &status)
            return status > 0 ? nil : Int(digits)
        }
    }
}
