/// The annotated pieces of a render that asks for spoken forms or runs
/// (``RenderOptions/Include/spoken``, ``RenderOptions/Include/parts``): each formatted piece
/// with its role and its spoken form, as ``AnnotatedText`` carries them into the sentences.
extension RenderContext {
    /// Runs `body` with every piece and message of this context annotated with its runs, and
    /// with its spoken form when `speaking` (without it, no `spoken.` message is needed: the
    /// runs alone work with any catalog).
    func annotating<Result>(speaking: Bool, _ body: () throws(PaywallTextError) -> Result) throws(PaywallTextError) -> Result {
        messages.annotating = true
        messages.speaking = speaking
        defer {
            messages.annotating = false
            messages.speaking = false
        }
        // The word for free is said as written: its spoken form is its text.
        let free = plainFreeText
        annotatedFree = AnnotatedText.piece(free, role: .offerPrice, spoken: speaking ? free : "")
        return try body()
    }

    /// The language and direction of this context's sentences: the catalog's.
    var textLanguage: TextLanguage {
        TextLanguage(tag: catalog, direction: messages.isRightToLeft ? .rightToLeft : .leftToRight)
    }

    /// A price as a piece: said with ICU's long currency name, in the sentence locale (a
    /// sentence is said in one language, as it is written in one).
    func annotatedPrice(
        _ text: String, decimal: String, with formatter: PriceFormatter, role: TextRole, path: String
    ) throws(PaywallTextError) -> String {
        guard messages.speaking else { return AnnotatedText.piece(text, role: role, spoken: "") }
        let spoken: ICU.NumberFormatter
        if let cached = spokenPriceFormatters.value(for: formatter.currency) {
            spoken = cached
        } else {
            spoken = try spokenPriceFormatter(currency: formatter.currency, checkedWith: text, decimal: decimal, path: path)
            spokenPriceFormatters.insert(spoken, for: formatter.currency)
        }
        do {
            return AnnotatedText.piece(text, role: role, spoken: try spoken.format(decimal: decimal))
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
    }

    /// A percentage as a piece, said with the unit's full name (`35 percent`).
    func annotatedPercent(_ text: String, _ value: Int) throws(PaywallTextError) -> String {
        guard messages.speaking else { return AnnotatedText.piece(text, role: .percent, spoken: "") }
        let formatter: ICU.NumberFormatter
        if let cached = spokenPercentFormatter {
            formatter = cached
        } else {
            formatter = try sentenceFormatter(Skeleton.spokenPercent, path: "percent")
            spokenPercentFormatter = formatter
        }
        do {
            return AnnotatedText.piece(text, role: .percent, spoken: try formatter.format(integer: value))
        } catch {
            throw PaywallTextError(.formattingFailed, path: "percent", message: "\(value): \(error)")
        }
    }

    /// A period as a piece, through the catalog's `period` message (not the plain texts' table,
    /// which holds plain texts).
    func annotatedPeriod(_ period: SubscriptionPeriod, role: TextRole, path: String) throws(PaywallTextError) -> String {
        let text = try messages.format(Messages.period, PeriodArguments(
            period: try sentence.periodText(period, path: path), count: period.numberOfUnits, unit: period.unit.rawValue))
        return AnnotatedText.withRole(role, text)
    }

    /// A short period (`3 mths`) as a piece, said in full (`3 months`): nothing is abbreviated
    /// aloud.
    func annotatedShortPeriod(_ text: String, _ period: SubscriptionPeriod, path: String) throws(PaywallTextError) -> String {
        let spoken = AnnotatedText.split(try annotatedPeriod(period, role: .period, path: path)).spoken
        return AnnotatedText.piece(text, role: .period, spoken: spoken)
    }

    /// An annotated sentence with its first letter in title case, shown and spoken.
    ///
    /// The caser skips the marks (noncharacters are neither letters, numbers, symbols nor
    /// private-use characters, and they break no sentence), so the display is capitalized as
    /// its plain text is. That is checked: should the marks ever change what the caser does,
    /// the sentence is given as the plain text's capitalization, one run without a role,
    /// rather than runs that would not join to the field.
    func capitalizingAnnotated(_ text: String) throws(PaywallTextError) -> String {
        let (display, spoken) = AnnotatedText.split(text)
        let capitalized = try plainCapitalizing(display)
        let plain = try plainCapitalizing(AnnotatedText.plain(display))
        return AnnotatedText.value(display: AnnotatedText.plain(capitalized) == plain ? capitalized : plain,
                                   spoken: messages.speaking ? try plainCapitalizing(spoken) : "")
    }

    /// A formatter of the sentence locale from the shared cache, its error placed at `path`.
    /// The formatter of a currency's spoken prices in the sentence locale, checked once
    /// against a price of that currency (`standalone`, the written text of `decimal`).
    ///
    /// ICU 72 with CLDR 42 formats a long currency name wrongly in some regional locales: in
    /// `tr_TR` (whose data repeats the currency pattern) `currency/KWD unit-width-full-name`
    /// gives `KWD 3,99 Kuveyt dinarı0` and `$9,99 ABD doları`, where `tr` gives `3,990 Kuveyt
    /// dinarı` and `9,99 ABD doları`. A spoken price that begins or ends with the written
    /// price's symbol is that failure: the language's own locale (without its region) says it.
    private func spokenPriceFormatter(
        currency: String, checkedWith standalone: String, decimal: String, path: String
    ) throws(PaywallTextError) -> ICU.NumberFormatter {
        let skeleton = Skeleton.spokenPrice(currency: currency)
        let formatter = try sentenceFormatter(skeleton, path: path)
        // The written price without its digits, separators, spaces and marks: its symbol.
        let symbol = String(String.UnicodeScalarView(standalone.unicodeScalars.filter { scalar in
            let properties = scalar.properties
            return properties.numericType == nil && !properties.isWhitespace
                && ![.format, .otherPunctuation, .dashPunctuation].contains(properties.generalCategory)
        }))
        guard !symbol.isEmpty, let said = try? formatter.format(decimal: decimal),
              said.hasPrefix(symbol) || said.hasSuffix(symbol) else { return formatter }
        let language = ICU.Locale.script(sentence.icuID).isEmpty
            ? ICU.Locale.language(sentence.icuID)
            : ICU.Locale.language(sentence.icuID) + "_" + ICU.Locale.script(sentence.icuID)
        do {
            return try ICU.NumberFormatter.shared(skeleton: skeleton, locale: LocaleIdentity(icuID: language))
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: error.message)
        }
    }

    private func sentenceFormatter(_ skeleton: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        do {
            return try ICU.NumberFormatter.shared(skeleton: skeleton, locale: sentence.identity)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: error.message)
        }
    }
}
