/// The spoken forms of pieces (``RenderOptions/Include/spoken``): prices said with ICU's long
/// currency names, percentages with the unit's full name, in the sentence locale (a sentence
/// is said in one language, as it is written in one).
extension RenderContext {
    /// The language and direction of this context's sentences: the catalog's.
    var textLanguage: TextLanguage {
        TextLanguage(tag: catalog, direction: messages.isRightToLeft ? .rightToLeft : .leftToRight)
    }

    /// What ICU says of a currency in the sentence locale, kept per currency.
    struct SpokenCurrency {
        /// Prices with ICU's long currency name (`9.99 US dollars`).
        let price: ICU.NumberFormatter
        /// The number alone, in the currency's own digits (`9.99`, `1,200`), in the same locale.
        let amount: ICU.NumberFormatter
        /// ICU's long name of one unit (`US dollar`).
        let name: String
    }

    /// A price said with ICU's long currency name (`9.99 US dollars`), or with the catalog's
    /// form of the amount (``SpokenCase``): in the nominative, and in each case the catalog
    /// gives forms in.
    func spokenPrice(_ text: String, decimal: String, with formatter: PriceFormatter, path: String) throws(PaywallTextError) -> SpokenAmount {
        let spoken: SpokenCurrency
        if let cached = spokenCurrencies.value(for: formatter.currency) {
            spoken = cached
        } else {
            spoken = try spokenCurrency(formatter.currency, checkedWith: text, decimal: decimal, path: path)
            spokenCurrencies.insert(spoken, for: formatter.currency)
        }
        let nominative: String
        do {
            nominative = try spoken.price.format(decimal: decimal)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
        guard amountForms.nominative || !amountForms.cases.isEmpty else { return SpokenAmount(nominative: nominative, cases: .none) }
        let arguments: AmountFormArguments
        do {
            let (category, hasFraction) = try sentence.pluralRules.category(of: decimal, formattedBy: spoken.amount)
            arguments = AmountFormArguments(amount: Text(try spoken.amount.format(decimal: decimal)), name: Text(spoken.name),
                                            nominative: Text(nominative), currency: formatter.currency, plural: category, fraction: hasFraction ? "yes" : "no")
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(decimal): \(error)")
        }
        let said = amountForms.nominative ? try messages.formatPlain(Messages.spokenAmountNominative, arguments) : ""
        let cases = try SpokenCase.allCases.map { (spokenCase) throws(PaywallTextError) -> String? in
            guard amountForms.cases.contains(spokenCase) else { return nil }
            let form = try messages.formatPlain(spokenCase.message, arguments)
            return form.isEmpty ? nil : form
        }
        return SpokenAmount(nominative: said.isEmpty ? nominative : said, cases: CaseForms(forms: cases))
    }

    /// The first word of an amount as ICU spells it out in the sentence locale (Catalan `u`
    /// for 1.99, `onze` for 11, `un` for 1000000), for the catalogs that choose words by it
    /// (``Text/word``); `nil` for the others.
    func amountWord(_ decimal: String, path: @autoclosure () -> String) throws(PaywallTextError) -> String? {
        guard choosesAmountWords else { return nil }
        do {
            let spellout = try self.spellout ?? ICU.Spellout(locale: sentence.icuID)
            self.spellout = spellout
            let words = try spellout.format(decimal: decimal)
            return String(words.prefix { !$0.isWhitespace })
        } catch {
            throw PaywallTextError(.formattingFailed, path: path(), message: "\(decimal): \(error)")
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

    /// The formatters of a currency's spoken prices in the sentence locale, checked once
    /// against a price of that currency (`standalone`, the written text of `decimal`).
    ///
    /// ICU 72 with CLDR 42 formats a long currency name wrongly in some regional locales: in
    /// `tr_TR` (whose data repeats the currency pattern) `currency/KWD unit-width-full-name`
    /// gives `KWD 3,99 Kuveyt dinarı0` and `$9,99 ABD doları`, where `tr` gives `3,990 Kuveyt
    /// dinarı` and `9,99 ABD doları`. A spoken price that begins or ends with the written
    /// price's symbol is that failure: the language's own locale (without its region) says it.
    private func spokenCurrency(
        _ currency: String, checkedWith standalone: String, decimal: String, path: String
    ) throws(PaywallTextError) -> SpokenCurrency {
        let skeleton = Skeleton.spokenPrice(currency: currency)
        var locale = sentence.identity
        let formatter = try sentenceFormatter(skeleton, path: path)
        // The written price without its digits, separators, spaces and marks: its symbol.
        let symbol = String(String.UnicodeScalarView(standalone.unicodeScalars.filter { scalar in
            let properties = scalar.properties
            return properties.numericType == nil && !properties.isWhitespace
                && ![.format, .otherPunctuation, .dashPunctuation].contains(properties.generalCategory)
        }))
        if !symbol.isEmpty, let said = try? formatter.format(decimal: decimal), said.hasPrefix(symbol) || said.hasSuffix(symbol) {
            locale = LocaleIdentity(icuID: ICU.Locale.script(sentence.icuID).isEmpty
                ? ICU.Locale.language(sentence.icuID)
                : ICU.Locale.language(sentence.icuID) + "_" + ICU.Locale.script(sentence.icuID))
        }
        do {
            let digits = Currencies.digits(of: currency) ?? 2
            return SpokenCurrency(
                price: try ICU.NumberFormatter.shared(skeleton: skeleton, locale: locale),
                amount: try ICU.NumberFormatter.shared(skeleton: Skeleton.amount(digits: digits), locale: locale),
                name: try ICU.Currency.pluralName(currency, locale: locale.icuID, category: "one"))
        } catch let error as PaywallTextError {
            throw PaywallTextError(.formattingFailed, path: path, message: error.message)
        } catch {
            throw PaywallTextError(.formattingFailed, path: path, message: "\(currency): \(error)")
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

/// Which forms of an amount a catalog gives (``SpokenCase``): a `spoken.amount.*` message that
/// is empty gives none, and costs nothing.
struct AmountFormUse: Sendable {
    /// Whether `spoken.amount.nominative` says some amounts otherwise than ICU.
    let nominative: Bool
    /// The cases whose `spoken.amount.<case>` message gives forms.
    let cases: [SpokenCase]

    init(_ catalog: Catalog) {
        nominative = !(catalog.messages[MessageKey.spokenAmountNominative.rawValue] ?? "").isEmpty
        cases = SpokenCase.allCases.filter { !(catalog.messages[$0.message.key.rawValue] ?? "").isEmpty }
    }
}
