import ArgumentParser
import PaywallText

/// The options of how a document is read, which `render`, `snapshot` and `check` share:
/// the instant that chooses dated prices (and that `render` and `snapshot` count dates from),
/// its time zone, and the currency of a document that names none.
struct ReadingArguments: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The storefront of a document that names none (USA, or US): its currency prices an Xcode StoreKit configuration without a storefront, and its consumer law chooses the disclosures (the order button's label in the EU, the EEA and the UK only; default: the display locale's region).",
        valueName: "territory"))
    var storefront: String?

    @Option(help: ArgumentHelp("The currency of a document that names none (ISO 4217, USD).", valueName: "code"))
    var currency: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp(
        "The instant the subscriber starts: it chooses the prices in force (App Store Connect's scheduled prices), and render and snapshot write dates from it (offers' ends, first charges): now, 2026-01-31 (the start of that day in --time-zone), or 2026-01-31T10:00:00+01:00 (default: no dates, and now for prices, echoed when it matters).",
        valueName: "instant"))
    var asOf: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp(
        "The IANA time zone dates are counted and written in, and a date alone in --as-of starts in (default: UTC).", valueName: "zone"))
    var timeZone: String?

    /// The zone of `--time-zone`, UTC when none is given.
    func zone() throws -> TimeZoneName {
        guard let timeZone else { return .utc }
        do {
            return try TimeZoneName(timeZone)
        } catch {
            throw ValidationError("--time-zone \(timeZone): \(error.message)")
        }
    }

    /// The instant of `--as-of` (a date alone starts in `--time-zone`), `nil` when none is given.
    func instant() throws -> AsOf? {
        guard let asOf else { return nil }
        let zone = try zone()
        do {
            return try AsOf(parsing: asOf, timeZone: zone)
        } catch {
            throw ValidationError("--as-of \(asOf): \(error.message)")
        }
    }

    /// How documents are read, with `instant` (``instant()``, read once).
    func readOptions(at instant: AsOf?) -> ReadOptions {
        ReadOptions(asOf: instant, storefront: storefront, currency: currency)
    }

    /// How documents are read: `--as-of`, `--storefront`, `--currency`.
    func readOptions() throws -> ReadOptions {
        ReadOptions(asOf: try instant(), storefront: storefront, currency: currency)
    }

    func validate() throws {
        _ = try zone()
        _ = try instant()
        do {
            try ReadOptions(storefront: storefront, currency: currency).checkDocumentCurrency()
        } catch {
            throw ValidationError("--\(error.path) \(error.path == "storefront" ? storefront ?? "" : currency ?? ""): \(error.message)")
        }
    }
}
