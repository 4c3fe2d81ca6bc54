/// A product read from a store's document, with where it came from: the model a
/// renderer takes, or the error that stopped it; every problem found, and the warnings.
///
/// ```swift
/// for item in try StoreDocuments.read(data).items {
///     switch item.result {
///     case .success(let product): try renderer.render(product, locale: DisplayLocale("de-DE"))
///     case .failure(let error): print(error) // included[2].attributes.customerPrice: …
///     }
///     for error in item.errors { print("error:", error) }
///     for warning in item.warnings { print("warning:", warning) }
/// }
/// ```
///
/// A product whose own fields are at fault (its price, currency or period) fails; an offer
/// or phase at fault is left out of a product that is otherwise sound, which is still
/// rendered, and its problems are in ``errors``.
public struct ImportedProduct: Sendable, Hashable {
    /// Where in the input the product is, and for which territory.
    public var source: ProductSource
    /// The checked product, or the first problem, its ``PaywallTextError/path`` naming the
    /// field in the original document (`included[2].attributes.customerPrice`).
    public var result: Result<CheckedProduct, PaywallTextError>
    /// Every problem found, in document order, with its path in the original document: for a
    /// product that failed, its error and every other; for one that did not, the errors of
    /// the offers and phases left out. Empty when nothing was wrong.
    public var errors: [PaywallTextError]
    /// The store's offer rules that the product's offers break (see ``AppStoreOfferRules``),
    /// and the parts of its document that were not used, with paths in the original
    /// document. Warnings do not stop rendering.
    public var warnings: [ProductWarning]

    /// Creates an item; `errors` defaults to the result's error, if any.
    public init(
        source: ProductSource, result: Result<CheckedProduct, PaywallTextError>, errors: [PaywallTextError]? = nil,
        warnings: [ProductWarning] = []
    ) {
        self.source = source
        self.result = result
        self.errors = errors ?? {
            if case .failure(let error) = result { return [error] }
            return []
        }()
        self.warnings = warnings
    }
}

/// A problem that belongs to no product: an array member that is no product, a document
/// that joins nothing, an offer of a base plan the documents do not hold. Output lists it
/// as an entry of its own.
public struct DocumentProblem: Sendable, Hashable, CustomStringConvertible {
    /// Whether the problem makes the input wrong (an error) or only leaves part of it unused.
    public enum Severity: String, Sendable, Hashable {
        /// The input is wrong: the command-line tool exits 65.
        case error
        /// A part of the input was not used, and why.
        case warning
    }

    /// The position, from 1, of the document or array member it is about.
    public var index: Int
    /// Where it is in the input: `[2]`, `[0].included[3]`.
    public var path: String
    public var severity: Severity
    /// What is wrong, its path the same as ``path``.
    public var error: PaywallTextError

    /// Creates a problem.
    public init(index: Int, path: String, severity: Severity, error: PaywallTextError) {
        self.index = index
        self.path = path
        self.severity = severity
        self.error = error
    }

    /// `severity: path: message`.
    public var description: String { "\(severity.rawValue): \(error)" }
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
    /// The RevenueCat packages that offer the product, in the order an `Offerings` object
    /// lists them (`default`'s `$rc_annual`); empty when the document has no packages.
    public var packages: [ProductPackage]

    /// Creates a source.
    public init(
        format: InputFormat, store: Store?, path: String, productIdentifier: String? = nil, territory: String? = nil,
        packages: [ProductPackage] = []
    ) {
        self.format = format
        self.store = store
        self.path = path
        self.productIdentifier = productIdentifier
        self.territory = territory
        self.packages = packages
    }
}

/// A RevenueCat package that offers a product: the offering it belongs to and its
/// identifier there. Output writes it as `{"offering": "default", "package": "$rc_annual"}`.
public struct ProductPackage: Sendable, Hashable {
    /// The offering's identifier (`default`).
    public var offering: String
    /// The package's identifier in the offering (`$rc_annual`, or a custom one).
    public var package: String

    /// Creates a package.
    public init(offering: String, package: String) {
        self.offering = offering
        self.package = package
    }
}

/// A warning about a product: a store rule one of its offers breaks (the store may refuse
/// the offer, or change it, so the text describes an offer that may not exist; not an error,
/// since the stores change their rules), or a part of its document that was not used.
public struct ProductWarning: Sendable, Hashable, CustomStringConvertible {
    /// The field at fault, in the original document (`included[0].attributes.duration`),
    /// or in the model for a ``Product`` built in code (`introductoryPrice.subscriptionPeriod`).
    public var path: String
    /// What the rule is and what the offer does instead, or why the part was not used.
    public var message: String

    /// Creates a warning.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
