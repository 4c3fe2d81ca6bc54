public import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallText

/// The output formats of `paywall-text render`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `paywall-text render`: renders products in one or more locales.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render products as localized paywall text.",
        discussion: """
        FILE holds one product object or an array of products (or, with --lines, \
        one product object per line). Each product is rendered in every --locale. \
        An array is one paywall: each plan cheaper per month than the dearest plan of \
        its currency (or --savings-reference) gets its savings. Bad products are \
        reported beside the good ones and make the exit code 65.
        """
    )

    @Argument(help: "A JSON file of products, or - for standard input.")
    var file: String = "-"

    @Option(name: .customLong("locale"), help: "A display locale, BCP 47 (pt-BR) or ICU (pt_BR). Repeatable.")
    var locales: [String] = []

    @Option(help: "Output format: text (a table for people) or json.")
    var format: OutputFormat = .text

    @Flag(help: "Read JSON Lines and write one output line per input line and locale.")
    var lines = false

    @Option(name: .customLong("catalogs"), help: ArgumentHelp(
        "Read catalogs from this folder instead of the built-in ones (preview edited translations).",
        valueName: "dir"))
    var catalogDirectory: String?

    @Flag(name: .customLong("no-days-as-weeks"), help: "Keep day counts in days (7 days stays 7 days).")
    var keepDays = false

    @Flag(name: .customLong("no-months-as-years"), help: "Keep month counts in months (12 months stays 12 months).")
    var keepMonths = false

    @Option(name: .customLong("savings-reference"), help: ArgumentHelp(
        "Compute savings against the product with this productIdentifier (default: the dearest per month in each currency).",
        valueName: "product-id"))
    var savingsReference: String?

    @Option(name: .customLong("unit-price-rounding"), help: "How prices per day, week, month and year are rounded: towardZero (default) or halfEven.")
    var unitPriceRounding: UnitPriceRounding = .towardZero

    @Option(name: .customLong("cancellation-hint"), help: "Add where to cancel to the renewal terms: appStore or googlePlay.")
    var cancellationHint: CancellationHint?

    func validate() throws {
        guard !locales.isEmpty else {
            throw ValidationError("Name at least one --locale, e.g. --locale en-US.")
        }
        for locale in locales {
            do {
                _ = try PaywallRenderer.canonicalLocale(locale)
            } catch {
                throw ValidationError("--locale \(locale): \(error.message)")
            }
        }
        if let catalogDirectory {
            do {
                _ = try renderer.catalogName(for: "en")
            } catch {
                throw ValidationError("--catalogs \(catalogDirectory): \(error)")
            }
        }
    }

    private var renderer: PaywallRenderer {
        PaywallRenderer(options: RenderOptions(
            normalization: PeriodNormalization(daysAsWeeks: !keepDays, monthsAsYears: !keepMonths),
            catalogs: catalogDirectory.map(CatalogSource.directory) ?? .embedded,
            unitPriceRounding: unitPriceRounding, cancellationHint: cancellationHint,
            savingsReference: savingsReference))
    }

    func run() throws {
        let output = OutputWriter(format: format, lines: lines)
        let renderer = self.renderer
        var hadError = false
        var entries: [OutputEntry] = []
        /// One line of JSON Lines, rendered alone (savings need a batch).
        func render(_ item: Result<Product, PaywallTextError>, position: Int) {
            for locale in locales {
                let outcome = item.flatMap { product in
                    Result { () throws(PaywallTextError) in try renderer.render(product, locale: locale) }
                }
                let entry = OutputEntry(position: position, locale: locale,
                                        productIdentifier: try? item.get().productIdentifier, outcome: outcome)
                hadError = hadError || entry.error != nil
                if lines, format == .json {
                    output.write([entry])  // one line out per line in, as it comes
                } else {
                    entries.append(entry)
                }
            }
        }

        var batch: [Result<Product, PaywallTextError>] = []
        do throws(InputReader.Failure) {
            if lines {
                let reader = try LineReader(path: file, maximumLength: Limits.maximumLineBytes)
                var number = 0
                while let line = reader.next() {
                    number += 1
                    switch line {
                    case .text(let data):
                        render(Result { () throws(PaywallTextError) in try ProductDecoder.decodeProduct(data) }, position: number)
                    case .tooLong(let bytes):
                        render(.failure(PaywallTextError(.malformedJSON, path: "", message:
                            "the line is \(bytes) bytes; at most \(Limits.maximumLineBytes) are read")), position: number)
                    }
                }
            } else {
                batch = ProductDecoder.decodeBatch(try InputReader.read(file))
            }
        } catch .missing(let path) {
            printError("error: no such file: \(path)")
            throw Exit.noInput
        } catch .unreadable(let path, let reason) {
            printError("error: \(path) \(reason)")
            throw Exit.noInput
        }

        if !lines {
            let products = batch.compactMap { try? $0.get() }
            if let savingsReference, !products.contains(where: { $0.productIdentifier == savingsReference }) {
                throw ValidationError("--savings-reference \(savingsReference): no product in the input has that productIdentifier")
            }
            // The whole array is one paywall, rendered together so that plans get their savings.
            let byLocale = locales.map { renderer.render(products, locale: $0) }
            var next = 0
            for (offset, item) in batch.enumerated() {
                let decoded = (try? item.get()) != nil
                defer { if decoded { next += 1 } }
                for (index, locale) in locales.enumerated() {
                    let outcome = item.flatMap { _ in byLocale[index][next] }
                    let entry = OutputEntry(position: offset + 1, locale: locale,
                                            productIdentifier: try? item.get().productIdentifier, outcome: outcome)
                    hadError = hadError || entry.error != nil
                    entries.append(entry)
                }
            }
        }

        if !entries.isEmpty {
            output.write(entries)
        } else if !lines || format != .json {
            output.write([])
        }
        if hadError {
            throw Exit.dataError
        }
    }
}

// The library's option enums as command-line values (their raw values are the spellings).
extension UnitPriceRounding: ExpressibleByArgument {}
extension CancellationHint: ExpressibleByArgument {}
