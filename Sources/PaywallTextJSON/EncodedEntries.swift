public import PaywallText

/// One locale's entries for every item of a document, as ``RenderEntry`` writes them (each
/// at its position in the document, under `index`), kept as bytes so that a
/// ``RenderJSONCache`` can hold them and a server can copy them into its response.
///
/// ```swift
/// let perLocale = locales.map { RenderEntry.encoded(document, locale: $0, renderer: renderer, cache: cache) }
/// let array = EncodedJSONArray(perLocale)   // the bytes of RenderEntry.jsonArray(entries(for:locales:renderer:))
/// ```
public struct EncodedEntries: Sendable {
    /// Every entry's JSON, one after another.
    private let bytes: [UInt8]
    /// Where each entry ends in `bytes`.
    private let ends: [Int]
    /// How many of the entries are errors.
    public let failures: Int
    /// Whether the entries came from a cache: nothing was rendered for them.
    public internal(set) var cached = false

    /// The number of entries: one per item of the document.
    public var count: Int { ends.count }

    /// The bytes held, for a cache's estimate.
    var byteCount: Int { bytes.count + 8 * ends.count }

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
    /// The entries of every item of a document in one locale, encoded: found in `cache`, or
    /// rendered, written and stored there.
    ///
    /// The cache keys them by everything their bytes depend on: the whole document (savings
    /// compare its plans; each entry carries its position; its ``StoreDocument/asOf`` is
    /// echoed), the locale as spelled, the renderer's options, its catalogs' snapshot and its
    /// copy folder. A reload of the catalogs or the copy makes the entries rendered before it unreachable.
    ///
    /// - Parameters:
    ///   - locale: The locale as the request spells it; a bad one is every item's error.
    ///   - cache: Where entries are kept; `nil` renders every time.
    public static func encoded(
        _ document: StoreDocument, locale: String, renderer: PaywallRenderer, cache: RenderJSONCache?
    ) -> EncodedEntries {
        guard let cache else { return EncodedEntries(document, locale: locale, renderer: renderer) }
        // The snapshot is read before rendering: a reload in between leaves newer text under the
        // older snapshot, which no later lookup asks for.
        let key = RenderJSONCache.EntriesKey(.init(content: renderer.contentVersion, locale: locale, options: renderer.options,
                                                   document: document))
        if var found = cache.entries(for: key) {
            found.cached = true
            return found
        }
        let entries = EncodedEntries(document, locale: locale, renderer: renderer)
        cache.store(entries, for: key)
        return entries
    }
}

extension RenderEntry {
    /// Every item of a document in every locale, encoded as ``encoded(_:locale:renderer:cache:)``
    /// encodes each locale: the JSON array of ``entries(for:locales:renderer:position:)``.
    ///
    /// Locales are rendered one at a time, and the task yields after each locale it rendered
    /// (not after one found in the cache): a large request on Swift's cooperative thread pool
    /// then lets the other tasks of that pool run between its locales rather than holding a
    /// thread for all of its work.
    public static func encoded(
        _ document: StoreDocument, locales: [String], renderer: PaywallRenderer, cache: RenderJSONCache?
    ) async -> EncodedJSONArray {
        var encoded: [EncodedEntries] = []
        encoded.reserveCapacity(locales.count)
        for locale in locales {
            if let last = encoded.last, !last.cached { await Task.yield() }
            encoded.append(Self.encoded(document, locale: locale, renderer: renderer, cache: cache))
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
