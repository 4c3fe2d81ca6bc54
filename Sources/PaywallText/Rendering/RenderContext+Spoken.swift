/// The spoken forms of pieces (``RenderOptions/Include/spoken``): prices said with ICU's long
/// currency names, percentages with the unit's full name, in the sentence locale (a sentence
/// is said in one language, as it is written in one).
extension RenderContext {
    /// The language and direction of this context's sentences: the catalog's.
    var textLanguage: TextLanguage {
        TextLanguage(tag: catalog, direction: messages.isRightToLeft ? .rightToLeft : .leftToRight)
    }

    /// A price said with ICU's long currency name (`9.99 US dollars`).
    func spokenPrice(_ text: String, decimal: String, with formatter: PriceFormatter, path: String) throws(PaywallTextError) -> String {
        let spoken: ICU.NumberFormatter
        if let cached = spokenPriceFormatters.value(for: formatter.currency) {
            spoken = cached
        } else {
            spoken = try spokenPriceFormatter(currency: formatter.currency, checkedWith: text, decimal: decimal, path: path)
            spokenPriceFormatters.insert(spoken, for: formatter.currency)
        }
        do {
            return try spoken.format(decimal: decimal)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
    }

    /// A percentage said with the unit's full name (`35 percent`).
    func spokenPercent(_ value: Int) throws(PaywallTextError) -> String {
        let formatter: ICU.NumberFormatter
        if let cached = spokenPercentFormatter {
            formatter = cached
        } else {
            formatter = try sentenceFormatter(Skeleton.spokenPercent, path: "percent")
            spokenPercentFormatter = formatter
        }
        do {
            return try formatter.format(integer: value)
        } catch {
            throw PaywallTextError(.formattingFailed, path: "percent", message: "\(value): \(error)")
        }
    }

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

    /// A formatter of the sentence locale from the shared cache, its error placed at `path`.
    private func sentenceFormatter(_ skeleton: String, path: String) throws(PaywallTextError) -> ICU.NumberFormatter {
        do {
            return try ICU.NumberFormatter.shared(skeleton: skeleton, locale: sentence.identity)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: error.message)
        }
    }
}
