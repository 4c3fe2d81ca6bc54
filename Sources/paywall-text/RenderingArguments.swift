public import ArgumentParser
public import PaywallText
public import PaywallTextGoldens

/// The options `render` and `snapshot` share: where the sentences come from, how the
/// products are read and how they are rendered. The rendering options are named as
/// ``RenderOptions/Name`` names them, as the server's request and snapshot headers do.
struct RenderingArguments: ParsableArguments {
    @Option(name: .customLong("catalogs"), help: ArgumentHelp(
        "Read catalogs from this folder instead of the built-in ones (preview edited translations).",
        valueName: "dir"))
    var catalogDirectory: String?

    @Flag(name: .customLong(RenderOptions.Name.daysAsWeeks.commandLineName), help: "Keep day counts in days (7 days stays 7 days).")
    var keepDays = false

    @Flag(name: .customLong(RenderOptions.Name.monthsAsYears.commandLineName), help: "Keep month counts in months (12 months stays 12 months).")
    var keepMonths = false

    @Option(name: .customLong(RenderOptions.Name.savingsReference.commandLineName), help: ArgumentHelp(
        "Compute savings against the product with this productIdentifier (default: the dearest per month in each currency).",
        valueName: "product-id"))
    var savingsReference: String?

    @Option(name: .customLong(RenderOptions.Name.unitPriceRounding.commandLineName),
            help: "How prices per day, week, month and year are rounded: towardZero (default) or halfEven.")
    var unitPriceRounding: UnitPriceRounding = .towardZero

    @Option(name: .customLong(RenderOptions.Name.store.commandLineName), help: ArgumentHelp(
        "The store the text is for, appStore or googlePlay: the renewal terms end with where to cancel in it, and the disclosures follow its rules (default: no hint; disclosures for the store each document came from, else the App Store).",
        valueName: "store"))
    var store: Store?

    @Option(name: .customLong(RenderOptions.Name.cancellationHint.commandLineName), help: ArgumentHelp(
        "Deprecated: the former name of --store, which it sets.", valueName: "store"))
    var cancellationHint: Store?

    @Option(name: .customLong(RenderOptions.Name.include.commandLineName), help: ArgumentHelp(
        "Optional fields to render, separated by commas: spoken, parts, disclosures.", valueName: "fields"))
    var include: String?

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

    /// The library's options for these arguments.
    var options: RenderOptions {
        RenderOptions(
            normalization: PeriodNormalization(daysAsWeeks: !keepDays, monthsAsYears: !keepMonths),
            unitPriceRounding: unitPriceRounding, store: store ?? cancellationHint,
            savingsReference: savingsReference, include: (try? includedFields()) ?? [])
    }

    /// The fields of `--include` (checked by `validate()`).
    private func includedFields() throws -> RenderOptions.Include {
        guard let include else { return [] }
        do {
            return try RenderOptions.Include(parsing: include)
        } catch {
            throw ValidationError("--include \(include): \(error.message)")
        }
    }

    /// The catalogs of `--catalogs`, read and checked, or the built-in ones.
    func catalogs() throws -> Catalogs {
        guard let catalogDirectory else { return .builtIn }
        do {
            return try Catalogs(directory: catalogDirectory)
        } catch {
            throw ValidationError("--catalogs \(catalogDirectory): \(error)")
        }
    }

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
        if let cancellationHint {
            guard store == nil || store == cancellationHint else {
                throw ValidationError("--cancellation-hint is the former name of --store; give --store alone")
            }
            printError("warning: --cancellation-hint is deprecated; use --store \(cancellationHint.rawValue), which does the same and chooses the disclosures' store")
        }
        _ = try instant()
        _ = try includedFields()
        do {
            _ = try ReadOptions(storefront: storefront, currency: currency).documentCurrency()
        } catch {
            throw ValidationError("--\(error.path) \(error.path == "storefront" ? storefront ?? "" : currency ?? ""): \(error.message)")
        }
    }

    /// `--savings-reference` must name a product of the input.
    func checkSavingsReference(in items: [ImportedProduct]) throws {
        guard let savingsReference, !items.contains(where: { (try? $0.result.get())?.productIdentifier == savingsReference }) else { return }
        throw ValidationError("--savings-reference \(savingsReference): no product in the input has that productIdentifier")
    }
}

/// `--input`: a format's name, or `auto` to detect it (``InputFormat/choice(named:)``).
struct InputChoice: ExpressibleByArgument {
    /// The format to read; `nil` to detect it.
    let format: InputFormat?

    init?(argument: String) {
        do {
            format = try InputFormat.choice(named: argument)
        } catch {
            return nil
        }
    }

    private init(format: InputFormat?) {
        self.format = format
    }

    static let auto = InputChoice(format: nil)

    static var allValueStrings: [String] { InputFormat.choiceNames }

    var defaultValueDescription: String { format?.rawValue ?? "auto" }
}

// The library's option enums as command-line values (their raw values are the spellings).
extension UnitPriceRounding: ExpressibleByArgument {}
extension Store: ExpressibleByArgument {}
extension RecordMode: ExpressibleByArgument {}
