/// A product read from a store's document, with where it came from: the model a
/// renderer takes, or the error that stopped it, and the store rules it breaks.
///
/// ```swift
/// for item in try StoreDocuments.read(data) {
///     switch item.result {
///     case .success(let product): try renderer.render(product, locale: DisplayLocale("de-DE"))
///     case .failure(let error): print(error) // included[2].attributes.customerPrice: …
///     }
///     for warning in item.warnings { print("warning:", warning) }
/// }
/// ```
public struct ImportedProduct: Sendable, Hashable {
    /// Where in the input the product is, and for which territory.
    public var source: ProductSource
    /// The checked product, or the first problem, its ``PaywallTextError/path`` naming the
    /// field in the original document (`included[2].attributes.customerPrice`).
    public var result: Result<CheckedProduct, PaywallTextError>
    /// The store's offer rules that the product's offers break (see ``AppStoreOfferRules``),
    /// with paths in the original document. Warnings do not stop rendering.
    public var warnings: [OfferRuleWarning]

    /// Creates an item.
    public init(source: ProductSource, result: Result<CheckedProduct, PaywallTextError>, warnings: [OfferRuleWarning] = []) {
        self.source = source
        self.result = result
        self.warnings = warnings
    }
}

/// Where a product came from.
public struct ProductSource: Sendable, Hashable {
    /// The format it was read as.
    public var format: InputFormat
    /// The store that sells it, when the document says: App Store rules are checked for
    /// ``Store/appStore`` products only.
    public var store: Store?
    /// Where the product is in the input: `[2]` (the third element of an array), `data[0]`
    /// (a JSON:API resource), `basePlans[1]`; empty for a document that is one product.
    /// Several products can share a path: one per territory.
    public var path: String
    /// The product's identifier as the document gives it, also for a product that failed.
    public var productIdentifier: String?
    /// The App Store territory (`DEU`, ISO 3166-1 alpha-3, as App Store Connect names it)
    /// or the Google Play region (`DE`, alpha-2) whose price the product carries; `nil`
    /// when the document does not say.
    public var territory: String?

    /// Creates a source.
    public init(format: InputFormat, store: Store?, path: String, productIdentifier: String? = nil, territory: String? = nil) {
        self.format = format
        self.store = store
        self.path = path
        self.productIdentifier = productIdentifier
        self.territory = territory
    }
}

/// A store rule that an offer breaks: the store may refuse it, or change it, so the
/// text describes an offer that may not exist. Not an error: the stores change their rules.
public struct OfferRuleWarning: Sendable, Hashable, CustomStringConvertible {
    /// The offer's field at fault, in the original document
    /// (`included[0].attributes.duration`), or in the model for a ``Product`` built in code
    /// (`introductoryPrice.subscriptionPeriod`).
    public var path: String
    /// What the rule is and what the offer does instead.
    public var message: String

    /// Creates a warning.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
