/// Everything one thread needs to render in one locale, owned by that thread:
/// its own clones of the catalog's messages, its own price and percent formatters,
/// and copies of the period texts. Only the thread that made it uses it (see
/// ``ThreadCaches``), so nothing here is written or reference-counted by two cores at once.
final class RenderContext {
    /// The display locale as a BCP 47 tag.
    let languageTag: String
    /// The catalog that serves the locale.
    let catalog: String
    /// The catalog's word for free.
    let free: String
    let messages: MessageSet
    /// Whether the display locale is written right to left, where a currency symbol with
    /// Latin letters may need isolating to display as written (see ``PriceFormatter``).
    let isRightToLeft: Bool
    /// For a catalog of another language than the display locale's (a fallback), the ICU
    /// code of the sentences' script (`Latn` for English), whose letters alone a sentence may hold.
    private let fallbackScript: Int32?
    /// The display locale's shared formatters (prices, percentages).
    private let display: LocaleFormatters
    /// The sentence locale's shared formatters (periods, plural categories).
    private let sentence: LocaleFormatters
    private let periodTable: [[String]]
    private var priceFormatters = LRUCache<String, PriceFormatter>(capacity: RenderContext.priceFormatterCapacity)
    private var percentFormatter: ICU.NumberFormatter?
    private var sentenceCaser: ICU.SentenceCaser?

    /// A currency's price formatter, and whether its symbol is isolated.
    struct PriceFormatter {
        let icu: ICU.NumberFormatter
        /// Whether the currency symbol is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
        /// ISOLATE: only where a right-to-left paragraph would otherwise break it (`٩٫٩٩ US$`
        /// displays as `$US` in Arabic), not where ICU's output already displays whole
        /// (`US$9.99` in Urdu, whose `$` joins the number's run).
        let isolatesSymbol: Bool
        /// The formatter of prices placed in sentences, when they need another (ISO code) form.
        let inSentences: ICU.NumberFormatter?

        init(_ icu: ICU.NumberFormatter, isolatesSymbol: Bool, inSentences: ICU.NumberFormatter? = nil) {
            self.icu = icu
            self.isolatesSymbol = isolatesSymbol
            self.inSentences = inSentences
        }

        /// Whether ICU's own output of a sample price, shown as a right-to-left paragraph,
        /// breaks or reorders the currency symbol. The shape of a price (where the symbol
        /// stands, what separates it from the number) is the same for every amount.
        static func symbolNeedsIsolating(_ formatter: ICU.NumberFormatter) -> Bool {
            guard let isolated = try? formatter.format(decimal: "1234.56", isolatingSymbol: true) else { return false }
            let scalars = Array(isolated.unicodeScalars)
            guard let start = scalars.firstIndex(of: "\u{2068}"), let end = scalars.firstIndex(of: "\u{2069}"), start < end else {
                return false  // no symbol with a left-to-right letter
            }
            var raw = String.UnicodeScalarView()
            raw.append(contentsOf: scalars[..<start])
            raw.append(contentsOf: scalars[(start + 1)..<end])
            raw.append(contentsOf: scalars[(end + 1)...])
            guard let positions = try? BidiDisplay.visualPositions(of: String(raw), rightToLeft: true) else { return true }
            // The symbol occupies raw scalars start..<end - 1: whole and left to right means consecutive positions.
            let symbol = positions[start..<(end - 1)]
            return !zip(symbol, symbol.dropFirst()).allSatisfy { $1 == $0 + 1 }
        }
    }

    /// Currencies whose price formatter a context keeps.
    static let priceFormatterCapacity = 16

    init(_ compiled: CompiledCatalog) throws(PaywallTextError) {
        display = compiled.display
        sentence = compiled.sentence
        languageTag = String(copying: compiled.display.languageTag)
        catalog = String(copying: compiled.name)
        free = String(copying: compiled.free)
        messages = try compiled.makeMessageSet()
        isRightToLeft = ICU.Locale.isRightToLeft(compiled.display.icuID)
        fallbackScript = compiled.sentence === compiled.display ? nil
            : ICU.Script.named(ICU.Locale.script(ICU.Locale.maximized(compiled.sentence.icuID)))
        periodTable = compiled.sentence.periodTable.map { texts in texts.map { String(copying: $0) } }
    }

    /// This thread's formatter of prices in a currency.
    func priceFormatter(currency: String, path: String) throws(PaywallTextError) -> PriceFormatter {
        if let formatter = priceFormatters.value(for: currency) { return formatter }
        let icu = try display.openFormatter(skeleton: Skeleton.price(currency: currency), path: path)
        var inSentences: ICU.NumberFormatter?
        if let script = fallbackScript, let sample = try? icu.format(decimal: "1234.56"), ICU.Script.hasLetter(outside: script, in: sample) {
            // The display locale writes this currency with letters of its own script (Bulgarian
            // `щ.д.`); in a sentence of another language, its ISO code keeps the sentence in one
            // language while the number keeps the display locale's form.
            inSentences = try display.openFormatter(skeleton: Skeleton.price(currency: currency, isoCode: true), path: path)
        }
        let formatter = PriceFormatter(icu, isolatesSymbol: isRightToLeft && PriceFormatter.symbolNeedsIsolating(icu),
                                       inSentences: inSentences)
        priceFormatters.insert(formatter, for: String(copying: currency))
        return formatter
    }

    /// A price as it is placed in a sentence: the standalone price, unless the sentences are
    /// of another script than the price's currency symbol (see ``priceFormatter(currency:path:)``).
    func sentencePrice(_ decimal: String, with formatter: PriceFormatter, standalone: String, path: String) throws(PaywallTextError) -> String {
        guard let inSentences = formatter.inSentences else { return standalone }
        do {
            return try inSentences.format(decimal: decimal, isolatingSymbol: formatter.isolatesSymbol)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
    }

    /// `$9.99` for the ASCII decimal `9.99`.
    func price(_ decimal: String, with formatter: PriceFormatter, path: String) throws(PaywallTextError) -> String {
        do {
            return try formatter.icu.format(decimal: decimal, isolatingSymbol: formatter.isolatesSymbol)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
    }

    /// `35%` (`35 %` in French, `%35` in Turkish) for 35.
    func percent(_ value: Int) throws(PaywallTextError) -> String {
        let formatter: ICU.NumberFormatter
        if let existing = percentFormatter {
            formatter = existing
        } else {
            formatter = try display.openFormatter(skeleton: Skeleton.percent, path: "percent")
            percentFormatter = formatter
        }
        do {
            return try formatter.format(integer: value)
        } catch {
            throw PaywallTextError(.formattingFailed, path: "percent", message: "\(value): \(error)")
        }
    }

    /// `3 weeks` for a period, in the sentence locale.
    func periodText(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        let texts = periodTable[period.unit.index]
        if period.numberOfUnits >= 1, period.numberOfUnits <= texts.count {
            return texts[period.numberOfUnits - 1]
        }
        return try sentence.formatPeriod(period, path: path)
    }

    /// The plural category ICU chooses for a count in the sentence locale.
    func pluralCategory(for count: Int) -> String {
        sentence.pluralRules.category(for: count)
    }

    /// A sentence with its first letter in title case by the sentence locale's rules.
    func capitalizingSentence(_ text: String) throws(PaywallTextError) -> String {
        do {
            let caser = try sentenceCaser ?? ICU.SentenceCaser(locale: sentence.icuID)
            sentenceCaser = caser
            return try caser.apply(text)
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(catalog) catalog: \(error)")
        }
    }
}
