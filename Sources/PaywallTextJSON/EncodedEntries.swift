public import PaywallText

/// One locale's entries for every item of a document, as ``RenderEntry`` writes them (each
/// at its position in the document, under `index`), kept as bytes so that a server can
/// interleave the locales' entries into its response without writing them again.
///
/// ```swift
/// let perLocale = locales.map { RenderEntry.encoded(document, locale: $0, renderer: renderer) }
/// let array = EncodedJSONArray(perLocale)   // the bytes of RenderEntry.jsonArray(entries(for:locales:renderer:))
/// ```
public struct EncodedEntries: Sendable {
    /// Every entry's JSON, one after another.
    private let bytes: [UInt8]
    /// Where each entry ends in `bytes`.
    private let ends: [Int]
    /// How many of the entries are errors.
    public let failures: Int
    /// The number of entries: one per item of the document.
    public var count: Int { ends.count }

    /// Renders and writes every item of a document in one locale.
    init(_ document: StoreDocument, locale: String, renderer: PaywallRenderer) {
        self.init(document, locale: locale, results: renderer.render(document.items, locale: locale))
    }

    /// Writes every item of a document with its outcome in one locale, rendered already
    /// (`results` holds one outcome per item, in order).
    package init(_ document: StoreDocument, locale: String, results: [Result<RenderedProduct, PaywallTextError>]) {
        var json = JSONWriter(capacity: 2048 * document.items.count)
        var ends: [Int] = []
        ends.reserveCapacity(document.items.count)
        var failures = 0
        for (offset, item) in document.items.enumerated() {
            RenderEntry.write(position: offset + 1, locale: locale, source: item.source, errors: item.errors, warnings: item.warnings,
                              outcome: results[offset], asOf: document.asOf, to: &json, positionKey: "index")
            ends.append(json.count)
            if case .failure = results[offset] { failures += 1 }
        }
        bytes = json.takeBytes()
        self.ends = ends
        self.failures = failures
    }

    /// Calls `body` with the JSON of the entry of the item at `offset`.
    func withEntry<Result>(_ offset: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = offset == 0 ? 0 : ends[offset - 1]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[offset]])) }
    }

    /// The length of the entry of the item at `offset`.
    func entryLength(_ offset: Int) -> Int {
        ends[offset] - (offset == 0 ? 0 : ends[offset - 1])
    }
}

extension RenderEntry {
    /// The entries of every item of a document in one locale, rendered and written.
    ///
    /// - Parameter locale: The locale as the request spells it; a bad one is every item's error.
    public static func encoded(_ document: StoreDocument, locale: String, renderer: PaywallRenderer) -> EncodedEntries {
        EncodedEntries(document, locale: locale, renderer: renderer)
    }

    /// Every item of a document in every locale, encoded as ``encoded(_:locale:renderer:)``
    /// encodes each locale: the JSON array of ``entries(for:locales:renderer:position:)``.
    ///
    /// Locales are rendered one at a time, and the task yields between them: a large request
    /// on Swift's cooperative thread pool then lets the other tasks of that pool run between
    /// its locales rather than holding a thread for all of its work.
    public static func encoded(_ document: StoreDocument, locales: [String], renderer: PaywallRenderer) async -> EncodedJSONArray {
        var encoded: [EncodedEntries] = []
        encoded.reserveCapacity(locales.count)
        for locale in locales {
            if !encoded.isEmpty { await Task.yield() }
            encoded.append(Self.encoded(document, locale: locale, renderer: renderer))
        }
        return EncodedJSONArray(encoded, problems: document.problems)
    }
}

/// The JSON array of a render, byte for byte as ``RenderEntry/jsonArray(_:problems:)``
/// writes the entries of ``RenderEntry/entries(for:locales:renderer:position:)`` and the
/// document's problems: item by item, each item's locales in order, then the problems.
/// Made from each locale's ``EncodedEntries``, whose bytes are copied only when written.
public struct EncodedJSONArray: Sendable {
    /// Each locale's entries, in the order of the locales.
    public let locales: [EncodedEntries]
    /// Each problem of the document that belongs to no product, written.
    private let problems: [[UInt8]]

    /// The array of these locales' entries (every one holds an entry per item of one
    /// document), then the document's problems (``StoreDocument/problems``).
    public init(_ locales: [EncodedEntries], problems: [DocumentProblem] = []) {
        self.locales = locales
        self.problems = problems.map { problem in
            var json = JSONWriter(capacity: 256)
            json.problem(problem, positionKey: "index")
            return json.bytes
        }
    }

    /// The number of entries: one per item and locale (the problems are not counted).
    public var count: Int { locales.reduce(0) { $0 + $1.count } }

    /// The number of entries that are errors.
    public var failures: Int { locales.reduce(0) { $0 + $1.failures } }

    /// The length of the array's JSON in bytes.
    public var byteCount: Int {
        typealias Layout = RenderEntry.ArrayLayout
        let count = count + problems.count
        guard count > 0 else { return Layout.empty.utf8CodeUnitCount }
        let entries = locales.reduce(0) { total, entries in (0..<entries.count).reduce(total) { $0 + entries.entryLength($1) } }
            + problems.reduce(0) { $0 + $1.count }
        return entries + Layout.opening.utf8CodeUnitCount + (count - 1) * Layout.separator.utf8CodeUnitCount
            + Layout.closing.utf8CodeUnitCount
    }

    /// Calls `write` with the array's bytes, in order, in pieces: the entries as they are
    /// held, and the separators of ``RenderEntry/ArrayLayout``.
    public func write(_ write: (UnsafeRawBufferPointer) -> Void) {
        typealias Layout = RenderEntry.ArrayLayout
        func raw(_ text: StaticString) { write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
        guard count + problems.count > 0 else { return raw(Layout.empty) }
        raw(Layout.opening)
        var first = true
        func separate() {
            if !first { raw(Layout.separator) }
            first = false
        }
        for offset in 0..<(locales.first?.count ?? 0) {
            for entries in locales {
                separate()
                entries.withEntry(offset) { write($0) }
            }
        }
        for problem in problems {
            separate()
            problem.withUnsafeBytes(write)
        }
        raw(Layout.closing)
    }

    /// The array's bytes in one array.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        write { bytes.append(contentsOf: $0) }
        return bytes
    }
}
