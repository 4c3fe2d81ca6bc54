#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Reads products from what the stores and their SDKs deliver (PRODUCT §12): StoreKit 1
/// and 2 products, App Store Connect API documents, Google Play `ProductDetails` and
/// Android Publisher API resources, RevenueCat's product JSON.
///
/// ```swift
/// let items = try StoreDocuments.read(data).items                           // detects the format
/// let items = try StoreDocuments.read(data, format: .appStoreConnect).items // or names it
/// ```
///
/// A file holds one document, or a JSON array of documents of one format fetched
/// together (a subscription's prices and its offers), which are joined by their ids and
/// territories. Each product is checked as ``CheckedProduct/init(_:)`` checks it;
/// every error names the path in the original document
/// (`included[2].attributes.customerPrice`), and one bad product does not stop the others.
/// Products sold on the App Store are checked against ``AppStoreOfferRules``.
///
/// Input is bounded by ``Limits`` as ``ProductDecoder``'s is.
public enum StoreDocuments {
    /// Reads every product of a document (or an array of documents).
    ///
    /// - Parameters:
    ///   - data: JSON.
    ///   - format: The format to read; `nil` to detect it (``detectFormat(_:)``).
    ///   - asOf: The instant that chooses what is in force (App Store Connect's scheduled
    ///     prices and dated offers); `nil` for the current time, which is then reported in
    ///     ``StoreDocument/asOf`` if the products depend on it.
    /// - Returns: One item per product (an App Store Connect document gives one per
    ///   territory; a Google Play product one per base plan), in document order.
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/malformedJSON`` for
    ///   input that is not JSON or is beyond ``Limits``, and of kind
    ///   ``PaywallTextError/Kind/unrecognizedFormat`` when the format is to be detected and
    ///   the input looks like none, or like several.
    public static func read(_ data: Data, format: InputFormat? = nil, asOf: AsOf? = nil) throws(PaywallTextError) -> StoreDocument {
        try read(document: ProductDecoder.parse(data), format: format, asOf: asOf)
    }

    /// Reads a parsed document (a part of a larger one, such as a request's `products`).
    package static func read(document: JSONNode, format: InputFormat?, asOf: AsOf?) throws(PaywallTextError) -> StoreDocument {
        let format = if let format { format } else { try FormatDetection.detect(document) }
        return try read(document, format: format, asOf: asOf)
    }

    /// The format of a document, from its fields (see ``InputFormat``).
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unrecognizedFormat``
    ///   saying what the document looks like, when it looks like no format or like several;
    ///   of kind ``PaywallTextError/Kind/malformedJSON`` for input that is not JSON.
    public static func detectFormat(_ data: Data) throws(PaywallTextError) -> InputFormat {
        try FormatDetection.detect(ProductDecoder.parse(data))
    }

    static func read(_ document: JSONNode, format: InputFormat, asOf: AsOf?) throws(PaywallTextError) -> StoreDocument {
        let root = JSONField(document)
        let instant = asOf ?? .now
        var dependsOnDate = false
        let drafts: [DraftItem]
        switch format {
        case .storeKit1: drafts = try StoreKit1Reader.read(root)
        case .storeKit2: drafts = try StoreKit2Reader.read(root)
        case .appStoreConnect: (drafts, dependsOnDate) = try AppStoreConnectReader.read(root, asOf: instant)
        case .googlePlay: drafts = try GooglePlayReader.read(root)
        case .playConsole: drafts = try PlayConsoleReader.read(root)
        case .revenueCat: drafts = try RevenueCatReader.read(root)
        }
        guard drafts.count <= Limits.maximumBatchCount else {
            throw PaywallTextError(.invalidValue, message:
                "the input holds \(drafts.count) products; at most \(Limits.maximumBatchCount) are read at once")
        }
        let items = drafts.map { item in
            switch item.result {
            case .failure(let error):
                return ImportedProduct(source: item.source, result: .failure(error))
            case .success(let draft):
                let checked: CheckedProduct
                do throws(PaywallTextError) {
                    checked = try CheckedProduct(draft.product)
                } catch {
                    return ImportedProduct(source: item.source, result: .failure(draft.paths.relocate(error)))
                }
                let warnings = item.source.store == .appStore
                    ? AppStoreOfferRules.check(draft.product).map {
                        OfferRuleWarning(path: draft.paths.documentPath(for: $0.path), message: $0.message)
                    }
                    : []
                return ImportedProduct(source: item.source, result: .success(checked), warnings: warnings)
            }
        }
        return StoreDocument(items: items, asOf: asOf ?? (dependsOnDate ? instant : nil))
    }

