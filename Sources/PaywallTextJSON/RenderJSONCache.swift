#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import PaywallText

/// A bounded cache of what answering a render request again needs, for a server: the
/// whole answer to a body seen before (``RenderResponse/answer(_:acceptLanguage:limits:catalogs:copy:cache:)``),
/// the reading of a request body (``RenderRequest/decode(_:limits:cache:)``) and the
/// JSON of entries written before (``RenderEntry/encoded(_:locale:renderer:cache:)``).
///
/// Every value is keyed by everything it depends on, so a cached answer is always the one
/// that reading and rendering would give:
/// - an answer, by the body's bytes, the ``RenderRequest/Limits``, the `Accept-Language`
///   it was given, and the snapshot of the ``Catalogs`` and the copy it was rendered with;
///   an answer read at the current time is not kept;
/// - a reading, by the body's bytes and the ``RenderRequest/Limits``; a reading that
///   depends on the current time is not kept (``RenderRequest/readAtCurrentTime``);
/// - a locale's entries, by the whole document (savings compare its plans; each entry
///   carries its position and the document's ``StoreDocument/asOf``), the locale as
///   spelled, the ``RenderOptions`` and the snapshot of the ``Catalogs``. A catalog reload
///   makes the entries of that catalogs value unreachable, and the cache removes them when it
///   first sees the new snapshot.
///
/// It is bounded by entries and by an estimate of the bytes it holds, evicts the least
/// recently used first, and is safe to share between tasks and threads (shards, each
/// behind its own lock).
///
/// ```swift
/// let cache = RenderJSONCache(maximumEntries: 50_000, maximumBytes: 128 << 20)
/// let request = try RenderRequest.decode(body, cache: cache)
/// let renderer = PaywallRenderer(options: request.options)
/// let array = EncodedJSONArray(["de-DE"].map { RenderEntry.encoded(request.document, locale: $0, renderer: renderer, cache: cache) })
/// ```
public final class RenderJSONCache: Sendable {
    /// Hits, misses, entries and estimated bytes, as a ``RenderCache`` reports them.
    public typealias Statistics = RenderCache.Statistics

    /// The largest body whose reading is kept; a larger one is read every time.
    public static let maximumBodyBytes = 64 << 10

    /// The most entries kept: answers, readings and locales' entries together.
    public var maximumEntries: Int { storage.maximumEntries }
    /// The most bytes kept, estimated.
    public var maximumBytes: Int { storage.maximumBytes }

    private let storage: ShardedCache<Key, Value>

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumEntries: The most entries kept; at least 1.
    ///   - maximumBytes: The most bytes kept, estimated; a value larger than an eighth of
    ///     them is not kept.
    public init(maximumEntries: Int = 10_000, maximumBytes: Int = 64 << 20) {
        storage = ShardedCache(maximumEntries: maximumEntries, maximumBytes: maximumBytes)
    }

    /// What the cache holds now, and its hits and misses so far.
    public var statistics: Statistics { storage.statistics }

    /// Removes every entry; the statistics' counts stay.
    public func removeAll() {
        storage.removeAll()
    }

    // MARK: Keys and values

    /// A key whose hash is worked out once, when it is made: the shard and the shard's
    /// table both need it, and its fields may be large (a body, a document). Two keys are
    /// equal when their hashes are and then their fields, compared in declaration order
    /// (the cheap fields first).
    @dynamicMemberLookup
    struct HashedKey<Fields: Hashable & Sendable>: Hashable, Sendable {
        let fields: Fields
        let hash: Int

        init(_ fields: Fields) {
            self.fields = fields
            hash = fields.hashValue
        }

        subscript<Field>(dynamicMember field: KeyPath<Fields, Field>) -> Field { fields[keyPath: field] }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        static func == (left: HashedKey, right: HashedKey) -> Bool {
            left.hash == right.hash && left.fields == right.fields
        }
    }

    /// A request body and the limits it was read with.
    struct Body: Hashable, Sendable {
        let limits: RenderRequest.Limits
        let body: Data

        func hash(into hasher: inout Hasher) {
            // Every byte: `Data`'s own hash reads only the first few.
            body.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(limits)
        }
    }

    /// Everything one locale's entries depend on: the request's fields that change the output
    /// (the fields to include among them) are in ``options``; the sources of text (the
    /// catalogs' snapshot and the copy folder) in ``content``.
    struct Entries: Hashable, Sendable {
        /// What the sentences come from: the catalogs' snapshot and the copy folder.
        let content: CatalogsVersion
        /// The locale as spelled: an entry that failed echoes it.
        let locale: String
        let options: RenderOptions
        /// The whole batch, with its instant.
        let document: StoreDocument
    }

    /// Everything a whole answer depends on: the body and limits, the `Accept-Language` it
    /// was negotiated from (when the body names no locales), and the sources of text.
    struct Response: Hashable, Sendable {
        let content: CatalogsVersion
        let acceptLanguage: String?
        let body: BodyKey
    }

    typealias BodyKey = HashedKey<Body>

    /// The key a body's reading and answer are kept under; `nil` for a body over
    /// ``maximumBodyBytes``, which is not kept.
    static func bodyKey(_ body: Data, limits: RenderRequest.Limits) -> BodyKey? {
        body.count <= maximumBodyBytes ? BodyKey(Body(limits: limits, body: body)) : nil
    }
    typealias EntriesKey = HashedKey<Entries>
    typealias ResponseKey = HashedKey<Response>

    enum Key: ShardedCacheKey {
        case body(BodyKey)
        case entries(EntriesKey)
        case response(ResponseKey)

        var precomputedHash: Int {
            switch self {
            case .body(let key): key.hash
            case .entries(let key): key.hash
            case .response(let key): key.hash
            }
        }

        var catalogsVersion: CatalogsVersion? {
            switch self {
            case .body: nil
            case .entries(let key): key.content
            case .response(let key): key.content
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(precomputedHash)
        }
    }

    enum Value: Sendable {
        case reading(Result<RenderRequest, PaywallTextError>)
        case entries(EncodedEntries)
        case response(RenderResponse)
    }

    func response(for key: ResponseKey) -> RenderResponse? {
        guard case .response(let response)? = storage.value(for: .response(key)) else { return nil }
        return response
    }

    /// Keeps an answer. Its estimate: its bytes, the body it is keyed by, and the locales.
    func store(_ response: RenderResponse, for key: ResponseKey) {
        let locales = response.locales.reduce(0) { $0 + 32 + $1.utf8.count }
        storage.store(.response(response), for: .response(key), cost: 256 + response.json.count + key.body.body.count + locales)
    }

    func reading(for key: BodyKey) -> Result<RenderRequest, PaywallTextError>? {
        guard case .reading(let reading)? = storage.value(for: .body(key)) else { return nil }
        return reading
    }

    /// Keeps a reading. Its estimate: the body, and three times as much for the products,
    /// entries and paths read from it.
    func store(_ reading: Result<RenderRequest, PaywallTextError>, for key: BodyKey) {
        storage.store(.reading(reading), for: .body(key), cost: 256 + 4 * key.body.count)
    }

    func entries(for key: EntriesKey) -> EncodedEntries? {
        guard case .entries(let entries)? = storage.value(for: .entries(key)) else { return nil }
        return entries
    }

    /// Keeps a locale's entries. Its estimate: their bytes and the key's own (the document it
    /// holds is shared with the request it was read from).
    func store(_ entries: EncodedEntries, for key: EntriesKey) {
        storage.store(.entries(entries), for: .entries(key), cost: 256 + key.locale.utf8.count + entries.byteCount)
    }
}
