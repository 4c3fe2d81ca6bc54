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
    ///   - options: The instant that chooses what is in force (App Store Connect's scheduled
    ///     prices and dated offers; `nil` for the current time, which is then reported in
    ///     ``StoreDocument/asOf`` if the products depend on it), and the currency of a
    ///     document that names none.
    /// - Returns: One item per product (an App Store Connect document gives one per
    ///   territory; a Google Play product one per base plan), in document order. A member of
    ///   an array that no reader reads (a purchase, another vendor's object) is one of the
    ///   document's ``StoreDocument/problems``, with its path, and the other members are read.
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/malformedJSON`` for
    ///   input that is not JSON or is beyond ``Limits``, and of kind
    ///   ``PaywallTextError/Kind/unrecognizedFormat`` when the format is to be detected and
    ///   the input looks like none, or like several, or when no member of it can be read.
    public static func read(_ data: Data, format: InputFormat? = nil, options: ReadOptions = ReadOptions()) throws(PaywallTextError) -> StoreDocument {
        try read(document: ProductDecoder.parse(data), format: format, options: options)
    }

    /// Reads a parsed document (a part of a larger one, such as a request's `products`), as
    /// ``read(_:format:options:)`` reads its bytes.
    ///
    /// An app plugin's envelope, `{"products": […]}`, is read as the array it holds. A
    /// document that does not look like the format named (a RevenueCat product read as
    /// StoreKit 2) is refused with what it looks like, before any field is read. Paths in
    /// errors are from the document given. A member of an array that no reader reads sinks
    /// none of the others: it is one of the document's ``StoreDocument/problems``; a document
    /// of which no member can be read is thrown, its first such problem the error.
    public static func read(document: JSONNode, format: InputFormat?, options: ReadOptions) throws(PaywallTextError) -> StoreDocument {
        let (document, unreadable) = try readSkippingUnreadable(document, format: format, options: options)
        if document.items.isEmpty, let first = unreadable.first { throw first.error }
        return document
    }

    /// Reads as ``read(_:format:options:)`` does, except that a document no reader reads is
    /// not thrown but is the document's problems, one per member at fault with its position
    /// and path (`{"index", "path", "error"}` in the tool's JSON): a purchase, transaction or
    /// notification, a legacy `SkuDetails` or another vendor's SDK object, each saying what it
    /// is and what to send instead, and, when the format is to be detected, a document of no
    /// known format. Such a member of an array sinks none of the others (PRODUCT §12a): they
    /// are read as the array without it, with their own paths and positions (`[4]` stays
    /// `[4]`), and its problem is among theirs in document order. A document that could be
    /// read as several formats, or that does not fit the format named, is still thrown:
    /// naming the format settles it.
    package static func readReportingUnreadable(_ data: Data, format: InputFormat?, options: ReadOptions) throws(PaywallTextError) -> StoreDocument {
        try readSkippingUnreadable(ProductDecoder.parse(data), format: format, options: options).document
    }

    /// Reads a parsed document, each member that no reader reads a problem of the document
    /// (also returned apart, for ``read(document:format:options:)`` to throw when nothing else
    /// was read); the others are read as the array without it.
    private static func readSkippingUnreadable(
        _ parsed: JSONNode, format: InputFormat?, options: ReadOptions
    ) throws(PaywallTextError) -> (document: StoreDocument, unreadable: [DocumentProblem]) {
        let (root, envelope) = FormatDetection.unwrap(parsed)
        let unreadable = FormatDetection.unreadable(root, format: format)
        guard !unreadable.isEmpty else {
            let detected = if let format { format } else { try FormatDetection.detect(root.value, at: root.path) }
            if let format { try FormatDetection.checkFits(root.value, format: format) }
            var document = try read(root, format: detected, options: options)
            document.problems = envelope + document.problems
            return (document, [])
        }
        let skipped = Set(unreadable.map { $0.index - 1 })
        guard case .array(let elements) = root.value, elements.count > skipped.count else {
            return (StoreDocument(items: [], problems: envelope + unreadable), unreadable)
        }
        let offsets = elements.indices.filter { !skipped.contains($0) }
        let detected = if let format { format } else { try FormatDetection.detect(root.value, at: root.path, skipping: skipped) }
        if let format { try FormatDetection.checkFits(root.value, format: format, skipping: skipped) }
        guard let kept = root.elements(at: offsets) else { return (StoreDocument(items: [], problems: envelope + unreadable), unreadable) }
        var document = try read(kept, format: detected, options: options)
        // The readers' problems are positioned in the array they read: each at its member's own.
        let read = document.problems.map { problem in
            var problem = problem
            if offsets.indices.contains(problem.index - 1) { problem.index = offsets[problem.index - 1] + 1 }
            return problem
        }
        document.problems = envelope + (unreadable + read).enumerated()
            .sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
        return (document, unreadable)
    }

    /// Reads one element of a top-level JSON array, parsed alone, as reading the whole array
    /// reads it: its items, with paths from `[index]`; or, when no reader reads it (a purchase,
    /// another vendor's object, or, with the format to be detected, one of no known format),
    /// its problem as the array's reading reports it, and no items. A streamed array is read
    /// so, one element at a time (`paywall-text render` of a file beyond
    /// ``Limits/maximumInputBytes``).
    ///
    /// - Returns: The element's reading and its format (detected, or the one named).
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/malformedJSON`` for an
    ///   element that is not JSON, of kind ``PaywallTextError/Kind/unrecognizedFormat`` for one
    ///   that could be several formats or is not the one named.
    package static func readArrayElement(
        _ data: Data, index: Int, format: InputFormat?, options: ReadOptions
    ) throws(PaywallTextError) -> (document: StoreDocument, format: InputFormat?) {
        let element = JSONField(try ProductDecoder.parse(data), path: "[\(index)]")
        if let problem = FormatDetection.unreadable(element, offset: index, format: format) {
            return (StoreDocument(items: [], problems: [problem]), format)
        }
        let detected = if let format { format } else { try FormatDetection.detect(element.value, at: element.path) }
        if let format { try FormatDetection.checkFits(element.value, format: format, at: element.path) }
        return (try read(element, format: detected, options: options), detected)
    }

    /// The format of a document, from its fields (see ``InputFormat``).
    ///
    /// - Throws: ``PaywallTextError`` of kind ``PaywallTextError/Kind/unrecognizedFormat``
    ///   saying what the document looks like, when it looks like no format or like several;
    ///   of kind ``PaywallTextError/Kind/malformedJSON`` for input that is not JSON.
    public static func detectFormat(_ data: Data) throws(PaywallTextError) -> InputFormat {
        try FormatDetection.detect(ProductDecoder.parse(data))
    }

    static func read(_ root: JSONField, format: InputFormat, options: ReadOptions) throws(PaywallTextError) -> StoreDocument {
        let context = ReadingContext(options: options, instant: options.asOf ?? .now)
        let reading: Reading = switch format {
        case .storeKit1: try StoreKit1Reader.read(root, context)
        case .storeKit2: try StoreKit2Reader.read(root, context)
        case .appStoreConnect: try AppStoreConnectReader.read(root, context)
        case .googlePlay: try GooglePlayReader.read(root, context)
        case .playConsole: try PlayConsoleReader.read(root, context)
        case .revenueCat: try RevenueCatReader.read(root, context)
        case .storeKitConfig: try StoreKitConfigReader.read(root, context)
        case .stripe: try StripeReader.read(root, context)
        }
        guard reading.items.count <= Limits.maximumBatchCount else {
            throw PaywallTextError(.invalidValue, message:
                "the input holds \(reading.items.count) products; at most \(Limits.maximumBatchCount) are read at once")
        }
        return StoreDocument(items: reading.items.map(check), problems: reading.problems,
                             asOf: options.asOf ?? (reading.dependsOnDate ? context.instant : nil))
    }

    /// A draft checked: every problem with its path in the document, a product without the
    /// offers at fault, and the App Store's offer rules for App Store products.
    private static func check(_ item: DraftItem) -> ImportedProduct {
        switch item.result {
        case .failure(let error):
            let found = [error] + item.errors
            let more = item.partial.map { modelProblems(of: $0, besides: found) } ?? []
            return ImportedProduct(source: item.source, result: .failure(error), errors: found + more, warnings: item.warnings)
        case .success(let draft):
            let outcome = Validation.check(draft.product)
            let errors = item.errors + outcome.errors.map(draft.paths.relocate)
            guard let model = outcome.model else {
                return ImportedProduct(source: item.source, result: .failure(errors[0]), errors: errors, warnings: item.warnings)
            }
            let rules = item.source.store == .appStore
                ? AppStoreOfferRules.check(outcome.product, territory: item.source.territory).map {
                    ProductWarning(path: draft.paths.documentPath(for: $0.path), message: $0.message)
                }
                : []
            return ImportedProduct(source: item.source, result: .success(CheckedProduct(checked: outcome.product, model: model)),
                                   errors: errors, warnings: item.warnings + rules)
        }
    }

    /// The model's problems of the fields a reader did read of a product it could not make
    /// (PRODUCT §12a: every problem of a product at once, not one layer per run): a negative
    /// price beside a missing billing period, an offer's free phase with a price beside a base
    /// plan without its type. A problem is named only where it is about a field the document
    /// gave (a field the reader could not read is its default in the draft, and says nothing)
    /// and not about a field the reader's own errors already name (at its path or inside it: a
    /// reader's error about the whole object that holds it, such as a base plan without its
    /// type, does not say what is wrong with the field).
    private static func modelProblems(of draft: ProductDraft, besides found: [PaywallTextError]) -> [PaywallTextError] {
        var named = found.map(\.path)
        var problems: [PaywallTextError] = []
        for error in Validation.check(draft.product, partial: true).errors where error.catalog == nil && draft.paths.isMapped(error.path) {
            let located = draft.paths.relocate(error)
            guard !named.contains(where: { DocumentPaths.isWithin($0, located.path) }) else { continue }
            named.append(located.path)
            problems.append(located)
        }
        return problems
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
                // The items are moved over one by one, not copied.
                var read = try read(element)
                read.reverse()
                while let item = read.popLast() { items.append(item) }
            } catch {
                let source = ProductSource(format: format, store: format.store, path: element.path,
                                           productIdentifier: element.value[identifierKey]?.text)
                items.append(DraftItem(source, failure: error))
            }
        }
        return items
    }
}

