/// Everything one thread needs to render in one locale, owned by that thread:
/// its own clones of the catalog's messages, its own price formatters, and copies
/// of the period texts. Only the thread that made it uses it (see ``ThreadCaches``),
/// so nothing here is written or reference-counted by two cores at once.
final class RenderContext {
    /// The display locale as a BCP 47 tag.
    let languageTag: String
    /// The catalog that serves the locale.
    let catalog: String
    /// The catalog's word for free.
    let free: String
    let messages: MessageSet
    /// The locale's shared formatters, for what the copies here do not hold.
    private let shared: LocaleFormatters
    private let periodTable: [[String]]
    private var priceFormatters = LRUCache<String, ICU.NumberFormatter>(capacity: RenderContext.priceFormatterCapacity)

    /// Currencies whose price formatter a context keeps.
    static let priceFormatterCapacity = 16

    init(_ compiled: CompiledCatalog) throws(PaywallTextError) {
        shared = compiled.formatters
        languageTag = String(copying: compiled.formatters.languageTag)
        catalog = String(copying: compiled.name)
        free = String(copying: compiled.free)
        messages = try compiled.makeMessageSet()
        periodTable = compiled.formatters.periodTable.map { texts in texts.map { String(copying: $0) } }
    }

    /// This thread's formatter of prices in a currency.
    func priceFormatter(currency: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        if let formatter = priceFormatters.value(for: currency) { return formatter }
        let formatter = try shared.openPriceFormatter(currency: currency, path: path)
        priceFormatters.insert(formatter, for: String(copying: currency))
        return formatter
    }

    /// `$9.99` for the ASCII decimal `9.99`.
    func price(_ decimal: String, with formatter: ICU.NumberFormatter, path: String) throws(PaywallTextError) -> String {
        do {
            return try formatter.format(decimal: decimal)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
    }

    /// `3 weeks` for a period.
    func periodText(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        let texts = periodTable[period.unit.index]
        if period.numberOfUnits >= 1, period.numberOfUnits <= texts.count {
            return texts[period.numberOfUnits - 1]
        }
        return try shared.formatPeriod(period, path: path)
    }

    /// The plural category ICU chooses for a count in this locale.
    func pluralCategory(for count: Int) -> String {
        shared.pluralRules.category(for: count)
    }
}
