/// What every thread shares of one locale, made once: its plural rules and the formatters of
/// its unit names.
///
/// Everything here is immutable and thread-safe (ICU's plural rules and number formatters
/// are); render contexts hold a reference and read it without a lock.
final class LocaleData: Sendable {
    let identity: LocaleIdentity
    let pluralRules: ICU.PluralRules
    private let periodFormatters: [ICU.NumberFormatter]
    /// The territory of the locale's region, or of its likely region when it names none
    /// (`de` → `DE`): the storefront of a product whose document names none
    /// (``StorefrontLaw``); `nil` when ICU finds none.
    let likelyTerritory: String?

    var icuID: String { identity.icuID }

    private init(_ identity: LocaleIdentity) throws(PaywallTextError) {
        self.identity = identity
        let region = ICU.Locale.region(ICU.Locale.maximized(identity.icuID))
        likelyTerritory = region.isEmpty ? nil : region
        do {
            pluralRules = try ICU.PluralRules(locale: identity.icuID)
            periodFormatters = try PeriodUnit.allCases.map { unit throws(PaywallTextError) in
                try ICU.NumberFormatter.shared(skeleton: Skeleton.period(unit), locale: identity)
            }
        } catch let error as PaywallTextError {
            throw error
        } catch {
            throw PaywallTextError(.formattingFailed, path: "locale", message: "\(identity.icuID): \(error)")
        }
    }

    /// The shared data of a locale.
    static func of(_ identity: LocaleIdentity) throws(PaywallTextError) -> LocaleData {
        try cache.value(for: identity) { () throws(PaywallTextError) in try LocaleData(identity) }
    }

    /// The shared data of a locale identifier, checked as ``DisplayLocale`` checks it.
    static func named(_ identifier: String) throws(PaywallTextError) -> LocaleData {
        try of(DisplayLocale(identifier).identity)
    }

    /// One per locale identity in use: about 4 KB each for the plural rules (the unit
    /// formatters are the number formatters' cache's).
    static let cache = FormatterCache<LocaleIdentity, LocaleData>(
        "locale data", maximumEntries: 256, maximumBytes: 1 << 20, cost: { _ in 4096 })

    /// `3 weeks` for a period (any count: `0`, `1000000`), formatted by ICU. A render context
    /// keeps the sentences' period texts it makes of it (``RenderContext/periodText(_:role:_:path:)``).
    func periodText(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        do {
            return try periodFormatters[period.unit.index].format(integer: period.numberOfUnits)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(period.numberOfUnits) \(period.unit.rawValue): \(error)")
        }
    }

    /// The plural categories that integers reach in this locale, each with the
    /// smallest integer that reaches it, in ICU's keyword order.
    ///
    /// Derived from ICU's rule samples and confirmed by selecting the sample: a keyword
    /// whose samples are all fractions (Russian `other`, Czech `many`) is left out.
    var integerCategories: [(category: String, smallest: Int)] {
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
    var localCurrency: String? {
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

/// What ICU's plural rules and locale data say about a locale, for the golden files, the
/// snapshots and the review site.
package enum PluralCategories {
    /// The plural categories that integers reach in a locale, each with the smallest integer
    /// that reaches it, in ICU's keyword order (`one 1, few 2, many 5` in Russian).
    package static func integers(locale: String) throws(PaywallTextError) -> [(category: String, smallest: Int)] {
        try LocaleData.named(locale).integerCategories
    }

    /// The locale's own currency (`ru-RU` → `RUB`) with its standard fraction digits (2 when
    /// ICU has none for it), `nil` when the locale has no currency.
    package static func localCurrency(locale: String) throws(PaywallTextError) -> (code: String, digits: Int)? {
        try LocaleData.named(locale).localCurrency.map { ($0, Currencies.digits(of: $0) ?? 2) }
    }
}