/// What a document holds, read: its products, the problems that belong to no product, and
/// the instant they depend on.
public struct StoreDocument: Sendable, Hashable {
    /// One item per product, in document order.
    public var items: [ImportedProduct]
    /// Problems that belong to no product (an array member that is no product, an offer of
    /// a base plan the documents do not hold), in document order.
    public var problems: [DocumentProblem]
    /// The instant the products were read at, when it was given or the products depend on
    /// it (App Store Connect prices and offers with start or end dates); `nil` when neither.
    /// Output echoes it, so that a reader knows which day's prices the text shows.
    public var asOf: AsOf?

    /// Creates a document's reading.
    public init(items: [ImportedProduct], problems: [DocumentProblem] = [], asOf: AsOf? = nil) {
        self.items = items
        self.problems = problems
        self.asOf = asOf
    }

    /// Whether anything was wrong: a product that failed, a part of one left out for an
    /// error, or a problem of the document. Warnings do not count.
    public var hasErrors: Bool {
        items.contains { !$0.errors.isEmpty } || problems.contains { $0.severity == .error }
    }
}

/// How documents are read: the instant that chooses what is in force, and the currency of a
/// document that names none.
public struct ReadOptions: Sendable, Hashable {
    /// The instant that chooses the App Store Connect prices and offers in force; `nil` for
    /// the current time.
    public var asOf: AsOf?
    /// The App Store storefront (`USA`, ISO 3166-1 alpha-3, or `US`) whose currency prices a
    /// document that names none (an Xcode StoreKit configuration without a storefront).
    public var storefront: String?
    /// The ISO 4217 currency of a document that names none.
    public var currency: String?

