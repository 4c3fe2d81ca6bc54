/// Every cached ICU object for one display locale.
///
/// Built once per locale and shared by all tasks: the unit formatters and plural
/// rules are opened eagerly; price formatters, one per currency, on first use.
package final class LocaleFormatters: Sendable {
    /// The locale as ICU names it (`en_US`).
    package let icuID: String
    /// The locale as a BCP 47 tag (`en-US`).
    package let languageTag: String
    /// Catalog names to try, most specific first (`pt-Latn-PT`, `pt-PT`, `pt-Latn`, `pt`).
    let catalogCandidates: [String]
    let pluralRules: ICU.PluralRules
    private let periodFormatters: [ICU.NumberFormatter]
    /// Period texts for counts 1…``periodTableSize`` of every unit, formatted once when the
    /// locale is first used, so the common periods cost neither ICU calls nor locks.
    let periodTable: [[String]]
    static let periodTableSize = 100
    private let priceFormatters = FormatterCache<String, ICU.NumberFormatter>(capacity: 512)

    init(icuID: String, languageTag: String) throws(PaywallTextError) {
        self.icuID = icuID
        self.languageTag = languageTag
        catalogCandidates = ICU.Locale.catalogCandidates(icuID)
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

    /// The shared formatter of prices in a currency, opened on first use.
    func priceFormatter(currency: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        try priceFormatters.value(for: currency) { () throws(PaywallTextError) in
            try openPriceFormatter(currency: currency, path: path)
        }
    }

    /// A new formatter of prices in a currency.
    func openPriceFormatter(currency: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        do {
            return try ICU.NumberFormatter(skeleton: Skeleton.price(currency: currency), locale: icuID)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(error)")
        }
    }

    /// `$9.99` for the ASCII decimal `9.99` with a currency's formatter.
    func price(_ decimal: String, with formatter: ICU.NumberFormatter, path: String) throws(PaywallTextError) -> String {
        do {
            return try formatter.format(decimal: decimal)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
    }

    /// `$9.99` for the ASCII decimal `9.99` in `USD`.
    package func price(_ decimal: String, currency: String, path: String) throws(PaywallTextError) -> String {
        try price(decimal, with: priceFormatter(currency: currency, path: path), path: path)
    }

    /// `3 weeks` for a period.
    func periodText(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        let unit = period.unit.index
        if period.numberOfUnits >= 1, period.numberOfUnits <= LocaleFormatters.periodTableSize {
            return periodTable[unit][period.numberOfUnits - 1]
        }
        do {
            return try periodFormatters[unit].format(integer: period.numberOfUnits)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(period.numberOfUnits) \(period.unit.rawValue): \(error)")
        }
    }

    /// `3 weeks` for a period, with the plural category ICU chose for its count.
    package func period(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> (text: String, category: String) {
        (try periodText(period, path: path), pluralRules.category(for: period.numberOfUnits))
    }
}

extension PeriodUnit {
    /// The unit's position in `allCases`.
    var index: Int {
        switch self {
        case .day: 0
        case .week: 1
        case .month: 2
        case .year: 3
        }
    }
}

/// The process-wide store of ``LocaleFormatters``, keyed by the identifier a caller
/// passed, so a repeated request skips parsing the identifier.
package enum LocaleStore {
    /// Identifiers as callers spell them (`en_US`, `en-US`), each to the formatters of its locale.
    private static let byIdentifier = FormatterCache<String, LocaleFormatters>(capacity: 1024)
    /// One set of formatters per canonical locale, however many spellings reach it.
    private static let byLocale = FormatterCache<String, LocaleFormatters>(capacity: 256)

    package static func formatters(for identifier: String) throws(PaywallTextError) -> LocaleFormatters {
        try byIdentifier.value(for: identifier) { () throws(PaywallTextError) in
            let resolved = try resolve(identifier)
            return try byLocale.value(for: resolved.icuID) { () throws(PaywallTextError) in
                try LocaleFormatters(icuID: resolved.icuID, languageTag: resolved.languageTag)
            }
        }
    }

    /// Parses and checks a display locale; ICU must have data for its language.
    static func resolve(_ identifier: String) throws(PaywallTextError) -> (icuID: String, languageTag: String) {
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
}
