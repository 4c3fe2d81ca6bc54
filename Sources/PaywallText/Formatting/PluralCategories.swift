extension LocaleFormatters {
    /// The plural categories that integers reach in this locale, each with the
    /// smallest integer that reaches it, in ICU's keyword order.
    ///
    /// Derived from ICU's rule samples and confirmed by selecting the sample: a keyword
    /// whose samples are all fractions (Russian `other`, Czech `many`) is left out.
    package var integerCategories: [(category: String, smallest: Int)] {
        pluralRules.keywords.compactMap { keyword in
            let integers = pluralRules.samples(of: keyword).compactMap { sample -> Int? in
                guard sample >= 0, sample < 1e15, sample == sample.rounded(.towardZero) else { return nil }
                let value = Int(sample)
                return pluralRules.category(for: value) == keyword ? value : nil
            }
            return integers.min().map { (keyword, $0) }
        }
    }

    /// The locale's own currency (`ru-RU` → `RUB`), `nil` when it has none.
    package var localCurrency: String? {
        ICU.Currency.forLocale(icuID)
    }

    /// The currency's standard fraction digits (USD 2, JPY 0, KWD 3).
    package static func fractionDigits(of currency: String) -> Int {
        ICU.Currency.digitsByCode[currency] ?? 2
    }

    /// The plural category ICU chooses for an integer count.
    package func pluralCategory(for count: Int) -> String {
        pluralRules.category(for: count)
    }
}
