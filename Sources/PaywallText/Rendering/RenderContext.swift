/// Everything one render needs in one locale with one catalog snapshot: the catalog's
/// messages compiled by ICU (on first use), their templates, a copy folder's messages
/// likewise, a case map, and the shared formatters of the locale.
///
/// ICU's MessageFormat and case map must not be used by two threads at once, so a context
/// is used by one render at a time: renders take one from ``pool`` and give it back, and
/// another render (on any thread) reuses it, warm. The number formatters and locale data it
/// refers to are shared by every context (ICU's are thread-safe).
final class RenderContext: PooledObject {
    /// A catalog snapshot and a locale identity: what a context is made for.
    struct Key: Hashable, Sendable {
        let snapshot: UInt64
        let locale: LocaleIdentity
        /// The catalog asked for in place of the one that serves the locale (``init(snapshot:locale:catalog:)``).
        var catalog: String? = nil
    }

    /// Every context, idle or in use: 192 contexts (the 50 App Store localizations and
    /// 120 regional identifiers of the benchmark's rotation, with room to spare), at most
    /// 80 MiB, at most 4 idle ones per key.
    static let pool = ObjectPool<Key, RenderContext>(
        "render contexts", maximumEntries: 192, maximumBytes: 80 << 20, maximumIdlePerKey: 4)

    /// The catalog that serves the locale.
    let catalog: String
    /// The catalog's word for free.
    let freeText: String
    let messages: MessageSet
    /// The messages of the copy folder last rendered with in this context, compiled for the
    /// sentence locale (``copyMessages(of:)``).
    private var copySet: CopyMessageSet?
    /// Whether the sentences are written right to left, where a currency symbol with Latin
    /// letters may need isolating to display as written (see ``PriceFormatter``).
    let isRightToLeft: Bool
    /// For a catalog of another language than the display locale's (a fallback), the ICU
    /// code of the sentences' script (`Latn` for English), whose letters alone a sentence may hold.
    private let fallbackScript: Int32?
    /// The display locale's shared data (its region, its dates).
    let display: LocaleData
    /// The locale prices and percentages are formatted in: the display locale, or for a
    /// catalog of another language the sentence locale, so that a sentence is one language's
    /// words and numbers (see ``CatalogLookup/sentenceLocale(display:catalog:)``).
    let numbers: LocaleData
    /// The sentence locale's shared data (periods, plural categories): the display locale's
    /// own, unless the catalog is of another language (see ``CatalogLookup/sentenceLocale(display:catalog:)``).
    let sentence: LocaleData
    private var priceFormatters = LRUCache<String, PriceFormatter>(capacity: RenderContext.priceFormatterCapacity)
    /// The period texts formatted so far through the catalog's `period` message, by unit and
    /// count 1–100.
    private var periodTexts = Array(repeating: [String?](repeating: nil, count: RenderContext.periodTableSize), count: 4)
    /// The period texts with runs and spoken forms formatted so far (``periodText(_:role:_:path:)``).
    private var notedPeriodTexts: [Int: Text] = [:]
    /// The display locale's percent formatter (shared), once looked up.
    private var percentFormatter: ICU.NumberFormatter?
    private var sentenceCaser: ICU.SentenceCaser?
    /// The calendars and date formats of the time zones dates were asked in (see
    /// ``dates(in:)``), opened on first use.
    var zoneDates = LRUCache<TimeZoneName, ZoneDates>(capacity: 4)
    // Spoken forms (``RenderOptions/Include/spoken``): made on the first render that asks.
    /// What ICU says of each currency (`9.99 US dollars`), by currency.
    var spokenCurrencies = LRUCache<String, SpokenCurrency>(capacity: RenderContext.priceFormatterCapacity)
    /// Which forms of an amount the catalog gives (``SpokenCase``).
    let amountForms: AmountFormUse
    /// Whether the catalog chooses words by an amount's first word (``Text/word``).
    let choosesAmountWords: Bool
    /// ICU's spellout of the sentence locale, for amounts' first words; opened on first use.
    var spellout: ICU.Spellout?
    /// The sentence locale's formatter of percentages with the unit's full name (`35 percent`).
    var spokenPercentFormatter: ICU.NumberFormatter?
    /// The sentence locale's "and" list, for lengths of several units (``lengthText(_:_:path:)``).
    private var listFormatter: ICU.ListFormatter?