    /// Creates options; by default, the current time and no currency.
    public init(asOf: AsOf? = nil, storefront: String? = nil, currency: String? = nil) {
        self.asOf = asOf
        self.storefront = storefront
        self.currency = currency
    }
}

/// What a reader is given besides the document.
struct ReadingContext {
    let options: ReadOptions
    /// The instant that chooses what is in force: the one given, or the current time.
    let instant: AsOf
}

/// What a reader found in a document.
struct Reading {
    var items: [DraftItem] = []
    /// Problems that belong to no product.
    var problems: [DocumentProblem] = []
    /// Whether a row read has a start or end date, so that the products depend on the instant.
    var dependsOnDate = false
}

/// One product of a document as a reader made it, before it is checked.
struct DraftItem {
    var source: ProductSource
    var result: Result<ProductDraft, PaywallTextError>
    /// Problems the reader found beyond the first: for a product that failed, its other
    /// errors; for one that did not, the errors of the parts it left out.
    var errors: [PaywallTextError] = []
    /// Parts of the product's document the reader did not use, and why.
    var warnings: [ProductWarning] = []
    /// For a product that failed for a problem of its own fields, what the reader made of the
    /// fields it could read, for the model's checks to name their problems too.
    var partial: ProductDraft?

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

    /// Runs `make`, which reports the problems it can read past into `problems` (an offer
    /// at fault, left out) and throws the one that stops the product. Every problem is kept:
    /// the thrown one first when the product fails, then the others.
    init(_ source: ProductSource, collecting make: (_ problems: inout ProblemList) throws(PaywallTextError) -> ProductDraft) {
        self.source = source
        var problems = ProblemList()
        do {
            result = .success(try make(&problems))
            errors = problems.errors
        } catch {
            result = .failure(error)
            errors = problems.errors
            partial = problems.partial
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

    /// Whether a field was read from the document: the model path or one of its parents has an
    /// entry (the product's own path, ``base``, does not count).
    func isMapped(_ modelPath: String) -> Bool {
        var key = Substring(modelPath)
        while !key.isEmpty {
            if entries[String(key)] != nil { return true }
            guard let cut = key.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            key = key[..<cut]
        }
        return false
    }

    /// Whether the document path `inner` is `outer` or a field inside it (`price.nanos` is
    /// within `price`; every path is within the document's own, `""`).
    static func isWithin(_ inner: String, _ outer: String) -> Bool {
        guard inner.hasPrefix(outer) else { return false }
        if inner.count == outer.count || outer.isEmpty { return true }
        let next = inner[inner.index(inner.startIndex, offsetBy: outer.count)]
        return next == "." || next == "["
    }

    /// The error with its path in the document.
    func relocate(_ error: PaywallTextError) -> PaywallTextError {
        guard error.catalog == nil else { return error }
        return PaywallTextError(error.kind, path: documentPath(for: error.path), message: error.message)
    }
}
