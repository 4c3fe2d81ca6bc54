/// Renders products into localized paywall text.
///
/// A renderer is a small value; the ICU objects behind it are opened once per
/// locale, currency and catalog and shared by every renderer in the process (see
/// the README's cache table). It is safe to call from many tasks at once: each
/// thread renders with its own copies, so concurrent renders take no lock.
///
/// ```swift
/// let renderer = PaywallRenderer()
/// let text = try renderer.render(product, locale: "ru-RU")
/// print(text.price, text.recurringPrice ?? "")   // 9,99 $ 9,99 $ в месяц
/// ```
public struct PaywallRenderer: Sendable {
    /// The options this renderer applies.
    public var options: RenderOptions
    /// Where results are kept for repeated renders; `nil` (the default) renders every time.
    public var cache: RenderCache?

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - options: How to render.
    ///   - cache: A ``RenderCache`` for results to be kept and reused (shared by every
    ///     renderer given it), or `nil` to render every time.
    public init(options: RenderOptions = RenderOptions(), cache: RenderCache? = nil) {
        self.options = options
        self.cache = cache
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
        guard let cache else { return try renderWithModel(product, locale: locale).text }
        let key = RenderCache.Key(products: [product], single: true, locale: locale, options: options,
                                  generation: cache.generation(of: options.catalogs))
        if let cached = cache.results(for: key)?.first { return try cached.get() }
        let result = Result { () throws(PaywallTextError) in try renderWithModel(product, locale: locale).text }
        cache.store([result], for: key)
        return try result.get()
    }

    /// Renders a paywall's products in one locale, with the savings of each plan against
    /// the others.
    ///
    /// Each product is rendered as ``render(_:locale:)->RenderedProduct`` renders it, and a bad one fails alone:
    /// the others are still rendered. A subscription cheaper per month than the reference
    /// plan of its currency gets ``RenderedProduct/savings``: the percent of the reference's
    /// price per month it saves, from exact prices, rounded down. The reference is the plan
    /// with the highest price per month in each currency, or the product named by
    /// ``RenderOptions/savingsReference`` (then only products in its currency are compared).
    /// Products in different currencies are never compared.
    ///
    /// - Returns: One result per product, in order.
    public func render(_ products: [Product], locale: String) -> [Result<RenderedProduct, PaywallTextError>] {
        guard let cache else { return renderPaywall(products, locale: locale) }
        let key = RenderCache.Key(products: products, single: false, locale: locale, options: options,
                                  generation: cache.generation(of: options.catalogs))
        if let cached = cache.results(for: key) { return cached }
        let results = renderPaywall(products, locale: locale)
        cache.store(results, for: key)
        return results
    }

    /// The paywall's results, rendered now.
    private func renderPaywall(_ products: [Product], locale: String) -> [Result<RenderedProduct, PaywallTextError>] {
        let caches = ThreadCaches.current
        let context: RenderContext
        do {
            context = try caches.context(for: locale, catalogs: options.catalogs)
        } catch {
            return products.map { _ in .failure(error) }
        }
        let renderer = ProductRenderer(context: context, options: options)
        var rendered: [Result<(text: RenderedProduct, model: ValidatedProduct), PaywallTextError>] = products.map { product in
            Result { () throws(PaywallTextError) in
                let model = try Validation.validate(product, normalization: options.normalization, caches: caches)
                return (try renderer.render(model), model)
            }
        }
        // Prices per month, exactly, of the subscriptions that rendered.
        var perMonth: [Int: (currency: String, amount: ExactAmount)] = [:]
        for (index, item) in rendered.enumerated() {
            guard case .success(let result) = item, let period = result.model.period else { continue }
            perMonth[index] = (result.model.currency, PaywallMath.price(result.model.amount, per: period, in: .month))
        }
        var references: [String: ExactAmount] = [:]
        if let reference = options.savingsReference {
            let named = perMonth.keys.sorted().first { index in
                if case .success(let result) = rendered[index] { return result.model.productIdentifier == reference }
                return false
            }
            if let named, let price = perMonth[named] { references[price.currency] = price.amount }
        } else {
            for price in perMonth.values where references[price.currency].map({ $0 < price.amount }) ?? true {
                references[price.currency] = price.amount
            }
        }
        for (index, price) in perMonth {
            guard let reference = references[price.currency],
                  let percent = PaywallMath.percentBelow(price.amount, reference: reference),
                  case .success(var result) = rendered[index]
            else { continue }
            do {
                result.text.savings = try renderer.savings(percent)
                rendered[index] = .success(result)
            } catch {
                rendered[index] = .failure(error)
            }
        }
        return rendered.map { $0.map(\.text) }
    }

