public import Foundation  // Data
public import PaywallText
public import PaywallTextJSON
import NIOConcurrencyHelpers
import Synchronization

/// The server's one cache: whole answers to bodies seen before (``Answer/answer(_:acceptLanguage:limits:catalogs:copy:cache:)``),
/// keyed by everything their bytes depend on: the body's bytes, the request limits, the
/// `Accept-Language` and the ``ContentVersion`` of the catalogs and copy rendered with.
///
/// A paywall server sees some bodies again and again (the same products in the same few
/// locales) and many once (prices per storefront, a new app). An answer is therefore kept
/// only the second time its body is answered within a while: the first time, only the key's
/// hash is noted. A body never seen again costs a hash and a note, not an entry that pushes
/// a useful one out.
///
/// It is bounded by entries and by an estimate of the bytes it holds, and split into shards,
/// each behind its own lock (a `pthread_mutex_t`: a contended `Synchronization.Mutex` is
/// handed over by the kernel on Linux). Each shard keeps two generations: lookups and stores go to the
/// young one, a hit in the old one is moved to the young one, and when the young one is
/// full (half the shard's entries or bytes) it becomes the old one and the old one is let go
/// whole, after the lock is released. That keeps what was used in the last generation at the
/// cost of a table swap, where an exact least-recently-used order costs a list update on
/// every hit. The noted hashes are kept the same way.
public final class AnswerCache: Sendable {
    /// The largest body whose answer is kept.
    public static let maximumBodyBytes = 64 << 10

    /// The most answers kept.
    public let maximumEntries: Int
    /// The most bytes kept, estimated: the answers' JSON, their keys' bodies and a fixed
    /// overhead each.
    public let maximumBytes: Int

