/// Every cache of the library, in one table, with a per-process bound on what they hold.
///
/// Each cache belongs to the concept it caches (the ICU number formatters to
/// ``ICU/NumberFormatter``, a locale's shared data to ``LocaleData``, render contexts to
/// ``RenderContext``) and is one of two kinds: a ``FormatterCache`` of objects that every
/// thread shares (ICU's number formatters, plural rules and locale matcher are thread-safe),
/// or an ``ObjectPool`` of objects one thread at a time uses (ICU's MessageFormat and case
/// map are not thread-safe). Both are bounded by entries and by estimated bytes, per
/// process, whatever the number of threads; the table below is the only one documenting them.
///
/// | cache | kind | key | entries | bytes | owner |
/// |---|---|---|---|---|---|
/// | locale identities | shared | a locale as a caller spells it | 2,048 | 1 MiB | ``DisplayLocale`` |
/// | locale data | shared | a locale identity | 256 | 24 MiB | ``LocaleData``: plural rules, unit formatters, period texts 1–100 |
/// | number formatters | shared | skeleton + locale identity | 2,048 | 16 MiB | ``ICU/NumberFormatter`` |
/// | storefronts | shared | a `priceLocale` as given | 1,024 | 256 KiB | ``Storefronts`` |
/// | render contexts | pooled | catalog snapshot + locale identity | 192 | 80 MiB | ``RenderContext``: compiled messages, templates, case map |
///
/// Caches a caller creates are theirs and bounded by their own settings: the catalogs of
/// a ``Catalogs`` value (its snapshot and language matcher) and a ``RenderCache``.
///
/// The estimates are the bytes each value holds, measured with the allocator's statistics
/// for the built-in catalogs (see the benchmark's `--memory` run): a period-text table is
/// about 40 KB, a compiled message about 2 KB plus its pattern, a template its text.
package enum PaywallCaches {
    /// Every process-wide cache, in the order of the table.
    static var all: [any CacheAccounting] {
        [DisplayLocale.cache, LocaleData.cache, ICU.NumberFormatter.cache, Storefronts.cache, RenderContext.pool]
    }

    /// The most bytes the caches may hold together: the sum of their bounds.
    package static var maximumBytes: Int { all.reduce(0) { $0 + $1.maximumBytes } }

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
