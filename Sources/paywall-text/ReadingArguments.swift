import ArgumentParser
import PaywallText

/// The options of how a document is read, which `render`, `snapshot` and `check` share:
/// the instant that chooses dated prices, and the currency of a document that names none.
struct ReadingArguments: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The App Store storefront whose currency prices a document that names none (USA, or US): an Xcode StoreKit configuration without a storefront.",
        valueName: "territory"))
    var storefront: String?

    @Option(help: ArgumentHelp("The currency of a document that names none (ISO 4217, USD).", valueName: "code"))
    var currency: String?

    @Option(name: .customLong("as-of"), help: ArgumentHelp(
        "The instant that chooses the prices in force (App Store Connect's scheduled prices): 2026-01-31, or 2026-01-31T10:00:00+01:00 (default: now, echoed when it matters).",
        valueName: "instant"))
    var asOf: String?

    /// The instant of `--as-of`, `nil` when none is given.
    func instant() throws -> AsOf? {
        guard let asOf else { return nil }
        do {
            return try AsOf(parsing: asOf)
        } catch {
            throw ValidationError("--as-of \(asOf): \(error.message)")
        }
    }

    /// How documents are read: `--as-of`, `--storefront`, `--currency`.
    func readOptions() throws -> ReadOptions {
        ReadOptions(asOf: try instant(), storefront: storefront, currency: currency)
    }

    func validate() throws {
        _ = try instant()
        do {
            _ = try ReadOptions(storefront: storefront, currency: currency).documentCurrency()
        } catch {
            throw ValidationError("--\(error.path) \(error.path == "storefront" ? storefront ?? "" : currency ?? ""): \(error.message)")
        }
    }
}
