/// Options for ``PaywallRenderer``.
public struct RenderOptions: Sendable, Hashable {
    /// Which period conversions apply (7 days → 1 week, 12 months → 1 year).
    public var normalization: PeriodNormalization
    /// Where the sentences come from: the built-in catalogs, or a folder to preview.
    public var catalogs: CatalogSource

    /// Creates options; the defaults are the built-in catalogs and both normalizations.
    public init(normalization: PeriodNormalization = .standard, catalogs: CatalogSource = .embedded) {
        self.normalization = normalization
        self.catalogs = catalogs
    }
}

/// Renders products into localized paywall text.
///
/// A renderer is a small value; the ICU objects behind it are opened once per
/// locale, currency and catalog and shared by every renderer in the process. It is
/// safe to call from many tasks at once.
///
/// ```swift
/// let renderer = PaywallRenderer()
/// let text = try renderer.render(product, locale: "ru-RU")
/// print(text.price, text.recurringPrice ?? "")   // 9,99 $ 9,99 $ в месяц
/// ```
public struct PaywallRenderer: Sendable {
    /// The options this renderer applies.
    public var options: RenderOptions

    /// Creates a renderer.
    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Renders one product in one locale.
    ///
    /// - Parameters:
    ///   - product: The product; it is validated first.
    ///   - locale: A BCP 47 tag (`pt-BR`) or ICU ID (`pt_BR`) that ICU has data for.
    ///     Sentences come from the most specific catalog for it (`pt-PT` → `pt`, else
    ///     English); numbers and currencies are always formatted for the locale itself.
    /// - Throws: ``PaywallTextError`` naming the field and value at fault, the locale,
    ///   or (with ``CatalogSource/directory(_:)``) the catalog file and key.
    public func render(_ product: Product, locale: String) throws(PaywallTextError) -> RenderedProduct {
        let thread = ThreadCache.current
        let context = try thread.context(for: locale, catalogs: options.catalogs)
        let validated = try Validation.validate(product, currencies: thread)
        return try OfferCopy(context: context, normalization: options.normalization).render(validated)
    }

    /// Checks a locale identifier and returns its canonical BCP 47 tag.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unsupportedLocale``
    ///   when the identifier is malformed or ICU has no data for its language (`xx-QQ`).
    public static func canonicalLocale(_ identifier: String) throws(PaywallTextError) -> String {
        try LocaleStore.formatters(for: identifier).languageTag
    }

    /// Reads the catalogs of a ``CatalogSource/directory(_:)`` source again, for a server
    /// whose translations change while it runs.
    ///
    /// The new catalogs are checked as `paywall-text lint` checks them. On success,
    /// every render from then on uses them; on any error, the catalogs in use stay in
    /// use, so the server keeps serving, and the error names the file, key and reason.
    /// Does nothing for ``CatalogSource/embedded``.
    public static func reloadCatalogs(_ source: CatalogSource) throws(PaywallTextError) {
        try CatalogSet.reload(source)
    }

    /// The catalog that serves a locale: `pt` for `pt-PT`, `zh-Hans` for `zh-CN`, `en`
    /// for a language without a catalog.
    public func catalogName(for locale: String) throws(PaywallTextError) -> String {
        try CatalogSet.load(options.catalogs).catalog(for: LocaleStore.formatters(for: locale)).name
    }
}