    private let shards: [NIOLockedValueBox<Shard>]
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)

    /// An empty cache of at least two entries (each shard holds two generations of at least
    /// one entry).
    public init(maximumEntries: Int = 10_000, maximumBytes: Int = 64 << 20) {
        let entries = max(2, maximumEntries), bytes = max(1, maximumBytes)
        self.maximumEntries = entries
        self.maximumBytes = bytes
        let count = min(8, entries / 2)
        shards = (0..<count).map { index in
            // The entries and bytes split evenly; the first shards take what does not divide.
            NIOLockedValueBox(Shard(entries: entries / count + (index < entries % count ? 1 : 0), bytes: max(1, bytes / count)))
        }
    }

    /// What a cache holds now, and its hits and misses so far.
    public struct Statistics: Sendable, Equatable {
        /// Lookups that found an answer.
        public var hits: Int
        /// Lookups that found none.
        public var misses: Int
        /// Answers held.
        public var entries: Int
        /// Their estimated bytes.
        public var bytes: Int
    }

    /// What the cache holds now, and its hits and misses so far.
    public var statistics: Statistics {
        var entries = 0, bytes = 0
        for shard in shards {
            shard.withLockedValue { shard in
                entries += shard.young.count + shard.old.count
                bytes += shard.youngBytes + shard.oldBytes
            }
        }
        return Statistics(hits: hits.load(ordering: .relaxed), misses: misses.load(ordering: .relaxed), entries: entries, bytes: bytes)
    }

    /// A key: what an answer's bytes depend on, with its hash worked out once.
    public struct Key: Hashable, Sendable {
        let body: Data
        let limits: RenderRequest.Limits
        let acceptLanguage: String?
        let version: ContentVersion
        let hash: Int

        public func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }

        public static func == (left: Key, right: Key) -> Bool {
            left.hash == right.hash && left.version == right.version && left.limits == right.limits
                && left.acceptLanguage == right.acceptLanguage && left.body == right.body
        }
    }

    /// The key of a body's answer; `nil` for a body over ``maximumBodyBytes``, whose answer
    /// is not kept.
    public func key(for body: Data, limits: RenderRequest.Limits, acceptLanguage: String?, version: ContentVersion) -> Key? {
        guard body.count <= Self.maximumBodyBytes else { return nil }
        var hasher = Hasher()
        // Every byte: `Data`'s own hash reads only the first few.
        body.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(limits)
        hasher.combine(acceptLanguage)
        hasher.combine(version)
        return Key(body: body, limits: limits, acceptLanguage: acceptLanguage, version: version, hash: hasher.finalize())
    }

    /// The answer kept under a key, counted as a hit or a miss.
    public func answer(for key: Key) -> Answer? {
        let (found, dropped) = shard(for: key).withLockedValue { $0.value(for: key) }
        withExtendedLifetime(dropped) {}
        if found == nil {
            misses.add(1, ordering: .relaxed)
        } else {
            hits.add(1, ordering: .relaxed)
        }
        return found
    }

    /// Offers an answer: it is kept if its key's hash was noted before (the body was
    /// answered before within a while), otherwise the hash is noted.
    public func offer(_ answer: Answer, for key: Key) {
        let cost = 256 + answer.json.count + key.body.count + answer.locales.reduce(0) { $0 + 32 + $1.utf8.count }
        let dropped = shard(for: key).withLockedValue { $0.offer(answer, for: key, cost: cost) }
        // What left the cache is released here, after the lock.
        withExtendedLifetime(dropped) {}
    }

    /// Removes every entry and every noted hash; the counts of hits and misses stay.
    public func removeAll() {
        for shard in shards {
            let dropped = shard.withLockedValue { $0.removeAll() }
            withExtendedLifetime(dropped) {}
        }
    }

    private func shard(for key: Key) -> NIOLockedValueBox<Shard> {
        shards[Int(UInt(bitPattern: key.hash) % UInt(shards.count))]
    }

    /// One lock's share: two generations of answers, and two of noted hashes.
    struct Shard {
        struct Entry {
            let answer: Answer
            let cost: Int
        }

        /// The most entries, and bytes, of one generation: half the shard's.
        public let maximumEntries: Int
        let maximumBytes: Int
        var young: [Key: Entry] = [:]
        var old: [Key: Entry] = [:]
        var youngBytes = 0
        var oldBytes = 0
        var noted: Set<Int> = []
        var notedBefore: Set<Int> = []

        init(entries: Int, bytes: Int) {
            maximumEntries = max(1, entries / 2)
            maximumBytes = max(1, bytes / 2)
        }

        /// The answer under a key; a hit in the old generation moves to the young one. It
        /// returns what a full young generation let go.
        mutating func value(for key: Key) -> (Answer?, [Key: Entry]?) {
            if let entry = young[key] { return (entry.answer, nil) }
            guard let entry = old.removeValue(forKey: key) else { return (nil, nil) }
            oldBytes -= entry.cost
            return (entry.answer, insert(entry, for: key))
        }

        /// Keeps an answer whose hash was noted, or notes it. It returns what a full young
        /// generation let go.
        mutating func offer(_ answer: Answer, for key: Key, cost: Int) -> [Key: Entry]? {
            guard cost <= maximumBytes else { return nil }
            guard noted.contains(key.hash) || notedBefore.contains(key.hash) else {
                noted.insert(key.hash)
                if noted.count >= maximumEntries * 2 {
                    notedBefore = noted
                    noted = []
                }
                return nil
            }
            if let replaced = young.removeValue(forKey: key) { youngBytes -= replaced.cost }
            if let replaced = old.removeValue(forKey: key) { oldBytes -= replaced.cost }
            return insert(Entry(answer: answer, cost: cost), for: key)
        }

        /// Empties the shard; it returns what it held, to be released after the lock.
        mutating func removeAll() -> ([Key: Entry], [Key: Entry]) {
            defer {
                young = [:]
                old = [:]
                youngBytes = 0
                oldBytes = 0
                noted = []
                notedBefore = []
            }
            return (young, old)
        }

        /// Puts an entry in the young generation, first making it the old one when it is full.
        private mutating func insert(_ entry: Entry, for key: Key) -> [Key: Entry]? {
            var dropped: [Key: Entry]?
            if young.count >= maximumEntries || youngBytes + entry.cost > maximumBytes {
                dropped = old
                old = young
                oldBytes = youngBytes
                young = [:]
                youngBytes = 0
            }
            young[key] = entry
            youngBytes += entry.cost
            return dropped
        }
    }
}
