/// The ICU objects of one display locale that every thread shares, opened once:
/// plural rules, unit formatters, and the period texts for counts 1–100.
///
/// Threads render through their own ``RenderContext``, made from these; nothing here
/// formats a price (each context opens its own price formatters).
package final class LocaleFormatters: Sendable {
    /// The locale as ICU names it (`en_US`).
    package let icuID: String
    /// The locale as a BCP 47 tag (`en-US`).
    package let languageTag: String
    let pluralRules: ICU.PluralRules
    private let periodFormatters: [ICU.NumberFormatter]
    /// Period texts for counts 1…``periodTableSize`` of every unit, formatted once when the
    /// locale is first used, so the common periods cost neither ICU calls nor locks.
    let periodTable: [[String]]
    static let periodTableSize = 100

    private init(icuID: String, languageTag: String) throws(PaywallTextError) {
        self.icuID = icuID
        self.languageTag = languageTag
        do {
            pluralRules = try ICU.PluralRules(locale: icuID)
            let periodFormatters = try PeriodUnit.allCases.map { unit throws(ICU.Failure) in
                try ICU.NumberFormatter(skeleton: Skeleton.period(unit), locale: icuID)
            }
            self.periodFormatters = periodFormatters
            periodTable = try periodFormatters.map { formatter throws(ICU.Failure) in
                try (1...LocaleFormatters.periodTableSize).map { count throws(ICU.Failure) in try formatter.format(integer: count) }
            }
        } catch {
            throw PaywallTextError(.formattingFailed, path: "locale", message: "\(languageTag): \(error)")
        }
    }

    /// The shared formatters of a locale, however the caller spells it (`en_US`, `en-US`).
    package static func named(_ identifier: String) throws(PaywallTextError) -> LocaleFormatters {
        try PaywallCaches.localesByIdentifier.value(for: identifier) { () throws(PaywallTextError) in
            let resolved = try resolve(identifier)
            return try PaywallCaches.locales.value(for: resolved.icuID) { () throws(PaywallTextError) in
                try LocaleFormatters(icuID: resolved.icuID, languageTag: resolved.languageTag)
            }
        }
    }

    /// Parses and checks a display locale; ICU must have data for its language.
    private static func resolve(_ identifier: String) throws(PaywallTextError) -> (icuID: String, languageTag: String) {
        guard let id = ICU.Locale.canonicalID(identifier), !ICU.Locale.language(id).isEmpty else {
            throw PaywallTextError(.unsupportedLocale, path: "locale",
                                   message: "\(quoted(identifier)) is not a locale identifier; expected a BCP 47 tag (en-US) or an ICU ID (en_US)")
        }
        guard ICU.Locale.hasData(id) else {
            throw PaywallTextError(.unsupportedLocale, path: "locale",
                                   message: "ICU \(ICU.version) has no locale data for \(quoted(identifier))")
        }
        return (id, ICU.Locale.languageTag(id) ?? identifier)
    }

    /// `3 weeks` for a count beyond the table (`0`, `1000000`), formatted by ICU.
    func formatPeriod(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        do {
            return try periodFormatters[period.unit.index].format(integer: period.numberOfUnits)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(period.numberOfUnits) \(period.unit.rawValue): \(error)")
        }
    }

    /// A new formatter for a skeleton (a currency's prices, percentages) in this locale,
    /// for one thread's context.
    func openFormatter(skeleton: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        do {
            return try ICU.NumberFormatter(skeleton: skeleton, locale: icuID)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(error)")
        }
    }

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
        Currencies.localCurrency(of: icuID)
    }
}

extension PeriodUnit {
    /// The unit's position in `allCases`, without a search.
    var index: Int {
        switch self {
        case .day: 0
        case .week: 1
        case .month: 2
        case .year: 3
        }
    }
}
