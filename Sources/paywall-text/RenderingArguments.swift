public import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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

    @Option(name: .customLong(RenderOptions.Name.fields.commandLineName), help: ArgumentHelp(
        "Render only these fields, by their JSON paths without indices, separated by commas (price,pricePer.month.price,offers.summary).",
        valueName: "paths"))
    var fields: String?

    @OptionGroup var reading: ReadingArguments

    @Option(name: .customLong("copy"), help: ArgumentHelp(
        "Render your own messages from this copy folder (<dir>/<catalog>.json, en.json the source) into each product's and offer's copy.",
        valueName: "dir"))
    var copyDirectory: String?


    /// The library's options for these arguments, with dates from `instant`
    /// (``ReadingArguments/instant()``, read once, so that `now` is one instant for reading
    /// and rendering) in the zone of `--time-zone`.
    func options(at instant: AsOf?) throws -> RenderOptions {
        var options = RenderOptions(
            normalization: PeriodNormalization(daysAsWeeks: !keepDays, monthsAsYears: !keepMonths),
            unitPriceRounding: unitPriceRounding, store: store ?? cancellationHint,
            savingsReference: savingsReference, include: (try? includedFields()) ?? [], asOf: instant, timeZone: try reading.zone())
        options.fields = try selectedFields()
        // --storefront names the storefront of documents that name none: its currency when
        // they are read, its consumer law when their disclosures are written.
        if let storefront = reading.storefront {
            do {
                try options.set(.storefront, .text(storefront))
            } catch {
                throw ValidationError("--storefront \(storefront): \(error.message)")
            }
        }
        return options
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

    /// The fields of `--fields` (checked by `validate()`), `nil` for every field.
    private func selectedFields() throws -> FieldSelection? {
        guard let fields else { return nil }
        do {
            return try FieldSelection(parsing: fields)
        } catch {
            throw ValidationError("--fields \(fields): \(error.message)")
        }
    }

    /// The catalogs of `--catalogs`, read and checked, or the built-in ones.
    func catalogs() throws -> Catalogs {
        guard let catalogDirectory else { return .builtIn }
        do {
            return try Catalogs(directory: catalogDirectory)
        } catch {
            throw folderFailure("--catalogs", catalogDirectory, error)
        }
    }

    /// The copy folder of `--copy`, read and checked (its warnings on standard error), or `nil`.
    func copy() throws -> PaywallCopy? {
        guard let copyDirectory else { return nil }
        do {
            let copy = try PaywallCopy(directory: copyDirectory)
            for warning in copy.warnings { printError("\(warning)") }
            return copy
        } catch {
            throw folderFailure("--copy", copyDirectory, error)
        }
    }


    /// How documents are read: `--as-of` (``ReadingArguments/instant()``), `--storefront`, `--currency`.
    func readOptions(at instant: AsOf?) -> ReadOptions {
        reading.readOptions(at: instant)
    }

    func validate() throws {
        if let cancellationHint {
            guard store == nil || store == cancellationHint else {
                throw ValidationError("--cancellation-hint is the former name of --store; give --store alone")
            }
            printError("warning: --cancellation-hint is deprecated; use --store \(cancellationHint.rawValue), which does the same and chooses the disclosures' store")
        }
        _ = try includedFields()
        _ = try selectedFields()
    }

    /// `--savings-reference` must name a product of the input.
    func checkSavingsReference(in items: [ImportedProduct]) throws {
        guard let savingsReference, !items.contains(where: { (try? $0.result.get())?.productIdentifier == savingsReference }) else { return }
        // Found out only once the input is read: said without the usage, which is not what is wrong.
        printError("error: --savings-reference \(savingsReference): no product in the input has that productIdentifier")
        throw Exit.usage
    }
}

/// A folder of `--catalogs` or `--copy` that could not be used: said on standard error,
/// without the usage, which is not what is wrong; exit 66 when the folder is missing, 65
/// when what it holds is wrong.
func folderFailure(_ option: String, _ folder: String, _ error: any Error) -> ExitCode {
    printError("error: \(option) \(folder): \(error)")
    var isDirectory = false
    let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory)
    return exists && isDirectory ? Exit.dataError : Exit.noInput
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