    /// Applies `read` to the document, or to each element of a top-level array, for the
    /// formats where each object is one product (or one group of them). An object that
    /// cannot be read at all is one failure, named by its `identifierKey`.
    static func eachObject(
        _ root: JSONField, format: InputFormat, identifierKey: String,
        _ read: (JSONField) throws(PaywallTextError) -> [DraftItem]
    ) -> [DraftItem] {
        let elements = if case .array = root.value, let elements = try? root.elements() { elements } else { [root] }
        var items: [DraftItem] = []
        for element in elements {
            do {
                items += try read(element)
            } catch {
                let source = ProductSource(format: format, store: format.store, path: element.path,
                                           productIdentifier: element.value[identifierKey]?.text)
                items.append(DraftItem(source, failure: error))
            }
        }
        return items
    }
}

/// What a document holds, read: its products, and the instant they depend on.
public struct StoreDocument: Sendable, Hashable {
    /// One item per product, in document order.
    public var items: [ImportedProduct]
    /// The instant the products were read at, when it was given or the products depend on
    /// it (App Store Connect prices and offers with start or end dates); `nil` when neither.
    /// Output echoes it, so that a reader knows which day's prices the text shows.
    public var asOf: AsOf?

    /// Creates a document's reading.
    public init(items: [ImportedProduct], asOf: AsOf? = nil) {
        self.items = items
        self.asOf = asOf
    }
}

/// One product of a document as a reader made it, before it is checked.
struct DraftItem {
    var source: ProductSource
    var result: Result<ProductDraft, PaywallTextError>

    /// A product that could not be read.
    init(_ source: ProductSource, failure: PaywallTextError) {
        self.source = source
        result = .failure(failure)
    }

    /// Runs `make`, so that an error in one product is that product's failure only.
    init(_ source: ProductSource, _ make: () throws(PaywallTextError) -> ProductDraft) {
        self.source = source
        do {
            result = .success(try make())
        } catch {
            result = .failure(error)
        }
    }
}

/// A product read from a document, and where each of its fields came from.
struct ProductDraft {
    var product: Product
    var paths: DocumentPaths
}

/// Where each field of the model came from in the original document, so that an error
/// about `discounts[0].price` names `subscriptionOfferDetails[1].pricingPhases.pricingPhaseList[0].priceAmountMicros`.
struct DocumentPaths {
    /// The document path of the product; a model path that nothing maps is named below it.
    let base: String
    private var entries: [String: String] = [:]

    init(base: String) {
        self.base = base
    }

    /// Records that the model field at `modelPath` was read from `documentPath`.
    mutating func map(_ modelPath: String, to documentPath: String) {
        entries[modelPath] = documentPath
    }

    /// The document path for a model path: the entry of the path itself or of its nearest
    /// parent (`discounts[0].subscriptionPeriod.unit` → the entry of
    /// `discounts[0].subscriptionPeriod`), else the model path below ``base``.
    func documentPath(for modelPath: String) -> String {
        var key = Substring(modelPath)
        while true {
            if let mapped = entries[String(key)] { return mapped }
            guard let cut = key.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            key = key[..<cut]
        }
        if let mapped = entries[""] { return mapped }
        if base.isEmpty || modelPath.isEmpty { return base + modelPath }
        return modelPath.hasPrefix("[") ? base + modelPath : "\(base).\(modelPath)"
    }

    /// The error with its path in the document.
    func relocate(_ error: PaywallTextError) -> PaywallTextError {
        guard error.catalog == nil else { return error }
        return PaywallTextError(error.kind, path: documentPath(for: error.path), message: error.message)
    }
}