    /// Renders products read by ``StoreDocuments`` in one locale: the products of each
    /// territory as one paywall, as an array of ``Product`` is rendered, so that savings
    /// compare plans sold in the same place; an item that could not be read keeps its error.
    ///
    /// - Returns: One result per item, in order.
    public func render(_ items: [ImportedProduct], locale: String) -> [Result<RenderedProduct, PaywallTextError>] {
        var results: [Result<RenderedProduct, PaywallTextError>?] = items.map { item in
            if case .failure(let error) = item.result { return .failure(error) }
            return nil
        }
        var territories: [String?] = []
        var members: [String?: [(index: Int, product: Product)]] = [:]
        for (index, item) in items.enumerated() {
            guard case .success(let product) = item.result else { continue }
            if members[item.source.territory] == nil { territories.append(item.source.territory) }
            members[item.source.territory, default: []].append((index, product))
        }
        for territory in territories {
            let group = members[territory] ?? []
            for (member, result) in zip(group, render(group.map(\.product), locale: locale)) {
                results[member.index] = result
            }
        }
        // Every item now has its result: its error, or its group's rendering.
        return results.compactMap { $0 }
    }

    /// Checks a product as ``render(_:locale:)->RenderedProduct`` does, without rendering it.
    ///
    /// - Throws: ``PaywallTextError`` naming the first field at fault and its value.
    public func validate(_ product: Product) throws(PaywallTextError) {
        _ = try Validation.validate(product, normalization: options.normalization, caches: ThreadCaches.current)
    }

    /// Opens and compiles, ahead of the first request, what rendering in these locales
    /// needs (formatters, plural rules, compiled catalogs), so that the first render in a
    /// locale does not pay for it (about 3 ms each).
    ///
    /// The shared objects serve every thread; each thread still makes its own copies on
    /// its first render in a locale (a fraction of a millisecond).
    ///
    /// - Throws: ``PaywallTextError`` for the first locale that is malformed or that ICU
    ///   has no data for, or for catalogs that cannot be loaded.
    public func prepare(locales: [String]) throws(PaywallTextError) {
        let catalogs = try CatalogLoader.load(options.catalogs)
        for locale in locales {
            _ = try catalogs.compiled(for: locale)
        }
    }

    /// Checks a locale identifier and returns its canonical BCP 47 tag.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unsupportedLocale``
    ///   when the identifier is malformed or ICU has no data for its language (`xx-QQ`).
    public static func canonicalLocale(_ identifier: String) throws(PaywallTextError) -> String {
        try LocaleFormatters.named(identifier).languageTag
    }

    /// Reads the catalogs of a ``CatalogSource/directory(_:)`` source again, for a server
    /// whose translations change while it runs.
    ///
    /// The new catalogs are checked as `paywall-text lint` checks them. On success,
    /// every render from then on uses them; on any error, the catalogs in use stay in
    /// use, so the server keeps serving, and the error names the file, key and reason.
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/invalidCatalog`` for a
    ///   rejected folder, and of kind ``PaywallTextError/Kind/invalidRequest`` for
    ///   ``CatalogSource/embedded``, which is compiled in and cannot be reloaded.
    public static func reloadCatalogs(_ source: CatalogSource) throws(PaywallTextError) {
        try CatalogLoader.reload(source)
    }

    /// The catalog that serves a locale: `pt` for `pt-PT`, `zh-Hans` for `zh-CN`, `en`
    /// for a language without a catalog.
    public func catalogName(for locale: String) throws(PaywallTextError) -> String {
        try CatalogLoader.load(options.catalogs).catalog(for: LocaleFormatters.named(locale)).name
    }

    /// The version of ICU that formats every number, unit and message (`72.1`).
    public static var icuVersion: String { ICU.version }

    /// The version of the CLDR data inside that ICU (`42.0`).
    public static var cldrVersion: String { ICU.cldrVersion }

    // MARK: - For the golden files

    /// A product's text together with the validated model it was rendered from.
    package func renderWithModel(_ product: Product, locale: String) throws(PaywallTextError) -> (text: RenderedProduct, model: ValidatedProduct) {
        let caches = ThreadCaches.current
        let context = try caches.context(for: locale, catalogs: options.catalogs)
        let model = try Validation.validate(product, normalization: options.normalization, caches: caches)
        return (try ProductRenderer(context: context, options: options).render(model), model)
    }

    /// A period as the renderer writes it in a locale, for any count (the golden files show
    /// 0 and 1,000,000, which no product may have), with the plural category of its count.
    package func period(_ period: SubscriptionPeriod, locale: String) throws(PaywallTextError) -> (text: String, category: String) {
        let context = try ThreadCaches.current.context(for: locale, catalogs: options.catalogs)
        return (try context.periodText(period, path: "period"), context.pluralCategory(for: period.numberOfUnits))
    }

    /// The plural category ICU chooses for a count in a locale.
    package func pluralCategory(for count: Int, locale: String) throws(PaywallTextError) -> String {
        try ThreadCaches.current.context(for: locale, catalogs: options.catalogs).pluralCategory(for: count)
    }
}
