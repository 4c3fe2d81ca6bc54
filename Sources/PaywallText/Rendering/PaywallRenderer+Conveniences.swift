/// The other forms of a render: each a thin convenience over one of the two entry points,
/// ``PaywallRenderer/render(_:locale:)-([CheckedProduct],DisplayLocale)`` (checked products in a
/// display locale) and ``PaywallRenderer/render(_:locale:)-([ImportedProduct],DisplayLocale)``
/// (a store document's items in a display locale), with the products or the locale still to
/// check. A renderer with a ``RenderCache`` finds a result of products as given before it
/// checks them again.
extension PaywallRenderer {
    /// Renders one product in one locale.
    ///
    /// - Parameters:
    ///   - product: The product; it is checked first.
    ///   - locale: A BCP 47 tag (`pt-BR`) or ICU ID (`pt_BR`) that ICU has data for.
    ///     Sentences come from the most specific catalog for it (`pt-PT` → `pt`, else
    ///     English); numbers and currencies are always formatted for the locale itself.
    /// - Throws: ``PaywallTextError`` naming the field and value at fault, the locale, or
    ///   the catalog file and key.
    public func render(_ product: Product, locale: String) throws(PaywallTextError) -> RenderedProduct {
        try checkAndRender([product], locale: locale, single: true)[0].get()
    }

    /// Renders one checked product in one locale.
    ///
    /// - Throws: ``PaywallTextError`` when a catalog message or ICU fails.
    public func render(_ product: CheckedProduct, locale: DisplayLocale) throws(PaywallTextError) -> RenderedProduct {
        try render([product], documents: [], locale: locale, single: true)[0].get()
    }

    /// Renders a paywall's products in one locale, with the savings of each plan against
    /// the others, as ``render(_:locale:)-([CheckedProduct],DisplayLocale)`` does.
    ///
    /// Each product is checked and rendered as ``render(_:locale:)-(Product,String)`` does, and
    /// a bad one fails alone: the others are still rendered.
    ///
    /// - Returns: One result per product, in order; every one fails alike for a bad locale.
    public func render(_ products: [Product], locale: String) -> [Result<RenderedProduct, PaywallTextError>] {
        checkAndRender(products, locale: locale, single: false)
    }

    /// Renders products read by ``StoreDocuments`` in one locale, as
    /// ``render(_:locale:)-([ImportedProduct],DisplayLocale)`` does; a bad locale is every item's error.
    public func render(_ items: [ImportedProduct], locale: String) -> [Result<RenderedProduct, PaywallTextError>] {
        do {
            return render(items, locale: try DisplayLocale(locale))
        } catch {
            return items.map { _ in .failure(error) }
        }
    }
}
