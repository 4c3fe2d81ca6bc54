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

    /// What this renderer's text comes from besides the products and options: the catalogs'
    /// snapshot in use now and the copy folder. A cache of rendered text keys by it; read it
    /// before rendering, so that what is made after a reload is kept under the older version,
    /// which no later lookup asks for: unreachable, never wrong.
    public var contentVersion: ContentVersion { ContentVersion(contentVersion(of: catalogs.snapshot)) }

    /// The same, for a snapshot already read.
    func contentVersion(of snapshot: CatalogSnapshot) -> CatalogsVersion {
        CatalogsVersion(catalogs: catalogs.id, snapshot: snapshot.id, copy: copy?.id)
    }

    // MARK: - The two entry points (the other forms are in PaywallRenderer+Conveniences.swift)

    /// Renders a paywall's checked products in one locale, with the savings of each plan
    /// against the others.
    ///
    /// A subscription cheaper per month than the reference plan of its currency gets
    /// ``RenderedProduct/savings``: the percent of the reference's price per month it saves,
    /// from exact prices, rounded down. The reference is the plan with the highest price per
    /// month in each currency, or the product named by ``RenderOptions/savingsReference``
    /// (then only products in its currency are compared). Products in different currencies
    /// are never compared. A product that fails (a catalog message or ICU) fails alone.
    ///
    /// - Returns: One result per product, in order.
    public func render(_ products: [CheckedProduct], locale: DisplayLocale) -> [Result<RenderedProduct, PaywallTextError>] {
        render(products, documents: [], locale: locale, single: false)
    }

    /// Renders products read by ``StoreDocuments`` in one locale: the products of each
    /// territory as one paywall, as ``render(_:locale:)-([CheckedProduct],DisplayLocale)``
    /// renders them, so that savings compare plans sold in the same place; an item that could
    /// not be read keeps its error.
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
            for (member, result) in zip(group, render(group.map(\.product), documents: origins, locale: locale, single: false)) {
                results[member.index] = result
            }
        }
        // Every item now has its result: its error, or its group's rendering.
        return results.compactMap { $0 }
    }

    // MARK: - Behind them

    /// Checked products, found in the cache or rendered now and kept there. A `single`
    /// product is rendered alone (it has no savings, which compare plans) and kept apart from
    /// a paywall of one.
    ///
    /// - Parameter documents: The store and territory of each product's document, when the
    ///   disclosures follow them; else empty.
    func render(
        _ products: [CheckedProduct], documents origins: [DocumentOrigin], locale: DisplayLocale, single: Bool
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        let snapshot = catalogs.snapshot
        guard let cache else { return renderNow(products, documents: origins, locale: locale, snapshot: snapshot, comparingPlans: !single) }
        let key = RenderCache.Key(products: products.map(\.product), single: single, locale: locale.identifier, options: options,
                                  catalogs: contentVersion(of: snapshot), documents: origins)
        if let cached = cache.results(for: key) { return cached }
        let results = renderNow(products, documents: origins, locale: locale, snapshot: snapshot, comparingPlans: !single)
        cache.store(results, for: key)
        return results
    }

    /// Products as given, found in the cache before they and the locale are checked again,
    /// or checked and rendered now (as ``render(_:documents:locale:single:)`` renders them)
    /// and kept: a bad locale is every product's error, a bad product its own.
    func checkAndRender(_ products: [Product], locale: String, single: Bool) -> [Result<RenderedProduct, PaywallTextError>] {
        let snapshot = catalogs.snapshot
        let key = cache.map { _ in
            RenderCache.Key(products: products, single: single, locale: locale, options: options, catalogs: contentVersion(of: snapshot))
        }
        if let cache, let key, let cached = cache.results(for: key) { return cached }
        let results = checkAndRenderNow(products, locale: locale, snapshot: snapshot, single: single)
        if let cache, let key { cache.store(results, for: key) }
        return results
    }

    /// Checks the locale and each product, then renders the good ones as one paywall.
    private func checkAndRenderNow(
        _ products: [Product], locale: String, snapshot: CatalogSnapshot, single: Bool
    ) -> [Result<RenderedProduct, PaywallTextError>] {
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
        var rendered = renderNow(checked, documents: [], locale: display, snapshot: snapshot, comparingPlans: !single).makeIterator()
        return products.indices.map { index in failures[index].map { .failure($0) } ?? rendered.next()! }
    }

    /// A paywall's results, rendered now with one context of the locale; with
    /// `comparingPlans`, the savings of each plan against the others.
    private func renderNow(
        _ products: [CheckedProduct], documents: [DocumentOrigin], locale: DisplayLocale, snapshot: CatalogSnapshot, comparingPlans: Bool
    ) -> [Result<RenderedProduct, PaywallTextError>] {
        if let copy {
            return render(products, documents: documents, locale: locale, snapshot: snapshot, copy: copy, comparingPlans: comparingPlans)
        }
        do {
            return try withContext(locale, snapshot: snapshot) { context in
                var noCopy: [ProductCopyValues?]?
                return renderPaywall(products, documents: documents, locale: locale, context: context, comparingPlans: comparingPlans,
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
            _ = try renderNow([sample], documents: [], locale: DisplayLocale(locale), snapshot: snapshot, comparingPlans: false)[0].get()
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
        let agreement = Agreement(product.model, options: options, saving: nil,
                                  figures: Agreement.Figures(unitPrices: false, phaseUnitPrices: false))
        return (agreement.regular.period?.numberOfUnits,
                agreement.offers.map { $0.phases.map { ($0.period.numberOfUnits, $0.duration.numberOfUnits) } })
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
