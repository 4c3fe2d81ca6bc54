/// Renders products into localized paywall text.
///
/// A renderer is a small value: the catalogs it takes its sentences from, its options and,
/// if given, a cache of results. The ICU objects behind it are opened once per locale,
/// currency and catalog snapshot and shared by every renderer in the process, within
/// per-process bounds (the table of caches in <doc:Caches>). It is safe to call from many
/// tasks at once.
///
/// ```swift
/// let renderer = PaywallRenderer()
/// let text = try renderer.render(product, locale: "ru-RU")
/// print(text.price, text.recurringPrice ?? "")   // 9,99 $ 9,99 $ в месяц
/// ```
public struct PaywallRenderer: Sendable {
    /// Where the sentences come from.
    public var catalogs: Catalogs
    /// Your own messages, rendered into each result's ``RenderedProduct/copy``; `nil` (the
    /// default) for none.
    public var copy: PaywallCopy?
    /// The options this renderer applies.
    public var options: RenderOptions
    /// Where results are kept for repeated renders; `nil` (the default) renders every time.
    public var cache: RenderCache?

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - catalogs: The catalogs; the built-in ones by default.
    ///   - copy: Your own messages (a copy folder), or `nil` for none.
    ///   - options: How to render.
    ///   - cache: A ``RenderCache`` for results to be kept and reused (shared by every
    ///     renderer given it), or `nil` to render every time.
    public init(catalogs: Catalogs = .builtIn, copy: PaywallCopy? = nil, options: RenderOptions = RenderOptions(), cache: RenderCache? = nil) {
        self.catalogs = catalogs
        self.copy = copy
        self.options = options
        self.cache = cache
    }

    /// What this renderer's text comes from, as caches key by it: the catalogs' snapshot in
    /// use now and the copy folder. Read it before rendering: a result made after a reload
    /// under the older version is unreachable, never wrong.
    package var contentVersion: CatalogsVersion { contentVersion(of: catalogs.snapshot) }

