/// One catalog's messages compiled by ICU for one display locale, shared by every
/// thread.
///
/// ICU's MessageFormat must not be used by two threads at once, so the compiled
/// messages are a prototype that is only cloned: each thread formats with its own
/// ``MessageSet`` (see ``RenderContext``).
final class CompiledCatalog: Sendable {
    /// A catalog set and a canonical locale.
    struct Key: Hashable, Sendable {
        let catalogSet: Int
        let locale: String
    }

    /// The display locale's shared formatters, for prices and percentages.
    let display: LocaleFormatters
    /// The shared formatters of the locale the sentences are in (see
    /// ``CatalogLookup/sentenceLocale(display:catalog:)``), for the pieces placed in them:
    /// the display locale's own, unless the catalog is of another language.
    let sentence: LocaleFormatters
    /// The catalog's name (`pt` for `pt-PT`).
    let name: String
    /// The word for free, formatted once: the message has no arguments.
    let free: String
    private let prototype: MessageSet

    init(catalog: Catalog, display: LocaleFormatters) throws(PaywallTextError) {
        self.display = display
        let sentenceLocale = CatalogLookup.sentenceLocale(display: display.icuID, catalog: catalog.name)
        sentence = sentenceLocale == display.icuID ? display : try LocaleFormatters.named(sentenceLocale)
        name = catalog.name
        var formats: [ICU.MessageFormat] = []
        for key in MessageKey.allCases {
            // Catalogs are checked before use (lint, tests, folder loading); this guards the rest.
            let location = CatalogLocation(file: catalog.file, key: key.rawValue)
            guard let pattern = catalog.messages[key.rawValue] else {
                throw PaywallTextError(.invalidCatalog, catalog: location, message: "missing message")
            }
            do {
                formats.append(try ICU.MessageFormat(pattern: pattern, locale: sentence.icuID, arguments: key.argumentOrder))
            } catch {
                throw PaywallTextError(.invalidCatalog, catalog: location, message: "\(error)")
            }
        }
        prototype = MessageSet(catalog: catalog.name, isRightToLeft: ICU.Locale.isRightToLeft(sentence.icuID), formats: formats)
        // Formatting the argument-free message here, before the prototype is shared, is safe.
        free = try prototype.formatDirectly(Messages.free, NoArguments())
    }

    /// A new set of clones for one thread.
    func makeMessageSet() throws(PaywallTextError) -> MessageSet {
        try prototype.clone()
    }
}
