/// Every process-wide cache, for the accounting that the benchmark and the tests check
/// against the per-process bound.
///
/// Each cache belongs to the concept it caches (the ICU number formatters to
/// ``ICU/NumberFormatter``, a locale's shared data to ``LocaleData``, render contexts to
/// ``RenderContext``) and is one of two kinds: a ``FormatterCache`` of objects that every
/// thread shares (ICU's number formatters, plural rules and locale matcher are thread-safe),
/// or an ``ObjectPool`` of objects one thread at a time uses (ICU's MessageFormat and case
/// map are not). The one table of them, with their keys, bounds and owners, is in the
/// documentation: Caches.md.
package enum PaywallCaches {
    /// Every process-wide cache, in the order of the table.
    static var all: [any CacheAccounting] {
        [DisplayLocale.cache, LocaleData.cache, ICU.NumberFormatter.cache, Storefronts.cache, RenderContext.pool]
    }

    /// The most bytes the caches may hold together: the sum of their bounds.
    static var maximumBytes: Int { all.reduce(0) { $0 + $1.maximumBytes } }

    /// What the caches hold now, by their own estimates.
    static var usage: CacheUsage {
        all.reduce(CacheUsage(entries: 0, bytes: 0)) { CacheUsage(entries: $0.entries + $1.usage.entries, bytes: $0.bytes + $1.usage.bytes) }
    }

    /// Each cache by name, with what it holds now and its bounds: for the benchmark's report.
    package static var report: [(name: String, entries: Int, bytes: Int, maximumEntries: Int, maximumBytes: Int)] {
        all.map { cache in
            let usage = cache.usage
            return (cache.name, usage.entries, usage.bytes, cache.maximumEntries, cache.maximumBytes)
        }
    }
}

/// A cache's size now: entries and estimated bytes.
struct CacheUsage: Sendable, Hashable {
    var entries: Int
    var bytes: Int
}

/// What every process-wide cache reports about itself.
protocol CacheAccounting: Sendable {
    /// How the table of caches names it.
    var name: String { get }
    /// The most entries it keeps.
    var maximumEntries: Int { get }
    /// The most bytes it keeps, by its estimates.
    var maximumBytes: Int { get }
    /// What it holds now.
    var usage: CacheUsage { get }
}