    /// The same, for a snapshot already read.
    func contentVersion(of snapshot: CatalogSnapshot) -> CatalogsVersion {
        CatalogsVersion(catalogs: catalogs.id, snapshot: snapshot.id, copy: copy?.id)
    }

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
        // A cached result is found before the product and the locale are checked again.
        let snapshot = catalogs.snapshot
        let key = cache.map { _ in
            RenderCache.Key(products: [product], single: true, locale: locale, options: options, catalogs: contentVersion(of: snapshot))
        }
        if let cache, let key, let cached = cache.results(for: key)?.first { return try cached.get() }
        let result = Result { () throws(PaywallTextError) in
            try renderAlone(CheckedProduct(product), locale: DisplayLocale(locale), snapshot: snapshot)
        }
        if let cache, let key { cache.store([result], for: key) }
        return try result.get()
    }

    /// Renders one checked product in one locale.
    ///
    /// - Throws: ``PaywallTextError`` when a catalog message or ICU fails.
    public func render(_ product: CheckedProduct, locale: DisplayLocale) throws(PaywallTextError) -> RenderedProduct {
        let snapshot = catalogs.snapshot
        guard let cache else { return try renderAlone(product, locale: locale, snapshot: snapshot) }
        let key = RenderCache.Key(products: [product.product], single: true, locale: locale.identifier, options: options,
                                  catalogs: contentVersion(of: snapshot))
        if let cached = cache.results(for: key)?.first { return try cached.get() }
        let result = Result { () throws(PaywallTextError) in try renderAlone(product, locale: locale, snapshot: snapshot) }
        cache.store([result], for: key)
        return try result.get()
    }

    /// Renders a paywall's products in one locale, with the savings of each plan against
    /// the others.
    ///
    /// Each product is checked and rendered as ``render(_:locale:)-(Product,String)`` does, and
    /// a bad one fails alone: the others are still rendered. A subscription cheaper per month
    /// than the reference plan of its currency gets ``RenderedProduct/savings``: the percent of
    /// the reference's price per month it saves, from exact prices, rounded down. The reference
    /// is the plan with the highest price per month in each currency, or the product named by
    /// ``RenderOptions/savingsReference`` (then only products in its currency are compared).
    /// Products in different currencies are never compared.
    ///
    /// - Returns: One result per product, in order; every one fails alike for a bad locale.
    public func render(_ products: [Product], locale: String) -> [Result<RenderedProduct, PaywallTextError>] {
        let snapshot = catalogs.snapshot
        let key = cache.map { _ in
            RenderCache.Key(products: products, single: false, locale: locale, options: options, catalogs: contentVersion(of: snapshot))
        }
        if let cache, let key, let cached = cache.results(for: key) { return cached }
        let results = checkAndRender(products, locale: locale, snapshot: snapshot)
        if let cache, let key { cache.store(results, for: key) }
        return results
    }

    /// Checks the locale and each product, then renders the good ones as one paywall.
    private func checkAndRender(_ products: [Product], locale: String, snapshot: CatalogSnapshot) -> [Result<RenderedProduct, PaywallTextError>] {
        let display: DisplayLocale
        do {
            display = try DisplayLocale(locale)
        } catch {
            return products.map { _ in .failure(error) }
        }
        var checked: [CheckedProduct] = []
        var failures: [Int: PaywallTextError] = [:]
        for (index, product) in products.enumerated() {
            do throws(PaywallTextError) {
                checked.append(try CheckedProduct(product))
            } catch {
                failures[index] = error
            }
        }
        var rendered = renderNow(checked, documents: [], locale: display, snapshot: snapshot).makeIterator()
        return products.indices.map { index in failures[index].map { .failure($0) } ?? rendered.next()! }
    }

    /// Renders a paywall's checked products in one locale, with the savings of each plan
    /// against the others, as ``render(_:locale:)-([Product],String)`` does.
    ///
    /// - Returns: One result per product, in order.
    public func render(_ products: [CheckedProduct], locale: DisplayLocale) -> [Result<RenderedProduct, PaywallTextError>] {
        render(products, documents: [], locale: locale)
    }

    /// - Parameter stores: The store each product's document came from, when the disclosures
    ///   follow it; else empty.
    private func render(
        _ products: [CheckedProduct], documents origins: [DocumentOrigin], locale: DisplayLocale
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        let snapshot = catalogs.snapshot
        guard let cache else { return renderNow(products, documents: origins, locale: locale, snapshot: snapshot) }
        let key = RenderCache.Key(products: products.map(\.product), single: false, locale: locale.identifier, options: options,
                                  catalogs: contentVersion(of: snapshot), documents: origins)
        if let cached = cache.results(for: key) { return cached }
        let results = renderNow(products, documents: origins, locale: locale, snapshot: snapshot)
        cache.store(results, for: key)
        return results
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

    /// Renders products read by ``StoreDocuments`` in one locale: the products of each
    /// territory as one paywall, as an array of products is rendered, so that savings
    /// compare plans sold in the same place; an item that could not be read keeps its error.
    ///
    /// - Returns: One result per item, in order.
    public func render(_ items: [ImportedProduct], locale: DisplayLocale) -> [Result<RenderedProduct, PaywallTextError>] {
        var results: [Result<RenderedProduct, PaywallTextError>?] = items.map { item in
            if case .failure(let error) = item.result { return .failure(error) }
            return nil
        }
        var territories: [String?] = []
        var members: [String?: [(index: Int, product: CheckedProduct)]] = [:]
        for (index, item) in items.enumerated() {
            guard case .success(let product) = item.result else { continue }
            if members[item.source.territory] == nil { territories.append(item.source.territory) }
            members[item.source.territory, default: []].append((index, product))
        }
        for territory in territories {
            let group = members[territory] ?? []
            // The documents' stores and territories change the output only through disclosures.
            let origins = options.include.contains(.disclosures)
                ? group.map { DocumentOrigin(store: options.store == nil ? items[$0.index].source.store : nil, territory: territory) } : []
            for (member, result) in zip(group, render(group.map(\.product), documents: origins, locale: locale)) {
                results[member.index] = result
            }
        }
        // Every item now has its result: its error, or its group's rendering.
        return results.compactMap { $0 }
    }

    /// One product, rendered now: it has no savings, which compare plans.
    private func renderAlone(_ product: CheckedProduct, locale: DisplayLocale, snapshot: CatalogSnapshot) throws(PaywallTextError) -> RenderedProduct {
        if let copy {
            return try render([product], locale: locale, snapshot: snapshot, copy: copy, comparingPlans: false)[0].get()
        }
        return try withContext(locale, snapshot: snapshot) { context throws(PaywallTextError) in
            try ProductRenderer(context: context, options: options, locale: locale.identifier)
                .render(product.model, origin: origin(of: product, document: DocumentOrigin()))
        }
    }

    /// A paywall's results, rendered now with one context of the locale, with the savings
    /// of each plan against the others.
    private func renderNow(
        _ products: [CheckedProduct], documents: [DocumentOrigin], locale: DisplayLocale, snapshot: CatalogSnapshot
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        if let copy {
            return render(products, documents: documents, locale: locale, snapshot: snapshot, copy: copy, comparingPlans: true)
        }
        do {
            return try withContext(locale, snapshot: snapshot) { context in
                var noCopy: [ProductCopyValues?]?
                return renderPaywall(products, documents: documents, locale: locale, context: context, comparingPlans: true,
                                     copy: &noCopy)
            }
        } catch {
            return products.map { _ in .failure(error) }
        }
    }

    /// Renders products with one context, in one pass each; with `comparingPlans`, the
    /// savings of each plan against the others, computed over the products before any is
    /// rendered. When `copy` is given (an empty array), it receives each product's copy
    /// values, `nil` for a product that failed. `documents` holds the store of each
    /// product's document when disclosures follow them, else nothing.
    func renderPaywall(
        _ products: [CheckedProduct], documents: [DocumentOrigin] = [], locale: DisplayLocale, context: RenderContext, comparingPlans: Bool,
        copy: inout [ProductCopyValues?]?, options: RenderOptions? = nil
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        let renderer = ProductRenderer(context: context, options: options ?? self.options, locale: locale.identifier)
        let savings = comparingPlans ? Savings.savings(products.map { product in
            product.model.period == nil ? nil : Savings.Plan(product.model)
        }, reference: renderer.options.savingsReference) : []
        let collectingCopy = copy != nil
        var results: [Result<RenderedProduct, PaywallTextError>] = []
        results.reserveCapacity(products.count)
        for (index, product) in products.enumerated() {
            do throws(PaywallTextError) {
                let (text, values) = try renderer.render(
                    product.model, origin: origin(of: product, document: documents.isEmpty ? DocumentOrigin() : documents[index]),
                    saving: savings.isEmpty ? nil : savings[index], collectingCopy: collectingCopy)
                results.append(.success(text))
                copy?.append(values)
            } catch {
                results.append(.failure(error))
                copy?.append(nil)
            }
        }
        return results
    }

    /// Where a product's document comes from: as given, with a StoreKit 1 product's
    /// storefront named by its price locale's region (asked of ICU only when disclosures,
    /// the one text that depends on it, are included).
    private func origin(of product: CheckedProduct, document: DocumentOrigin) -> DocumentOrigin {
        var origin = document
        if origin.territory == nil, options.include.contains(.disclosures) {
            origin.territory = StorefrontLaw.territory(priceLocale: product.product.priceLocale)
        }
        return origin
    }

    /// Runs `body` with a render context of the locale and snapshot, from the pool; with
    /// `catalog`, a context of that catalog in place of the one that serves the locale.
    func withContext<Result>(
        _ locale: DisplayLocale, snapshot: CatalogSnapshot, catalog: String? = nil,
        _ body: (RenderContext) throws(PaywallTextError) -> Result
    ) throws(PaywallTextError) -> Result {
        try RenderContext.pool.withObject(
            for: RenderContext.Key(snapshot: snapshot.id, locale: locale.identity, catalog: catalog),
            make: { () throws(PaywallTextError) in try RenderContext(snapshot: snapshot, locale: locale.identity, catalog: catalog) },
            body)
    }

    /// Opens and compiles, ahead of the first request, what rendering in these locales
    /// needs (the locales' data and formatters, a context with its messages compiled), so
    /// that the first render in a locale does not pay for it (a few milliseconds each).
    ///
    /// - Throws: ``PaywallTextError`` for the first locale that is malformed or that ICU
    ///   has no data for.
    public func prepare(locales: [String]) throws(PaywallTextError) {
        let snapshot = catalogs.snapshot
        let sample = try CheckedProduct(Product(
            price: 9.99, currencyCode: "USD", subscriptionPeriod: .months(1),
            introductoryPrice: Discount(paymentMode: .freeTrial, price: 0, subscriptionPeriod: .weeks(1))))
        for locale in locales {
            _ = try renderAlone(sample, locale: DisplayLocale(locale), snapshot: snapshot)
        }
    }

    /// Checks a locale identifier and returns its canonical BCP 47 tag.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unsupportedLocale``
    ///   when the identifier is malformed or ICU has no data for its language (`xx-QQ`).
    public static func canonicalLocale(_ identifier: String) throws(PaywallTextError) -> String {
        try DisplayLocale(identifier).identifier
    }

    /// The catalog that serves a locale: `pt` for `pt-PT`, `zh-Hans` for `zh-CN`, `en`
    /// for a language without a catalog.
    public func catalogName(for locale: String) throws(PaywallTextError) -> String {
        try catalogs.catalogName(for: locale)
    }

    /// The version of this package (`0.1.0-dev` until the first release), as
    /// `paywall-text --version` prints it beside ``icuVersion`` and ``cldrVersion``.
    public static let packageVersion = "0.1.0-dev"

    /// The version of ICU that formats every number, unit and message (`72.1`).
    public static var icuVersion: String { ICU.version }

    /// The version of the CLDR data inside that ICU (`42.0`).
    public static var cldrVersion: String { ICU.cldrVersion }

    // MARK: - For the golden files and the review site

    /// A product's periods as this renderer shows them (after normalization): the counts
    /// behind the text, the numbers that choose plural forms, for the golden files' plural
    /// categories. `period` is the billing period's count, `nil` for a one-time purchase;
    /// `offers` holds each offer's phases, with the count of one billing period and of the
    /// whole phase.
    package func shownCounts(of product: CheckedProduct) -> (period: Int?, offers: [[(period: Int, duration: Int)]]) {
        let shown = ShownPeriods(product.model, options.normalization)
        return (shown.period?.numberOfUnits, shown.offers.map { $0.map { ($0.period.numberOfUnits, $0.duration.numberOfUnits) } })
    }

    /// A period as the renderer writes it in a locale, for any count (the golden files show
    /// 0 and 1,000,000, which no product may have), with the plural category of its count.
    package func period(_ period: SubscriptionPeriod, locale: String) throws(PaywallTextError) -> (text: String, category: String) {
        try withContext(DisplayLocale(locale), snapshot: catalogs.snapshot) { context throws(PaywallTextError) in
            (try context.periodText(period, role: .period, .plain, path: "period").string, context.pluralCategory(for: period.numberOfUnits))
        }
    }

    /// The plural category ICU chooses for a count in a locale, by the rules of the language
    /// its sentences are in.
    package func pluralCategory(for count: Int, locale: String) throws(PaywallTextError) -> String {
        try withContext(DisplayLocale(locale), snapshot: catalogs.snapshot) { context in context.pluralCategory(for: count) }
    }
}