    /// A currency's price formatter, and whether its symbol is isolated.
    struct PriceFormatter {
        let icu: ICU.NumberFormatter
        /// The ISO 4217 code of the currency.
        let currency: String
        /// Whether the currency symbol is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL
        /// ISOLATE: only where a right-to-left paragraph would otherwise break it (`٩٫٩٩ US$`
        /// displays as `$US` in Arabic), not where ICU's output already displays whole
        /// (`US$9.99` in Urdu, whose `$` joins the number's run).
        let isolatesSymbol: Bool
        /// The formatter of prices placed in sentences, when they need another (ISO code) form.
        let inSentences: ICU.NumberFormatter?

        init(_ icu: ICU.NumberFormatter, currency: String, isolatesSymbol: Bool, inSentences: ICU.NumberFormatter? = nil) {
            self.icu = icu
            self.currency = currency
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

    /// Period texts a context keeps by unit and count: counts 1–100.
    static let periodTableSize = 100

    /// A context for a locale, with the catalog of the snapshot that serves it, or with the
    /// snapshot's catalog `catalog` as if it were the locale's fallback (the source language of
    /// a copy folder's messages that a language lacks, ``PaywallCopy``).
    init(snapshot: CatalogSnapshot, locale: LocaleIdentity, catalog name: String? = nil) throws(PaywallTextError) {
        display = try LocaleData.of(locale)
        let catalog = name.flatMap { snapshot.catalogs[$0] } ?? snapshot.catalog(for: locale)
        let sentenceID = CatalogLookup.sentenceLocale(display: locale.icuID, catalog: catalog.name)
        sentence = sentenceID == locale.icuID ? display : try LocaleData.of(LocaleIdentity(canonical: sentenceID))
        self.catalog = catalog.name
        numbers = sentence
        isRightToLeft = ICU.Locale.isRightToLeft(sentence.icuID)
        fallbackScript = sentence === display ? nil : ICU.Script.named(ICU.Locale.script(ICU.Locale.maximized(sentence.icuID)))
        messages = MessageSet(catalog: catalog, locale: sentence.icuID, isRightToLeft: ICU.Locale.isRightToLeft(sentence.icuID))
        amountForms = AmountFormUse(catalog)
        choosesAmountWords = catalog.choosesAmountWords
        freeText = try messages.formatDirectly(Messages.free, NoArguments())
    }

    /// The context's own bytes (its price formatters' table, the case map) and its messages',
    /// the catalog's and a copy folder's.
    var estimatedBytes: Int {
        // The period texts' table: 400 slots and the texts formatted into it.
        4096 + 8192 + 256 * (priceFormatters.count + spokenCurrencies.count) + 160 * notedPeriodTexts.count + (sentenceCaser == nil ? 0 : 8192) + messages.estimatedBytes
            + ZoneDates.estimatedBytes * zoneDates.count + (copySet?.estimatedBytes ?? 0)
    }

    /// A copy folder's messages compiled for the sentence locale, kept beside the catalog's
    /// (``messages``) and counted in ``estimatedBytes``, so that the pool of contexts bounds
    /// them too: made by the first render with the folder in this context, and given up for
    /// another folder's (a reloaded one) by the first render with that.
    func copyMessages(of copy: PaywallCopy) -> CopyMessageSet {
        if let copySet, copySet.copy == copy.id { return copySet }
        let made = CopyMessageSet(copy: copy, locale: sentence.icuID)
        copySet = made
        return made
    }

    /// The formatter of prices in a currency.
    func priceFormatter(currency: String, path: String) throws(PaywallTextError) -> PriceFormatter {
        if let formatter = priceFormatters.value(for: currency) { return formatter }
        let icu = try shared(Skeleton.price(currency: currency), path: path)
        var inSentences: ICU.NumberFormatter?
        if let script = fallbackScript, let sample = try? icu.format(decimal: "1234.56"), ICU.Script.hasLetter(outside: script, in: sample) {
            // The locale writes this currency with letters of another script than the sentences'
            // (ICU's data for a region can keep the region's symbol, Bulgarian `щ.д.`): in a
            // sentence, its ISO code keeps the sentence in one script.
            inSentences = try shared(Skeleton.price(currency: currency, isoCode: true), path: path)
        }
        let formatter = PriceFormatter(icu, currency: currency, isolatesSymbol: isRightToLeft && PriceFormatter.symbolNeedsIsolating(icu),
                                       inSentences: inSentences)
        priceFormatters.insert(formatter, for: currency)
        return formatter
    }

    /// A formatter of prices or percentages from the shared cache, its error placed at `path`.
    private func shared(_ skeleton: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        do {
            return try ICU.NumberFormatter.shared(skeleton: skeleton, locale: numbers.identity)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: error.message)
        }
    }

    /// A price as it is placed in a sentence: the standalone price, unless the sentences are
    /// of another script than the price's currency symbol (see ``priceFormatter(currency:path:)``).
    ///
    /// - Parameter role: What the price is, for the runs.
    func sentencePrice(
        _ decimal: String, with formatter: PriceFormatter, standalone: Text, role: TextRole, _ mode: TextMode,
        path: @autoclosure () -> String
    ) throws(PaywallTextError) -> Text {
        guard let inSentences = formatter.inSentences else { return standalone }
        let text: String
        do {
            text = try inSentences.format(decimal: decimal, isolatingSymbol: formatter.isolatesSymbol)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path(), message: "\(decimal): \(error)")
        }
        var piece = try Text.amount(text, role: role, spoken: try spokenPrice(text, decimal: decimal, with: formatter, path: path()), mode)
        piece.word = standalone.word
        return piece
    }

    /// `$9.99` for the ASCII decimal `9.99`.
    ///
    /// - Parameter role: What the price is, for the runs.
    func price(
        _ decimal: String, with formatter: PriceFormatter, role: TextRole, _ mode: TextMode, path: @autoclosure () -> String
    ) throws(PaywallTextError) -> Text {
        let text: String
        do {
            text = try formatter.icu.format(decimal: decimal, isolatingSymbol: formatter.isolatesSymbol)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path(), message: "\(decimal): \(error)")
        }
        var piece = try Text.amount(text, role: role, spoken: try spokenPrice(text, decimal: decimal, with: formatter, path: path()), mode)
        piece.word = try amountWord(decimal, path: path())
        return piece
    }

    /// The catalog's word for free, as an offer's price: said as it is written.
    func free(_ mode: TextMode) -> Text {
        guard mode.annotates else { return Text(freeText) }
        return Text(freeText, notes: TextNotes(spoken: mode.speaks ? freeText : "", spans: [TextSpan(freeText.utf8.count, .offerPrice)]))
    }

    /// `35%` (`35 %` in French, `%35` in Turkish) for 35.
    func percent(_ value: Int, _ mode: TextMode) throws(PaywallTextError) -> Text {
        let formatter: ICU.NumberFormatter
        if let percentFormatter {
            formatter = percentFormatter
        } else {
            formatter = try shared(Skeleton.percent, path: "percent")
            percentFormatter = formatter
        }
        let text: String
        do {
            text = try formatter.format(integer: value)
        } catch {
            throw PaywallTextError(.formattingFailed, path: "percent", message: "\(value): \(error)")
        }
        return try Text.piece(text, role: .percent, spoken: try spokenPercent(value), mode)
    }

    /// `3 weeks` for a period, in the sentence locale.
    ///
    /// The catalog's `period` message words it: ICU's unit name (from the shared table for
    /// counts 1–100), unless the catalog writes the forms itself where ICU's word is wrong on
    /// a paywall. The context keeps what it formatted for counts 1–100, so that a period costs
    /// a lookup.
    ///
    /// - Parameter role: What the period is (``TextRole/period`` or ``TextRole/duration``),
    ///   for the runs.
    func periodText(
        _ period: SubscriptionPeriod, role: TextRole, _ mode: TextMode, path: @autoclosure () -> String
    ) throws(PaywallTextError) -> Text {
        if mode.annotates {
            // Through the message itself (the table holds plain texts), kept by what the text
            // carries, its role, unit and count.
            let count = period.numberOfUnits
            let key = count >= 1 && count <= RenderContext.periodTableSize
                ? ((((mode.speaks ? 2 : 0) + (mode.listsParts ? 1 : 0)) * 8 + (TextRole.allCases.firstIndex(of: role) ?? 0)) * 4
                   + period.unit.index) * 128 + count
                : nil
            if let key, let text = notedPeriodTexts[key] { return text }
            let text = try messages.format(Messages.period, PeriodArguments(
                period: Text(try sentence.periodText(period, path: path())), count: count, unit: period.unit.rawValue),
                mode).withRole(role, mode)
            if let key, notedPeriodTexts.count < RenderContext.notedPeriodTextCapacity { notedPeriodTexts[key] = text }
            return text
        }
        return Text(try plainPeriodText(period, path: path()))
    }

    /// The length of several periods, shown as ``PeriodNormalization/total(_:)`` gives it:
    /// one period as ``periodText(_:role:_:path:)`` words it (`3 months`), several joined by
    /// ICU's "and" list of the sentence locale (`3 months and 1 week`, German `3 Monate und
    /// 1 Woche`): CLDR has no pattern for a length in mixed calendar units, and ICU's mixed
    /// units (`year-and-month`) format one measured value, not a sum of counts.
    func lengthText(_ periods: [SubscriptionPeriod], _ mode: TextMode, path: @autoclosure () -> String) throws(PaywallTextError) -> Text {
        var items: [Text] = []
        items.reserveCapacity(periods.count)
        for period in periods { items.append(try periodText(period, role: .duration, mode, path: path())) }
        guard items.count > 1 else { return items.first ?? Text("") }
        let formatter: ICU.ListFormatter
        do {
            if let listFormatter {
                formatter = listFormatter
            } else {
                formatter = try ICU.ListFormatter(locale: sentence.icuID)
                listFormatter = formatter
            }
            let string = try formatter.format(items.map(\.string))
            guard mode.annotates else { return Text(string) }
            let spoken = mode.speaks ? try formatter.format(items.map(\.spoken)) : ""
            return Text(string, notes: TextNotes(spoken: spoken, spans: Self.spans(of: items, in: string)))
        } catch {
            throw PaywallTextError(.formattingFailed, path: path(), message: "\(error)")
        }
    }

    /// The runs of a list: each item's where ICU placed it (a list keeps its items as they
    /// are, in order), the words between them literal text. Should an item not be found, the
    /// list is one run of the length's role.
    private static func spans(of items: [Text], in list: String) -> [TextSpan] {
        let bytes = Array(list.utf8)
        var spans = SpanList(capacity: items.count * 2 + 1)
        var cursor = 0
        for item in items {
            let needle = Array(item.string.utf8)
            guard let start = (cursor...max(cursor, bytes.count - needle.count)).first(where: { start in
                start + needle.count <= bytes.count && bytes[start..<start + needle.count].elementsEqual(needle)
            }) else {
                return [TextSpan(bytes.count, .duration)]
            }
            spans.literal(start - cursor)
            spans.append(contentsOf: item.spans)
            cursor = start + needle.count
        }
        spans.literal(bytes.count - cursor)
        return spans.spans
    }

    /// Periods with their runs and spoken forms a context keeps: each unit, count, role and
    /// mode a render asks for, up to this many.
    static let notedPeriodTextCapacity = 1024

    private func plainPeriodText(_ period: SubscriptionPeriod, path: @autoclosure () -> String) throws(PaywallTextError) -> String {
        let count = period.numberOfUnits, unit = period.unit.index
        if count >= 1, count <= RenderContext.periodTableSize, let text = periodTexts[unit][count - 1] {
            return text
        }
        let text = try messages.format(Messages.period, PeriodArguments(
            period: Text(try sentence.periodText(period, path: path())), count: count, unit: period.unit.rawValue))
        if count >= 1, count <= RenderContext.periodTableSize { periodTexts[unit][count - 1] = text }
        return text
    }

    /// A period with CLDR's short unit name, in the sentence locale: `3 mths`; said in full
    /// (`3 months`): nothing is abbreviated aloud.
    func shortPeriodText(_ period: SubscriptionPeriod, _ mode: TextMode, path: String) throws(PaywallTextError) -> Text {
        let text = try plainShortPeriodText(period, path: path)
        return try Text.piece(text, role: .period, spoken: try periodText(period, role: .period, mode, path: path).spoken, mode)
    }

    private func plainShortPeriodText(_ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        let formatter: ICU.NumberFormatter
        do {
            formatter = try ICU.NumberFormatter.shared(skeleton: Skeleton.periodShort(period.unit), locale: sentence.identity)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: error.message)
        }
        do {
            return try formatter.format(integer: period.numberOfUnits)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(period.numberOfUnits) \(period.unit.rawValue): \(error)")
        }
    }

    /// The plural category ICU chooses for a count in the sentence locale.
    func pluralCategory(for count: Int) -> String {
        sentence.pluralRules.category(for: count)
    }

    /// A sentence with its first letter in title case by the sentence locale's rules, shown
    /// and spoken.
    ///
    /// The caser changes the letter it title-cases (which may change its length: Turkish `i`
    /// becomes `İ`), nothing else: the span that holds the first byte that changed takes the
    /// difference in length. Should the sentence change otherwise, it is given as one run
    /// without a role rather than runs that would not join to the field.
    func capitalizingSentence(_ text: Text) throws(PaywallTextError) -> Text {
        let string = try plainCapitalizing(text.string)
        guard let notes = text.notes else { return Text(string) }
        let spoken = notes.spoken.isEmpty ? "" : try plainCapitalizing(notes.spoken)
        let old = Array(text.string.utf8), new = Array(string.utf8)
        guard old != new else { return Text(string, notes: TextNotes(spoken: spoken, spans: notes.spans, cases: notes.cases)) }
        let first = zip(old, new).prefix { $0 == $1 }.count
        var spans = notes.spans, start = 0
        for index in spans.indices {
            if first < start + spans[index].length || index == spans.count - 1 {
                spans[index].length += new.count - old.count
                break
            }
            start += spans[index].length
        }
        // The rest of the sentence must be as it was, after the letter that changed.
        let changed = old.count - first, kept = spans.allSatisfy { $0.length >= 0 }
        guard kept, old.suffix(max(0, changed - 4)).elementsEqual(new.suffix(max(0, changed - 4))) else {
            return Text(string, notes: TextNotes(spoken: spoken, spans: [TextSpan(new.count, nil)], cases: notes.cases))
        }
        return Text(string, notes: TextNotes(spoken: spoken, spans: spans, cases: notes.cases))
    }

    func plainCapitalizing(_ text: String) throws(PaywallTextError) -> String {
        do {
            let caser = try sentenceCaser ?? ICU.SentenceCaser(locale: sentence.icuID)
            sentenceCaser = caser
            return try caser.apply(text)
        } catch {
            throw PaywallTextError(.formattingFailed, message: "\(catalog) catalog: \(error)")
        }
    }
}
